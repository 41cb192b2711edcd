"""Admissible heuristics for the sliding-tile puzzle, for any ``rows × cols`` shape and any goal.

Each heuristic is built for one goal board (it precomputes the goal cell of every tile, so custom goals work as
well as the named ones) and never overestimates the number of moves left:

* ``discrete`` — 0 on the goal, 1 elsewhere (the weakest admissible estimate; A* with it is breadth-first search
  ordered by depth).
* ``hamming`` — the number of tiles not on their goal cell (the blank is not counted): each needs at least one move.
* ``manhattan`` — the sum over tiles of row distance + column distance to the goal cell: each move slides one
  tile by one cell.
* ``linear-conflict`` — Manhattan plus two moves for every tile that must leave its goal row (or column) to let
  another tile of that line pass (Hansson, Mayer & Yung 1992). In a line whose tiles in their goal line appear
  in goal-coordinate order ``s``, at least ``len(s) − LIS(s)`` of them must leave the line (LIS = longest
  increasing subsequence), each with two vertical (resp. horizontal) moves Manhattan does not count; row
  conflicts add vertical moves and column conflicts horizontal ones, so the sums add up admissibly.
* ``walking-distance`` — Takahashi's walking distance (:mod:`npuzzle.optimal.walking`), for boards of up to 4 rows and 4
  columns only: vertical plus horizontal moves of an abstraction that counts, per row (column), how many tiles of
  each goal row (column) it holds. Usually larger than linear conflict, never larger than the true distance.

The :class:`Heuristic` protocol is what the searches in :mod:`npuzzle.optimal.search` call; states are the packed ints
of :mod:`npuzzle.optimal.packing`. Plugging in a stronger heuristic (a pattern database, say) means writing an object
with ``name``, ``admissible``, ``initial(tiles)`` and ``delta(state, child, tile, move)``. Subclasses of
:class:`TableHeuristic` additionally expose per-move lookup tables that the searches inline into their inner
loop, so their per-move update costs one list index (plus, for linear conflict, two dict lookups when the
moved tile enters or leaves its goal line).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, runtime_checkable

from ..board import Board
from ..names import HEURISTICS, choose
from .packing import Layout, Move
from .walking import WalkingDistance

LINE_CACHE_LIMIT = 1 << 18
"""The most entries one line table of :class:`LinearConflict` memoises (a 4×4 line has at most 43,680)."""


@runtime_checkable
class Heuristic(Protocol):
    """What a search needs from a heuristic built for one goal.

    ``initial(tiles)`` is the estimate for a row-major tile sequence; ``delta(state, child, tile, move)`` is
    ``h(child) − h(state)`` when ``tile`` slides along ``move`` (a :class:`~npuzzle.optimal.packing.Move`) turning the
    packed ``state`` into ``child``. ``admissible`` tells whether the estimate never exceeds the true distance,
    which is what lets a search call its answer optimal.
    """

    @property
    def name(self) -> str:
        """The heuristic's name, as the CLI and the API spell it."""
        ...

    @property
    def admissible(self) -> bool:
        """True when the estimate never exceeds the true number of moves left."""
        ...

    def initial(self, tiles: Sequence[int]) -> int:
        """The estimate for a row-major tile sequence (0 = blank)."""
        ...

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)`` for the move of ``tile`` along ``move``."""
        ...


@runtime_checkable
class SumOfTables(Protocol):
    """A heuristic whose estimate is the largest of sums of table lookups (additive pattern tables: the
    :class:`~npuzzle.pdb.AdditiveHeuristic`), which the compiled IDA* (:mod:`npuzzle.optimal.ida_numba`) runs
    from :meth:`kernel_tables`."""

    @property
    def goal(self) -> Board:
        """The goal the estimate is made for."""
        ...

    def kernel_tables(self) -> tuple[object, ...]:
        """The arrays the compiled kernel reads (:class:`npuzzle.optimal.ida_numba.Estimate`'s ``additive``)."""
        ...


def conflict_moves(places: Iterable[int]) -> int:
    """The linear-conflict moves of one row or column (Hansson, Mayer & Yung 1992): ``places`` lists, along the
    line, the goal position of each tile that belongs to it; all but a longest increasing run of them must leave the
    line and come back, two moves each. O(w log w) for ``w`` tiles."""
    tails: list[int] = []
    count = 0
    for place in places:
        count += 1
        at = bisect_left(tails, place)
        if at == len(tails):
            tails.append(place)
        else:
            tails[at] = place
    return 2 * (count - len(tails))


class LineTable(dict[int, int]):
    """Memoised linear-conflict penalty of one row or column, keyed by ``state & mask``.

    The value is ``2 × (k − LIS)`` for the ``k`` tiles of the line that belong to it, read in order of their goal
    coordinate. Missing keys are computed on first use in O(w log w) for a line of ``w`` cells; at most
    :data:`LINE_CACHE_LIMIT` entries are kept.
    """

    __slots__ = ("cells", "coordinate", "mask", "shifts", "tile_mask")

    def __init__(self, layout: Layout, cells: Sequence[int], coordinate: Sequence[int]) -> None:
        super().__init__()
        self.cells = tuple(cells)
        self.mask = layout.line_mask(cells)
        self.shifts = tuple(layout.shift(c) for c in cells)
        self.tile_mask = layout.tile_mask
        self.coordinate = tuple(coordinate)
        """``coordinate[tile]``: the tile's goal position along this line, or −1 if it belongs elsewhere."""

    def penalty(self, key: int) -> int:
        """The penalty for the line contents ``key`` (a state masked with :attr:`mask`)."""
        places = (self.coordinate[(key >> shift) & self.tile_mask] for shift in self.shifts)
        return conflict_moves(at for at in places if at >= 0)

    def __missing__(self, key: int) -> int:
        value = self.penalty(key)
        if len(self) < LINE_CACHE_LIMIT:
            self[key] = value
        return value


class TableHeuristic:
    """A heuristic whose per-move change is a table lookup by tile, with optional line tables.

    :meth:`move_delta` gives, for one move, the change of the additive part for each tile (index = tile);
    :meth:`move_lines` gives for each tile the :class:`LineTable` whose penalty may change (or ``None``), so
    ``delta = move_delta(m)[t] + table[child & table.mask] − table[state & table.mask]``.
    """

    name = "table"
    admissible = True

    def __init__(self, goal: Board) -> None:
        self.goal = goal
        self.layout = Layout.of(goal.rows, goal.cols)
        n = goal.size
        self.goal_cell: list[int] = [0] * n
        """``goal_cell[tile]``: the tile's cell in the goal."""
        for cell, tile in enumerate(goal.tiles):
            self.goal_cell[tile] = cell

    def cost(self, tile: int, cell: int) -> int:
        """The additive part's cost of ``tile`` standing on ``cell`` (0 for the blank)."""
        raise NotImplementedError

    def initial(self, tiles: Sequence[int]) -> int:
        """The estimate for a row-major tile sequence: the sum of :meth:`cost` over the tiles. O(n)."""
        return sum(self.cost(tile, cell) for cell, tile in enumerate(tiles) if tile)

    def move_delta(self, move: Move) -> list[int]:
        """Per tile: the change of the additive part when that tile slides from ``move.src`` to ``move.dst``."""
        out = [0] * self.layout.size
        for tile in range(1, self.layout.size):
            out[tile] = self.cost(tile, move.dst) - self.cost(tile, move.src)
        return out

    def move_lines(self, move: Move) -> list[LineTable | None] | None:
        """Per tile: the line table whose penalty this move may change, or ``None`` when no line is involved."""
        return None

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)`` through the same tables the searches inline."""
        change = self.cost(tile, move.dst) - self.cost(tile, move.src)
        lines = self.move_lines(move)
        if lines is not None:
            table = lines[tile]
            if table is not None:
                change += table[child & table.mask] - table[state & table.mask]
        return change


class Hamming(TableHeuristic):
    """The number of tiles off their goal cell, blank excluded: each needs at least one move. Admissible."""

    name = "hamming"

    def cost(self, tile: int, cell: int) -> int:
        """1 when ``tile`` is off its goal cell, else 0."""
        return 0 if tile == 0 or self.goal_cell[tile] == cell else 1


class Manhattan(TableHeuristic):
    """The sum of each tile's row and column distance to its goal cell, blank excluded. Admissible, consistent."""

    name = "manhattan"

    def __init__(self, goal: Board) -> None:
        super().__init__(goal)
        cols, n = goal.cols, goal.size
        self.distance: list[list[int]] = [[0] * n for _ in range(n)]
        """``distance[tile][cell]``: the tile's Manhattan distance from ``cell`` to its goal cell."""
        for tile in range(1, n):
            gr, gc = divmod(self.goal_cell[tile], cols)
            row = self.distance[tile]
            for cell in range(n):
                r, c = divmod(cell, cols)
                row[cell] = abs(r - gr) + abs(c - gc)

    def cost(self, tile: int, cell: int) -> int:
        """The tile's Manhattan distance from ``cell`` to its goal cell."""
        return self.distance[tile][cell] if tile else 0


