"""What the numpy and numba beams share (:mod:`~npuzzle.nearoptimal.beam_numpy`,
:mod:`~npuzzle.nearoptimal.beam_numba`): the Zobrist keys of their hashes, the replay of the Python beam's
checkpoints once a depth is made, and the cut of a depth to its best children.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import numpy.typing as npt

from ..progress import Progress
from .budget import Budget

HASH_SEED = 1
"""The seed of the Zobrist keys. Any seed gives the same answers: every hash match is confirmed byte for byte."""


def zobrist_keys(n: int) -> npt.NDArray[np.uint64]:
    """The random key of each (cell, tile) of an ``n``-cell board; a state's hash is its keys' exclusive or."""
    return np.random.default_rng(HASH_SEED).integers(0, 2**64 - 1, (n, n), np.uint64, endpoint=True)


def replay_checkpoints(
    budget: Budget, soft: bool, pending: int, quota: int, done: int, parent_of_live: npt.NDArray[np.integer] | None
) -> Generator[Progress, None, tuple[bool, int, int]]:
    """The Python beam's checkpoints in a depth, at the same counts, once the depth is made: ``pending`` parents
    expanded since the last one and ``quota`` to the next when the depth began, ``done`` parents expanded whole in
    it, ``parent_of_live`` the parent of each child kept from repeats, in order (each checkpoint notes how many
    there were so far as the frontier; ``None``: not noted, as in peeling's line beam). Returns whether to stop, and
    the ``pending`` and ``quota`` after the depth."""
    done_so_far = 0
    while pending + done - done_so_far >= quota:
        done_so_far += quota - pending
        budget.expanded += quota
        pending = 0
        if parent_of_live is not None:
            last = parent_of_live.dtype.type(done_so_far - 1)  # of the array's type: a Python int copies the array
            budget.note_frontier(int(np.searchsorted(parent_of_live, last, side="right")))
        if (yield from budget.checkpoint(soft=soft)):
            return True, pending, quota
        quota = budget.every()
    return False, pending + done - done_so_far, quota


def best_first(estimate: npt.NDArray[np.integer], width: int) -> npt.NDArray[np.intp]:
    """The numbers of the ``width`` children with the lowest ``estimate``, ties in their order (the Python beam's
    buckets). A radix sort: an estimate fits in 16 bits (lines of at most 15 cells: at most about 4,300)."""
    return np.argsort(estimate.astype(np.int16), kind="stable")[:width]
