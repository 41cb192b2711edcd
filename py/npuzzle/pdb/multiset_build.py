"""Building multiset databases (:mod:`npuzzle.pdb.multiset`) in pure Python: one breadth-first search over the
arrangements of the classes, by line moves, from the goal arrangement. O(arrangements · (rows + cols)): seconds for
the small relabellings the tests use; :mod:`npuzzle.pdb.multiset_numpy` computes the same bytes for the shipped one
(151 million arrangements)."""

from __future__ import annotations

from collections.abc import Sequence

from .multiset import UNREACHED, MultisetDatabase, MultisetIndex, line_paths, pack_residues
from .pure_builder import Tick

TICK_EVERY = 1 << 12
"""Arrangements expanded between two ticks."""


def _quiet(stage: str) -> None:
    """A tick that shows nothing and never stops."""


def build_multiset(rows: int, cols: int, partition: Sequence[Sequence[int]], tick: Tick = _quiet) -> MultisetDatabase:
    """The multiset database of ``partition`` (home labelling) by breadth-first search in pure Python; ``tick``
    is called every :data:`TICK_EVERY` arrangements with the depth and the share of its layer done."""
    index = MultisetIndex.of(rows, cols, partition)
    n = rows * cols
    half, base = index.half, index.base
    low_of, high_of = index.low, index.high
    weight = [base ** (c if c < half else c - half) for c in range(n)]
    paths = line_paths(rows, cols)
    residues = bytearray([UNREACHED]) * index.size
    low0, high0 = index.codes(index.labels)
    residues[low_of[low0] + high_of[high0]] = 0
    layer = [(low0, high0, 0)]
    depth = 0
    while layer:
        depth += 1
        fresh = []
        mark = depth % 3
        for done, (low, high, z) in enumerate(layer):
            if not done % TICK_EVERY:
                tick(f"depth {depth}, {100 * done // len(layer)}% of its layer")
            for path in paths[z]:
                lo, hi, at = low, high, z
                for p in path:  # the tile on p slides into the blank on at
                    code = hi if p >= half else lo
                    label = code // weight[p] % base
                    if p >= half:
                        hi -= label * weight[p]
                    else:
                        lo -= label * weight[p]
                    if at >= half:
                        hi += label * weight[at]
                    else:
                        lo += label * weight[at]
                    at = p
                    i = low_of[lo] + high_of[hi]
                    if residues[i] == UNREACHED:
                        residues[i] = mark
                        fresh.append((lo, hi, at))
        layer = fresh
    return MultisetDatabase(rows, cols, tuple(tuple(g) for g in partition), pack_residues(residues), index)
