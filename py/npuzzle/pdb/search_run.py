"""The set-up of the pattern-database IDA* (:mod:`npuzzle.pdb.search`): :class:`SearchRun`, one solve's lookups,
move tables, board and counters, shared by its hot loops (:mod:`npuzzle.pdb.loop_general`,
:mod:`npuzzle.pdb.loop_disjoint`), and the move ordering near the root.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..optimal.ida_counts import IdaCounts
from ..progress import Limit
from .database import PatternDatabase, manhattan
from .tables import PdbTables, heuristic_name, mirror_cell

CHECK_EVERY = 2048
"""Expansions between clock readings (limits and progress are checked then)."""

ORDER_SLACK = 8
"""Children of a node whose f is at least this far below the bound are tried best first (smallest h + h_reflected);
deeper, nearly-bounded nodes keep the fixed move order, where sorting would cost more than it saves."""

TT_SLACK = 2
"""Nodes whose f is at least this far below the bound go through the transposition table."""

TT_ENTRIES = 300_000
"""The most transposition-table entries kept (the table is emptied when it grows past this or ``limit.memory``);
its memory and what the cap costs are measured in docs/benchmarks.md."""

Move = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A move in :data:`SearchRun.NB`: the cell of the tile that slides, then per tile its Manhattan change and what the
move adds to the lead/tail numbers of its first and second pattern, and the same for the reflected lookup."""

