"""The parser of every command and :func:`main`, the entry point (exit codes: :mod:`npuzzle.cli`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from ..errors import BoardError, ClusterError, OutputError, PuzzleError, quote_input
from ..parallel.interrupts import terminating_as_interrupt
from .analyse import ANALYSE, SCRAMBLE
from .bench import BENCH
from .check import CHECK, RANDOM
from .common import (
    EXIT_BROKEN_PIPE,
    EXIT_CLUSTER,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_STOPPED,
    add_command,
    looks_like_a_file_name,
)
from .dataset import DATASET
from .lab import LAB
from .pdb import pdb_command
from .solve import COMPARE, SOLVE
from .watch import WATCH


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="npuzzle",
        description="Check and solve sliding-tile puzzles (8-puzzle, 15-puzzle, any rows × cols board).",
        epilog="Boards: numbers separated by spaces/commas/semicolons, rows on lines or separated by '/', or JSON; "
        "the blank is 0, _, ., -, x or *. Exit codes: 0 solvable/solved, 1 not solvable, 2 invalid input, "
        "3 stopped by a limit, Ctrl-C or SIGTERM, 4 the workers lost (a worker process killed, the Dask scheduler "
        "unreachable or lost), 5 an output file could not be written (disk full, no permission, another run "
        "writing it).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in (CHECK, RANDOM, SOLVE, COMPARE, ANALYSE, SCRAMBLE, BENCH, WATCH, pdb_command(), DATASET, LAB):
        add_command(sub, command)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin or sys.stdin
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage message
        return EXIT_INVALID if exc.code not in (0, None) else EXIT_OK
    args.command_line = ["npuzzle", *(sys.argv[1:] if argv is None else argv)]  # what a file it makes may record
    try:
        with terminating_as_interrupt():  # a SIGTERM ends a command as Ctrl-C does: what was done said, exit 3
            code: int = args.func(args, out, err, stdin)
        out.flush()  # a closed pipe shows here, inside the handler, not at interpreter exit
        return code
    except BrokenPipeError:
        # The reader went away (``npuzzle check … | head``): no traceback, and keep Python's exit-time flush of the
        # dead pipe quiet (the recipe of the ``signal`` module's documentation).
        if out is sys.stdout:
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError):
                pass
        return EXIT_BROKEN_PIPE
    except ClusterError as exc:
        err.write(f"npuzzle: {exc}\n")
        return EXIT_CLUSTER
    except OutputError as exc:
        err.write(f"npuzzle: {exc}\n")
        return EXIT_OUTPUT
    except PuzzleError as exc:
        err.write(f"npuzzle: {_with_file_hint(args, exc)}\n")
        return EXIT_INVALID
    except KeyboardInterrupt:
        err.write("npuzzle: interrupted\n")
        return EXIT_STOPPED


def _with_file_hint(args: argparse.Namespace, exc: PuzzleError) -> str:
    """The message of ``exc``, prefixed with "no such file" when the BOARD argument that failed to parse looks like
    a mistyped file path (``npuzzle check nope.txt``)."""
    value = getattr(args, "board", None)
    if (
        isinstance(exc, BoardError)
        and isinstance(value, str)
        and value != "-"
        and looks_like_a_file_name(value)
        and not os.path.exists(value)
    ):
        return f"no such file {quote_input(value)}, and it is not a board either: {exc}"
    return str(exc)
