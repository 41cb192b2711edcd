"""The line-move IDA* iteration of :mod:`npuzzle.pdb.mtm_search` compiled to machine code by numba: the same nodes
in the same order (each node's children within the bound listed, then taken from the last), about fifteen times as
many a second.

:class:`CompiledIteration` is one iteration's state in arrays, so that the iteration runs in slices: each call of
:meth:`CompiledIteration.run` expands at most a given number of nodes and returns, and the next call goes on where it
stopped (progress, limits, Cancel and Ctrl-C act between slices). The learned bounds
(:class:`~npuzzle.pdb.mtm_search.LearnedBounds`) are kept by the same rules in :class:`LearnedTables`, hash tables of
the boards packed four bits a cell, so that the nodes are the same with them too. numba compiles the kernel once and
keeps the code beside this file (or, where that is read-only, in its per-user cache; ``NUMBA_CACHE_DIR`` chooses
another folder).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

import numba
import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from .mtm_search import Line, MtmRun
    from .multiset import MultisetDatabase

Ints = npt.NDArray[np.int64]

NONE, FOUND, PAUSED = 0, 1, 2
"""What a slice ended with: the iteration over without a solution, a solution found, or its nodes spent."""

G, Z, LO, HI, TLO, THI, H1, H2, AXIS, EXPANDED, GENERATED = range(11)
"""The registers (one array) the kernel keeps between slices: the depth, the blank's cell, the four codes, the two
estimates and the last move's axis of the node it stands on (a slice ends just after entering a node, before listing
its children), and the counters."""


class MoveTables:
    """A database's line moves as arrays: per blank cell ``z`` its ``count[z]`` lines, each with its ``axis``, its
    ``length``, and per step the cell the tile slides from (``cells``) and the four code changes (``deltas``)."""

    def __init__(self, lines: Sequence[Sequence[Line]]) -> None:
        n = len(lines)
        most_lines = max(len(ls) for ls in lines)
        most_steps = max(len(steps) for ls in lines for _, steps in ls)
        self.count = np.zeros(n, np.int64)
        self.axis = np.zeros((n, most_lines), np.int64)
        self.length = np.zeros((n, most_lines), np.int64)
        self.cells = np.zeros((n, most_lines, most_steps), np.int64)
        self.deltas = np.zeros((n, most_lines, most_steps, 4), np.int64)
        self.most_children = most_lines * most_steps
        for z, ls in enumerate(lines):
            self.count[z] = len(ls)
            for j, (axis, steps) in enumerate(ls):
                self.axis[z, j] = axis
                self.length[z, j] = len(steps)
                for k, (cell, dlo, dhi, tdlo, tdhi, _) in enumerate(steps):
                    self.cells[z, j, k] = cell
                    self.deltas[z, j, k] = (dlo, dhi, tdlo, tdhi)


class CompiledTables:
    """What every compiled search with one database reads: its 2-bit entries, its index's two halves, its moves."""

    def __init__(self, database: MultisetDatabase, lines: Sequence[Sequence[Line]]) -> None:
        self.entries = np.frombuffer(database.data, np.uint8)
        self.low = np.asarray(database.index.low, np.int64)
        self.high = np.asarray(database.index.high, np.int64)
        self.moves = MoveTables(lines)


def compiled_tables(database: MultisetDatabase, lines: Sequence[Sequence[Line]]) -> CompiledTables:
    """The database's :class:`CompiledTables`, made once per database (kept in its search cache)."""
    cached: CompiledTables | None = database.search_cache.get("compiled")
    if cached is None:
        cached = database.search_cache["compiled"] = CompiledTables(database, lines)
    return cached


