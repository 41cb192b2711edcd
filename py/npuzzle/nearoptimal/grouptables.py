"""Relaxed additive group tables: small pattern databases for any rectangular region, built in memory.

A *group* is a few goal cells (three or four) of a ``rows × cols`` region. Its table gives, for every placement of
the group's tiles, the fewest moves **of those tiles** that bring them home when each move slides one group tile
into a neighbouring cell not held by another group tile. Every real move of a group tile is such a move, so the
table never overestimates; the groups of a *partition* are disjoint and a real move moves one tile only, so the
sum over the groups is admissible too (the additive pattern databases of Korf & Felner 2002, with the blank
relaxed away: a tile may step into any cell its group leaves free).

Tables are built by breadth-first search from the goal placement over the ``n·(n−1)·…`` placements (13,800 for
three tiles of a 5×5 region, 303,600 for four; timed in ``docs/benchmarks.md``). A table is a ``bytes`` indexed
sparsely by ``Σ pos_i · n^(k−1−i)`` (``255`` marks impossible indices), so the heuristic changes by one lookup
difference when one tile moves (:attr:`Partition.lookup`). What an answer says of the tables it used:
:func:`tables_words`.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from ..board import neighbours
from ..errors import PatternDatabaseError

UNSET = 255
"""The table byte for placements that cannot occur (two tiles on one cell)."""


def build_table(rows: int, cols: int, cells: Sequence[int]) -> bytes:
    """The relaxed table of the group whose goal cells are ``cells`` (in that order) on a ``rows × cols`` region.

    Breadth-first search from the goal placement; O(n^k) memory (bytes), O(n!/(n−k)! · k · 4) time.
    """
    n = rows * cols
    k = len(cells)
    near = neighbours(rows, cols)
    mults = [n ** (k - 1 - i) for i in range(k)]
    dist = bytearray([UNSET]) * (n**k)
    start = sum(c * m for c, m in zip(cells, mults))
    dist[start] = 0
    frontier = [start]
    depth = 0
    while frontier:
        depth += 1
        if depth >= UNSET:  # cannot happen on boards up to 10×10 with k ≤ 4; keeps the byte encoding honest
            break
        following: list[int] = []
        for index in frontier:
            places: list[int] = []
            rest = index
            for m in mults:
                p, rest = divmod(rest, m)
                places.append(p)
            for i in range(k):
                p = places[i]
                m = mults[i]
                for q in near[p]:
                    if q in places:
                        continue
                    j = index + (q - p) * m
                    if dist[j] == UNSET:
                        dist[j] = depth
                        following.append(j)
        frontier = following
    return bytes(dist)


def compact_groups(rows: int, cols: int, blank_cell: int, size: int, transpose: bool = False) -> list[list[int]]:
    """Split the region's cells other than ``blank_cell`` into groups of ``size`` compact cells.

    Rows are taken in pairs and each pair is walked column by column (top cell, then bottom), cut every ``size``
    cells, so groups of four are mostly 2×2 blocks. ``transpose=True`` pairs columns instead: a second,
    differently cut partition whose sum is another admissible estimate.
    """
    order: list[int] = []
    if not transpose:
        for r0 in range(0, rows, 2):
            band = [r for r in (r0, r0 + 1) if r < rows]
            for c in range(cols):
                order.extend(r * cols + c for r in band)
    else:
        for c0 in range(0, cols, 2):
            band = [c for c in (c0, c0 + 1) if c < cols]
            for r in range(rows):
                order.extend(r * cols + c for c in band)
    order = [c for c in order if c != blank_cell]
    groups = [order[i : i + size] for i in range(0, len(order), size)]
    if len(groups) > 1 and len(groups[-1]) < size and len(groups[-1]) + len(groups[-2]) <= size + 1:
        groups[-2].extend(groups.pop())  # a lone last cell joins its neighbour group
    return groups


@dataclass(frozen=True, slots=True)
class Partition:
    """An additive estimate over a region: disjoint groups of goal cells, each with its relaxed table.

    ``lookup[t]`` serves the incremental update for local tile ``t``: ``(table, own, others)`` where ``own[cell]``
    is ``t``'s contribution to its group's index when it stands on ``cell`` and ``others`` lists
    ``(tile, contribution-by-cell)`` of the rest of the group (tiles are numbered by the caller, ``0`` = blank).
    """

    groups: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]
    lookup: tuple[tuple[bytes, tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]] | None, ...]

    def value(self, positions: Sequence[int]) -> int:
        """The estimate for a state given as ``positions[tile] = cell``. O(number of tiles)."""
        total = 0
        for group, table in zip(self.groups, self.tables):
            index = 0
            for tile in group:
                entry = self.lookup[tile]
                assert entry is not None
                index += entry[1][positions[tile]]
            total += table[index]
        return total


def make_partition(
    n: int,
    groups: Sequence[Sequence[int]],
    tables: Sequence[bytes],
    tile_at_goal: Sequence[int],
    cell_map: Sequence[int] | None = None,
) -> Partition:
    """Bind ``groups`` of goal cells (with their ``tables``) to tile numbers via ``tile_at_goal[cell]``.

    ``n`` is the number of cells of the region. ``cell_map`` (default: identity) maps region cells to the cells
    the tables were built on, so one table serves every rotation or reflection of its group; ``groups`` are then
    given in the tables' cells. The stored groups list tile numbers.
    """
    to_table = list(range(n)) if cell_map is None else list(cell_map)
    from_table = [0] * n
    for cell, image in enumerate(to_table):
        from_table[image] = cell
    lookup: list[tuple[bytes, tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]] | None] = [None] * n
    tile_groups: list[tuple[int, ...]] = []
    for cells, table in zip(groups, tables):
        k = len(cells)
        tiles = [tile_at_goal[from_table[c]] for c in cells]
        contributions = [tuple(to_table[p] * n ** (k - 1 - i) for p in range(n)) for i in range(k)]
        for i, tile in enumerate(tiles):
            others = tuple((tiles[j], contributions[j]) for j in range(k) if j != i)
            lookup[tile] = (table, contributions[i], others)
        tile_groups.append(tuple(tiles))
    return Partition(tuple(tile_groups), tuple(tables), tuple(lookup))


MAGIC = b"NPGROUP\x1a"
"""The first 8 bytes of a group-table file."""

_HEAD = struct.Struct("<8sBBB")
_ENTRY = struct.Struct("<II")


@dataclass(frozen=True, slots=True)
class TableSet:
    """Relaxed group tables of one ``rows × cols`` region: ``groups[i]`` (goal cells, in index order) and
    ``tables[i]`` (sparse bytes, see :func:`build_table`)."""

    rows: int
    cols: int
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]


def encode_tables(table_set: TableSet, level: int = 9) -> bytes:
    """A table set as file bytes (little-endian)::

    magic "NPGROUP\\x1a" · u8 rows · u8 cols · u8 count
    per table: u8 k · k × u8 cells · u32 packed length · u32 CRC-32 of the raw table
    the tables, each a zlib stream, in header order; nothing after the last.
    """
    head = bytearray(_HEAD.pack(MAGIC, table_set.rows, table_set.cols, len(table_set.tables)))
    packed: list[bytes] = []
    for cells, table in zip(table_set.groups, table_set.tables):
        data = zlib.compress(table, level)
        packed.append(data)
        head += bytes([len(cells), *cells]) + _ENTRY.pack(len(data), zlib.crc32(table))
    return bytes(head) + b"".join(packed)


def load_tables(data: bytes | bytearray | memoryview, what: str = "group tables") -> TableSet:
    """Read a table set from file bytes, checking magic, lengths, zlib streams and CRCs.

    Raises :class:`~npuzzle.errors.PatternDatabaseError` naming the problem (``what`` names the file).
    """
    raw = bytes(data)
    if len(raw) < _HEAD.size or raw[:8] != MAGIC:
        raise PatternDatabaseError(f"{what}: not a group-table file (it does not start with {MAGIC!r})")
    _, rows, cols, count = _HEAD.unpack_from(raw)
    n = rows * cols
    at = _HEAD.size
    entries: list[tuple[tuple[int, ...], int, int]] = []
    try:
        for _ in range(count):
            k = raw[at]
            cells = tuple(raw[at + 1 : at + 1 + k])
            if len(cells) != k or not 1 <= k <= 4 or any(c >= n for c in cells):
                raise PatternDatabaseError(
                    f"{what}: a table header names cells {list(cells)} off a {rows}×{cols} board"
                )
            size, crc = _ENTRY.unpack_from(raw, at + 1 + k)
            entries.append((cells, size, crc))
            at += 1 + k + _ENTRY.size
    except (IndexError, struct.error):
        raise PatternDatabaseError(f"{what}: the file is truncated inside its header ({len(raw)} bytes)") from None
    if at + sum(e[1] for e in entries) != len(raw):
        raise PatternDatabaseError(
            f"{what}: the header announces {at + sum(e[1] for e in entries):,} bytes but the file has {len(raw):,}"
        )
    tables: list[bytes] = []
    for cells, size, crc in entries:
        try:
            table = zlib.decompress(raw[at : at + size])
        except zlib.error as exc:
            raise PatternDatabaseError(f"{what}: the table of cells {list(cells)} is corrupt ({exc})") from None
        if len(table) != n ** len(cells) or zlib.crc32(table) != crc:
            raise PatternDatabaseError(f"{what}: the table of cells {list(cells)} fails its length or CRC check")
        tables.append(table)
        at += size
    return TableSet(rows, cols, tuple(e[0] for e in entries), tuple(tables))


FIVE_GROUPS: tuple[tuple[int, ...], ...] = (
    (1, 2, 6, 7),
    (3, 4, 8, 9),
    (5, 10, 15, 20),
    (11, 12, 16, 17),
    (13, 14, 18, 19),
    (21, 22, 23, 24),
)
"""The 4-4-4-4-4-4 partition of a 5×5 region whose blank's goal is cell 0: four 2×2 blocks, the left column and the
bottom row. Its transpose is a second partition served by the same six tables."""

FIVE_FILE = "data/groups-5x5.bin"
"""The shipped tables of :data:`FIVE_GROUPS`, inside the package (built by ``scripts/build_group_tables.py``)."""


def build_five() -> TableSet:
    """Compute the tables of :data:`FIVE_GROUPS` (seconds of CPython: the package ships them, see
    ``scripts/build_group_tables.py``)."""
    return TableSet(5, 5, FIVE_GROUPS, tuple(build_table(5, 5, g) for g in FIVE_GROUPS))


def shipped_five() -> TableSet | None:
    """The shipped 5×5 tables, or ``None`` when the package holds no such file (the solver then builds 3-tile
    tables at run time)."""
    try:
        data = resources.files("npuzzle").joinpath(FIVE_FILE).read_bytes()
    except (FileNotFoundError, OSError):
        return None
    return load_tables(data, FIVE_FILE)


def corner_maps(rows: int, cols: int, corner: int) -> list[list[int]] | None:
    """For a square region whose blank's goal is the ``corner`` cell: two cell maps (region → table cells) that
    move that corner to cell 0, the second also transposed; ``None`` when the region is not square or the cell
    is not a corner."""
    if rows != cols:
        return None
    r0, c0 = divmod(corner, cols)
    if r0 not in (0, rows - 1) or c0 not in (0, cols - 1):
        return None
    straight: list[int] = []
    turned: list[int] = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        r = r if r0 == 0 else rows - 1 - r
        c = c if c0 == 0 else cols - 1 - c
        straight.append(r * cols + c)
        turned.append(c * cols + r)
    return [straight, turned]


@dataclass(frozen=True, slots=True)
class PartitionSpec:
    """Groups of table cells with their tables, and the map from a region's cells to those table cells.

    :func:`bind_partition` turns it into a :class:`Partition` for any target arrangement of the region.
    """

    rows: int
    cols: int
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]
    cell_map: tuple[int, ...]


def bind_partition(spec: PartitionSpec, target: Sequence[int]) -> Partition:
    """The additive estimate of the distance to ``target`` (tile-per-cell, ``0`` = blank) that ``spec`` gives.

    Each group's tiles are those whose target cell lies in the group. A group that holds the blank's target cell
    is broken up, and its tiles (with any tile whose target no group covers) are estimated by their Manhattan
    distance alone, so the sum stays admissible for any target, not just the goal the tables were built for.
    """
    rows, cols = spec.rows, spec.cols
    n = rows * cols
    to_table = list(spec.cell_map)
    from_table = [0] * n
    for cell, image in enumerate(to_table):
        from_table[image] = cell
    blank_image = to_table[list(target).index(0)]
    groups: list[tuple[int, ...]] = []
    tables: list[bytes] = []
    covered = {blank_image}
    for cells, table in zip(spec.groups, spec.tables):
        if blank_image in cells:
            continue
        groups.append(cells)
        tables.append(table)
        covered.update(cells)
    for image in range(n):
        if image in covered:
            continue
        goal_r, goal_c = divmod(from_table[image], cols)
        distance = bytes(abs(from_table[c] // cols - goal_r) + abs(from_table[c] % cols - goal_c) for c in range(n))
        groups.append((image,))
        tables.append(distance)
    return make_partition(n, groups, tables, list(target), to_table)


def positions(cells: Sequence[int]) -> bytes:
    """The ``state[tile] = cell`` encoding of a tile-per-cell list (what :meth:`Partition.value` reads)."""
    out = bytearray(len(cells))
    for cell, tile in enumerate(cells):
        out[tile] = cell
    return bytes(out)


Row = tuple[int, ...]
Pad = tuple[bytes, Row, int, Row, int, Row, int, Row]
"""One tile's unrolled lookup: (table, own, o1, c1, o2, c2, o3, c3), see :func:`padded_lookup`."""


