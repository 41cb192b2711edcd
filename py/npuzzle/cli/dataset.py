"""``npuzzle dataset``: boards with their optimal solutions written to a JSON-lines, CSV or Parquet file
(:mod:`npuzzle.research.dataset`, :mod:`npuzzle.research.datafiles`), solved as ``solve --batch`` solves (``--jobs``,
``--scheduler``), with the batch's progress line and tally; ``--resume`` goes on with the rows the file does not hold
yet."""

from __future__ import annotations

import argparse
import shlex
from contextlib import ExitStack, closing
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .. import __version__
from ..errors import ClusterError, OutputError, plural, quote_path
from ..names import AUTO, name_key
from ..parallel.workers import default_jobs
from ..parallel.writelock import writing
from ..parse import parse_shape
from ..pdb import PDB_ENV, cache_dir, locate
from ..research.batch import BatchOptions
from ..research.datafiles import (
    DatasetWriter,
    arrow_schema,
    drop_rows,
    file_format,
    open_writer,
    parts_folder,
    rows_done,
    started,
    tiles_by_index,
)
from ..research.dataset import LABELS, DatasetSpec, dataset_rows, parse_scramble
from ..research.exhaustive import MAX_EXHAUSTIVE_CELLS
from ..solving.records import wants_tables
from ..solving.solve import check_limits
from .arguments import GOAL_HELP, budget_units, positive_int, positive_seconds, solver_arguments
from .batch import BatchTally
from .cluster import cluster_client
from .common import EXIT_STOPPED, Command, UsageError
from .resume import stopped

if TYPE_CHECKING:
    from distributed import Client


