"""The argument readers and shared arguments of the commands: argparse types (whole numbers, seconds, work
units), the board, goal and shape arguments, and reading them."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TextIO

from ..board import Board
from ..errors import LimitError, UnknownNameError, quote_input
from ..interchange import Convention
from ..names import ALGORITHMS, AUTO, HEURISTICS, PDB, Named, choose
from ..nearoptimal import BUDGET_RULE, budget_nodes
from ..parse import parse_board, parse_shape, resolve_goal
from ..policy import algorithm_help, heuristic_help
from ..randomize import check_scramble_moves
from .common import UsageError, read_board_argument


def positive_int(text: str) -> int:
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _seconds(text: str, *, zero_allowed: bool) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (0 <= value if zero_allowed else 0 < value) or value == float("inf"):
        least = "of at least 0" if zero_allowed else "above 0"
        raise argparse.ArgumentTypeError(f"{text!r} must be a number of seconds {least}")
    return value


def budget_units(text: str) -> float:
    try:
        value = float(text)
        budget_nodes(value)
    except (ValueError, LimitError):
        raise argparse.ArgumentTypeError(f"{text!r} is not {BUDGET_RULE}") from None
    return value


def positive_seconds(text: str) -> float:
    return _seconds(text, zero_allowed=False)


def non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote_input(text)} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def scramble_moves(text: str) -> int:
    """An argparse ``type`` for ``random --moves K``: a count of random moves under the one cap
    (:func:`npuzzle.randomize.check_scramble_moves`), refused past it with the text quoted."""
    value = text.strip()
    count: object = int(value) if value.isascii() and value.isdigit() and len(value) <= 12 else text
    try:
        return check_scramble_moves(count, "K", "--moves")
    except LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


GOAL_HELP = "goal: 'default' (1 2 … then the blank), 'blank-first' (0 1 2 …, Korf's) or a board (default: %(default)s)"


def name_argument(choices: Sequence[Named], what: str, hint: str = "") -> Callable[[str], str]:
    """An argparse ``type`` for a name among ``choices``: a name or an alias gives the name
    (:func:`npuzzle.names.choose`); anything else is a usage error that quotes it and lists the choices."""

    def read(text: str) -> str:
        try:
            return choose(text, choices, what, hint).name
        except UnknownNameError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def solver_arguments(parser: argparse.ArgumentParser) -> None:
    """``--algorithm`` and ``--heuristic`` (default ``auto``; names and aliases of :mod:`npuzzle.names`), as
    ``solve`` and ``dataset`` take them."""
    for what, choices, text in (
        ("algorithm", ALGORITHMS, algorithm_help()),
        ("heuristic", (AUTO, *HEURISTICS, PDB), heuristic_help()),
    ):
        parser.add_argument(f"--{what}", default="auto", type=name_argument(choices, what), metavar="NAME", help=text)


def board_arguments(parser: argparse.ArgumentParser, batch_help: str | None = None) -> None:
    """The board, ``--goal``, ``--shape`` and ``--json`` arguments that ``check``, ``solve`` and ``compare`` share;
    with ``batch_help``, also ``--batch FILE`` (one board a line instead of BOARD), which ``batch_help`` describes."""
    board_note, shape_note = (
        ("", "") if batch_help is None else (" (not with --batch)", " (with --batch: for every line)")
    )
    parser.add_argument("board", nargs="?", help=f"the board text, '-' to read stdin, or a file path{board_note}")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--shape", help=f"ROWSxCOLS for a flat list of numbers that is not square{shape_note}")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    if batch_help is not None:
        parser.add_argument("--batch", metavar="FILE", help=batch_help)


def read_board_and_goal(args: argparse.Namespace, stdin: TextIO) -> tuple[Board, Board]:
    if args.board is None:
        raise UsageError(f"{args.command} needs a BOARD (text, '-' for stdin, or a file path)")
    shape = parse_shape(args.shape) if args.shape else None
    board = parse_board(read_board_argument(args.board, stdin), shape)
    return board, resolve_goal(args.goal, board.rows, board.cols)


def blank_direction_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--blank-direction``: the letters of the speedsolvers' notation that ``what`` name the direction the blank
    moves, instead of the tile's (Slidysim's convention, the default; :func:`npuzzle.interchange.read_notation`)."""
    parser.add_argument(
        "--blank-direction",
        action="store_true",
        help=f"the letters {what} name the direction the blank moves (default: the direction the tile moves, "
        "Slidysim's convention: U = the tile below the blank slides up)",
    )


def convention(args: argparse.Namespace) -> Convention:
    """The letter convention ``--blank-direction`` chose."""
    return "blank" if args.blank_direction else "tile"
