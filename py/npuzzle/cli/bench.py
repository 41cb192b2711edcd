"""``npuzzle bench SET|FILE``: a benchmark set solved instance by instance, each length held against the published
one (:data:`npuzzle.research.instances.SETS`, or a file of one's own read by
:func:`npuzzle.research.instances.parse_boards`), with the optimal or the near-optimal solver, as a table or JSON."""

from __future__ import annotations

import argparse
import json
import statistics
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from ..board import GOAL_NAMES, GoalName
from ..errors import UnsolvableError, plural, quote_input
from ..interchange import convert_goal
from ..optimal.metric import METRIC_TITLES, metric_name
from ..pdb import PDB_ENV, cache_dir, pdb_fits
from ..policy import NEAR_OPTIMAL
from ..progress import Limit, SearchResult, metric_length, run
from ..research.exhaustive import MAX_EXHAUSTIVE_CELLS
from ..research.instances import SETS, Instance, InstanceFileError, parse_boards
from ..solving.registry import Registry, default_registry, registry_with_tables
from ..solving.solve import check_limits, plan
from .arguments import budget_units, positive_int, positive_seconds
from .common import EXIT_OK, EXIT_STOPPED, EXIT_UNSOLVABLE, Command, UsageError
from .solve import load_pdb, with_mtm_database

SOLVERS = ("auto", "optimal", "near-optimal")


def read_instances(name: str, goal: str | None) -> tuple[list[Instance], str]:
    """The instances of a set's ``name`` (posed for the ``goal`` convention when given) or of a file, and the words
    for where they come from; raises :class:`UsageError` naming a set that is neither."""
    chosen = SETS.get(name.lower())
    if chosen is not None:
        instances = chosen.read()
        if goal is None:
            return instances, f"{chosen.title}; goal: {chosen.convention}"
        target = next((g for g in GOAL_NAMES if g == goal.strip().lower()), None)
        if target is None:
            raise UsageError(f"--goal for a set must be one of {', '.join(GOAL_NAMES)}, got {quote_input(goal)}")
        posed = [_posed(i, target) for i in instances]
        return posed, f"{chosen.title}; posed for the goal {target} (turned half round: the same lengths)"
    path = Path(name)
    if not path.is_file():
        raise UsageError(f"{quote_input(name)} is neither a benchmark set ({', '.join(SETS)}) nor a file of boards")
    try:
        instances = parse_boards(path.read_text(encoding="utf-8"), goal)
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {quote_input(name)}: {exc}") from None
    except InstanceFileError as exc:
        raise UsageError(f"{name}: {exc}") from None
    if not instances:
        raise UsageError(f"{quote_input(name)} holds no boards: one board per line, as `npuzzle check` reads it")
    return instances, f"{name}; {plural(len(instances), 'board')}"