def cmd_dataset(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle dataset``: the rows of the dataset written to ``--out`` with progress on ``err``; exit 3 when a
    board was stopped by a limit or Ctrl-C stopped the run (the rows so far are in the file)."""
    rows, cols = parse_shape(args.shape)
    if args.all and (args.scramble is not None or args.seed is not None):
        raise UsageError("--all takes every state in order of distance: --scramble and --seed draw boards for --count")
    count = None if args.all else args.count
    scramble = parse_scramble("random" if args.scramble is None else args.scramble)
    spec = DatasetSpec(rows, cols, count, scramble, "0" if args.seed is None else args.seed, args.goal)
    path = Path(args.out)
    if not path.parent.is_dir():  # said now, not after the first board's work
        raise UsageError(f"cannot write the dataset {quote_path(path)}: there is no folder {path.parent}")
    if file_format(path) == "parquet":
        arrow_schema()  # pyarrow missing: said now, not after the first part's work
    with writing(path):  # one run at a time: a second one is refused, told which run writes the file
        return _write_dataset(args, spec, path, err)


def _write_dataset(args: argparse.Namespace, spec: DatasetSpec, path: Path, err: TextIO) -> int:
    """:func:`cmd_dataset` once it holds the file: resume it or start it, and write the rows it lacks."""
    if started(path) and not args.resume:
        raise UsageError(
            f"{quote_path(path)} is already there: --resume goes on with it, or give another --out (a dataset "
            "file is never overwritten)"
        )
    located = locate(args.pdb)
    if located.path is None and _wants_tables(spec, args):
        raise UsageError(
            f"a {spec.rows}×{spec.cols} dataset is labelled with the pattern database, and there is none here (--pdb, "
            f"${PDB_ENV} or {cache_dir()}): without it most random boards' rows would be near-optimal, not proven. "
            "Build it once with `npuzzle pdb build`, or name the solver: --algorithm near-optimal (rows marked "
            "optimal false) or --algorithm idastar (every row proven without it: fine for short walks, hours for "
            "some random boards)"
        )
    done = rows_done(path)
    retried = {index for index, row in done.items() if row["stopped"]}
    if retried:  # a limit stopped them: solved again, as any board the file lacks (with this run's limits)
        drop_rows(path, retried)
        done = {index: row for index, row in done.items() if index not in retried}
        err.write(f"npuzzle: {plural(len(retried), 'row')} a limit stopped taken out of {path} to be solved again\n")
    options = BatchOptions(
        algorithm=args.algorithm,
        heuristic=args.heuristic,
        budget=args.budget,
        limit=check_limits(args.max_nodes, args.time_limit),
        pdb=None if located.path is None else str(located.path),
    )
    about = _about(spec, args, located.path)
    tally = BatchTally(err, spec.total)
    for row in done.values():  # counted as the batch's tally counts records: solved, or stopped by a limit
        tally.add({"stopped": row["stopped"], "moves": None if row["length"] is None else ""}, quiet=True)
    if done:
        err.write(f"npuzzle: {plural(len(done), 'row')} of {spec.total:,} already in {path}\n")
    with ExitStack() as stack:
        jobs: int | Client = args.jobs or default_jobs()
        if args.scheduler is not None:
            jobs = stack.enter_context(cluster_client(args.scheduler))
        writer: DatasetWriter | None = None
        written = 0
        made = stack.enter_context(closing(dataset_rows(spec, options, jobs, args.label, tiles_by_index(done))))
        try:
            for row in made:
                writer = writer or open_writer(path, about)
                writer.write(row)
                written += 1
                tally.add(row)
            if writer is None and file_format(path) == "parquet" and parts_folder(path).exists():
                writer = open_writer(path, about)  # every row was in the parts already: join them
            _close(writer, complete=True)
        except KeyboardInterrupt:
            _close(writer, complete=False)
            tally.finish(interrupted=True)
            err.write(f"npuzzle: interrupted: {plural(written, 'row')} written; --resume goes on\n")
            return EXIT_STOPPED
        except (OutputError, ClusterError) as exc:  # the disk full, no permission, the workers lost: rows kept
            if not isinstance(exc, OutputError):
                _close(writer, complete=False)  # a writer that failed is closed already
            tally.finish(interrupted=True)
            return stopped(err, exc, plural(0 if writer is None else writer.saved, "row"))
        except Exception:  # DatasetError …: the rows so far stay in the file
            _close(writer, complete=False)
            raise
    tally.finish()
    err.write(f"npuzzle: {plural(written, 'row')} written to {path} ({spec.total:,} in all)\n")
    return tally.exit_code()


def _about(spec: DatasetSpec, args: argparse.Namespace, tables: Path | None) -> dict[str, object]:
    """How the dataset is made, for its Parquet metadata (:func:`npuzzle.research.datafiles.read_about`): enough to make
    the file again, the package's version, the boards (shape, count, scramble, seed, goal), the solver and its
    limits, the tables (their file's name and size) and this run's command line."""
    used = None if tables is None or not tables.is_file() else {"file": tables.name, "bytes": tables.stat().st_size}
    return {
        "npuzzle": __version__,
        "command": shlex.join(args.command_line),
        "shape": f"{spec.rows}x{spec.cols}",
        "count": spec.count,
        "scramble": "all" if spec.count is None else "random" if spec.walk is None else f"walk:{spec.walk}",
        "seed": spec.seed,
        "goal": spec.goal,
        "metric": "stm",
        "label": args.label,
        "algorithm": args.algorithm,
        "heuristic": args.heuristic,
        "budget": args.budget,
        "max_nodes": args.max_nodes,
        "time_limit": args.time_limit,
        "tables": used,
    }


def _wants_tables(spec: DatasetSpec, args: argparse.Namespace) -> bool:
    """Whether ``auto`` labels the dataset's boards with the pattern database (a 4×4 whose goal it serves, no
    algorithm named; :func:`npuzzle.solving.records.wants_tables`), so that a run without it is refused."""
    goal = spec.goal_board
    named = name_key(args.algorithm) != AUTO.name
    return args.label != "bfs" and not named and wants_tables(goal, goal, args.algorithm, args.heuristic)


def _close(writer: DatasetWriter | None, complete: bool) -> None:
    if writer is not None:
        writer.close(complete)


def _dataset_arguments(parser: argparse.ArgumentParser) -> None:
    """``dataset``'s arguments."""
    parser.add_argument("--shape", required=True, help="ROWSxCOLS, e.g. 4x4")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--count", type=positive_int, metavar="N", help="how many boards to draw")
    which.add_argument(
        "--all",
        action="store_true",
        help=f"every state that can reach the goal, in order of distance (boards of up to {MAX_EXHAUSTIVE_CELLS} "
        "cells: the 8-puzzle's 181,440)",
    )
    parser.add_argument(
        "--scramble",
        metavar="random|walk:K",
        help="random: uniformly random solvable boards; walk:K: K random moves from the goal (default: random)",
    )
    parser.add_argument("--seed", help="the dataset's seed: board i is drawn from SEED/i (default 0)")
    parser.add_argument("--goal", default="default", help=GOAL_HELP)
    parser.add_argument("--out", required=True, metavar="FILE", help="FILE.parquet, FILE.jsonl or FILE.csv")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go on with a FILE a run left (only the rows it lacks are solved, and the rows a limit stopped are "
        "solved again); without it an existing FILE is refused, as is a FILE another run is writing (FILE.lock "
        "names it)",
    )
    parser.add_argument(
        "--label",
        choices=LABELS,
        default="auto",
        help=f"bfs: one breadth-first search from the goal (boards of up to {MAX_EXHAUSTIVE_CELLS} cells); search: "
        "the solver, board by board; auto: bfs where it fits and no --algorithm or --heuristic is named (default)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=positive_int, metavar="N", help="processes solving boards (default: 1 per core)")
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on a Dask cluster (tcp://host:port, or local:N): docs/cluster.md",
    )
    solver_arguments(parser)
    parser.add_argument("--pdb", metavar="FILE", help="the 15-puzzle's pattern database, as for `npuzzle solve`")
    parser.add_argument("--budget", type=budget_units, metavar="W", help="near-optimal work, as for `npuzzle solve`")
    parser.add_argument(
        "--max-nodes", type=positive_int, help="per board: stop after N nodes expanded (the row is marked)"
    )
    parser.add_argument(
        "--time-limit",
        type=positive_seconds,
        help="per board: stop after S seconds (marked); without it no clock changes a row",
    )


DATASET = Command(
    name="dataset",
    help="write boards with their optimal solutions to a Parquet, JSON-lines or CSV file (for learning)",
    description="Draw boards (seeded: board i from SEED/i) or take every state of a small board, solve each "
    "optimally (near-optimal rows are marked, optimal false) and write one row per board to --out: index, "
    "rows, cols, tiles, goal, length, optimal, lower_bound, moves (U/D/L/R), nodes_expanded, seconds, algorithm, "
    "heuristic, stopped (docs/research.md). Boards of up to "
    f"{MAX_EXHAUSTIVE_CELLS} cells are labelled by one breadth-first search from the goal, others by the "
    "solver, as `solve --batch` (--jobs, --scheduler). Exit 0 done, 2 invalid input, 3 a board stopped by a "
    "limit, or Ctrl-C or SIGTERM (the rows so far are kept: --resume goes on), 4 the workers lost (a worker "
    "process killed, the Dask scheduler lost), 5 the file could not be written (disk full, no permission: the "
    "rows written before are kept) or another run writes it.",
    add_arguments=_dataset_arguments,
    run=cmd_dataset,
)
