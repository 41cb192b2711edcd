"""Reading a pattern-database file (its format: docs/pattern-databases.md, "File format"): :func:`read_header`
checks the header without reading the tables, :func:`load_database` (and :func:`load_database_steps`, in steps)
inflates the tables a megabyte at a time straight into their place, from ``bytes`` or a :class:`FileSlices` (the
page's JavaScript buffer); nothing here touches the file system. Every check raises
:class:`~npuzzle.errors.PatternDatabaseError` naming the problem.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Generator
from dataclasses import dataclass
from math import perm

from ..errors import PatternDatabaseError
from ..progress import run
from .database import (
    CRC,
    FORMAT_VERSION,
    HEADER,
    MAGIC,
    MAX_EXCESS,
    SLICE_BYTES,
    TABLE,
    PatternDatabase,
    check_partition,
    put_halved,
    table_layout,
)

_HEADER_MAX = HEADER.size + 255 * (1 + 255 + TABLE.size) + CRC.size
"""The longest possible header (255 tables of 255 tiles)."""

_POSSIBLE = bytes(range(MAX_EXCESS + 1))
"""The bytes a table may hold (an excess of at most :data:`~npuzzle.pdb.database.MAX_EXCESS`)."""


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
    if len(raw) < HEADER.size:
        raise PatternDatabaseError(f"{what}: the file is truncated ({size} bytes, too short for a header)")
    magic, version, file_rows, file_cols, goal, count = HEADER.unpack_from(raw, 0)
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
    pos = HEADER.size
    entries: list[tuple[tuple[int, ...], int, int, int]] = []
    try:
        for _ in range(count):
            k = raw[pos]
            tiles = tuple(raw[pos + 1 : pos + 1 + k])
            if len(tiles) != k:
                raise IndexError
            pos += 1 + k
            table_size, packed_len, crc = TABLE.unpack_from(raw, pos)
            pos += TABLE.size
            entries.append((tiles, table_size, packed_len, crc))
        (header_crc,) = CRC.unpack_from(raw, pos)
    except (IndexError, struct.error):
        raise PatternDatabaseError(f"{what}: the file is truncated inside its header ({size} bytes)") from None
    if zlib.crc32(raw[:pos]) != header_crc:
        raise PatternDatabaseError(f"{what}: the header is corrupt (CRC-32 mismatch)")
    pos += CRC.size
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
    layout, length = table_layout(n, [e[0] for e in entries], shared)
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
                    put_halved(out, start_at, nibble, at, chunk)
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
