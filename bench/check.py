"""Speed of the solvability check path on big boards: parse, is_solvable, explain, the inversion count.

Run: ``python -m bench check`` (about 10 s on a loaded 2-core machine). For a random 1000×1000 and a random
100×100 board it prints, for each stage, the best time of ``--repeat`` runs of the current code:

* ``parse``: ``parse_board(board.format())`` — text to a validated :class:`~npuzzle.Board`;
* ``is_solvable``: the O(n) parity from the permutation's cycles;
* ``explain``: the exact inversion count and the reasoning;
* ``count_inversions``: the exact count alone, on the tiles without the blank;
* ``parse+explain``: the whole check path from text to explanation.

The comparison with the previous implementation, which this benchmark once kept a frozen copy of, was dropped:
to measure against an older version, run this subcommand in a checkout of that version (``git worktree add``) on
the same machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from npuzzle import count_inversions, explain, is_solvable, parse_board, random_board


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """Best wall time of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench(rows: int, cols: int, repeat: int) -> None:
    """Print the best time of each stage on a random ``rows``×``cols`` board (seed 1)."""
    board = random_board(rows, cols, seed=1)
    text = board.format()
    values = [t for t in board.tiles if t != 0]
    # Same answers from every path first: a benchmark of wrong code is worthless.
    assert parse_board(text) == board
    assert count_inversions(values) == explain(board).inversions
    assert is_solvable(board) == explain(board).solvable
    print(f"\n{rows}×{cols} (n = {rows * cols:,}, {explain(board).inversions:,} inversions), best of {repeat}:")
    print(f"  {'stage':<18} {'now':>10}")
    stages: list[tuple[str, Callable[[], object]]] = [
        ("parse", lambda: parse_board(text)),
        ("is_solvable", lambda: is_solvable(board)),
        ("explain", lambda: explain(board)),
        ("count_inversions", lambda: count_inversions(values)),
        ("parse+explain", lambda: explain(parse_board(text))),
    ]
    for name, run in stages:
        print(f"  {name:<18} {best_of(repeat, run) * 1000:>8.0f}ms")


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bench check",
        description=(__doc__ or "").split("\n\n")[0].replace("\n", " ") + " Times "
        "the current code only: the comparison with a frozen copy of the previous implementation was dropped (run "
        "this in a checkout of an older version to compare).",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per stage, best kept (default 3)")
    parser.add_argument("--size", type=int, action="append", help="board side (default: 1000 and 100)")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}")
    for side in args.size or [1000, 100]:
        bench(side, side, args.repeat)
    return 0
