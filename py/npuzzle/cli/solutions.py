"""``npuzzle solve --count`` and ``npuzzle solve --all``: how many optimal solutions a board has, and the solutions
(:class:`npuzzle.solving.all_solutions.AllSolutions`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from itertools import islice
from typing import Any, TextIO

from ..board import Board, moves_to_letters
from ..errors import plural
from ..interchange import Convention, write_notation
from ..optimal.metric import METRIC_TITLES
from ..progress import STOP_WORDS, Limit, Progress
from ..solving.all_solutions import AllSolutions, SolutionCount
from ..solving.registry import Registry
from .arguments import convention, positive_int
from .common import EXIT_OK, EXIT_STOPPED, UsageError
from .progress_line import ProgressLine, interruptible

DEFAULT_LISTED = 1000
"""How many solutions ``--all`` lists unless ``--max-solutions`` says otherwise."""


def add_solutions_arguments(parser: argparse.ArgumentParser) -> None:
    """``--count``, ``--all``, ``--max-solutions`` and ``--max-states``."""
    parser.add_argument(
        "--count",
        action="store_true",
        help="count the optimal solutions (exactly, however many) in --metric's moves, and give each optimal first "
        "move with how many optimal solutions start with it; with --heuristic, IDA* then a depth-first count that "
        "remembers up to --max-states states (past that it goes on, slower); progress on stderr, Ctrl-C stops",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="as --count, then list the optimal solutions, one a line (their notation, or with --json their tiles "
        "and letters), in the order of the tiles they slide, up to --max-solutions; Ctrl-C stops the listing (what "
        "was listed is printed); --max-nodes and --time-limit bound the count, not the listing",
    )
    parser.add_argument(
        "--max-solutions",
        type=positive_int,
        default=DEFAULT_LISTED,
        metavar="N",
        help="--all lists at most N solutions (default: %(default)s); the count is exact either way",
    )
    parser.add_argument(
        "--max-states",
        type=positive_int,
        default=Limit().memory,
        metavar="N",
        help="--count and --all remember at most N states' counts (default: %(default)s, a few hundred MB); past "
        "that the count goes on, exact and slower",
    )


def check_solutions_arguments(args: argparse.Namespace) -> None:
    """Refuse what ``--count`` and ``--all`` do not combine with (a :class:`UsageError` naming it)."""
    if args.batch is not None or args.scheduler is not None:
        raise UsageError("--count and --all take one BOARD, solved here: not with --batch or --scheduler")
    if args.algorithm != "auto":
        raise UsageError(
            f"--count and --all find the optimal length with IDA* themselves: drop --algorithm {args.algorithm}"
        )


def cmd_solutions(
    args: argparse.Namespace, board: Board, goal: Board, registry: Registry, limit: Limit, out: TextIO, err: TextIO
) -> int:
    """Count (and with ``--all`` list) the optimal solutions of ``board``; exit 0, or 3 when a limit or Ctrl-C
    stopped the count or the listing (what was found is printed)."""
    every = AllSolutions(board, goal, args.metric, registry, args.heuristic)
    line = ProgressLine(err)
    memory = Limit(limit.nodes, limit.seconds, args.max_states)

    def fallback(last: Progress | None) -> SolutionCount:
        nodes = 0 if last is None else last.nodes_expanded
        seconds = 0.0 if last is None else last.elapsed
        name = args.heuristic if last is None else last.heuristic
        return SolutionCount(every.metric, None, None, (), name, nodes, 0, seconds, "cancelled", "cancelled")

    try:
        counted, interrupted = interruptible(every.count(memory), line.draw, fallback)
    finally:
        line.clear()
    listed: list[tuple[int, ...]] = []
    if args.all and counted.count is not None and not interrupted:
        interrupted = _take(every.solutions(), args.max_solutions, listed)
    if args.json:
        record = _record(board, counted, listed if args.all else None)
        out.write(json.dumps(record) + "\n")
    else:
        out.write(_text(board, counted, listed if args.all else None, convention(args)) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
    return EXIT_OK if counted.stopped is None and not interrupted else EXIT_STOPPED


def _take(solutions: Iterator[tuple[int, ...]], most: int, into: list[tuple[int, ...]]) -> bool:
    """Up to ``most`` of ``solutions`` into ``into``; whether Ctrl-C cut it short."""
    try:
        into.extend(islice(solutions, most))
    except KeyboardInterrupt:
        return True
    return False


def _record(board: Board, counted: SolutionCount, listed: list[tuple[int, ...]] | None) -> dict[str, Any]:
    record = {"board": list(board.tiles), **counted.to_dict(board)}
    if listed is not None:
        record["solutions"] = [{"moves": list(m), "letters": "".join(moves_to_letters(board, m))} for m in listed]
        record["listed"] = len(listed)
        record["complete"] = counted.count is not None and len(listed) == counted.count
    return record


def _text(board: Board, counted: SolutionCount, listed: list[tuple[int, ...]] | None, letters: Convention) -> str:
    unit = METRIC_TITLES[counted.metric].removesuffix("s")
    statistics = f"{counted.heuristic}; {counted.nodes_expanded:,} nodes expanded, {counted.seconds:.3f} s"
    if counted.count is None:
        return f"Not counted: {counted.message or STOP_WORDS[counted.stopped or 'cancelled']}\n({statistics})"
    lines = [f"{plural(counted.count, 'optimal solution')} of {plural(counted.length or 0, unit)} ({statistics})."]
    if counted.first_moves:
        firsts = ", ".join(f"{_notation(board, t, letters)} ({n:,})" for t, n in counted.first_moves)
        lines.append(f"Optimal first moves (solutions starting so): {firsts}")
    if listed is not None:
        width = len(str(len(listed)))
        for number, moves in enumerate(listed, start=1):
            lines.append(
                f"{number:>{width}}. {_notation(board, moves, letters) or '-'}  ({plural(len(moves), 'tile')})"
            )
        if len(listed) < counted.count:
            lines.append(f"Listed {len(listed):,} of {counted.count:,} (--max-solutions lists more).")
    return "\n".join(lines)


def _notation(board: Board, moves: tuple[int, ...], letters: Convention) -> str:
    return write_notation(moves_to_letters(board, moves), letters)
