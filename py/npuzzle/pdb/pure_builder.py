"""Building pattern databases in pure Python: one table by breadth-first search over (pattern cells, blank
region), and a whole database from a builder of tables (this one, or :mod:`npuzzle.pdb.numpy_builder`'s, which
computes the same bytes far faster). The values and the order they are stored in: :mod:`npuzzle.pdb.database`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import perm

from .database import PatternDatabase, check_partition, compact_index, manhattan

TableBuilder = Callable[[int, int, Sequence[int]], bytes]
"""Builds one table as a file stores it (halved excess bytes) for ``(rows, cols, pattern tiles)``:
:func:`build_table_data` or a faster one."""

Tick = Callable[[str], None]
"""What a table builder calls every fraction of a second with what it is doing (``"depth 12, 40% of its layer"``):
progress to show, and the place where a build is stopped (the callable raises)."""

TICK_EVERY = 1 << 12
"""States the pure-Python builder expands between two ticks (milliseconds of work)."""


def _quiet(stage: str) -> None:
    """A tick that shows nothing and never stops."""


def build_table_data(rows: int, cols: int, tiles: Sequence[int], tick: Tick = _quiet) -> bytes:
    """Pattern ``tiles``'s table as a file stores it (halved excess, compact order), by BFS in pure Python.

    States are (pattern cells, blank region); O(P(n, k) · regions · k) time: fine up to 5 tiles of a 4×4 board
    (minutes for 5); ``scripts/build_pdb.py`` computes the same bytes with numpy for 6 and 7 tiles. ``tick`` is
    called every :data:`TICK_EVERY` states with the depth and how much of its layer is done.
    """
    check_partition(rows, cols, [tiles])
    n = rows * cols
    k = len(tiles)
    nbs = []
    for c in range(n):
        r, cc = divmod(c, cols)
        nbs.append(
            [
                (r + dr) * cols + cc + dc
                for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                if 0 <= r + dr < rows and 0 <= cc + dc < cols
            ]
        )
    full = (1 << n) - 1
    not_left = sum(1 << c for c in range(n) if c % cols)
    not_right = sum(1 << c for c in range(n) if c % cols != cols - 1)

    def flood(start: int, free: int) -> int:
        region = start
        while True:
            grow = ((region << 1) & not_left) | ((region >> 1) & not_right) | (region << cols) | (region >> cols)
            grow = region | (grow & free)
            if grow == region:
                return region
            region = grow

    value: dict[tuple[int, ...], int] = {}
    seen: set[tuple[tuple[int, ...], int]] = set()
    start = tuple(tiles)
    region0 = flood(1, full & ~sum(1 << t for t in tiles))
    first = (start, (region0 & -region0).bit_length() - 1)
    seen.add(first)
    value[start] = 0
    frontier = [first]
    depth = 0
    while frontier:
        depth += 1
        fresh: list[tuple[tuple[int, ...], int]] = []
        for done, (cells, rep) in enumerate(frontier):
            if not done % TICK_EVERY:
                tick(f"depth {depth}, {100 * done // len(frontier)}% of its layer")
            occ = sum(1 << c for c in cells)
            region = flood(1 << rep, full & ~occ)
            for i, c in enumerate(cells):
                for q in nbs[c]:
                    if region >> q & 1:
                        moved = cells[:i] + (q,) + cells[i + 1 :]
                        nreg = flood(1 << c, full & ~(occ ^ (1 << c) ^ (1 << q)))
                        state = (moved, (nreg & -nreg).bit_length() - 1)
                        if state not in seen:
                            seen.add(state)
                            fresh.append(state)
                            value.setdefault(moved, depth)
        frontier = fresh
    out = bytearray(perm(n, k))
    for cells, v in value.items():
        md = sum(manhattan(cols, t, c) for t, c in zip(tiles, cells))
        out[compact_index(n, cells)] = (v - md) // 2
    return bytes(out)


def build_database(
    rows: int, cols: int, partition: Sequence[Sequence[int]], builder: TableBuilder = build_table_data
) -> PatternDatabase:
    """Build the additive database of ``partition`` (disjoint tuples of tiles, home labelling) with ``builder``."""
    check_partition(rows, cols, partition)
    return PatternDatabase.from_halved(
        rows, cols, partition, b"".join(builder(rows, cols, tuple(p)) for p in partition)
    )
