"""The near-optimal solver on Korf & Felner's 50 random 24-puzzles and on random big / non-square boards.

For each 24-puzzle it prints the length found, the published optimal length, their ratio, the lower bound and
the CPython seconds; then the means (the target is a mean ratio of at most 1.25 with every instance under 5 s in
the page, about 3.4 s of CPython). For random boards (6×6, 8×8, 10×10, 3×7, 5×9 by default) it prints the length,
the lower bound, their ratio (an upper bound on the ratio to optimal) and the seconds.

The baseline measured in the same run is the solver with beam width 1 and no shortening (a greedy descent on
the same tables), so the printed speed-up and quality gain are against the same machine and load.

    python -m bench big                 # everything, default settings
    python -m bench big --pyodide --korf 10           # the same inside Pyodide (Node), the page's engine
    python -m bench big --korf 10 --shapes none --seconds -1   # fixed width
"""

from __future__ import annotations

import argparse
import statistics
import time

from npuzzle import Board, goal_board, random_board
from npuzzle.instances import korf24
from npuzzle.nearoptimal.solver import DEFAULT_SECONDS, DEFAULT_WIDTH, solve_big
from npuzzle.progress import SearchResult, run

from .common import engine_name
from .pyodide import add_pyodide_option, rerun_in_pyodide


def timed(board: Board, goal: Board, width: int, seconds: float | None) -> tuple[SearchResult, float]:
    """Solve and verify; return the result and the wall-clock seconds."""
    start = time.perf_counter()
    result = run(solve_big(board, goal, width=width, seconds=seconds))
    took = time.perf_counter() - start
    assert result.moves is not None and board.apply(result.moves) == goal, "invalid solution"
    return result, took


def shapes_of(text: str) -> list[tuple[str, int, int]]:
    """``"6x6,3x7"`` → ``[("6x6", 6, 6), ("3x7", 3, 7)]``; ``"none"`` → ``[]``."""
    if text == "none":
        return []
    out = []
    for shape in (s.strip().lower() for s in text.split(",") if s.strip()):
        rows, cols = (int(x) for x in shape.split("x"))
        out.append((shape, rows, cols))
    return out


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bench big", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--korf", type=int, default=50, help="how many of the 50 24-puzzles (default all)")
    parser.add_argument("--first", type=int, default=1, help="the first instance id to run (default 1)")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help=f"beam width (default {DEFAULT_WIDTH})")
    parser.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"the soft time budget (default {DEFAULT_SECONDS}; a negative value means none: fixed width)",
    )
    parser.add_argument(
        "--shapes",
        default="6x6,8x8,10x10,3x7,5x9",
        help="random board shapes, comma-separated RxC (default 6x6,8x8,10x10,3x7,5x9; 'none' to skip)",
    )
    parser.add_argument("--per-shape", type=int, default=3, help="random boards per shape (default 3)")
    parser.add_argument("--baseline", action="store_true", help="also run the width-1 greedy baseline")
    add_pyodide_option(parser)
    args = parser.parse_args(argv)
    if args.pyodide:
        return rerun_in_pyodide("big", argv)
    print(f"engine: {engine_name()}")
    budget = None if args.seconds < 0 else args.seconds

    if args.korf > 0:
        print(f"Korf & Felner 24-puzzles: width {args.width}, soft budget {budget} s")
        print(
            f"{'id':>3} {'opt':>4} {'len':>4} {'ratio':>6} {'lb':>4} {'sec':>6}" + ("  base" if args.baseline else "")
        )
        ratios, lengths, optima, seconds, base_lengths = [], [], [], [], []
        chosen = [k for k in korf24() if k.ident >= args.first][: args.korf]
        for inst in chosen:
            board, goal, optimum = inst.board(), inst.goal_board(), inst.optimal
            result, took = timed(board, goal, args.width, budget)
            length = len(result.moves or ())
            line = (
                f"{inst.ident:>3} {optimum:>4} {length:>4} {length / optimum:>6.3f} {result.lower_bound:>4} "
                f"{took:>6.2f}"
            )
            if args.baseline:
                base = run(solve_big(board, goal, width=1, seconds=None, shorten_path=False))
                base_lengths.append(len(base.moves or ()))
                line += f"  {base_lengths[-1]:>4}"
            print(line, flush=True)
            ratios.append(length / optimum)
            lengths.append(length)
            optima.append(optimum)
            seconds.append(took)
        print(
            f"mean length {statistics.mean(lengths):.2f} vs optimal {statistics.mean(optima):.2f}: "
            f"ratio of means {sum(lengths) / sum(optima):.4f}, mean ratio {statistics.mean(ratios):.4f}, "
            f"worst {max(ratios):.3f}; seconds mean {statistics.mean(seconds):.2f}, max {max(seconds):.2f}"
        )
        if base_lengths:
            print(f"baseline (width 1, no shortening) mean ratio {sum(base_lengths) / sum(optima):.4f}")

    shapes = shapes_of(args.shapes)
    if shapes:
        print(f"\nrandom boards (default goal): width {args.width}, soft budget {budget} s")
        print(f"{'shape':>6} {'seed':>4} {'len':>5} {'lb':>5} {'len/lb':>6} {'sec':>6}")
        for shape, rows, cols in shapes:
            goal = goal_board(rows, cols)
            for seed in range(args.per_shape):
                board = random_board(rows, cols, seed=seed)
                result, took = timed(board, goal, args.width, budget)
                length = len(result.moves or ())
                print(
                    f"{shape:>6} {seed:>4} {length:>5} {result.lower_bound:>5} "
                    f"{length / max(1, result.lower_bound):>6.3f} {took:>6.2f}",
                    flush=True,
                )
    return 0
