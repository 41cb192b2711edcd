"""Optimal solving with additive pattern databases: a specialised, incremental IDA*.

:func:`solve_with_pdb` runs IDA* (Korf 1985) with the heuristic ``max(h, h_reflected)``, where ``h`` is the
additive estimate of a :class:`~npuzzle.pdb.database.PatternDatabase` and ``h_reflected`` the same estimate of the board
mirrored along its main diagonal with the tiles relabelled (Korf & Felner 2002's *reflected lookup*; square boards
only). Both are admissible, so is their maximum, and IDA*'s first solution is optimal. Load the shipped file with
:func:`~npuzzle.pdb.tables.load_tables` (bytes in, :class:`~npuzzle.pdb.tables.PdbTables` out) once and pass
it to every solve.

Per node the search does a handful of list, ``array`` and ``bytearray`` indexings on small ints (nothing above
2**30, whose arithmetic is slow in Pyodide). Two alternative tables share their bytes (the first in the low 4 bits,
the second in the high 4 bits: :meth:`~npuzzle.pdb.database.PatternDatabase.shared_copy`, a third less memory for
7/7-7), so a lookup in them takes one ``& 15`` or ``>> 4`` more. The estimate is kept as Manhattan distance plus the
summed table *excess* (see :mod:`npuzzle.pdb.database`); a move changes the Manhattan distance by ±1 (read from the
move's row of a precomputed table) and only the moved tile's pattern, whose packed lead/tail number changes by one
addition and whose excess is one lookup through :class:`~npuzzle.pdb.index.IndexTables` (a tile in two
alternative patterns, as in 7/7-7, changes both, and the second lookup is made only when the first does not prune
the child; a database without alternatives takes a leaner path through the same loop). The reflected lookup is
computed only for children the first sum did not prune. Every value has the parity of the Manhattan distance, so
``f = g + h`` keeps the parity of the solution length and the bound grows by 2 per iteration.

Two enhancements cut the nodes generated: near the root (nodes whose f is at least :data:`ORDER_SLACK` below
the bound) children are tried best first, which shortens the last iteration; and a transposition table
(Reinefeld & Marsland 1994) keyed by the board's bytes prunes a node already searched with at least the same
remaining budget, for nodes at least :data:`TT_SLACK` below the bound (bounded by :data:`TT_ENTRIES`; the
nearly-bounded nodes, the vast majority, would cost more to look up than they save).

The estimate is not maxed with linear conflict or walking distance: on top of 7/7-7 with its reflected lookup
they rarely exceed it, and computing them would cost more time per node than the nodes they save. The figures
behind these choices, with the commands that repeat them (``python -m bench partitions``, ``python -m bench
pdb-max``), are in docs/benchmarks.md.

The search is set-up (:class:`SearchRun`) and one IDA* iteration per call of a hot loop (:func:`deepen_general`,
:func:`deepen_disjoint`); its limits, progress and stop messages are the shared
:class:`~npuzzle.checkpoint.Checkpoint`'s.

Goals: the tables are in *home labelling* (tile ``t`` belongs on cell ``t``, the blank on cell 0). A goal whose
blank is in a corner is reduced to it by a symmetry of the board that takes that corner to cell 0 and by
renaming each tile after the (transformed) cell it belongs on; the solution's tiles are renamed back. This is
how one set of files serves both named goals (``blank-first`` needs no symmetry; ``default`` is the 180°
rotation with tile ``t`` renamed ``n − t``) and any custom goal with a corner blank.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence

from ..board import Board
from ..checkpoint import DEFAULT_REPORT_EVERY, Checkpoint, limit_message, tiles_moved, verify
from ..errors import PatternDatabaseError
from ..progress import Limit, Progress, Search, SearchResult, StopReason
from ..solvability import check_reachable
from .database import PatternDatabase, manhattan
from .tables import PdbTables, heuristic_name, home_labelling, mirror_cell, pdb_fits, useful_reflection

CHECK_EVERY = 2048
"""Expansions between clock readings (limits and progress are checked then)."""

ALGORITHM = "idastar"

ORDER_SLACK = 8
"""Children of a node whose f is at least this far below the bound are tried best first (smallest h + h_reflected);
deeper, nearly-bounded nodes keep the fixed move order, where sorting would cost more than it saves."""

TT_SLACK = 2
"""Nodes whose f is at least this far below the bound go through the transposition table."""

TT_ENTRIES = 300_000
"""The most transposition-table entries kept, about 30 MB (the table is emptied when it grows past this or
``limit.memory``); what the cap costs is measured in docs/benchmarks.md."""

_Move = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# A stack frame: blank cell, the remaining moves, h, h reflected, and for each lookup the two patterns the move
# may have changed, each with its lead/tail number and excess (restored on the way back).
_Frame = tuple[int, Iterator[_Move], int, int, int, int, int, int, int, int, int, int, int, int, int, int]
_Move1 = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_Frame1 = tuple[int, Iterator[_Move1], int, int, int, int, int, int, int, int]
# The same for databases without alternatives: one pattern per lookup.


def solve_with_pdb(
    board: Board,
    goal: Board,
    tables: PdbTables | PatternDatabase,
    limit: Limit = Limit(),
    *,
    reflect: bool = True,
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Search:
    """Optimal solution of ``board`` → ``goal`` by IDA* on a pattern database (+ its reflected lookup): a generator.

    ``tables`` is a :class:`PdbTables` (or a bare database, prepared here at some cost). Yields a
    :class:`~npuzzle.progress.Progress` about every ``report_every`` seconds and returns a
    :class:`~npuzzle.progress.SearchResult` (moves as tile numbers, verified on the board). ``limit.nodes`` and
    ``limit.seconds`` are checked every :data:`CHECK_EVERY` expansions; ``limit.memory`` caps the transposition
    table (at most :data:`TT_ENTRIES`). ``reflect=False`` drops the reflected lookup. Raises at once (before the
    first ``next``): :class:`~npuzzle.errors.PatternDatabaseError` when the tables do not fit (see
    :func:`pdb_fits`), :class:`~npuzzle.errors.UnsolvableError` for a board that cannot reach the goal.
    """
    prepared = tables if isinstance(tables, PdbTables) else PdbTables.of(tables)
    tiles, original = home_board(board, goal, prepared)
    database = prepared.database
    use_reflection = reflect and useful_reflection(database)
    return _search(board, goal, prepared, tiles, original, use_reflection, limit, report_every)


def home_board(board: Board, goal: Board, tables: PdbTables) -> tuple[list[int], list[int]]:
    """``board`` in the tables' home labelling and the tile names to rename a solution back with
    (:func:`~npuzzle.pdb.tables.home_labelling`); raises :class:`~npuzzle.errors.PatternDatabaseError` when the
    tables do not fit the board and goal, :class:`~npuzzle.errors.UnsolvableError` when the goal is out of reach."""
    database = tables.database
    if not pdb_fits(board, goal, tables):
        raise PatternDatabaseError(
            f"the {database.name} pattern database ({database.rows}×{database.cols}) cannot solve this "
            f"{board.rows}×{board.cols} board: it needs the same shape and a goal with the blank in a corner"
        )
    check_reachable(board, goal)
    mapped = home_labelling(board, goal)
    assert mapped is not None  # pdb_fits checked the corner
    return mapped


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


class SearchRun:
    """One solve's set-up and state, shared by its IDA* iterations (:func:`deepen_general`,
    :func:`deepen_disjoint`): the tables' lookups, the move table, the board being searched (``b``, changed in
    place), the packed lead/tail numbers of every pattern and their excesses for both lookups (``X``/``EX``,
    ``Y``/``EY``), the transposition table, the counters and the :class:`~npuzzle.checkpoint.Checkpoint`."""

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
        self.name = heuristic_name(database, use_reflection)
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
        moves: tuple[list[tuple[_Move, ...]], list[tuple[_Move1, ...]]] | None = tables.search_cache.get(use_reflection)
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
        self.checkpoint = Checkpoint(limit, report_every, CHECK_EVERY)
        self.expanded = self.generated = self.iterations = self.max_depth = self.depth = 0
        self.bound = max(self.h0, self.r0)
        self.done: list[tuple[int, int]] = []  # (bound, nodes) of each finished iteration
        self.before = 0  # nodes expanded before the running iteration

    def iteration_ended(self) -> None:
        """Record the finished iteration's bound and nodes."""
        self.done.append((self.bound, self.expanded - self.before))
        self.before = self.expanded

    def count(self, expanded: int, generated: int, depth: int) -> None:
        """Take the counters of the running iteration (before a progress record or when it ends)."""
        self.expanded, self.generated, self.depth = expanded, generated, depth

    def progress(self, depth: int) -> Progress:
        """The progress record at the last checkpoint, ``depth`` moves deep."""
        elapsed = self.checkpoint.now - self.checkpoint.start
        return Progress(
            ALGORITHM,
            self.name,
            self.expanded,
            self.generated,
            depth,
            self.bound,
            self.iterations,
            elapsed,
            per_iteration=tuple(self.done),
        )

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

    def ordered(self, nbrs: tuple[_Move, ...], h: int, r: int, thr: int) -> Iterator[_Move]:
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

    def ordered1(self, nbrs: tuple[_Move1, ...], h: int, r: int, thr: int) -> Iterator[_Move1]:
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
) -> tuple[list[tuple[_Move, ...]], list[tuple[_Move1, ...]]]:
    """``NB[z * (n + 1) + prev]``: the moves with the blank on ``z``, not undoing a move from ``prev`` (``n`` = no
    previous): the cell ``p`` of the tile that slides into ``z``, then per tile ``t`` its Manhattan change, what the
    move adds to the lead/tail numbers of its first and second pattern, and the same for the reflected lookup.
    ``NB1``: the same without the second patterns, for the disjoint path."""
    n = rows * cols
    NB: list[tuple[_Move, ...]] = []
    NB1: list[tuple[_Move1, ...]] = []
    for z in range(n):
        r, k = divmod(z, cols)
        around: list[_Move] = []
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


