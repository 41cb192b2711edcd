"""Vectorised (numpy) breadth-first search that builds one additive pattern-database table.

Build-time only: the run-time package never imports numpy. :func:`build_sparse` computes the same table as the
pure-Python :func:`npuzzle.pdb.build_table` (the tests check that on small patterns), only about a hundred times
faster, which is what makes the 6-tile tables of the 15-puzzle affordable (a minute or so instead of hours).

Abstract state: the cells of the pattern tiles plus the *region* the blank can reach without moving a pattern
tile (moves of the other tiles are free in an additive database, Korf & Felner 2002); the region is named by its
lowest cell. Every pattern-tile move costs 1, so a plain layered BFS over (pattern cells, region) gives, for each
placement of the pattern tiles, the fewest pattern-tile moves that bring them home (the minimum over blank
positions). Table layout: ``index = Σ cell(tile_i) · 16**i`` (4 bits per tile), 255 where two tiles would share
a cell.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

U32 = npt.NDArray[np.uint32]
I64 = npt.NDArray[np.int64]


def _flood(start: U32, free: U32, cols: int, not_left: int, not_right: int, full: int) -> U32:
    """The cells reachable from ``start`` through ``free`` cells (bitmasks), vectorised."""
    region = start
    while True:
        grow = ((region << 1) & not_left) | ((region >> 1) & not_right) | ((region << cols) & full) | (region >> cols)
        nxt = region | (grow & free)
        if np.array_equal(nxt, region):
            return region
        region = nxt


def build_sparse(rows: int, cols: int, goal_cells: Sequence[int], blank_cell: int) -> bytes:
    """The table for pattern tiles whose goal cells are ``goal_cells`` (in that order) and the goal blank cell.

    Returns ``16**k`` bytes (k = len(goal_cells)); see the module docstring for the layout.
    """
    n = rows * cols
    k = len(goal_cells)
    if n > 16:
        raise ValueError(f"{rows}×{cols} has more than 16 cells")
    size = 16**k
    full = (1 << n) - 1
    not_left = sum(1 << c for c in range(n) if c % cols != 0)
    not_right = sum(1 << c for c in range(n) if c % cols != cols - 1)
    lsb = np.zeros(1 << 16, np.int64)
    for v in range(1, 1 << 16):
        lsb[v] = (v & -v).bit_length() - 1
    # neighbour cell in each of 4 directions, -1 off the board
    steps = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nb = np.full(16, -1, np.int64)
        for c in range(n):
            r, cc = divmod(c, cols)
            if 0 <= r + dr < rows and 0 <= cc + dc < cols:
                nb[c] = (r + dr) * cols + cc + dc
        steps.append(nb)

    table = np.full(size, 255, np.uint8)
    seen = np.zeros(size * 16, np.bool_)
    s0 = sum(c * 16**i for i, c in enumerate(goal_cells))
    occ0 = sum(1 << c for c in goal_cells)
    region0 = _flood(np.array([1 << blank_cell], np.uint32), np.array([full & ~occ0], np.uint32), cols,
                     not_left, not_right, full)
    code0 = s0 * 16 + int(lsb[int(region0[0])])
    seen[code0] = True
    table[s0] = 0
    frontier: I64 = np.array([code0], np.int64)
    depth = 0
    while frontier.size:
        s = frontier >> 4
        rep = (frontier & 15).astype(np.uint32)
        cells = [((s >> (4 * i)) & 15) for i in range(k)]
        occ = np.zeros(s.shape, np.uint32)
        for c in cells:
            occ |= (np.uint32(1) << c.astype(np.uint32))
        free = (~occ) & np.uint32(full)
        region = _flood(np.uint32(1) << rep, free, cols, not_left, not_right, full)
        new_codes = []
        for i, c in enumerate(cells):
            for nb in steps:
                q = nb[c]
                ok = q >= 0
                qq = np.where(ok, q, 0)
                ok &= ((region >> qq.astype(np.uint32)) & 1).astype(np.bool_)
                if not ok.any():
                    continue
                ci = c[ok]
                qi = qq[ok]
                ns = s[ok] + ((qi - ci) << (4 * i))
                nocc = occ[ok] ^ (np.uint32(1) << ci.astype(np.uint32)) ^ (np.uint32(1) << qi.astype(np.uint32))
                nreg = _flood(np.uint32(1) << ci.astype(np.uint32), (~nocc) & np.uint32(full), cols,
                              not_left, not_right, full)
                code = ns * 16 + lsb[nreg]
                code = code[~seen[code]]
                new_codes.append(code)
        depth += 1
        if not new_codes:
            break
        frontier = np.unique(np.concatenate(new_codes))
        seen[frontier] = True
        configs = frontier >> 4
        fresh = configs[table[configs] == 255]
        table[fresh] = depth
    return table.tobytes()
