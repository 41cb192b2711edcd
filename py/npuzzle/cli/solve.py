"""``npuzzle solve`` and ``npuzzle compare`` (``npuzzle bench``: :mod:`npuzzle.cli.bench`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TextIO

from ..board import Board, moves_to_letters
from ..errors import PatternDatabaseError, UnsolvableError, plural, quote_input
from ..interchange import Convention, write_notation
from ..nearoptimal import DEFAULT_BUDGET, WORK_UNIT, raised_bound, with_bound
from ..optimal.checkpoint import result_from_progress
from ..optimal.metric import METRICS, count_moves
from ..parallel.workers import default_jobs
from ..pdb import (
    MTM_ENV,
    PDB_ENV,
    AdditiveHeuristic,
    Located,
    PdbTables,
    cache_dir,
    in_corner,
    locate,
    locate_additive,
    locate_mtm,
    read_additive,
    read_multiset,
    read_tables,
)
from ..policy import NEAR_OPTIMAL
from ..progress import ALGORITHM_TITLES, STOP_WORDS, Limit, Progress, Search, SearchResult, ratio_bound
from ..research.batch import solved_record, unsolvable_record, wants_tables
from ..solvability import Explanation
from ..solving.registry import Registry, default_registry, registry_with_tables
from ..solving.solve import DEFAULT_COMPARE_NODES, check_limits, compare_plans, plan
from .arguments import (
    blank_direction_argument,
    board_arguments,
    budget_units,
    convention,
    positive_int,
    positive_seconds,
    read_board_and_goal,
    solver_arguments,
)
from .batch import cmd_solve_batch
from .cluster import cluster_client, cluster_split
from .common import (
    EXIT_OK,
    EXIT_STOPPED,
    EXIT_UNSOLVABLE,
    Command,
    UsageError,
)
from .progress_line import ProgressLine, drive
from .solutions import add_solutions_arguments, check_solutions_arguments, cmd_solutions


def solve_text(board: Board, result: SearchResult, letters: Convention = "tile") -> str:
    """The human-readable report of a solve: moves as tiles, letters and notation (its letters in ``letters``'
    convention), length (in line moves too for a multi-tile-metric result), optimality, statistics."""
    title = ALGORITHM_TITLES.get(result.algorithm, result.algorithm)
    lines: list[str] = []
    mtm = result.extra.get("metric") == "mtm"
    if result.moves is not None:
        proof = "optimal" if result.optimal else "not proven optimal"
        spelt = moves_to_letters(board, result.moves)
        size = plural(len(result.moves), "move")
        if mtm:
            size = f"{plural(count_moves(spelt, 'mtm'), 'line move')} ({size} of single tiles)"
        lines.append(f"Solved in {size} ({proof}) with {title} + {result.heuristic}.")
        if result.stopped is not None:
            lines.append(f"Stopped early ({STOP_WORDS[result.stopped]}): this is the best answer found so far.")
        lines.append(f"Moves (tiles):    {' '.join(map(str, result.moves)) or '(none: already at the goal)'}")
        lines.append(f"Moves (letters):  {''.join(spelt) or '-'}")
        side = "blank" if letters == "blank" else "tile"
        lines.append(f"Moves (notation): {write_notation(spelt, letters) or '-'}  (letters: the {side}'s direction)")
        ratio = ratio_bound(result)
        if mtm and not result.optimal and result.lower_bound > 0:
            lines.append(f"Not proven optimal: the shortest solution has at least {result.lower_bound} line moves.")
        elif not result.optimal and result.lower_bound > 0 and ratio is not None:
            lines.append(
                f"Not proven optimal: the shortest solution has at least {plural(result.lower_bound, 'move')} "
                f"(lower bound), so this one is at most {ratio:.3f}× the optimal length"
                + ("; --prove N raises the bound by N nodes of search." if _may_prove(result) else ".")
            )
        proven = result.extra.get("proof")
        if proven is not None:
            did = "raised the bound to" if proven["raised"] else "reached, not above the bound already proven,"
            by = str(proven.get("heuristic", "linear-conflict"))
            estimate = "linear conflicts" if by == "linear-conflict" else f"the {by.replace('-', ' ', 1)} tables"
            lines.append(
                f"IDA* with {estimate} {did} {proven['bound']} in {proven['nodes']:,} nodes expanded (--prove; "
                "not counted below)."
            )
        tables = result.extra.get("tables")
        if tables:
            lines.append(f"Tables: {tables}.")
    else:
        stopped = STOP_WORDS[result.stopped or "cancelled"]
        lines.append(f"Not solved: {result.message or f'stopped ({stopped})'}")
        lines.append(f"Lower bound: at least {plural(result.lower_bound, 'line move' if mtm else 'move')}")
    frontier = {"astar": "Maximum heap size", NEAR_OPTIMAL: "Largest frontier"}.get(
        result.algorithm, "Maximum stack size"
    )
    lines.append(f"Nodes expanded: {result.nodes_expanded:,}")
    lines.append(f"Nodes generated: {result.nodes_generated:,}")
    lines.append(f"{frontier}: {result.max_frontier:,}")
    if result.algorithm == "idastar":
        lines.append(f"Iterations: {result.iterations}")
    rate = result.nodes_expanded / result.seconds if result.seconds > 0 else 0.0
    lines.append(f"Time: {result.seconds:.3f} s ({rate:,.0f} nodes expanded/s)")
    return "\n".join(lines)


def _provable(result: SearchResult) -> bool:
    """Whether ``--prove`` can raise the answer's bound: a near-optimal answer in single-tile moves."""
    return result.algorithm == NEAR_OPTIMAL and result.extra.get("metric") != "mtm"


