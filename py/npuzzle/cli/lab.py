"""``npuzzle lab depth`` and ``npuzzle lab check``: the course's lab (:mod:`npuzzle.course.depth_table`,
:mod:`npuzzle.course.heuristic_check`): the textbook's table of search cost by depth reproduced, and a heuristic
(built in, an example, or a student's file defining ``h(board, goal)``) checked on every state of the 8-puzzle, or
on a sample of the 15-puzzle's."""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Generator
from dataclasses import asdict
from typing import TextIO

from ..board import Board
from ..course.depth_boards import BoardSource, SampleTable, board_source, check_walkable
from ..course.depth_table import (
    BOOK_RUNS,
    DepthProgress,
    DepthTable,
    book_figures,
    depth_table,
    parse_runs,
    read_depths,
)
from ..course.heuristic_check import Checked, Distances, Report, check_heuristics, dominance
from ..course.reference import Estimator
from ..course.student import EXAMPLES, estimator
from ..errors import plural
from ..interchange import write_form
from ..parse import parse_shape, resolve_goal
from .arguments import GOAL_HELP, positive_int
from .common import EXIT_OK, EXIT_STOPPED, Command, UsageError, add_command
from .progress_line import ProgressLine, interruptible

HEURISTIC_HELP = (
    "a built-in heuristic (misplaced, manhattan, linear-conflict, …), an example (example:NAME: "
    + ", ".join(EXAMPLES)
    + "), or a Python file defining h(board, goal)"
)


def student_sources(specs: list[str]) -> dict[str, str]:
    """The code of each spec that is a Python file (by the spec as given); raises :class:`UsageError` naming a file
    that cannot be read."""
    sources = {}
    for spec in specs:
        if spec.endswith(".py") or os.path.isfile(spec):
            try:
                with open(spec, encoding="utf-8") as handle:
                    sources[spec] = handle.read()
            except (OSError, UnicodeDecodeError) as exc:
                raise UsageError(f"cannot read the heuristic file {spec!r}: {exc}") from None
    return sources


def _goal(args: argparse.Namespace) -> Board:
    """``--goal`` on a ``--shape`` board."""
    rows, cols = parse_shape(args.shape)
    return resolve_goal(args.goal, rows, cols)


def _boards(args: argparse.Namespace) -> BoardSource:
    """Where ``lab depth`` draws its boards."""
    return board_source(_goal(args))


def depth_text(table: DepthTable, seconds: float) -> str:
    """The table for a terminal: a line per depth, the mean nodes generated and b* per run, the book's figures
    beside where it gives them."""
    head = ["depth"] + [f"{key:>22}" for key in table.runs]
    boards = plural(table.rows[0].boards if table.rows else 0, "board")
    lines = [
        f"Search cost (mean nodes generated) and b* by solution depth, {boards} a depth (seed {table.seed!r})",
        "  ".join(head),
    ]
    for row in table.rows:
        cells = []
        for key in table.runs:
            cell = row.cells[key]
            text = "did not finish" if cell.nodes is None else f"{cell.nodes:,.0f} ({cell.b_star:.2f})"
            if cell.finished < row.boards and cell.nodes is not None:
                text += f" {cell.finished}/{row.boards}"
            if cell.longer:
                text += f" {cell.longer} longer"
            cells.append(f"{text:>22}")
        lines.append("  ".join([f"{row.depth:>5}", *cells]))
        book = book_figures(table.goal, row.depth)
        if book:
            shown = [
                f"{book[key][0]:,}" + (f" ({book[key][1]:.2f})" if book[key][1] else "") if key in book else ""
                for key in table.runs
            ]
            lines.append("  ".join([f"{'book':>5}", *(f"{text:>22}" for text in shown)]))
    lines.append("")
    lines.append(
        "Counted as the book counts (AIMA 4th ed., Fig. 3.26): every successor generated, repeats included; "
        "breadth-first search tests the goal as a state is generated, A* as it leaves the queue (ties first in, "
        "first out); b* solves N + 1 = 1 + b* + … + b*^d."
    )
    lines.append(f"{seconds:.1f} s in all.")
    return "\n".join(lines)


