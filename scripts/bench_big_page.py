#!/usr/bin/env python3
"""Benchmark near-optimal solving of big boards in the page, against CPython in the same run.

Each board is solved the way a user solves it — algorithm ``auto`` and heuristic ``auto``, which pick the
near-optimal solver (``npuzzle.nearoptimal.solver.solve_big``) for boards above 4×4, with its default time budget —

* in the page: the site is built and served on localhost (every request outside the origin blocked), opened in
  headless Chromium, and once Python (and the pattern database, when the build ships one) is ready, the ``solve``
  requests go to the page's own Python worker (``scripts/page_driver.py``);
* in this CPython: ``npuzzle.api.Engine().start`` on the same request, driven in 50 ms slices as the worker
  drives it.

The boards: Korf & Felner's 50 random 24-puzzles (``tests/data/korf24_50.txt``, blank-first goal, published optimal
lengths, mean 100.78), then random boards of each ``--shapes`` shape (seeds 0, 1, …; default goal). Per board it
prints, for each side, the length, the ratio to the published optimum (24-puzzles) or to the lower bound (random
boards, where no optimum is known: an upper bound on the ratio to optimal), the lower bound and the seconds from
request to reply; then means, worst ratio, max seconds, how many 24-puzzles took 5 s or more in the page, and
the ratios page ÷ CPython of the seconds and of the search speed (states expanded per second — the time budget
paces both sides by the clock, so the slower engine spends the same time on a narrower search).

Every answer is checked here with the core: its moves (and its U/D/L/R letters) replayed on the board must reach
the goal, the length must be at least the lower bound, and on a 24-puzzle at least the published optimum, with
the lower bound at most that optimum. Any failure is printed as ``WRONG`` and the exit status is 1.

Run from the repository root: ``.venv/bin/python scripts/bench_big_page.py [--korf N] [--shapes 6x6,10x10]
[--per-shape K] [--budget S]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))

from page_driver import CapturedWorker, SiteBrowser, build_site, load_average, open_app  # noqa: E402

from npuzzle import Board, api, goal_board, random_board  # noqa: E402

KORF24 = [ROOT / "tests" / "data" / "korf24_50.txt", ROOT.parent / "shared" / "data" / "korf24_50.txt"]
PUBLISHED_MEAN = 100.78
"""Korf & Felner's mean optimal length over the 50 instances."""
TARGET_RATIO = 1.25
TARGET_SECONDS = 5.0


def korf24() -> list[tuple[int, int, tuple[int, ...]]]:
    """Korf & Felner's instances as (id, published optimal length, tiles); blank-first goal."""
    path = next(p for p in KORF24 if p.exists())
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            numbers = [int(x) for x in line.split()]
            out.append((numbers[0], numbers[1], tuple(numbers[2:])))
    return out


@dataclass
class Case:
    """One board to solve: a label, the board, its goal (name and board) and the published optimum if known."""

    label: str
    board: Board
    goal_name: str
    goal: Board
    optimum: int | None = None

    def request(self, budget: float | None) -> dict[str, Any]:
        """The solve request the page sends for this board with Auto chosen (plus ``budget`` when given)."""
        request: dict[str, Any] = {
            "board": {"rows": self.board.rows, "cols": self.board.cols, "tiles": list(self.board.tiles)},
            "goal": self.goal_name, "algorithm": "auto", "heuristic": "auto",
        }
        if budget is not None:
            request["budget"] = budget
        return request


@dataclass
class Outcome:
    """One side's answer to one case: length, lower bound, wall seconds, states expanded and search seconds."""

    length: int
    lower_bound: int
    wall: float
    expanded: int
    seconds: float


def run_cpython(engine: api.Engine, request: dict[str, Any], timeout: float) -> dict[str, Any]:
    """Drive the request in 50 ms slices as the worker does (cancelled after ``timeout`` s); the final reply with
    ``wall`` (seconds from start to the reply)."""
    started = time.perf_counter()
    session = engine.start(json.dumps({**request, "op": "solve"}))
    while True:
        reply: dict[str, Any] = json.loads(session.advance(0.05))
        if reply["type"] != "progress":
            break
        if time.perf_counter() - started > timeout:
            reply = json.loads(session.cancel())
            break
    reply["wall"] = time.perf_counter() - started
    return reply