def _may_prove(result: SearchResult) -> bool:
    """Whether ``--prove`` could raise the answer's bound and has not (its text says so)."""
    return _provable(result) and "proof" not in result.extra


def unsolvable(args: argparse.Namespace, exc: UnsolvableError, out: TextIO) -> int:
    """Say that the board cannot reach its goal, and why (JSON with ``--json``); exit 1."""
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
    (:func:`npuzzle.research.batch.wants_tables`)."""
    if args.batch is not None:
        if args.prove is not None:
            raise UsageError(f"--prove goes with one board, not --batch (got --prove {args.prove:,})")
        return cmd_solve_batch(args, out, err, stdin)
    if args.resume is not None:
        raise UsageError(f"--resume goes with --batch (got --resume {quote_input(args.resume)} and no --batch)")
    board, goal = read_board_and_goal(args, stdin)
    limit = check_limits(args.max_nodes, args.time_limit)
    every = args.count or args.all
    if every:
        check_solutions_arguments(args)
        if args.prove is not None:
            raise UsageError("--prove raises a near-optimal answer's bound: it does not go with --count or --all")
    wanted = wants_tables(board, goal, "auto" if args.metric == "mtm" else args.algorithm, args.heuristic)
    proving = proof_heuristic(goal, err) if args.prove is not None else None  # a bad file named before any work
    try:
        tables = load_pdb(args, err) if wanted else None
    except KeyboardInterrupt:  # while the tables load: reported as any other cancel, before the search started
        result = result_from_progress(None, args.algorithm, args.heuristic, "cancelled")
        out.write((json.dumps(solved_record(board, result)) if args.json else solve_text(board, result)) + "\n")
        err.write("npuzzle: interrupted while loading the pattern database\n")
        return EXIT_STOPPED
    with ExitStack() as stack:
        split = None
        if args.scheduler is not None:
            split = _cluster_split(args, stack, tables, wanted)
        jobs = args.jobs or default_jobs()
        registry = default_registry() if tables is None else registry_with_tables(tables, jobs=jobs, split=split)
        if args.metric == "mtm" and (board.rows, board.cols) == (4, 4):
            registry = with_mtm_database(registry, args, err)
        if tables is None and wanted and args.heuristic == "auto":
            err.write(
                "npuzzle: no pattern database: `npuzzle pdb build` makes one (once, minutes with numpy) for fast "
                "optimal 4×4 solving; without it a hard 4×4 may get a near-optimal answer\n"
            )
        try:
            if every:
                return cmd_solutions(args, board, goal, registry, limit, out, err)
            chosen = plan(board, goal, args.algorithm, args.heuristic, registry, budget=args.budget, metric=args.metric)
        except UnsolvableError as exc:
            return unsolvable(args, exc, out)
        result, interrupted = drive(
            chosen.start(limit), ProgressLine(err), chosen.algorithm, chosen.heuristic, stopped=chosen.stopped
        )
        if args.prove is not None and not interrupted:
            result, interrupted = _proven(board, goal, result, args.prove, limit, err, proving)
    if args.json:
        out.write(json.dumps(solved_record(board, result)) + "\n")
    else:
        out.write(solve_text(board, result, convention(args)) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
    return EXIT_OK if result.moves is not None and result.stopped is None else EXIT_STOPPED


def _proven(
    board: Board,
    goal: Board,
    answer: SearchResult,
    nodes: int,
    limit: Limit,
    err: TextIO,
    heuristic: AdditiveHeuristic | None,
) -> tuple[SearchResult, bool]:
    """``--prove``: a near-optimal answer in single-tile moves with its bound raised by IDA* with ``heuristic``
    (linear conflicts when ``None``; progress on ``err``; a second Ctrl-C keeps the answer with the bound reached), or
    the answer as it is with a word on ``err`` why."""
    if not _provable(answer):
        counted = " in line moves" if answer.extra.get("metric") == "mtm" else ""
        err.write(
            f"npuzzle: --prove raises the bound of a near-optimal answer in single-tile moves only; this one came from "
            f"{answer.algorithm}{counted}\n"
        )
        return answer, False

    name = heuristic.name if heuristic else "linear-conflict"

    def reached(record: Progress | None) -> SearchResult:
        bound, expanded = (0, 0) if record is None else (record.bound or 0, record.nodes_expanded)
        return with_bound(answer, bound, expanded, None, stopped="cancelled", by=name)

    proof = raised_bound(board, goal, answer, nodes, limit, heuristic)
    return drive(proof, ProgressLine(err), "idastar", name, "raising the bound: ", stopped=reached)


def proof_heuristic(goal: Board, err: TextIO) -> AdditiveHeuristic | None:
    """``--prove``'s estimate: the additive tables of the goal's shape (:func:`~npuzzle.pdb.locate_additive`) when
    they are there, are for that shape and its blank's goal is in a corner, said on ``err``; else ``None`` (linear
    conflicts), with a word on ``err`` why when there are tables. Raises :class:`UsageError` naming a file that is not
    such tables."""
    located = locate_additive(goal.rows, goal.cols)
    if located.path is None:
        return None
    instead = "; --prove raises the bound with linear conflicts instead"
    if not in_corner(goal.rows, goal.cols, goal.blank_index):
        err.write(f"npuzzle: the additive tables {located.path} need the goal's blank in a corner{instead}\n")
        return None
    try:
        tables = read_additive(located.path, located.origin)
    except PatternDatabaseError as exc:
        raise UsageError(str(exc)) from None
    if (tables.rows, tables.cols) != (goal.rows, goal.cols):
        shape = f"{tables.rows}×{tables.cols}"
        err.write(f"npuzzle: {located.path} holds tables for a {shape} board, not {goal.rows}×{goal.cols}{instead}\n")
        return None
    err.write(f"npuzzle: --prove raises the bound with the additive tables {tables.name} ({located.path})\n")
    return AdditiveHeuristic(tables, goal)


def with_mtm_database(registry: Registry, args: argparse.Namespace, err: TextIO) -> Registry:
    """``registry`` with the multi-tile metric's database (``--mtm-pdb``, else :func:`~npuzzle.pdb.locate_mtm`'s),
    or as it is, saying on ``err`` how to make one; raises :class:`UsageError` naming a file that is not one."""
    located = Located(Path(args.mtm_pdb), "--mtm-pdb") if args.mtm_pdb else locate_mtm()
    if located.path is None:
        err.write(
            "npuzzle: no multi-tile metric database: `npuzzle pdb build --metric mtm` makes one (once, minutes "
            "with numpy) for optimal 4×4 solving in line moves; without it the answer is not proven optimal\n"
        )
        return registry
    try:
        return registry.with_mtm(read_multiset(located.path, located.origin))
    except PatternDatabaseError as exc:
        raise UsageError(str(exc)) from None


def _cluster_split(
    args: argparse.Namespace, stack: ExitStack, tables: PdbTables | None, wanted: bool
) -> Callable[[Board, Board, Limit], Search]:
    """``solve --scheduler ADDRESS BOARD``: the pattern-database search split over the cluster (connected on
    ``stack``); raises :class:`UsageError` for a board whose search would not use the tables, or no tables here."""
    if not wanted:
        raise UsageError(
            "--scheduler with one BOARD splits a 4×4's pattern-database search over the cluster, and this board's "
            "search uses no pattern database: solve it without --scheduler (or give many boards with --batch)"
        )
    if tables is None:
        raise UsageError(
            f"--scheduler with one BOARD needs the pattern database here (it is sent to the workers): "
            f"`npuzzle pdb build` makes one in {cache_dir()} (or give --pdb FILE or ${PDB_ENV})"
        )
    located = locate(getattr(args, "pdb", None))
    client = stack.enter_context(cluster_client(args.scheduler))
    return cluster_split(client, tables, None if located.path is None else str(located.path))


def compare_table(results: list[SearchResult]) -> str:
    """The course's table: heuristic, solution length, nodes expanded, maximum heap size, time."""
    header = ("heuristic", "length", "nodes expanded", "max heap size", "time (s)", "")
    rows = [header]
    for r in results:
        length = "—" if r.length is None else str(r.length)
        note = "" if r.stopped is None else f"stopped: {STOP_WORDS[r.stopped]}"
        rows.append((r.heuristic, length, f"{r.nodes_expanded:,}", f"{r.max_frontier:,}", f"{r.seconds:.3f}", note))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, 5)] + [row[5]]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def cmd_compare(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle compare``: A* with each heuristic on one board, as a table; exit 3 only on Ctrl-C."""
    board, goal = read_board_and_goal(args, stdin)
    limit = check_limits(args.max_nodes, args.time_limit)
    try:
        plans = compare_plans(board, goal)
    except UnsolvableError as exc:
        return unsolvable(args, exc, out)
    line = ProgressLine(err)
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
        out.write(f"A* on {board.format(one_line=True)} (limit {limit.nodes:,} nodes expanded per heuristic)\n")
        out.write(compare_table(results) + "\n")
    if interrupted:
        err.write("npuzzle: interrupted\n")
        return EXIT_STOPPED
    return EXIT_OK


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    """``solve``'s arguments."""
    board_arguments(
        parser,
        batch_help="solve one board per line of FILE ('-' for stdin; '#' starts a comment); prints one JSON object per "
        "board in input order, each with its 'line' ({'line', 'error', 'input'} for a line that is not a board: the "
        "run goes on), progress on stderr; exit 2 if a line was not a board, else 3 if a limit stopped a board, "
        "else 1 if one was not solvable",
    )
    where = parser.add_mutually_exclusive_group()  # processes here or a cluster: one or the other, never both
    where.add_argument(
        "--jobs",
        type=positive_int,
        metavar="N",
        help="processes: with --batch, boards solved at once (each process loads the pattern database once); "
        "else a hard 4×4's pattern-database search is split over them after its first 200,000 "
        "expansions (default: one per core)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on a Dask cluster instead of --jobs (the npuzzle[dask] extra; docs/cluster.md): a scheduler's "
        "address (tcp://host:port) or local:N for N worker processes on this machine; with --batch the boards are "
        "its tasks, else a 4×4's pattern-database search is split over its workers; exit 4 if the scheduler cannot "
        "be reached or is lost",
    )
    parser.add_argument(
        "--resume",
        metavar="OUT",
        help="with --batch: append the records to OUT instead of printing them, and solve only the boards whose "
        "records OUT does not hold yet (a run cut short goes on where it stopped); a record there twice is refused, "
        "as is an OUT another run is writing (OUT.lock names it)",
    )
    solver_arguments(parser)
    parser.add_argument(
        "--metric",
        default="stm",
        choices=METRICS,
        help="stm (default): each tile slid is one move; mtm: a whole line slid at once is one move (optimal on "
        f"boards of up to 9 cells, and on 4×4 with the database `npuzzle pdb build --metric mtm` makes, "
        f"${MTM_ENV} names or --mtm-pdb gives; else a single-tile solution counted in line moves, with a bound)",
    )
    parser.add_argument(
        "--mtm-pdb",
        metavar="FILE",
        help=f"the multi-tile metric's database (default: ${MTM_ENV}, else the cache directory's)",
    )
    blank_direction_argument(parser, "the solution's notation line names")
    add_solutions_arguments(parser)
    _search_limit_arguments(parser)
    parser.add_argument("--prove", type=positive_int, metavar="N", help=PROVE_HELP)


PROVE_HELP = (
    "near-optimal answers: then up to N nodes of IDA* with linear conflicts to raise the proven lower bound (and so "
    "lower the 'at most ×' ratio; an optimal solution found on the way replaces the answer); on a 5×5 or 6×6 with the "
    "additive tables `npuzzle pdb build --shape` makes (or $NPUZZLE_ADDITIVE names), over those. Counted, not "
    "timed; tens of millions of nodes take seconds with the fast extra (docs/near-optimal.md)"
)
"""``solve --prove``'s help."""


def _compare_arguments(parser: argparse.ArgumentParser) -> None:
    """``compare``'s arguments."""
    board_arguments(parser)
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=DEFAULT_COMPARE_NODES,
        help="nodes expanded allowed per heuristic (default: %(default)s)",
    )
    parser.add_argument("--time-limit", type=positive_seconds, help="seconds allowed per heuristic")


