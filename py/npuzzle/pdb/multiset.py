"""Multiset pattern databases: the estimate of the optimal searches in the multi-tile metric (MTM).

The additive tables of :mod:`npuzzle.pdb.database` count single-tile moves: one line move can move tiles of several
groups for a cost of 1, so their sum overestimates in MTM. A *multiset* database instead relabels the tiles into a
few classes (``partition``: the tiles of each class, in home labelling; tiles of one class become alike, the blank
stays itself) and stores, for every arrangement of the classes on the board, its breadth-first distance to the goal
arrangement over line moves. Every real line move is a line move of the relabelled puzzle, so the distance never
overestimates, in either metric. As benwh1/slidy does (its 4×4 MTM solver, a relabelling it credits to Tomas
Rokicki), the search looks it up on the board and on the board mirrored along its main diagonal (tiles renamed), two
different relabellings of one table, and takes the larger.

**Index.** The cells split into a low half (cells ``0 … h−1``, ``h = n // 2``) and a high half; a half's *code* is
``Σ label(c) · B^(c − first cell)`` with ``B = classes + 1`` (label 0 the blank). An arrangement's index is
``low[low code] + high[high code]`` (:class:`MultisetIndex`): arrangements grouped by their low half's class counts
(in sorted order), then by the low code's rank among codes with those counts, times the number of high halves,
plus the high code's rank among codes with its counts (ranks in increasing code order). The search updates the two
codes by one multiplication and addition per tile slid; no number exceeds 2³⁰.

**Values mod 3.** A line move changes the relabelled distance by at most one, so a search that knows a state's
distance knows its neighbours' from their distance mod 3 (Rubik's-cube solvers' mod-3 pruning tables): 2 bits an
entry, four a byte (entry ``i`` in bits ``2·(i mod 4)`` of byte ``i // 4``; 3 marks an arrangement no move reaches).
The start's distance is found by walking down to the goal (:meth:`MultisetDatabase.distance`). The file format and
the shipped table: docs/pattern-databases.md ("The multi-tile metric's database").
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from math import factorial, prod
from typing import Any

from ..errors import PatternDatabaseError
from .database import SLICE_BYTES, ZLIB_LEVEL
from .loading import FileSlices

PARTITION_MTM: tuple[tuple[int, ...], ...] = ((1, 2, 4, 5), (3, 6, 7, 10, 11), (8, 9, 12, 13), (14, 15))
"""The shipped relabelling of the 15-puzzle (home labelling: blank on cell 0), the one benwh1/slidy's 4×4 MTM solver
uses (its ``1 1 2 2 / 3 3 2 2 / 3 3 4 4 / 3 4 4 0`` turned half round): 151,351,200 arrangements, 37.8 MB at 2 bits
each."""

PARTITION_MTM_FINE: tuple[tuple[int, ...], ...] = ((1, 2, 4, 5), (3, 7, 11), (6, 10), (8, 9, 12, 13), (14, 15))
"""The finer relabelling: :data:`PARTITION_MTM` with its class of five split in two, 1,513,512,000 arrangements,
378 MB at 2 bits each (built in minutes with numba; the command line's only: too big for the page)."""

MAGIC = b"NPUZMTM\x1a"
"""The first 8 bytes of a multiset database file."""

FORMAT_VERSION = 1
HEADER = struct.Struct("<8sHBBB")
"""A file's start: magic, version, rows, cols, class count."""
TABLE = struct.Struct("<III")
"""After the classes: entries, packed length, CRC-32 of the 2-bit bytes."""
CRC = struct.Struct("<I")

UNREACHED = 3
"""The 2-bit value of an arrangement the breadth-first search never reached."""

_HAS_UNREACHED = bytes(int(any((b >> s) & 3 == 3 for s in (0, 2, 4, 6))) for b in range(256))


def check_partition(rows: int, cols: int, partition: Sequence[Sequence[int]]) -> None:
    """Raise :class:`~npuzzle.errors.PatternDatabaseError` unless ``partition`` puts every tile of a ``rows × cols``
    board (at most 16 cells) into exactly one of 1 to 15 classes."""
    n = rows * cols
    if not 4 <= n <= 16 or rows < 2 or cols < 2:
        raise PatternDatabaseError(f"multiset databases take boards of 4 to 16 cells, got {rows}×{cols}")
    tiles = sorted(t for group in partition for t in group)
    if not 1 <= len(partition) <= 15 or tiles != list(range(1, n)) or not all(partition):
        raise PatternDatabaseError(
            f"a multiset partition puts each of the tiles 1 to {n - 1} into one of 1 to 15 classes, got "
            f"{' / '.join(' '.join(map(str, g)) for g in partition)}"
        )


def partition_name(partition: Sequence[Sequence[int]]) -> str:
    """The class sizes, largest first: ``"5-4-4-2"``."""
    return "-".join(str(size) for size in sorted((len(g) for g in partition), reverse=True))


MTM_PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    partition_name(partition): partition for partition in (PARTITION_MTM, PARTITION_MTM_FINE)
}
"""The relabellings ``npuzzle pdb build --metric mtm --partition`` builds, by name (``"5-4-4-2"``, ``"4-4-3-2-2"``),
coarsest first: a search uses the finest one found."""


