"""The page's cold start with the pattern database, and the memory it takes: prints figures only.

For each of ``--runs`` fresh browser contexts (empty HTTP and Cache API caches) the built site is opened in
headless Chromium (every request outside the origin blocked) and timed from navigation to ``body[data-python=
ready]`` and to ``body[data-tables=ready]`` (the tables downloaded, verified and loaded in Python); the page is
then reloaded, which takes the tables from the Cache API, and timed the same way. After each run it prints the
peak resident memory (``VmHWM`` from ``/proc``, Linux only) of the largest renderer process, the one holding the
page and its Python worker. ``--solve-hard`` then solves the first 80-move position in the page and prints the
peak again. ``--without-tables`` opens the page as a small device does (``navigator.deviceMemory`` 1: the tables
are only offered, service/tables.js), waits for the first verdict and prints the peak: the page without them.

Run from the repository root with the project venv: ``.venv/bin/python -m bench tables-page [--runs N]
[--site DIR] [--solve-hard | --without-tables]`` (``--site`` serves an already built folder instead of building
``site/``).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from .browser import CAPTURE_JS, CapturedWorker, SiteBrowser, site_to_probe, wait_python, wait_tables
from .common import machine
from .korf_page import HARD, request_for

TIMEOUT_MS = 300_000
SMALL_DEVICE = CAPTURE_JS + "\nObject.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 1 });"
"""The page as a small device sees it: the pattern database is only offered."""


def _descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (children, grandchildren, …), read from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def renderer_peak_mb() -> int | None:
    """The largest ``VmHWM`` (peak resident set, MB) among this process's Chromium renderers; None off Linux."""
    if not Path("/proc/self/status").exists():
        return None
    best = 0
    for pid in _descendants(os.getpid()):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        if b"--type=renderer" not in cmdline:
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                best = max(best, int(line.split()[1]) // 1024)
    return best


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bench tables-page",
        description="The page's cold start with the pattern database, and its memory.",
    )
    parser.add_argument("--runs", type=int, default=3, help="fresh browser contexts to time (default 3)")
    parser.add_argument("--site", type=Path, help="serve this built folder instead of building site/")
    parser.add_argument(
        "--solve-hard",
        action="store_true",
        help="then solve the first 80-move position in the page and print the peak memory again",
    )
    parser.add_argument(
        "--without-tables",
        action="store_true",
        help="open the page as a small device (tables only offered), wait for the first verdict, print the peak",
    )
    args = parser.parse_args(argv)
    site = site_to_probe(args.site)
    print(f"{machine()}; site {site}")
    with SiteBrowser(site) as session:
        if args.without_tables:
            for run in range(1, args.runs + 1):
                context, page = session.new_page(SMALL_DEVICE)
                started = time.perf_counter()
                page.goto(session.url)
                wait_python(page, TIMEOUT_MS)
                page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=TIMEOUT_MS)
                phase = page.locator("body").get_attribute("data-tables")
                print(
                    f"run {run}, without tables: first verdict {time.perf_counter() - started:.1f} s (tables "
                    f"{phase}); peak memory of the page's renderer: {renderer_peak_mb()} MB",
                    flush=True,
                )
                context.close()
            print(f"requests outside the origin: {len(session.offsite)}")
            return 0
        for run in range(1, args.runs + 1):
            context, page = session.new_page(CAPTURE_JS)
            for visit in ("first visit", "from cache"):
                started = time.perf_counter()
                if visit == "first visit":
                    page.goto(session.url)
                else:
                    page.reload()
                wait_python(page, TIMEOUT_MS)
                python = time.perf_counter() - started
                wait_tables(page, TIMEOUT_MS)
                tables = time.perf_counter() - started
                text = page.locator("#pdb-text").inner_text()
                print(
                    f"run {run}, {visit}: Python ready {python:.1f} s, tables ready {tables:.1f} s after opening "
                    f"({tables - python:.1f} s after Python; {text!r})",
                    flush=True,
                )
            print(f"  peak memory of the page's renderer: {renderer_peak_mb()} MB", flush=True)
            if args.solve_hard and run == args.runs:
                name, optimal, tiles = HARD[0]
                reply = CapturedWorker(page).solve(request_for(tiles))
                print(
                    f"  {name} solved in the page: length {reply.get('length')} (known {optimal}), "
                    f"{reply['wall']:.1f} s, {reply.get('heuristic')}; peak memory of the page's renderer "
                    f"{renderer_peak_mb()} MB",
                    flush=True,
                )
            context.close()
    print(f"requests outside the origin: {len(session.offsite)}")
    return 0
