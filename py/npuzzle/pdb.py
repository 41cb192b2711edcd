"""Additive pattern databases: tables, their file format, a pure-Python builder, and probing.

A pattern database (Culberson & Schaeffer 1998) stores, for every placement of a few *pattern tiles*, the fewest
moves that bring them to their goal cells. In an **additive** database (Korf & Felner 2002; Felner, Korf &
Hanan 2004) only moves of pattern tiles are counted, so the values of disjoint patterns add up to an admissible
estimate: a 6-6-3 partition of the 15-puzzle's tiles gives three tables whose sum is far stronger than Manhattan
distance.

Conventions used throughout:

* **Home labelling.** Tables are computed for the goal in which tile ``t`` sits on cell ``t`` and the blank on
  cell 0 (Korf's *blank-first* goal ``0 1 2 … n−1``). Any goal whose blank is in a corner is reduced to it by a
  symmetry of the board and a relabelling of the tiles (:mod:`npuzzle.pdbsearch` does that), so one set of files
  serves the ``default`` goal (blank last), ``blank-first`` and custom goals alike.
* **Layout.** A table for pattern tiles ``(t0, t1, …, t(k−1))`` holds ``16**k`` bytes indexed by
  ``Σ cell(t_i) · 16**i`` (4 bits per tile, so boards of at most 16 cells). Entries where two tiles would share a
  cell, or a cell lies off the board, hold 255. The sparse layout wastes space in memory (16.8 MB for a 6-tile
  table instead of 5.8 MB) but lets a search update an index with one addition per move.
* **Abstraction.** The value is a breadth-first distance over (pattern cells, blank region): the blank moves
  freely among non-pattern cells, and each move of a pattern tile costs 1; the table keeps the minimum over the
  blank's positions, and the goal has the blank on cell 0.

The **file format** (version 1, little-endian), loaded from ``bytes`` by :func:`load_database` (the page fetches
the file and passes the bytes; nothing here touches the file system)::

    magic "NPUZPDB\\x1a" · u16 version · u8 rows · u8 cols · u8 goal (0 = home labelling) · u8 table count
    per table: u8 k · k × u8 tiles · u32 raw length · u32 packed length · u32 CRC-32 of the raw table
    u32 CRC-32 of all header bytes before it
    the tables, each a zlib stream (deflate), in header order; nothing after the last.

Each table is checked on load: header CRC, exact file length, zlib stream, raw length, CRC-32, and the number of
valid (non-255) entries; any failure raises :class:`~npuzzle.errors.PatternDatabaseError` naming the problem.
Building: :func:`build_table` here (pure Python, fine up to 5 tiles), or ``scripts/build_pdb.py`` (numpy,
used for the 6-tile tables of the 15-puzzle).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import perm

from .errors import PatternDatabaseError

MAGIC = b"NPUZPDB\x1a"
"""The first 8 bytes of every pattern-database file."""

FORMAT_VERSION = 1
"""The file-format version this module writes and reads."""

UNREACHABLE = 255
"""The entry value for index combinations that are not placements (two tiles on one cell, a cell off the board)."""

MAX_CELLS = 16
"""Tables index cells with 4 bits, so boards of at most 16 cells."""

_HEADER = struct.Struct("<8sHBBBB")
_TABLE = struct.Struct("<III")
_CRC = struct.Struct("<I")

PARTITION_663: tuple[tuple[int, ...], ...] = ((1, 4, 5), (2, 3, 6, 7, 10, 11), (8, 9, 12, 13, 14, 15))
"""The 15-puzzle's 6-6-3 partition shipped by the project (home labelling: tile t's goal cell is t)."""


@dataclass(frozen=True, slots=True)
class PatternDatabase:
    """Disjoint additive tables for one board shape, in home labelling (see the module text).

    ``partition[i]`` lists the pattern tiles of table ``i``; ``data`` holds the tables' sparse layouts one after
    the other (table ``i`` starts at ``offsets[i]`` and has ``16**len(partition[i])`` entries), so a search can
    index all of them in one ``bytes`` object. :meth:`value` is the admissible estimate (the sum of the tables);
    when the patterns cover every tile it is 0 exactly on the goal.
    """

    rows: int
    cols: int
    partition: tuple[tuple[int, ...], ...]
    data: bytes

    def __post_init__(self) -> None:
        _check_partition(self.rows, self.cols, self.partition)
        if len(self.data) != sum(16 ** len(p) for p in self.partition):
            raise PatternDatabaseError(
                f"pattern database: {len(self.data):,} bytes of tables do not fit the partition {self.name}"
            )

    @property
    def name(self) -> str:
        """The partition's shape, tile counts joined by dashes (``"6-6-3"``)."""
        return "-".join(str(k) for k in sorted((len(p) for p in self.partition), reverse=True))

    @property
    def offsets(self) -> tuple[int, ...]:
        """Where each table starts in :attr:`data`."""
        out, at = [], 0
        for p in self.partition:
            out.append(at)
            at += 16 ** len(p)
        return tuple(out)

    @property
    def covers_all_tiles(self) -> bool:
        """True when every tile ``1 … rows·cols−1`` belongs to one pattern."""
        covered = sorted(t for p in self.partition for t in p)
        return covered == list(range(1, self.rows * self.cols))

    def table(self, number: int) -> bytes:
        """A copy of table ``number``'s sparse layout."""
        start = self.offsets[number]
        return self.data[start : start + 16 ** len(self.partition[number])]

    def values(self, tiles: Sequence[int]) -> tuple[int, ...]:
        """Each table's value for a row-major board in home labelling (``tiles[c]`` = tile on cell ``c``)."""
        where = {t: c for c, t in enumerate(tiles)}
        return tuple(
            self.data[start + sum(where[t] << (4 * i) for i, t in enumerate(p))]
            for start, p in zip(self.offsets, self.partition)
        )

    def value(self, tiles: Sequence[int]) -> int:
        """The additive estimate for a row-major board in home labelling: the sum of the tables' values."""
        return sum(self.values(tiles))

    def encode(self, level: int = 9) -> bytes:
        """The database as file bytes (see the module text); ``level`` is the zlib compression level."""
        head = _HEADER.pack(MAGIC, FORMAT_VERSION, self.rows, self.cols, 0, len(self.partition))
        packed: list[bytes] = []
        for number, pattern in enumerate(self.partition):
            table = self.table(number)
            blob = zlib.compress(table, level)
            packed.append(blob)
            head += bytes([len(pattern), *pattern])
            head += _TABLE.pack(len(table), len(blob), zlib.crc32(table))
        head += _CRC.pack(zlib.crc32(head))
        return head + b"".join(packed)


