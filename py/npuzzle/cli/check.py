"""``npuzzle check`` and ``npuzzle random``."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..board import Board
from ..errors import PuzzleError, cut, quote_input
from ..parse import parse_board, parse_shape, resolve_goal
from ..randomize import MAX_SCRAMBLE_MOVES, random_board, scramble
from ..research.batch import INPUT_SHOWN, board_lines
from ..solvability import Explanation, explain
from ..speedsolving.scrambles import seed_text
from .arguments import GOAL_HELP, board_arguments, scramble_moves
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_UNSOLVABLE,
    Command,
    UsageError,
    read_batch,
    read_board_argument,
)


def explanation_text(board: Board, explanation: Explanation) -> str:
    """The verdict and its reasoning in plain words, with the board."""
    verdict = "Solvable" if explanation.solvable else "Not solvable"
    return (
        f"{verdict} ({board.rows}×{board.cols}, goal: {explanation.goal}).\n"
        f"{board.format()}\n\n"
        f"Inversions: {explanation.inversions}\n"
        f"Blank row: {explanation.blank_row_from_top} from the top, "
        f"{explanation.blank_row_from_bottom} from the bottom\n"
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
    shape = parse_shape(args.shape) if args.shape else None
    if args.batch is not None:
        if args.board is not None:
            raise UsageError(
                f"check takes a BOARD or --batch FILE, not both (got the BOARD {quote_input(args.board)} "
                f"and --batch {quote_input(args.batch)})"
            )
        return _check_batch(args, shape, out, stdin)
    if args.board is None:
        raise UsageError("check needs a BOARD (text, '-' for stdin, or a file path) or --batch FILE")
    board = parse_board(read_board_argument(args.board, stdin), shape)
    goal = resolve_goal(args.goal, board.rows, board.cols)
    explanation = explain(board, goal)
    if args.json:
        out.write(json.dumps(check_json(board, explanation)) + "\n")
    else:
        out.write(explanation_text(board, explanation) + "\n")
    return EXIT_OK if explanation.solvable else EXIT_UNSOLVABLE


def _check_batch(args: argparse.Namespace, shape: tuple[int, int] | None, out: TextIO, stdin: TextIO) -> int:
    any_error = False
    for _, text in board_lines(read_batch(args.batch, stdin)):
        try:
            board = parse_board(text, shape)
            goal = resolve_goal(args.goal, board.rows, board.cols)
            record = check_json(board, explain(board, goal))
        except PuzzleError as exc:
            any_error = True
            record = {"error": str(exc), "input": cut(text, INPUT_SHOWN)}
        out.write(json.dumps(record) + "\n")
    return EXIT_INVALID if any_error else EXIT_OK


def cmd_random(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle random``: a random solvable (or unsolvable) board, or a scramble of K moves."""
    rows, cols = parse_shape(args.shape)
    goal = resolve_goal(args.goal, rows, cols)
    if args.moves is not None and args.unsolvable:
        raise UsageError("--moves makes a scramble from the goal, which is always solvable: drop --unsolvable")
    if args.seed is not None:
        seed_text(
            args.seed
        )  # a seed's rule (npuzzle.speedsolving.scrambles), checked before any work, as the api's random does
    if args.moves is not None:  # a count past the cap was refused as the arguments were read (scramble_moves)
        board = scramble(goal, args.moves, seed=args.seed)
    else:
        board = random_board(rows, cols, seed=args.seed, solvable=not args.unsolvable, goal=goal)
    if args.json:
        out.write(json.dumps({"rows": board.rows, "cols": board.cols, "tiles": list(board.tiles)}) + "\n")
    else:
        out.write((board.format(one_line=True) if args.one_line else board.format()) + "\n")
    return EXIT_OK


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    """``check``'s arguments."""
    board_arguments(
        parser,
        batch_help="check one board per line of FILE ('-' for stdin); prints one JSON object per line "
        "({'error': …} for a malformed line); exit 2 if any line was malformed",
    )


def _random_arguments(parser: argparse.ArgumentParser) -> None:
    """``random``'s arguments."""
    parser.add_argument("--shape", default="4x4", help="ROWSxCOLS (default: %(default)s)")
    parser.add_argument("--seed", help="seed for a repeatable board")
    parser.add_argument(
        "--moves",
        type=scramble_moves,
        metavar="K",
        help=f"scramble the goal with K random moves instead (0 to {MAX_SCRAMBLE_MOVES:,})",
    )
    parser.add_argument("--unsolvable", action="store_true", help="draw from the unsolvable boards instead")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--one-line", action="store_true", help="print the rows on one line separated by '/'")
    parser.add_argument("--json", action="store_true", help="print {rows, cols, tiles} as JSON")


CHECK = Command(
    name="check",
    help="say whether a board can be solved, and why",
    add_arguments=_check_arguments,
    run=cmd_check,
)
RANDOM = Command(
    name="random",
    help="print a random board",
    add_arguments=_random_arguments,
    run=cmd_random,
)