def _search(
    board: Board,
    goal: Board,
    tables: PdbTables,
    start: Sequence[int],
    original: Sequence[int],
    use_reflection: bool,
    limit: Limit,
    report_every: float,
) -> Search:
    run = SearchRun(tables, start, use_reflection, limit, report_every)

    def finish(moves: tuple[int, ...] | None, reason: StopReason | None) -> SearchResult:
        bound = run.bound
        message = "" if reason is None else limit_message(ALGORITHM, run.name, reason, limit, run.expanded, 0, bound)
        return SearchResult(
            moves,
            moves is not None,
            ALGORITHM,
            run.name,
            run.expanded,
            run.generated,
            run.max_depth,
            run.iterations,
            run.checkpoint.elapsed(),
            len(moves) if moves is not None else bound,
            stopped=reason,
            message=message,
            extra={
                "bound": bound,
                "h0": run.h0,
                "h0_reflected": run.r0 if use_reflection else None,
                "transpositions": len(run.tt),
                "per_iteration": [*run.done, (bound, run.expanded - run.before)],
            },
        )

    yield Progress(ALGORITHM, run.name, 0, 0, 0, run.bound, 0, 0.0)
    if run.h0 == 0:
        return finish((), None)
    deepen = deepen_disjoint if run.disjoint else deepen_general
    while True:
        run.iterations += 1
        ended = yield from deepen(run, run.bound)
        if isinstance(ended, list):  # the blank's cells along the solution
            run.max_depth = max(run.max_depth, len(ended) - 1)
            moves = tuple(original[t] for t in tiles_moved(start, ended))
            return finish(verify(board, goal, moves), None)
        if ended is not None:
            return finish(None, ended)
        run.iteration_ended()
        run.bound += 2