def _check_partition(rows: int, cols: int, partition: Sequence[Sequence[int]]) -> None:
    n = rows * cols
    if n > MAX_CELLS:
        raise PatternDatabaseError(f"pattern databases need a board of at most {MAX_CELLS} cells, got {rows}×{cols}")
    seen: set[int] = set()
    for pattern in partition:
        if not pattern:
            raise PatternDatabaseError("a pattern has no tiles")
        for t in pattern:
            if not 1 <= t < n:
                raise PatternDatabaseError(f"pattern tile {t} is not a tile of a {rows}×{cols} board")
            if t in seen:
                raise PatternDatabaseError(f"pattern tile {t} appears in two patterns; additive patterns are disjoint")
            seen.add(t)


def load_database(data: bytes | bytearray | memoryview, rows: int | None = None,
                  cols: int | None = None) -> PatternDatabase:
    """Read a database from file bytes, checking everything (see the module text).

    ``rows``/``cols``, when given, must match the file. Raises :class:`~npuzzle.errors.PatternDatabaseError`
    with a message naming the problem for wrong magic, an unknown version, a truncated or over-long file, a bad
    checksum, a corrupt zlib stream or a table of the wrong size. Time: one zlib inflate and one CRC-32 per table
    (about 0.1 s for the 15-puzzle's 6-6-3 set).
    """
    raw = bytes(data)
    what = "pattern database"
    if len(raw) < _HEADER.size:
        raise PatternDatabaseError(f"{what}: the file is truncated ({len(raw)} bytes, too short for a header)")
    magic, version, file_rows, file_cols, goal, count = _HEADER.unpack_from(raw, 0)
    if magic != MAGIC:
        raise PatternDatabaseError(f"{what}: not a pattern-database file (it starts with {magic!r}, not {MAGIC!r})")
    if version != FORMAT_VERSION:
        raise PatternDatabaseError(f"{what}: file-format version {version} is not supported (this is version "
                                   f"{FORMAT_VERSION}); rebuild the tables")
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
            raw_len, packed_len, crc = _TABLE.unpack_from(raw, pos)
            pos += _TABLE.size
            entries.append((tiles, raw_len, packed_len, crc))
        (header_crc,) = _CRC.unpack_from(raw, pos)
    except (IndexError, struct.error):
        raise PatternDatabaseError(f"{what}: the file is truncated inside its header ({len(raw)} bytes)") from None
    if zlib.crc32(raw[:pos]) != header_crc:
        raise PatternDatabaseError(f"{what}: the header is corrupt (CRC-32 mismatch)")
    pos += _CRC.size
    _check_partition(file_rows, file_cols, [e[0] for e in entries])
    expected = pos + sum(e[2] for e in entries)
    if len(raw) < expected:
        raise PatternDatabaseError(f"{what}: the file is truncated: the header announces {expected:,} bytes, "
                                   f"the file has {len(raw):,}")
    if len(raw) > expected:
        raise PatternDatabaseError(f"{what}: the file has {len(raw) - expected:,} unexpected bytes after its tables")
    tables: list[bytes] = []
    n = file_rows * file_cols
    for number, (tiles, raw_len, packed_len, crc) in enumerate(entries, start=1):
        label = f"{what}: table {number} (tiles {' '.join(map(str, tiles))})"
        size = 16 ** len(tiles)
        if raw_len != size:
            raise PatternDatabaseError(f"{label} announces {raw_len:,} entries; a {len(tiles)}-tile table has {size:,}")
        try:
            table = zlib.decompress(raw[pos : pos + packed_len])
        except zlib.error as exc:
            raise PatternDatabaseError(f"{label} is corrupt ({exc})") from None
        pos += packed_len
        if len(table) != raw_len or zlib.crc32(table) != crc:
            raise PatternDatabaseError(f"{label} is corrupt (size or CRC-32 mismatch)")
        valid = size - table.count(UNREACHABLE)
        if valid != perm(n, len(tiles)):
            raise PatternDatabaseError(f"{label} has {valid:,} placements; expected {perm(n, len(tiles)):,}")
        tables.append(table)
    return PatternDatabase(file_rows, file_cols, tuple(e[0] for e in entries), b"".join(tables))


