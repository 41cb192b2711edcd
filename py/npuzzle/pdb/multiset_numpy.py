"""Vectorised (numpy) breadth-first search that builds a multiset database (:mod:`npuzzle.pdb.multiset`).

Build-time only, imported by :mod:`npuzzle.pdb.build` when numpy is installed. :func:`build_residues` returns exactly
the bytes of the pure-Python :func:`npuzzle.pdb.multiset_build.build_multiset` (the tests check that on small
relabellings). A frontier state is its whole code, ``low + high · B^h`` (``B^16 < 2⁶³``); a batch of states is
turned into its digits, each line move of the blank's cell computed for every state with the blank there, the
children indexed by the :class:`~npuzzle.pdb.multiset.MultisetIndex` and kept once each when not reached before.
For the shipped relabelling: 151 M arrangements, a byte of depth each while searching.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from .multiset import UNREACHED, MultisetIndex, line_paths

I64 = npt.NDArray[np.int64]

CHUNK = 1 << 20
"""Frontier states expanded per numpy batch."""


def _quiet(stage: str) -> None:
    """A tick that shows nothing and never stops."""


def build_residues(
    rows: int, cols: int, partition: Sequence[Sequence[int]], tick: Callable[[str], None] = _quiet
) -> tuple[MultisetIndex, bytes]:
    """The index of ``partition`` and its table as the file stores it (2-bit residues, four a byte). ``tick`` is
    called once per :data:`CHUNK` states expanded with the depth and the share of its layer done."""
    index = MultisetIndex.of(rows, cols, partition)
    n = rows * cols
    half, base = index.half, index.base
    low = np.array(index.low, np.int64)
    high = np.array(index.high, np.int64)
    split = base**half
    weight = np.array([base**c for c in range(n)], np.int64)
    paths = line_paths(rows, cols)
    depth = np.full(index.size, 255, np.uint8)

    def where(codes: I64) -> I64:
        at: I64 = low[codes % split] + high[codes // split]
        return at

    start = sum(label * base**c for c, label in enumerate(index.labels))
    depth[where(np.array([start], np.int64))] = 0
    frontier: I64 = np.array([start], np.int64)
    level = 0
    while frontier.size:
        level += 1
        found = []
        for at in range(0, frontier.size, CHUNK):
            tick(f"depth {level}, {100 * at // frontier.size}% of its layer ({frontier.size:,} states)")
            part = frontier[at : at + CHUNK]
            digits = (part[:, None] // weight[None, :]) % base
            blank = np.argmin(digits, axis=1)  # the only 0 digit
            for z in range(n):
                mine = blank == z
                if not mine.any():
                    continue
                codes, cells = part[mine], digits[mine]
                for path in paths[z]:
                    child = codes.copy()
                    before = z
                    for p in path:  # the tile on p slides into the blank on before
                        child += cells[:, p] * (weight[before] - weight[p])
                        before = p
                        ix = where(child)
                        new = depth[ix] == 255
                        if not new.any():
                            continue
                        unique, first = np.unique(ix[new], return_index=True)
                        depth[unique] = level
                        found.append(child[new][first])
        frontier = np.concatenate(found) if found else np.zeros(0, np.int64)
    residues = np.where(depth == 255, UNREACHED, depth % 3).astype(np.uint8)
    residues = np.concatenate([residues, np.zeros(-residues.size % 4, np.uint8)]).reshape(-1, 4)
    packed = residues[:, 0] | (residues[:, 1] << 2) | (residues[:, 2] << 4) | (residues[:, 3] << 6)
    return index, packed.astype(np.uint8).tobytes()