def deepen_general(run: SearchRun, bound: int) -> Generator[Progress, None, list[int] | StopReason | None]:
    """:func:`deepen_disjoint` for a database with alternative patterns (7/7-7): a tile may be in two patterns,
    whose maximum counts. The hot loop, written out for speed."""
    checkpoint, tt, tt_cap, tt_slack, order_slack = run.checkpoint, run.tt, run.tt_cap, TT_SLACK, ORDER_SLACK
    E, BASE, OCC, TAIL, MASK, SHIFT = run.E, run.BASE, run.OCC, run.TAIL, run.MASK, run.SHIFT
    X, Y, EX, EY, b, stride = run.X, run.Y, run.EX, run.EY, run.b, run.stride
    expanded, generated = run.expanded + 1, run.generated
    z, h, r, g = run.z0, run.h0, run.r0, 0
    lim = bound - 1
    check_at = checkpoint.next_at
    K, S1, S2, OT, NB, ordered = run.K, run.S1, run.S2, run.OT, run.NB, run.ordered
    RK, RS1, RS2, ROT = run.RK, run.RS1, run.RS2, run.ROT
    nbrs = NB[z * stride + run.prev0]
    generated += len(nbrs)
    it = ordered(nbrs, h, r, lim)
    stack: list[_Frame] = []
    push, pop = stack.append, stack.pop
    while True:
        thr = lim - g
        for p, dm, dw1, dw2, rdw1, rdw2 in it:
            t = b[p]
            k = K[t]
            s = S1[t]
            nx = X[s] + dw1[t]
            lo = nx & MASK
            ne = E[BASE[lo] + TAIL[OCC[lo] + (nx >> SHIFT)]]
            if k == 0:
                nh = h + dm[t] - EX[s] + ne
            elif k == 2:
                # in both alternatives (low, high 4 bits): the second lookup only when the first does not prune
                ne &= 15
                s2 = S2[t]
                a = EX[s]
                o = EX[s2]
                nh = h + dm[t] - (a if a > o else o)
                if nh + ne > thr:
                    continue
                nx2 = X[s2] + dw2[t]
                lo = nx2 & MASK
                ne2 = E[BASE[lo] + TAIL[OCC[lo] + (nx2 >> SHIFT)]] >> 4
                nh += ne if ne > ne2 else ne2
            else:  # in one of two alternatives: 1 the first (low 4 bits), 3 the second (high 4 bits)
                ne = ne & 15 if k == 1 else ne >> 4
                o = EX[OT[t]]
                a = EX[s]
                nh = h + dm[t] - (a if a > o else o) + (ne if ne > o else o)
            if nh > thr:
                continue
            rk = RK[t]
            rs = RS1[t]
            ny = Y[rs] + rdw1[t]
            lo = ny & MASK
            nu = E[BASE[lo] + TAIL[OCC[lo] + (ny >> SHIFT)]]
            if rk == 0:
                nr = r + dm[t] - EY[rs] + nu
            elif rk == 2:
                nu &= 15
                rs2 = RS2[t]
                a = EY[rs]
                o = EY[rs2]
                nr = r + dm[t] - (a if a > o else o)
                if nr + nu > thr:
                    continue
                ny2 = Y[rs2] + rdw2[t]
                lo = ny2 & MASK
                nu2 = E[BASE[lo] + TAIL[OCC[lo] + (ny2 >> SHIFT)]] >> 4
                nr += nu if nu > nu2 else nu2
            else:
                nu = nu & 15 if rk == 1 else nu >> 4
                o = EY[ROT[t]]
                a = EY[rs]
                nr = r + dm[t] - (a if a > o else o) + (nu if nu > o else o)
            if nr > thr:
                continue
            slack = thr - (nh if nh > nr else nr)
            b[z] = t
            b[p] = 0
            if slack >= tt_slack:
                key = bytes(b)
                seen = tt.get(key)
                if seen is not None and seen >= thr:
                    b[p] = t
                    b[z] = 0
                    continue
                tt[key] = thr
            s2 = S2[t]
            rs2 = RS2[t]
            push((z, it, h, r, s, X[s], EX[s], s2, X[s2], EX[s2], rs, Y[rs], EY[rs], rs2, Y[rs2], EY[rs2]))
            X[s] = nx
            EX[s] = ne
            if k == 2:
                X[s2] = nx2
                EX[s2] = ne2
            Y[rs] = ny
            EY[rs] = nu
            if rk == 2:
                Y[rs2] = ny2
                EY[rs2] = nu2
            nbrs = NB[p * stride + z]
            generated += len(nbrs)
            it = ordered(nbrs, nh, nr, thr - 1) if slack >= order_slack else iter(nbrs)
            break
        else:
            if not stack:
                run.count(expanded, generated, g)
                return None
            pz = z
            z, it, h, r, s, ox, oe, s2, ox2, oe2, rs, oy, ou, rs2, oy2, ou2 = pop()
            b[pz] = b[z]
            b[z] = 0
            X[s] = ox
            EX[s] = oe
            X[s2] = ox2
            EX[s2] = oe2
            Y[rs] = oy
            EY[rs] = ou
            Y[rs2] = oy2
            EY[rs2] = ou2
            g -= 1
            continue
        # stepped down to the child at p
        z = p
        h = nh
        r = nr
        g += 1
        expanded += 1
        if nh == 0:
            run.count(expanded, generated, g)
            return [frame[0] for frame in stack] + [z]
        if expanded >= check_at:
            if g > run.max_depth:
                run.max_depth = g
            if len(tt) > tt_cap:
                tt.clear()
            run.count(expanded, generated, g)
            reason = checkpoint.check(expanded)
            if reason is not None:
                return reason
            check_at = checkpoint.next_at
            if checkpoint.report_due():
                yield run.progress(g)


