"""The page's JavaScript is type-checked: every ``web/**/*.js`` starts with ``// @ts-check`` and ``tsc`` (the
TypeScript pinned in package.json's devDependencies, strict) reports no error, with tsconfig.json for the page
(lib dom) and tsconfig.worker.json for the worker (lib webworker)."""

from __future__ import annotations

import json
import re
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
    workers = ["web/worker.js", "web/worker-files.js", "web/sw.js"]  # the Python worker (and what it fetches after
    # the boot) and the service worker: lib webworker
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


def test_the_service_worker_and_the_boot_name_the_site_cache_alike() -> None:
    """sw.js is a classic script (it cannot import boot-files.js): the two spell the cache's prefix once each."""
    pattern = re.compile(r'(?:PREFIX|SITE_CACHE_PREFIX) = "([^"]+)"')
    service_worker = pattern.findall((WEB / "sw.js").read_text())
    boot = pattern.findall((WEB / "boot-files.js").read_text())
    assert service_worker == boot == ["npuzzle-site-"]