def _posed(instance: Instance, target: GoalName) -> Instance:
    source: GoalName = "default" if instance.goal == "default" else "blank-first"
    board = convert_goal(instance.board(), source, target)
    return replace(instance, tiles=board.tiles, goal=target)


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle bench SET|FILE``: every instance solved, its length held against the published one; exit 1 when
    one disagrees, 3 when one was stopped."""
    instances, source = read_instances(args.set, args.goal)
    instances = instances[: args.limit]
    fours = [i for i in instances if i.board().size == 16]
    wants = args.solver != NEAR_OPTIMAL and any(i.metric == "stm" for i in fours)
    tables = load_pdb(args, err) if wants else None
    if wants and (tables is None or not all(pdb_fits(i.board(), i.goal_board(), tables) for i in instances)):
        raise UsageError(
            f"bench needs a pattern database for the optimal 15-puzzle (a goal with the blank in a corner): `npuzzle "
            f"pdb build` makes one in {cache_dir()} (or give --pdb FILE or ${PDB_ENV}; --solver near-optimal needs "
            "none)"
        )
    registry = default_registry() if tables is None else registry_with_tables(tables)
    if args.solver != NEAR_OPTIMAL and any(i.metric == "mtm" for i in fours):
        registry = with_mtm_database(registry, args, err)
    limit = check_limits(None, args.time_limit)
    rows: list[dict[str, object]] = []
    if not args.json:
        out.write(f"{'id':>3} {'optimal':>7} {'length':>6} {'nodes':>11} {'seconds':>8} {'lower':>5} {'ratio':>6}\n")
    for instance in instances:
        result = _solve(instance, args.solver, registry, args.budget, limit)
        rows.append(_row(instance, result))
        if not args.json:
            out.write(_line(rows[-1]) + "\n")
            out.flush()
    summary = _summary(rows, source, args.solver)
    if args.json:
        out.write(json.dumps({**summary, "rows": rows}) + "\n")
    else:
        out.write(_summary_text(summary, rows) + "\n")
    if summary["stopped"]:
        return EXIT_STOPPED
    return EXIT_UNSOLVABLE if summary["mismatches"] else EXIT_OK


def _solve(instance: Instance, solver: str, registry: Registry, budget: float | None, limit: Limit) -> SearchResult:
    board, goal = instance.board(), instance.goal_board()
    algorithm = {"auto": "auto", NEAR_OPTIMAL: NEAR_OPTIMAL}.get(solver)
    if algorithm is None:
        algorithm = "astar" if board.size <= MAX_EXHAUSTIVE_CELLS else "idastar"
    try:
        chosen = plan(board, goal, algorithm, "auto", registry, budget, metric=instance.metric)
    except UnsolvableError as exc:
        raise UsageError(f"instance {instance.ident}: {exc}") from None
    return run(chosen.start(limit))


def _row(instance: Instance, result: SearchResult) -> dict[str, object]:
    """An instance's figures and whether its length agrees with the published one (see the command's help)."""
    published, length = instance.optimal, metric_length(result)
    if length is None:
        ok = None
    elif published is None:
        ok = True
    elif result.optimal:
        ok = length == published
    else:
        ok = result.lower_bound <= published <= length
    return {
        "id": instance.ident,
        "optimal": published,
        "length": length,
        "ok": ok,
        "proven": result.optimal,
        "lower_bound": result.lower_bound,
        "ratio": None if length is None or not published else round(length / published, 4),
        "nodes": result.nodes_generated,
        "seconds": round(result.seconds, 4),
        "algorithm": result.algorithm,
        "heuristic": result.heuristic,
        "metric": instance.metric,
    }


def _line(row: dict[str, object]) -> str:
    ratio = "" if row["ratio"] is None else f"{row['ratio']:.3f}"
    flag = "  STOPPED" if row["ok"] is None else "" if row["ok"] else "  WRONG LENGTH"
    published = "-" if row["optimal"] is None else row["optimal"]
    return (
        f"{row['id']:>3} {published!s:>7} {row['length']!s:>6} {row['nodes']:>11,} {row['seconds']:>8.3f} "
        f"{row['lower_bound']:>5} {ratio:>6}{flag}"
    )


def _summary(rows: list[dict[str, object]], source: str, solver: str) -> dict[str, object]:
    secs = [float(str(r["seconds"])) for r in rows]
    nodes = [int(str(r["nodes"])) for r in rows]
    slowest = max(rows, key=lambda r: float(str(r["seconds"])))
    solved = [r for r in rows if r["length"] is not None and r["optimal"] is not None]
    return {
        "set": source,
        "solver": solver,
        "instances": len(rows),
        "heuristic": ", ".join(sorted({str(r["heuristic"]) for r in rows})),
        "metric": ", ".join(sorted({str(r["metric"]) for r in rows})),
        "all_proven_optimal": all(r["proven"] for r in rows),
        "mismatches": [r["id"] for r in rows if r["ok"] is False],
        "stopped": [r["id"] for r in rows if r["ok"] is None],
        "total_length": sum(int(str(r["length"])) for r in solved),
        "total_published": sum(int(str(r["optimal"])) for r in solved),
        "total_seconds": round(sum(secs), 3),
        "median_seconds": round(statistics.median(secs), 4),
        "max_seconds": max(secs),
        "max_id": slowest["id"],
        "total_nodes": sum(nodes),
        "median_nodes": int(statistics.median(nodes)),
        "max_nodes": max(nodes),
    }


def _summary_text(summary: dict[str, object], rows: list[dict[str, object]]) -> str:
    bad = [r["id"] for r in rows if r["ok"] is False]
    stopped = [r["id"] for r in rows if r["ok"] is None]
    checked = any(r["length"] is not None and r["optimal"] is not None for r in rows)
    wrong = f"{len(bad)} WRONG: {bad}"
    if not checked:
        found = any(r["length"] is not None for r in rows)
        proven = (
            "every length proven optimal"
            if summary["all_proven_optimal"]
            else ("not every length proven optimal" if found else "no length found")
        )
        verdict = f"{proven}; none to hold against a published length"
    elif summary["all_proven_optimal"]:
        verdict = wrong if bad else "all optimal lengths match the file"
    else:
        length, published = int(str(summary["total_length"])), int(str(summary["total_published"]))
        verdict = f"lengths {length} against {published} published (ratio {length / max(1, published):.4f}); " + (
            wrong if bad else "every lower bound <= published <= length"
        )
    if stopped:
        verdict += f"; {len(stopped)} STOPPED: {stopped}"
    in_words = " and ".join(METRIC_TITLES[metric_name(m)] for m in str(summary["metric"]).split(", "))
    secs = [float(str(r["seconds"])) for r in rows]
    most = f"max {max(secs):.2f} s (#{summary['max_id']})"
    nodes = f"total {summary['total_nodes']:,}   median {summary['median_nodes']:,}   max {summary['max_nodes']:,}"
    return "\n".join(
        [
            f"set: {summary['set']}",
            f"instances: {summary['instances']}   lengths in {in_words}   heuristic: {summary['heuristic']}   "
            + verdict,
            f"total: {sum(secs):.2f} s   median {statistics.median(secs):.3f} s   {most}",
            f"nodes generated: {nodes}",
        ]
    )


def _bench_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench``'s arguments."""
    parser.add_argument("set", metavar="SET|FILE", help=f"one of {', '.join(SETS)}, or a file of boards")
    parser.add_argument(
        "--goal",
        help="a FILE's goal where it states none; for a set, default (blank last) or blank-first: solve it posed for "
        "that goal convention, each board turned half round and renamed so that its length stays the same (without "
        "it, each set keeps its own)",
    )
    parser.add_argument(
        "--solver",
        choices=SOLVERS,
        default="auto",
        help="optimal: A* (up to 9 cells) or IDA* with the strongest heuristic (the pattern database on a 4×4); "
        "near-optimal: the big boards' solver; auto: as `npuzzle solve` chooses (default)",
    )
    parser.add_argument(
        "--pdb",
        metavar="FILE",
        help=f"pattern-database file (default: the file named by ${PDB_ENV}, else the one `npuzzle pdb build` made)",
    )
    parser.add_argument(
        "--mtm-pdb",
        metavar="FILE",
        help="the multi-tile metric's database, for 4×4 lengths in line moves (as for solve)",
    )
    parser.add_argument("--limit", type=positive_int, metavar="N", help="only the first N instances")
    parser.add_argument("--budget", type=budget_units, metavar="W", help="near-optimal work, as for `npuzzle solve`")
    parser.add_argument("--time-limit", type=positive_seconds, help="per instance: stop after S seconds (exit 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")


BENCH = Command(
    name="bench",
    help="solve a benchmark set (Korf's 100, Korf & Felner's 50, the hardest 8-puzzles, a file) against its "
    "published lengths",
    description="Solve every instance of a set and hold its length against the published one. Sets: "
    + "; ".join(f"{s.name}: {s.title} (goal: {s.convention})" for s in SETS.values())
    + ". Or FILE: one board per line (as `npuzzle check` reads it on one line), each optionally followed by '# N' "
    "(its known length), under a '# goal default' (or blank-first, or a board) line or --goal, and a '# metric "
    "mtm' line for lengths in line moves (a row or column segment slid at once is one move). Prints, per "
    "instance, the id, published length, length found, nodes generated, seconds, and the lower bound and "
    "ratio; then the totals, median and maximum. Exit 0 when every length agrees with the published one (an "
    "optimal search: equal; near-optimal: lower bound <= published <= length), 1 when one does not, 2 "
    "invalid input (e.g. a 4×4 set with no pattern database), 3 a limit or Ctrl-C stopped one.",
    add_arguments=_bench_arguments,
    run=cmd_bench,
)
