"""The page's slow panels on its own example board: Compare heuristics and Watch the search's run to the end, timed in
the page (click → the panel shows its answer); prints figures, asserts nothing.

    .venv/bin/python -m bench panels [--runs 3] [--site site/] [--vs BASELINE_SITE]

Each run opens a fresh page (the example board, Python ready, the pattern database loaded so it does not compete),
presses **Compare heuristics on this board** and waits for ``body[data-compare=done]``, then opens **Watch the search**
(its defaults: A* with linear conflict) and presses **Run to the end**, waiting for ``body[data-watch=done]``. The
medians of ``--runs`` are printed, with each heuristic's row (nodes and seconds, in Python) of the last comparison.
``--vs`` names a baseline's built site (e.g. an older commit's ``scripts/build_site.py`` output): after each run's
Compare, the baseline's is timed the same way in its own fresh page, and the ratio is taken pair by pair.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page

from .browser import SiteBrowser, guard, site_to_probe, start_server, wait_python, wait_tables
from .common import machine

LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
TIMEOUT_MS = 900_000


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Time Compare and Watch's run to the end in the page.")
    parser.add_argument("--runs", type=int, default=3, help="fresh pages, each timing both (default 3)")
    parser.add_argument("--site", type=Path, default=None, help="a built site (default: site/, built now)")
    parser.add_argument(
        "--vs", type=Path, default=None, help="a baseline's built site: its Compare timed alternately, the ratio"
    )
    args = parser.parse_args(argv)
    site = site_to_probe(args.site)
    compares: list[float] = []
    baseline: list[float] = []
    watches: list[float] = []
    rows: list[str] = []
    print(machine())
    other = start_server(args.vs) if args.vs else None
    with SiteBrowser(site) as session:
        for run in range(1, args.runs + 1):
            page = fresh_page(session, session.url, session.origin)
            seconds, rows = time_compare(page)
            compares.append(seconds)
            if other is not None:
                before = fresh_page(session, other.url, other.origin)
                baseline.append(time_compare(before)[0])
                before.context.close()
                print(f"run {run}: baseline's compare {baseline[-1]:.1f} s", flush=True)
            page.click("#watch-open")
            page.wait_for_function(
                "() => /reaches the goal|cannot reach/.test(document.getElementById('watch-advice').textContent)",
                timeout=TIMEOUT_MS,
            )
            began = time.perf_counter()
            page.click("#watch-end")
            page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=TIMEOUT_MS)
            watches.append(time.perf_counter() - began)
            print(f"run {run}: compare {compares[-1]:.1f} s, watch's run to the end {watches[-1]:.1f} s", flush=True)
            page.context.close()
    if other is not None:
        other.close()
    print(f"compare heuristics (example board): median {statistics.median(compares):.1f} s over {len(compares)} runs")
    if baseline:
        ratios = [a / b for a, b in zip(compares, baseline, strict=True)]
        print(f"  the baseline ({args.vs}): median {statistics.median(baseline):.1f} s; this ÷ baseline, pair by pair:")
        print(f"  median {statistics.median(ratios):.2f} (" + ", ".join(f"{r:.2f}" for r in ratios) + ")")
    print(f"watch, A* + linear conflict, run to the end: median {statistics.median(watches):.1f} s")
    print("the last comparison's rows:")
    for row in rows:
        print(f"  {row}")
    return 0


def fresh_page(session: SiteBrowser, url: str, origin: str) -> Page:
    """A new page of the site at ``url`` (served from ``origin``, nothing else let in) on the example board at
    1366×768, Python ready and the pattern database loaded."""
    context = session.browser.new_context()
    guard(context, origin, session.offsite)
    page = context.new_page()
    context.set_default_timeout(TIMEOUT_MS)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url + LINK)
    wait_python(page)
    wait_tables(page, TIMEOUT_MS)
    page.wait_for_function("() => Number(document.body.dataset.answers) > 0")
    return page


def time_compare(page: Page) -> tuple[float, list[str]]:
    """Seconds from pressing Compare to ``body[data-compare=done]``, and the table's rows."""
    began = time.perf_counter()
    page.click("#compare")
    page.wait_for_function("() => document.body.dataset.compare === 'done'", timeout=TIMEOUT_MS)
    seconds = time.perf_counter() - began
    return seconds, [r.replace("\t", "  ") for r in page.locator("#compare-table tbody tr").all_inner_texts()]


if __name__ == "__main__":
    sys.exit(main())
