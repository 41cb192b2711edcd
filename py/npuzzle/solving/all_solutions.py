"""Every optimal solution of a board, in single-tile or line moves: how many there are and the solutions themselves.

:class:`AllSolutions` checks the request at once (the board reachable, the metric known, an optimal search
available: any board the optimal single-tile search takes; in line moves boards of up to 9 cells and the 15-puzzle
with its multiset database, a goal with the blank in a corner), then finds the optimal length with the optimal
solver :func:`~npuzzle.solving.solve.plan` picks (IDA* with the strongest heuristic that fits), and counts or lists
the solutions of that length with :class:`~npuzzle.optimal.all_paths.OptimalPaths`: in single tiles with the same
heuristic (:class:`~npuzzle.optimal.all_paths.TileSpace`), in line moves with the multiset database
(:class:`~npuzzle.pdb.LineSpace`). :func:`count_optimal_solutions` and :func:`optimal_solutions` are the short forms.
Solutions are the tiles slid, in order (as :attr:`~npuzzle.progress.SearchResult.moves`).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from typing import Any, TypedDict, Unpack

from ..board import Board, goal_board, moves_to_letters
from ..optimal.all_paths import OptimalPaths, Space, TileSpace
from ..optimal.checkpoint import DEFAULT_REPORT_EVERY, SearchBug
from ..optimal.metric import Metric, metric_name
from ..pdb import LineSpace, PdbHeuristic, PdbSpace
from ..progress import Clock, Limit, Progress, SearchResult, SearchStopped, StopReason, run
from .multitile import mtm_database
from .registry import Registry, default_registry
from .solve import heuristic_entry, plan


@dataclass(frozen=True, slots=True)
class SolutionCount:
    """How many optimal solutions a board has: ``count`` of ``length`` moves in ``metric`` (``None`` when a limit
    or a cancel stopped the search first: ``stopped`` names it, ``message`` says how far it got), the optimal
    first moves (``first_moves``: the tiles each slides and how many optimal solutions start with it), the
    estimate's name, the nodes expanded (the optimal search's and the count's), the states remembered and the
    seconds."""

    metric: Metric
    length: int | None
    count: int | None
    first_moves: tuple[tuple[tuple[int, ...], int], ...]
    heuristic: str
    nodes_expanded: int
    remembered: int
    seconds: float
    stopped: StopReason | None = None
    message: str = ""

    def to_dict(self, board: Board) -> dict[str, Any]:
        """As JSON-able values: the fields, each first move with its letters from ``board``."""
        firsts = [
            {"moves": list(tiles), "letters": "".join(moves_to_letters(board, tiles)), "count": n}
            for tiles, n in self.first_moves
        ]
        return {
            "metric": self.metric,
            "length": self.length,
            "count": self.count,
            "first_moves": firsts,
            "heuristic": self.heuristic,
            "nodes_expanded": self.nodes_expanded,
            "remembered": self.remembered,
            "seconds": round(self.seconds, 6),
            "stopped": self.stopped,
            "message": self.message,
        }


class AllSolutions:
    """The optimal solutions of ``board`` → ``goal`` (default: the standard goal) in ``metric`` (``"stm"`` or
    ``"mtm"``), with ``registry``'s heuristics and tables (default: the built-in ones) and, in single tiles, the
    ``heuristic`` named (default ``auto``: the strongest that fits). Raises at once, as
    :func:`~npuzzle.solving.solve.plan` does: :class:`~npuzzle.errors.UnsolvableError`,
    :class:`~npuzzle.errors.GoalError`, :class:`~npuzzle.errors.UnknownNameError` for an unknown heuristic,
    :class:`~npuzzle.errors.LimitError` for an unknown metric or a board no optimal search takes in that metric."""

    def __init__(
        self,
        board: Board,
        goal: Board | None = None,
        metric: str = "stm",
        registry: Registry | None = None,
        heuristic: str = "auto",
    ) -> None:
        self.board = board
        self.goal = goal if goal is not None else goal_board(board.rows, board.cols)
        self.metric = metric_name(metric)
        self.registry = registry if registry is not None else default_registry()
        self.heuristic = heuristic
        self.plan = plan(board, self.goal, "idastar", heuristic, self.registry, metric=self.metric)
        self.length: int | None = None
        """The optimal length, once the optimal search has found it."""
        self._paths: OptimalPaths[Any] | None = None

    def space(self) -> Space[Any]:
        """The search space of :attr:`metric` with its estimate (a small board's line-move table is built now)."""
        if self.metric == "stm":
            estimate = heuristic_entry(self.registry, self.board, self.goal, self.heuristic).build(self.goal)
            if isinstance(estimate, PdbHeuristic) and estimate.tables is not None:  # the database's own lookups
                return PdbSpace(estimate.tables, self.board, self.goal)
            return TileSpace(self.board, self.goal, estimate)
        database = mtm_database(self.board, self.goal, self.registry.mtm)
        assert database is not None  # plan() refused a board without one
        return LineSpace(database, self.board, self.goal)

    def count(
        self, limit: Limit = Limit(), report_every: float = DEFAULT_REPORT_EVERY
    ) -> Generator[Progress, None, SolutionCount]:
        """Find the optimal length, then count the solutions of that length: yields progress records (the optimal
        search's, then the count's, whose ``frontier`` is the states remembered) and returns the
        :class:`SolutionCount`. ``limit`` bounds both together (nodes, seconds) and caps the states remembered
        (``memory``: past it the count goes on, slower). A cancel (:func:`npuzzle.progress.stop`) returns what is
        known: during the count the length, during the optimal search nothing (``length`` and ``count`` ``None``)."""
        clock = Clock()
        try:
            found = yield from self.plan.start(limit)
        except SearchStopped as stopped:
            message = f"stopped by {_WHY.get(stopped.reason, stopped.reason)} before the optimal length was found"
            heuristic, seconds = self.plan.heuristic, clock.elapsed()
            return SolutionCount(self.metric, None, None, (), heuristic, 0, 0, seconds, stopped.reason, message)
        heuristic = found.heuristic
        length = self._optimal_length(found)
        if length is None:
            return SolutionCount(
                self.metric,
                None,
                None,
                (),
                heuristic,
                found.nodes_expanded,
                0,
                clock.elapsed(),
                found.stopped,
                found.message,
            )
        paths = self._prepared(length)
        rest = replace(
            limit,
            nodes=None if limit.nodes is None else max(1, limit.nodes - found.nodes_expanded),
            seconds=None if limit.seconds is None else max(0.001, limit.seconds - clock.elapsed()),
        )
        tally = yield from paths.count(rest, report_every)
        if tally.count == 0:
            raise SearchBug(f"the optimal search found a solution of {length} moves and the count none")
        nodes = found.nodes_expanded + tally.nodes
        message = "" if tally.stopped is None else _stopped_message(tally.stopped, length, nodes, self.metric)
        return SolutionCount(
            self.metric,
            length,
            tally.count,
            tally.firsts,
            paths.space.name,
            nodes,
            tally.remembered,
            clock.elapsed(),
            tally.stopped,
            message,
        )

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Every optimal solution (the tiles slid), one at a time (see :mod:`npuzzle.optimal.all_paths` for the
        order); finds the optimal length first if :meth:`count` has not, and shares what it remembered."""
        length = self.length if self.length is not None else self._optimal_length(run(self.plan.start(Limit())))
        assert length is not None  # no limit, no stop: the optimal search ends with the optimum
        paths = self._prepared(length)
        yield from paths.paths()

    def _optimal_length(self, found: SearchResult) -> int | None:
        if found.moves is None or not found.optimal:
            return None
        length: int = found.extra["line_moves"] if self.metric == "mtm" else len(found.moves)
        self.length = length
        return length

    def _prepared(self, length: int) -> OptimalPaths[Any]:
        if self._paths is None:
            self._paths = OptimalPaths(self.space(), length)
        return self._paths


_WHY = {"cancelled": "a cancel request", "node-limit": "the node limit", "time-limit": "the time limit"}


def _stopped_message(reason: StopReason, length: int, nodes: int, metric: Metric) -> str:
    unit = "line moves" if metric == "mtm" else "moves"
    return (
        f"stopped by {_WHY.get(reason, reason)} after {nodes:,} nodes expanded: the optimal length is {length} "
        f"{unit}; the solutions were not all counted"
    )


class Request(TypedDict, total=False):
    """What :class:`AllSolutions` takes besides the board and the goal, for the short forms: ``metric``,
    ``registry`` and ``heuristic`` (their defaults are :class:`AllSolutions`')."""

    metric: str
    registry: Registry | None
    heuristic: str


def count_optimal_solutions(
    board: Board, goal: Board | None = None, *, limit: Limit = Limit(), **request: Unpack[Request]
) -> SolutionCount:
    """How many optimal solutions ``board`` has (``.count``) and their length (``.length``) in the ``metric``
    requested: see :class:`AllSolutions` (what it takes and raises) and :class:`SolutionCount`."""
    return run(AllSolutions(board, goal, **request).count(limit))


def optimal_solutions(board: Board, goal: Board | None = None, **request: Unpack[Request]) -> Iterator[tuple[int, ...]]:
    """Every optimal solution of ``board`` in the ``metric`` requested, lazily, as the tiles slid: a generator (take a
    few with :func:`itertools.islice`); the request is checked at once, as :class:`AllSolutions` does."""
    return AllSolutions(board, goal, **request).solutions()
