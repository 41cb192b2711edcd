"""The parser of every command and :func:`main`, the entry point (exit codes: :mod:`npuzzle.cli`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from ..errors import BoardError, ClusterError, OutputError, PuzzleError, quote_input
from ..interrupts import terminating_as_interrupt
from ..metric import METRICS
from ..nearoptimal import DEFAULT_BUDGET, WORK_UNIT
from ..pdb import MTM_ENV, PDB_ENV, cache_dir
from ..progress import Limit
from ..randomize import MAX_SCRAMBLE_MOVES
from ..solve import DEFAULT_COMPARE_NODES
from .analyse import add_speedsolving_parsers
from .arguments import (
    GOAL_HELP,
    blank_direction_argument,
    board_arguments,
    budget_units,
    positive_int,
    positive_seconds,
    scramble_moves,
    solver_arguments,
)
from .bench import add_bench_parser
from .check import cmd_check, cmd_random
from .common import (
    EXIT_BROKEN_PIPE,
    EXIT_CLUSTER,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_STOPPED,
    looks_like_a_file_name,
)
from .dataset import add_dataset_parser
from .pdb import add_pdb_parser
from .solve import cmd_compare, cmd_solve
from .watch import add_watch_parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="npuzzle",
        description="Check and solve sliding-tile puzzles (8-puzzle, 15-puzzle, any rows × cols board).",
        epilog="Boards: numbers separated by spaces/commas/semicolons, rows on lines or separated by '/', or JSON; "
        "the blank is 0, _, ., -, x or *. Exit codes: 0 solvable/solved, 1 not solvable, 2 invalid input, "
        "3 stopped by a limit, Ctrl-C or SIGTERM, 4 the Dask scheduler could not be reached or was lost, 5 an output "
        "file could not be written (disk full, no permission, another run writing it).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = sub.add_parser("check", help="say whether a board can be solved, and why")
    board_arguments(check, " (not with --batch)", " (with --batch: for every line)")
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
    rnd.add_argument(
        "--moves",
        type=scramble_moves,
        metavar="K",
        help=f"scramble the goal with K random moves instead (0 to {MAX_SCRAMBLE_MOVES:,})",
    )
    rnd.add_argument("--unsolvable", action="store_true", help="draw from the unsolvable boards instead")
    rnd.add_argument("--goal", default="default", help=GOAL_HELP)
    rnd.add_argument("--one-line", action="store_true", help="print the rows on one line separated by '/'")
    rnd.add_argument("--json", action="store_true", help="print {rows, cols, tiles} as JSON")
    rnd.set_defaults(func=cmd_random)

    solve = sub.add_parser(
        "solve",
        help="find an optimal (A*, IDA*) or, above 4×4, near-optimal solution with statistics",
        description="Find a solution: optimal (A*, IDA*) or near-optimal (short, not proven optimal: it prints a "
        "proven lower bound and the worst-case ratio to the optimal length), as --algorithm and --heuristic choose "
        "(auto: see their help and docs/auto.md; the JSON's algorithm says which solver answered). Exit 0 solved, "
        "1 not solvable, 2 invalid input, 3 stopped by a limit or Ctrl-C (the best answer so far, or the "
        "statistics so far, are printed), 4 the workers lost (a worker process killed, the --scheduler lost), 5 "
        "--resume's OUT could not be written (disk full, no permission) or another run writes it.",
    )
    board_arguments(solve, " (not with --batch)", " (with --batch: for every line)")
    solve.add_argument(
        "--batch",
        metavar="FILE",
        help="solve one board per line of FILE ('-' for stdin; '#' starts a comment); prints one JSON object per "
        "board in input order, each with its 'line' ({'line', 'error', 'input'} for a line that is not a board: the "
        "run goes on), progress on stderr; exit 2 if a line was not a board, else 3 if a limit stopped a board, "
        "else 1 if one was not solvable",
    )
    where = solve.add_mutually_exclusive_group()  # processes here or a cluster: one or the other, never both
    where.add_argument(
        "--jobs",
        type=positive_int,
        metavar="N",
        help="processes: with --batch, boards solved at once (each process loads the pattern database once); "
        "else a hard 4×4's pattern-database search is split over them after its first second (default: one per "
        "core)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on a Dask cluster instead of --jobs (the npuzzle[dask] extra; docs/cluster.md): a scheduler's "
        "address (tcp://host:port) or local:N for N worker processes on this machine; with --batch the boards are "
        "its tasks, else a 4×4's pattern-database search is split over its workers; exit 4 if the scheduler cannot "
        "be reached or is lost",
    )
    solve.add_argument(
        "--resume",
        metavar="OUT",
        help="with --batch: append the records to OUT instead of printing them, and solve only the boards whose "
        "records OUT does not hold yet (a run cut short goes on where it stopped); a record there twice is refused, "
        "as is an OUT another run is writing (OUT.lock names it)",
    )
    solver_arguments(solve)
    solve.add_argument(
        "--metric",
        default="stm",
        choices=METRICS,
        help="stm (default): each tile slid is one move; mtm: a whole line slid at once is one move (optimal on "
        f"boards of up to 9 cells, and on 4×4 with the database `npuzzle pdb build --metric mtm` makes, "
        f"${MTM_ENV} names or --mtm-pdb gives; else a single-tile solution counted in line moves, with a bound)",
    )
    solve.add_argument(
        "--mtm-pdb",
        metavar="FILE",
        help=f"the multi-tile metric's database (default: ${MTM_ENV}, else the cache directory's)",
    )
    blank_direction_argument(solve, "the solution's notation line names")
    solve.add_argument(
        "--pdb",
        metavar="FILE",
        help=f"pattern-database file for 4×4 boards; default: the file named by ${PDB_ENV}, else the one "
        f"`npuzzle pdb build` made in {cache_dir()}, else none",
    )
    solve.add_argument(
        "--max-nodes",
        type=positive_int,
        help=f"stop after N nodes expanded (exit 3); A* also stops at {Limit().memory:,} states held in memory "
        "(exit 3)",
    )
    solve.add_argument(
        "--time-limit",
        type=positive_seconds,
        help="stop after S seconds (exit 3); auto's optimal search on 10-16 cells gives way at half of it, if sooner "
        "than its node allowance: the only clock that can change an answer",
    )
    solve.add_argument(
        "--budget",
        type=budget_units,
        metavar="W",
        help=f"near-optimal only: the work spent on a shorter answer, in units of {WORK_UNIT:,} nodes expanded "
        f"(default {DEFAULT_BUDGET:g}; 0 is fastest; more is slower and shorter; big boards may run past it). "
        "Counted, not timed: the same board and budget give the same answer on any machine and under any load; "
        "--time-limit and --max-nodes are the hard stops",
    )
    solve.set_defaults(func=cmd_solve)

    cmp = sub.add_parser(
        "compare",
        help="run A* with each heuristic on one board and print the table",
        description="Run A* with each heuristic (discrete, hamming, manhattan, walking-distance up to 4×4, "
        "linear-conflict) on one board and "
        "print solution length, nodes expanded, maximum heap size and time; a run that hits its limit is "
        "marked. Exit 0 (even when some runs hit the limit), 1 not solvable, 2 invalid input, 3 Ctrl-C.",
    )
    board_arguments(cmp)
    cmp.add_argument(
        "--max-nodes",
        type=positive_int,
        default=DEFAULT_COMPARE_NODES,
        help="nodes expanded allowed per heuristic (default: %(default)s)",
    )
    cmp.add_argument("--time-limit", type=positive_seconds, help="seconds allowed per heuristic")
    cmp.set_defaults(func=cmd_compare)

    add_speedsolving_parsers(sub)
    add_bench_parser(sub)

    add_watch_parser(sub)
    add_pdb_parser(sub)
    add_dataset_parser(sub)
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