def verify(case: Case, side: str, reply: dict[str, Any]) -> tuple[Outcome | None, list[str]]:
    """Check one reply with the core; the outcome (``None`` when there is no usable answer) and the problems."""
    name = f"{case.label} {side}"
    if reply.get("type") == "error" or not reply.get("ok"):
        return None, [f"{name}: error reply {reply.get('error')}"]
    if reply.get("stopped") or reply.get("moves") is None:
        return None, [f"{name}: no solution (stopped: {reply.get('stopped')})"]
    problems = []
    moves, length, bound = reply["moves"], reply["length"], reply["lower_bound"]
    if reply.get("algorithm") != "near-optimal":
        problems.append(f"{name}: solved by {reply.get('algorithm')!r}, not the near-optimal solver")
    try:
        if case.board.apply(moves) != case.goal:
            problems.append(f"{name}: the {len(moves)} moves do not reach the goal")
        if case.board.apply("".join(reply["letters"])) != case.goal:
            problems.append(f"{name}: the letters do not reach the goal")
    except ValueError as exc:
        problems.append(f"{name}: illegal move: {exc}")
    if length != len(moves):
        problems.append(f"{name}: length {length} but {len(moves)} moves")
    if length < bound:
        problems.append(f"{name}: length {length} below its lower bound {bound}")
    if case.optimum is not None and length < case.optimum:
        problems.append(f"{name}: length {length} below the published optimum {case.optimum}")
    if case.optimum is not None and bound > case.optimum:
        problems.append(f"{name}: lower bound {bound} above the published optimum {case.optimum}")
    outcome = Outcome(length, bound, reply["wall"], reply["nodes_expanded"], reply["seconds"])
    return outcome, problems


def rate(outcomes: list[Outcome]) -> float:
    """States expanded per second of search over a list of outcomes."""
    return sum(o.expanded for o in outcomes) / max(sum(o.seconds for o in outcomes), 1e-9)


def describe(name: str, outcomes: list[Outcome], optima: list[int] | None) -> str:
    """One summary line for one side: mean length, ratios (to the optima, else to the lower bounds), seconds."""
    lengths = [o.length for o in outcomes]
    walls = [o.wall for o in outcomes]
    if optima is not None:
        ratios = [o.length / p for o, p in zip(outcomes, optima)]
        over = sum(r > TARGET_RATIO for r in ratios)
        quality = (f"ratio of means {sum(lengths) / sum(optima):.3f}, mean ratio {statistics.mean(ratios):.3f}, "
                   f"worst {max(ratios):.3f}, {over} over {TARGET_RATIO}×")
    else:
        ratios = [o.length / max(1, o.lower_bound) for o in outcomes]
        quality = f"mean len/lb {statistics.mean(ratios):.3f}, worst {max(ratios):.3f}"
    return (f"{name}: mean length {statistics.mean(lengths):.2f}, {quality}; seconds mean {statistics.mean(walls):.2f}, "
            f"max {max(walls):.2f}")


def compare(cpy: list[Outcome], web: list[Outcome]) -> str:
    """The page ÷ CPython line: seconds (total), states per second and mean length."""
    seconds = sum(o.wall for o in web) / max(sum(o.wall for o in cpy), 1e-9)
    speed = rate(cpy) / max(rate(web), 1e-9)
    lengths = statistics.mean(o.length for o in web) / statistics.mean(o.length for o in cpy)
    return (f"page ÷ CPython: seconds {seconds:.2f}× (total), search speed {speed:.2f}× slower "
            f"({rate(web):,.0f} vs {rate(cpy):,.0f} states/s), mean length {lengths:.3f}×")


