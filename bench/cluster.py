"""``solve --jobs 2`` against ``solve --scheduler local:2``: batches and one hard board, whole processes alternated.

    python -m bench cluster                          # a 1-board batch (start-up), Korf's 100, 1,000 random 15-puzzles
    python -m bench cluster --rounds 3 --random 1000 --random-rounds 1 --hard   # also the two 80-move boards, split

Each set runs as whole ``python -m npuzzle solve`` processes, the two ways in alternating order round after round
(worker processes, ``--jobs N``; a local Dask cluster of as many worker processes, ``--scheduler local:N``), with the
7/7-7 tables of ``.cache/pdb``. Prints the median wall seconds of each, their ratio and the difference per board
(less the 1-board batch's difference: what the cluster costs each board beyond its start-up); the records are checked
equal (but for timings) between the two ways, the 80-move boards' lengths 80. Run it under the shared timing lock.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from npuzzle.randomize import random_board

from .common import SHIPPED_PDB, head, korf_instances, load_average

HARD = {"80a": "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0", "80b": "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"}
"""The two 80-move positions of docs/benchmarks.md (blank-first goal)."""


def timed(argv: list[str]) -> tuple[float, str]:
    """Wall seconds and stdout of ``python -m npuzzle ARGV`` (which must exit 0)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "npuzzle", *argv], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"npuzzle {' '.join(argv)} exited {done.returncode}: {done.stderr[-800:]}")
    return seconds, done.stdout


def comparable(stdout: str) -> list[str]:
    """The records without their timings."""
    return [json.dumps({k: v for k, v in json.loads(line).items() if k != "seconds"}) for line in stdout.splitlines()]


def compare(name: str, argv: list[str], workers: int, rounds: int) -> tuple[float, float]:
    """Alternate ``--jobs`` and ``--scheduler local:`` runs of ``argv``; print and return the two medians."""
    ways = {"jobs": ["--jobs", str(workers)], "cluster": ["--scheduler", f"local:{workers}"]}
    seconds: dict[str, list[float]] = {way: [] for way in ways}
    outputs: dict[str, str] = {}
    for round_ in range(rounds):
        for way in list(ways) if round_ % 2 == 0 else list(ways)[::-1]:
            spent, out = timed([*argv, *ways[way]])
            seconds[way].append(spent)
            outputs.setdefault(way, out)
    if "--batch" in argv and comparable(outputs["jobs"]) != comparable(outputs["cluster"]):
        raise SystemExit(f"{name}: the cluster's records differ from the worker processes'")
    if "--batch" not in argv and any(json.loads(out)["length"] != 80 for out in outputs.values()):
        raise SystemExit(f"{name}: not solved in 80 moves")
    a, b = statistics.median(seconds["jobs"]), statistics.median(seconds["cluster"])
    runs = " ".join(f"{x:.1f}" for x in seconds["jobs"]) + " | " + " ".join(f"{x:.1f}" for x in seconds["cluster"])
    print(f"{name:<28} --jobs {a:7.2f} s   local:{workers} {b:7.2f} s   ratio {b / a:5.2f}   runs {runs}", flush=True)
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench cluster", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each way per set (default 3)")
    parser.add_argument("--random", type=int, default=1000, help="random 15-puzzles in the third set (default 1000)")
    parser.add_argument("--random-rounds", type=int, default=1, help="runs of each way on them (default 1)")
    parser.add_argument("--seed", type=int, default=23, help="the random boards' first seed (default 23)")
    parser.add_argument("--workers", type=int, default=2, help="processes each way (default 2)")
    parser.add_argument("--hard", action="store_true", help="also the two 80-move boards, each split (one round)")
    parser.add_argument("--skip-batches", action="store_true", help="only the 80-move boards")
    args = parser.parse_args(argv)
    pdb = ["--pdb", str(SHIPPED_PDB)]
    print(f"commit {head()}, load average {load_average()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        one, korf, rand = Path(folder, "one.txt"), Path(folder, "korf.txt"), Path(folder, "random.txt")
        one.write_text("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n")
        korf.write_text("".join(" ".join(map(str, i.tiles)) + "\n" for i in korf_instances()))
        boards = (random_board(4, 4, seed=args.seed + k) for k in range(args.random))
        rand.write_text("".join(" ".join(map(str, b.tiles)) + "\n" for b in boards))
        if not args.skip_batches:
            start_a, start_b = compare("1 board (start-up)", ["solve", "--batch", str(one), *pdb], args.workers,
                                       args.rounds)  # fmt: skip
            for name, path, goal, count, rounds in (
                ("Korf's 100", korf, "blank-first", 100, args.rounds),
                (f"{args.random:,} random 15-puzzles", rand, "default", args.random, args.random_rounds),
            ):
                a, b = compare(name, ["solve", "--batch", str(path), "--goal", goal, *pdb], args.workers, rounds)
                extra = ((b - start_b) - (a - start_a)) / count * 1000
                print(f"{'':<28} cluster's cost per board beyond its start-up: {extra:+.1f} ms", flush=True)
        if args.hard:
            for name, tiles in HARD.items():
                argv = ["solve", "--json", "--goal", "blank-first", *pdb, tiles]
                compare(f"{name} split", argv, args.workers, 1)
    print(f"load average {load_average()}")
    return 0