class LinearConflict(Manhattan):
    """Manhattan distance plus the linear-conflict penalty of every row and column (Hansson et al. 1992).

    A move changes at most one line's penalty: the goal row of a tile moving up or down, when it leaves or
    enters that row (or the goal column of a tile moving sideways). Admissible.
    """

    name = "linear-conflict"

    def __init__(self, goal: Board) -> None:
        super().__init__(goal)
        rows, cols = goal.rows, goal.cols
        self.row_tables: list[LineTable] = [self._line_table([r * cols + c for c in range(cols)]) for r in range(rows)]
        self.col_tables: list[LineTable] = [self._line_table([r * cols + c for r in range(rows)]) for c in range(cols)]
        self._lines: dict[tuple[int, int], list[LineTable | None]] = {}

    def _line_table(self, cells: list[int]) -> LineTable:
        """The table of the line ``cells`` (a row or column, in order): a tile whose goal cell is on the line has
        that cell's place along it as its coordinate."""
        along = {cell: i for i, cell in enumerate(cells)}
        coordinate = [-1] + [along.get(self.goal_cell[tile], -1) for tile in range(1, self.layout.size)]
        return LineTable(self.layout, cells, coordinate)

    def initial(self, tiles: Sequence[int]) -> int:
        """Manhattan distance plus the penalty of every row and column. O(n log n)."""
        state = self.layout.pack(tiles)
        penalty = sum(t[state & t.mask] for t in self.row_tables) + sum(t[state & t.mask] for t in self.col_tables)
        return super().initial(tiles) + penalty

    def move_lines(self, move: Move) -> list[LineTable | None] | None:
        """Per tile, the goal row (vertical move) or goal column (sideways move) if the move leaves or enters it."""
        key = (move.src, move.dst)
        cached = self._lines.get(key)
        if cached is not None:
            return cached
        cols, n = self.goal.cols, self.goal.size
        out: list[LineTable | None] = [None] * n
        for tile in range(1, n):
            gr, gc = divmod(self.goal_cell[tile], cols)
            if move.vertical:
                if gr in (move.src // cols, move.dst // cols):
                    out[tile] = self.row_tables[gr]
            elif gc in (move.src % cols, move.dst % cols):
                out[tile] = self.col_tables[gc]
        self._lines[key] = out
        return out


class Discrete:
    """0 on the goal, 1 on every other board: admissible, and the weakest informative estimate."""

    name = "discrete"
    admissible = True

    def __init__(self, goal: Board) -> None:
        self.goal = goal
        self.layout = Layout.of(goal.rows, goal.cols)
        self.goal_state = self.layout.pack(goal.tiles)

    def initial(self, tiles: Sequence[int]) -> int:
        """0 when ``tiles`` is the goal, else 1."""
        return 0 if tuple(tiles) == self.goal.tiles else 1

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """The change between the two boards' 0/1 values."""
        return (child != self.goal_state) - (state != self.goal_state)


_BUILT_IN: dict[str, Callable[[Board], Heuristic]] = {
    "discrete": Discrete,
    "hamming": Hamming,
    "manhattan": Manhattan,
    "walking-distance": WalkingDistance,
    "linear-conflict": LinearConflict,
}


def make_heuristic(name: str, goal: Board) -> Heuristic:
    """The built-in heuristic called ``name`` (one of :data:`~npuzzle.names.HEURISTIC_NAMES` or an alias of
    :data:`~npuzzle.names.HEURISTICS`) for ``goal``. O(n²) set-up (walking distance: its tables, built by
    breadth-first search, the slowest set-up by far; timed in ``docs/benchmarks.md``).

    Raises :class:`~npuzzle.errors.UnknownNameError` quoting an unknown name and listing the choices, and
    :class:`~npuzzle.errors.LimitError` for walking distance on a goal of more than 4 rows or columns.
    """
    return _BUILT_IN[choose(name, HEURISTICS, "heuristic").name](goal)
