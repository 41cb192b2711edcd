#!/usr/bin/env python3
"""Benchmark: solve Korf's 100 15-puzzles optimally with the pattern-database IDA* and check every length.

    python scripts/bench_korf.py                       # all 100, 7-7-1 tables from .cache/pdb (built if missing)
    python scripts/bench_korf.py --ids 1-10,60 --no-reflect --partition 6-6-3
    python scripts/bench_korf.py --baseline 10         # also time the generic IDA* on the 10 easiest
    python scripts/bench_korf.py --walking --ids 12,79 --baseline 8   # walking distance instead

Prints one line per instance (id, optimal length from the file, length found, nodes generated and expanded,
wall seconds, CPU seconds), then totals, median and maximum. ``--baseline N`` runs the library's generic IDA*
with linear conflict on the N instances that are easiest for Manhattan distance (by the file's node counts)
in the same run and prints the speed-up on those. Exit status 1 if any length differs from the file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(HERE))

from npuzzle.board import Board, goal_board  # noqa: E402
from npuzzle.pdbsearch import load_tables, solve_with_pdb  # noqa: E402
from npuzzle.progress import Search, run  # noqa: E402
from npuzzle.walking import solve_with_walking_distance, walking_tables  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "korf100.txt"


def read_instances(path: Path) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """``(id, optimal length, Manhattan IDA* nodes, tiles)`` for each line of a Korf-format file."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, tiles = line.split("|")
        fields = head.split()
        out.append((int(fields[0]), int(fields[1]), int(fields[3]), tuple(int(t) for t in tiles.split())))
    return out


def parse_ids(text: str) -> set[int]:
    """``"1-10,60"`` → {1, …, 10, 60}."""
    ids: set[int] = set()
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            ids.update(range(int(a), int(b) + 1))
        elif part.strip():
            ids.add(int(part))
    return ids


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA if DEFAULT_DATA.exists()
                        else ROOT / "tests" / "data" / "korf100.txt", help="instance file (Korf format)")
    parser.add_argument("--pdb-dir", type=Path, default=ROOT / ".cache" / "pdb", help="where the tables are")
    parser.add_argument("--ids", help="instance ids to run, e.g. 1-10,60 (default: all)")
    parser.add_argument("--partition", default="7-7-1", help="which database (7-7-1, 6-6-3, 5-5-5; default 7-7-1)")
    parser.add_argument("--no-reflect", action="store_true", help="without the reflected lookup")
    parser.add_argument("--walking", action="store_true",
                        help="solve with walking-distance IDA* instead of the databases (no tables needed)")
    parser.add_argument("--baseline", type=int, default=0, metavar="N",
                        help="also run generic IDA* + linear conflict on the N easiest instances")
    args = parser.parse_args(argv)

    import build_pdb

    goal = goal_board(4, 4, "blank-first")
    t = time.perf_counter()
    if args.walking:
        tables = walking_tables(goal)
        print(f"walking-distance tables ready in {time.perf_counter() - t:.2f} s", flush=True)

        def solver(board: Board) -> Search:
            return solve_with_walking_distance(board, goal, tables=tables)
    else:
        path = build_pdb.build(args.pdb_dir, args.partition, quiet=True)
        t = time.perf_counter()
        tables = load_tables(path.read_bytes(), 4, 4)
        print(f"tables: {path} ({path.stat().st_size:,} bytes, partition {tables.database.partition}), "
              f"loaded and indexed in {time.perf_counter() - t:.2f} s", flush=True)

        def solver(board: Board) -> Search:
            return solve_with_pdb(board, goal, tables, reflect=not args.no_reflect)

    instances = read_instances(args.data)
    if args.ids:
        wanted = parse_ids(args.ids)
        instances = [i for i in instances if i[0] in wanted]
    print(f"{'id':>3} {'opt':>3} {'len':>3} {'generated':>11} {'expanded':>10} {'seconds':>8} {'cpu':>7}")
    rows = []
    bad = 0
    for ident, optimal, _, tiles in instances:
        board = Board(4, 4, tiles)
        cpu = time.process_time()
        result = run(solver(board))
        cpu = time.process_time() - cpu
        ok = result.length == optimal
        bad += not ok
        rows.append((ident, result.nodes_generated, result.nodes_expanded, result.seconds, cpu))
        print(f"{ident:>3} {optimal:>3} {result.length!s:>3} {result.nodes_generated:>11,} {result.nodes_expanded:>10,} "
              f"{result.seconds:>8.3f} {cpu:>7.3f}{'' if ok else '  WRONG LENGTH'}", flush=True)
    if not rows:
        print("no instances selected")
        return 1
    heuristic = result.heuristic
    secs = [r[3] for r in rows]
    cpus = [r[4] for r in rows]
    gen = [r[1] for r in rows]
    slowest = max(rows, key=lambda r: r[3])
    print(f"instances: {len(rows)}   lengths: {'all optimal' if not bad else f'{bad} WRONG'}   "
          f"heuristic: {heuristic}")
    print(f"total: {sum(secs):.2f} s wall, {sum(cpus):.2f} s CPU   median {statistics.median(secs):.3f} s   "
          f"max {slowest[3]:.2f} s (#{slowest[0]})")
    print(f"nodes generated: total {sum(gen):,}   mean {sum(gen) // len(gen):,}   median "
          f"{int(statistics.median(gen)):,}   max {max(gen):,}   rate {sum(gen) / max(sum(cpus), 1e-9):,.0f}/s CPU")
    if args.baseline:
        from npuzzle.solve import solve

        easy = sorted(instances, key=lambda i: i[2])[: args.baseline]
        base = fast = 0.0
        for ident, optimal, _, tiles in easy:
            board = Board(4, 4, tiles)
            t = time.process_time()
            result = run(solve(board, goal, "idastar", "linear-conflict"))
            base += time.process_time() - t
            assert result.length == optimal, ident
            t = time.process_time()
            run(solver(board))
            fast += time.process_time() - t
        print(f"baseline (generic IDA* + linear conflict) on the {len(easy)} easiest: {base:.2f} s CPU vs "
              f"{fast:.2f} s with {heuristic}: {base / max(fast, 1e-9):.1f}× faster")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