def padded_lookup(n: int, partition: Partition) -> list[Pad]:
    """Per tile of ``partition`` (groups of at most four tiles): (table, own, o1, c1, o2, c2, o3, c3) with missing
    group mates padded by a zero contribution, so that a search can update the estimate in one unrolled line."""
    zero = (0,) * n
    out: list[Pad] = []
    for tile in range(n):
        entry = partition.lookup[tile] if tile < len(partition.lookup) else None
        if entry is None:
            out.append((bytes(1), zero, 0, zero, 0, zero, 0, zero))
            continue
        table, own, others = entry
        (o1, c1), (o2, c2), (o3, c3) = list(others) + [(0, zero)] * (3 - len(others))
        out.append((table, own, o1, c1, o2, c2, o3, c3))
    return out


NO_TABLES = "none: the beams rank by Manhattan distance plus linear conflicts, which also bound the answer"
""":func:`tables_words` of an answer that used no tables (a region of more than
:data:`~npuzzle.nearoptimal.solver.TABLE_CELLS` cells)."""


EXACT_TABLES = "none: an exact search (A*)"
""":func:`tables_words` of a board of at most :data:`~npuzzle.nearoptimal.solver.EXACT_CELLS` cells, solved exactly."""


def tables_words(
    specs: Sequence[PartitionSpec], sizes: Sequence[int], shape: tuple[int, int], five: TableSet | None, whole: bool
) -> str:
    """Which tables an answer used, in the words the CLI's ``Tables:`` line and the page's details show: the count
    of the region's relaxed group tables (``specs``, of ``sizes`` tiles), and whether they are ``five``, the ones
    shipped for the 5×5, or were built for the region of ``shape`` (the ``whole`` board or a part of it)."""
    count = len({id(table) for spec in specs for table in spec.tables})
    rows, cols = shape
    made = (
        f"shipped for the {rows}×{cols}"
        if five is not None and specs[0].tables == five.tables
        else f"built for {'this' if whole else 'its'} {rows}×{cols} {'board' if whole else 'part'}"
    )
    tiles = " and ".join(map(str, sizes))
    use = "they give a lower bound in single-tile moves and re-solve stretches of the answer exactly"
    return f"{count} tables of {tiles} tiles {made}: {use}"
