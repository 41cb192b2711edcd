"""The *search form* of a pattern-database file: its tables inflated and indexed, written once beside it and
memory-mapped by later processes, so that a command-line start costs milliseconds instead of seconds of inflating
(:func:`npuzzle.pdb.cache.read_tables` uses it; the page keeps loading the compressed file from bytes).

A search form is a cache of work done from its source file, never a second source of truth. Its layout (all
integers little-endian; the arrays in the byte order and item size the header names)::

    magic "NPUZMAP\\x1a" · u32 format version · u32 header length · the header, UTF-8 JSON · u32 CRC-32 of all before
    sections at multiples of 4,096 bytes: the shared table bytes, IndexTables.base and .occupied (u32 arrays),
    IndexTables.tail_rank; nothing after the last

The JSON header names the source (``size`` and header ``crc`` of the ``.pdb``, :class:`~npuzzle.pdb.loading.Header`:
that CRC covers every table's CRC-32), the board shape and partition, the index's constants, each section's offset,
length and CRC-32, and the whole file's size. **Every start** (:func:`map_tables`) checks the magic, the format
version, the header's CRC, the byte order and item size, the file's exact size and that the source is the same
(size and header CRC of the ``.pdb``, read from its first bytes): that catches truncation, a stale form and a damaged
header for the price of two small reads. The sections' CRC-32 (over 140 MB for 7/7-7) are computed when the form is
written and checked by :func:`verify_mapped` (``npuzzle pdb info``, ``npuzzle pdb build`` when it keeps a file), not
on every start; ``docs/pattern-databases.md`` says so too.
"""

from __future__ import annotations

import json
import mmap
import os
import struct
import sys
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import PatternDatabaseError
from .database import PatternDatabase
from .index import IndexTables
from .loading import Header
from .tables import PdbTables

MAGIC = b"NPUZMAP\x1a"
"""The first 8 bytes of every search form."""

FORMAT_VERSION = 1
"""The search-form version this module writes and reads."""

SUFFIX = ".search"
"""What a search form's name adds to its source's: ``15puzzle-7-7-7.pdb.search``."""

ALIGN = 4096
"""Sections start at multiples of this many bytes (a page: each maps on its own pages)."""

HEADER_MAX = 1 << 16
"""The longest header read (a JSON header of a few hundred bytes, with room to spare)."""

_START = struct.Struct("<8sII")
_CRC = struct.Struct("<I")
_SECTIONS = ("data", "base", "occupied", "tail_rank")


