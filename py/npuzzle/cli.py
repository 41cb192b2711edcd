"""The command line: ``npuzzle check``, ``npuzzle random`` (and the commands other modules add).

Exit codes: 0 solvable (or done), 1 not solvable, 2 invalid input (message on stderr, never a traceback),
3 stopped by a limit.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from .board import Board
from .errors import PuzzleError
from .parse import parse_board, parse_shape, resolve_goal
from .randomize import random_board, scramble
from .solvability import Explanation, explain

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_INVALID = 2
EXIT_STOPPED = 3


class UsageError(PuzzleError):
    """A command-line argument is malformed (unreadable file, bad option value)."""


def read_board_argument(value: str, stdin: TextIO) -> str:
    """The board text an argument stands for: ``-`` reads stdin, an existing file path reads the file."""
    if value == "-":
        return stdin.read()
    if os.path.isfile(value):
        try:
            with open(value, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read board file {value!r}: {exc}") from None
    return value


def explanation_text(board: Board, explanation: Explanation) -> str:
    """The verdict and its reasoning in plain words, with the board."""
    verdict = "Solvable" if explanation.solvable else "Not solvable"
    return (
        f"{verdict} ({board.rows}×{board.cols}, goal: {explanation.goal}).\n"
        f"{board.format()}\n\n"
        f"Inversions: {explanation.inversions}\n"
        f"Blank row: {explanation.blank_row_from_top} from the top, {explanation.blank_row_from_bottom} from the bottom\n"
        f"Rule: {explanation.rule}\n"
        f"Why: {explanation.reason}"
    )


def check_json(board: Board, explanation: Explanation) -> dict[str, object]:
    """The JSON object ``check --json`` prints: the explanation's fields plus the board's tiles."""
    out: dict[str, object] = {"solvable": explanation.solvable}
    out.update(explanation.to_dict())
    out["tiles"] = list(board.tiles)
    return out


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle check``: verdict and explanation for one board, or one JSON line per board with ``--batch``."""
    if args.batch is not None:
        return _check_batch(args, out, stdin)
    if args.board is None:
        raise UsageError("check needs a BOARD (text, '-' for stdin, or a file path) or --batch FILE")
    shape = parse_shape(args.shape) if args.shape else None
    board = parse_board(read_board_argument(args.board, stdin), shape)
    goal = resolve_goal(args.goal, board.rows, board.cols)
    explanation = explain(board, goal)
    if args.json:
        out.write(json.dumps(check_json(board, explanation)) + "\n")
    else:
        out.write(explanation_text(board, explanation) + "\n")
    return EXIT_OK if explanation.solvable else EXIT_UNSOLVABLE


def _check_batch(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    source = args.batch
    if source == "-":
        lines = stdin.read().splitlines()
    else:
        try:
            with open(source, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read batch file {source!r}: {exc}") from None
    any_error = False
    for line in lines:
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            board = parse_board(text)
            goal = resolve_goal(args.goal, board.rows, board.cols)
            record = check_json(board, explain(board, goal))
        except PuzzleError as exc:
            any_error = True
            record = {"error": str(exc), "input": text}
        out.write(json.dumps(record) + "\n")
    return EXIT_INVALID if any_error else EXIT_OK


def cmd_random(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle random``: a random solvable (or unsolvable) board, or a scramble of K moves."""
    rows, cols = parse_shape(args.shape)
    goal = resolve_goal(args.goal, rows, cols)
    if args.moves is not None:
        if args.unsolvable:
            raise UsageError("--moves makes a scramble from the goal, which is always solvable: drop --unsolvable")
        board = scramble(goal, args.moves, seed=args.seed)
    else:
        board = random_board(rows, cols, seed=args.seed, solvable=not args.unsolvable, goal=goal)
    if args.json:
        out.write(json.dumps({"rows": board.rows, "cols": board.cols, "tiles": list(board.tiles)}) + "\n")
    else:
        out.write((board.format(one_line=True) if args.one_line else board.format()) + "\n")
    return EXIT_OK


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


GOAL_HELP = "goal: 'default' (1 2 … then the blank), 'blank-first' (0 1 2 …, Korf's) or a board (default: %(default)s)"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="npuzzle",
        description="Check and solve sliding-tile puzzles (8-puzzle, 15-puzzle, any rows × cols board).",
        epilog="Boards: numbers separated by spaces/commas/semicolons, rows on lines or separated by '/', or JSON; "
        "the blank is 0, _, ., -, x or *. Exit codes: 0 solvable/solved, 1 not solvable, 2 invalid input, "
        "3 stopped by a limit.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = sub.add_parser("check", help="say whether a board can be solved, and why")
    check.add_argument("board", nargs="?", help="the board text, '-' to read stdin, or a file path")
    check.add_argument("--goal", default="default", help=GOAL_HELP)
    check.add_argument("--shape", help="ROWSxCOLS for a flat list of numbers that is not square")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.add_argument(
        "--batch",
        metavar="FILE",
        help="check one board per line of FILE ('-' for stdin); prints one JSON object per line "
        "({'error': …} for a malformed line); exit 2 if any line was malformed",
    )
    check.set_defaults(func=cmd_check)

    rnd = sub.add_parser("random", help="print a random board")
    rnd.add_argument("--shape", default="4x4", help="ROWSxCOLS (default: %(default)s)")
    rnd.add_argument("--seed", help="seed for a repeatable board")
    rnd.add_argument("--moves", type=_non_negative_int, help="scramble the goal with K random moves instead")
    rnd.add_argument("--unsolvable", action="store_true", help="draw from the unsolvable boards instead")
    rnd.add_argument("--goal", default="default", help=GOAL_HELP)
    rnd.add_argument("--one-line", action="store_true", help="print the rows on one line separated by '/'")
    rnd.add_argument("--json", action="store_true", help="print {rows, cols, tiles} as JSON")
    rnd.set_defaults(func=cmd_random)

    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None,
         stdin: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin or sys.stdin
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage message
        return EXIT_INVALID if exc.code not in (0, None) else EXIT_OK
    try:
        code: int = args.func(args, out, err, stdin)
        return code
    except PuzzleError as exc:
        err.write(f"npuzzle: {exc}\n")
        return EXIT_INVALID
    except KeyboardInterrupt:
        err.write("npuzzle: interrupted\n")
        return EXIT_STOPPED
