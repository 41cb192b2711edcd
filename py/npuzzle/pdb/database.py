"""Additive pattern databases: compact tables, their file format, and probing (built by
:mod:`npuzzle.pdb.pure_builder` or :mod:`npuzzle.pdb.numpy_builder`; indexed for the search by
:mod:`npuzzle.pdb.index`).

A pattern database (Culberson & Schaeffer 1998) stores, for every placement of a few *pattern tiles*, the fewest
moves that bring them to their goal cells. In an **additive** database (Korf & Felner 2002; Felner, Korf & Hanan
2004) only moves of pattern tiles are counted, so disjoint patterns add up to an admissible estimate. For the
15-puzzle, **7-7-1** (:data:`PARTITION_771`: tiles 1–7 and tiles 8–11, 13–15 in two 7-tile tables, tile 12 by its
Manhattan distance) needs far fewer nodes than the best 6-6-3 partition measured (:data:`PARTITION_663`);
**7/7-7** (:data:`PARTITION_777`) adds a second, *alternative* bottom table (tiles 8–14, tile 15 by Manhattan) and
takes the larger of the two bottom estimates: fewer nodes again, most of all on the hardest positions, for 50% more
table. The site ships 7/7-7. What each costs and saves, measured: ``docs/benchmarks.md``; what the databases are and
how the page loads them: ``docs/pattern-databases.md``.

Conventions used throughout:

* **Home labelling.** Tables are computed for the goal in which tile ``t`` sits on cell ``t`` and the blank on
  cell 0 (Korf's *blank-first* goal ``0 1 2 … n−1``). Any goal whose blank is in a corner is reduced to it by a
  symmetry of the board and a relabelling of the tiles (:mod:`npuzzle.pdb.search` does that), so one set of files
  serves the ``default`` goal (blank last), ``blank-first`` and custom goals alike.
* **Excess over Manhattan.** Every value has the parity of its tiles' Manhattan distance (each abstract move
  shifts one tile by one cell) and is at least that distance. In memory a table holds the *excess*
  ``value − MD`` (0–14 for 7 tiles); a file holds half of it (excess bytes compress about twice as well as
  values). The estimate of a board is ``MD(all tiles) + Σ excess``; tiles in no pattern count their Manhattan
  distance (a one-tile pattern).
* **Compact order.** A ``k``-tile table has ``P(n, k) = n!/(n−k)!`` entries, one per placement, numbered by
  :func:`compact_index`: the *lead* (first ``k − 2`` tiles) by lexicographic rank of its cells, then the two
  *tail* tiles by their positions among the cells the lead leaves free. A search keeps the lead and the tail as
  two 4-bits-per-cell numbers that a move updates by one addition, and turns them into the index with three
  small lookup tables (:class:`~npuzzle.pdb.index.IndexTables`).
* **Abstraction.** A value is a breadth-first distance over (pattern cells, blank region): the blank moves
  freely among non-pattern cells, each pattern-tile move costs 1, the goal has the blank on cell 0, and the table
  keeps the minimum over the blank's positions.

The **file format** (version 2, little-endian), loaded from ``bytes`` by :func:`load_database` (the page fetches
the file and passes the bytes; nothing here touches the file system)::

    magic "NPUZPDB\\x1a" · u16 version · u8 rows · u8 cols · u8 goal (0 = home labelling) · u8 table count
    per table: u8 k · k × u8 tiles · u32 entries (= P(n, k)) · u32 packed length · u32 CRC-32 of the entries
    u32 CRC-32 of all header bytes before it
    the tables, each a zlib stream of its halved excess bytes, in header order; nothing after the last.

The loader checks the header CRC, the exact file length, every table's announced entry count (before it
allocates anything), each zlib stream, the inflated size, CRC-32 and value range, and raises
:class:`~npuzzle.errors.PatternDatabaseError` naming the problem. Building:
:func:`~npuzzle.pdb.pure_builder.build_table_data` (pure Python, fine up to 5 tiles), or ``npuzzle pdb build``
(numpy) for the shipped 7-tile tables.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from math import perm

from ..errors import PatternDatabaseError
from ..progress import run

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
row's three tiles, a smaller, weaker database than 7-7-1 (1.4 MB of file, built in well under a minute), used
when a test needs a real database quickly. The comparison of the partitions (this one against the former
``(1 4 5) (2 3 6 7 10 11) (8 9 12 13 14 15)`` and three others) is in ``docs/benchmarks.md``."""

