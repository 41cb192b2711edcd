"""The IDA* iteration of :func:`npuzzle.optimal.search.idastar` with Manhattan distance or linear conflicts compiled
to machine code by numba: the same nodes in the same order (each node's children within the bound listed in the move
table's order, then taken from the last, as the pure-Python loop pops its stack), many times as many a second.

:class:`CompiledIteration` is one iteration's state in arrays, run in slices: each call of
:meth:`CompiledIteration.run` expands at most a given number of nodes and returns, and the next call goes on where it
stopped, so that progress, limits, Cancel and Ctrl-C act between slices. numba compiles the kernel once and keeps the
code beside this file (or, where that is read-only, in its per-user cache; ``NUMBA_CACHE_DIR`` chooses another
folder).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]

Bytes = npt.NDArray[np.uint8]

Tables = tuple[Ints, Ints, Ints, Ints, Ints, Ints, Bytes, Ints, Ints, Ints, Ints, Ints]
"""What the kernel reads: the shape and the estimate (``rows, cols, kind``: :data:`MANHATTAN`, :data:`CONFLICTS` or
:data:`ADDITIVE`), the moves' order (:func:`order`), :class:`Estimate`'s ``distance``, ``lines``, ``along`` and
``goal_line``, its additive tables' ``sparse``, ``offset``, ``group_of``, ``weight`` and ``back``, and the groups'
sparse indices of the board the iteration stands on (kept up to date as it moves)."""

MANHATTAN, CONFLICTS, ADDITIVE = range(3)
"""The estimates the kernel computes: Manhattan distance, with linear conflicts, or additive tables."""

BLANK, TAKEN, MOVED, LEFT = range(4)
"""Per level of the path (``levels[g]``): the node's blank, the cell the move taken from it slid a tile from, that
tile, and how many of its children are still to be taken."""

FOUND, EXHAUSTED, PAUSED = 0, 1, 2
"""What a slice ended with: the goal taken, the iteration over, or its nodes spent."""

G, Z, H, COUNTED, EXPANDED, GENERATED, ON_STACK, MOST_ON_STACK, NEXT_BOUND = range(9)
"""The registers (one array) kept between slices: the depth, blank and estimate of the node last taken, whether it
is counted already (a slice ends just after counting a node expanded, before listing its children), the counters,
the children waiting on all levels and the most there ever were, and the smallest f over the bound seen so far."""

NO_BOUND = 1 << 62
"""The next bound before any child past the bound was seen."""


class Estimate:
    """Manhattan distance, and with ``conflicts`` the linear-conflict penalty of every row and column, as arrays for
    a ``rows`` × ``cols`` board and its goal: ``distance[tile, cell]``, the lines' cells (rows first, then columns)
    and ``along[line, tile]``, where along the line the tile's goal cell lies (−1 when it is not on it). With
    ``additive`` (:meth:`npuzzle.pdb.AdditiveHeuristic.kernel_tables`) the estimate is those tables'
    instead."""

    def __init__(
        self, goal: Sequence[int], rows: int, cols: int, conflicts: bool, additive: tuple[Any, ...] | None = None
    ) -> None:
        n = rows * cols
        self.rows, self.cols = rows, cols
        self.conflicts = conflicts
        kind = ADDITIVE if additive is not None else CONFLICTS if conflicts else MANHATTAN
        self.shape = np.array([rows, cols, kind], np.int64)
        none = np.zeros((1, 1), np.int64)
        self.additive: tuple[Any, ...] = additive or (np.zeros(1, np.uint8), np.zeros(1, np.int64), none, none, none)
        self.distance = np.zeros((n, n), np.int64)
        home = [0] * n
        for cell, tile in enumerate(goal):
            home[tile] = cell
        for tile in range(1, n):
            gr, gc = divmod(home[tile], cols)
            for cell in range(n):
                r, c = divmod(cell, cols)
                self.distance[tile, cell] = abs(r - gr) + abs(c - gc)
        width = max(rows, cols)
        self.lines = np.full((rows + cols, width), -1, np.int64)
        self.along = np.full((rows + cols, n), -1, np.int64)
        self.goal_line = np.zeros((n, 2), np.int64)
        """Per tile: the lines of its goal row and goal column."""
        for r in range(rows):
            self.lines[r, :cols] = [r * cols + c for c in range(cols)]
        for c in range(cols):
            self.lines[rows + c, :rows] = [r * cols + c for r in range(rows)]
        for tile in range(1, n):
            gr, gc = divmod(home[tile], cols)
            self.along[gr, tile], self.along[rows + gc, tile] = gc, gr
            self.goal_line[tile] = (gr, rows + gc)


def order(table: Sequence[Sequence[tuple[Any, ...]]]) -> Ints:
    """Per blank cell, the cells its moves take the blank to, in the move table's order (each row's first field,
    :func:`~npuzzle.optimal.search.move_table`), −1 past the last."""
    out = np.full((len(table), 4), -1, np.int64)
    for blank, rows in enumerate(table):
        for k, row in enumerate(rows):
            out[blank, k] = row[0]
    return out


class CompiledIteration:
    """One IDA* iteration to ``bound`` from ``tiles`` (estimate ``h``) towards ``goal``, run in slices by
    :meth:`run`; the blank's neighbours of each cell in ``moves`` (:func:`order`); ``so_far``: the nodes
    expanded and generated and the most children waiting before it."""

    def __init__(
        self,
        tiles: Sequence[int],
        goal: Sequence[int],
        estimate: Estimate,
        moves: Ints,
        h: int,
        bound: int,
        so_far: tuple[int, int, int],
    ) -> None:
        self.board = np.asarray(tiles, np.int64)
        self.goal = np.asarray(goal, np.int64)
        self.bound = bound
        z = list(tiles).index(0)
        self.registers = np.array([0, z, h, 0, so_far[0], so_far[1], 0, so_far[2], NO_BOUND], np.int64)
        depth = bound + 1
        self.levels = np.zeros((depth, 4), np.int64)
        self.kids = np.zeros((depth, moves.shape[1], 2), np.int64)
        e = estimate
        sparse, offset, group_of, weight, back = e.additive
        at = np.zeros(max(1, offset.shape[0]), np.int64)
        if e.shape[2] == ADDITIVE:
            for o in range(group_of.shape[0]):
                for cell, tile in enumerate(tiles):
                    if tile:
                        at[group_of[o, tile]] += back[o, cell] * weight[o, tile]
        self.tables: Tables = (
            e.shape, moves, e.distance, e.lines, e.along, e.goal_line, sparse, offset, group_of, weight, back, at
        )  # fmt: skip

    def run(self, nodes: int) -> int:
        """Go on for at most ``nodes`` more expansions: :data:`FOUND`, :data:`EXHAUSTED` or :data:`PAUSED`."""
        return int(
            _iterate(self.registers, self.board, self.goal, self.bound, nodes, self.tables, self.levels, self.kids)
        )

    def count(self, register: int) -> int:
        """One of the registers (:data:`EXPANDED`, :data:`GENERATED`, …)."""
        return int(self.registers[register])

    def path(self) -> tuple[int, ...]:
        """After :data:`FOUND`: the tiles moved, first to last."""
        return tuple(int(t) for t in self.levels[: self.count(G), MOVED])


@numba.njit(cache=True, nogil=True)  # pragma: no cover - compiled
def _iterate(r: Ints, b: Ints, goal: Ints, bound: int, nodes: int, tables: Tables, levels: Ints, kids: Ints) -> int:
    """The iteration's loop, as :func:`~npuzzle.optimal.search._idastar`'s (written out for speed): take a node (the
    goal ends it), count it, list its children within the bound (``kids[g]``: the cell the tile slides from and the
    child's estimate; ``levels[g]``: :data:`BLANK` … :data:`LEFT`), take the last; back up while a level has none
    left."""
    spec, order, distance, lines, along, goal_line, sparse, offset, group_of, weight, back, at = tables
    rows, cols, conflicts, additive = spec[0], spec[1], spec[2] == CONFLICTS, spec[2] == ADDITIVE
    n = b.shape[0]
    views = group_of.shape[0] if additive else 0
    sums = np.zeros(max(views, 1), np.int64)  # per symmetry, the tables' sum on the board b
    for o in range(views):
        for gr in range(o * offset.shape[0] // views, (o + 1) * offset.shape[0] // views):
            sums[o] += sparse[offset[gr] + at[gr]]
    stop_at = r[EXPANDED] + nodes
    g, z, h = r[G], r[Z], r[H]
    expanded, generated, on_stack = r[EXPANDED], r[GENERATED], r[ON_STACK]
    most, next_bound = r[MOST_ON_STACK], r[NEXT_BOUND]
    counted = r[COUNTED] == 1
    while True:
        if not counted:
            if h == 0:
                solved = True
                for c in range(n):
                    if b[c] != goal[c]:
                        solved = False
                        break
                if solved:
                    r[G], r[EXPANDED], r[GENERATED], r[ON_STACK], r[MOST_ON_STACK] = (
                        g,
                        expanded,
                        generated,
                        on_stack,
                        most,
                    )
                    return FOUND
            expanded += 1
            if expanded >= stop_at:
                r[G], r[Z], r[H], r[COUNTED] = g, z, h, 1
                r[EXPANDED], r[GENERATED], r[ON_STACK], r[MOST_ON_STACK], r[NEXT_BOUND] = (
                    expanded, generated, on_stack, most, next_bound
                )  # fmt: skip
                return PAUSED
        counted = False
        # the children within the bound, in the move table's order
        prev = levels[g - 1, BLANK] if g > 0 else -1
        m = 0
        for k in range(order.shape[1]):
            src = order[z, k]
            if src < 0:
                break
            if src == prev:
                continue
            tile = b[src]
            if additive:
                ch = 0
                for o in range(views):
                    gr = group_of[o, tile]
                    was = offset[gr] + at[gr]
                    v = sums[o] - sparse[was] + sparse[was + (back[o, z] - back[o, src]) * weight[o, tile]]
                    if v > ch:
                        ch = v
            else:
                ch = h + distance[tile, z] - distance[tile, src]
            if conflicts:
                if abs(src - z) == cols:  # a vertical move: the tile's goal row, if it leaves or enters it
                    line = goal_line[tile, 0]
                    touched = src // cols == line or z // cols == line
                else:  # sideways: its goal column
                    line = goal_line[tile, 1]
                    touched = src % cols == line - rows or z % cols == line - rows
                if touched:
                    before = _penalty(b, lines[line], along[line])
                    b[z], b[src] = tile, 0
                    ch += _penalty(b, lines[line], along[line]) - before
                    b[src], b[z] = tile, 0
            generated += 1
            f = g + 1 + ch
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            kids[g, m, 0] = src
            kids[g, m, 1] = ch
            m += 1
        levels[g, LEFT] = m
        levels[g, BLANK] = z
        on_stack += m
        if on_stack > most:
            most = on_stack
        while levels[g, LEFT] == 0:
            if g == 0:
                r[G], r[EXPANDED], r[GENERATED], r[ON_STACK], r[MOST_ON_STACK], r[NEXT_BOUND] = (
                    0, expanded, generated, 0, most, next_bound
                )  # fmt: skip
                return EXHAUSTED
            g -= 1
            z = levels[g, BLANK]
            src = levels[g, TAKEN]
            b[src] = b[z]
            b[z] = 0
            for o in range(views):  # the tile back from z to src
                _shift(
                    sums, o, at, sparse, offset, group_of[o, b[src]], (back[o, src] - back[o, z]) * weight[o, b[src]]
                )
        levels[g, LEFT] -= 1
        on_stack -= 1
        src = kids[g, levels[g, LEFT], 0]
        h = kids[g, levels[g, LEFT], 1]
        tile = b[src]
        b[z] = tile
        b[src] = 0
        for o in range(views):  # the tile from src to z
            _shift(sums, o, at, sparse, offset, group_of[o, tile], (back[o, z] - back[o, src]) * weight[o, tile])
        levels[g, TAKEN] = src
        levels[g, MOVED] = tile
        z = src
        g += 1


@numba.njit(cache=True, nogil=True, inline="always")
def _shift(
    sums: Ints, o: int, at: Ints, sparse: Bytes, offset: Ints, group: int, step: int
) -> None:  # pragma: no cover - compiled
    """Move ``group``'s sparse index by ``step`` and symmetry ``o``'s sum with it."""
    sums[o] -= sparse[offset[group] + at[group]]
    at[group] += step
    sums[o] += sparse[offset[group] + at[group]]


@numba.njit(cache=True, nogil=True, inline="always")
def _penalty(b: Ints, cells: Ints, along: Ints) -> int:  # pragma: no cover - compiled
    """The linear-conflict moves of one line: twice the tiles whose goal is on it less a longest increasing run of
    their goal places (patience sorting)."""
    tails = np.empty(cells.shape[0], np.int64)
    count = 0
    longest = 0
    for i in range(cells.shape[0]):
        cell = cells[i]
        if cell < 0:
            break
        place = along[b[cell]]
        if place < 0:
            continue
        count += 1
        lo, hi = 0, longest
        while lo < hi:
            mid = (lo + hi) >> 1
            if tails[mid] < place:
                lo = mid + 1
            else:
                hi = mid
        tails[lo] = place
        if lo == longest:
            longest += 1
    return 2 * (count - longest)
