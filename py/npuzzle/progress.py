"""What every search shares: its limits, its progress records and its result.

A search is a generator (:data:`Search`): it yields a :class:`Progress` record about every 20 ms of wall clock
(its ``report_every``; the clock is read every few hundred to few thousand expansions) and finally *returns* a
:class:`SearchResult` (``StopIteration.value``). The same stream feeds the CLI's progress line, the page's worker
(which runs the generator in time slices) and the tests. :func:`run` drives a search to its end.

**Stopping from outside** (the CLI's Ctrl-C, ``api.Session.cancel``, tests) is one mechanism, :func:`stop`: it
throws :class:`SearchStopped` into the generator at the ``yield`` where it waits. A search that holds a verified
answer already (the near-optimal solver while it shortens one) catches it and *returns* that answer, with
``stopped`` set to the reason; a search that has nothing to give (A*, IDA* before the goal) lets it propagate,
and :func:`stop` then builds the result from the last progress record through the caller's ``fallback`` (e.g.
:meth:`npuzzle.solving.solve.Plan.stopped`). A search must not yield again after catching it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import asdict, dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Literal, TypeVar

StopReason = Literal["cancelled", "node-limit", "time-limit", "memory-limit"]

STOP_WORDS = MappingProxyType(
    {
        "cancelled": "cancelled",
        "node-limit": "node limit reached",
        "time-limit": "time limit reached",
        "memory-limit": "memory limit reached",
    }
)
"""Each :data:`StopReason` in words, for the messages and summaries people read (JSON keeps the reason itself)."""


def best_so_far(reason: StopReason, message: str) -> str:
    """The message of an answer a stop cut short, kept as the best so far: ``"stopped early (time limit reached):
    best so far; "`` and ``message``."""
    return f"stopped early ({STOP_WORDS[reason]}): best so far; {message}"


@dataclass(frozen=True, slots=True)
class Limit:
    """Bounds on a search: ``nodes`` expanded, wall-clock ``seconds``, and states held in memory (``memory``).

    ``None`` means unbounded. A search that reaches a bound stops with a :class:`SearchResult` whose ``stopped``
    names the bound, never with an exception.
    """

    nodes: int | None = None
    seconds: float | None = None
    memory: int | None = 3_000_000