Move1 = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""The same for databases without alternatives (:data:`SearchRun.NB1`): one pattern per lookup."""


def _tile_lookups(database: PatternDatabase, shift: int) -> tuple[list[int], ...]:
    """Per tile ``t``, how the board's lookup sees it: ``K, S1, W1, S2, W2, OT``.

    ``S1[t]``, ``W1[t]``: its (first) pattern and what a one-cell step of ``t`` (times the direction) adds to that
    pattern's lead/tail number; ``K[t]``: 0 when that pattern has no alternative, 1 when the tile is in the first
    of two alternatives only (``OT[t]`` is the other one; its excess is the low 4 bits of the shared bytes, see
    :meth:`~npuzzle.pdb.database.PatternDatabase.shared_copy`), 3 when in the second only (the high 4 bits), 2
    when it is in both (``S2[t]``, ``W2[t]`` the second). A tile in no pattern gets pattern 0 with ``W1 = 0``, a
    lookup that repeats the current excess, and pattern 0's code. Pattern number ``len(partition)`` is a dummy slot
    that is never looked up: "no second pattern".
    """
    n = database.rows * database.cols
    patterns = database.partition
    dummy = len(patterns)
    K, S1, W1, S2, W2, OT = [0] * n, [0] * n, [0] * n, [dummy] * n, [0] * n, [dummy] * n
    alternative = {i: j for group in database.groups if len(group) == 2 for i, j in (group, group[::-1])}
    for g, pattern in enumerate(patterns):
        lead = len(pattern) - 2
        for i, t in enumerate(pattern):
            weight = 16**i if i < lead else 16 ** (i - lead) << shift
            if W1[t]:  # already in an earlier pattern: this is its second
                K[t], S2[t], W2[t], OT[t] = 2, g, weight, dummy
            else:
                S1[t], W1[t] = g, weight
                if g in alternative:
                    K[t], OT[t] = 1 if g < alternative[g] else 3, alternative[g]
    if 0 in alternative:  # tiles in no pattern look up pattern 0, the first of its pair
        for t in range(1, n):
            if not W1[t]:
                K[t], OT[t] = 1, alternative[0]
    return K, S1, W1, S2, W2, OT


class SearchRun(IdaCounts):
    """One solve's set-up and state, shared by its IDA* iterations (the hot loops
    :func:`~npuzzle.pdb.loop_general.deepen_general`, :func:`~npuzzle.pdb.loop_disjoint.deepen_disjoint`): the
    tables' lookups, the move table, the board being searched (``b``, changed in place), the packed lead/tail
    numbers of every pattern and their excesses for both lookups (``X``/``EX``, ``Y``/``EY``), the transposition
    table, the slacks (:data:`ORDER_SLACK`, :data:`TT_SLACK`, read when the run is made), and the counters and
    checkpoint of :class:`~npuzzle.optimal.ida_counts.IdaCounts`."""

    def __init__(
        self,
        tables: PdbTables,
        start: Sequence[int],
        use_reflection: bool,
        limit: Limit,
        report_every: float,
        prev: int | None = None,
        tt: dict[bytes, int] | None = None,
    ) -> None:
        database, index = tables.database, tables.index
        rows, cols = database.rows, database.cols
        self.n = n = rows * cols
        self.E = database.data
        self.BASE, self.OCC, self.TAIL = index.base, index.occupied, index.tail_rank
        self.MASK, self.SHIFT = index.mask, index.shift
        # how a pattern's excess sits in its byte: the whole byte, the low 4 bits or the high 4 bits
        self.LEAD_BITS = index.lead_bits
        self.NIB_SHIFT = [4 if nibble == 2 else 0 for nibble in database.nibbles]
        self.NIB_MASK = [255 if nibble == 0 else 15 for nibble in database.nibbles]
        mirror = mirror_cell(cols) if use_reflection else (lambda c: c)
        K, S1, W1, S2, W2, OT = _tile_lookups(database, index.shift)
        self.K, self.S1, self.S2, self.OT = K, S1, S2, OT
        if use_reflection:  # the reflected board holds tile mirror(t) on cell mirror(c) where the board holds t on c
            RK, RS1, RW1, RS2, RW2, ROT = ([v[mirror(t)] for t in range(n)] for v in (K, S1, W1, S2, W2, OT))
        else:  # a second lookup that repeats the first
            RK, RS1, RW1, RS2, RW2, ROT = K, S1, W1, S2, W2, OT
        self.RK, self.RS1, self.RS2, self.ROT = RK, RS1, RS2, ROT
        # Without alternatives (7-7-1, 6-6-3) every K is 0 and the search takes its disjoint path.
        self.disjoint = not any(len(group) == 2 for group in database.groups)
        dummy = len(database.partition)
        X = [g << index.lead_bits for g in range(dummy)] + [0]
        Y = list(X)
        for c, t in enumerate(start):
            if t:
                X[S1[t]] += W1[t] * c
                X[S2[t]] += W2[t] * c
                Y[RS1[t]] += RW1[t] * mirror(c)
                Y[RS2[t]] += RW2[t] * mirror(c)
        X[dummy] = Y[dummy] = 0
        self.X, self.Y = X, Y
        self.EX = [self.excess(x) for x in X[:dummy]] + [0]
        self.EY = [self.excess(y) for y in Y[:dummy]] + [0]
        md0 = sum(manhattan(cols, t, c) for c, t in enumerate(start) if t)
        self.h0 = md0 + sum(max(self.EX[i] for i in group) for group in database.groups)
        self.r0 = md0 + sum(max(self.EY[i] for i in group) for group in database.groups)
        moves: tuple[list[tuple[Move, ...]], list[tuple[Move1, ...]]] | None = tables.search_cache.get(use_reflection)
        if moves is None:  # the same for every search on these tables: made once
            moves = tables.search_cache[use_reflection] = _move_tables(rows, cols, mirror, W1, W2, RW1, RW2)
        self.NB, self.NB1 = moves
        self.stride = n + 1
        self.b = list(start)
        self.z0 = self.b.index(0)
        self.prev0 = n if prev is None else prev
        """The blank's cell before ``start`` (a subtree's root does not step back there); ``n``: none."""
        self.tt: dict[bytes, int] = {} if tt is None else tt
        """The transposition table: board (as bytes) → the budget it was searched with."""
        self.tt_cap = TT_ENTRIES if limit.memory is None else min(TT_ENTRIES, limit.memory)
        self.tt_slack, self.order_slack = TT_SLACK, ORDER_SLACK
        name = heuristic_name(database, use_reflection)
        super().__init__(name, limit, report_every, CHECK_EVERY, max(self.h0, self.r0))

    def excess(self, x: int) -> int:
        """The stored excess of the pattern placement with lead/tail number ``x``."""
        lo = x & self.MASK
        g = lo >> self.LEAD_BITS
        return (
            self.E[self.BASE[lo] + self.TAIL[self.OCC[lo] + (x >> self.SHIFT)]] >> self.NIB_SHIFT[g] & self.NIB_MASK[g]
        )

    def changed(self, h: int, k: int, s: int, s2: int, o: int, x: list[int], e: list[int], d1: int, d2: int) -> int:
        """``h`` after a move that adds d1 (and d2) to the lead/tail numbers of patterns s (and s2); see K."""
        ne = self.excess(x[s] + d1)
        if k == 0:
            return h - e[s] + ne
        if k != 2:
            return h - max(e[s], e[o]) + max(ne, e[o])
        return h - max(e[s], e[s2]) + max(ne, self.excess(x[s2] + d2))

    def ordered(self, nbrs: tuple[Move, ...], h: int, r: int, thr: int) -> Iterator[Move]:
        """The moves whose child passes the bound, most promising (smallest h + h_reflected) first."""
        b, K, S1, S2, OT, RK, RS1, RS2, ROT = (
            self.b,
            self.K,
            self.S1,
            self.S2,
            self.OT,
            self.RK,
            self.RS1,
            self.RS2,
            self.ROT,
        )
        keyed = []
        for e in nbrs:
            p, dm, dw1, dw2, rdw1, rdw2 = e
            t = b[p]
            nh = self.changed(h, K[t], S1[t], S2[t], OT[t], self.X, self.EX, dw1[t], dw2[t]) + dm[t]
            if nh > thr:
                continue
            nr = self.changed(r, RK[t], RS1[t], RS2[t], ROT[t], self.Y, self.EY, rdw1[t], rdw2[t]) + dm[t]
            if nr > thr:
                continue
            keyed.append((((nh + nr) << 4) | p, e))
        keyed.sort()
        return iter([e for _, e in keyed])

    def ordered1(self, nbrs: tuple[Move1, ...], h: int, r: int, thr: int) -> Iterator[Move1]:
        """:meth:`ordered` for the disjoint path."""
        b, X, Y, EX, EY, excess = self.b, self.X, self.Y, self.EX, self.EY, self.excess
        keyed = []
        for e in nbrs:
            p, dm, dw, rdw = e
            t = b[p]
            gi = self.S1[t]
            nh = h + dm[t] - EX[gi] + excess(X[gi] + dw[t])
            if nh > thr:
                continue
            ri = self.RS1[t]
            nr = r + dm[t] - EY[ri] + excess(Y[ri] + rdw[t])
            if nr > thr:
                continue
            keyed.append((((nh + nr) << 4) | p, e))
        keyed.sort()
        return iter([e for _, e in keyed])


def _move_tables(
    rows: int, cols: int, mirror: Callable[[int], int], W1: list[int], W2: list[int], RW1: list[int], RW2: list[int]
) -> tuple[list[tuple[Move, ...]], list[tuple[Move1, ...]]]:
    """``NB[z * (n + 1) + prev]``: the moves with the blank on ``z``, not undoing a move from ``prev`` (``n`` = no
    previous): the cell ``p`` of the tile that slides into ``z``, then per tile ``t`` its Manhattan change, what the
    move adds to the lead/tail numbers of its first and second pattern, and the same for the reflected lookup.
    ``NB1``: the same without the second patterns, for the disjoint path."""
    n = rows * cols
    NB: list[tuple[Move, ...]] = []
    NB1: list[tuple[Move1, ...]] = []
    for z in range(n):
        r, k = divmod(z, cols)
        around: list[Move] = []
        for p in (
            z - cols if r else -1,
            z - 1 if k else -1,
            z + 1 if k < cols - 1 else -1,
            z + cols if r < rows - 1 else -1,
        ):
            if p >= 0:
                d, rd = z - p, mirror(z) - mirror(p)
                around.append(
                    (
                        p,
                        tuple(manhattan(cols, t, z) - manhattan(cols, t, p) for t in range(n)),
                        tuple(w * d for w in W1),
                        tuple(w * d for w in W2),
                        tuple(w * rd for w in RW1),
                        tuple(w * rd for w in RW2),
                    )
                )
        for prev in range(n + 1):
            NB.append(tuple(m for m in around if m[0] != prev))
            NB1.append(tuple((m[0], m[1], m[2], m[4]) for m in around if m[0] != prev))
    return NB, NB1
