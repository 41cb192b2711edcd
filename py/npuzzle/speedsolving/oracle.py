"""Where an analysis of a solve (:mod:`npuzzle.speedsolving.analysis`) gets its exact distances: an :class:`Oracle`
per board kind and metric (one optimal solution; one bounded search, "a solution of at most ``bound`` moves?"), and
the :class:`Proofs` one analysis gathers so that nothing is searched twice."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator

from ..board import Board, moves_to_letters
from ..optimal.metric import Metric
from ..pdb import LearnedBounds, pdb_fits, solve_with_multiset, solve_with_pdb, within_bound, within_lines
from ..progress import Limit, Progress, SearchResult, SearchStopped, StopReason
from ..solving.multitile import mtm_database
from ..solving.registry import Registry
from ..solving.solve import plan

Letters = str
"""Single-tile letters (the direction the tile moves)."""

Found = tuple["Letters | None", int]
"""A search's answer (letters of a solution, ``None`` for none) and the nodes it expanded; a search stopped by a
limit raises :class:`~npuzzle.progress.SearchStopped` with the limit's reason."""

Bounded = Generator[Progress, None, Found]


class Oracle:
    """The exact distances of one board kind and metric: ``solve`` gives one optimal solution, ``within`` one of at
    most ``bound`` moves when there is one (else ``None``)."""

    source = ""

    def solve(self, board: Board, limit: Limit) -> Bounded:
        raise NotImplementedError

    def within(self, board: Board, bound: int, limit: Limit, avoid: frozenset[Board] = frozenset()) -> Bounded:
        raise NotImplementedError


Within = Generator[Progress, None, tuple[tuple[int, ...] | StopReason | None, int]]
"""A bounded iteration: a solution within the bound, ``None``, or the reason it stopped; and the nodes expanded."""

SolveFunction = Callable[[Board, Board, Limit], Generator[Progress, None, SearchResult]]
WithinFunction = Callable[[Board, Board, int, Limit, frozenset[Board]], Within]


class _Searched(Oracle):
    """A 15-puzzle's optimal solver and its bounded iteration (:func:`~npuzzle.pdb.within_bound`,
    :func:`~npuzzle.pdb.within_lines`)."""

    def __init__(self, goal: Board, solve: SolveFunction, within: WithinFunction, source: str) -> None:
        self.goal, self._solve, self._within, self.source = goal, solve, within, source

    def solve(self, board: Board, limit: Limit) -> Bounded:
        result = yield from self._solve(board, self.goal, limit)
        if result.moves is None:
            raise SearchStopped(result.stopped or "cancelled")
        return "".join(moves_to_letters(board, result.moves)), result.nodes_expanded

    def within(self, board: Board, bound: int, limit: Limit, avoid: frozenset[Board] = frozenset()) -> Bounded:
        found, nodes = yield from self._within(board, self.goal, bound, limit, avoid)
        if isinstance(found, str):
            raise SearchStopped(found)
        return None if found is None else "".join(moves_to_letters(board, found)), nodes


def exact_oracle(board: Board, goal: Board, metric: Metric, registry: Registry) -> Oracle | None:
    """The exact source for ``board`` → ``goal`` in ``metric``, or ``None``; one a task (in line moves its searches
    share what they prove: :class:`~npuzzle.pdb.mtm_search.LearnedBounds`)."""
    tables = registry.tables
    if metric == "stm" and tables is not None and pdb_fits(board, goal, tables):
        return _Searched(
            goal,
            lambda b, g, lim: solve_with_pdb(b, g, tables, lim),
            lambda b, g, bound, lim, avoid: within_bound(b, g, tables, bound, lim),  # avoid would only save time
            f"the pattern database {tables.name}",
        )
    if metric == "stm" and board.size <= SMALL_CELLS:
        return _Searched(goal, _small_solve, _small_within, "A* with linear conflict")
    database = mtm_database(board, goal, registry.mtm) if metric == "mtm" else None
    if database is not None:
        learned = LearnedBounds()  # what this oracle's searches prove, read by the next ones
        return _Searched(
            goal,
            lambda b, g, lim: solve_with_multiset(b, g, database, lim, learned=learned),
            lambda b, g, bound, lim, avoid: within_lines(b, g, database, bound, lim, avoid, learned=learned),
            f"the multiset database {database.name}",
        )
    return None


SMALL_CELLS = 9
"""Boards of up to this many cells are analysed exactly in STM by A*, a few milliseconds a position."""


def _small_solve(board: Board, goal: Board, limit: Limit) -> Generator[Progress, None, SearchResult]:
    result: SearchResult = yield from plan(board, goal, "astar", "auto").start(limit)
    return result


def _small_within(board: Board, goal: Board, bound: int, limit: Limit, avoid: frozenset[Board]) -> Within:
    result = yield from _small_solve(board, goal, limit)
    if result.moves is None:
        return result.stopped or "cancelled", result.nodes_expanded
    return (result.moves if len(result.moves) <= bound else None), result.nodes_expanded


class Proofs:
    """What the searches of one analysis proved: the distance of each position analysed (``exact``), a lower bound
    on the distance of each position met (``lower``: the distance at the positions analysed, at least one less at
    their neighbours), and the solution each bounded search found (``found``; searched again, it would find the same:
    a search is deterministic, and the first moves it avoids lead to no solution within its bound)."""

    def __init__(self, start: Board, distance: int, metric: Metric) -> None:
        self.exact: dict[Board, int] = {}
        self.lower: dict[Board, int] = {}
        self.found: dict[tuple[Board, int], Letters] = {}
        self.know(start, distance, metric)

    def know(self, board: Board, distance: int, metric: Metric) -> None:
        """``board`` is ``distance`` moves from the goal in ``metric``, so its neighbours are at least ``distance − 1``
        (a bounded search in line moves skips them when that is too far)."""
        self.exact[board] = self.lower[board] = distance
        for _, child in moves_from(board, metric):
            if self.lower.get(child, 0) < distance - 1:
                self.lower[child] = distance - 1


def line_neighbours(board: Board) -> Iterator[Board]:
    """The boards one line move away from ``board``."""
    return (child for _, child in moves_from(board, "mtm"))


def moves_from(board: Board, metric: Metric) -> Iterator[tuple[Letters, Board]]:
    """Every move from ``board`` in ``metric`` (its single-tile letters: one in STM, a run of one letter in MTM)
    and the board it leads to, in the order U, D, L, R and, along one line, the nearer tile first."""
    for letter in board.movable_tiles():
        child = board.slide(letter)
        yield letter, child
        if metric == "stm":
            continue
        run: Letters = letter
        while letter in child.movable_tiles():
            child, run = child.slide(letter), run + letter
            yield run, child
