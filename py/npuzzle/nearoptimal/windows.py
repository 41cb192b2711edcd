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
    windows: Sequence[int] = WINDOWS,
    shortest: int = 0,
) -> Generator[Progress, None, list[int]]:
    """``path`` (the blank's cells from ``start``, tile per cell) with windows replaced by shorter beam paths.

    One round sweeps each window length of ``windows`` in turn with beams of ``width``; with a soft work budget,
    rounds with beams :data:`WIDEN` times wider follow until it is spent (stopping there, keeping every
    improvement), so more work buys more shortcuts. Without one, a single round. Either way it stops once the path
    is ``shortest`` moves long (a proven lower bound: no shorter path exists)."""
    best = list(path)
    yield from keeping_improvements(_rounds(rows, cols, start, best, width, budget, windows, shortest), budget)
    return best


def _rounds(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    width: int,
    budget: Budget,
    windows: Sequence[int],
    shortest: int,
) -> Generator[Progress, None, None]:
    """The rounds of :func:`beam_windows`, improving ``best`` in place: the first with one beam a window (while the
    budget is scarce, every window gets its try), the wider ones after it with one each way, until ``best`` is
    ``shortest`` moves long."""
    ways = 1
    while len(best) > shortest:
        before = budget.expanded
        yield from _sweeps(rows, cols, start, best, width, budget, windows, ways, shortest)
        if budget.soft_nodes is None or budget.soft_stop() or budget.expanded == before:
            return
        width *= WIDEN
        ways = 2


def _sweeps(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    width: int,
    budget: Budget,
    windows: Sequence[int],
    ways: int,
    shortest: int,
) -> Generator[Progress, None, None]:
    """The sweeps of :func:`beam_windows`, improving ``best`` in place (a valid path at every ``yield``), with
    ``ways`` beams a window (:func:`_shortcut`), until ``best`` is ``shortest`` moves long."""
    for window in windows:
        cells = list(start)
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
            found = yield from _shortcut(rows, cols, tuple(cells), tuple(target), width, budget, j - i - 1, ways)
            if found is not None:
                best[i:j] = found
            if last:
                break
            blank = walk(cells, blank, best[i : i + window // 2], [])
            i += window // 2


def _shortcut(
    rows: int,
    cols: int,
    start: tuple[int, ...],
    target: tuple[int, ...],
    width: int,
    budget: Budget,
    most: int,
    ways: int,
) -> Generator[Progress, None, list[int] | None]:
    """A path of at most ``most`` moves from ``start`` to ``target``, found by a beam of ``width`` (with ``ways`` 2, the
    shorter of two, one each way, side by side when they can be), each ending once it has spent its part of what is
    left of the soft budget (at least one expansion); ``None`` when none found one."""
    left = budget.soft_left()
    share = None if left is None else left // ways
    ends = [(start, target), (target, start)][:ways]
    jobs = [BeamJob(rows, cols, first, last, width, None, 1, most, share) for first, last in ends]
    return (yield from shorter_way(jobs, budget))
