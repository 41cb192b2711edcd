"""Walking distance (Takahashi): a table-driven heuristic stronger than Manhattan distance.

Walking distance counts vertical and horizontal moves separately. For the vertical part, forget the columns: a
board becomes, for every row, how many of its tiles belong to each goal row, plus the row of the blank. A
vertical move takes one tile from the blank's neighbouring row into the blank's row. The fewest such moves to
reach the goal's counts is the *vertical walking distance*; the horizontal one is the same thing on the
transposed board. Each real move changes one of the two abstractions by one step, so their sum is admissible,
and it counts, unlike Manhattan distance, the extra moves tiles of the same goal row need to get past each other.
For the 4×4 each abstraction has 24,964 states (Takahashi's figure), found here by one breadth-first search
per distinct blank row/column of the goal.

The tables (:func:`walking_tables`) work for any goal (they follow the goal's rows and columns), for boards up to
4 rows and 4 columns (larger ones have too many abstract states to tabulate in pure Python at run time).
:class:`WalkingDistance` is the estimate as a generic :class:`~npuzzle.optimal.heuristics.Heuristic` for
:func:`npuzzle.optimal.search.astar` (and the compare table); :mod:`npuzzle.optimal.walking_search` is the IDA*
specialised for it. It is registered as heuristic ``walking-distance`` in
:func:`npuzzle.solving.registry.default_registry`; where ``auto`` picks it: :data:`npuzzle.policy.WALKING_AUTO_SHAPES`
(the measurements in docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..board import Board
from ..errors import LimitError, PuzzleError
from ..progress import run
from .packing import Layout, Move

MAX_SIDE = 4
"""The largest number of rows or columns the tables are built for."""

HEURISTIC = "walking-distance"
"""The heuristic's name, as the CLI and the api spell it."""
BUILD_STEP = 256
"""Abstract states a table build handles between two yields (:func:`walking_table_steps`)."""

_State = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class WalkingTable:
    """The walking-distance abstraction for ``lines`` lines of ``width`` cells whose goal has the blank in line
    ``blank_line``.

    ``distance[s]`` is the walking distance of abstract state ``s``; ``step[(s * 2 + towards_end) * lines + k]`` is
    the state after the blank moves one line up (``towards_end = 0``) or down (1) and a tile whose goal line is
    ``k`` takes its place, or −1 when that move is impossible. ``index`` maps a state (a tuple per line of counts
    per goal line, then the blank's line as a 1-tuple) to its number.
    """

    lines: int
    width: int
    blank_line: int
    distance: bytes
    step: tuple[int, ...]
    index: dict[_State, int]

    def state_of(self, line_of_cell: Sequence[int], goal_line_of_tile: Sequence[int], tiles: Sequence[int]) -> int:
        """The abstract state of a board: ``line_of_cell[c]`` is the line of cell ``c``; ``goal_line_of_tile[t]``
        that of tile ``t``'s goal cell."""
        counts = [[0] * self.lines for _ in range(self.lines)]
        blank = 0
        for c, t in enumerate(tiles):
            if t == 0:
                blank = line_of_cell[c]
            else:
                counts[line_of_cell[c]][goal_line_of_tile[t]] += 1
        return self.index[tuple(tuple(row) for row in counts) + ((blank,),)]


def build_walking_table(lines: int, width: int, blank_line: int) -> WalkingTable:
    """Breadth-first search of the walking-distance abstraction (see the module text); O(states · lines²)."""
    return run(walking_table_steps(lines, width, blank_line))


def walking_table_steps(lines: int, width: int, blank_line: int) -> Generator[None, None, WalkingTable]:
    """:func:`build_walking_table` in steps: yields after every :data:`BUILD_STEP` abstract states (a few
    milliseconds each), so a search that builds its tables stays cancellable; returns the table."""
    if not (2 <= lines <= MAX_SIDE and 2 <= width <= MAX_SIDE):
        raise PuzzleError(f"walking distance is tabulated for boards up to {MAX_SIDE}×{MAX_SIDE}")
    goal_counts = [[width if i == k else 0 for k in range(lines)] for i in range(lines)]
    goal_counts[blank_line][blank_line] -= 1
    goal: _State = tuple(tuple(row) for row in goal_counts) + ((blank_line,),)
    index: dict[_State, int] = {goal: 0}
    order: list[_State] = [goal]
    dist = [0]
    head = 0
    edges: list[list[int]] = []
    while head < len(order):
        if head % BUILD_STEP == BUILD_STEP - 1:
            yield None
        state = order[head]
        blank = state[lines][0]
        out = [-1] * (2 * lines)
        for towards_end, other in ((0, blank - 1), (1, blank + 1)):
            if not 0 <= other < lines:
                continue
            for k in range(lines):
                if state[other][k] == 0:
                    continue
                rows = [list(r) for r in state[:lines]]
                rows[other][k] -= 1
                rows[blank][k] += 1
                nxt: _State = tuple(tuple(r) for r in rows) + ((other,),)
                found = index.get(nxt)
                if found is None:
                    found = len(order)
                    index[nxt] = found
                    order.append(nxt)
                    dist.append(dist[head] + 1)
                out[towards_end * lines + k] = found
        edges.append(out)
        head += 1
    step = tuple(x for out in edges for x in out)
    return WalkingTable(lines, width, blank_line, bytes(dist), step, index)


