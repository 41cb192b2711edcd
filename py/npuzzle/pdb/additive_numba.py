"""Breadth-first search compiled by numba that builds one additive table with the blank
(:mod:`npuzzle.pdb.additive`).

Build-time only, imported by :mod:`npuzzle.pdb.additive_build` when numba is installed (the ``fast`` extra). The
search's states are a placement of the group's tiles and the blank's cell: a byte of depth each (``n`` a placement,
``n!/(n−k)!·n`` in all: 3.2 GB for six tiles of a 5×5), no frontier. A move of the blank onto a free cell costs
nothing and a move of a group tile costs one, so each depth is read twice, in rank order: first the blank's free
walks within each placement (they keep the depth), then the tile moves (one deeper). The placements are taken in
slices of their first tile's cell, the cells of a slice spread over the cores (five a slice on a 5×5), with a tick
between two slices (progress, Ctrl-C).
The table is the least depth over the blank's cells of each placement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

import numba as nb
import numpy as np
import numpy.typing as npt

from ..board import neighbours
from ..errors import PatternDatabaseError
from .additive import NEW, AdditiveTables, placements

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]


@nb.njit(cache=True, nogil=True, inline="always")
def _free(p: I64, i: int, c: int, n: int) -> int:  # pragma: no cover - compiled
    """The first cell from ``c`` on that none of ``p[:i]`` holds (``n`` when there is none)."""
    while c < n:
        used = False
        for j in range(i):
            if p[j] == c:
                used = True
                break
        if not used:
            return c
        c += 1
    return n


@nb.njit(cache=True, nogil=True, inline="always")
def _first(p: I64, k: int, n: int, first: int) -> None:  # pragma: no cover - compiled
    """The placement of least rank whose first tile is on ``first``."""
    p[0] = first
    for i in range(1, k):
        p[i] = _free(p, i, 0, n)


@nb.njit(cache=True, nogil=True, inline="always")
def _next(p: I64, k: int, n: int) -> None:  # pragma: no cover - compiled
    """The placement of the next rank (the same first tile's cell while there is one)."""
    for i in range(k - 1, 0, -1):
        c = _free(p, i, p[i] + 1, n)
        if c < n:
            p[i] = c
            for m in range(i + 1, k):
                p[m] = _free(p, m, 0, n)
            return
    p[0] = n  # past the last of this first cell


@nb.njit(cache=True, nogil=True, inline="always")
def _rank(p: I64, k: int, n: int) -> int:  # pragma: no cover - compiled
    """:func:`npuzzle.pdb.additive.rank`."""
    out = 0
    for i in range(k):
        smaller = 0
        for j in range(i):
            if p[j] < p[i]:
                smaller += 1
        out = out * (n - i) + p[i] - smaller
    return out


@nb.njit(parallel=True, cache=True, nogil=True)
def _level(
    depth: U8, level: int, walk: bool, lo: int, hi: int, k: int, n: int, near: I64, per_first: int
) -> int:  # pragma: no cover - compiled; the tests compare its tables with a plain breadth-first search's
    """Read the placements whose first tile is on a cell in ``lo … hi − 1``: with ``walk``, spread ``level`` over the
    blank's free cells of each placement at ``level``; else mark ``level + 1`` on the unreached states one tile move
    from those at ``level``. The states marked. Written out for speed."""
    marked = 0
    for first in nb.prange(lo, hi):
        p = np.empty(k, np.int64)
        q = np.empty(k, np.int64)
        stack = np.empty(n, np.int64)
        owner = np.full(n, -1, np.int64)
        _first(p, k, n, first)
        r = first * per_first
        while p[0] == first:
            base = r * n
            found = False
            for c in range(n):
                if depth[base + c] == level:
                    found = True
                    break
            if found:
                for i in range(k):
                    owner[p[i]] = i
                if walk:
                    top = 0
                    for c in range(n):
                        if depth[base + c] == level:
                            stack[top] = c
                            top += 1
                    while top > 0:
                        top -= 1
                        c = stack[top]
                        for m in range(near.shape[1]):
                            d = near[c, m]
                            if d >= 0 and owner[d] < 0 and depth[base + d] == NEW:
                                depth[base + d] = level
                                marked += 1
                                stack[top] = d
                                top += 1
                else:
                    for c in range(n):
                        if depth[base + c] != level:
                            continue
                        for m in range(near.shape[1]):
                            d = near[c, m]
                            if d < 0 or owner[d] < 0:
                                continue
                            for i in range(k):
                                q[i] = p[i]
                            q[owner[d]] = c  # the tile on d slides to the blank's c; the blank goes to d
                            at = _rank(q, k, n) * n + d
                            if depth[at] == NEW:
                                depth[at] = level + 1
                                marked += 1
                for i in range(k):
                    owner[p[i]] = -1
            _next(p, k, n)
            r += 1
    return marked


@nb.njit(parallel=True, cache=True, nogil=True)
def _least(depth: U8, table: U8, n: int) -> None:  # pragma: no cover - compiled
    """``table[r]``: the least depth over the blank's cells of placement ``r``."""
    for r in nb.prange(table.size):
        best = NEW
        for c in range(n):
            v = depth[r * n + c]
            if v < best:
                best = v
        table[r] = best


def _quiet(stage: str) -> None:
    """A tick that shows nothing and never stops."""


SLICES = 5
"""The slices of the first tile's cells a depth is read in (a tick after each)."""


def build_table(rows: int, cols: int, cells: Sequence[int], tick: Callable[[str], None] = _quiet) -> bytes:
    """The dense table of the group whose goal cells are ``cells`` (in that order) on a ``rows × cols`` board, the
    blank's goal on a cell of none of them. ``tick`` is called between slices with the stage (it may raise to
    stop)."""
    n, k = rows * cols, len(cells)
    size = placements(n, k)
    per_first = size // n
    near = np.full((n, 4), -1, np.int64)
    for cell, around in enumerate(neighbours(rows, cols)):
        near[cell, : len(around)] = around
    depth = np.full(size * n, NEW, np.uint8)
    goal = np.asarray(cells, np.int64)
    start = _rank(goal, k, n) * n
    for c in range(n):
        if c not in cells:
            depth[start + c] = 0
    cuts = np.linspace(0, n, min(SLICES, n) + 1).astype(np.int64)
    level = 0
    while True:
        marked = 0
        for walk in (True, False):
            for lo, hi in pairwise(cuts):
                tick(f"depth {level}{'' if walk else ' → ' + str(level + 1)}")
                marked_now = _level(depth, level, walk, int(lo), int(hi), k, n, near, per_first)
                if not walk:
                    marked += marked_now
        if marked == 0:
            break
        level += 1
        if level + 1 >= NEW:
            raise PatternDatabaseError(f"the group {list(cells)} needs more than {NEW - 1} moves: too big for a byte")
    table = np.empty(size, np.uint8)
    _least(depth, table, n)
    return table.tobytes()


@nb.njit(cache=True, nogil=True)
def _spread(dense: U8, sparse: U8, k: int, n: int) -> None:  # pragma: no cover - compiled
    """``sparse[Σ p_i·n^(k−1−i)] = dense[rank(p)]`` for every placement ``p``, in rank order."""
    p = np.empty(k, np.int64)
    r = 0
    for first in range(n):
        _first(p, k, n, first)
        while p[0] == first:
            at = 0
            for i in range(k):
                at = at * n + p[i]
            sparse[at] = dense[r]
            r += 1
            _next(p, k, n)


def kernel_tables(
    tables: AdditiveTables, backs: Sequence[Sequence[int]], views: Sequence[Sequence[Sequence[int]]]
) -> tuple[U8, I64, I64, I64, I64]:
    """The compiled IDA*'s arrays for ``tables`` seen through the symmetries ``backs`` (actual cell → the tables'
    cell) with the groups' tiles ``views`` (:class:`~npuzzle.pdb.AdditiveHeuristic`): every table indexed
    sparsely by ``Σ cell_i·n^(k−1−i)`` one after another (``n^k`` bytes a table: 244 MB for six tiles of a 5×5), each
    group's offset in them, and per symmetry and tile: its group (counted over all symmetries, −1 for the blank), its
    place's weight ``n^(k−1−i)``, and per symmetry the cell map."""
    n = tables.rows * tables.cols
    sizes = [n ** len(g) for g in tables.groups]
    sparse = np.full(sum(sizes), NEW, np.uint8)
    offsets = np.cumsum([0, *sizes[:-1]]).astype(np.int64)
    for table, offset, size, group in zip(tables.tables, offsets, sizes, tables.groups):
        _spread(np.frombuffer(table, np.uint8), sparse[offset : offset + size], len(group), n)
    count = len(tables.groups)
    group_of = np.full((len(views), n), -1, np.int64)
    weight = np.zeros((len(views), n), np.int64)
    for o, view in enumerate(views):
        for number, tiles in enumerate(view):
            for i, tile in enumerate(tiles):
                group_of[o, tile] = o * count + number
                weight[o, tile] = n ** (len(tiles) - 1 - i)
    per_group = np.tile(offsets, len(views))  # numbered over all symmetries, as group_of
    return sparse, per_group, group_of, weight, np.asarray(backs, np.int64).reshape(len(views), n)