def _search_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """``solve``'s database and what bounds its search: ``--pdb``, ``--max-nodes``, ``--time-limit``, ``--budget``."""
    parser.add_argument(
        "--pdb",
        metavar="FILE",
        help=f"pattern-database file for 4×4 boards; default: the file named by ${PDB_ENV}, else the one "
        f"`npuzzle pdb build` made in {cache_dir()}, else none",
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        help=f"stop after N nodes expanded (exit 3); A* also stops at {Limit().memory:,} states held in memory "
        "(exit 3)",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_seconds,
        help="stop after S seconds (exit 3); auto's optimal search on 10-16 cells gives way at half of it, if sooner "
        "than its node allowance: the only clock that can change an answer",
    )
    parser.add_argument(
        "--budget",
        type=budget_units,
        metavar="W",
        help=f"near-optimal only: the work spent on a shorter answer, in units of {WORK_UNIT:,} nodes expanded "
        f"(default {DEFAULT_BUDGET:g}; 0 is fastest; more is slower and shorter; big boards may run past it). "
        "Counted, not timed: the same board and budget give the same answer on any machine and under any load; "
        "--time-limit and --max-nodes are the hard stops",
    )


SOLVE = Command(
    name="solve",
    help="find an optimal (A*, IDA*) or, above 4×4, near-optimal solution with statistics",
    description="Find a solution: optimal (A*, IDA*) or near-optimal (short, not proven optimal: it prints a "
    "proven lower bound and the worst-case ratio to the optimal length), as --algorithm and --heuristic choose "
    "(auto: see their help and docs/auto.md; the JSON's algorithm says which solver answered). Exit 0 solved, "
    "1 not solvable, 2 invalid input, 3 stopped by a limit or Ctrl-C (the best answer so far, or the "
    "statistics so far, are printed), 4 the workers lost (a worker process killed, the --scheduler lost), 5 "
    "--resume's OUT could not be written (disk full, no permission) or another run writes it.",
    add_arguments=_solve_arguments,
    run=cmd_solve,
)
COMPARE = Command(
    name="compare",
    help="run A* with each heuristic on one board and print the table",
    description="Run A* with each heuristic (discrete, hamming, manhattan, walking-distance up to 4×4, "
    "linear-conflict) on one board and "
    "print solution length, nodes expanded, maximum heap size and time; a run that hits its limit is "
    "marked. Exit 0 (even when some runs hit the limit), 1 not solvable, 2 invalid input, 3 Ctrl-C.",
    add_arguments=_compare_arguments,
    run=cmd_compare,
)
