"""The page's JavaScript is type-checked: every ``web/**/*.js`` starts with ``// @ts-check`` and ``tsc`` (the
TypeScript pinned in package.json's devDependencies, strict) reports no error, with tsconfig.json for the page
(lib dom) and tsconfig.worker.json for the worker (lib webworker)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"


def test_every_web_module_starts_with_ts_check() -> None:
    files = sorted(WEB.rglob("*.js"))
    assert files, "no JavaScript under web/"
    missing = [
        str(f.relative_to(ROOT)) for f in files if not f.read_text(encoding="utf-8").startswith("// @ts-check\n")
    ]
    assert missing == [], f"these files do not start with // @ts-check: {missing}"


def test_typescript_is_pinned_and_checks_the_page() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    version = package["devDependencies"]["typescript"]
    assert version[0].isdigit(), f"typescript must be pinned to an exact version, not {version!r}"
    page = json.loads((ROOT / "tsconfig.json").read_text())
    options = page["compilerOptions"]
    assert options["allowJs"] and options["checkJs"] and options["noEmit"] and options["strict"]
    assert "dom" in options["lib"]
    worker = json.loads((ROOT / "tsconfig.worker.json").read_text())
    assert worker["extends"] == "./tsconfig.json" and "webworker" in worker["compilerOptions"]["lib"]
    # the page's config checks every module but the workers' own, which the worker's config checks
    workers = ["web/worker/**/*.js", "web/sw.js"]  # the Python worker (web/worker/) and the service worker: lib
    # webworker
    assert page["include"] == ["web/**/*.js"] and page["exclude"] == workers
    assert worker["include"] == workers


@pytest.mark.slow  # runs tsc over the page: seconds
@pytest.mark.parametrize("config", ["tsconfig.json", "tsconfig.worker.json"])
def test_tsc_reports_no_error(config: str) -> None:
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("npx is not on PATH (install Node.js)")
    if not (ROOT / "node_modules" / "typescript").is_dir():
        pytest.fail("TypeScript is not installed: run npm install (scripts/build_site.py --install does)")
    command = [npx, "--no-install", "tsc", "-p", str(ROOT / config)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"tsc -p {config} failed:\n{result.stdout}{result.stderr}"


def test_the_site_cache_is_named_once() -> None:
    """worker/caches.js names the caches; sw.js, a classic script that cannot import it, has the prefix stamped by the
    site build (scripts/build_site.py, stamp_build), so no other file spells it."""
    from bench.browser import load_script

    build = load_script("build_site")
    assert build.site_cache_prefix(WEB / "worker" / "caches.js") == "npuzzle-site-"
    assert (WEB / "sw.js").read_text().count(build.PREFIX_PLACEHOLDER) == 1
    spelled = sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*.js") if "npuzzle-site-" in p.read_text())
    assert spelled == ["worker/caches.js"]
