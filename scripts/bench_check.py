"""Speed of the solvability check path on big boards, against the previous implementation in the same run.

Run: ``PYTHONPATH=py python scripts/bench_check.py`` (about 30 s on a loaded 2-core machine). For a random
1000×1000 and a random 100×100 board it prints, for each stage, the best time of ``--repeat`` runs of the previous
implementation and of the current one (interleaved, so both see the same machine load) and their ratio:

* ``parse``: ``parse_board(board.format())`` — text to a validated :class:`~npuzzle.Board`;
* ``is_solvable``: the O(n) parity from the permutation's cycles;
* ``explain``: the exact inversion count and the reasoning;
* ``count_inversions``: the exact count alone, on the tiles without the blank;
* ``parse+explain``: the whole check path from text to explanation.

The previous implementation is copied below (``old_*``): insertion-sorted 64-element leaves merged sixteen at a
time with ``bisect`` for the count, a Python loop over every cell for validation, regex splitting per row and a
per-token blank test for parsing.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from npuzzle import Board, count_inversions, explain, goal_board, is_solvable, parse_board, random_board  # noqa: E402
from npuzzle.board import _trusted, cell_name, check_shape  # noqa: E402
from npuzzle.parse import BLANK_MARKERS  # noqa: E402

# --- the previous implementation (baseline) -------------------------------------------------------------------

_OLD_LEAF = 64
_OLD_FAN = 16


def old_count_inversions(values: list[int]) -> int:
    """The previous count: sorted 64-element leaves by insort, then 16-way merges counting with bisect."""
    total = 0
    runs: list[list[int]] = []
    for start in range(0, len(values), _OLD_LEAF):
        run: list[int] = []
        for x in values[start : start + _OLD_LEAF]:
            at = bisect_right(run, x)
            total += len(run) - at
            run.insert(at, x)
        runs.append(run)
    while len(runs) > 1:
        merged: list[list[int]] = []
        for g in range(0, len(runs), _OLD_FAN):
            group = runs[g : g + _OLD_FAN]
            prefix = group[0]
            for run in group[1:]:
                total += len(prefix) * len(run) - sum(map(partial(bisect_right, prefix), run))
                prefix.extend(run)
                prefix.sort()
            merged.append(prefix)
        runs = merged
    return total


def old_inversion_parity(board: Board) -> int:
    """The previous parity: cycles of the permutation, a Python loop over every start."""
    n = board.size
    perm = [t - 1 for t in board.tiles if t != 0]
    seen = bytearray(n - 1)
    cycles = 0
    for start in range(n - 1):
        if seen[start]:
            continue
        cycles += 1
        i = start
        while not seen[i]:
            seen[i] = 1
            i = perm[i]
    return (n - 1 - cycles) & 1


def old_goal_kind(goal: Board) -> str:
    if goal == goal_board(goal.rows, goal.cols, "default"):
        return "default"
    if goal == goal_board(goal.rows, goal.cols, "blank-first"):
        return "blank-first"
    return "custom"


def old_is_solvable(board: Board) -> bool:
    goal = goal_board(board.rows, board.cols)
    goal_parity = 0 if old_goal_kind(goal) != "custom" else old_inversion_parity(goal)
    return _invariant(board, old_inversion_parity(board)) == _invariant(goal, goal_parity)


def _invariant(board: Board, parity: int) -> int:
    if board.cols % 2 == 1:
        return parity
    return (parity + board.rows - board.blank_index // board.cols) & 1


def old_explain(board: Board) -> int:
    """The expensive part of the previous explain(): the goal checks and the count (the text is negligible)."""
    goal = goal_board(board.rows, board.cols)
    inversions = 0 if old_goal_kind(board) != "custom" else old_count_inversions([t for t in board.tiles if t != 0])
    theirs = 0 if old_goal_kind(goal) != "custom" else old_count_inversions([t for t in goal.tiles if t != 0])
    old_goal_kind(goal)
    return inversions - theirs


_ROW_SPLIT = re.compile(r"[\r\n/]+")
_CELL_SPLIT = re.compile(r"[\s,;]+")


def old_parse(text: str) -> Board:
    """The previous text path for a multi-row board: regex split per row, a blank test per token, a generator
    flattening the rows and a Python loop validating every cell."""
    raw_rows = [r.strip() for r in _ROW_SPLIT.split(text.strip())]
    rows = []
    for raw in (r for r in raw_rows if r):
        tokens = [t for t in _CELL_SPLIT.split(raw) if t]
        rows.append([0 if t in BLANK_MARKERS else int(t) for t in tokens])
    check_shape(len(rows), len(rows[0]))
    tiles = tuple(v for row in rows for v in row)
    old_validate_tiles(len(rows), len(rows[0]), tiles)
    return _trusted(len(rows), len(rows[0]), tiles)


def old_validate_tiles(rows: int, cols: int, tiles: Sequence[int]) -> None:
    """The previous validation of a well-formed board: one Python-level pass over every cell."""
    n = rows * cols
    if 0 not in tiles and max(tiles) == n and len(set(tiles)) == n:
        raise ValueError("no blank")
    seen = bytearray(n)
    blanks: list[int] = []
    first_at: dict[int, int] = {}
    for index, tile in enumerate(tiles):
        if not 0 <= tile < n:
            raise ValueError(f"{tile} at {cell_name(index, cols)} is out of range")
        if tile == 0:
            blanks.append(index)
        elif seen[tile]:
            raise ValueError("duplicate")
        else:
            first_at[tile] = index
        seen[tile] = 1
    if len(blanks) != 1 or [t for t in range(1, n) if not seen[t]]:
        raise ValueError("bad board")


# --- measuring -------------------------------------------------------------------------------------------------


def best_of(repeat: int, old: Callable[[], Any], new: Callable[[], Any]) -> tuple[float, float]:
    """Best wall time of ``repeat`` runs of each, interleaved old/new so both see the same load."""
    old_best = new_best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        old()
        old_best = min(old_best, time.perf_counter() - start)
        start = time.perf_counter()
        new()
        new_best = min(new_best, time.perf_counter() - start)
    return old_best, new_best


def bench(rows: int, cols: int, repeat: int) -> None:
    board = random_board(rows, cols, seed=1)
    text = board.format()
    values = [t for t in board.tiles if t != 0]
    # Same answers first: a benchmark of wrong code is worthless.
    assert old_parse(text) == parse_board(text) == board
    assert old_is_solvable(board) == is_solvable(board)
    assert old_count_inversions(list(values)) == count_inversions(values) == explain(board).inversions
    print(f"\n{rows}×{cols} (n = {rows * cols:,}, {explain(board).inversions:,} inversions), best of {repeat}:")
    print(f"  {'stage':<18} {'previous':>10} {'now':>10} {'speed-up':>9}")
    stages: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        ("parse", lambda: old_parse(text), lambda: parse_board(text)),
        ("is_solvable", lambda: old_is_solvable(board), lambda: is_solvable(board)),
        ("explain", lambda: old_explain(board), lambda: explain(board)),
        ("count_inversions", lambda: old_count_inversions(list(values)), lambda: count_inversions(values)),
        ("parse+explain", lambda: old_explain(old_parse(text)), lambda: explain(parse_board(text))),
    ]
    for name, old, new in stages:
        old_t, new_t = best_of(repeat, old, new)
        print(f"  {name:<18} {old_t * 1000:>8.0f}ms {new_t * 1000:>8.0f}ms {old_t / new_t:>8.1f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per stage, best kept (default 3)")
    parser.add_argument("--size", type=int, action="append", help="board side (default: 1000 and 100)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    for side in args.size or [1000, 100]:
        bench(side, side, args.repeat)


if __name__ == "__main__":
    main()
