"""Shared bookkeeping for a multi-phase search: counters, the hard :class:`~npuzzle.progress.Limit`, a soft work budget.

The near-optimal solver (:mod:`npuzzle.nearoptimal.solver`) runs several sub-searches in turn (peeling, beam search,
path shortening); each one is a generator that yields the records this object makes and asks it whether to stop.
The *hard* limit (nodes, seconds, memory) ends the whole search; the *soft* budget, counted in states expanded (not
in seconds, so that it ends at the same point on any machine and under any load), paces the phases and ends the
optional ones that improve a solution already found.
"""

from __future__ import annotations

from collections.abc import Generator

from ..progress import Clock, Limit, Progress, StopReason

PROGRESS_EVERY = 2000
"""Sub-searches yield a progress record about every this many expansions."""


class Budget:
    """Counters and limits shared by the phases of one search.

    ``soft_nodes`` (expansions by every phase together; ``None`` = no soft budget) bounds the improving phases;
    ``limit`` bounds everything.
    """

    __slots__ = (
        "algorithm",
        "bound",
        "clock",
        "expanded",
        "frontier",
        "generated",
        "heuristic",
        "iteration",
        "limit",
        "max_frontier",
        "requested",
        "soft_nodes",
        "stopped",
    )

    def __init__(self, limit: Limit, algorithm: str, heuristic: str, soft_nodes: int | None = None) -> None:
        self.algorithm = algorithm
        self.heuristic = heuristic
        self.limit = limit
        self.soft_nodes = soft_nodes
        self.clock = Clock()
        self.expanded = 0
        self.generated = 0
        self.frontier = 0
        self.max_frontier = 0
        self.bound: int | None = None
        self.iteration = 0
        self.stopped: StopReason | None = None
        self.requested = False
        """True when :attr:`stopped` came from outside (:meth:`request_stop`), not from the hard limit."""

    def elapsed(self) -> float:
        """Seconds since the search started."""
        return self.clock.elapsed()

    def hard_stop(self) -> bool:
        """True (and :attr:`stopped` set) once the node or time limit is reached; stays True afterwards."""
        if self.stopped is not None:
            return True
        limit = self.limit
        if limit.nodes is not None and self.expanded >= limit.nodes:
            self.stopped = "node-limit"
        elif limit.seconds is not None and self.clock.elapsed() >= limit.seconds:
            self.stopped = "time-limit"
        return self.stopped is not None

    def request_stop(self, reason: StopReason) -> None:
        """Record a stop asked for from outside (a caught :class:`~npuzzle.progress.SearchStopped`): every phase
        then ends at its next check, as at the hard limit."""
        self.stopped = reason
        self.requested = True

    def every(self) -> int:
        """How many expansions a sub-search may do before its next progress record and limit check:
        :data:`PROGRESS_EVERY`, or fewer when the node limit or the soft budget is nearer (at least 1), so that a
        sub-search checking :meth:`soft_stop` at its checkpoints stops exactly at the soft budget."""
        quota = PROGRESS_EVERY
        for nodes in (self.limit.nodes, self.soft_nodes):
            if nodes is not None and nodes > self.expanded:
                quota = min(quota, nodes - self.expanded)
        if self.limit.nodes is not None and self.expanded >= self.limit.nodes:
            quota = 1
        return quota

    def checkpoint(self, uncounted: int = 0, soft: bool = False) -> Generator[Progress, None, bool]:
        """A sub-search's periodic check: add its ``uncounted`` expansions, yield a progress record, then return
        whether it should stop (:meth:`hard_stop`, or :meth:`soft_stop` with ``soft``). Use it as
        ``if (yield from budget.checkpoint(since)): return None``."""
        self.expanded += uncounted
        yield self.progress()
        return self.soft_stop() if soft else self.hard_stop()

    def soft_stop(self) -> bool:
        """True when the improving phases should end: the soft budget is spent or a hard limit was hit."""
        if self.hard_stop():
            return True
        return self.soft_nodes is not None and self.expanded >= self.soft_nodes

    def soft_left(self) -> int | None:
        """The expansions left of the soft budget (at least 0; ``None`` without one)."""
        return None if self.soft_nodes is None else max(0, self.soft_nodes - self.expanded)

    def lane(self, soft_nodes: int | None = None) -> Budget:
        """A budget for a sub-search that may run beside others (:mod:`~npuzzle.nearoptimal.both_ways`): its own
        counters from zero under what is left of the hard limit (the nodes not yet expanded, the seconds not yet
        spent), with a soft budget of its own, ``soft_nodes`` (``None``: none); :meth:`absorb` adds it back."""
        limit = self.limit
        nodes = None if limit.nodes is None else max(0, limit.nodes - self.expanded)
        seconds = None if limit.seconds is None else max(0.0, limit.seconds - self.elapsed())
        lane = Budget(
            Limit(nodes=nodes, seconds=seconds, memory=limit.memory), self.algorithm, self.heuristic, soft_nodes
        )
        lane.bound, lane.iteration = self.bound, self.iteration
        return lane

    def absorb(self, lane: Budget) -> None:
        """Add the counters of ``lane`` (made by :meth:`lane`) to these, and the hard limit it reached, if any."""
        self.expanded += lane.expanded
        self.generated += lane.generated
        self.bound = lane.bound
        self.note_frontier(lane.max_frontier)
        self.frontier = lane.frontier
        if self.stopped is None and lane.stopped is not None:
            self.stopped, self.requested = lane.stopped, lane.requested

    def note_frontier(self, size: int) -> None:
        """Record the current frontier size (and the largest seen)."""
        self.frontier = size
        if size > self.max_frontier:
            self.max_frontier = size

    def progress(self) -> Progress:
        """A snapshot of the counters."""
        return Progress(
            algorithm=self.algorithm,
            heuristic=self.heuristic,
            nodes_expanded=self.expanded,
            nodes_generated=self.generated,
            frontier=self.frontier,
            bound=self.bound,
            iteration=self.iteration,
            elapsed=self.clock.elapsed(),
        )
