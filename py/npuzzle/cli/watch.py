"""``npuzzle watch``: A* or IDA* step by step, one line (or one JSON object) per expansion
(:mod:`npuzzle.course.watch`)."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..course.watch import ALGORITHMS, WATCHABLE_HINT, Step, prepare, step_line
from ..errors import UnsolvableError, plural
from ..names import ALGORITHMS as NAMED_ALGORITHMS
from ..names import HEURISTICS, choice_words
from ..progress import STOP_WORDS, Limit
from ..solvability import Explanation
from .arguments import GOAL_HELP, name_argument, non_negative_int, positive_int, read_board_and_goal
from .common import EXIT_OK, EXIT_STOPPED, EXIT_UNSOLVABLE, Command
from .progress_line import ProgressLine, drive


def cmd_watch(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle watch``: the steps as they come (the search holds none of them), then the counters."""
    board, goal = read_board_and_goal(args, stdin)
    line = ProgressLine(err)

    def show(step: Step) -> None:
        line.clear()
        out.write((json.dumps(step) if args.json else step_line(step, board.cols)) + "\n")

    try:
        watch = prepare(board, goal, args.algorithm, args.heuristic, args.start, args.steps, sink=show, most=None)
    except UnsolvableError as exc:
        reason = exc.explanation.reason if isinstance(exc.explanation, Explanation) else str(exc)
        out.write(f"Not solvable: {reason}\n")
        return EXIT_UNSOLVABLE
    limit = Limit()
    result, interrupted = drive(watch.search(limit), line, watch.algorithm, watch.heuristic.name)
    reply = watch.reply(result, limit)
    summary = dict(reply)
    del summary["steps"]
    if args.json:
        out.write(json.dumps({"summary": summary}) + "\n")
    else:
        out.write(summary_line(summary) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
    return EXIT_STOPPED if interrupted or summary["stopped"] is not None else EXIT_OK


def summary_line(summary: dict[str, Any]) -> str:
    """The last line of ``npuzzle watch``: the counters, and the solution or where to go on from."""
    c = summary["counters"]
    text = f"expanded {c['expanded']:,}, generated {c['generated']:,}, "
    if "heap" in c:
        text += f"heap {c['heap']:,} (max {c['max_heap']:,})"
    else:
        text += f"stack {c['stack']:,} (max {c['max_stack']:,}); iterations (bound, nodes): "
        text += ", ".join(f"{b} {n:,}" for b, n in summary["per_iteration"]) or "none ended"
    if summary["stopped"] is not None:
        return f"{text}; stopped ({STOP_WORDS[summary['stopped']]}): {summary['message']}"
    if summary["length"] is not None:
        return f"{text}; goal taken: solved in {plural(summary['length'], 'move')}"
    if summary["done"]:
        return f"{text}; the search ended"
    return f"{text}; not at the goal yet: --from {summary['from'] + summary['count']} goes on"


def _watch_arguments(parser: argparse.ArgumentParser) -> None:
    """``watch``'s arguments."""
    parser.add_argument("board", nargs="?", help="the board text, '-' to read stdin, or a file path")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--shape", help="ROWSxCOLS for a flat list of numbers that is not square")
    watchable = [choice for choice in NAMED_ALGORITHMS if choice.name in ALGORITHMS]
    parser.add_argument(
        "--algorithm",
        default="astar",
        type=name_argument(watchable, "algorithm", WATCHABLE_HINT),
        metavar="NAME",
        help=f"the search: {choice_words(watchable)} (default: %(default)s)",
    )
    parser.add_argument(
        "--heuristic",
        default="manhattan",
        type=name_argument(HEURISTICS, "heuristic"),
        metavar="NAME",
        help=f"the heuristic: {choice_words(HEURISTICS)} (default: %(default)s)",
    )
    parser.add_argument(
        "--steps", type=positive_int, default=100, metavar="N", help="expansions to print (default: 100)"
    )
    parser.add_argument(
        "--from", dest="start", type=non_negative_int, default=0, metavar="S", help="expansions to skip first"
    )
    parser.add_argument(
        "--json", action="store_true", help="print each step as one JSON object per line, then {'summary': …}"
    )


WATCH = Command(
    name="watch",
    help="run A* or IDA* step by step: one line per expansion (node, children, heap)",
    description="Run the project's A* (or IDA*) on a board and print expansions --from+1 to --from+--steps, "
    "one line each (A*: the node taken with g, h and f; its children pushed, lowered in the heap with the "
    "levels they moved up, or skipped; the heap's size. IDA*: the iteration and bound, the node that pushed "
    "it, children pushed or cut off, the next bound), then a summary line. Deterministic: --from replays the "
    "same search silently. Exit 0, 1 not solvable, 2 invalid input, 3 stopped by Ctrl-C or by A*'s memory limit "
    f"({Limit().memory:,} states held).",
    add_arguments=_watch_arguments,
    run=cmd_watch,
)
