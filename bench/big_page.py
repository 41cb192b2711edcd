"""Near-optimal solving of big boards in the page, against CPython in the same run.

Each board is solved the way a user solves it — algorithm ``auto`` and heuristic ``auto``, which pick the
near-optimal solver (``npuzzle.nearoptimal.solver.solve_big``) for boards above 4×4, with its default work budget —

* in the page: the site is built and served on localhost (every request outside the origin blocked), opened in
  headless Chromium, and once Python (and the pattern database, when the build ships one) is ready, the ``solve``
  requests go to the page's own Python worker (:mod:`bench.browser`);
* in this CPython: ``npuzzle.api.Engine().start`` on the same request, driven in 50 ms slices as the worker
  drives it.

The boards: Korf & Felner's 50 random 24-puzzles (``npuzzle.research.instances.korf24``, blank-first goal, published
optimal lengths, mean 100.78), then random boards of each ``--shapes`` shape (seeds 0, 1, …; default goal). Per
board it prints, for each side, the length, the ratio to the published optimum (24-puzzles) or to the lower bound
(random boards, where no optimum is known: an upper bound on the ratio to optimal), the lower bound and the
seconds from request to reply; then means, worst ratio, max seconds, how many 24-puzzles took 5 s or more in the
page, and the ratios page ÷ CPython of the seconds and of the search speed (states expanded per second — the work
budget is counted in states expanded, so both sides do the same search and the slower engine just takes longer).

Every answer is checked here with the core: its moves (and its U/D/L/R letters) replayed on the board must reach
the goal, the length must be at least the lower bound, and on a 24-puzzle at least the published optimum, with
the lower bound at most that optimum; and the page's moves must be CPython's, move for move (the answer does not
depend on the engine or the machine). Any failure is printed as ``WRONG`` and the exit status is 1.

Run from the repository root: ``.venv/bin/python -m bench big-page [--korf N] [--shapes 6x6,10x10]
[--per-shape K] [--budget W]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from npuzzle import Board, api, goal_board, random_board
from npuzzle.research.instances import korf24

from .big import shapes_of
from .browser import CapturedWorker, SiteBrowser, build_site, open_app
from .common import load_average, machine, run_cpython

PUBLISHED_MEAN = 100.78
"""Korf & Felner's mean optimal length over the 50 instances."""
TARGET_RATIO = 1.25
TARGET_SECONDS = 5.0


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
            "goal": self.goal_name,
            "algorithm": "auto",
            "heuristic": "auto",
        }
        if budget is not None:
            request["budget"] = budget
        return request


@dataclass
class Outcome:
    """One side's answer to one case: length, lower bound, wall seconds, states expanded, search seconds and the
    moves."""

    length: int
    lower_bound: int
    wall: float
    expanded: int
    seconds: float
    moves: tuple[int, ...] = ()


Answer = tuple[Case, Outcome, Outcome]
"""One answered case with its CPython and its page outcome."""


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
    outcome = Outcome(length, bound, reply["wall"], reply["nodes_expanded"], reply["seconds"], tuple(moves))
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
        quality = (
            f"ratio of means {sum(lengths) / sum(optima):.3f}, mean ratio {statistics.mean(ratios):.3f}, "
            f"worst {max(ratios):.3f}, {over} over {TARGET_RATIO}×"
        )
    else:
        ratios = [o.length / max(1, o.lower_bound) for o in outcomes]
        quality = f"mean len/lb {statistics.mean(ratios):.3f}, worst {max(ratios):.3f}"
    return (
        f"{name}: mean length {statistics.mean(lengths):.2f}, {quality}; "
        f"seconds mean {statistics.mean(walls):.2f}, max {max(walls):.2f}"
    )


def sides(answers: list[Answer]) -> tuple[list[Outcome], list[Outcome]]:
    """The CPython outcomes and the page outcomes of some answers."""
    return [c for _, c, _ in answers], [w for _, _, w in answers]


