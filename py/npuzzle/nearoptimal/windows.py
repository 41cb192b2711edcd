"""Shortening by beam: windows of a solution re-solved by a beam search between their two end states.

For a solution ``s₀ → … → s_L`` and a window ``[i, j]``, a beam search (:func:`~npuzzle.nearoptimal.beam.beam_search`,
ranked by the distance and conflicts *towards* ``s_j``) looks for a path from ``s_i`` to ``s_j`` of fewer than
``j − i`` moves; one found replaces the window. The windows cover the whole path, across the lines that peeling
locked and the region the first beam solved, overlapping by half a window, for each window length of
:data:`WINDOWS` in turn, while the work budget lasts. A beam between two states a few dozen moves apart finds
shortcuts that the first beam, ranking states by their distance to the goal alone, passed by; every replacement
keeps a valid solution, so the sweep can stop at any moment (measured in ``docs/near-optimal.md``).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ..progress import Progress
from .beam import beam_search
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
) -> Generator[Progress, None, list[int]]:
    """``path`` (the blank's cells from ``start``, tile per cell) with windows replaced by shorter beam paths.

    One round sweeps each window length of ``windows`` in turn with beams of ``width``; with a soft work budget,
    rounds with beams :data:`WIDEN` times wider follow until it is spent (stopping there, keeping every
    improvement), so more work buys more shortcuts. Without one, a single round."""
    best = list(path)
    yield from keeping_improvements(_rounds(rows, cols, start, best, width, budget, windows), budget)
    return best


def _rounds(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    width: int,
    budget: Budget,
    windows: Sequence[int],
) -> Generator[Progress, None, None]:
    """The rounds of :func:`beam_windows`, improving ``best`` in place."""
    while True:
        before = budget.expanded
        yield from _sweeps(rows, cols, start, best, width, budget, windows)
        if budget.soft_nodes is None or budget.soft_stop() or budget.expanded == before:
            return
        width *= WIDEN


def _sweeps(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    width: int,
    budget: Budget,
    windows: Sequence[int],
) -> Generator[Progress, None, None]:
    """The sweeps of :func:`beam_windows`, improving ``best`` in place (a valid path at every ``yield``)."""
    for window in windows:
        cells = list(start)
        blank = cells.index(0)
        i = 0
        while i + 2 < len(best):
            if budget.soft_stop():
                return
            j = min(i + window, len(best))
            target = list(cells)
            walk(target, blank, best[i:j], [])
            budget.iteration += 1
            last = j == len(best)
            found = yield from beam_search(rows, cols, cells, target, width, budget, j - i - 1, soft=True)
            if found is not None:
                best[i:j] = found
            if last:
                break
            blank = walk(cells, blank, best[i : i + window // 2], [])
            i += window // 2