ALGORITHM_TITLES: dict[str, str] = {"astar": "A*", "idastar": "IDA*", "near-optimal": "near-optimal"}
"""Every algorithm a search reports (``Progress.algorithm``, ``SearchResult.algorithm``), by name, with how text
writes it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Progress:
    """A snapshot of a running search.

    ``frontier`` is the open-list size (A*) or the stack depth (IDA*); ``bound`` is the current f-bound (IDA*) or
    the f of the node last expanded (A*); ``elapsed`` is in seconds.
    """

    algorithm: str
    heuristic: str
    nodes_expanded: int
    nodes_generated: int
    frontier: int
    bound: int | None
    iteration: int
    elapsed: float
    max_frontier: int = 0
    """The largest open list (A*) or stack (IDA*) so far; 0 when the search does not track it."""
    per_iteration: tuple[tuple[int, int], ...] = ()
    """IDA*'s finished iterations: ``(bound, nodes expanded in that iteration)`` each, in order (the running one is
    ``nodes_expanded`` minus their sum); empty for other searches. The result's ``extra["per_iteration"]`` holds them
    all, the last one included."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict with the same field names."""
        return asdict(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchResult:
    """How a search ended.

    ``moves`` lists the tiles slid, in order (``None`` when no solution was found); ``optimal`` is True only when
    the search proves the length optimal; ``lower_bound`` is the best admissible bound on the optimal length that
    the search established; ``stopped`` names the limit that ended an unfinished search.
    """

    moves: tuple[int, ...] | None
    optimal: bool
    algorithm: str
    heuristic: str
    nodes_expanded: int
    nodes_generated: int
    max_frontier: int
    iterations: int
    seconds: float
    lower_bound: int
    stopped: StopReason | None = None
    message: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def length(self) -> int | None:
        """The solution length in moves, or ``None`` when unsolved."""
        return None if self.moves is None else len(self.moves)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict: the fields plus ``length``; ``moves`` as a list."""
        out = asdict(self)
        out["moves"] = None if self.moves is None else list(self.moves)
        out["length"] = self.length
        return out


def preparing(algorithm: str, heuristic: str, elapsed: float) -> Progress:
    """The progress record of a search that has counted nothing yet (still building its heuristic's tables, or not
    started): no node expanded, no bound."""
    return Progress(
        algorithm=algorithm,
        heuristic=heuristic,
        nodes_expanded=0,
        nodes_generated=0,
        frontier=0,
        bound=None,
        iteration=0,
        elapsed=elapsed,
    )


def result_at(
    last: Progress,
    stopped: StopReason | None,
    message: str,
    lower_bound: int,
    extra: dict[str, Any] | None = None,
    *,
    moves: tuple[int, ...] | None = None,
    optimal: bool = False,
) -> SearchResult:
    """The result of a search that ended at its progress record ``last`` (:func:`preparing`'s when it counted
    nothing yet): that record's counts and time (its largest frontier: the larger of ``max_frontier`` and
    ``frontier``), the answer ``moves`` (``None``: none) and whether it is proven ``optimal``, the proven
    ``lower_bound``, what ``stopped`` it (``None``: it finished) and the ``message`` saying so."""
    return SearchResult(
        moves=moves,
        optimal=optimal,
        algorithm=last.algorithm,
        heuristic=last.heuristic,
        nodes_expanded=last.nodes_expanded,
        nodes_generated=last.nodes_generated,
        max_frontier=max(last.max_frontier, last.frontier),
        iterations=last.iteration,
        seconds=last.elapsed,
        lower_bound=lower_bound,
        stopped=stopped,
        message=message,
        extra={} if extra is None else extra,
    )


def ratio_bound(result: SearchResult) -> float | None:
    """How many times the optimal length ``result``'s solution is at most: its length over its lower bound, rounded
    to 4 places; 1.0 for a proven optimal or an empty solution; ``None`` without a solution, and for a non-empty
    one over a lower bound of 0, which proves no finite ratio; in the multi-tile metric (``extra["metric"]``) the
    length counts line moves, as the bound does. The one rule for every ``ratio_bound`` the package
    reports (the api's and ``solve --json``'s field, ``extra["ratio_bound"]`` of the near-optimal answers)."""
    if result.moves is None:
        return None
    if result.optimal or not result.moves:
        return 1.0
    if result.lower_bound <= 0:
        return None
    length = metric_length(result)
    return None if length is None else round(length / result.lower_bound, 4)


def metric_length(result: SearchResult) -> int | None:
    """The length of ``result``'s solution in the metric it was searched in (line moves for a multi-tile-metric
    result, ``extra["metric"] == "mtm"``; else single-tile moves), as its lower bound counts; ``None`` without a
    solution."""
    if result.moves is None:
        return None
    lines = result.extra.get("line_moves") if result.extra.get("metric") == "mtm" else None
    return lines if isinstance(lines, int) else len(result.moves)


Search = Generator[Progress, None, SearchResult]
"""A running search: yields progress, returns the result (see the module text for stopping one)."""


_R = TypeVar("_R")
_Y = TypeVar("_Y")
_Z = TypeVar("_Z")


class SearchStopped(Exception):
    """Thrown into a running search by :func:`stop` to end it early; ``reason`` says why (``"cancelled"``).

    Not an input error: it never reaches the user. A search that catches it returns its best answer so far.
    """

    def __init__(self, reason: StopReason = "cancelled") -> None:
        super().__init__(reason)
        self.reason: StopReason = reason


def stop(
    search: Generator[_Y, None, _R],
    fallback: Callable[[_Y | None], _R],
    last: _Y | None = None,
    reason: StopReason = "cancelled",
) -> _R:
    """End ``search`` now and return its result: the best answer it holds (with ``stopped=reason``) when it
    catches :class:`SearchStopped`, else ``fallback(last)`` built from its last progress record ``last``.

    Safe on a search that has not started or has already ended (``fallback`` then gives the result).
    """
    try:
        search.throw(SearchStopped(reason))
    except StopIteration as done:
        result: _R = done.value
        return result
    except SearchStopped:
        return fallback(last)
    search.close()  # it yielded again, against the contract: end it anyway
    return fallback(last)


def run(search: Generator[_Y, None, _R], on_progress: Callable[[_Y], None] | None = None) -> _R:
    """Drive ``search`` to its end, passing each progress record to ``on_progress``; return its result.

    Works for any generator of progress records: a :data:`Search` gives a :class:`SearchResult`, a comparison
    (:func:`npuzzle.solving.solve.compare`) a list of them, a table load (:func:`npuzzle.pdb.tables.load_tables_steps`,
    whose records are fractions done) the loaded tables.
    """
    driven = search if on_progress is None else mapped(search, on_progress)
    while True:
        try:
            next(driven)
        except StopIteration as stop:
            result: _R = stop.value
            return result


@dataclass(frozen=True, slots=True)
class Ended(Generic[_R]):
    """What a generator driven by :meth:`TimeSlice.run` returned when it ended within the slice."""

    value: _R


class TimeSlice:
    """About ``seconds`` of work from now: a long operation's slice in the page's worker (the api's sessions and its
    table load), which :meth:`run` spends on a generator of progress records."""

    __slots__ = ("deadline",)

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + max(0.0, float(seconds))
        """When the slice ends (``time.perf_counter``)."""

    def run(self, records: Generator[_Y, None, _R], pause: Callable[[], bool] | None = None) -> _Y | Ended[_R]:
        """Drive ``records`` (at least one step) until the slice is over, or ``pause()`` says to stop early, after a
        record: that record; or :class:`Ended` with what ``records`` returns if it ends first."""
        while True:
            try:
                record = next(records)
            except StopIteration as stop:
                result: _R = stop.value
                return Ended(result)
            if time.perf_counter() >= self.deadline or (pause is not None and pause()):
                return record


def mapped(records: Generator[_Y, None, _R], change: Callable[[_Y], _Z]) -> Generator[_Z, None, _R]:
    """``records`` with each record passed through ``change`` on its way; returns what ``records`` returns (which
    a ``for`` loop would drop): ``tables = yield from mapped(steps, lambda done: 0.8 * done)``."""
    while True:
        try:
            record = next(records)
        except StopIteration as stop:
            result: _R = stop.value
            return result
        yield change(record)


class Clock:
    """Elapsed wall-clock seconds since creation (``time.perf_counter``)."""

    __slots__ = ("start",)

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def elapsed(self) -> float:
        """Seconds since the clock was made."""
        return time.perf_counter() - self.start