def compare(answers: list[Answer]) -> str:
    """The page ÷ CPython line: seconds (total), states per second and mean length."""
    cpy, web = sides(answers)
    seconds = sum(o.wall for o in web) / max(sum(o.wall for o in cpy), 1e-9)
    speed = rate(cpy) / max(rate(web), 1e-9)
    lengths = statistics.mean(o.length for o in web) / statistics.mean(o.length for o in cpy)
    return (
        f"page ÷ CPython: seconds {seconds:.2f}× (total), search speed {speed:.2f}× slower "
        f"({rate(web):,.0f} vs {rate(cpy):,.0f} states/s), mean length {lengths:.3f}×"
    )


def solve_rows(
    cases: list[Case],
    solve_both: Callable[[Case], tuple[Outcome, Outcome] | None],
    row: Callable[[Case, Outcome, Outcome], str],
) -> list[Answer]:
    """Solve each case on both sides, printing ``row`` for each answered one; the answers."""
    answers: list[Answer] = []
    for case in cases:
        got = solve_both(case)
        if got is not None:
            print(row(case, *got), flush=True)
            answers.append((case, *got))
    return answers


def korf_row(case: Case, c: Outcome, w: Outcome) -> str:
    """One 24-puzzle's line: optimum, lower bound, then length, ratio and seconds on each side."""
    optimum = case.optimum or 1
    return (
        f"{case.label:>4} {optimum:>4} {w.lower_bound:>4} | {c.length:>7} {c.length / optimum:>6.3f} "
        f"{c.wall:>6.2f} | {w.length:>8} {w.length / optimum:>6.3f} {w.wall:>6.2f} | "
        f"{w.wall / max(c.wall, 1e-9):>9.2f}×"
    )


def shape_row(case: Case, c: Outcome, w: Outcome) -> str:
    """One random board's line: lower bound, then length, length / lower bound and seconds on each side."""
    return (
        f"{case.label:>9} {w.lower_bound:>5} | {c.length:>7} {c.length / max(1, c.lower_bound):>6.3f} "
        f"{c.wall:>6.2f} | {w.length:>8} {w.length / max(1, w.lower_bound):>6.3f} {w.wall:>6.2f} | "
        f"{w.wall / max(c.wall, 1e-9):>9.2f}×"
    )