TableBuilder = Callable[[int, int, Sequence[int]], bytes]
"""Builds the raw sparse table for ``(rows, cols, pattern tiles)``: :func:`build_table_data` or a faster one."""


def _neighbours(rows: int, cols: int) -> list[list[int]]:
    out = []
    for c in range(rows * cols):
        r, cc = divmod(c, cols)
        out.append([(r + dr) * cols + cc + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                    if 0 <= r + dr < rows and 0 <= cc + dc < cols])
    return out


def build_table_data(rows: int, cols: int, tiles: Sequence[int]) -> bytes:
    """The raw sparse table for pattern ``tiles`` (home labelling), by breadth-first search in pure Python.

    States are (pattern cells, blank region); O(P(n, k) · regions · k) time, fine for up to 5 tiles of a 4×4
    board (a few minutes for 5); ``scripts/build_pdb.py`` computes the same bytes with numpy for 6 tiles.
    """
    _check_partition(rows, cols, [tiles])
    n = rows * cols
    k = len(tiles)
    nbs = _neighbours(rows, cols)
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

    table = bytearray([UNREACHABLE]) * (16**k)
    seen: set[int] = set()
    s0 = sum(t << (4 * i) for i, t in enumerate(tiles))
    occ0 = sum(1 << t for t in tiles)
    region0 = flood(1, full & ~occ0)
    code0 = (s0 << 4) | ((region0 & -region0).bit_length() - 1)
    seen.add(code0)
    table[s0] = 0
    frontier = [code0]
    depth = 0
    while frontier:
        depth += 1
        fresh: list[int] = []
        for code in frontier:
            s, rep = code >> 4, code & 15
            cells = [(s >> (4 * i)) & 15 for i in range(k)]
            occ = sum(1 << c for c in cells)
            region = flood(1 << rep, full & ~occ)
            for i, c in enumerate(cells):
                for q in nbs[c]:
                    if region >> q & 1:
                        ns = s + ((q - c) << (4 * i))
                        nocc = occ ^ (1 << c) ^ (1 << q)
                        nreg = flood(1 << c, full & ~nocc)
                        ncode = (ns << 4) | ((nreg & -nreg).bit_length() - 1)
                        if ncode not in seen:
                            seen.add(ncode)
                            fresh.append(ncode)
                            if table[ns] == UNREACHABLE:
                                table[ns] = depth
        frontier = fresh
    return bytes(table)


def build_database(rows: int, cols: int, partition: Sequence[Sequence[int]],
                   builder: TableBuilder = build_table_data) -> PatternDatabase:
    """Build the additive database of ``partition`` (disjoint tuples of tiles, home labelling) with ``builder``."""
    _check_partition(rows, cols, partition)
    data = b"".join(builder(rows, cols, tuple(p)) for p in partition)
    return PatternDatabase(rows, cols, tuple(tuple(p) for p in partition), data)
