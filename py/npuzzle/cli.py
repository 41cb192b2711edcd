"""The command line: ``npuzzle check``, ``npuzzle random``, ``npuzzle solve``, ``npuzzle compare``,
``npuzzle bench korf100``, ``npuzzle pdb build|info``.

Exit codes: 0 solvable (or done), 1 not solvable (``bench``: a length differs from the file), 2 invalid input
(message on stderr, never a traceback), 3 stopped by a limit, 141 stdout closed early (as for SIGPIPE, quietly).

Pattern databases: ``npuzzle pdb build`` writes the 7/7-7 tables into the user's cache directory
(:mod:`npuzzle.pdb.cache`), where ``solve`` and ``bench`` find them; ``--pdb FILE`` or the environment variable
:data:`~npuzzle.pdb.cache.PDB_ENV` name another file. ``auto`` then uses it where it fits. What ``auto`` picks is
:mod:`npuzzle.policy` (``docs/auto.md``): the ``solve --help`` texts for
``--algorithm`` and ``--heuristic`` are generated from it.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TextIO

from .batch import INPUT_SHOWN, board_lines, solved_record, unsolvable_record, wants_tables
from .board import Board, goal_board, moves_to_letters
from .checkpoint import result_from_progress
from .cli_batch import cmd_solve_batch
from .cli_common import (
    EXIT_BROKEN_PIPE,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_STOPPED,
    EXIT_UNSOLVABLE,
    UsageError,
    looks_like_a_file_name,
    plural,
    read_batch,
    read_board_argument,
)
from .cli_pdb import add_pdb_parser
from .errors import BoardError, LimitError, PatternDatabaseError, PuzzleError, UnsolvableError, cut, quote_input
from .heuristics import HEURISTIC_NAMES
from .instances import korf100
from .nearoptimal.solver import BUDGET_RULE, DEFAULT_BUDGET, WORK_UNIT, budget_nodes
from .parse import parse_board, parse_shape, resolve_goal
from .pdb.cache import PDB_ENV, cache_dir, locate, read_tables
from .pdb.search import solve_with_pdb
from .pdb.tables import PdbTables, heuristic_name
from .policy import NEAR_OPTIMAL, algorithm_help, heuristic_help
from .progress import ALGORITHM_TITLES, Limit, Progress, Search, SearchResult, run, stop
from .randomize import random_board, scramble
from .solvability import Explanation, explain
from .solve import (
    ALGORITHM_NAMES,
    DEFAULT_COMPARE_NODES,
    PDB_ALIAS,
    check_limits,
    compare_plans,
    default_registry,
    plan,
    ratio_bound,
    registry_with_tables,
)
from .workers import default_jobs


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


def _positive_int(text: str) -> int:
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


def _budget_units(text: str) -> float:
    try:
        value = float(text)
        budget_nodes(value)
    except (ValueError, LimitError):
        raise argparse.ArgumentTypeError(f"{text!r} is not {BUDGET_RULE}") from None
    return value


def _positive_seconds(text: str) -> float:
    return _seconds(text, zero_allowed=False)


class _ProgressLine:
    """A live progress line on ``err`` (only when it is a terminal), redrawn at most ten times a second."""

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.live = bool(getattr(err, "isatty", lambda: False)())
        self.shown = 0.0

    def draw(self, record: Progress, prefix: str = "") -> None:
        if not self.live or record.elapsed - self.shown < 0.1:
            return
        self.shown = record.elapsed
        title = ALGORITHM_TITLES.get(record.algorithm, record.algorithm)
        bound_name = "depth" if record.algorithm == NEAR_OPTIMAL else "f-bound"
        bound = "" if record.bound is None else f", {bound_name} {record.bound}"
        self.err.write(
            f"\r\033[K{prefix}{title} + {record.heuristic}: {record.nodes_expanded:,} expanded{bound}, "
            f"frontier {record.frontier:,}, {record.elapsed:.1f} s"
        )
        self.err.flush()

    def clear(self) -> None:
        if self.live:
            self.err.write("\r\033[K")
            self.err.flush()


def drive(
    search: Search,
    line: _ProgressLine,
    algorithm: str,
    heuristic: str,
    prefix: str = "",
    stopped: Callable[[Progress | None], SearchResult] | None = None,
) -> tuple[SearchResult, bool]:
    """Run ``search`` to its end, drawing progress; returns the result and whether Ctrl-C interrupted it.

    The first Ctrl-C (SIGINT, caught while the search runs in the main thread) is noted and acted on at the next
    progress record: :func:`npuzzle.progress.stop` ends the search, which returns its best answer so far if it has
    one (the near-optimal solver while shortening), else the statistics so far, built by ``stopped`` from the last
    progress record when given (e.g. :meth:`npuzzle.solve.Plan.stopped`). A second Ctrl-C interrupts at once.
    """
    last: Progress | None = None

    def fallback(record: Progress | None) -> SearchResult:
        if stopped is not None:
            return stopped(record)
        return result_from_progress(record, algorithm, heuristic, "cancelled")

    requested: list[bool] = []

    def on_interrupt(signum: int, frame: object) -> None:
        requested.append(True)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a second Ctrl-C interrupts at once

    installed = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, on_interrupt) if installed else None
    try:
        while True:
            if requested:
                return stop(search, fallback, last), True
            try:
                record = next(search)
            except StopIteration as done:
                result: SearchResult = done.value
                return result, False
            last = record
            line.draw(record, prefix)
    except KeyboardInterrupt:
        search.close()
        return fallback(last), True
    finally:
        if installed:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
        line.clear()


def solve_text(board: Board, result: SearchResult) -> str:
    """The human-readable report of a solve: moves as tiles and letters, length, optimality, statistics."""
    title = ALGORITHM_TITLES.get(result.algorithm, result.algorithm)
    lines: list[str] = []
    if result.moves is not None:
        proof = "optimal" if result.optimal else "not proven optimal"
        lines.append(f"Solved in {plural(len(result.moves), 'move')} ({proof}) with {title} + {result.heuristic}.")
        if result.stopped is not None:
            lines.append(f"Stopped early ({result.stopped}): this is the best answer found so far.")
        lines.append(f"Moves (tiles):   {' '.join(map(str, result.moves)) or '(none: already at the goal)'}")
        lines.append(f"Moves (letters): {''.join(moves_to_letters(board, result.moves)) or '-'}")
        ratio = ratio_bound(result)
        if not result.optimal and result.lower_bound > 0 and ratio is not None:
            lines.append(
                f"Not proven optimal: the shortest solution has at least {plural(result.lower_bound, 'move')} "
                f"(lower bound), so this one is at most {ratio:.3f}× the optimal length."
            )
    else:
        lines.append(f"Not solved: {result.message or 'stopped (' + str(result.stopped) + ')'}")
        lines.append(f"Lower bound: at least {plural(result.lower_bound, 'move')}")
    frontier = {"astar": "Maximum heap size", NEAR_OPTIMAL: "Largest frontier"}.get(
        result.algorithm, "Maximum stack size"
    )
    lines.append(f"Vertices visited (expanded): {result.nodes_expanded:,}")
    lines.append(f"Nodes generated: {result.nodes_generated:,}")
    lines.append(f"{frontier}: {result.max_frontier:,}")
    if result.algorithm == "idastar":
        lines.append(f"Iterations: {result.iterations}")
    rate = result.nodes_expanded / result.seconds if result.seconds > 0 else 0.0
    lines.append(f"Time: {result.seconds:.3f} s ({rate:,.0f} expansions/s)")
    return "\n".join(lines)


def _read_board_and_goal(args: argparse.Namespace, stdin: TextIO) -> tuple[Board, Board]:
    if args.board is None:
        raise UsageError(f"{args.command} needs a BOARD (text, '-' for stdin, or a file path)")
    shape = parse_shape(args.shape) if args.shape else None
    board = parse_board(read_board_argument(args.board, stdin), shape)
    return board, resolve_goal(args.goal, board.rows, board.cols)


def _unsolvable(args: argparse.Namespace, exc: UnsolvableError, out: TextIO) -> int:
    if args.json:
        out.write(json.dumps(unsolvable_record(exc)) + "\n")
    else:
        reason = exc.explanation.reason if isinstance(exc.explanation, Explanation) else str(exc)
        out.write(f"Not solvable: {reason}\n")
    return EXIT_UNSOLVABLE


def load_pdb(args: argparse.Namespace, err: TextIO) -> PdbTables | None:
    """The pattern database named by ``--pdb`` or :data:`PDB_ENV`, else the one ``npuzzle pdb build`` left in the
    cache directory (None when there is none), memory-mapped from its search form or inflated (saying so on
    ``err``: :func:`npuzzle.pdb.cache.read_tables`); raises :class:`UsageError` naming the file when it cannot be
    read or is not a valid database."""
    located = locate(getattr(args, "pdb", None))
    if located.path is None:
        return None

    def say(text: str) -> None:
        err.write(f"npuzzle: {text}\n")
        err.flush()

    try:
        return read_tables(located.path, located.origin, say)
    except PatternDatabaseError as exc:
        raise UsageError(str(exc)) from None


def cmd_solve(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle solve``: an optimal (up to 4×4, where it finishes in time) or near-optimal solution with
    statistics; exit 0 solved, 1 unsolvable, 3 stopped (with the best answer so far if there is one). With
    ``--batch``: :func:`cmd_solve_batch`. The pattern database is loaded only when the search may use it
    (:func:`npuzzle.batch.wants_tables`)."""
    if args.batch is not None:
        return cmd_solve_batch(args, out, err, stdin)
    board, goal = _read_board_and_goal(args, stdin)
    limit = check_limits(args.max_nodes, args.time_limit)
    wanted = wants_tables(board, goal, args.algorithm, args.heuristic)
    try:
        tables = load_pdb(args, err) if wanted else None
    except KeyboardInterrupt:  # while the tables load: reported as any other cancel, before the search started
        result = result_from_progress(None, args.algorithm, args.heuristic, "cancelled")
        out.write((json.dumps(solved_record(board, result)) if args.json else solve_text(board, result)) + "\n")
        err.write("npuzzle: interrupted while loading the pattern database\n")
        return EXIT_STOPPED
    jobs = args.jobs or default_jobs()
    registry = default_registry() if tables is None else registry_with_tables(tables, jobs=jobs)
    if tables is None and wanted and args.heuristic == "auto":
        err.write(
            "npuzzle: no pattern database: `npuzzle pdb build` makes one (once, minutes with numpy) for fast optimal "
            "4×4 solving; without it a hard 4×4 may get a near-optimal answer\n"
        )
    try:
        chosen = plan(board, goal, args.algorithm, args.heuristic, registry, budget=args.budget)
    except UnsolvableError as exc:
        return _unsolvable(args, exc, out)
    result, interrupted = drive(
        chosen.start(limit), _ProgressLine(err), chosen.algorithm, chosen.heuristic, stopped=chosen.stopped
    )
    if args.json:
        out.write(json.dumps(solved_record(board, result)) + "\n")
    else:
        out.write(solve_text(board, result) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
    return EXIT_OK if result.moves is not None and result.stopped is None else EXIT_STOPPED


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle bench korf100``: every instance solved with the pattern database, lengths checked; exit 1 on a
    mismatch."""
    tables = load_pdb(args, err)
    if tables is None:
        raise UsageError(
            f"bench needs a pattern database: `npuzzle pdb build` makes one in {cache_dir()} (or give --pdb FILE "
            f"or ${PDB_ENV})"
        )
    instances = korf100()[: args.limit]
    goal = goal_board(4, 4, "blank-first")
    rows: list[dict[str, object]] = []
    if not args.json:
        out.write(f"{'id':>3} {'optimal':>7} {'length':>6} {'nodes':>11} {'seconds':>8}\n")
    for inst in instances:
        result = run(solve_with_pdb(Board(4, 4, inst.tiles), goal, tables))
        ok = result.length == inst.optimal
        rows.append(
            {
                "id": inst.ident,
                "optimal": inst.optimal,
                "length": result.length,
                "ok": ok,
                "nodes": result.nodes_generated,
                "seconds": round(result.seconds, 4),
            }
        )
        if not args.json:
            out.write(
                f"{inst.ident:>3} {inst.optimal:>7} {result.length!s:>6} {result.nodes_generated:>11,} "
                f"{result.seconds:>8.3f}{'' if ok else '  WRONG LENGTH'}\n"
            )
            out.flush()
    secs = [float(str(r["seconds"])) for r in rows]
    nodes = [int(str(r["nodes"])) for r in rows]
    bad = [r["id"] for r in rows if not r["ok"]]
    slowest = max(rows, key=lambda r: float(str(r["seconds"])))
    summary: dict[str, object] = {
        "instances": len(rows),
        "heuristic": heuristic_name(tables),
        "mismatches": bad,
        "total_seconds": round(sum(secs), 3),
        "median_seconds": round(statistics.median(secs), 4),
        "max_seconds": max(secs),
        "max_id": slowest["id"],
        "total_nodes": sum(nodes),
        "median_nodes": int(statistics.median(nodes)),
        "max_nodes": max(nodes),
    }
    if args.json:
        out.write(json.dumps({**summary, "rows": rows}) + "\n")
    else:
        lengths = "all optimal lengths match the file" if not bad else f"{len(bad)} WRONG: {bad}"
        out.write(f"instances: {len(rows)}   heuristic: {summary['heuristic']}   {lengths}\n")
        out.write(
            f"total: {sum(secs):.2f} s   median {statistics.median(secs):.3f} s   max {max(secs):.2f} s "
            f"(#{slowest['id']})\n"
        )
        out.write(
            f"nodes generated: total {sum(nodes):,}   median {int(statistics.median(nodes)):,}   max {max(nodes):,}\n"
        )
    return EXIT_UNSOLVABLE if bad else EXIT_OK


def compare_table(results: list[SearchResult]) -> str:
    """The course's table: heuristic, solution length, vertices visited, maximum heap size, time."""
    header = ("heuristic", "length", "vertices visited", "max heap size", "time (s)", "")
    rows = [header]
    for r in results:
        length = "—" if r.length is None else str(r.length)
        note = "" if r.stopped is None else f"stopped: {r.stopped}"
        rows.append((r.heuristic, length, f"{r.nodes_expanded:,}", f"{r.max_frontier:,}", f"{r.seconds:.3f}", note))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, 5)] + [row[5]]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def cmd_compare(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle compare``: A* with each heuristic on one board, as a table; exit 3 only on Ctrl-C."""
    board, goal = _read_board_and_goal(args, stdin)
    limit = check_limits(args.max_nodes, args.time_limit)
    try:
        plans = compare_plans(board, goal)
    except UnsolvableError as exc:
        return _unsolvable(args, exc, out)
    line = _ProgressLine(err)
    results: list[SearchResult] = []
    interrupted = False
    for number, chosen in enumerate(plans, start=1):
        result, interrupted = drive(chosen.start(limit), line, "astar", chosen.heuristic, f"[{number}/{len(plans)}] ")
        results.append(result)
        if interrupted:
            break
    if args.json:
        record = {"board": list(board.tiles), "rows": [r.to_dict() for r in results], "interrupted": interrupted}
        out.write(json.dumps(record) + "\n")
    else:
        out.write(f"A* on {board.format(one_line=True)} (limit {limit.nodes:,} expansions per heuristic)\n")
        out.write(compare_table(results) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
        return EXIT_STOPPED
    return EXIT_OK


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote_input(text)} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


GOAL_HELP = "goal: 'default' (1 2 … then the blank), 'blank-first' (0 1 2 …, Korf's) or a board (default: %(default)s)"


def _board_arguments(parser: argparse.ArgumentParser, board_note: str = "", shape_note: str = "") -> None:
    """The board, ``--goal`` and ``--shape`` arguments that ``check``, ``solve`` and ``compare`` share."""
    parser.add_argument("board", nargs="?", help=f"the board text, '-' to read stdin, or a file path{board_note}")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--shape", help=f"ROWSxCOLS for a flat list of numbers that is not square{shape_note}")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


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
    _board_arguments(check, " (not with --batch)", " (with --batch: for every line)")
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

    solve = sub.add_parser(
        "solve",
        help="find an optimal (A*, IDA*) or, above 4×4, near-optimal solution with statistics",
        description="Find a solution: optimal (A*, IDA*) or near-optimal (short, not proven optimal: it prints a "
        "proven lower bound and the worst-case ratio to the optimal length), as --algorithm and --heuristic choose "
        "(auto: see their help and docs/auto.md; the JSON's algorithm says which solver answered). Exit 0 solved, "
        "1 not solvable, 2 invalid input, 3 stopped by a limit or Ctrl-C (the best answer so far, or the "
        "statistics so far, are printed).",
    )
    _board_arguments(solve, " (not with --batch)", " (with --batch: for every line)")
    solve.add_argument(
        "--batch",
        metavar="FILE",
        help="solve one board per line of FILE ('-' for stdin; '#' starts a comment); prints one JSON object per "
        "board in input order, each with its 'line' ({'line', 'error', 'input'} for a line that is not a board: the "
        "run goes on), progress on stderr; exit 2 if a line was not a board, else 3 if a limit stopped a board, "
        "else 1 if one was not solvable",
    )
    solve.add_argument(
        "--jobs",
        type=_positive_int,
        metavar="N",
        help="processes: with --batch, boards solved at once (each process loads the pattern database once); "
        "else a hard 4×4's pattern-database search is split over them after its first second (default: one per "
        "core)",
    )
    solve.add_argument(
        "--algorithm",
        default="auto",
        choices=ALGORITHM_NAMES,
        help=algorithm_help(),
    )
    solve.add_argument(
        "--heuristic",
        default="auto",
        choices=("auto",) + HEURISTIC_NAMES + (PDB_ALIAS,),
        help=heuristic_help(),
    )
    solve.add_argument(
        "--pdb",
        metavar="FILE",
        help=f"pattern-database file for 4×4 boards; default: the file named by ${PDB_ENV}, else the one "
        f"`npuzzle pdb build` made in {cache_dir()}, else none",
    )
    solve.add_argument(
        "--max-nodes",
        type=_positive_int,
        help=f"stop after expanding N states (exit 3); A* also stops at {Limit().memory:,} states held in memory "
        "(exit 3)",
    )
    solve.add_argument("--time-limit", type=_positive_seconds, help="stop after S seconds (exit 3)")
    solve.add_argument(
        "--budget",
        type=_budget_units,
        metavar="W",
        help=f"near-optimal only: the work spent on a shorter answer, in units of {WORK_UNIT:,} states expanded "
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
        "print solution length, vertices visited, maximum heap size and time; a run that hits its limit is "
        "marked. Exit 0 (even when some runs hit the limit), 1 not solvable, 2 invalid input, 3 Ctrl-C.",
    )
    _board_arguments(cmp)
    cmp.add_argument(
        "--max-nodes",
        type=_positive_int,
        default=DEFAULT_COMPARE_NODES,
        help="expansions allowed per heuristic (default: %(default)s)",
    )
    cmp.add_argument("--time-limit", type=_positive_seconds, help="seconds allowed per heuristic")
    cmp.set_defaults(func=cmd_compare)

    bench = sub.add_parser(
        "bench",
        help="solve Korf's 100 15-puzzles optimally with a pattern database and check every length",
        description="Solve Korf's 100 standard 15-puzzles (shipped with the package; blank-first goal) with the "
        "pattern-database IDA* and print, per instance, the id, optimal length from the file, length found, "
        "nodes generated and seconds; then the totals, median and maximum. Exit 0 when every length matches the "
        "file, 1 when one differs, 2 invalid input (e.g. no pattern database), 3 Ctrl-C.",
    )
    bench.add_argument("set", choices=("korf100",), help="the instance set (korf100)")
    bench.add_argument(
        "--pdb",
        metavar="FILE",
        help=f"pattern-database file (default: the file named by ${PDB_ENV}, else the one `npuzzle pdb build` made)",
    )
    bench.add_argument("--limit", type=_positive_int, metavar="N", help="only the first N instances")
    bench.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    bench.set_defaults(func=cmd_bench)

    add_pdb_parser(sub)
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
    try:
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
