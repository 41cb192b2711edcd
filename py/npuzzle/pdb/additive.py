"""Additive pattern tables with the blank (Korf & Felner 2002) for boards bigger than the 15-puzzle: the 24-puzzle's
6-6-6-6 partition and the 35-puzzle's seven groups of five, stored densely, read back and looked up for any goal whose
blank is in a corner.

A *group* is a few goal cells of the board. Its table gives, for every placement of the group's tiles (the tiles whose
goal cells they are), the fewest moves **of those tiles** that bring them home, the blank free to walk through every
cell the group leaves free at no cost; the groups of a partition are disjoint and every real move moves one tile of
one group, so the sum over a partition never overestimates. A placement is ranked densely: its tiles' cells
``p_0 … p_{k−1}`` in the group's order are the digits ``p_i − #{j < i: p_j < p_i}`` of radix ``n − i`` (so the
ranks run in the lexicographic order of the cells), ``n!/(n−k)!`` bytes a table. The tables are built for the goal
whose blank is on cell 0 and read for a goal with its blank on any corner through the board's symmetries that take
cell 0 there, both of them on a square board (the second one a reflection: the larger of the two sums is the
estimate, Korf & Felner's reflected lookup).

The file: a header line of JSON (``format``, ``rows``, ``cols``, ``groups``, each table's CRC-32), then the tables one
after another, stored (each is read whole into memory). Built by :mod:`npuzzle.pdb.additive_build`.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import PatternDatabaseError

MAGIC = b"NPUZADD\x1a"
"""The first bytes of an additive tables file."""

FORMAT_VERSION = 1
"""The file format's version, in its header."""

NEW = 255
"""A table byte for a placement not reached (none is, on boards with a free cell to spare)."""

PARTITIONS: dict[tuple[int, int], dict[str, tuple[tuple[int, ...], ...]]] = {
    (5, 5): {
        "6-6-6-6": ((1, 2, 5, 6, 7, 12), (3, 4, 8, 9, 13, 14), (10, 11, 15, 16, 20, 21), (17, 18, 19, 22, 23, 24)),
    },
    (6, 6): {
        "5-5-5-5-5-5-5": (
            (1, 2, 6, 7, 8),
            (3, 4, 5, 10, 11),
            (9, 15, 16, 17, 23),
            (12, 13, 14, 18, 19),
            (20, 21, 22, 27, 28),
            (24, 25, 26, 30, 31),
            (29, 32, 33, 34, 35),
        ),
    },
}
"""The partitions ``npuzzle pdb build --shape`` builds, by shape and name: goal cells, the blank's goal on cell 0
(Korf & Felner's 6-6-6-6 for the 24-puzzle; seven compact groups of five for the 35-puzzle)."""


def placements(n: int, k: int) -> int:
    """How many placements ``k`` tiles have on ``n`` cells: ``n!/(n−k)!``."""
    return math.perm(n, k)


def rank(cells: Sequence[int], n: int) -> int:
    """The dense rank of the placement ``cells`` (distinct cells of ``n``), as the module says. O(k²)."""
    out = 0
    for i, cell in enumerate(cells):
        out = out * (n - i) + cell - sum(1 for c in cells[:i] if c < cell)
    return out


def table_file_name(rows: int, cols: int, name: str) -> str:
    """The file name of the ``rows × cols`` board's tables of partition ``name``: ``24puzzle-6-6-6-6.add``."""
    return f"{rows * cols - 1}puzzle-{name}.add"


def check_groups(rows: int, cols: int, groups: Sequence[Sequence[int]]) -> None:
    """Raise :class:`~npuzzle.errors.PatternDatabaseError` unless ``groups`` are disjoint non-empty cell lists of a
    ``rows × cols`` board that cover every cell but 0 (the blank's goal)."""
    n = rows * cols
    cells = [c for group in groups for c in group]
    whole = all(type(c) is int for c in cells)  # not 1.0 nor True, which compare equal to 1
    if any(not group for group in groups) or not whole or sorted(cells) != list(range(1, n)):
        raise PatternDatabaseError(
            f"groups {[list(g) for g in groups]} must split the cells 1 to {n - 1} of a {rows}×{cols} board"
        )


def in_corner(rows: int, cols: int, cell: int) -> bool:
    """Whether ``cell`` is a corner of a ``rows × cols`` board: where the goal's blank must be for the tables to
    apply."""
    n = rows * cols
    return cell in (0, cols - 1, n - cols, n - 1)


def symmetries(rows: int, cols: int, corner: int) -> list[tuple[int, ...]]:
    """The board's symmetries that take cell 0 to ``corner`` (a corner cell), each as ``map[cell]``: one on a
    rectangle, two on a square (the second one reflects about a diagonal)."""
    n = rows * cols

    def flips(flip_rows: bool, flip_cols: bool, swap: bool) -> tuple[int, ...]:
        out = []
        for cell in range(n):
            r, c = divmod(cell, cols)
            if swap:
                r, c = c, r
            out.append((rows - 1 - r if flip_rows else r) * cols + (cols - 1 - c if flip_cols else c))
        return tuple(out)

    found = [flips(fr, fc, False) for fr in (False, True) for fc in (False, True)]
    if rows == cols:
        found += [flips(fr, fc, True) for fr in (False, True) for fc in (False, True)]
    return [m for m in found if m[0] == corner]


