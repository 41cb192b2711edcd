"""The near-optimal solver on Korf & Felner's 50 random 24-puzzles and on random big / non-square boards.

For each 24-puzzle it prints the length found, the published optimal length, their ratio, the lower bound, the
states expanded, the CPython seconds and a digest of the moves; then the means (the target for the default
work budget: every one of the first 10 within 1.25× of the optimum and a mean ratio of at most 1.15, on a quiet
and on a loaded machine alike) and one digest of every answer, which is the same on any machine and under any load
(the budget is counted in states expanded, not timed). For random boards (6×6, 8×8, 10×10, 3×7, 5×9 by default)
it prints the length, the lower bound, their ratio (an upper bound on the ratio to optimal) and the seconds.

``--load K`` runs K busy loops (one Python process each, started and ended by the benchmark) for the whole run: a
loaded machine. ``--against TREE`` times each 24-puzzle's default solve (``npuzzle.solving.solve.plan``, near-optimal,
default budget) by this tree and by another checkout ``TREE`` (e.g. a worktree of main), alternated board by board
in two long-lived worker processes, and prints both and the ratio of the median seconds: the calibration of the
default budget against the older clock-paced default. ``--baseline`` adds the width-1 greedy descent on the same
tables, without shortening.

    python -m bench big                                # everything, default settings
    python -m bench big --korf 10 --shapes none --load 2               # the first 10 on a loaded machine
    python -m bench big --korf 10 --shapes none --against ../main      # default time against another tree's
    python -m bench big --pyodide --korf 10            # the same inside Pyodide (Node), the page's engine
    python -m bench big --korf 10 --shapes none --budget -1            # unpaced: fixed width, full sweeps
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from npuzzle import Board, goal_board, random_board
from npuzzle.nearoptimal.solver import DEFAULT_BUDGET, solve_big
from npuzzle.progress import SearchResult, run
from npuzzle.research.instances import korf24

from .common import engine_name, head, load_average, published
from .pyodide import add_pyodide_option, run_in_pyodide
from .trees import TreeWorker


def digest(moves: Sequence[int]) -> str:
    """A short digest of a solution, to compare answers across runs and machines."""
    return hashlib.sha256(repr(tuple(moves)).encode()).hexdigest()[:10]


def timed(board: Board, goal: Board, width: int | None, budget: float | None) -> tuple[SearchResult, float, float]:
    """Solve and verify; return the result, the wall-clock and the CPU seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run(solve_big(board, goal, width=width, budget=budget))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert result.moves is not None and board.apply(result.moves) == goal, "invalid solution"
    return result, took, cpu


def shapes_of(text: str) -> list[tuple[str, int, int]]:
    """``"6x6,3x7"`` → ``[("6x6", 6, 6), ("3x7", 3, 7)]``; ``"none"`` → ``[]``."""
    if text == "none":
        return []
    out = []
    for shape in (s.strip().lower() for s in text.split(",") if s.strip()):
        rows, cols = (int(x) for x in shape.split("x"))
        out.append((shape, rows, cols))
    return out


@contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """``count`` busy Python processes for the duration (a loaded machine); each is ended by its own id."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        if loops:
            time.sleep(1.0)  # let them take their share of the processors
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def against(other: Path, count: int, first: int) -> None:
    """Time the default solve of this tree and of ``other`` on the 24-puzzles, alternated board by board (which
    goes first alternates too), and print both and the ratio of the medians (wall clock and CPU)."""
    here = Path(__file__).resolve().parents[1]
    workers = {"this": TreeWorker(here), "other": TreeWorker(other.resolve())}
    print(f"default solve, alternated: this tree {here} ({head(here)}) against {other} ({head(other)})")
    print(f"{'id':>3} {'opt':>4} {'len':>4} {'sec':>6} {'cpu':>6} {'base len':>8} {'base sec':>8} {'base cpu':>8}")
    seconds: dict[str, list[float]] = {"this": [], "other": []}
    cpus: dict[str, list[float]] = {"this": [], "other": []}
    lengths: dict[str, list[int]] = {"this": [], "other": []}
    optima = []
    try:
        for number, inst in enumerate([k for k in korf24() if k.ident >= first][:count]):
            board, goal = inst.board(), inst.goal_board()
            order = ("this", "other") if number % 2 == 0 else ("other", "this")
            got = {name: workers[name].solve(board, goal) for name in order}
            for name, out in got.items():
                assert board.apply(out.moves) == goal, f"{name}: invalid solution"
                seconds[name].append(out.seconds)
                cpus[name].append(out.cpu)
                lengths[name].append(len(out.moves))
            optima.append(published(inst))
            mine, base = got["this"], got["other"]
            print(
                f"{inst.ident:>3} {inst.optimal:>4} {len(mine.moves):>4} {mine.seconds:>6.2f} {mine.cpu:>6.2f} "
                f"{len(base.moves):>8} {base.seconds:>8.2f} {base.cpu:>8.2f}",
                flush=True,
            )
    finally:
        for worker in workers.values():
            worker.close()
    for name in ("this", "other"):
        ratios = [length / optimum for length, optimum in zip(lengths[name], optima, strict=True)]
        print(
            f"{name}: mean ratio {statistics.mean(ratios):.4f}, worst {max(ratios):.3f}; seconds median "
            f"{statistics.median(seconds[name]):.2f}, mean {statistics.mean(seconds[name]):.2f}, "
            f"max {max(seconds[name]):.2f}; CPU seconds median {statistics.median(cpus[name]):.2f}"
        )
    ratio = statistics.median(seconds["this"]) / statistics.median(seconds["other"])
    cpu_ratio = statistics.median(cpus["this"]) / statistics.median(cpus["other"])
    print(f"median seconds this / other: {ratio:.3f} (CPU seconds {cpu_ratio:.3f})")


def korf_table(args: argparse.Namespace, budget: float | None) -> None:
    """The 24-puzzle table and its means."""
    print(f"Korf & Felner 24-puzzles: width {args.width}, work budget {budget}")
    print(
        f"{'id':>3} {'opt':>4} {'len':>4} {'ratio':>6} {'lb':>4} {'expanded':>9} {'sec':>6} {'cpu':>6} {'moves':>10}"
        + ("  base" if args.baseline else "")
    )
    ratios, lengths, optima, seconds, cpus, base_lengths, digests = [], [], [], [], [], [], []
    chosen = [k for k in korf24() if k.ident >= args.first][: args.korf]
    for inst in chosen:
        board, goal, optimum = inst.board(), inst.goal_board(), published(inst)
        result, took, cpu = timed(board, goal, args.width, budget)
        moves = result.moves or ()
        digests.append(digest(moves))
        line = (
            f"{inst.ident:>3} {optimum:>4} {len(moves):>4} {len(moves) / optimum:>6.3f} {result.lower_bound:>4} "
            f"{result.nodes_expanded:>9} {took:>6.2f} {cpu:>6.2f} {digests[-1]:>10}"
        )
        if args.baseline:
            base = run(solve_big(board, goal, width=1, budget=None, shorten_path=False))
            base_lengths.append(len(base.moves or ()))
            line += f"  {base_lengths[-1]:>4}"
        print(line, flush=True)
        ratios.append(len(moves) / optimum)
        lengths.append(len(moves))
        optima.append(optimum)
        seconds.append(took)
        cpus.append(cpu)
    print(
        f"mean length {statistics.mean(lengths):.2f} vs optimal {statistics.mean(optima):.2f}: "
        f"ratio of means {sum(lengths) / sum(optima):.4f}, mean ratio {statistics.mean(ratios):.4f}, "
        f"worst {max(ratios):.3f}, over 1.25: {sum(r > 1.25 for r in ratios)}; seconds mean "
        f"{statistics.mean(seconds):.2f}, median {statistics.median(seconds):.2f}, max {max(seconds):.2f}; CPU "
        f"seconds mean {statistics.mean(cpus):.2f}"
    )
    print(f"digest of all {len(digests)} answers: {digest([int(d, 16) for d in digests])}")
    if base_lengths:
        print(f"baseline (width 1, no shortening) mean ratio {sum(base_lengths) / sum(optima):.4f}")


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bench big", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--korf", type=int, default=50, help="how many of the 50 24-puzzles (default all)")
    parser.add_argument("--first", type=int, default=1, help="the first instance id to run (default 1)")
    parser.add_argument("--width", type=int, help="the beam's largest width (default: chosen from the budget)")
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help=f"the work budget in units (default {DEFAULT_BUDGET:g}; a negative value means none: unpaced)",
    )
    parser.add_argument(
        "--shapes",
        default="6x6,8x8,10x10,3x7,5x9",
        help="random board shapes, comma-separated RxC (default 6x6,8x8,10x10,3x7,5x9; 'none' to skip)",
    )
    parser.add_argument("--per-shape", type=int, default=3, help="random boards per shape (default 3)")
    parser.add_argument("--baseline", action="store_true", help="also run the width-1 greedy baseline")
    parser.add_argument("--load", type=int, default=0, metavar="K", help="run K busy loops meanwhile (default 0)")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="TREE",
        help="time the default solve of the 24-puzzles against the checkout TREE, alternated (and nothing else)",
    )
    add_pyodide_option(parser)
    args = parser.parse_args(argv)
    with busy_loops(args.load):
        print(f"engine: {engine_name()}; {args.load} busy loops; load average {load_average()}")
        if args.pyodide:
            if args.against is not None:
                parser.error("--against runs in CPython only")
            inner = ["big", *(a for a in argv if a != "--pyodide")]
            if "--load" in inner:
                at = inner.index("--load")
                del inner[at : at + 2]
            return run_in_pyodide(inner)
        if args.against is not None:
            against(args.against, args.korf, args.first)
        else:
            measure(args)
        print(f"load average at the end {load_average()}")
    return 0


def measure(args: argparse.Namespace) -> None:
    """The 24-puzzle table, then the random boards."""
    budget = None if args.budget < 0 else args.budget
    if args.korf > 0:
        korf_table(args, budget)
    shapes = shapes_of(args.shapes)
    if shapes:
        print(f"\nrandom boards (default goal): width {args.width}, work budget {budget}")
        print(
            f"{'shape':>6} {'seed':>4} {'len':>5} {'lb':>5} {'len/lb':>6} {'expanded':>9} {'sec':>6} {'cpu':>6} "
            f"{'moves':>10}"
        )
        for shape, rows, cols in shapes:
            goal = goal_board(rows, cols)
            for seed in range(args.per_shape):
                board = random_board(rows, cols, seed=seed)
                result, took, cpu = timed(board, goal, args.width, budget)
                moves = result.moves or ()
                print(
                    f"{shape:>6} {seed:>4} {len(moves):>5} {result.lower_bound:>5} "
                    f"{len(moves) / max(1, result.lower_bound):>6.3f} {result.nodes_expanded:>9} {took:>6.2f} "
                    f"{cpu:>6.2f} {digest(moves):>10}",
                    flush=True,
                )