class MappedTables(PdbTables):
    """Tables memory-mapped from a search form (:attr:`PdbTables.mapped` names it): a copy sent to another process
    (pickled, as a ``spawn`` start does) maps the same file again instead of carrying the tables."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (map_tables, (self.mapped, None))


class MappedFormError(PatternDatabaseError):
    """A search form that cannot be used as it is (missing, truncated, stale or damaged): rebuild it from its
    source (:func:`npuzzle.pdb.cache.read_tables` does)."""


def mapped_path(source: Path | str) -> Path:
    """The search form of database file ``source``: beside it, named with :data:`SUFFIX` added."""
    path = Path(source)
    return path.with_name(path.name + SUFFIX)


def _sections(tables: PdbTables) -> dict[str, memoryview]:
    index = tables.index
    return {
        "data": memoryview(tables.database.data).cast("B"),
        "base": memoryview(index.base).cast("B"),
        "occupied": memoryview(index.occupied).cast("B"),
        "tail_rank": memoryview(index.tail_rank).cast("B"),
    }


def write_mapped(path: Path | str, tables: PdbTables, source: Header) -> int:
    """Write the search form of ``tables`` (loaded from the file whose header is ``source``) to ``path`` under a
    temporary name renamed at the end (an interrupted write leaves nothing); returns its size in bytes. Raises
    ``OSError`` when it cannot be written."""
    path = Path(path)
    database, index = tables.database, tables.index
    views = _sections(tables)
    sections: list[dict[str, Any]] = []
    header: dict[str, Any] = {
        "byteorder": sys.byteorder,
        "itemsize": array("I").itemsize,
        "source": {"size": source.size, "crc": source.crc},
        "rows": database.rows,
        "cols": database.cols,
        "partition": [list(p) for p in database.partition],
        "lead_bits": index.lead_bits,
        "shift": index.shift,
        "mask": index.mask,
    }
    at = ALIGN
    for name in _SECTIONS:
        view = views[name]
        sections.append({"name": name, "offset": at, "length": len(view), "crc": zlib.crc32(view)})
        at += -(-len(view) // ALIGN) * ALIGN
    last = sections[-1]
    header["sections"] = sections
    header["size"] = last["offset"] + last["length"]
    text = json.dumps(header, separators=(",", ":")).encode()
    head = _START.pack(MAGIC, FORMAT_VERSION, len(text)) + text
    head += _CRC.pack(zlib.crc32(head))
    if len(head) > ALIGN:
        raise PatternDatabaseError(f"search form: a header of {len(head):,} bytes does not fit before {ALIGN}")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(tmp, "wb") as out:
            out.write(head)
            for section in sections:
                out.seek(section["offset"])
                out.write(views[section["name"]])
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return int(header["size"])


def _read_header(path: Path, handle: Any) -> dict[str, Any]:
    """The checked JSON header of the open search form ``handle``; raises :class:`MappedFormError`."""
    raw = handle.read(HEADER_MAX)
    if len(raw) < _START.size or raw[:8] != MAGIC:
        raise MappedFormError(f"{str(path)!r} is not a search form (it does not start with {MAGIC!r})")
    _, version, length = _START.unpack_from(raw, 0)
    if version != FORMAT_VERSION:
        raise MappedFormError(f"{str(path)!r} is a search form of version {version}, not {FORMAT_VERSION}")
    end = _START.size + length
    if len(raw) < end + _CRC.size or _CRC.unpack_from(raw, end)[0] != zlib.crc32(raw[:end]):
        raise MappedFormError(f"{str(path)!r} has a damaged header (CRC-32 mismatch)")
    try:
        header: dict[str, Any] = json.loads(raw[_START.size : end])
    except ValueError:
        raise MappedFormError(f"{str(path)!r} has a damaged header (not JSON)") from None
    return header


def map_tables(path: Path | str, source: Header | None) -> PdbTables:
    """The tables of the search form ``path``, memory-mapped read-only: nothing inflated, no Python object per entry
    (the index lookups are copied into arrays, the tables stay mapped).

    ``source`` is the header of the database file it must come from (``None``: not checked, for a process that
    re-maps a form its parent checked). Checks what the module text says is checked on every start and raises
    :class:`MappedFormError` naming the file and the problem; ``OSError`` when it cannot be opened.
    """
    path = Path(path)
    with open(path, "rb") as handle:
        header = _read_header(path, handle)
        try:
            size = os.fstat(handle.fileno()).st_size
            if header["byteorder"] != sys.byteorder or header["itemsize"] != array("I").itemsize:
                raise MappedFormError(f"{str(path)!r} was written on a machine of another byte order or integer size")
            if source is not None and header["source"] != {"size": source.size, "crc": source.crc}:
                raise MappedFormError(f"{str(path)!r} is stale: it was made from another version of its database")
            if size != header["size"]:
                raise MappedFormError(
                    f"{str(path)!r} is truncated or damaged: {size:,} bytes where its header says {header['size']:,}"
                )
            whole = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except (KeyError, TypeError) as exc:
            raise MappedFormError(f"{str(path)!r} has a damaged header (missing {exc})") from None
    view = memoryview(whole)
    parts = {s["name"]: view[s["offset"] : s["offset"] + s["length"]] for s in header["sections"]}
    try:
        database = PatternDatabase(
            header["rows"], header["cols"], tuple(tuple(p) for p in header["partition"]), parts["data"], True
        )
        # the index lookups (25 MB for 7/7-7) are copied into arrays: the search reads an
        # array's items faster than a memory view's (bench startup --korf); the tables themselves stay mapped
        base, occupied = array("I"), array("I")
        base.frombytes(parts["base"])
        occupied.frombytes(parts["occupied"])
        index = IndexTables(
            header["lead_bits"], header["shift"], header["mask"], base, occupied, bytes(parts["tail_rank"])
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise MappedFormError(f"{str(path)!r} has a damaged header ({exc})") from None
    return MappedTables(database, index, mapped=str(path))


def verify_mapped(path: Path | str, source: Header | None, step: Callable[[], None] = lambda: None) -> PdbTables:
    """:func:`map_tables`, then every section's CRC-32 checked (reads the whole file); ``step`` is called between
    megabytes (a place to be interrupted). Raises :class:`MappedFormError`."""
    tables = map_tables(path, source)
    with open(path, "rb") as handle:
        header = _read_header(Path(path), handle)
    views = _sections(tables)
    for section in header["sections"]:
        view, crc = views[section["name"]], 0
        for at in range(0, len(view), 1 << 20):
            crc = zlib.crc32(view[at : at + (1 << 20)], crc)
            step()
        if crc != section["crc"]:
            raise MappedFormError(f"{str(path)!r} is damaged: its {section['name']} section fails its CRC-32")
    return tables