def main() -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Near-optimal solving of big boards in the page (headless "
                                     "Chromium, the page's worker) and in CPython, in one run.")
    parser.add_argument("--korf", type=int, default=50, help="how many of Korf & Felner's 24-puzzles (default 50)")
    parser.add_argument("--first", type=int, default=1, help="the first 24-puzzle id to run (default 1)")
    parser.add_argument("--shapes", default="6x6,8x8,10x10,3x7,5x9",
                        help="random board shapes, comma-separated RxC (default 6x6,8x8,10x10,3x7,5x9; 'none')")
    parser.add_argument("--per-shape", type=int, default=3, help="random boards per shape, seeds 0… (default 3)")
    parser.add_argument("--budget", type=float, default=None,
                        help="the solver's time budget in seconds (default: none sent, the page's default)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="cancel a solve that runs longer than this many seconds (default 120)")
    args = parser.parse_args()

    cases: list[Case] = []
    if args.korf > 0:
        goal = goal_board(5, 5, "blank-first")
        chosen = [k for k in korf24() if k[0] >= args.first][: args.korf]
        cases += [Case(f"#{ident}", Board(5, 5, tiles), "blank-first", goal, optimum)
                  for ident, optimum, tiles in chosen]
    shapes = [] if args.shapes == "none" else [s.strip().lower() for s in args.shapes.split(",") if s.strip()]
    for shape in shapes:
        rows, cols = (int(x) for x in shape.split("x"))
        cases += [Case(f"{rows}x{cols}/{seed}", random_board(rows, cols, seed=seed), "default",
                       goal_board(rows, cols)) for seed in range(args.per_shape)]

    print(f"Machine: {os.cpu_count()} CPUs, load average {load_average()} (figures scale with contention)")
    print(f"CPython {sys.version.split()[0]} (npuzzle.api in this process) vs the page (Pyodide in headless "
          f"Chromium); algorithm auto, heuristic auto, budget {args.budget if args.budget is not None else 'default'}")
    build_site()
    engine = api.Engine()
    wrong: list[str] = []
    results: dict[str, tuple[Outcome, Outcome]] = {}
    with SiteBrowser() as session:
        page, ready = open_app(session)
        print(f"Page ready {ready:.1f} s after opening (Python and, if shipped, the pattern database loaded)")
        worker = CapturedWorker(page)

        def solve_both(case: Case) -> tuple[Outcome, Outcome] | None:
            request = case.request(args.budget)
            c = run_cpython(engine, request, args.timeout)
            w = worker.solve(request, args.timeout)
            out_c, bad_c = verify(case, "CPython", c)
            out_w, bad_w = verify(case, "page", w)
            wrong.extend(bad_c + bad_w)
            if out_c is None or out_w is None:
                print(f"{case.label}: no answer ({'; '.join(bad_c + bad_w)})", flush=True)
                return None
            if out_c.lower_bound != out_w.lower_bound:
                wrong.append(f"{case.label}: lower bounds differ (CPython {out_c.lower_bound}, page "
                             f"{out_w.lower_bound})")
            results[case.label] = (out_c, out_w)
            return out_c, out_w

        korf_cases = [c for c in cases if c.optimum is not None]
        if korf_cases:
            print("\nKorf & Felner's 24-puzzles (blank-first goal; ratio = length / published optimum):")
            print(f"{'id':>4} {'opt':>4} {'lb':>4} | {'CPy len':>7} {'ratio':>6} {'s':>6} | {'page len':>8} "
                  f"{'ratio':>6} {'s':>6} | {'page÷CPy s':>10}")
            for case in korf_cases:
                got = solve_both(case)
                if got is None:
                    continue
                c, w = got
                assert case.optimum is not None
                print(f"{case.label:>4} {case.optimum:>4} {w.lower_bound:>4} | {c.length:>7} "
                      f"{c.length / case.optimum:>6.3f} {c.wall:>6.2f} | {w.length:>8} {w.length / case.optimum:>6.3f} "
                      f"{w.wall:>6.2f} | {w.wall / max(c.wall, 1e-9):>9.2f}×", flush=True)
            done = [c for c in korf_cases if c.label in results]
            if done:
                optima = [c.optimum for c in done if c.optimum is not None]
                cpy = [results[c.label][0] for c in done]
                web = [results[c.label][1] for c in done]
                subset = "" if len(done) == 50 else f" (all 50: {PUBLISHED_MEAN})"
                print(f"\n{len(done)} instances, published optimal mean {statistics.mean(optima):.2f}{subset}; "
                      f"mean lower bound {statistics.mean(o.lower_bound for o in web):.2f}")
                print(describe("CPython", cpy, optima))
                print(describe("page   ", web, optima))
                slow = sum(o.wall >= TARGET_SECONDS for o in web)
                print(f"page: {len(web) - slow} of {len(web)} under {TARGET_SECONDS:.0f} s")
                print(compare(cpy, web))
            print(f"load average now {load_average()}")

        shape_cases = [c for c in cases if c.optimum is None]
        if shape_cases:
            print("\nRandom boards (default goal; ratio = length / lower bound, an upper bound on the ratio to "
                  "optimal):")
            print(f"{'board':>9} {'lb':>5} | {'CPy len':>7} {'ratio':>6} {'s':>6} | {'page len':>8} {'ratio':>6} "
                  f"{'s':>6} | {'page÷CPy s':>10}")
            for case in shape_cases:
                got = solve_both(case)
                if got is None:
                    continue
                c, w = got
                print(f"{case.label:>9} {w.lower_bound:>5} | {c.length:>7} {c.length / max(1, c.lower_bound):>6.3f} "
                      f"{c.wall:>6.2f} | {w.length:>8} {w.length / max(1, w.lower_bound):>6.3f} {w.wall:>6.2f} | "
                      f"{w.wall / max(c.wall, 1e-9):>9.2f}×", flush=True)
            print()
            for shape in shapes:
                done = [c for c in shape_cases if c.label.startswith(shape + "/") and c.label in results]
                if not done:
                    continue
                cpy = [results[c.label][0] for c in done]
                web = [results[c.label][1] for c in done]
                print(f"{shape} ({len(done)} boards, mean lower bound {statistics.mean(o.lower_bound for o in web):.1f})")
                print("  " + describe("CPython", cpy, None))
                print("  " + describe("page   ", web, None))
            every = [results[c.label] for c in shape_cases if c.label in results]
            if every:
                print(compare([c for c, _ in every], [w for _, w in every]))
            print(f"load average now {load_average()}")
    print(f"requests outside the origin: {len(session.offsite)}")
    if session.offsite:
        wrong.append(f"{len(session.offsite)} requests outside the origin")
    for line in wrong:
        print(f"WRONG: {line}")
    print("every answer checked: moves and letters reach the goal, lengths and bounds consistent"
          if not wrong else f"{len(wrong)} problems")
    return 1 if wrong else 0


if __name__ == "__main__":
    start = time.perf_counter()
    code = main()
    print(f"(benchmark took {time.perf_counter() - start:.0f} s)")
    sys.exit(code)
