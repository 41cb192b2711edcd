"""A shared link's first verdict, first visit and later visit, this tree (A) against a baseline build (B), side by side
in one run, on a phone network if asked.

Each round opens ``#board=…`` in a fresh browser context of headless Chromium (empty caches, no service worker: a
**first visit**), waits for the verdict, then for the visit to settle (the pattern database loaded or refused, the
service worker active, the memory snapshot kept where the build keeps one), then reloads the page in the same
context (a **later visit**). The figure is the page's own clock at the first verdict (``performance.now()`` when
``<body data-answers>`` first turns positive: milliseconds since navigation started), and the **bytes** the server
sent for the first visit until then (status lines, headers and bodies; the pattern database's and the service
worker's requests, which start once Python is ready, are held until the verdict). Rounds alternate A and B (and
which goes first), so the machine's load falls on both; medians and the ratios A / B are printed, with the command.

``--network slow4g|fast4g`` throttles every target (the page, its workers, the service worker) through the DevTools
protocol (:mod:`bench.throttle`) during both visits; the settling between them is not throttled (it would only
take minutes: the 25 MB database). ``--cpu 4`` slows Chromium's CPU four times (``Emulation.setCPUThrottlingRate``,
a mid-range phone) throughout, where Chromium allows it: on the page's main thread, not in its workers (it refuses the
rate for workers and the service worker, and the run lists the refusals), so Python's boot and the verdict's
check run at this machine's speed. The worker's boot stages of each first visit (``data-boot-timings``) are printed
too, for what a slower CPU would add to them.

A is ``site/`` built from the current tree (or ``--a DIR``); B is a build of ``--baseline`` (default fe49432, the
last commit whose first visit fetched the snapshot) made in a ``git worktree`` of it under
``/tmp/npuzzle-bench-start/`` with the baseline's own ``scripts/build_site.py`` (or ``--b DIR``), then given this
tree's precompressed copies
(``scripts/site_compress.py``), so both are served as a compressing static host serves them. The baseline build
shares this tree's ``node_modules`` and wheel cache and gets a private copy of the pattern database, stamped for its
builder, so it never rebuilds one. Both sites are served by this tree's ``scripts/serve.py`` (two ports, two
origins); the browser resolves no other host, and no page routing is used (Playwright's routing would turn the HTTP
cache off, which the service worker's revalidations rely on).

Run from the repository root with the project venv (CPU timings: one at a time on a shared machine):
``flock /tmp/npuzzle-bench.lock .venv/bin/python -m bench start [--runs N] [--network slow4g|fast4g] [--cpu 4]
[--baseline REV] [--a DIR] [--b DIR]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .browser import ROOT, SITE, Server, Traffic, build_site, load_script, origin_of, ships_tables, start_server
from .common import machine
from .throttle import NETWORKS, Network, Throttle, throttled_launch

if TYPE_CHECKING:
    from playwright.sync_api import Browser

BASELINE = "fe49432"
WORK = Path("/tmp/npuzzle-bench-start")
BOARD = "12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
"""The shared link's board (a 4×4, whose verdict is the same work in both builds)."""
TIMEOUT_MS = 600_000
HELD = ("pdb/", "sw.js")
"""Requests held until the first verdict: they start once Python is ready and are no part of the verdict."""
ONLY_LOCALHOST = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"

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
  const wait = () => new Promise((resolve) => setTimeout(resolve, 100));
  while (tables && !["ready", "failed"].includes(document.body.dataset.tables)) {
    if (performance.now() > deadline) return "tables";
    await wait();
  }
  const registration = navigator.serviceWorker && (await navigator.serviceWorker.getRegistration());
  if (registration) await navigator.serviceWorker.ready;
  const manifest = await (await fetch("build.json")).json();
  if (manifest.runtime && manifest.snapshot) { // a build whose worker keeps the snapshot after the tables
    const url = new URL(manifest.snapshot.url, location.href).href;
    while (!(await (await caches.open("npuzzle-site-" + manifest.build)).match(url))) {
      if (performance.now() > deadline) return "snapshot";
      await wait();
    }
  }
  return "settled";
}
"""
"""Wait until the visit has settled: its pattern database loaded (or failed), its service worker active, and the
memory snapshot kept where the build keeps it for the next visit."""


@dataclass
class Site:
    """One side of the comparison: its label, folder, server, traffic and samples (ms, bytes)."""

    label: str
    folder: Path
    traffic: Traffic = field(default_factory=lambda: Traffic(hold=HELD))
    server: Server | None = None
    first: list[float] = field(default_factory=list)
    later: list[float] = field(default_factory=list)
    bytes: list[int] = field(default_factory=list)
    boots: set[str] = field(default_factory=set)
    timings: list[dict[str, float]] = field(default_factory=list)


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
    """Build ``rev`` into :data:`WORK` ``/site-<commit>`` with its own build script, then write this tree's
    precompressed copies beside its files; the folder."""
    src = baseline_source(rev)
    out = WORK / f"site-{src.name.removeprefix('src-')}"
    with_pdb = pdb and baseline_pdb(src)
    command = [sys.executable, str(src / "scripts" / "build_site.py"), "--out", str(out)]
    if not with_pdb:
        command.append("--no-pdb")
    print(f"baseline {rev}: {' '.join(command[1:])}", flush=True)
    subprocess.run(command, cwd=src, check=True)
    compress = load_script("site_compress")
    originals = [p for p in out.rglob("*") if p.is_file() and not p.name.endswith((".br", ".gz"))]
    compress.compress_site(ROOT, originals, lambda line: print(f"baseline: {line}", flush=True))
    return out


def visit_pair(browser: Browser, throttle: Throttle, network: Network | None, site: Site) -> None:
    """One first visit and one later visit (a reload in the same context) of ``site``; appends their times and
    the first visit's bytes until its verdict."""
    assert site.server is not None
    origin = site.server.origin
    context = browser.new_context()
    offsite: list[str] = []
    context.on("request", lambda request: None if origin_of(request.url) == origin else offsite.append(request.url))
    context.add_init_script(FIRST_VERDICT_JS)
    site.traffic.reset()
    throttle.set(network)
    page = context.new_page()
    try:
        page.goto(f"{site.server.url}#board={BOARD}", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.firstVerdictMs !== undefined", timeout=TIMEOUT_MS)
        site.bytes.append(site.traffic.total())
        site.first.append(float(page.evaluate("() => window.firstVerdictMs")))
        site.boots.add("first " + (page.locator("body").get_attribute("data-boot") or "normal"))
        site.timings.append(json.loads(page.locator("body").get_attribute("data-boot-timings") or "{}"))
        site.traffic.release()
        throttle.set(None)
        settled = page.evaluate(SETTLED_JS, [ships_tables(site.folder), TIMEOUT_MS])
        if settled != "settled":
            raise RuntimeError(f"{site.label}: the first visit did not settle (waiting for the {settled})")
        throttle.set(network)
        page.reload(timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.firstVerdictMs !== undefined", timeout=TIMEOUT_MS)
        site.later.append(float(page.evaluate("() => window.firstVerdictMs")))
        site.boots.add("later " + (page.locator("body").get_attribute("data-boot") or "normal"))
    finally:
        site.traffic.release()
        context.close()
    if offsite:
        raise RuntimeError(f"{site.label} asked for {len(offsite)} file(s) outside its origin: {offsite[:3]}")


def median(samples: list[float]) -> float:
    """The median."""
    return statistics.median(samples)


def report(a: Site, b: Site, conditions: str, command: str) -> None:
    """Print medians, spreads and the ratios A / B."""
    print(f"\nFirst verdict of a shared link, {conditions} (ms from navigation, median of {len(a.first)}; min–max):")
    for name in ("first", "later"):
        for site in (a, b):
            samples: list[float] = getattr(site, name)
            print(f"  {name} visit  {site.label:<28} {median(samples):8.0f}   ({min(samples):.0f}–{max(samples):.0f})")
        ratio = median(getattr(a, name)) / median(getattr(b, name))
        print(f"  {name} visit  ratio A / B                  {ratio:8.2f}")
    for site in (a, b):
        print(f"  bytes before the first verdict, {site.label}: {median([float(n) for n in site.bytes]) / 1e6:.2f} MB")
    print(f"  booted: A {', '.join(sorted(a.boots))}; B {', '.join(sorted(b.boots))}")
    for site in (a, b):
        stages = sorted({name for timing in site.timings for name in timing})
        spent = [f"{name} {median([t[name] for t in site.timings if name in t]):.2f}" for name in stages]
        print(f"  the worker's boot, first visit (s, median), {site.label}: {', '.join(spent) or 'not reported'}")
    print(f"reproduce: {command}")


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench start", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds: first + later visit of A and of B (default 7)")
    parser.add_argument("--network", choices=sorted(NETWORKS), help="throttle every target to this phone network")
    parser.add_argument("--cpu", type=float, default=1.0, help="slow Chromium's CPU this many times (default 1)")
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
    dirty = "+" if git("status", "--porcelain", "--untracked-files=no") else ""
    a = Site(f"A {git('rev-parse', '--short', 'HEAD')}{dirty}", a_folder)
    b = Site(f"B {args.b or args.baseline}", b_folder)
    network = NETWORKS[args.network] if args.network else None
    from playwright.sync_api import sync_playwright

    a.server, b.server = start_server(a.folder, traffic=a.traffic), start_server(b.folder, traffic=b.traffic)
    try:
        with sync_playwright() as playwright:
            browser, throttle = throttled_launch(playwright, (ONLY_LOCALHOST,))
            throttle.set(None, args.cpu)
            try:
                for round_ in range(args.runs):
                    for site in (a, b) if round_ % 2 == 0 else (b, a):
                        visit_pair(browser, throttle, network, site)
                    print(
                        f"round {round_ + 1}/{args.runs}: A {a.first[-1]:.0f} / {a.later[-1]:.0f} ms "
                        f"({a.bytes[-1] / 1e6:.2f} MB), B {b.first[-1]:.0f} / {b.later[-1]:.0f} ms "
                        f"({b.bytes[-1] / 1e6:.2f} MB) (first / later)",
                        flush=True,
                    )
            finally:
                if throttle.refused:
                    print(f"targets that refused a setting: {sorted(set(throttle.refused))}")
                throttle.close()
                browser.close()
    finally:
        a.server.close()
        b.server.close()
    flags = [f"--runs {args.runs}"] + ([f"--network {args.network}"] if args.network else [])
    flags += [f"--cpu {args.cpu:g}"] if args.cpu != 1 else []
    flags += [f"--baseline {args.baseline}"] if args.baseline != BASELINE else []
    flags += [f"--a {args.a}"] if args.a else []
    flags += [f"--b {args.b}"] if args.b else []
    flags += ["--no-pdb"] if args.no_pdb else []
    conditions = f"{network.name if network else 'unthrottled network'}, CPU ×{args.cpu:g}"
    report(a, b, conditions, f"flock /tmp/npuzzle-bench.lock .venv/bin/python -m bench start {' '.join(flags)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
