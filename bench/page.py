"""The page and the core: Pyodide boot, page ready, Check latency; prints figures, asserts nothing.

* Pyodide boot (``loadPyodide`` in the worker) and each later boot stage, and the time until the page is ready
  (navigation start → controls enabled), over ``--boots`` fresh page loads (median);
* the latency of a Check in the page (click → verdict and board on screen) on a 4×4 and a 100×100 board
  (median of ``--runs``), and once on a 1000×1000 board;
* the CPython time to check a 1000×1000 board: ``is_solvable`` (O(n) cycle parity) and ``explain`` (exact
  inversion count, O(n log n)), median of ``--runs``, beside the time to parse its text.

Run from the repository root with the project venv: ``.venv/bin/python -m bench page`` (builds the site
first; the browser is found as in the tests: $NPUZZLE_CHROMIUM, Playwright's own, /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable

from npuzzle.board import Board
from npuzzle.parse import parse_board
from npuzzle.randomize import random_board
from npuzzle.solvability import explain, is_solvable

from .browser import SiteBrowser, build_site, wait_python
from .common import machine

CHECK_JS = """
async (text) => {
  const board = document.getElementById("board");
  const before = Number(document.body.dataset.answers);
  board.value = text;
  const t0 = performance.now();
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (Number(document.body.dataset.answers) > before) { observer.disconnect(); resolve(); }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-answers"] });
  });
  document.getElementById("check").click();
  await done;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return { ms: performance.now() - t0, verdict: document.getElementById("verdict").innerText.slice(0, 14) };
}
"""


def median_ms(samples: list[float]) -> str:
    """Median of samples in ms, with min and max."""
    return f"{statistics.median(samples):8.1f} ms  (min {min(samples):.1f}, max {max(samples):.1f}, n={len(samples)})"


def bench_page(boots: int, runs: int, big: bool) -> None:
    """Boot the page ``boots`` times and time Checks in it."""
    with SiteBrowser() as session:
        stage_samples: dict[str, list[float]] = {}
        ready_samples: list[float] = []
        page = None
        for boot in range(boots):
            context, page = session.new_page()
            page.goto(session.url)
            wait_python(page)
            page.wait_for_function("() => Number(document.body.dataset.answers) > 0")
            ready_samples.append(float(page.locator("body").get_attribute("data-ready-ms") or "nan"))
            for name, seconds in json.loads(page.locator("body").get_attribute("data-boot-timings") or "{}").items():
                stage_samples.setdefault(name, []).append(seconds * 1000)
            if boot < boots - 1:
                context.close()
        assert page is not None
        how = page.locator("body").get_attribute("data-boot") or "normal"
        print(f"Page (headless Chromium, site served from localhost; Python's boot: {how}):")
        print(f"  runtime (loadPyodide, micropip)   {median_ms(stage_samples['runtime'])}")
        for name, label in (
            ("npuzzle", "micropip.install(our wheel)"),
            ("import", "import npuzzle.api"),  # from the memory snapshot: the wheel's files laid out again
        ):
            if name in stage_samples:  # the snapshot's boot has no micropip stages
                print(f"  {label:<34}{median_ms(stage_samples[name])}")
        print(f"  worker start → Python ready       {median_ms(stage_samples['total'])}")
        print(f"  navigation → page ready           {median_ms(ready_samples)}")

        cases = [("4×4", random_board(4, 4, seed=1)), ("100×100", random_board(100, 100, seed=1))]
        for label, board in cases:
            text = board.format()
            page.evaluate(CHECK_JS, text)  # warm-up
            samples = [page.evaluate(CHECK_JS, text)["ms"] for _ in range(runs)]
            print(f"  Check {label:<28}{median_ms(samples)}")
        if big:
            text = random_board(1000, 1000, seed=1).format()
            result = page.evaluate(CHECK_JS, text)
            print(f"  Check 1000×1000 (one run)         {result['ms']:8.1f} ms  → {result['verdict']!r}")
    print(f"  requests outside the origin: {len(session.offsite)}")


def bench_cpython(runs: int) -> None:
    """Time the core on a 1000×1000 board in this CPython."""
    board: Board = random_board(1000, 1000, seed=1)
    text = board.format()

    def timed(fn: Callable[[], object]) -> list[float]:
        out = []
        for _ in range(runs):
            t0 = time.perf_counter()
            fn()
            out.append((time.perf_counter() - t0) * 1000)
        return out

    print(f"CPython {sys.version.split()[0]}, 1000×1000 board (999,999 tiles):")
    print(f"  is_solvable (cycle parity, O(n))  {median_ms(timed(lambda: is_solvable(board)))}")
    print(f"  explain (inversions, O(n log n))  {median_ms(timed(lambda: explain(board)))}")
    print(f"  parse_board (text → board)        {median_ms(timed(lambda: parse_board(text)))}")
    print(
        f"  verdict: {'solvable' if is_solvable(board) else 'not solvable'}, {explain(board).inversions:,} inversions"
    )


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench page", description="Print page and core benchmark figures.")
    parser.add_argument("--boots", type=int, default=3, help="fresh page loads to time (default 3)")
    parser.add_argument("--runs", type=int, default=7, help="repetitions per timed check (default 7)")
    parser.add_argument("--no-big", action="store_true", help="skip the 1000×1000 Check in the page")
    parser.add_argument("--no-page", action="store_true", help="only the CPython figures")
    args = parser.parse_args(argv)
    print(machine())
    bench_cpython(args.runs)
    if not args.no_page:
        build_site(quiet=False)
        bench_page(args.boots, args.runs, not args.no_big)
    return 0