def walking_fits(board: Board, goal: Board) -> bool:
    """True when walking distance is available: same shape, at most :data:`MAX_SIDE` rows and columns."""
    return (goal.rows, goal.cols) == (board.rows, board.cols) and max(board.rows, board.cols) <= MAX_SIDE


def walking_tables(goal: Board) -> tuple[WalkingTable, WalkingTable]:
    """The vertical and horizontal tables for ``goal`` (build once, pass to every solve for that goal)."""
    if max(goal.rows, goal.cols) > MAX_SIDE:
        raise PuzzleError(
            f"walking distance is tabulated for boards up to {MAX_SIDE}×{MAX_SIDE}, not {goal.rows}×{goal.cols}"
        )
    return run(walking_tables_steps(goal))


def walking_tables_steps(goal: Board) -> Generator[None, None, tuple[WalkingTable, WalkingTable]]:
    """:func:`walking_tables` in steps (see :func:`walking_table_steps`): the vertical table, then the horizontal
    one, which is the same table when the goal is square with its blank on the diagonal."""
    br, bc = divmod(goal.blank_index, goal.cols)
    vertical = yield from walking_table_steps(goal.rows, goal.cols, br)
    if goal.rows == goal.cols and br == bc:
        return vertical, vertical
    horizontal = yield from walking_table_steps(goal.cols, goal.rows, bc)
    return vertical, horizontal


def walking_distance_steps(goal: Board) -> Generator[None, None, WalkingDistance]:
    """:class:`WalkingDistance` for ``goal`` with its tables built in steps (:func:`walking_tables_steps`), so that
    a search that starts with it stays cancellable and answers in slices while they are built."""
    if max(goal.rows, goal.cols) > MAX_SIDE:
        return WalkingDistance(goal)  # raises its LimitError, naming the shape
    tables = yield from walking_tables_steps(goal)
    return WalkingDistance(goal, tables)


class WalkingDistance:
    """Walking distance as a generic :class:`~npuzzle.optimal.heuristics.Heuristic` (for A* and the compare table).

    Built for one goal of at most :data:`MAX_SIDE` rows and columns (raises :class:`~npuzzle.errors.LimitError`
    otherwise; building the tables is the costly part on a 4×4). :meth:`initial` is O(n); :meth:`delta` reads the
    abstract states of its ``state`` in O(n) once per parent (it remembers the last parent, and the searches ask
    for all children of one state in a row), then takes one step-table lookup per child: a vertical move changes
    only the row abstraction, a horizontal one only the column abstraction. Admissible for every goal
    (Takahashi's argument, see the module text).
    """

    __slots__ = ("_col_of", "_gcol", "_grow", "_horizontal", "_last", "_layout", "_row_of", "_vertical", "goal")

    def __init__(self, goal: Board, tables: tuple[WalkingTable, WalkingTable] | None = None) -> None:
        if max(goal.rows, goal.cols) > MAX_SIDE:
            raise LimitError(
                f"the walking-distance heuristic is tabulated for boards of up to {MAX_SIDE} rows and "
                f"{MAX_SIDE} columns, not {goal.rows}×{goal.cols}"
            )
        self.goal = goal
        self._layout = Layout.of(goal.rows, goal.cols)
        self._vertical, self._horizontal = tables if tables is not None else walking_tables(goal)
        n, cols = goal.size, goal.cols
        goal_cell = [0] * n
        for c, t in enumerate(goal.tiles):
            goal_cell[t] = c
        self._grow = [goal_cell[t] // cols for t in range(n)]
        self._gcol = [goal_cell[t] % cols for t in range(n)]
        self._row_of = [c // cols for c in range(n)]
        self._col_of = [c % cols for c in range(n)]
        self._last: tuple[int, int, int] = (-1, 0, 0)

    @property
    def name(self) -> str:
        """``"walking-distance"``."""
        return HEURISTIC

    @property
    def admissible(self) -> bool:
        """True: the sum of the vertical and horizontal walking distances never overestimates."""
        return True

    def _states(self, tiles: Sequence[int]) -> tuple[int, int]:
        return (
            self._vertical.state_of(self._row_of, self._grow, tiles),
            self._horizontal.state_of(self._col_of, self._gcol, tiles),
        )

    def initial(self, tiles: Sequence[int]) -> int:
        """The walking distance of a row-major tile sequence (vertical + horizontal). O(n)."""
        rs, cs = self._states(tiles)
        return self._vertical.distance[rs] + self._horizontal.distance[cs]

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)`` when ``tile`` slides from ``move.src`` into the blank at ``move.dst``."""
        last, rs, cs = self._last
        if last != state:
            rs, cs = self._states(self._layout.unpack(state))
            self._last = (state, rs, cs)
        toward = 1 if move.src > move.dst else 0
        if move.vertical:
            v = self._vertical
            nrs = v.step[(rs * 2 + toward) * v.lines + self._grow[tile]]
            return v.distance[nrs] - v.distance[rs]
        hz = self._horizontal
        ncs = hz.step[(cs * 2 + toward) * hz.lines + self._gcol[tile]]
        return hz.distance[ncs] - hz.distance[cs]
