"""Vectorised (numpy) breadth-first search that builds one additive pattern-database table.

Build-time only: imported by :mod:`npuzzle.pdb.build` only when numpy is installed; nothing else imports it, so the
package stays standard-library only at run time. :func:`build_compact` returns exactly the bytes of
the pure-Python :func:`npuzzle.pdb.database.build_table_data` (the tests check that on small patterns), fast enough for
the 15-puzzle's 7-tile tables: minutes each, where pure Python takes hours (``docs/benchmarks.md``).

Abstract state: the cells of the pattern tiles plus the *region* the blank can reach without moving a pattern
tile (moves of other tiles are free in an additive database, Korf & Felner 2002), named by its lowest cell.
Every pattern-tile move costs 1, so a layered BFS over (placement, region) gives each placement's value: the
fewest pattern-tile moves that bring the pattern home, minimised over the blank's position. States are numbered
in the compact order of :func:`npuzzle.pdb.database.compact_index` (no holes), and the stored byte is the *excess* over
Manhattan distance halved, ``(value − MD) / 2`` (the file form). Region floods, rankings and unrankings are table
lookups (``FLOOD``,
``SELECT``, ``POPCOUNT``), so each BFS layer is a few dozen numpy gathers over its states.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import perm

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

CHUNK = 1 << 20
"""States expanded per numpy batch (bounds the temporary arrays to some hundreds of MB)."""


class _Tables:
    """Lookup tables for one board shape: popcount, k-th free cell, flood fill, lowest set bit."""

    def __init__(self, rows: int, cols: int) -> None:
        n = rows * cols
        self.n = n
        masks = np.arange(1 << 16, dtype=np.int64)
        self.popcount = np.zeros(1 << 16, np.int64)
        for b in range(16):
            self.popcount += (masks >> b) & 1
        # select[mask * 16 + r] = the r-th cell (in increasing order) of 0..n-1 that is not in mask
        self.select = np.full((1 << 16) * 16, 255, np.int64)
        seen = np.zeros(1 << 16, np.int64)
        for c in range(n):
            free = ((masks >> c) & 1) == 0
            self.select[masks[free] * 16 + seen[free]] = c
            seen += free
        # flood[free * 16 + start]: the cells reachable from start through free cells (start included)
        not_left = sum(1 << c for c in range(n) if c % cols)
        not_right = sum(1 << c for c in range(n) if c % cols != cols - 1)
        full = (1 << n) - 1
        free = np.repeat(masks, 16)
        region = np.int64(1) << np.tile(np.arange(16, dtype=np.int64), 1 << 16)
        while True:
            grow = (
                ((region << 1) & not_left) | ((region >> 1) & not_right) | ((region << cols) & full) | (region >> cols)
            )
            nxt = region | (grow & free)
            if np.array_equal(nxt, region):
                break
            region = nxt
        self.flood = region
        self.lsb = np.zeros(1 << 16, np.int64)
        low = masks & -masks
        for b in range(16):
            self.lsb[low == (1 << b)] = b


def _rank(tb: _Tables, cells: Sequence[I64], lead: int, mults: Sequence[int]) -> I64:
    n = tb.n
    used = np.zeros(cells[0].shape, np.int64)
    r = np.zeros(cells[0].shape, np.int64)
    for i in range(lead):
        c = cells[i]
        r += (c - tb.popcount[used & ((np.int64(1) << c) - 1)]) * mults[i]
        used |= np.int64(1) << c
    a, b = cells[lead], cells[lead + 1]
    fa = a - tb.popcount[used & ((np.int64(1) << a) - 1)]
    used_a = used | (np.int64(1) << a)
    fb = b - tb.popcount[used_a & ((np.int64(1) << b) - 1)]
    ranked: I64 = (r * (n - lead) + fa) * (n - lead - 1) + fb
    return ranked


def _unrank(tb: _Tables, ids: I64, k: int, lead: int, mults: Sequence[int]) -> list[I64]:
    n = tb.n
    pairs = (n - lead) * (n - lead - 1)
    r, t = np.divmod(ids, pairs)
    used = np.zeros(ids.shape, np.int64)
    cells = []
    for i in range(lead):
        d, r = np.divmod(r, mults[i])
        c = tb.select[used * 16 + d]
        cells.append(c)
        used |= np.int64(1) << c
    fa, fb = np.divmod(t, n - lead - 1)
    a = tb.select[used * 16 + fa]
    b = tb.select[(used | (np.int64(1) << a)) * 16 + fb]
    return cells + [a, b]


def _distinct(values: I64) -> I64:
    """The sorted distinct values (np.unique is far slower than a sort here)."""
    values = np.sort(values)
    if values.size:
        values = values[np.r_[True, values[1:] != values[:-1]]]
    return values


def build_compact(rows: int, cols: int, tiles: Sequence[int]) -> bytes:
    """The compact excess table for pattern ``tiles`` (home labelling: tile t's goal cell is t, blank on 0)."""
    n = rows * cols
    k = len(tiles)
    if n > 16 or not 2 <= k <= n - 1:
        raise ValueError(f"cannot build a {k}-tile table for {rows}×{cols}")
    tb = _Tables(rows, cols)
    not_left = sum(1 << c for c in range(n) if c % cols)
    not_right = sum(1 << c for c in range(n) if c % cols != cols - 1)
    lead = k - 2
    mults = [perm(n - 1 - i, lead - 1 - i) for i in range(lead)]
    size = perm(n, k)
    full = (1 << n) - 1
    table = np.full(size, 255, np.uint8)
    seen = np.zeros(size, np.uint16)
    goal_cells = [np.array([t], np.int64) for t in tiles]
    id0 = int(_rank(tb, goal_cells, lead, mults)[0])
    occ0 = sum(1 << t for t in tiles)
    rep0 = int(tb.lsb[tb.flood[(full & ~occ0) * 16 + 0]])
    table[id0] = 0
    seen[id0] = 1 << rep0
    frontier: I64 = np.array([id0 * 16 + rep0], np.int64)
    depth = 0
    while frontier.size:
        depth += 1
        found: list[I64] = []
        for at in range(0, frontier.size, CHUNK):
            batch: list[I64] = []
            part = frontier[at : at + CHUNK]
            ids, rep = part >> 4, part & 15
            cells = _unrank(tb, ids, k, lead, mults)
            occ = np.zeros(ids.shape, np.int64)
            for c in cells:
                occ |= np.int64(1) << c
            region = tb.flood[(full & ~occ) * 16 + rep]
            # bit c of reach[d] is set when the cell next to c in direction d (up, down, left, right) is in the
            # blank's region, i.e. when a tile on c can move that way
            reach = ((region << cols) & full, region >> cols, (region << 1) & not_left, (region >> 1) & not_right)
            for i, c in enumerate(cells):
                for step, can in zip((-cols, cols, -1, 1), reach):
                    sel = np.flatnonzero((can >> c) & 1)
                    if not sel.size:
                        continue
                    ci = c[sel]
                    qi = ci + step
                    moved = [x[sel] for x in cells]
                    moved[i] = qi
                    nocc = occ[sel] ^ (np.int64(1) << ci) ^ (np.int64(1) << qi)
                    nrep = tb.lsb[tb.flood[(full & ~nocc) * 16 + ci]]
                    nid = _rank(tb, moved, lead, mults)
                    fresh = ((seen[nid].astype(np.int64) >> nrep) & 1) == 0
                    batch.append(nid[fresh] * 16 + nrep[fresh])
            if batch:
                found.append(_distinct(np.concatenate(batch)))
            del batch
        if not found:
            break
        frontier = _distinct(np.concatenate(found))
        del found
        if not frontier.size:
            break
        ids = frontier >> 4
        bits = (np.int64(1) << (frontier & 15)).astype(np.uint16)
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
        uniq = ids[starts]
        seen[uniq] |= np.bitwise_or.reduceat(bits, starts)
        table[uniq[table[uniq] == 255]] = depth
    if (table == 255).any():
        raise RuntimeError("the breadth-first search missed some placements")
    # value → excess over Manhattan distance: (value − MD) / 2
    out = np.empty(size, np.uint8)
    for at in range(0, size, CHUNK):
        ids = np.arange(at, min(size, at + CHUNK), dtype=np.int64)
        cells = _unrank(tb, ids, k, lead, mults)
        md = np.zeros(ids.shape, np.int64)
        for t, c in zip(tiles, cells):
            md += np.abs(c // cols - t // cols) + np.abs(c % cols - t % cols)
        excess = table[at : at + ids.size].astype(np.int64) - md
        if (excess < 0).any() or (excess & 1).any():
            raise RuntimeError("a table value is below, or of another parity than, the Manhattan distance")
        out[at : at + ids.size] = excess >> 1
    return out.tobytes()