def cmd_lab_depth(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle lab depth``: exit 0 done, 2 bad input, 3 stopped by Ctrl-C (the depths done are printed)."""
    depths = read_depths(args.depths)
    specs = [run.partition(":")[2] for run in args.runs.split(",")]
    sources = student_sources([spec for spec in specs if spec])
    source = _boards(args)
    runs = parse_runs(args.runs, lambda spec: estimator(spec, source.goal, sources))
    line = ProgressLine(err)
    started = time.perf_counter()

    def show(record: DepthProgress) -> None:
        line.show(
            f"depth {record.depth}: {record.searched:,} of {record.total:,} boards", time.perf_counter() - started
        )

    def nothing(record: DepthProgress | None) -> DepthTable:
        return DepthTable((), tuple(run.key for run in runs), source.goal, args.seed, "cancelled")

    try:
        result, interrupted = interruptible(depth_table(source, depths, args.boards, runs, args.seed), show, nothing)
    finally:
        line.clear()
    seconds = time.perf_counter() - started
    if args.json:
        record = result.to_dict()
        record["seconds"] = round(seconds, 3)
        out.write(json.dumps(record) + "\n")
    else:
        out.write(depth_text(result, seconds) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted: the depths done are above\n")
    return EXIT_STOPPED if result.stopped is not None else EXIT_OK


def sample_words(table: Distances) -> str:
    """Which boards the checks ran on, in words."""
    if not isinstance(table, SampleTable):
        return f"all {len(table.distances):,} boards"
    return (
        f"a sample of {len(table.distances):,} boards (the goal and up to {table.per_depth} at each distance from 1 to "
        f"{table.farthest}, drawn by seeded walks, each distance proven by an optimal search; every move from each)"
    )


def report_text(name: str, report: Report, boards: str) -> str:
    """A heuristic's checks on ``boards`` (:func:`sample_words`) for a terminal."""
    verdict = "admissible" if report.admissible else "NOT admissible"
    verdict += " and consistent" if report.consistent else ", NOT consistent"
    lines = [
        f"{name} over {boards}: {verdict}.",
        f"  h(goal) = {report.goal_value}" + ("" if report.goal_value == 0 else "  (it must be 0)"),
        f"  negative on {plural(report.counts['negative'], 'board')}",
        f"  above the true distance on {plural(report.counts['overestimates'], 'board')}",
        f"  h(s) > 1 + h(s') across {plural(report.counts['inconsistent'], 'move')}",
        f"  exact on {plural(report.exact, 'board')}; mean h/h* {report.mean_ratio:.3f}",
    ]
    for breach in report.breaches:
        board = write_form(breach.board, "slidysim")
        if breach.neighbour is not None:
            near = write_form(breach.neighbour, "slidysim")
            lines.append(f"  inconsistent: {board}: h = {breach.h}, one move away {near}: h = {breach.h_neighbour}")
        else:
            lines.append(f"  {breach.kind}: {board}: h = {breach.h}, true distance {breach.distance}")
    return "\n".join(lines)


def _checking(
    goal: Board, made: list[Estimator]
) -> Generator[tuple[int, float], None, tuple[Distances, list[Checked]] | None]:
    """:func:`~npuzzle.course.heuristic_check.check_heuristics`, whose result a Ctrl-C replaces with ``None``."""
    return (yield from check_heuristics(goal, made))


def cmd_lab_check(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle lab check``: exit 0 checked, 2 bad input or code that cannot be used, 3 stopped by Ctrl-C."""
    specs = [args.heuristic] + ([args.against] if args.against else [])
    sources = student_sources(specs)
    goal = _goal(args)
    check_walkable(goal, "a heuristic is checked on")
    made = [estimator(spec, goal, sources) for spec in specs]
    line = ProgressLine(err)
    started = time.perf_counter()
    try:

        def show(record: tuple[int, float]) -> None:
            task = f"checking {specs[record[0]]}" if record[0] >= 0 else "drawing the sample"
            line.show(f"{task}: {record[1]:.0%}", time.perf_counter() - started)

        result, interrupted = interruptible(_checking(goal, made), show, lambda record: None)
    finally:
        line.clear()
    if result is None or interrupted:
        err.write("npuzzle: interrupted\n")
        return EXIT_STOPPED
    table, checked = result
    reports = [report for _, report in checked]
    compared = dominance(checked[0][0], checked[1][0], table) if len(checked) == 2 else None
    if args.json:
        record: dict[str, object] = {
            "heuristics": [{"name": spec, **report.to_dict()} for spec, report in zip(specs, reports, strict=True)]
        }
        if compared is not None:
            record["dominance"] = asdict(compared)
        record["sample"] = table.to_dict() if isinstance(table, SampleTable) else None
        out.write(json.dumps(record) + "\n")
        return EXIT_OK
    boards = sample_words(table)
    out.write("\n\n".join(report_text(spec, r, boards) for spec, r in zip(specs, reports, strict=True)) + "\n")
    if compared is not None:
        a, b = specs
        out.write(
            f"\n{a} ≥ {b} on {compared.a_at_least_b:.1%} of the boards, {b} ≥ {a} on {compared.b_at_least_a:.1%} "
            f"(equal on {compared.equal:.1%}); mean h/h* {compared.mean_ratio_a:.3f} against "
            f"{compared.mean_ratio_b:.3f}\n"
        )
    return EXIT_OK


def _common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--shape",
        default="3x3",
        help="ROWSxCOLS, at most 16 cells: every board up to 9 cells, a sample above (default: %(default)s)",
    )
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _depth_arguments(parser: argparse.ArgumentParser) -> None:
    """``lab depth``'s arguments."""
    parser.add_argument(
        "--depths", default="2-24:2", help="solution depths: N,N,… or FROM-TO[:STEP] (default: %(default)s)"
    )
    parser.add_argument("--boards", type=positive_int, default=100, help="boards a depth (default: %(default)s)")
    parser.add_argument(
        "--seed", default="lab", help="the boards' seed: the same boards for the same seed (default: %(default)s)"
    )
    parser.add_argument(
        "--runs",
        default=BOOK_RUNS,
        help="bfs, astar:HEURISTIC and idastar:HEURISTIC, comma-separated (default: the book's, %(default)s); "
        f"HEURISTIC is {HEURISTIC_HELP}",
    )
    _common_arguments(parser)


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    """``lab check``'s arguments."""
    parser.add_argument("heuristic", metavar="HEURISTIC", help=HEURISTIC_HELP)
    parser.add_argument(
        "--against", metavar="HEURISTIC", help="a second heuristic: which one dominates, and each one's mean h/h*"
    )
    _common_arguments(parser)


DEPTH = Command(
    name="depth",
    help="the textbook's table: search cost and b* by solution depth, on boards drawn at each depth",
    description="Reproduce the textbook's table of search cost (AIMA 4th ed., Fig. 3.26): for each depth, --boards "
    "8-puzzles exactly that many moves from the goal (drawn with --seed from every board's distance), searched by "
    "each run; prints the mean nodes generated and the effective branching factor b*, the book's figures beside. "
    "Counted as the book counts (every successor generated, repeats included). Exit 0 done, 2 invalid input, 3 "
    "stopped by Ctrl-C (the depths done are printed).",
    add_arguments=_depth_arguments,
    run=cmd_lab_depth,
)
CHECK_HEURISTIC = Command(
    name="check",
    help="check a heuristic on every 8-puzzle board: zero on the goal, never negative, admissible, consistent",
    description="Check HEURISTIC on every board of the shape (up to 9 cells; on a bigger one, up to 16, on a sample: "
    "the goal and 10 boards at each distance from 1 to 30, drawn by seeded walks whose distance an optimal search "
    "proves, with every move from each) against the exact distances: h(goal) = 0, never "
    "negative, admissible (never above the true distance) and consistent (h(s) ≤ 1 + h(s') across every move), "
    "the worst breaches shown; with --against, which one dominates and each one's mean h/h*. A heuristic file "
    "defines h(board, goal): board and goal are tuples of rows, 0 for the blank; h returns a whole number. Exit 0 "
    "checked, 2 invalid input or code that cannot be used (the line named), 3 stopped by Ctrl-C.",
    add_arguments=_check_arguments,
    run=cmd_lab_check,
)


def _lab_actions(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action in (DEPTH, CHECK_HEURISTIC):
        add_command(actions, action)


LAB = Command(
    name="lab",
    help="the course's lab: the textbook's table by depth, and a heuristic checked on every 8-puzzle board",
    description="The course's lab. `lab depth` reproduces the textbook's table of search cost by solution depth; "
    "`lab check` checks a heuristic (yours, in a Python file) on every board of the 8-puzzle.",
    add_arguments=_lab_actions,
    run=None,
)