def symmetry_backs(rows: int, cols: int, corner: int) -> list[tuple[int, ...]]:
    """Each of :func:`symmetries` turned round: for a cell of the board, the tables' cell it stands for."""
    backs = []
    for m in symmetries(rows, cols, corner):
        back = [0] * len(m)
        for cell, image in enumerate(m):
            back[image] = cell
        backs.append(tuple(back))
    return backs


@dataclass(frozen=True, slots=True)
class AdditiveTables:
    """A partition's tables for a ``rows × cols`` board: ``groups`` of goal cells (the blank's goal on cell 0) and
    ``tables[i]`` the dense table of ``groups[i]``."""

    rows: int
    cols: int
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]

    def __post_init__(self) -> None:
        check_groups(self.rows, self.cols, self.groups)
        n = self.rows * self.cols
        for group, table in zip(self.groups, self.tables, strict=True):
            if len(table) != placements(n, len(group)):
                raise PatternDatabaseError(
                    f"the table of group {list(group)} has {len(table):,} bytes, not {placements(n, len(group)):,}"
                )

    @property
    def name(self) -> str:
        """The partition's name: the groups' sizes, ``6-6-6-6``."""
        return "-".join(str(len(g)) for g in self.groups)

    def views(self, goal: Sequence[int]) -> list[list[tuple[int, ...]]]:
        """For a goal board (row-major tiles, 0 the blank, of this shape) with its blank in a corner: per symmetry
        of :func:`symmetries`, per group, the tiles whose cells (mapped back) place it; ``[]`` when the blank is not
        in a corner."""
        corner = list(goal).index(0)
        return [
            [tuple(goal[m[c]] for c in group) for group in self.groups]
            for m in symmetries(self.rows, self.cols, corner)
        ]

    def ranks(self, where: Sequence[int], back: Sequence[int], view: Sequence[Sequence[int]]) -> list[int]:
        """Each group's rank with every tile ``t`` on the cell ``where[t]``, seen through ``back`` (one of
        :func:`symmetry_backs`) with the groups' tiles ``view`` (one of :meth:`views`)."""
        return [rank([back[where[t]] for t in tiles], self.rows * self.cols) for tiles in view]

    def estimate(self, tiles: Sequence[int], goal: Sequence[int]) -> int:
        """The largest of the partition's sums over the symmetries that apply (0 when none does): at most the
        fewest moves from ``tiles`` to ``goal``."""
        where = [0] * len(tiles)
        for cell, tile in enumerate(tiles):
            where[tile] = cell
        backs = symmetry_backs(self.rows, self.cols, list(goal).index(0))
        return max(
            (
                sum(t[r] for t, r in zip(self.tables, self.ranks(where, back, view)))
                for back, view in zip(backs, self.views(goal))
            ),
            default=0,
        )

    def encode(self) -> bytes:
        """The file's bytes (the module says what they hold)."""
        header = {
            "format": FORMAT_VERSION,
            "rows": self.rows,
            "cols": self.cols,
            "groups": [list(g) for g in self.groups],
            "crc32": [zlib.crc32(t) for t in self.tables],
        }
        return b"".join([MAGIC, json.dumps(header).encode(), b"\n", *self.tables])


def decode(data: bytes | memoryview, origin: str = "the file") -> AdditiveTables:
    """The tables in ``data`` (:meth:`AdditiveTables.encode`'s bytes); :class:`~npuzzle.errors.PatternDatabaseError`
    naming ``origin`` when they are not whole."""
    view = memoryview(data)
    end = bytes(view[: 1 << 12]).find(b"\n")
    if bytes(view[: len(MAGIC)]) != MAGIC or end < 0:
        raise PatternDatabaseError(f"{origin} is not an additive tables file")
    try:
        header = json.loads(bytes(view[len(MAGIC) : end]))
        rows, cols, groups, crcs = header["rows"], header["cols"], header["groups"], header["crc32"]
        if header["format"] != FORMAT_VERSION:
            raise PatternDatabaseError(f"{origin} is in format {header['format']!r}, not {FORMAT_VERSION}")
        check_groups(rows, cols, groups)
        if not isinstance(crcs, list) or len(crcs) != len(groups) or not all(type(c) is int for c in crcs):
            raise PatternDatabaseError(f"{origin} lists {crcs!r} as its tables' CRC-32s, not one a group")
    except PatternDatabaseError:
        raise
    except (ValueError, KeyError, TypeError) as exc:
        raise PatternDatabaseError(f"{origin} has an unreadable header ({exc})") from None
    tables, at = [], end + 1
    for group, crc in zip(groups, crcs, strict=True):
        size = placements(rows * cols, len(group))
        table = bytes(view[at : at + size])
        if len(table) != size or zlib.crc32(table) != crc:
            raise PatternDatabaseError(f"{origin} is cut short or damaged (group {group}); build it again")
        tables.append(table)
        at += size
    return AdditiveTables(rows, cols, tuple(map(tuple, groups)), tuple(tables))