def _multinomial(counts: Sequence[int]) -> int:
    return factorial(sum(counts)) // prod(factorial(c) for c in counts)


def arrangements(partition: Sequence[Sequence[int]]) -> int:
    """How many arrangements of its classes and the blank a relabelling has (its index's ``size``)."""
    return _multinomial([1, *(len(group) for group in partition)])


@dataclass(frozen=True, slots=True)
class MultisetIndex:
    """The index of the arrangements of one relabelling (the module text): ``labels[t]`` is tile ``t``'s class
    (``labels[0] = 0``, the blank), ``base`` the digits' base, ``half`` the low half's cells, ``low`` and ``high``
    the codes' parts of the index (-1: a code of no arrangement), ``size`` the number of arrangements."""

    rows: int
    cols: int
    labels: tuple[int, ...]
    base: int
    half: int
    low: list[int] = field(repr=False)
    high: list[int] = field(repr=False)
    size: int

    @classmethod
    def of(cls, rows: int, cols: int, partition: Sequence[Sequence[int]]) -> MultisetIndex:
        """The index of ``partition`` (O(B^h) time and memory: 390,625 codes a half for the shipped table)."""
        check_partition(rows, cols, partition)
        n = rows * cols
        base = len(partition) + 1
        labels = [0] * n
        for number, group in enumerate(partition, start=1):
            for t in group:
                labels[t] = number
        totals = [1] + [len(g) for g in partition]
        half = n // 2
        unit = [1 << (4 * label) for label in range(base)]  # class counts packed 4 bits each
        total_key = sum(c * u for c, u in zip(totals, unit, strict=True))

        def keys(cells: int) -> list[int]:
            out = [0]
            for _ in range(cells):  # codes in increasing order: the higher digits' keys, then the lowest digit's
                out = [k + u for k in out for u in unit]
            return out

        def counts(key: int) -> list[int]:
            return [(key >> (4 * label)) & 15 for label in range(base)]

        def fits(key: int) -> bool:
            return all(c <= t for c, t in zip(counts(key), totals, strict=True))

        def ranks(cells: int) -> tuple[list[int], list[int]]:
            seen: dict[int, int] = {}
            key_of = keys(cells)
            rank = [-1] * len(key_of)
            for code, key in enumerate(key_of):
                r = seen.get(key)
                if r is None:
                    r = 0 if fits(key) else -1
                if r >= 0:
                    rank[code] = r
                    seen[key] = r + 1
                else:
                    seen[key] = -1
            return key_of, rank

        low_keys, low_rank = ranks(half)
        high_rank = ranks(n - half)[1] if n - half != half else low_rank
        start: dict[int, tuple[int, int]] = {}
        size = 0
        for key in sorted({k for k, r in zip(low_keys, low_rank, strict=True) if r >= 0}):
            rest = total_key - key
            if not fits(rest):
                continue
            highs = _multinomial(counts(rest))
            start[key] = (size, highs)
            size += _multinomial(counts(key)) * highs
        low = [-1] * len(low_keys)
        for code, (key, r) in enumerate(zip(low_keys, low_rank, strict=True)):
            if r >= 0 and key in start:
                first, highs = start[key]
                low[code] = first + r * highs
        return cls(rows, cols, tuple(labels), base, half, low, list(high_rank), size)

    def codes(self, cells: Sequence[int]) -> tuple[int, int]:
        """The low and high codes of an arrangement given by each cell's label."""
        base, half = self.base, self.half
        low = sum(label * base**c for c, label in enumerate(cells[:half]))
        high = sum(label * base**c for c, label in enumerate(cells[half:]))
        return low, high

    def index(self, tiles: Sequence[int]) -> int:
        """The index of a board in home labelling (``tiles[c]``: the tile on cell ``c``)."""
        low, high = self.codes([self.labels[t] for t in tiles])
        return self.low[low] + self.high[high]