def deepen_disjoint(run: SearchRun, bound: int) -> Generator[Progress, None, list[int] | StopReason | None]:
    """One IDA* iteration up to ``bound`` for a database without alternatives (one pattern per lookup): the
    solution's blank cells, the limit that stopped it, or ``None`` when no solution is within the bound.

    The hot loop, written out for speed (locals only; set-up and bookkeeping live in :class:`SearchRun`); it and
    :func:`deepen_general` differ only in how a move changes the estimate, and this one's smaller stack frames and
    missing branches save time per node.
    """
    checkpoint, tt, tt_cap, tt_slack, order_slack = run.checkpoint, run.tt, run.tt_cap, TT_SLACK, ORDER_SLACK
    E, BASE, OCC, TAIL, MASK, SHIFT = run.E, run.BASE, run.OCC, run.TAIL, run.MASK, run.SHIFT
    X, Y, EX, EY, b, stride = run.X, run.Y, run.EX, run.EY, run.b, run.stride
    expanded, generated = run.expanded + 1, run.generated
    z, h, r, g = run.z0, run.h0, run.r0, 0
    lim = bound - 1
    check_at = checkpoint.next_at
    G, RG, NB1, ordered1 = run.S1, run.RS1, run.NB1, run.ordered1
    nbrs1 = NB1[z * stride + run.prev0]
    generated += len(nbrs1)
    it1 = ordered1(nbrs1, h, r, lim)
    stack1: list[_Frame1] = []
    push1, pop1 = stack1.append, stack1.pop
    while True:
        thr = lim - g
        for p, dm, dw, rdw in it1:
            t = b[p]
            gi = G[t]
            nx = X[gi] + dw[t]
            lo = nx & MASK
            ne = E[BASE[lo] + TAIL[OCC[lo] + (nx >> SHIFT)]]
            nh = h + dm[t] - EX[gi] + ne
            if nh > thr:
                continue
            ri = RG[t]
            ny = Y[ri] + rdw[t]
            lo = ny & MASK
            nu = E[BASE[lo] + TAIL[OCC[lo] + (ny >> SHIFT)]]
            nr = r + dm[t] - EY[ri] + nu
            if nr > thr:
                continue
            # slack: how far the child's f is below the bound (even: f keeps the parity of the bound)
            slack = thr - (nh if nh > nr else nr)
            b[z] = t
            b[p] = 0
            if slack >= tt_slack:
                # prune a state already searched with at least this budget (or on the current path)
                key = bytes(b)
                seen = tt.get(key)
                if seen is not None and seen >= thr:
                    b[p] = t
                    b[z] = 0
                    continue
                tt[key] = thr
            push1((z, it1, h, r, gi, X[gi], EX[gi], ri, Y[ri], EY[ri]))
            X[gi] = nx
            EX[gi] = ne
            Y[ri] = ny
            EY[ri] = nu
            nbrs1 = NB1[p * stride + z]
            generated += len(nbrs1)
            it1 = ordered1(nbrs1, nh, nr, thr - 1) if slack >= order_slack else iter(nbrs1)
            break
        else:
            if not stack1:
                run.count(expanded, generated, g)
                return None
            pz = z
            z, it1, h, r, gi, ox, oe, ri, oy, ou = pop1()
            b[pz] = b[z]
            b[z] = 0
            X[gi] = ox
            EX[gi] = oe
            Y[ri] = oy
            EY[ri] = ou
            g -= 1
            continue
        # stepped down to the child at p
        z = p
        h = nh
        r = nr
        g += 1
        expanded += 1
        if nh == 0:
            run.count(expanded, generated, g)
            return [frame[0] for frame in stack1] + [z]
        if expanded >= check_at:
            if g > run.max_depth:
                run.max_depth = g
            if len(tt) > tt_cap:
                tt.clear()
            run.count(expanded, generated, g)
            reason = checkpoint.check(expanded)
            if reason is not None:
                return reason
            check_at = checkpoint.next_at
            if checkpoint.report_due():
                yield run.progress(g)
