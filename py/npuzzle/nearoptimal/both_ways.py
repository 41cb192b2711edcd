"""Beams that do not depend on one another, each on its own lane of the budget: one after the other, or side by side
on two threads when every one of them runs compiled by numba (which lets go of Python's global lock while it works).

Each beam gets its own :meth:`~npuzzle.nearoptimal.budget.Budget.lane` (its counters from zero, under what is left
of the hard limit), and its width, pace and soft budget are fixed before any starts, so a beam keeps the same states
either way and the answers are the same; only the time differs. A node limit is shared out by order (a later beam
gets what an earlier one left), so with one the beams always run one after the other. What this runs: two beams
between the same two states, one each way, keeping the shorter path (:func:`shorter_way`) — the region's, from the
board and from the goal (:mod:`npuzzle.nearoptimal.solver`), and each window's (:mod:`npuzzle.nearoptimal.windows`).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace

from ..progress import Progress, mapped, run
from .beam import Pace, beam_search, reversed_path, runs_compiled
from .budget import Budget

WAIT_SECONDS = 0.05
"""How often the search reports progress, and can be stopped, while it waits for a beam on the other thread."""


@dataclass(frozen=True, slots=True)
class BeamJob:
    """One beam: from ``start`` to ``target`` (tile per cell, ``0`` = blank) on a ``rows`` × ``cols`` board, at most
    ``width`` wide and paced to end within ``share`` expansions of its own (``None``: unpaced), never narrower than
    ``min_width``, giving up past ``max_depth`` moves (as :func:`~npuzzle.nearoptimal.beam.beam_search`), and once it
    has expanded ``soft`` states (its soft budget; ``None``: none)."""

    rows: int
    cols: int
    start: Sequence[int]
    target: Sequence[int]
    width: int
    share: int | None
    min_width: int
    max_depth: int
    soft: int | None = None

    def search(self, lane: Budget) -> Generator[Progress, None, list[int] | None]:
        """The beam, counted on ``lane`` (a fresh lane with this job's soft budget: its pace and soft budget are
        counted from zero)."""
        pace = Pace(self.share, self.min_width, self.soft is not None)
        return beam_search(self.rows, self.cols, self.start, self.target, self.width, lane, self.max_depth, pace)


def side_by_side(jobs: Sequence[BeamJob], budget: Budget) -> bool:
    """Whether :func:`run_beams` runs ``jobs`` on two threads: two of them, both compiled by numba, no node limit,
    and threads to run them on (not in the browser's Pyodide)."""
    return (
        len(jobs) == 2
        and budget.limit.nodes is None
        and sys.platform != "emscripten"
        and all(runs_compiled(job.rows, job.cols, job.width) for job in jobs)
    )


def shorter_way(jobs: Sequence[BeamJob], budget: Budget) -> Generator[Progress, None, list[int] | None]:
    """The shortest path of ``jobs`` between two states (run by :func:`run_beams`): ``jobs[0]`` from its start to its
    target, any after it the other way (their paths reversed); the earlier job's path on a tie, ``None`` when none
    found one."""
    best: list[int] | None = None
    for number, found in enumerate((yield from run_beams(jobs, budget))):
        if found is not None and number:
            found = reversed_path(jobs[number].start, found)
        if found is not None and (best is None or len(found) < len(best)):
            best = found
    return best


def run_beams(jobs: Sequence[BeamJob], budget: Budget) -> Generator[Progress, None, list[list[int] | None]]:
    """Each job's path (``None`` where its beam found none), every beam's work added to ``budget``. A hard limit
    reached by one beam ends the ones after it; a stop thrown in (:class:`~npuzzle.progress.SearchStopped`) stops
    every beam before it is passed on (the beam on the other thread recorded as cancelled)."""
    found: list[list[int] | None] = [None] * len(jobs)
    if not side_by_side(jobs, budget):
        for number, job in enumerate(jobs):
            lane = budget.lane(job.soft)
            try:
                found[number] = yield from _reported(job.search(lane), budget, [lane])
            finally:
                budget.absorb(lane)
            if budget.hard_stop():
                break
        return found
    lanes = [budget.lane(job.soft) for job in jobs]
    other = _Background(jobs[1], lanes[1])
    try:
        found[0] = yield from _reported(jobs[0].search(lanes[0]), budget, lanes)
        while other.running(WAIT_SECONDS):
            yield _counted(lanes[1].progress(), budget, lanes)
        found[1] = other.result()
    finally:  # a stop thrown in, or any error, stops the other beam too
        other.stop()
        for lane in lanes:
            budget.absorb(lane)
    return found


class _Background:
    """A beam run to its end on a thread of its own (a daemon, so that it never keeps the process alive)."""

    def __init__(self, job: BeamJob, lane: Budget) -> None:
        self.lane = lane
        self.path: list[int] | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(job,), name="npuzzle-beam", daemon=True)
        self.thread.start()

    def _run(self, job: BeamJob) -> None:
        try:
            self.path = run(job.search(self.lane))
        except BaseException as error:  # handed to the search's own thread by result()
            self.error = error

    def running(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the beam; whether it is still running."""
        self.thread.join(seconds)
        return self.thread.is_alive()

    def result(self) -> list[int] | None:
        """The beam's path; raises what the beam raised."""
        if self.error is not None:
            raise self.error
        return self.path

    def stop(self) -> None:
        """Stop the beam at its next check (if it is still running) and wait for it."""
        if self.thread.is_alive():
            if self.lane.stopped is None:
                self.lane.request_stop("cancelled")
            self.thread.join()


def _reported(
    search: Generator[Progress, None, list[int] | None], budget: Budget, lanes: Sequence[Budget]
) -> Generator[Progress, None, list[int] | None]:
    """``search`` (on one of ``lanes``) with each progress record counting the work of ``budget`` and every lane."""
    return mapped(search, lambda record: _counted(record, budget, lanes))


def _counted(record: Progress, budget: Budget, lanes: Sequence[Budget]) -> Progress:
    """``record`` with the expansions and states generated so far by ``budget`` and all of ``lanes``."""
    return replace(
        record,
        nodes_expanded=budget.expanded + sum(lane.expanded for lane in lanes),
        nodes_generated=budget.generated + sum(lane.generated for lane in lanes),
        elapsed=budget.elapsed(),
    )