def pack_residues(residues: bytes | bytearray) -> bytes:
    """One byte per entry (0, 1, 2 or :data:`UNREACHED`) packed four to a byte."""
    padded = bytes(residues) + bytes(-len(residues) % 4)
    total = 0
    for k in range(4):  # byte j of the k-th slice is entry 4j + k, shifted into its bits
        total |= int.from_bytes(padded[k::4].translate(_SHIFT[k]), "little")
    return total.to_bytes(len(padded) // 4, "little")


_SHIFT = tuple(bytes((v & 3) << (2 * k) for v in range(256)) for k in range(4))


def line_paths(rows: int, cols: int) -> list[list[tuple[int, ...]]]:
    """``paths[z]``: for the blank on cell ``z``, the cells of each line it can slide through, nearest first (up,
    down, left, right as far as they go): a line move of ``k`` tiles takes the blank to the path's ``k``-th cell."""
    out = []
    for z in range(rows * cols):
        r, c = divmod(z, cols)
        paths = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            path = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols:
                path.append(rr * cols + cc)
                rr, cc = rr + dr, cc + dc
            if path:
                paths.append(tuple(path))
        out.append(paths)
    return out


@dataclass(frozen=True, slots=True)
class MultisetDatabase:
    """A multiset database in memory: its shape, ``partition`` (home labelling), index and ``data`` (the 2-bit
    residues, four entries a byte)."""

    rows: int
    cols: int
    partition: tuple[tuple[int, ...], ...]
    data: bytes | bytearray
    index: MultisetIndex = field(repr=False, compare=False)
    search_cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What the search derives from the database alone (its move tables), made by the first search."""

    def __post_init__(self) -> None:
        if len(self.data) != (self.index.size + 3) // 4:
            raise PatternDatabaseError(
                f"multiset database: {len(self.data):,} bytes do not hold the {self.index.size:,} arrangements of "
                f"the partition {self.name}"
            )

    @property
    def name(self) -> str:
        """``"mtm-5-4-4-2"``: the metric and the class sizes (``"mtm-exact"`` when every tile is its own class)."""
        return "mtm-exact" if all(len(g) == 1 for g in self.partition) else "mtm-" + partition_name(self.partition)

    def residue(self, index: int) -> int:
        """The distance mod 3 of the arrangement at ``index`` (:data:`UNREACHED` if none)."""
        return (self.data[index >> 2] >> ((index & 3) << 1)) & 3

    def distance(self, tiles: Sequence[int]) -> int:
        """The relabelled distance of a board in home labelling: a walk down to the goal arrangement, one line
        move at a time to a neighbour whose residue is one less (O(distance · (rows + cols)))."""
        index = self.index
        half, base, low_of, high_of = index.half, index.base, index.low, index.high
        weight = [base ** (c if c < half else c - half) for c in range(self.rows * self.cols)]
        paths = line_paths(self.rows, self.cols)
        cells = [index.labels[t] for t in tiles]
        low, high = index.codes(cells)
        goal = index.codes(index.labels)
        r = self.residue(low_of[low] + high_of[high])
        if r == UNREACHED:
            raise PatternDatabaseError("the board's arrangement is one the database never reached")
        steps = 0
        while (low, high) != goal:
            z = cells.index(0)
            below = (r - 1) % 3
            for path in paths[z]:
                lo, hi, at = low, high, z
                for p in path:  # slide one more tile of the line: the label on p moves to at
                    label = cells[p]
                    lo, hi = (lo - label * weight[p], hi) if p < half else (lo, hi - label * weight[p])
                    lo, hi = (lo + label * weight[at], hi) if at < half else (lo, hi + label * weight[at])
                    at = p
                    if self.residue(low_of[lo] + high_of[hi]) == below:
                        break
                else:
                    continue
                break
            else:
                raise PatternDatabaseError("the database's residues do not lead to the goal: it is damaged")
            for p in path[: path.index(at) + 1]:
                cells[z], cells[p] = cells[p], 0
                z = p
            low, high, r = lo, hi, below
            steps += 1
        return steps

    def encode(self, level: int = ZLIB_LEVEL, packed: bytes | None = None) -> bytes:
        """The database as file bytes (docs/pattern-databases.md); ``packed``: its data already compressed at
        ``level`` (a builder that compresses a slice at a time)."""
        head = HEADER.pack(MAGIC, FORMAT_VERSION, self.rows, self.cols, len(self.partition))
        for group in self.partition:
            head += bytes([len(group), *group])
        blob = zlib.compress(bytes(self.data), level) if packed is None else packed
        head += TABLE.pack(self.index.size, len(blob), zlib.crc32(self.data))
        head += CRC.pack(zlib.crc32(head))
        return head + blob


def is_multiset_file(data: bytes | bytearray | memoryview | FileSlices) -> bool:
    """Whether ``data`` starts like a multiset database file (its magic)."""
    head = FileSlices.of(data)
    return head.size >= len(MAGIC) and bytes(head.read(0, len(MAGIC))) == MAGIC


def load_multiset_steps(
    data: bytes | bytearray | memoryview | FileSlices,
) -> Generator[float, None, MultisetDatabase]:
    """Read a multiset database file in steps (a megabyte inflated at a time, then the index built): yields the
    fraction done and returns the database; raises :class:`~npuzzle.errors.PatternDatabaseError` naming what is
    wrong (magic, version, header CRC, shape, partition, sizes, the table's CRC-32)."""
    raw = FileSlices.of(data)
    head = bytes(raw.read(0, min(raw.size, 512)))
    if len(head) < HEADER.size or head[:8] != MAGIC:
        raise PatternDatabaseError("not a multiset pattern-database file (its first bytes are not NPUZMTM)")
    _, version, rows, cols, classes = HEADER.unpack_from(head)
    if version != FORMAT_VERSION:
        raise PatternDatabaseError(f"multiset database version {version}; this npuzzle reads version {FORMAT_VERSION}")
    at = HEADER.size
    partition = []
    for _ in range(classes):
        if at >= len(head) or at + 1 + head[at] > len(head):
            raise PatternDatabaseError("multiset database: the header is cut short")
        partition.append(tuple(head[at + 1 : at + 1 + head[at]]))
        at += 1 + head[at]
    if at + TABLE.size + CRC.size > len(head):
        raise PatternDatabaseError("multiset database: the header is cut short")
    entries, packed, crc = TABLE.unpack_from(head, at)
    at += TABLE.size
    if CRC.unpack_from(head, at)[0] != zlib.crc32(head[:at]):
        raise PatternDatabaseError("multiset database: the header's CRC-32 does not match (a damaged file)")
    at += CRC.size
    if raw.size != at + packed:
        raise PatternDatabaseError(f"multiset database: {raw.size:,} bytes, expected {at + packed:,}")
    check_partition(rows, cols, partition)
    index = MultisetIndex.of(rows, cols, partition)
    if entries != index.size:
        raise PatternDatabaseError(f"multiset database: {entries:,} entries, its partition has {index.size:,}")
    out = bytearray((entries + 3) // 4)
    inflate = zlib.decompressobj()
    filled = 0
    try:
        for start in range(at, raw.size, SLICE_BYTES):
            chunk = inflate.decompress(bytes(raw.read(start, min(raw.size, start + SLICE_BYTES))), len(out) - filled)
            out[filled : filled + len(chunk)] = chunk
            filled += len(chunk)
            yield 0.9 * (start - at) / max(1, packed)
        rest = inflate.flush()
    except zlib.error as exc:
        raise PatternDatabaseError(f"multiset database: its table does not inflate ({exc})") from None
    if filled != len(out) or rest or not inflate.eof:
        raise PatternDatabaseError("multiset database: its table inflates to the wrong size")
    if zlib.crc32(out) != crc:
        raise PatternDatabaseError("multiset database: the table's CRC-32 does not match (a damaged file)")
    yield 1.0
    return MultisetDatabase(rows, cols, tuple(partition), out, index)
