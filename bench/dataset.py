"""``npuzzle dataset`` at scale: the whole 8-puzzle (breadth-first, and by the solver) and N random 15-puzzles.

    python -m bench dataset                    # 10,000 random 15-puzzles with the 7/7-7 tables, the whole 8-puzzle
    python -m bench dataset --count 1000       # fewer 15-puzzles

Each set runs as whole ``python -m npuzzle dataset`` processes writing Parquet: the whole 8-puzzle labelled by the
breadth-first search (``--all``, three runs), then the whole 8-puzzle labelled board by board by the solver and the
random 15-puzzles (tables of ``.cache/pdb``), each ``--jobs N`` and ``--scheduler local:N`` alternated. Prints wall
seconds, rows per second and the ratio; checks that the two ways wrote the same rows (but for their seconds), that
the solver's 181,440 lengths are the breadth-first search's, and that every 15-puzzle row is optimal. Run it under
the shared timing lock.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

import pyarrow.parquet as pq

from .cluster import timed
from .common import SHIPPED_PDB, head, load_average


def table_rows(path: Path) -> list[dict[str, object]]:
    """The rows of a Parquet dataset, without their timings."""
    rows: list[dict[str, object]] = pq.read_table(path).to_pylist()
    for row in rows:
        row.pop("seconds")
    return rows


def both_ways(name: str, argv: list[str], folder: Path, workers: int, rounds: int) -> list[dict[str, object]]:
    """Alternate ``--jobs`` and ``--scheduler local:`` runs of ``npuzzle dataset ARGV --out …``; print the medians
    and return the rows (checked equal between the two ways)."""
    ways = {"jobs": ["--jobs", str(workers)], "cluster": ["--scheduler", f"local:{workers}"]}
    seconds: dict[str, list[float]] = {way: [] for way in ways}
    rows: dict[str, list[dict[str, object]]] = {}
    for round_ in range(rounds):
        for way in list(ways) if round_ % 2 == 0 else list(ways)[::-1]:
            out = folder / f"{name.split()[0]}-{way}-{round_}.parquet"
            seconds[way].append(timed(["dataset", *argv, *ways[way], "--out", str(out)])[0])
            rows.setdefault(way, table_rows(out))
    if rows["jobs"] != rows["cluster"]:
        raise SystemExit(f"{name}: the cluster's rows differ from the worker processes'")
    a, b = statistics.median(seconds["jobs"]), statistics.median(seconds["cluster"])
    count = len(rows["jobs"])
    runs = " ".join(f"{x:.1f}" for x in seconds["jobs"]) + " | " + " ".join(f"{x:.1f}" for x in seconds["cluster"])
    print(
        f"{name:<34} --jobs {a:8.1f} s ({count / a:7.1f} rows/s)   local:{workers} {b:8.1f} s "
        f"({count / b:7.1f} rows/s)   ratio {b / a:5.2f}   runs {runs}",
        flush=True,
    )
    return rows["jobs"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench dataset", description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="random 15-puzzles (default 10,000)")
    parser.add_argument("--seed", default="bench", help="the 15-puzzles' dataset seed (default 'bench')")
    parser.add_argument("--workers", type=int, default=2, help="processes each way (default 2)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each way per set (default 1)")
    parser.add_argument("--skip-eight", action="store_true", help="leave out the 8-puzzle by the solver")
    args = parser.parse_args(argv)
    print(f"commit {head()}, load average {load_average()}", flush=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        bfs: list[float] = []
        for run in range(3):
            out = folder / f"bfs-{run}.parquet"
            bfs.append(timed(["dataset", "--shape", "3x3", "--all", "--out", str(out)])[0])
        truth = {row["index"]: row["length"] for row in table_rows(folder / "bfs-0.parquet")}
        size = (folder / "bfs-0.parquet").stat().st_size
        print(
            f"{'whole 8-puzzle, breadth-first':<34} {statistics.median(bfs):.1f} s (runs "
            f"{' '.join(f'{x:.1f}' for x in bfs)}), {len(truth):,} rows, {size / 1e6:.1f} MB",
            flush=True,
        )
        if not args.skip_eight:
            searched = both_ways("whole 8-puzzle, solver", ["--shape", "3x3", "--all", "--label", "search"], folder,
                                 args.workers, args.rounds)  # fmt: skip
            wrong = [row["index"] for row in searched if row["length"] != truth[row["index"]] or not row["optimal"]]
            print(f"{'':<34} solver's lengths against the breadth-first search: {len(wrong)} differ", flush=True)
        fifteen = ["--shape", "4x4", "--count", str(args.count), "--seed", args.seed, "--pdb", str(SHIPPED_PDB)]
        rows = both_ways(f"{args.count:,} random 15-puzzles", fifteen, folder, args.workers, args.rounds)
        lengths = [int(str(row["length"])) for row in rows]
        print(
            f"{'':<34} optimal: {sum(bool(row['optimal']) for row in rows):,} of {len(rows):,}; lengths mean "
            f"{statistics.mean(lengths):.2f}, min {min(lengths)}, max {max(lengths)}",
            flush=True,
        )
    print(f"load average {load_average()}")
    return 0
