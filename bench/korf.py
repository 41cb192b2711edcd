"""Korf's 100 15-puzzles solved optimally with the pattern-database IDA*, every length checked.

    python -m bench korf                       # all 100 in CPython, 7/7-7 tables from .cache/pdb
    python -m bench korf --pyodide             # the same inside Pyodide under Node (the page's engine)
    python -m bench korf --both                # CPython, then Pyodide, and the ratio of the two
    python -m bench korf --ids 1-10,60 --no-reflect --partition 6-6-3
    python -m bench korf --baseline 10         # also time the generic IDA* on the 10 easiest
    python -m bench korf --walking --ids 12,79 --baseline 8   # walking distance instead

Prints one line per instance (id, optimal length from the file, length found, nodes generated and expanded,
wall seconds), then the time to load the tables, totals, median and maximum. The tables are built first when
missing (``scripts/build_pdb.py``, numpy). ``--baseline N`` runs the library's generic IDA* with linear
conflict on the N instances that are easiest for Manhattan distance (by the file's node counts) in the same run
and prints the speed-up on those. Exit status 1 if any length differs from the file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from npuzzle.board import Board, goal_board
from npuzzle.optimal.walking import walking_tables
from npuzzle.optimal.walking_search import solve_with_walking_distance
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.pdb.tables import load_tables
from npuzzle.progress import Search, run

from .browser import ROOT
from .common import PDB_DIR, engine_name, korf_instances, pdb_file
from .pyodide import run_in_pyodide


def benchmark(args: argparse.Namespace) -> tuple[int, dict[str, float]]:
    """Run the selected instances; print the table; return (exit status, summary)."""
    goal = goal_board(4, 4, "blank-first")
    solver: Callable[[Board], Search]
    t = time.perf_counter()
    if args.walking:
        tables = walking_tables(goal)
        load_seconds = time.perf_counter() - t
        print(f"walking-distance tables built in {load_seconds:.2f} s", flush=True)

        def solver(board: Board) -> Search:
            return solve_with_walking_distance(board, goal, tables=tables)
    else:
        path, _ = pdb_file(args.pdb_dir, args.partition)
        t = time.perf_counter()
        pdb = load_tables(path.read_bytes(), 4, 4)
        load_seconds = time.perf_counter() - t
        print(
            f"tables: {path} ({path.stat().st_size:,} bytes, partition {pdb.database.partition}), "
            f"read, inflated and indexed in {load_seconds:.2f} s",
            flush=True,
        )

        def solver(board: Board) -> Search:
            return solve_with_pdb(board, goal, pdb, reflect=not args.no_reflect)

    instances = korf_instances(args.data, args.ids)
    print(f"{'id':>3} {'opt':>3} {'len':>3} {'generated':>11} {'expanded':>10} {'seconds':>8}")
    rows = []
    bad = 0
    heuristic = ""
    for inst in instances:
        result = run(solver(inst.board()))
        heuristic = result.heuristic
        ok = result.length == inst.optimal
        bad += not ok
        rows.append((inst.ident, result.nodes_generated, result.seconds))
        print(
            f"{inst.ident:>3} {inst.optimal:>3} {result.length!s:>3} {result.nodes_generated:>11,} "
            f"{result.nodes_expanded:>10,} {result.seconds:>8.3f}{'' if ok else '  WRONG LENGTH'}",
            flush=True,
        )
    if not rows:
        print("no instances selected")
        return 1, {}
    secs = [r[2] for r in rows]
    gen = [r[1] for r in rows]
    slowest = max(rows, key=lambda r: r[2])
    print(
        f"{engine_name()}: {len(rows)} instances, {'all lengths optimal' if not bad else f'{bad} WRONG LENGTHS'}, "
        f"heuristic {heuristic}"
    )
    print(
        f"total {sum(secs):.2f} s   median {statistics.median(secs):.3f} s   max {slowest[2]:.2f} s (#{slowest[0]})"
        f"   tables ready in {load_seconds:.2f} s"
    )
    print(
        f"nodes generated: total {sum(gen):,}   mean {sum(gen) // len(gen):,}   median "
        f"{int(statistics.median(gen)):,}   max {max(gen):,}   {sum(gen) / max(sum(secs), 1e-9):,.0f} per second"
    )
    summary = {
        "total": sum(secs),
        "median": statistics.median(secs),
        "max": slowest[2],
        "load": load_seconds,
        "wrong": float(bad),
    }
    if args.baseline:
        from npuzzle.solving.solve import solve

        easy = sorted(instances, key=lambda i: i.manhattan_nodes or 0)[: args.baseline]
        base = fast = 0.0
        for inst in easy:
            board = inst.board()
            result = run(solve(board, goal, "idastar", "linear-conflict"))
            base += result.seconds
            assert result.length == inst.optimal, inst.ident
            fast += run(solver(board)).seconds
        print(
            f"baseline (generic IDA* + linear conflict) on the {len(easy)} easiest: {base:.2f} s vs "
            f"{fast:.2f} s with {heuristic}: {base / max(fast, 1e-9):.1f}× faster"
        )
    return (1 if bad else 0), summary


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench korf", description=(__doc__ or "").split("\n")[0])
    parser.add_argument(
        "--data",
        type=Path,
        help="instance file in Korf's format, inside the repository for --pyodide "
        "(default: the package's py/npuzzle/data/korf100.txt)",
    )
    parser.add_argument("--pdb-dir", default=str(PDB_DIR), help="where the tables are")
    parser.add_argument(
        "--partition",
        default="7-7-7",
        help="which database (7-7-7, 7-7-1, 6-6-3, 5-5-5; default 7-7-7: 7/7-7, the site's)",
    )
    parser.add_argument("--ids", help="instance ids to run, e.g. 1-10,60 (default: all)")
    parser.add_argument("--no-reflect", action="store_true", help="without the reflected lookup")
    parser.add_argument(
        "--walking",
        action="store_true",
        help="solve with walking-distance IDA* instead of the databases (no tables needed)",
    )
    parser.add_argument(
        "--baseline",
        type=int,
        default=0,
        metavar="N",
        help="also run generic IDA* + linear conflict on the N easiest instances",
    )
    parser.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node instead of CPython")
    parser.add_argument("--both", action="store_true", help="run in CPython, then in Pyodide; print the ratio")
    parser.add_argument("--summary", help=argparse.SUPPRESS)  # where a Pyodide run writes its totals (JSON)
    args = parser.parse_args(argv)
    if (args.pyodide or args.both) and args.data and not args.data.resolve().is_relative_to(ROOT):
        parser.error(f"--data {args.data} must be inside {ROOT} for a Pyodide run (only that folder is mounted)")
    # the same options for a run inside Pyodide, with absolute paths (its working directory is elsewhere)
    inner = [
        "korf",
        "--pdb-dir",
        str(Path(args.pdb_dir).resolve()),
        "--partition",
        args.partition,
        "--baseline",
        str(args.baseline),
    ]
    inner += ["--data", str(args.data.resolve())] if args.data else []
    inner += ["--ids", args.ids] if args.ids else []
    inner += ["--no-reflect"] if args.no_reflect else []
    inner += ["--walking"] if args.walking else []
    if args.pyodide and sys.platform != "emscripten":
        return run_in_pyodide(inner)
    status, summary = benchmark(args)
    if args.summary:
        Path(args.summary).write_text(json.dumps(summary))
    if args.both and sys.platform != "emscripten":
        with tempfile.TemporaryDirectory(dir=ROOT / ".cache") as folder:
            out = Path(folder) / "pyodide.json"
            print("\n--- the same in Pyodide (Node) ---", flush=True)
            status = run_in_pyodide(inner + ["--summary", str(out)]) or status
            if out.exists():
                other = json.loads(out.read_text())
                print(
                    f"\nPyodide / CPython: total {other['total'] / summary['total']:.2f}×   "
                    f"median {other['median'] / summary['median']:.2f}×   "
                    f"max {other['max'] / summary['max']:.2f}×   "
                    f"table load {other['load']:.2f} s vs {summary['load']:.2f} s"
                )
    return status
