"""``npuzzle analyse START MOVES``: a solve analysed against the optimum (:mod:`npuzzle.speedsolving.analysis`), and
``npuzzle scramble``: a random-state scramble from a shown seed (:mod:`npuzzle.speedsolving.scrambles`)."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..errors import UnsolvableError, plural
from ..interchange import write_form
from ..optimal.metric import metric_name
from ..parse import parse_board, parse_shape, resolve_goal
from ..progress import Limit
from ..solving.records import wants_tables
from ..solving.registry import default_registry, registry_with_tables
from ..solving.solve import check_limits
from ..speedsolving.analysis import Analysis, AnalysisProgress, analyse
from ..speedsolving.scrambles import deal
from .arguments import GOAL_HELP, blank_direction_argument, convention, positive_int, positive_seconds
from .common import EXIT_OK, EXIT_STOPPED, Command, read_board_argument
from .progress_line import ProgressLine, interruptible
from .solve import load_pdb, unsolvable, with_mtm_database


def analysis_text(analysis: Analysis) -> str:
    """The analysis for a terminal: the verdict, then one line per move (mistakes marked, with the moves lost and
    every optimal move there), then the distances."""
    unit = "line moves" if analysis.metric == "mtm" else "moves"
    how = f"exact, from {analysis.source}" if analysis.exact else f"not exact: {analysis.source}"
    lines = [f"Analysis in {unit} ({how}).", analysis.summary()]
    if analysis.exact and analysis.steps:
        lines.append("")
        lines.append("  move  played  before  after  mistakes: moves lost, and the optimal moves there")
        for number, step in enumerate(analysis.steps, start=1):
            mark = f"mistake: {step.lost} lost; better: {either(step.optimal_moves or ())}" if step.mistake else ""
            lines.append(f"{number:>6}  {step.move:>6}  {step.before:>6}  {step.after:>5}  {mark}".rstrip())
    elif analysis.near_optimal is not None:
        lines.append(f"A near-optimal solution from the start has {plural(analysis.near_optimal, unit[:-1])}.")
    lines.append("")
    lines.append("Distances: " + " ".join(map(str, analysis.distances)))
    return "\n".join(lines)


def either(moves: tuple[str, ...]) -> str:
    """Moves as a choice in words: ``L``, ``L or R``, ``U, L or R``; ``none`` for no move."""
    if not moves:
        return "none"
    return moves[0] if len(moves) == 1 else ", ".join(moves[:-1]) + " or " + moves[-1]


def cmd_analyse(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle analyse``: exit 0 analysed, 1 the start cannot reach the goal, 2 bad input, 3 stopped early."""
    shape = parse_shape(args.shape) if args.shape else None
    board = parse_board(read_board_argument(args.start, stdin), shape)
    goal = resolve_goal(args.goal, board.rows, board.cols)
    moves = read_board_argument(args.moves, stdin).strip()
    limit = check_limits(args.max_nodes, args.time_limit, Limit().memory)
    registry = default_registry()
    if board.size == 16 and args.metric == "stm" and wants_tables(board, goal):
        tables = load_pdb(args, err)
        registry = registry if tables is None else registry_with_tables(tables)
    if board.size == 16 and args.metric == "mtm":
        registry = with_mtm_database(registry, args, err)
    try:
        running = analyse(board, goal, moves, args.metric, registry, limit, convention(args))
    except UnsolvableError as exc:
        return unsolvable(args, exc, out)
    line = ProgressLine(err)

    def show(record: AnalysisProgress) -> None:
        line.show(
            f"analysing: move {record.analysed:,} of {record.total:,}, {record.nodes_expanded:,} expanded",
            record.elapsed,
        )

    def nothing(record: AnalysisProgress | None) -> Analysis:
        return Analysis(metric_name(args.metric), False, "", 0, (), (), False, stopped="cancelled")

    try:
        analysis, interrupted = interruptible(running, show, nothing)
    finally:
        line.clear()
    if args.json:
        record = analysis.to_dict()
        record.update(tiles=list(board.tiles), goal=list(goal.tiles))
        out.write(json.dumps(record) + "\n")
    else:
        out.write(analysis_text(analysis) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
    return EXIT_STOPPED if analysis.stopped is not None else EXIT_OK


def cmd_scramble(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle scramble``: the seed, then the board in Slidysim's form (rows joined by '/')."""
    rows, cols = parse_shape(args.shape)
    goal = resolve_goal(args.goal, rows, cols)
    dealt = deal(rows, cols, args.seed, goal)
    if args.json:
        record: dict[str, object] = {"seed": dealt.seed, "version": dealt.version, "rows": rows, "cols": cols}
        record["tiles"] = list(dealt.board.tiles)
        out.write(json.dumps(record) + "\n")
    else:
        out.write(f"seed {dealt.seed}\n{write_form(dealt.board, 'slidysim')}\n")
    return EXIT_OK


def _analyse_arguments(parser: argparse.ArgumentParser) -> None:
    """``analyse``'s arguments."""
    parser.add_argument("start", metavar="START", help="the scrambled board: text, '-' for stdin, or a file path")
    parser.add_argument(
        "moves",
        metavar="MOVES",
        help="the moves played in the speedsolvers' notation (U2RD3L: a letter, the direction the tile moves, with "
        "an optional repeat count; Slidysim's solution format), or a file holding them",
    )
    parser.add_argument(
        "--metric",
        default="stm",
        choices=("stm", "mtm"),
        help="stm (default): each tile slid is a move; mtm: a run of one letter (a line slid at once) is a move",
    )
    blank_direction_argument(parser, "of MOVES")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--shape", help="ROWSxCOLS for a flat list of numbers that is not square")
    parser.add_argument("--json", action="store_true", help="print one JSON object (distances as a list of integers)")
    parser.add_argument("--max-nodes", type=positive_int, help="stop after N nodes expanded in all (exit 3)")
    parser.add_argument("--time-limit", type=positive_seconds, help="stop after S seconds (exit 3)")
    parser.add_argument("--pdb", metavar="FILE", help="the single-tile pattern database (as for solve)")
    parser.add_argument("--mtm-pdb", metavar="FILE", help="the multi-tile metric's database (as for solve)")


def _scramble_arguments(parser: argparse.ArgumentParser) -> None:
    """``scramble``'s arguments."""
    parser.add_argument("--shape", default="4x4", help="ROWSxCOLS (default: %(default)s)")
    parser.add_argument("--seed", help="a whole number or a text (default: a fresh one, shown)")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--json", action="store_true", help="print {seed, version, rows, cols, tiles} as JSON")


ANALYSE = Command(
    name="analyse",
    help="analyse a solve against the optimum: the distance after each move, the mistakes, the moves lost",
    description="Analyse the moves played from START: the optimal distance before and after each move (exact "
    "on boards of up to 9 cells, and on 4×4 with the metric's database: `npuzzle pdb build` for stm, `npuzzle "
    "pdb build --metric mtm` for mtm), each move that did not lower it marked as a mistake with every optimal move "
    "there, and the moves lost; on other boards a lower bound at each position and a near-optimal length from the "
    "start, no mistakes marked. Exit 0 analysed, 1 START cannot reach the goal, 2 invalid input, 3 stopped by a "
    "limit or Ctrl-C (what was analysed is printed).",
    add_arguments=_analyse_arguments,
    run=cmd_analyse,
)
SCRAMBLE = Command(
    name="scramble",
    help="deal a random-state scramble from a seed (the same board for the same seed everywhere)",
    description="A random-state scramble (every solvable board equally likely, as Slidysim's leaderboards "
    "require) dealt from a seed by npuzzle's own generator (docs/speedsolving.md): the same seed and shape give "
    "the same board on any machine, in any Python, and in the page. Prints the seed and the board in Slidysim's "
    "form.",
    add_arguments=_scramble_arguments,
    run=cmd_scramble,
)
