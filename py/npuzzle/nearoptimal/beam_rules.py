"""What the implementations of the beam search share: how long kept states are remembered, and the paced width.

The beam (:func:`npuzzle.nearoptimal.beam.beam_search`) runs in pure Python, or, for a wide beam, compiled by numba
(:mod:`npuzzle.nearoptimal.beam_numba`) or a whole depth at a time in numpy (:mod:`npuzzle.nearoptimal.beam_numpy`)
when installed; all follow these rules, so all keep the same states and give the same path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, SupportsIndex

RECENT = 16
"""Kept states are remembered for at least this many depths: a state is refused when it was kept in the last
``RECENT`` to ``2 × RECENT`` depths (a sliding puzzle's shortest cycle is 12 moves; an older repeat only costs a
place in the beam)."""

PACE_SAFETY = 1.3
"""Pacing assumes the remaining depths are this many times the straight-line estimate (the end is slower)."""


def paced_width(width: int, min_width: int, h_first: int, h_best: int, depth: int, left: int) -> int:
    """The width that should let a beam finish within ``left`` more expansions, judged from how fast its best
    estimate fell from ``h_first`` to ``h_best`` over ``depth`` depths; between ``min_width`` and ``width``."""
    if left <= 0:
        return min_width
    fall = max(h_first - h_best, 1) / depth  # estimate drop per depth so far
    to_go = PACE_SAFETY * h_best / fall + 1
    return max(min_width, min(width, int(left / to_go)))


class Numbers(Protocol):
    """A depth's numbers, one per kept state: an ``array``, ``bytes`` or numpy array."""

    def __getitem__(self, index: int, /) -> SupportsIndex: ...


def read_back(parents: Sequence[Numbers], blanks: Sequence[Numbers], last: int) -> list[int]:
    """The blank's cell after each move of the path that ends at state ``last`` of the deepest depth, read back
    through each depth's parent numbers (``parents[depth][state]``) and blank cells (``blanks[depth][state]``)."""
    path: list[int] = []
    number = last
    for depth in range(len(parents) - 1, -1, -1):
        path.append(int(blanks[depth][number]))
        number = int(parents[depth][number])
    path.reverse()
    return path
