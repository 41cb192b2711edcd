"""How far a board is from its goal, as cheaply as it can be known: the labels of :mod:`npuzzle.env`.

A :class:`DistanceLabeller` gives, for each board it is shown, the same three labels: ``optimal_distance``, the
exact distance where it is known and :data:`UNKNOWN_DISTANCE` (-1) where not, never a number that could be read as
one; ``distance_known``, which of the two; and ``distance_lower_bound``, an admissible bound (never above the
distance; the distance itself where known). The same keys on every board keep a vector environment's arrays
honest (Gymnasium fills a key missing from one environment's ``info`` with 0, "solved"). The labels come from the
cheapest exact source the board has:

* ``table``: boards of at most :data:`~npuzzle.research.exhaustive.MAX_EXHAUSTIVE_CELLS` cells, from one breadth-first
  search per goal and process, built on first use and shared by every labeller (:func:`shared_table`): exact at
  every step, O(cells) per lookup;
* ``search``: a 4×4 with the 15-puzzle's pattern database (a goal with a corner blank): an optimal search from
  the start (milliseconds to seconds), after which every board on the solution found is known exactly; off it,
  ``exact`` mode searches again, ``cheap`` mode gives the database's lower bound only;
* ``bound``: any other board: Manhattan distance plus linear conflicts, a lower bound (named as such).

``mode`` is ``cheap`` (what costs no search beyond the start's) or ``exact`` (the optimal distance at every step;
refused where there is no exact source).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from ..board import Board
from ..errors import LimitError, UnknownNameError, show_value
from ..nearoptimal import manhattan_linear_conflict
from ..pdb import PdbHeuristic, PdbTables, pdb_fits, solve_with_pdb
from ..progress import run
from .exhaustive import MAX_EXHAUSTIVE_CELLS, DistanceTable

Mode = Literal["cheap", "exact"]
MODES: tuple[Mode, ...] = ("cheap", "exact")
Source = Literal["table", "search", "bound"]
Labels = dict[str, int | bool]

UNKNOWN_DISTANCE = -1
"""``optimal_distance`` of a board whose exact distance is not known (``distance_known`` is then False)."""

MAX_KNOWN = 100_000
"""The most boards a labeller keeps the exact distance of (those on the solutions it searched); a search that would
pass it starts the memory afresh."""


SHARED_TABLES = 4
"""The most goals whose breadth-first tables :func:`shared_table` keeps (one 8-puzzle table: 181,440 boards)."""


@lru_cache(maxsize=SHARED_TABLES)
def shared_table(goal: Board) -> DistanceTable:
    """The breadth-first distance table of ``goal`` (:meth:`DistanceTable.build`), built once per process and then
    the same object for every caller: the environments of a synchronous vector environment share one table instead
    of one search each. Memoised with :func:`functools.lru_cache` because it is a pure function of an immutable,
    hashable argument: the cache is nothing anyone can see change (no module variable to set or reset; the table is
    frozen and never written after its search). It keeps the last :data:`SHARED_TABLES` goals asked for; a
    labeller holds on to its own. Thread-safe (two threads asking at once at worst both search)."""
    return DistanceTable.build(goal)


class DistanceLabeller:
    """The distance labels of boards bound for ``goal`` (see the module text); ``tables`` are the 15-puzzle's
    pattern database, used for a 4×4 goal they fit. Raises :class:`~npuzzle.errors.LimitError` for ``exact`` on a
    board with no exact source, naming what would give one."""

    def __init__(self, goal: Board, tables: PdbTables | None = None, mode: Mode = "cheap") -> None:
        if mode not in MODES:
            raise UnknownNameError(f"the distance mode must be one of {', '.join(MODES)}, got {show_value(mode)}")
        self.goal = goal
        self.mode = mode
        self._tables = tables if tables is not None and pdb_fits(goal, goal, tables) else None
        self.source: Source = (
            "table" if goal.size <= MAX_EXHAUSTIVE_CELLS else "search" if self._tables is not None else "bound"
        )
        if mode == "exact" and self.source == "bound":
            raise LimitError(
                f"the optimal distance of a {goal.rows}×{goal.cols} board is known cheaply only on boards of up to "
                f"{MAX_EXHAUSTIVE_CELLS} cells, or on a 4×4 with the pattern database (`npuzzle pdb build`; a goal "
                "with the blank in a corner): use distance='cheap' for a lower bound"
            )
        self._table: DistanceTable | None = None
        self._bound = PdbHeuristic(self._tables, goal) if self._tables is not None else None
        self._known: dict[tuple[int, ...], int] = {}

    def labels(self, board: Board, searching: bool = False) -> Labels:
        """The labels of ``board``; ``searching`` allows a search where the source is ``search`` and the distance is
        not known (the start of an episode; every step in ``exact`` mode)."""
        if self.source == "table":
            if self._table is None:
                self._table = shared_table(self.goal)
            return _exact(self._table.distance(board))
        if self._bound is None:
            return _bound(manhattan_linear_conflict(board.tiles, self.goal.tiles, *_shape(board)))
        exact_or_none = self._known.get(board.tiles)
        if exact_or_none is None and self._tables is not None and (searching or self.mode == "exact"):
            exact_or_none = self._search(board, self._tables)
        if exact_or_none is not None:
            return _exact(exact_or_none)
        return _bound(self._bound.initial(board.tiles))

    def _search(self, board: Board, tables: PdbTables) -> int:
        """The optimal distance of ``board`` by the pattern database's IDA*; every board on the solution found is
        remembered with its distance."""
        result = run(solve_with_pdb(board, self.goal, tables))
        moves = result.moves or ()
        if len(self._known) + len(moves) > MAX_KNOWN:
            self._known.clear()
        current = board
        for step, tile in enumerate((*moves, None)):
            self._known[current.tiles] = len(moves) - step
            if tile is not None:
                current = current.slide(tile)
        return len(moves)


def _exact(distance: int) -> Labels:
    return {"optimal_distance": distance, "distance_known": True, "distance_lower_bound": distance}


def _bound(bound: int) -> Labels:
    return {"optimal_distance": UNKNOWN_DISTANCE, "distance_known": False, "distance_lower_bound": bound}


def _shape(board: Board) -> tuple[int, int]:
    return board.rows, board.cols