class LearnedTables:
    """The learned bounds of the compiled iterations: per move axis, at most ``most`` boards (packed four bits a
    cell, 0 an empty slot: no board packs to 0) and the bound proven for each, in an open-addressing table of at least
    twice as many slots."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.bits = max(4, (2 * most - 1).bit_length())
        self.keys = np.zeros((2, 1 << self.bits), np.uint64)
        self.values = np.zeros((2, 1 << self.bits), np.int64)
        self.counts = np.zeros(2, np.int64)

    def __len__(self) -> int:
        return int(self.counts.sum())


class CompiledIteration:
    """One IDA* iteration to ``bound`` line moves from ``run``'s board, its first moves but those of ``skip`` (the
    cells their tiles slide from), reading and adding to ``learned`` (where the bound leaves at least ``gap`` line
    moves over a board's estimate) unless it is ``None``, run in slices by :meth:`run`."""

    def __init__(
        self, run: MtmRun, bound: int, skip: Collection[tuple[int, ...]], learned: LearnedTables | None, gap: int
    ) -> None:
        tables = compiled_tables(run.database, run.lines)
        moves = tables.moves
        self.tables = tables
        self.board = np.asarray(run.b, np.int64)
        self.labels = np.asarray(run.L, np.int64)
        self.mirror_labels = np.asarray(run.TL, np.int64)
        self.bound = bound
        z = run.b.index(0)
        self.skipped = np.zeros(moves.cells.shape[1:], np.bool_)
        for j in range(moves.count[z]):
            for k in range(moves.length[z, j]):
                cells = tuple(int(c) for c in moves.cells[z, j, : k + 1])
                self.skipped[j, k] = cells in skip
        self.registers = np.array(
            [0, z, run.lo, run.hi, run.tlo, run.thi, run.h1, run.h2, -1, run.expanded, run.generated], np.int64
        )
        depth, kids = bound + 1, moves.most_children
        self.blanks = np.zeros(depth, np.int64)
        self.taken = np.zeros((depth, 2), np.int64)
        self.left = np.zeros(depth, np.int64)
        self.kids = np.zeros((depth, kids, 9), np.int64)
        self.entered = np.zeros((depth, 2), np.int64)
        self.learned = LearnedTables(1) if learned is None else learned
        self.gap = gap if learned is not None else -1

    def run(self, nodes: int) -> int:
        """Go on for at most ``nodes`` more expansions: :data:`NONE`, :data:`FOUND` or :data:`PAUSED`."""
        t, m = self.tables, self.tables.moves
        return int(
            _iterate(
                self.registers, self.board, self.bound, nodes, t.entries, t.low, t.high, self.labels,
                self.mirror_labels, m.count, m.axis, m.length, m.cells, m.deltas, self.skipped, self.blanks,
                self.taken, self.left, self.kids, self.entered, self.gap, self.learned.keys, self.learned.values,
                self.learned.counts, self.learned.most, self.learned.bits,
            )
        )  # fmt: skip

    @property
    def expanded(self) -> int:
        return int(self.registers[EXPANDED])

    @property
    def generated(self) -> int:
        return int(self.registers[GENERATED])

    @property
    def depth(self) -> int:
        return int(self.registers[G])

    def walk(self) -> list[int]:
        """After :data:`FOUND`: the blank's home cells along the solution, one per tile slid (the start's first)."""
        m = self.tables.moves
        walk = [int(self.blanks[0])]
        for g in range(self.depth):
            line, step = self.taken[g]
            walk.extend(int(c) for c in m.cells[self.blanks[g], line, : step + 1])
        return walk


@numba.njit(cache=True, nogil=True)
def _iterate(  # pragma: no cover - compiled
    r: Ints,
    b: Ints,
    bound: int,
    nodes: int,
    entries: npt.NDArray[np.uint8],
    low: Ints,
    high: Ints,
    labels: Ints,
    mirror_labels: Ints,
    count: Ints,
    axis_of: Ints,
    length: Ints,
    cells: Ints,
    deltas: Ints,
    skipped: npt.NDArray[np.bool_],
    blanks: Ints,
    taken: Ints,
    left: Ints,
    kids: Ints,
    entered: Ints,
    gap: int,
    keys: npt.NDArray[np.uint64],
    values: Ints,
    counts: Ints,
    most: int,
    bits: int,
) -> int:
    """The iteration's loop, as :func:`~npuzzle.pdb.mtm_search.deepen_mtm`'s (written out for speed): ``kids[g]``
    holds the children within the bound of the node at depth ``g`` (line, step, axis, four codes, two estimates),
    ``left[g]`` how many are still to be tried, ``taken[g]`` the line and step of the move that left it,
    ``entered[g]`` the axis of the move that entered it and its estimate; ``gap`` −1 keeps no learned bounds."""
    n = b.shape[0]
    stop_at = r[EXPANDED] + nodes
    expanded, generated = r[EXPANDED], r[GENERATED]
    g, z, axis = r[G], r[Z], r[AXIS]
    lo, hi, tlo, thi, h1, h2 = r[LO], r[HI], r[TLO], r[THI], r[H1], r[H2]
    while True:
        # the children of the node at depth g within the bound
        thr = bound - g - 1
        m = 0
        for j in range(count[z]):
            if axis_of[z, j] == axis:
                continue
            clo, chi, ctlo, cthi = lo, hi, tlo, thi
            for k in range(length[z, j]):
                t = b[cells[z, j, k]]
                clo += labels[t] * deltas[z, j, k, 0]
                chi += labels[t] * deltas[z, j, k, 1]
                ctlo += mirror_labels[t] * deltas[z, j, k, 2]
                cthi += mirror_labels[t] * deltas[z, j, k, 3]
                generated += 1
                i = low[clo] + high[chi]
                residue = (((entries[i >> 2] >> ((i & 3) << 1)) & 3) - h1) % 3
                n1 = h1 if residue == 0 else (h1 + 1 if residue == 1 else h1 - 1)
                if n1 > thr:
                    continue
                i = low[ctlo] + high[cthi]
                residue = (((entries[i >> 2] >> ((i & 3) << 1)) & 3) - h2) % 3
                n2 = h2 if residue == 0 else (h2 + 1 if residue == 1 else h2 - 1)
                if n2 > thr:
                    continue
                if g == 0 and skipped[j, k]:
                    continue
                kid = kids[g, m]
                kid[0] = j
                kid[1] = k
                kid[2] = axis_of[z, j]
                kid[3] = clo
                kid[4] = chi
                kid[5] = ctlo
                kid[6] = cthi
                kid[7] = n1
                kid[8] = n2
                m += 1
        left[g] = m
        blanks[g] = z
        # take the next child of the node at depth g, backing up while a node has none left
        while True:
            while left[g] == 0:
                if g == 0:
                    r[EXPANDED], r[GENERATED], r[G] = expanded, generated, 0
                    return NONE
                remaining = bound - g  # no solution within as many more moves from here, first moves off its axis
                if gap >= 0 and remaining - entered[g, 1] >= gap:
                    _learn(keys[entered[g, 0]], values[entered[g, 0]], counts, entered[g, 0], most, bits, b, remaining)
                g -= 1
                z = blanks[g]
                _slide_back(b, cells, z, taken[g, 0], taken[g, 1])
            left[g] -= 1
            kid = kids[g, left[g]]
            j, k = kid[0], kid[1]
            at = z
            for s in range(k + 1):
                p = cells[z, j, s]
                b[at] = b[p]
                at = p
            b[at] = 0
            if gap >= 0 and bound - g - 1 - max(kid[7], kid[8]) >= gap:
                slot = _slot(keys[kid[2]], _packed(b), bits)
                if values[kid[2], slot] > bound - g - 1:  # proven farther than the moves left
                    _slide_back(b, cells, z, j, k)
                    continue
            break
        taken[g, 0] = j
        taken[g, 1] = k
        axis, lo, hi, tlo, thi, h1, h2 = kid[2], kid[3], kid[4], kid[5], kid[6], kid[7], kid[8]
        z = at
        g += 1
        expanded += 1
        entered[g, 0] = axis
        entered[g, 1] = max(h1, h2)
        if h1 == 0 and h2 == 0:
            solved = True
            for c in range(n):
                if b[c] != c:
                    solved = False
                    break
            if solved:
                r[EXPANDED], r[GENERATED], r[G] = expanded, generated, g
                return FOUND
        if expanded >= stop_at:
            r[G], r[Z], r[AXIS] = g, z, axis
            r[LO], r[HI], r[TLO], r[THI], r[H1], r[H2] = lo, hi, tlo, thi, h1, h2
            r[EXPANDED], r[GENERATED] = expanded, generated
            return PAUSED


@numba.njit(cache=True, nogil=True, inline="always")
def _slide_back(b: Ints, cells: Ints, z: int, j: int, k: int) -> None:  # pragma: no cover - compiled
    """Undo the line move ``j``, ``k`` that took the blank from ``z``."""
    for s in range(k, 0, -1):
        b[cells[z, j, s]] = b[cells[z, j, s - 1]]
    b[cells[z, j, 0]] = b[z]
    b[z] = 0


@numba.njit(cache=True, nogil=True, inline="always")
def _packed(b: Ints) -> np.uint64:  # pragma: no cover - compiled
    """The board four bits a cell."""
    key = np.uint64(0)
    for c in range(b.shape[0]):
        key |= np.uint64(b[c]) << np.uint64(4 * c)
    return key


@numba.njit(cache=True, nogil=True, inline="always")
def _slot(keys: npt.NDArray[np.uint64], key: np.uint64, bits: int) -> np.int64:  # pragma: no cover - compiled
    """Where ``key`` is in ``keys``, or the empty slot where it would go (its value then 0)."""
    mask = np.int64((1 << bits) - 1)
    at = np.int64((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits))
    while keys[at] != key and keys[at] != np.uint64(0):
        at = (at + np.int64(1)) & mask
    return at


@numba.njit(cache=True, nogil=True)
def _learn(
    keys: npt.NDArray[np.uint64], values: Ints, counts: Ints, axis: int, most: int, bits: int, b: Ints, remaining: int
) -> None:  # pragma: no cover - compiled
    """Keep that the board ``b`` has no solution within ``remaining`` more moves (first moves off ``axis``): raised
    where known lower, added while the axis holds fewer than ``most`` boards."""
    key = _packed(b)
    slot = _slot(keys, key, bits)
    if keys[slot] == key:
        if values[slot] <= remaining:
            values[slot] = remaining + 1
    elif counts[axis] < most:
        keys[slot] = key
        values[slot] = remaining + 1
        counts[axis] += 1
