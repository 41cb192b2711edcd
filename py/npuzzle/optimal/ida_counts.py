"""The bookkeeping of an IDA* whose iteration is written out for speed, one piece for the three that are: the
pattern-database search (:class:`~npuzzle.pdb.search_run.SearchRun`), the multiset one
(:class:`~npuzzle.pdb.mtm_search.MtmRun`) and the walking-distance one (:mod:`npuzzle.optimal.walking_search`).

Their hot loops keep the counters in local variables and hand them over only at a checkpoint
(:meth:`IdaCounts.checkpoint_reached`), at a solution and at an iteration's end (:meth:`IdaCounts.count`); the
progress records and the finished iterations are kept here, and :func:`~npuzzle.optimal.checkpoint.ida_result` makes the
result from them.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..progress import Limit, Progress, StopReason, preparing
from .checkpoint import Checkpoint

ALGORITHM = "idastar"
"""The algorithm's name in progress records and results."""


class IdaCounts:
    """One IDA* run's counters (``expanded``, ``generated``, ``iterations``, the deepest node seen ``max_depth``),
    its ``bound``, its finished iterations (``done``: bound and nodes each; ``before``: the nodes expanded before the
    running one), the estimate's ``name`` and the :class:`~npuzzle.optimal.checkpoint.Checkpoint` that checks the
    ``limit`` every ``every`` expansions (its clock started at ``start``, default now)."""

    def __init__(
        self, name: str, limit: Limit, report_every: float, every: int, bound: int, start: float | None = None
    ) -> None:
        self.name = name
        self.checkpoint = Checkpoint(limit, report_every, every, start=start)
        self.expanded = self.generated = self.iterations = self.max_depth = 0
        self.bound = bound
        self.done: list[tuple[int, int]] = []
        self.before = 0

    def count(self, expanded: int, generated: int, depth: int) -> None:
        """Take the hot loop's counters, ``depth`` moves deep."""
        self.expanded, self.generated = expanded, generated
        if depth > self.max_depth:
            self.max_depth = depth

    def checkpoint_reached(
        self, expanded: int, generated: int, depth: int
    ) -> Generator[Progress, None, StopReason | None]:
        """What the hot loop does every :attr:`~npuzzle.optimal.checkpoint.Checkpoint.every` expansions: take its
        counters, check the limits, and yield a progress record when one is due; the limit reached, else ``None`` (the
        next check at ``checkpoint.next_at``)."""
        self.count(expanded, generated, depth)
        reason = self.checkpoint.check(expanded)
        if reason is None and self.checkpoint.report_due():
            yield self.progress(depth)
        return reason

    def started(self) -> Progress:
        """The record before the first expansion: the first bound, no node yet."""
        return replace(preparing(ALGORITHM, self.name, self.checkpoint.now - self.checkpoint.start), bound=self.bound)

    def progress(self, depth: int) -> Progress:
        """The progress record at the last checkpoint, ``depth`` moves deep."""
        elapsed = self.checkpoint.now - self.checkpoint.start
        return Progress(
            algorithm=ALGORITHM,
            heuristic=self.name,
            nodes_expanded=self.expanded,
            nodes_generated=self.generated,
            frontier=depth,
            bound=self.bound,
            iteration=self.iterations,
            elapsed=elapsed,
            per_iteration=tuple(self.done),
        )

    def iteration_ended(self) -> None:
        """Record the finished iteration's bound and nodes."""
        self.done.append((self.bound, self.expanded - self.before))
        self.before = self.expanded

    def per_iteration(self) -> list[tuple[int, int]]:
        """Every iteration's bound and nodes, the running one last."""
        return [*self.done, (self.bound, self.expanded - self.before)]