def main(argv: list[str]) -> int:
    """Parse the options, solve every case on both sides, print the tables and summaries; the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bench big-page",
        description="Near-optimal solving of big "
        "boards in the page (headless Chromium, the page's worker) and in CPython, in "
        "one run.",
    )
    parser.add_argument("--korf", type=int, default=50, help="how many of Korf & Felner's 24-puzzles (default 50)")
    parser.add_argument("--first", type=int, default=1, help="the first 24-puzzle id to run (default 1)")
    parser.add_argument(
        "--shapes",
        default="6x6,8x8,10x10,3x7,5x9",
        help="random board shapes, comma-separated RxC (default 6x6,8x8,10x10,3x7,5x9; 'none')",
    )
    parser.add_argument("--per-shape", type=int, default=3, help="random boards per shape, seeds 0… (default 3)")
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="the solver's work budget in units (default: none sent, the page's default)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        help="cancel a solve that runs longer than this many seconds (default 120)",
    )
    args = parser.parse_args(argv)

    korf_cases: list[Case] = []
    if args.korf > 0:
        chosen = [k for k in korf24() if k.ident >= args.first][: args.korf]
        korf_cases = [Case(f"#{k.ident}", k.board(), k.goal, k.goal_board(), k.optimal) for k in chosen]
    shapes = shapes_of(args.shapes)
    shape_cases = [
        Case(f"{rows}x{cols}/{seed}", random_board(rows, cols, seed=seed), "default", goal_board(rows, cols))
        for _, rows, cols in shapes
        for seed in range(args.per_shape)
    ]

    print(machine())
    print(
        f"CPython {sys.version.split()[0]} (npuzzle.api in this process) vs the page (Pyodide in headless "
        f"Chromium); algorithm auto, heuristic auto, budget {args.budget if args.budget is not None else 'default'}"
    )
    build_site()
    engine = api.Engine()
    wrong: list[str] = []
    with SiteBrowser() as session:
        page, ready = open_app(session)
        print(f"Page ready {ready:.1f} s after opening (Python and, if shipped, the pattern database loaded)")
        worker = CapturedWorker(page)

        def solve_both(case: Case) -> tuple[Outcome, Outcome] | None:
            request = case.request(args.budget)
            out_c, bad_c = verify(case, "CPython", run_cpython(request, engine, args.timeout))
            out_w, bad_w = verify(case, "page", worker.solve(request, args.timeout))
            wrong.extend(bad_c + bad_w)
            if out_c is None or out_w is None:
                print(f"{case.label}: no answer ({'; '.join(bad_c + bad_w)})", flush=True)
                return None
            if out_c.lower_bound != out_w.lower_bound:
                wrong.append(
                    f"{case.label}: lower bounds differ (CPython {out_c.lower_bound}, page {out_w.lower_bound})"
                )
            if out_c.moves != out_w.moves:
                wrong.append(f"{case.label}: the page's {out_w.length} moves are not CPython's {out_c.length}")
            return out_c, out_w

        if korf_cases:
            print("\nKorf & Felner's 24-puzzles (blank-first goal; ratio = length / published optimum):")
            print(
                f"{'id':>4} {'opt':>4} {'lb':>4} | {'CPy len':>7} {'ratio':>6} {'s':>6} | {'page len':>8} "
                f"{'ratio':>6} {'s':>6} | {'page÷CPy s':>10}"
            )
            answers = solve_rows(korf_cases, solve_both, korf_row)
            if answers:
                optima = [case.optimum or 0 for case, _, _ in answers]
                cpy, web = sides(answers)
                subset = "" if len(answers) == 50 else f" (all 50: {PUBLISHED_MEAN})"
                print(
                    f"\n{len(answers)} instances, published optimal mean {statistics.mean(optima):.2f}{subset}; "
                    f"mean lower bound {statistics.mean(o.lower_bound for o in web):.2f}"
                )
                print(describe("CPython", cpy, optima))
                print(describe("page   ", web, optima))
                slow = sum(o.wall >= TARGET_SECONDS for o in web)
                print(f"page: {len(web) - slow} of {len(web)} under {TARGET_SECONDS:.0f} s")
                print(compare(answers))
            print(f"load average now {load_average()}")

        if shape_cases:
            print(
                "\nRandom boards (default goal; ratio = length / lower bound, an upper bound on the ratio to optimal):"
            )
            print(
                f"{'board':>9} {'lb':>5} | {'CPy len':>7} {'ratio':>6} {'s':>6} | {'page len':>8} {'ratio':>6} "
                f"{'s':>6} | {'page÷CPy s':>10}"
            )
            answers = solve_rows(shape_cases, solve_both, shape_row)
            print()
            for shape, rows, cols in shapes:
                mine = [a for a in answers if a[0].label.startswith(f"{rows}x{cols}/")]
                if mine:
                    cpy, web = sides(mine)
                    print(
                        f"{shape} ({len(mine)} boards, mean lower bound "
                        f"{statistics.mean(o.lower_bound for o in web):.1f})"
                    )
                    print("  " + describe("CPython", cpy, None))
                    print("  " + describe("page   ", web, None))
            if answers:
                print(compare(answers))
            print(f"load average now {load_average()}")
    print(f"requests outside the origin: {len(session.offsite)}")
    if session.offsite:
        wrong.append(f"{len(session.offsite)} requests outside the origin")
    for line in wrong:
        print(f"WRONG: {line}")
    print(
        "every answer checked: moves and letters reach the goal, lengths and bounds consistent, the page's moves "
        "CPython's"
        if not wrong
        else f"{len(wrong)} problems"
    )
    return 1 if wrong else 0
