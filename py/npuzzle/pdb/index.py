"""What turns the search's packed pattern placements into table positions: :class:`IndexTables`, built once per
database and shared by every search on it (:class:`~npuzzle.pdb.tables.PdbTables`)."""

from __future__ import annotations

from array import array
from collections.abc import Generator
from dataclasses import dataclass
from itertools import permutations
from math import perm

from ..progress import run
from .database import PatternDatabase

STEP_MASK = (1 << 14) - 1
""":meth:`IndexTables.steps` yields once every 16,384 lead placements (a few milliseconds of work)."""


@dataclass(frozen=True, slots=True)
class IndexTables:
    """What turns a search's per-pattern lead/tail numbers into table positions (see the module text).

    A pattern ``g`` whose tiles sit on cells ``c_i`` is tracked as ``x = tail << shift | g << lead_bits | lead``
    with ``lead = Σ_{i<L} c_i·16**i`` and ``tail = c_L + 16·c_{L+1}``. Its excess is
    ``data[base[x & mask] + tail_rank[occupied[x & mask] + (x >> shift)]]``: ``base`` holds the table offset plus
    the lead's rank times the tail count, ``occupied`` a number for the lead's cell set times 256, and
    ``tail_rank`` the tail's compact rank given that set.
    """

    lead_bits: int
    shift: int
    mask: int
    base: array[int] | memoryview
    occupied: array[int] | memoryview
    tail_rank: bytes | memoryview

    @classmethod
    def of(cls, database: PatternDatabase) -> IndexTables:
        """The tables for ``database``'s board and partition."""
        return run(cls.steps(database))

    @classmethod
    def steps(cls, database: PatternDatabase) -> Generator[float, None, IndexTables]:
        """:meth:`of` in steps: yields the fraction done every few thousand lead placements; returns the tables."""
        n = database.rows * database.cols
        lead_max = max(len(p) for p in database.partition) - 2
        lead_bits = 4 * lead_max
        group_bits = max(1, (len(database.partition) - 1).bit_length())
        shift = lead_bits + group_bits
        slots = len(database.partition) << lead_bits  # no slot for the search's dummy pattern (never looked up)
        base = array("I", [0]) * slots  # made at its size: no zeroed bytes of that size copied in
        occupied = array("I", [0]) * slots
        combos: dict[int, int] = {}
        leads: dict[int, tuple[array[int], array[int]]] = {}  # lead size → (lead numbers, combo << 8) by rank
        lead_sizes = [len(p) - 2 for p in database.partition]
        work = max(1, sum(perm(n, k) for k in set(lead_sizes)) + sum(perm(n, k) for k in lead_sizes))
        done = 0
        for g, (offset, pattern) in enumerate(zip(database.offsets, database.partition)):
            lead = len(pattern) - 2
            if lead not in leads:
                numbers, combo_of = array("I"), array("I")
                for cells in permutations(range(n), lead):
                    if not len(numbers) & STEP_MASK:
                        yield (done + len(numbers)) / work
                    x = mask = 0
                    for i, c in enumerate(cells):
                        x |= c << (4 * i)
                        mask |= 1 << c
                    combo = combos.get(mask)
                    if combo is None:
                        combo = combos[mask] = len(combos)
                    numbers.append(x)
                    combo_of.append(combo << 8)
                leads[lead] = numbers, combo_of
                done += len(numbers)
            numbers, combo_of = leads[lead]
            pairs = (n - lead) * (n - lead - 1)
            top = g << lead_bits
            for rank, (x, combo) in enumerate(zip(numbers, combo_of)):
                base[top | x] = offset + rank * pairs
                occupied[top | x] = combo
                if not rank & STEP_MASK:
                    yield (done + rank) / work
            done += len(numbers)
        tail_rank = bytearray(len(combos) << 8)
        for mask, combo in combos.items():
            if not combo & 255:
                yield 1.0
            free = [c for c in range(n) if not mask >> c & 1]
            width = len(free) - 1
            for fa, a in enumerate(free):
                for fb, b in enumerate(c for c in free if c != a):
                    tail_rank[(combo << 8) | a | (b << 4)] = fa * width + fb
        return cls(lead_bits, shift, (1 << shift) - 1, base, occupied, bytes(tail_rank))
