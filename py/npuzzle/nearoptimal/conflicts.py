"""The beam's ranking: Manhattan distance plus linear conflicts, kept up to date one move at a time.

A state is ``bytes`` with the tile on each cell (``0`` = blank). Its estimate towards a target arrangement is the
Manhattan distance of its tiles (each tile's distance to its cell in the target) plus, for every row and column,
the linear conflicts of the tiles whose target lies in that line (Hansson, Mayer & Yung 1992): all but a longest
increasing run of them must leave the line and come back, two moves each. A move changes one tile's distance by
one and the conflicts of one line at most: the row (column) the tile enters or leaves, if its target lies there.

A line's conflicts depend only on which of its tiles belong there and in what order, so each line is read by
``bytes.translate`` into a short key (a tile's place along the line plus one, ``0`` for a tile from elsewhere)
and its conflicts are computed once per key and kept in a dict for the search (:meth:`LineConflicts.line`).
Ranked by this sum, a beam gives much shorter paths than ranked by relaxed group tables, whose groups see
no conflict between tiles in different groups (measured in ``docs/near-optimal.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..optimal.heuristics import conflict_moves


class LineConflicts:
    """What keeps the estimate towards ``target`` (tile per cell) up to date on a ``rows × cols`` board.

    ``distance[tile][cell]`` is a tile's Manhattan distance to its target cell; ``rows_key[r]`` and
    ``cols_key[c]`` are the ``bytes.translate`` tables that turn a row's or column's tiles into its key.
    """

    __slots__ = ("cols", "cols_key", "distance", "known", "rows", "rows_key")

    def __init__(self, rows: int, cols: int, target: Sequence[int]) -> None:
        n = rows * cols
        if n > 256:
            raise ValueError(f"line conflicts are kept for boards of at most 256 cells, not {rows}×{cols}")
        self.rows, self.cols = rows, cols
        home = [0] * n
        for cell, tile in enumerate(target):
            home[tile] = cell
        self.distance: list[list[int]] = [[0] * n]
        rows_key = [bytearray(256) for _ in range(rows)]
        cols_key = [bytearray(256) for _ in range(cols)]
        for tile in range(1, n):
            hr, hc = divmod(home[tile], cols)
            self.distance.append([abs(cell // cols - hr) + abs(cell % cols - hc) for cell in range(n)])
            rows_key[hr][tile] = hc + 1
            cols_key[hc][tile] = hr + 1
        self.rows_key = [bytes(k) for k in rows_key]
        self.cols_key = [bytes(k) for k in cols_key]
        self.known: dict[bytes, int] = {}

    def line(self, key: bytes) -> int:
        """The conflicts of the line whose key is ``key``: :func:`~npuzzle.optimal.heuristics.conflict_moves` of the
        places it lists (computed once, then remembered)."""
        value = self.known.get(key)
        if value is None:
            value = self.known[key] = conflict_moves(place for place in key if place)
        return value

    def manhattan(self, cells: bytes) -> int:
        """The Manhattan distance of ``cells`` to the target."""
        distance = self.distance
        return sum(distance[tile][cell] for cell, tile in enumerate(cells) if tile)


def manhattan_linear_conflict(tiles: Sequence[int], goal: Sequence[int], rows: int, cols: int) -> int:
    """The estimate of the module text, of ``tiles`` towards ``goal`` (tile-per-cell lists), computed whole on a board
    of any size (:class:`LineConflicts` keeps it up to date from a state on). Admissible. O(n log n)."""
    goal_of = [0] * (rows * cols)
    for cell, tile in enumerate(goal):
        goal_of[tile] = cell
    total = 0
    lines: list[list[int]] = [[] for _ in range(rows + cols)]  # per row, then per column: its tiles' places in it
    for cell, tile in enumerate(tiles):
        if tile:
            (r, c), (gr, gc) = divmod(cell, cols), divmod(goal_of[tile], cols)
            total += abs(r - gr) + abs(c - gc)
            if r == gr:
                lines[r].append(gc)
            if c == gc:
                lines[rows + c].append(gr)
    return total + sum(conflict_moves(line) for line in lines)
