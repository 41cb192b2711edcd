#!/usr/bin/env python3
"""Benchmark the page's cold start with the pattern database, and the memory it takes: prints figures only.

For each of ``--runs`` fresh browser contexts (empty HTTP and Cache API caches) the built site is opened in
headless Chromium (every request outside the origin blocked) and timed from navigation to ``body[data-python=
ready]`` and to ``body[data-tables=ready]`` (the tables downloaded, verified and loaded in Python); the page is
then reloaded, which takes the tables from the Cache API, and timed the same way. After each run it prints the
peak resident memory (``VmHWM`` from ``/proc``, Linux only) of the largest renderer process, the one holding the
page and its Python worker. ``--solve-hard`` then solves the first 80-move position in the page and prints the
peak again.

Run from the repository root with the project venv: ``.venv/bin/python scripts/bench_tables_page.py [--runs N]
[--site DIR] [--solve-hard]`` (``--site`` serves an already built folder instead of building ``site/``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_korf_page import CAPTURE_JS, HARD, SOLVE_JS, request_for  # noqa: E402
from bench_page import LAUNCH_ARGS, chromium_path  # noqa: E402

TIMEOUT_MS = 300_000


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


def main() -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="The page's cold start with the pattern database, and its memory.")
    parser.add_argument("--runs", type=int, default=3, help="fresh browser contexts to time (default 3)")
    parser.add_argument("--site", type=Path, help="serve this built folder instead of building site/")
    parser.add_argument("--solve-hard", action="store_true",
                        help="then solve the first 80-move position in the page and print the peak memory again")
    args = parser.parse_args()
    from playwright.sync_api import Route, sync_playwright

    import serve

    site = args.site
    if site is None:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py")], check=True, capture_output=True)
        site = ROOT / "site"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load} (figures scale with contention); site {site}")
    server, url = serve.serve_in_thread(site)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    offsite: list[str] = []

    def route(r: Route) -> None:
        if r.request.url.startswith(origin):
            r.continue_()
        else:
            offsite.append(r.request.url)
            r.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(p), args=LAUNCH_ARGS)
        for run in range(1, args.runs + 1):
            context = browser.new_context()
            context.route("**/*", route)
            context.add_init_script(CAPTURE_JS)
            page = context.new_page()
            for visit in ("first visit", "from cache"):
                started = time.perf_counter()
                if visit == "first visit":
                    page.goto(url)
                else:
                    page.reload()
                page.wait_for_selector("body[data-python=ready]", state="attached", timeout=TIMEOUT_MS)
                python = time.perf_counter() - started
                page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TIMEOUT_MS)
                tables = time.perf_counter() - started
                text = page.locator("#pdb-text").inner_text()
                print(f"run {run}, {visit}: Python ready {python:.1f} s, tables ready {tables:.1f} s after opening "
                      f"({tables - python:.1f} s after Python; {text!r})", flush=True)
            print(f"  peak memory of the page's renderer: {renderer_peak_mb()} MB", flush=True)
            if args.solve_hard and run == args.runs:
                name, optimal, tiles = HARD[0]
                message = page.evaluate(SOLVE_JS, [request_for(tiles), 1_000_000_001, 0])
                reply = message.get("reply", {})
                print(f"  {name} solved in the page: length {reply.get('length')} (known {optimal}), "
                      f"{message['wall']:.1f} s, {reply.get('heuristic')}; peak memory of the page's renderer "
                      f"{renderer_peak_mb()} MB", flush=True)
            context.close()
        browser.close()
    server.shutdown()
    print(f"requests outside the origin: {len(offsite)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
