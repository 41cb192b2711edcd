"""Additive pattern databases in memory (:class:`PatternDatabase`): their partitions, probing, and writing them as
a file (:meth:`PatternDatabase.encode`; reading one: :mod:`npuzzle.pdb.loading`). Built by
:mod:`npuzzle.pdb.pure_builder` or :mod:`npuzzle.pdb.numpy_builder`; indexed for the search by
:mod:`npuzzle.pdb.index`.

A pattern database (Culberson & Schaeffer 1998) stores, for every placement of a few *pattern tiles*, the fewest
moves that bring them to their goal cells. In an **additive** database (Korf & Felner 2002; Felner, Korf & Hanan
2004) only moves of pattern tiles are counted, so disjoint patterns add up to an admissible estimate; two patterns
that overlap are *alternatives*, of which the estimate takes the larger. The site ships 7/7-7
(:data:`PARTITION_777`).

Conventions used throughout (in full, with the file format: docs/pattern-databases.md):

* **Home labelling**: tables are for the goal with tile ``t`` on cell ``t`` and the blank on cell 0; any goal with
  its blank in a corner is reduced to it (:func:`~npuzzle.pdb.tables.home_labelling`).
* **Excess over Manhattan**: a table holds ``value − MD`` (0–14 for 7 tiles), a file half of it; a board's
  estimate is ``MD(all tiles) + Σ excess``, tiles in no pattern counting their Manhattan distance.
* **Compact order**: a ``k``-tile table has ``P(n, k)`` entries, one per placement, numbered by
  :func:`compact_index`.
* **Abstraction**: a value is a breadth-first distance over (pattern cells, blank region); each pattern-tile move
  costs 1, the blank moves freely among the other cells.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from math import perm

from ..errors import PatternDatabaseError

MAGIC = b"NPUZPDB\x1a"
"""The first 8 bytes of every pattern-database file."""

FORMAT_VERSION = 2
"""The file-format version this module writes and reads."""

MAX_CELLS = 16
"""Cells are 4-bit numbers, so boards of at most 16 cells."""

MAX_EXCESS = 60
"""The largest excess a valid table holds (the loader rejects larger bytes as corruption)."""

PARTITION_771: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 13, 14, 15))
"""The 15-puzzle's 7-7-1 partition (home labelling; tile 12 counts its Manhattan distance): two 7-tile tables,
16.5 MB of file."""

PARTITION_777: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 4, 5, 6, 7),
    (8, 9, 10, 11, 13, 14, 15),
    (8, 9, 10, 11, 12, 13, 14),
)
"""The 15-puzzle's shipped database, 7/7-7: the 7-7-1 tables plus a second bottom table, the alternative that leaves
tile 15 (not 12) to Manhattan distance; the estimate takes the larger bottom excess. Fewer nodes than 7-7-1 for
50% more table (25.3 MB to download instead of 16.5, 173 MB of memory instead of 115; loaded for searching, the
two alternatives share their bytes and it takes 115 MB too); the node counts are in ``docs/benchmarks.md``."""

PARTITION_663: tuple[tuple[int, ...], ...] = ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15))
"""The best of the five 6-6-3 partitions measured: the two left columns, the two right columns, and the bottom
row's three tiles, a smaller, weaker database than 7-7-1 (1.4 MB of file, quick to build), used
when a test needs a real database quickly. The comparison of the partitions (this one against the former
``(1 4 5) (2 3 6 7 10 11) (8 9 12 13 14 15)`` and three others) is in ``docs/benchmarks.md``."""

PARTITION_555: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
"""A 5-5-5 partition in row-major strips: tables of 524,160 bytes, the quickest to build (tests, experiments);
row-major strips beat 5-tile blocks (``docs/benchmarks.md``)."""

SHARED_MAX = 14
"""The largest excess a table that shares its bytes with its alternative holds (4 bits, even); larger ones are
stored as 14, which keeps the estimate admissible and of the right parity (the 15-puzzle's 7-tile tables never
exceed it)."""

SLICE_BYTES = 1 << 20
"""How much of a file :func:`~npuzzle.pdb.loading.load_database_steps` reads at a time and the most it inflates at
a time; the slices :meth:`PatternDatabase.shared_copy` and the builder work in."""

ZLIB_LEVEL = 8
"""The zlib level of the tables in a file (the shipped file's bytes depend on it)."""
_DOUBLE = bytes(min(2 * v, 255) for v in range(256))
_DOUBLE_LOW = bytes(min(2 * v, SHARED_MAX) for v in range(256))
_DOUBLE_HIGH = bytes(min(2 * v, SHARED_MAX) << 4 for v in range(256))
_LOW = bytes(v & 15 for v in range(256))
_HIGH = bytes(v >> 4 for v in range(256))
_HALVE = bytes(v // 2 for v in range(256))
HEADER = struct.Struct("<8sHBBBB")
"""A file's start: magic, version, rows, cols, goal convention (0: home labelling), table count."""
TABLE = struct.Struct("<III")
"""A table's header entry after its ``k`` and tiles: entries, packed length, CRC-32 of the entries."""
CRC = struct.Struct("<I")
"""The CRC-32 of all the header bytes before it."""


def manhattan(cols: int, tile: int, cell: int) -> int:
    """Manhattan distance of ``tile`` on ``cell`` from its home cell ``tile`` (home labelling)."""
    return abs(cell // cols - tile // cols) + abs(cell % cols - tile % cols)


def compact_index(n: int, cells: Sequence[int]) -> int:
    """The compact number of a placement: pattern tile ``i`` on ``cells[i]`` of an ``n``-cell board.

    With ``L = k − 2``: the lexicographic rank of ``cells[:L]`` among ``L``-permutations of ``n`` cells, times
    ``(n − L)(n − L − 1)``, plus the positions of the two tail cells among the free cells (the second one's among
    those left after the first). Ranges over ``0 … P(n, k) − 1``.
    """
    lead = len(cells) - 2
    rank = 0
    used: list[int] = []
    for i in range(lead):
        c = cells[i]
        rank += (c - sum(1 for u in used if u < c)) * perm(n - 1 - i, lead - 1 - i)
        used.append(c)
    a, b = cells[lead], cells[lead + 1]
    fa = a - sum(1 for u in used if u < a)
    fb = b - sum(1 for u in used + [a] if u < b)
    return (rank * (n - lead) + fa) * (n - lead - 1) + fb


def pattern_groups(partition: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The patterns (by number) grouped by overlap: patterns sharing a tile, directly or through others, form one
    group; different groups share no tile. Groups are listed by their first pattern."""
    owner: list[int] = list(range(len(partition)))

    def root(i: int) -> int:
        while owner[i] != i:
            owner[i] = owner[owner[i]]
            i = owner[i]
        return i

    first: dict[int, int] = {}
    for i, pattern in enumerate(partition):
        for t in pattern:
            if t in first:
                owner[root(i)] = root(first[t])
            else:
                first[t] = i
    groups: dict[int, list[int]] = {}
    for i in range(len(partition)):
        groups.setdefault(root(i), []).append(i)
    return tuple(sorted(tuple(g) for g in groups.values()))


def check_partition(rows: int, cols: int, partition: Sequence[Sequence[int]]) -> None:
    n = rows * cols
    if n > MAX_CELLS:
        raise PatternDatabaseError(f"pattern databases need a board of at most {MAX_CELLS} cells, got {rows}×{cols}")
    if not partition:
        raise PatternDatabaseError("a pattern database needs at least one pattern")
    for pattern in partition:
        if not 2 <= len(pattern) <= min(7, n - 1):
            raise PatternDatabaseError(
                f"a pattern needs 2 to {min(7, n - 1)} tiles, got {len(pattern)}: {' '.join(map(str, pattern))}"
            )
        if len(set(pattern)) != len(pattern):
            raise PatternDatabaseError(f"a pattern lists a tile twice: {' '.join(map(str, pattern))}")
        for t in pattern:
            if not 1 <= t < n:
                raise PatternDatabaseError(f"pattern tile {t} is not a tile of a {rows}×{cols} board")
    for group in pattern_groups(partition):
        if len(group) > 2:
            tiles = " / ".join(" ".join(map(str, partition[i])) for i in group)
            raise PatternDatabaseError(
                f"at most two patterns may overlap (as alternatives); these {len(group)} "
                f"are linked by shared tiles: {tiles}"
            )


def table_layout(n: int, partition: Sequence[Sequence[int]], shared: bool) -> tuple[list[tuple[int, int]], int]:
    """Each table's ``(start in the data, nibble)`` (0 whole bytes, 1 low 4 bits, 2 high) and the data's length.
    Unshared, the tables follow each other; shared, each pair of alternatives (:func:`pattern_groups`) shares the
    bytes of the larger one, in the place of its first pattern."""
    layout = [(0, 0)] * len(partition)
    at = 0
    if not shared:
        for number, pattern in enumerate(partition):
            layout[number] = (at, 0)
            at += perm(n, len(pattern))
        return layout, at
    for group in pattern_groups(partition):
        for place, number in enumerate(group):
            layout[number] = (at, 0 if len(group) == 1 else place + 1)
        at += max(perm(n, len(partition[number])) for number in group)
    return layout, at


def put_halved(out: bytearray, start: int, nibble: int, at: int, chunk: bytes) -> None:
    """Write halved excesses ``chunk`` (as a file holds them) as entries ``at …`` of the table at ``out[start:]``
    stored as ``nibble`` says (:meth:`PatternDatabase.nibbles`): doubled; a high half is ORed into the low half
    already there as one big integer per chunk (far faster than a loop over its bytes)."""
    begin, end = start + at, start + at + len(chunk)
    if nibble == 0:
        out[begin:end] = chunk.translate(_DOUBLE)
    elif nibble == 1:
        out[begin:end] = chunk.translate(_DOUBLE_LOW)
    else:
        merged = int.from_bytes(out[begin:end], "little") | int.from_bytes(chunk.translate(_DOUBLE_HIGH), "little")
        out[begin:end] = merged.to_bytes(end - begin, "little")


@dataclass(frozen=True, slots=True)
class PatternDatabase:
    """Additive tables for one board shape, in home labelling (see the module text).

    ``partition[i]`` lists the pattern tiles of table ``i``; ``data`` holds the tables' excess bytes (``value −
    MD``) one after the other in compact order (table ``i`` starts at ``offsets[i]`` and has
    ``P(n, len(partition[i]))`` entries; with ``shared``, two alternatives share their bytes, see
    :meth:`shared_copy` and :attr:`nibbles`). Tiles in no pattern count their Manhattan distance. Two patterns may
    overlap: they are then *alternatives* (see :func:`pattern_groups`) and the estimate takes the larger of their
    excesses, ``MD + Σ over groups of max over the group's patterns`` — admissible, because one pattern per group
    always makes a disjoint, additive partition.
    """

    rows: int
    cols: int
    partition: tuple[tuple[int, ...], ...]
    data: bytes | bytearray | memoryview
    shared: bool = False

    def __post_init__(self) -> None:
        check_partition(self.rows, self.cols, self.partition)
        if len(self.data) != table_layout(self.rows * self.cols, self.partition, self.shared)[1]:
            raise PatternDatabaseError(
                f"pattern database: {len(self.data):,} bytes of tables do not fit the partition {self.name}"
                + (" (alternatives sharing bytes)" if self.shared else "")
            )

    @property
    def name(self) -> str:
        """The shape: group sizes (alternatives joined by ``/``) and a 1 per Manhattan tile, by dashes: ``"7-7-1"``,
        ``"7/7-7"``."""
        parts = []
        for group in self.groups:
            sizes = sorted((len(self.partition[i]) for i in group), reverse=True)
            parts.append((sizes, "/".join(map(str, sizes))))
        covered = {t for p in self.partition for t in p}
        singles = self.rows * self.cols - 1 - len(covered)
        return "-".join([text for _, text in sorted(parts, reverse=True)] + ["1"] * singles)

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The patterns grouped by overlap (:func:`pattern_groups`); a group of two is a pair of alternatives."""
        return pattern_groups(self.partition)

    @property
    def offsets(self) -> tuple[int, ...]:
        """Where each table starts in :attr:`data` (two alternatives sharing bytes start at the same place)."""
        return tuple(start for start, _ in table_layout(self.rows * self.cols, self.partition, self.shared)[0])

    @property
    def nibbles(self) -> tuple[int, ...]:
        """How each table's entries sit in their bytes: 0 a whole byte, 1 the low 4 bits, 2 the high 4 bits (see
        :meth:`shared_copy`)."""
        return tuple(nibble for _, nibble in table_layout(self.rows * self.cols, self.partition, self.shared)[0])

    def table(self, number: int) -> bytes:
        """Table ``number`` as a file stores it: its halved excess bytes, ``(value − MD) / 2``."""
        start, nibble = self.offsets[number], self.nibbles[number]
        part = bytes(self.data[start : start + perm(self.rows * self.cols, len(self.partition[number]))])
        return (
            part.translate(_HALVE) if not nibble else part.translate(_LOW if nibble == 1 else _HIGH).translate(_HALVE)
        )

    def entry(self, number: int, index: int) -> int:
        """The excess at compact ``index`` of table ``number``."""
        byte = self.data[self.offsets[number] + index]
        nibble = self.nibbles[number]
        return byte if not nibble else byte & 15 if nibble == 1 else byte >> 4

    def excesses(self, tiles: Sequence[int]) -> tuple[int, ...]:
        """Each table's excess for a row-major board in home labelling (``tiles[c]`` = tile on cell ``c``)."""
        where = {t: c for c, t in enumerate(tiles)}
        n = self.rows * self.cols
        return tuple(self.entry(g, compact_index(n, [where[t] for t in p])) for g, p in enumerate(self.partition))

    @classmethod
    def from_halved(
        cls, rows: int, cols: int, partition: Sequence[Sequence[int]], halved: bytes | bytearray
    ) -> PatternDatabase:
        """The database of ``partition`` from its tables as a file stores them (halved excess bytes, one table
        after the other, in partition order)."""
        check_partition(rows, cols, partition)
        return cls(rows, cols, tuple(tuple(p) for p in partition), halved.translate(_DOUBLE))

    def shared_copy(self) -> PatternDatabase:
        """The same tables with each pair of alternatives sharing bytes: the first pattern's excess in the low 4
        bits, the second's in the high 4 bits (excesses above :data:`SHARED_MAX` stored as it). 7/7-7 then takes
        115 MB instead of 173; the search reads the pair with one ``& 15`` or ``>> 4`` more per lookup. A database
        without alternatives keeps its bytes."""
        if self.shared:
            return self
        n = self.rows * self.cols
        layout, total = table_layout(n, self.partition, True)
        if len(self.groups) == len(self.partition):  # no pairs: the same layout
            return PatternDatabase(self.rows, self.cols, self.partition, self.data, True)
        out = bytearray(total)
        for number, pattern in enumerate(self.partition):
            start = self.offsets[number]
            part = self.data[start : start + perm(n, len(pattern))]
            for at in range(0, len(part), SLICE_BYTES):
                put_halved(out, *layout[number], at, bytes(part[at : at + SLICE_BYTES]).translate(_HALVE))
        return PatternDatabase(self.rows, self.cols, self.partition, out, True)

    def value(self, tiles: Sequence[int]) -> int:
        """The estimate of a row-major board in home labelling: Manhattan distance + Σ over groups of the largest
        excess in the group."""
        md = sum(manhattan(self.cols, t, c) for c, t in enumerate(tiles) if t)
        excess = self.excesses(tiles)
        return md + sum(max(excess[i] for i in group) for group in self.groups)

    def encode(self, level: int = ZLIB_LEVEL, threads: int = 1, packed: Sequence[bytes] | None = None) -> bytes:
        """The database as file bytes (see the module text); ``level`` is the zlib compression level. ``threads``
        compress that many tables at once (zlib releases the GIL; the bytes are the same either way); ``packed``
        are the tables already compressed at ``level`` (a builder that compresses each table as soon as it is
        built)."""
        head = HEADER.pack(MAGIC, FORMAT_VERSION, self.rows, self.cols, 0, len(self.partition))
        tables = [self.table(number) for number in range(len(self.partition))]
        if packed is not None:
            packed = list(packed)
        elif threads > 1:
            from concurrent.futures import ThreadPoolExecutor  # build time only (no threads in the browser)

            with ThreadPoolExecutor(max_workers=threads) as pool:
                packed = list(pool.map(lambda table: zlib.compress(table, level), tables))
        else:
            packed = [zlib.compress(table, level) for table in tables]
        for pattern, table, blob in zip(self.partition, tables, packed, strict=True):
            head += bytes([len(pattern), *pattern])
            head += TABLE.pack(len(table), len(blob), zlib.crc32(table))
        head += CRC.pack(zlib.crc32(head))
        return head + b"".join(packed)
