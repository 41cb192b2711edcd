"""Fast start: a shared link's first verdict, this tree (A) against a baseline build (B), side by side in one run.

Each round opens ``#board=…`` in a fresh browser context of headless Chromium (empty HTTP cache, no service
worker: a **first visit**), waits for the verdict and for the visit to settle (the pattern database loaded or
refused, the service worker, where the build has one, active), then reloads the page in the same context (a
**later visit**). The figure is the page's own clock at the first verdict (``performance.now()`` when
``<body data-answers>`` first turns positive: milliseconds since navigation started). Rounds alternate A and B
(and which goes first), so the machine's load falls on both; the medians and the ratios A / B are printed, with the
command that reproduces them.

A is ``site/`` built from the current tree (or ``--a DIR``); B is a build of ``--baseline`` (default 31c7585, the
commit before the memory snapshot) made in a ``git worktree`` of it under ``/tmp/npuzzle-bench-start/`` with the
baseline's own ``scripts/build_site.py`` (or ``--b DIR``). The baseline build shares this tree's ``node_modules``
and wheel cache; it gets a private copy of the pattern database, stamped for its builder, so it never rebuilds one. Both
sites are served by this tree's ``scripts/serve.py`` (two ports, two origins) and every request outside them is
blocked.

Run from the repository root with the project venv (CPU timings: one at a time on a shared machine):
``flock /tmp/bench.lock .venv/bin/python -m bench start [--runs N] [--baseline REV] [--a DIR] [--b DIR]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .browser import ROOT, SITE, Server, build_site, guard, launch, load_script, ships_tables, start_server
from .common import machine

if TYPE_CHECKING:
    from playwright.sync_api import Browser

BASELINE = "31c7585"
WORK = Path("/tmp/npuzzle-bench-start")
BOARD = "8,6,7/2,5,4/3,0,1"
"""The shared link's board (the 8-puzzle's hardest: its verdict is the same work in both builds)."""
TIMEOUT_MS = 180_000

FIRST_VERDICT_JS = """
(() => {
  const seen = () => document.body && Number(document.body.dataset.answers) > 0;
  const observer = new MutationObserver(() => {
    if (window.firstVerdictMs === undefined && seen()) {
      window.firstVerdictMs = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-answers"] });
})();
"""
"""Init script: ``window.firstVerdictMs``, the page's clock when its first answer is counted."""

SETTLED_JS = """
async ([tables, timeoutMs]) => {
  const deadline = performance.now() + timeoutMs;
  while (tables && !["ready", "failed"].includes(document.body.dataset.tables)) {
    if (performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const registration = navigator.serviceWorker && (await navigator.serviceWorker.getRegistration());
  if (registration) await navigator.serviceWorker.ready;
  return Boolean(registration);
}
"""
"""Wait until the visit has settled: its pattern database loaded (or failed) and its service worker active."""


@dataclass
class Site:
    """One side of the comparison: its label, folder, server and samples (ms)."""

    label: str
    folder: Path
    server: Server | None = None
    first: list[float] = field(default_factory=list)
    later: list[float] = field(default_factory=list)
    boots: set[str] = field(default_factory=set)


def git(*args: str, cwd: Path = ROOT) -> str:
    """Run git in ``cwd``; its stdout, stripped."""
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def baseline_source(rev: str) -> Path:
    """A ``git worktree`` of ``rev`` (detached) under :data:`WORK`, reused when it is already there, with this
    tree's ``node_modules`` and wheel cache linked in and a private ``.cache/pdb``."""
    commit = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    src = WORK / f"src-{commit[:12]}"
    if not (src / ".git").exists():
        WORK.mkdir(parents=True, exist_ok=True)
        git("worktree", "add", "--detach", str(src), commit)
    if not (src / "node_modules").exists():
        (src / "node_modules").symlink_to(ROOT / "node_modules")
    cache = src / ".cache"
    cache.mkdir(exist_ok=True)
    if not (cache / "wheels").exists():
        (cache / "wheels").symlink_to((ROOT / ".cache" / "wheels").resolve())
    return src


def baseline_pdb(src: Path) -> bool:
    """Give the baseline build this tree's pattern database, stamped as its own builder's (the baseline's
    ``pattern_database_is_fresh`` then holds, so its build copies the file and never rebuilds it); False when
    there is no database here or the baseline would not take it."""
    shipped = ROOT / ".cache" / "pdb" / "15puzzle-7-7-7.pdb"
    if not shipped.exists():
        return False
    pdb_dir = src / ".cache" / "pdb"
    pdb_dir.mkdir(parents=True, exist_ok=True)
    target = pdb_dir / shipped.name
    if not target.exists() or target.stat().st_size != shipped.stat().st_size:
        shutil.copyfile(shipped, target)
    builder = load_script("build_site")  # this tree's: only its sha256_file is used
    spec_name = f"baseline_build_site_{src.name}"
    spec = importlib.util.spec_from_file_location(spec_name, src / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    baseline = importlib.util.module_from_spec(spec)
    sys.modules[spec_name] = baseline
    spec.loader.exec_module(baseline)
    stamp = target.with_name(target.name + ".sha256")
    stamp.write_text(f"{builder.sha256_file(target)} {baseline._pdb_sources_digest(src)}\n")
    return bool(baseline.pattern_database_is_fresh(src))


def build_baseline(rev: str, pdb: bool) -> Path:
    """Build ``rev`` into :data:`WORK` ``/site-<commit>`` with its own build script; the folder."""
    src = baseline_source(rev)
    out = WORK / f"site-{src.name.removeprefix('src-')}"
    with_pdb = pdb and baseline_pdb(src)
    command = [sys.executable, str(src / "scripts" / "build_site.py"), "--out", str(out)]
    if not with_pdb:
        command.append("--no-pdb")
    print(f"baseline {rev}: {' '.join(command[1:])}", flush=True)
    subprocess.run(command, cwd=src, check=True)
    return out


def visit_pair(browser: Browser, site: Site) -> None:
    """One first visit and one later visit (a reload in the same context) of ``site``; appends their times."""
    assert site.server is not None
    context = browser.new_context()
    offsite: list[str] = []
    guard(context, site.server.origin, offsite)
    context.add_init_script(FIRST_VERDICT_JS)
    page = context.new_page()
    try:
        page.goto(f"{site.server.url}#board={BOARD}")
        for samples in (site.first, site.later):
            if samples is site.later:
                page.evaluate(SETTLED_JS, [ships_tables(site.folder), TIMEOUT_MS])
                page.reload()
            page.wait_for_function("() => window.firstVerdictMs !== undefined", timeout=TIMEOUT_MS)
            samples.append(float(page.evaluate("() => window.firstVerdictMs")))
            site.boots.add(page.locator("body").get_attribute("data-boot") or "normal")
    finally:
        context.close()
    if offsite:
        raise RuntimeError(f"{site.label} asked for {len(offsite)} file(s) outside its origin: {offsite[:3]}")


def median(samples: list[float]) -> float:
    """The median (ms)."""
    return statistics.median(samples)


def report(a: Site, b: Site, command: str) -> None:
    """Print medians, spreads and the ratios A / B."""
    print(f"\nFirst verdict of a shared link (ms from navigation, median of {len(a.first)}; min–max):")
    for name in ("first", "later"):
        for site in (a, b):
            samples: list[float] = getattr(site, name)
            print(f"  {name} visit  {site.label:<28} {median(samples):7.0f}   ({min(samples):.0f}–{max(samples):.0f})")
        ratio = median(getattr(a, name)) / median(getattr(b, name))
        print(f"  {name} visit  ratio A / B                  {ratio:7.2f}")
    print(f"  A booted: {', '.join(sorted(a.boots))}; B booted: {', '.join(sorted(b.boots))}")
    print(f"reproduce: {command}")


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench start", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds: first + later visit of A and of B (default 7)")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit B is built from (default {BASELINE})")
    parser.add_argument("--a", type=Path, help="serve this built folder as A instead of building site/")
    parser.add_argument("--b", type=Path, help="serve this built folder as B instead of building --baseline")
    parser.add_argument("--no-pdb", action="store_true", help="build both without the pattern database")
    args = parser.parse_args(argv)
    print(machine())
    if args.a:
        a_folder = args.a.resolve()
    elif args.no_pdb:
        a_folder = WORK / "site-a"
        build = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--no-pdb", "--out", str(a_folder)]
        subprocess.run(build, check=True)
    else:
        build_site(quiet=False)
        a_folder = SITE
    b_folder = args.b.resolve() if args.b else build_baseline(args.baseline, not args.no_pdb)
    a = Site(
        f"A {git('rev-parse', '--short', 'HEAD')}{'+' if git('status', '--porcelain', '--untracked-files=no') else ''}",
        a_folder,
    )
    b = Site(f"B {args.b or args.baseline}", b_folder)
    from playwright.sync_api import sync_playwright

    a.server, b.server = start_server(a.folder), start_server(b.folder)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                for round_ in range(args.runs):
                    for site in (a, b) if round_ % 2 == 0 else (b, a):
                        visit_pair(browser, site)
                    print(
                        f"round {round_ + 1}/{args.runs}: A {a.first[-1]:.0f} / {a.later[-1]:.0f} ms, "
                        f"B {b.first[-1]:.0f} / {b.later[-1]:.0f} ms (first / later)",
                        flush=True,
                    )
            finally:
                browser.close()
    finally:
        a.server.close()
        b.server.close()
    flags = [f"--runs {args.runs}"] + ([f"--baseline {args.baseline}"] if args.baseline != BASELINE else [])
    flags += [f"--a {args.a}"] if args.a else []
    flags += [f"--b {args.b}"] if args.b else []
    flags += ["--no-pdb"] if args.no_pdb else []
    report(a, b, f"flock /tmp/bench.lock .venv/bin/python -m bench start {' '.join(flags)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
