"""Breadth-first search compiled by numba that builds a multiset database (:mod:`npuzzle.pdb.multiset`).

Build-time only, imported by :mod:`npuzzle.pdb.build` when numba is installed (the ``fast`` extra).
:func:`build_residues` returns exactly the bytes of the pure-Python
:func:`npuzzle.pdb.multiset_build.build_multiset` (the tests check that on small relabellings). It keeps no frontier:
a byte of depth per arrangement, and each depth reads every arrangement once, in index order, to expand those one
depth less. The index walks in that order without unranking: the arrangements of one low code are consecutive, the
high codes of its complementary class counts in rank order (:class:`~npuzzle.pdb.multiset.MultisetIndex`). The low
codes are taken in slices, each spread over the cores, with a tick between two slices (progress, Ctrl-C). Memory: a
byte an arrangement while searching and a quarter byte for the residues (151 M arrangements for slidy's partition,
1.51 G for its finer split).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numba as nb
import numpy as np
import numpy.typing as npt

from .multiset import UNREACHED, MultisetIndex, line_paths

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]

SLICES = 64
"""The slices of the low codes a depth is read in (a tick after each)."""

NEW = 255
"""A depth not reached yet."""


def _quiet(stage: str) -> None:
    """A tick that shows nothing and never stops."""


@nb.njit(parallel=True, cache=True, nogil=True)
def _expand(
    level: int,
    depth: U8,
    lows: I64,
    low: I64,
    high: I64,
    highs_at: I64,
    highs_of: I64,
    by_rank: I64,
    weight: I64,
    base: int,
    split: int,
    paths: I64,
    path_len: I64,
) -> None:  # pragma: no cover - compiled; the tests compare its tables with the pure-Python builder's
    """Mark ``level`` on every unreached neighbour of the arrangements at ``level − 1`` whose low code is in
    ``lows`` (its highs: ``by_rank[highs_at[i]:][:highs_of[i]]``, in index order). Written out for speed."""
    n = weight.size
    for i in nb.prange(lows.size):
        lc = lows[i]
        first = low[lc]
        cells = np.empty(n, np.int64)
        for r in range(highs_of[i]):
            if depth[first + r] != level - 1:
                continue
            hc = by_rank[highs_at[i] + r]
            x = lc + hc * split
            for c in range(n):
                cells[c] = x % base
                x //= base
            z = 0
            while cells[z] != 0:
                z += 1
            for k in range(paths.shape[1]):
                code, at = lc + hc * split, z
                for j in range(path_len[z, k]):
                    p = paths[z, k, j]
                    code += cells[p] * (weight[at] - weight[p])  # the tile on p slides into the blank on at
                    at = p
                    child = low[code % split] + high[code // split]
                    if depth[child] == NEW:
                        depth[child] = level


@nb.njit(parallel=True, cache=True, nogil=True)
def _pack(depth: U8) -> U8:  # pragma: no cover - compiled
    """The residues as the file keeps them: depth mod 3 (:data:`UNREACHED` if never reached), four a byte."""
    packed = np.zeros((depth.size + 3) // 4, np.uint8)
    for b in nb.prange(packed.size):
        byte = 0
        for s in range(4):
            i = 4 * b + s
            value = UNREACHED if i >= depth.size or depth[i] == NEW else depth[i] % 3
            byte |= value << (2 * s)
        packed[b] = byte
    return packed


def build_residues(
    rows: int, cols: int, partition: Sequence[Sequence[int]], tick: Callable[[str], None] = _quiet
) -> tuple[MultisetIndex, bytes]:
    """The index of ``partition`` and its table as the file stores it (2-bit residues, four a byte). ``tick`` is
    called after each of the :data:`SLICES` slices of a depth with the depth and the share done."""
    index = MultisetIndex.of(rows, cols, partition)
    n, half, base = rows * cols, index.half, index.base
    low = np.array(index.low, np.int64)
    high = np.array(index.high, np.int64)
    weight = np.array([base**c for c in range(n)], np.int64)  # a whole code: low + high · base^half
    unit = [1 << (4 * label) for label in range(base)]
    total = sum(unit[label] for label in index.labels)

    def keys(cells: int) -> I64:
        """Each code's class counts, packed 4 bits a class."""
        codes = np.arange(base**cells, dtype=np.int64)
        out = np.zeros(codes.size, np.int64)
        for _ in range(cells):
            out += np.left_shift(1, 4 * (codes % base))
            codes //= base
        return out

    high_keys = keys(n - half)
    ranked = np.flatnonzero(high >= 0)
    by_rank = ranked[np.lexsort((high[ranked], high_keys[ranked]))]
    groups, starts = np.unique(high_keys[by_rank], return_index=True)
    lows = np.flatnonzero(low >= 0)
    at = np.searchsorted(groups, total - keys(half)[lows])
    highs_at = starts[at]
    highs_of = np.diff(np.append(starts, by_rank.size))[at]
    plans = line_paths(rows, cols)
    paths = np.zeros((n, 4, max(rows, cols)), np.int64)
    path_len = np.zeros((n, 4), np.int64)
    for z, lines in enumerate(plans):
        for k, path in enumerate(lines):
            path_len[z, k] = len(path)
            paths[z, k, : len(path)] = path
    depth = np.full(index.size, NEW, np.uint8)
    goal_low, goal_high = index.codes(index.labels)
    depth[low[goal_low] + high[goal_high]] = 0
    edges = np.linspace(0, lows.size, SLICES + 1).astype(np.int64)
    level, reached = 0, 1
    while reached:
        level += 1
        for s in range(SLICES):
            part = slice(edges[s], edges[s + 1])
            chosen = (lows[part], low, high, highs_at[part], highs_of[part], by_rank)
            _expand(level, depth, *chosen, weight, base, base**half, paths, path_len)
            tick(f"depth {level}, {100 * (s + 1) // SLICES}% read")
        reached = int(np.count_nonzero(depth == level))
    return index, _pack(depth).tobytes()
