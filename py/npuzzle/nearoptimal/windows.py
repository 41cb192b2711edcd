"""Shortening by beam: windows of a solution re-solved by beam searches between their two end states.

For a solution ``s₀ → … → s_L`` and a window ``[i, j]``, a beam search (:func:`~npuzzle.nearoptimal.beam.beam_search`,
ranked by the distance and conflicts *towards* ``s_j``) looks for a path from ``s_i`` to ``s_j`` of fewer than
``j − i`` moves; one found replaces the window. In the rounds after the first, a second beam looks from ``s_j`` back,
and the shorter path is kept; compiled by numba, the two run side by side (:mod:`npuzzle.nearoptimal.both_ways`).
The windows cover the whole path, across the lines that peeling locked and the region the first beam solved,
overlapping by half a window, for each window length of :data:`WINDOWS` in turn, while the work budget lasts. A
beam between two states a few dozen moves apart finds shortcuts that the first beam, ranking states by their
distance to the goal alone, passed by; every replacement keeps a valid solution, so the sweep can stop at any moment
(measured in ``docs/near-optimal.md``).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..progress import Progress
from .both_ways import BeamJob, shorter_way
from .budget import Budget
from .peel import walk
from .shorten import keeping_improvements

WINDOWS = (40, 60, 80)
"""The window lengths, in moves, of the sweeps (each sweep steps by half its window)."""

WIDEN = 2
"""Each round of sweeps after the first uses beams this many times wider than the round before."""


def beam_windows(
    rows: int,
    cols: int,
    start: Sequence[int],
    path: Sequence[int],
    width: int,
    budget: Budget,
    shortest: int = 0,
) -> Generator[Progress, None, list[int]]:
    """``path`` (the blank's cells from ``start``, tile per cell) with windows replaced by shorter beam paths.

    One round sweeps each window length of :data:`WINDOWS` in turn with beams of ``width``; with a soft work budget,
    rounds with beams :data:`WIDEN` times wider follow until it is spent (stopping there, keeping every
    improvement), so more work buys more shortcuts. Without one, a single round. Either way it stops once the path
    is ``shortest`` moves long (a proven lower bound: no shorter path exists)."""
    best = list(path)
    sweep = _Sweep(rows, cols, start, best, budget, shortest)
    yield from keeping_improvements(sweep.rounds(width), budget)
    return best


@dataclass(frozen=True, slots=True)
class _Sweep:
    """What :func:`beam_windows`'s rounds share: the board (``rows × cols``, ``start``), the path they improve in
    place (``best``, a valid path at every ``yield``), the budget, and the length at which they stop (``shortest``)."""

    rows: int
    cols: int
    start: Sequence[int]
    best: list[int]
    budget: Budget
    shortest: int

    def rounds(self, width: int) -> Generator[Progress, None, None]:
        """The rounds, from beams of ``width``: the first with one beam a window (while the budget is scarce, every
        window gets its try), the wider ones after it with one each way."""
        best, budget = self.best, self.budget
        ways = 1
        while len(best) > self.shortest:
            before = budget.expanded
            yield from self.sweeps(width, ways)
            if budget.soft_nodes is None or budget.soft_stop() or budget.expanded == before:
                return
            width *= WIDEN
            ways = 2

    def sweeps(self, width: int, ways: int) -> Generator[Progress, None, None]:
        """One round: a sweep for each window length, with ``ways`` beams of ``width`` a window
        (:meth:`shortcut`)."""
        best, budget, shortest = self.best, self.budget, self.shortest
        for window in WINDOWS:
            cells = list(self.start)
            blank = cells.index(0)
            i = 0
            while i + 2 < len(best) and len(best) > shortest:
                left = budget.soft_left()
                if budget.soft_stop() or (left is not None and left < ways):
                    return  # the budget is spent, or too little is left to share between the beams
                j = min(i + window, len(best))
                target = list(cells)
                walk(target, blank, best[i:j], [])
                budget.iteration += 1
                last = j == len(best)
                found = yield from self.shortcut(tuple(cells), tuple(target), width, j - i - 1, ways)
                if found is not None:
                    best[i:j] = found
                if last:
                    break
                blank = walk(cells, blank, best[i : i + window // 2], [])
                i += window // 2

    def shortcut(
        self, start: tuple[int, ...], target: tuple[int, ...], width: int, most: int, ways: int
    ) -> Generator[Progress, None, list[int] | None]:
        """A path of at most ``most`` moves from ``start`` to ``target``, found by a beam of ``width`` (with ``ways`` 2,
        the shorter of two, one each way, side by side when they can be), each ending once it has spent its part of
        what is left of the soft budget (at least one expansion); ``None`` when none found one."""
        left = self.budget.soft_left()
        share = None if left is None else left // ways
        ends = [(start, target), (target, start)][:ways]
        jobs = [BeamJob(self.rows, self.cols, first, last, width, None, 1, most, share) for first, last in ends]
        return (yield from shorter_way(jobs, self.budget))