PARTITION_555: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
"""A 5-5-5 partition in row-major strips: tables of 524,160 bytes that build in seconds (tests, quick experiments);
row-major strips beat 5-tile blocks (``docs/benchmarks.md``)."""

SHARED_MAX = 14
"""The largest excess a table that shares its bytes with its alternative holds (4 bits, even); larger ones are
stored as 14, which keeps the estimate admissible and of the right parity (the 15-puzzle's 7-tile tables never
exceed it)."""

_POSSIBLE = bytes(range(MAX_EXCESS + 1))
ZLIB_LEVEL = 8
"""The zlib level of the tables in a file (the shipped file's bytes depend on it)."""
_DOUBLE = bytes(min(2 * v, 255) for v in range(256))
_DOUBLE_LOW = bytes(min(2 * v, SHARED_MAX) for v in range(256))
_DOUBLE_HIGH = bytes(min(2 * v, SHARED_MAX) << 4 for v in range(256))
_LOW = bytes(v & 15 for v in range(256))
_HIGH = bytes(v >> 4 for v in range(256))
_HALVE = bytes(v // 2 for v in range(256))
_HEADER = struct.Struct("<8sHBBBB")
_TABLE = struct.Struct("<III")
_CRC = struct.Struct("<I")


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


def _layout(n: int, partition: Sequence[Sequence[int]], shared: bool) -> tuple[list[tuple[int, int]], int]:
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


def _put(out: bytearray, start: int, nibble: int, at: int, chunk: bytes) -> None:
    """Write halved excesses ``chunk`` (as a file holds them) as entries ``at …`` of the table at ``out[start:]``
    stored as ``nibble`` says (:meth:`PatternDatabase.nibbles`): doubled; a high half is ORed into the low half
    already there as one big integer per chunk (milliseconds a megabyte, where a loop over its bytes takes a
    second)."""
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
        if len(self.data) != _layout(self.rows * self.cols, self.partition, self.shared)[1]:
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
        return tuple(start for start, _ in _layout(self.rows * self.cols, self.partition, self.shared)[0])

    @property
    def nibbles(self) -> tuple[int, ...]:
        """How each table's entries sit in their bytes: 0 a whole byte, 1 the low 4 bits, 2 the high 4 bits (see
        :meth:`shared_copy`)."""
        return tuple(nibble for _, nibble in _layout(self.rows * self.cols, self.partition, self.shared)[0])

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
        layout, total = _layout(n, self.partition, True)
        if len(self.groups) == len(self.partition):  # no pairs: the same layout
            return PatternDatabase(self.rows, self.cols, self.partition, self.data, True)
        out = bytearray(total)
        for number, pattern in enumerate(self.partition):
            start = self.offsets[number]
            part = self.data[start : start + perm(n, len(pattern))]
            for at in range(0, len(part), SLICE_BYTES):
                _put(out, *layout[number], at, bytes(part[at : at + SLICE_BYTES]).translate(_HALVE))
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
        head = _HEADER.pack(MAGIC, FORMAT_VERSION, self.rows, self.cols, 0, len(self.partition))
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
            head += _TABLE.pack(len(table), len(blob), zlib.crc32(table))
        head += _CRC.pack(zlib.crc32(head))
        return head + b"".join(packed)


@dataclass(frozen=True, slots=True)
class FileSlices:
    """A database file read a slice at a time: ``size`` bytes, ``read(start, end)`` gives bytes ``start … end − 1``.

    The page's worker hands the file over as a JavaScript ``Uint8Array``; reading it a megabyte at a time
    (:func:`npuzzle.api.file_slices`) keeps a whole copy of it out of the WebAssembly memory, which never shrinks.
    """

    size: int
    read: Callable[[int, int], bytes | bytearray | memoryview]

    @classmethod
    def of(cls, data: bytes | bytearray | memoryview | FileSlices) -> FileSlices:
        """``data`` itself, or bytes in memory read by slicing (no copy)."""
        if isinstance(data, FileSlices):
            return data
        raw = memoryview(data).cast("B")
        return cls(len(raw), lambda start, end: raw[start:end])


SLICE_BYTES = 1 << 20
"""How much of the file :func:`load_database_steps` reads at a time, and the most it inflates at a time."""

_HEADER_MAX = _HEADER.size + 255 * (1 + 255 + _TABLE.size) + _CRC.size
"""The longest possible header (255 tables of 255 tiles)."""


@dataclass(frozen=True, slots=True)
class Header:
    """A database file's checked header: the board shape, per table ``(tiles, entries, packed length, CRC-32 of
    the entries)``, the header's ``length`` in bytes (the tables start there), its own CRC-32 ``crc`` and the file's
    ``size``. ``(size, crc)`` names the file's contents: the CRC covers every table's CRC."""

    rows: int
    cols: int
    entries: tuple[tuple[tuple[int, ...], int, int, int], ...]
    length: int
    crc: int
    size: int


def read_header(
    data: bytes | bytearray | memoryview | FileSlices, rows: int | None = None, cols: int | None = None
) -> Header:
    """The header of database file ``data``, checked (magic, version, CRC, the file's exact length, the partition
    and every table's entry count) without reading the tables; raises
    :class:`~npuzzle.errors.PatternDatabaseError` naming the problem (see :func:`load_database`)."""
    source = FileSlices.of(data)
    size = source.size
    raw = memoryview(source.read(0, min(size, _HEADER_MAX))).cast("B")
    what = "pattern database"
    if len(raw) < _HEADER.size:
        raise PatternDatabaseError(f"{what}: the file is truncated ({size} bytes, too short for a header)")
    magic, version, file_rows, file_cols, goal, count = _HEADER.unpack_from(raw, 0)
    if magic != MAGIC:
        raise PatternDatabaseError(
            f"{what}: not a pattern-database file (it starts with {bytes(magic)!r}, not {MAGIC!r})"
        )
    if version != FORMAT_VERSION:
        raise PatternDatabaseError(
            f"{what}: file-format version {version} is not supported (this is version "
            f"{FORMAT_VERSION}); rebuild the tables"
        )
    if goal != 0:
        raise PatternDatabaseError(f"{what}: unknown goal convention {goal}")
    if rows is not None and (rows, cols) != (file_rows, file_cols):
        raise PatternDatabaseError(f"{what}: the file is for {file_rows}×{file_cols} boards, not {rows}×{cols}")
    pos = _HEADER.size
    entries: list[tuple[tuple[int, ...], int, int, int]] = []
    try:
        for _ in range(count):
            k = raw[pos]
            tiles = tuple(raw[pos + 1 : pos + 1 + k])
            if len(tiles) != k:
                raise IndexError
            pos += 1 + k
            table_size, packed_len, crc = _TABLE.unpack_from(raw, pos)
            pos += _TABLE.size
            entries.append((tiles, table_size, packed_len, crc))
        (header_crc,) = _CRC.unpack_from(raw, pos)
    except (IndexError, struct.error):
        raise PatternDatabaseError(f"{what}: the file is truncated inside its header ({size} bytes)") from None
    if zlib.crc32(raw[:pos]) != header_crc:
        raise PatternDatabaseError(f"{what}: the header is corrupt (CRC-32 mismatch)")
    pos += _CRC.size
    check_partition(file_rows, file_cols, [e[0] for e in entries])
    expected = pos + sum(e[2] for e in entries)
    if size < expected:
        raise PatternDatabaseError(
            f"{what}: the file is truncated: the header announces {expected:,} bytes, the file has {size:,}"
        )
    if size > expected:
        raise PatternDatabaseError(f"{what}: the file has {size - expected:,} unexpected bytes after its tables")
    n = file_rows * file_cols
    for number, (tiles, table_size, _, _) in enumerate(entries, start=1):  # every size, before allocating their sum
        if table_size != perm(n, len(tiles)):
            raise PatternDatabaseError(
                f"{what}: table {number} (tiles {' '.join(map(str, tiles))}) announces "
                f"{table_size:,} entries; a {len(tiles)}-tile table of a {file_rows}×{file_cols} "
                f"board has {perm(n, len(tiles)):,}"
            )
    return Header(file_rows, file_cols, tuple(entries), pos, header_crc, size)


def load_database(
    data: bytes | bytearray | memoryview | FileSlices,
    rows: int | None = None,
    cols: int | None = None,
    *,
    shared: bool = False,
) -> PatternDatabase:
    """Read a database from file bytes, checking everything (see the module text).

    ``rows``/``cols``, when given, must match the file. Raises :class:`~npuzzle.errors.PatternDatabaseError`
    with a message naming the problem for wrong magic, an unknown version, a truncated or over-long file, a bad
    checksum, a corrupt zlib stream or a table of the wrong size. The tables are inflated straight into one
    ``bytearray`` (173 MB for 7/7-7, 115 MB for 7-7-1; with ``shared``, alternatives sharing bytes as
    :meth:`PatternDatabase.shared_copy` has them, 115 MB for 7/7-7), a megabyte at a time; nothing else of that
    size is held (and with :class:`FileSlices` not even the whole file).
    """
    return run(load_database_steps(data, rows, cols, shared=shared))


def load_database_steps(
    data: bytes | bytearray | memoryview | FileSlices,
    rows: int | None = None,
    cols: int | None = None,
    *,
    shared: bool = False,
) -> Generator[float, None, PatternDatabase]:
    """:func:`load_database` in steps: yields the fraction of the tables inflated so far after each megabyte of
    the file (a few milliseconds apart), so a caller can answer other work between two steps; returns the
    database."""
    source = FileSlices.of(data)
    head = read_header(source, rows, cols)
    what = "pattern database"
    entries, pos, n = head.entries, head.length, head.rows * head.cols
    file_rows, file_cols = head.rows, head.cols
    layout, length = _layout(n, [e[0] for e in entries], shared)
    out = bytearray(length)
    total = max(1, sum(e[1] for e in entries))
    done = 0  # entries of the tables before this one
    for number, ((tiles, table_size, packed_len, crc), (start_at, nibble)) in enumerate(zip(entries, layout), 1):
        label = f"{what}: table {number} (tiles {' '.join(map(str, tiles))})"
        at, end = 0, table_size
        inflate = zlib.decompressobj()
        check = 0
        try:
            for start in range(pos, pos + packed_len, SLICE_BYTES):
                pending: bytes | bytearray | memoryview = source.read(start, min(start + SLICE_BYTES, pos + packed_len))
                while True:  # at most a megabyte out at a time: zlib keeps the rest of the input for the next call
                    limit = min(end - at + 1, SLICE_BYTES)
                    chunk = inflate.decompress(pending, limit)
                    if at + len(chunk) > end:
                        raise PatternDatabaseError(f"{label} is corrupt (more entries than announced)")
                    impossible = chunk.translate(None, _POSSIBLE)
                    if impossible:
                        raise PatternDatabaseError(f"{label} holds the impossible value {max(impossible)}")
                    check = zlib.crc32(chunk, check)
                    _put(out, start_at, nibble, at, chunk)
                    at += len(chunk)
                    pending = inflate.unconsumed_tail
                    if not pending and len(chunk) < limit:
                        break
                yield (done + at) / total
            if not inflate.eof:
                raise PatternDatabaseError(f"{label} is corrupt (its zlib stream ends early)")
        except zlib.error as exc:
            raise PatternDatabaseError(f"{label} is corrupt ({exc})") from None
        pos += packed_len
        if at != end or check != crc:
            raise PatternDatabaseError(f"{label} is corrupt (size or CRC-32 mismatch)")
        done += table_size
    return PatternDatabase(file_rows, file_cols, tuple(e[0] for e in entries), out, shared)
