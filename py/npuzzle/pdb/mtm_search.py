"""Optimal solving in the multi-tile metric with a multiset database: IDA* over line moves.

:func:`solve_with_multiset` runs IDA* (Korf 1985) whose moves are line moves (1 to ``rows − 1`` or ``cols − 1``
tiles slid at once, each costing 1) and whose estimate is ``max(h, h_transposed)``: the multiset database
(:mod:`npuzzle.pdb.multiset`) looked up on the board and on the board mirrored along its main diagonal. Two line
moves in a row along one axis are never tried (they are one line move, or none, or a shorter one), so a node has at
most ``rows − 1`` or ``cols − 1`` children. Goals as for the additive tables: a corner blank, reduced to the home
labelling by a symmetry and a renaming (:func:`~npuzzle.pdb.tables.home_labelling`).

:class:`MtmRun` is one solve's set-up (the move tables, the two lookups' codes and exact estimates) and
:func:`deepen_mtm` one IDA* iteration, written out for speed: per tile slid, four multiply-adds on the codes; per
child, two lookups whose residue gives the exact estimate from the parent's. :func:`within_bound` is one iteration
alone: is there a solution of at most ``bound`` line moves (the analysis asks that of every position).
"""

from __future__ import annotations

from collections.abc import Collection, Generator, Sequence, Sized
from types import ModuleType

from ..board import Board
from ..compiled import compiled_module
from ..optimal.checkpoint import DEFAULT_REPORT_EVERY, ida_result, tiles_moved, verify
from ..optimal.ida_counts import IdaCounts
from ..progress import Limit, Progress, Search, SearchResult, StopReason
from .multiset import MultisetDatabase, line_paths, partition_name
from .tables import corner_goal_fits, home_start, mirror_cell

CHECK_EVERY = 1024
"""Expansions between clock readings."""

COMPILED_FROM_CELLS = 10
"""The fewest cells of a board whose searches run compiled when numba is installed: a board of at most 9 cells is
solved in milliseconds, less than numba's start (about 0.3 s, once a process)."""

COMPILED_CHECK_EVERY = 1 << 16
"""Expansions between clock readings when the iteration runs compiled (:mod:`~npuzzle.pdb.mtm_numba`): a few
milliseconds."""

Step = tuple[int, int, int, int, int, tuple[int, ...]]
"""One tile of a line move: the cell it slides from, what a label of 1 adds to the low and high codes of the board
and of its mirror image, and the cells of the whole move so far (this one last)."""

Line = tuple[int, tuple[Step, ...]]
"""A line the blank can slide through: its axis (0 vertical, 1 horizontal) and its steps, nearest first."""

RESIDUE_DELTA = (0, 1, -1)
"""A child's estimate from its parent's: ``h + RESIDUE_DELTA[(residue − h) % 3]``."""

LEARNED_MOST = 400_000
"""The most boards :class:`LearnedBounds` keeps (about 40 MB, 100 bytes a board); past that, searches only read it."""

LEARNED_GAP = 2
"""A board's learned bound is kept and looked up only where the bound allows at least this many line moves more
than the board's estimate: the bigger subtrees (nearer the leaves, searching again costs less than a lookup)."""


class LearnedBounds:
    """What the IDA* iterations towards one goal with one database proved, kept for the next ones (IDA* with a
    transposition table): a board reached by a move along one axis whose subtree held no solution of ``r`` more
    line moves is more than ``r`` from the goal by a first move along the other axis (the only first moves tried
    there), so a later iteration, or a later search from a nearby board, does not enter it again with ``r`` or
    fewer moves left. The subtrees skipped hold no solution within the bound: the answers are the same, found in
    fewer nodes. One table a move axis, keyed by the home-labelled board's bytes, at most ``most`` boards in all."""

    def __init__(self, most: int = LEARNED_MOST) -> None:
        self.by_axis: tuple[dict[bytes, int], dict[bytes, int]] = ({}, {})
        self.most = most
        self.compiled: Sized | None = None
        """The compiled iterations' tables (:class:`~npuzzle.pdb.mtm_numba.LearnedTables`), made at their first use:
        the same rules, in arrays."""

    def __len__(self) -> int:
        return len(self.by_axis[0]) + len(self.by_axis[1]) + (0 if self.compiled is None else len(self.compiled))


def multiset_fits(board: Board, goal: Board, database: MultisetDatabase) -> bool:
    """Whether the database can solve ``board`` → ``goal``: the same shape and a goal with its blank in a corner."""
    return corner_goal_fits(board, goal, database.rows, database.cols)


def multiset_heuristic_name(database: MultisetDatabase) -> str:
    """How results name the estimate: ``"mtm-5-4-4-2+transposed"`` (:func:`relabelling_name`)."""
    return relabelling_name(database.rows, database.cols, database.partition)


def relabelling_name(rows: int, cols: int, partition: Sequence[Sequence[int]]) -> str:
    """The estimate's name for a relabelling: ``"mtm-"``, the class sizes (``"exact"`` when every tile is its own
    class), and ``"+transposed"`` when the lookup on the mirror image helps (:func:`transposed_helps`)."""
    sizes = "exact" if all(len(g) == 1 for g in partition) else partition_name(partition)
    return f"mtm-{sizes}" + ("+transposed" if transposed_helps(rows, cols, partition) else "")


def transposed_helps(rows: int, cols: int, partition: Sequence[Sequence[int]]) -> bool:
    """Whether the lookup on the mirror image differs from the board's: a square board whose classes are not their
    own mirror image."""
    if rows != cols:
        return False
    m = mirror_cell(cols)
    own = {frozenset(group) for group in partition}
    return {frozenset(m(t) for t in group) for group in partition} != own


def blank_lines(database: MultisetDatabase) -> list[tuple[Line, ...]]:
    """``lines[z]``: the lines of the blank on cell ``z`` (made once per database)."""
    cached: list[tuple[Line, ...]] | None = database.search_cache.get("lines")
    if cached is not None:
        return cached
    rows, cols = database.rows, database.cols
    index = database.index
    half, base = index.half, index.base
    m = mirror_cell(cols) if transposed_helps(database.rows, database.cols, database.partition) else (lambda c: c)

    def parts(cell: int) -> tuple[int, int]:
        return (base**cell, 0) if cell < half else (0, base ** (cell - half))

    out = []
    for z, paths in enumerate(line_paths(rows, cols)):
        lines = []
        for path in paths:
            steps: list[Step] = []
            at = z
            for k, p in enumerate(path):  # the tile on p slides into at
                (la, ha), (lp, hp) = parts(at), parts(p)
                (ta, tha), (tp, thp) = parts(m(at)), parts(m(p))
                steps.append((p, la - lp, ha - hp, ta - tp, tha - thp, path[: k + 1]))
                at = p
            lines.append((0 if abs(path[0] - z) == cols else 1, tuple(steps)))
        out.append(tuple(lines))
    database.search_cache["lines"] = out
    return out


class MtmRun(IdaCounts):
    """One solve's set-up: the home-labelled board ``b`` (changed in place by the iterations), its codes and exact
    estimates for both lookups, the tiles' labels (``L``, ``TL`` for the mirror image), the move tables, the bounds
    ``learned`` (shared with other searches to the same goal, or ``None``), and the counters, bound and checkpoint
    of :class:`~npuzzle.optimal.ida_counts.IdaCounts`."""

    def __init__(
        self,
        database: MultisetDatabase,
        board: Board,
        goal: Board,
        limit: Limit,
        report_every: float,
        avoid: Collection[Board] = (),
        learned: LearnedBounds | None = None,
    ) -> None:
        what = f"the {database.name} database"
        self.start, self.original = home_start(board, goal, what, database.rows, database.cols)
        self.database = database
        index = database.index
        n = database.rows * database.cols
        m = (
            mirror_cell(database.cols)
            if transposed_helps(database.rows, database.cols, database.partition)
            else (lambda c: c)
        )
        self.L = list(index.labels)
        self.TL = [index.labels[m(t)] for t in range(n)]
        mirrored = [0] * n
        for c, t in enumerate(self.start):
            mirrored[m(c)] = m(t)
        self.lo, self.hi = index.codes([self.L[t] for t in self.start])
        self.tlo, self.thi = index.codes([index.labels[t] for t in mirrored])
        self.h1 = database.distance(self.start)
        self.h2 = (
            database.distance(mirrored)
            if transposed_helps(database.rows, database.cols, database.partition)
            else self.h1
        )
        self.lines = blank_lines(database)
        self.b = list(self.start)
        self.goal = list(range(n))
        self.skip = self._first_moves_to(avoid, goal)
        self.learned = learned
        self.compiled = compiled_module(f"{__package__}.mtm_numba") if n >= COMPILED_FROM_CELLS else None
        """The compiled iteration's module for a board of :data:`COMPILED_FROM_CELLS` or more when numba is installed
        (the ``fast`` extra), else ``None``."""
        every = CHECK_EVERY if self.compiled is None else COMPILED_CHECK_EVERY
        super().__init__(multiset_heuristic_name(database), limit, report_every, every, max(self.h1, self.h2))

    def _first_moves_to(self, avoid: Collection[Board], goal: Board) -> frozenset[tuple[int, ...]]:
        """The start's line moves (the cells their tiles slide from) that lead to a board of ``avoid``."""
        homes = {tuple(home_start(b, goal, "the avoided boards", b.rows, b.cols)[0]) for b in avoid}
        z = self.start.index(0)
        out = set()
        for _axis, steps in self.lines[z] if homes else ():
            for step in steps:
                child, at = list(self.start), z
                for p in step[5]:
                    child[at] = child[p]
                    at = p
                child[at] = 0
                if tuple(child) in homes:
                    out.add(step[5])
        return frozenset(out)

    def tiles(self, blanks: Sequence[int]) -> tuple[int, ...]:
        """The board's own tiles slid when the blank walks through the home cells ``blanks``."""
        return tuple(self.original[t] for t in tiles_moved(self.start, blanks))


def deepen_mtm(run: MtmRun, bound: int) -> Generator[Progress, None, list[int] | StopReason | None]:
    """One IDA* iteration to ``bound`` line moves from ``run``'s board, its first moves but those of ``run.skip``:
    the blank's home cells along a solution (one per tile slid), ``None`` when there is none within the bound, or
    the limit that stopped it. The hot loop, written out for speed (locals only); compiled by numba when installed
    (:mod:`~npuzzle.pdb.mtm_numba`: the same nodes)."""
    if run.compiled is not None and max(run.h1, run.h2) <= bound and run.b != run.goal:
        return (yield from _deepen_compiled(run, run.compiled, bound))
    E = run.database.data
    LOW, HIGH = run.database.index.low, run.database.index.high
    L, TL, LINES, b, goal = run.L, run.TL, run.lines, run.b, run.goal
    checkpoint, skip = run.checkpoint, run.skip
    check_at = checkpoint.next_at
    expanded, generated = run.expanded, run.generated
    learned = None if run.learned is None else run.learned.by_axis
    most = 0 if run.learned is None else run.learned.most // 2
    z = run.start.index(0)
    lo, hi, tlo, thi, h1, h2 = run.lo, run.hi, run.tlo, run.thi, run.h1, run.h2
    if max(h1, h2) > bound:
        return None
    if b == goal:
        return [z]
    g, axis = 0, -1
    stack: list[Frame] = []
    kids: list[Kid] = []
    while True:
        # the children of the node (z, codes, h1, h2) at depth g within the bound, tried in the order found
        thr = bound - g - 1
        kids = []
        for line_axis, steps in LINES[z]:
            if line_axis == axis:
                continue
            clo, chi, ctlo, cthi = lo, hi, tlo, thi
            for p, dlo, dhi, tdlo, tdhi, cells in steps:
                t = b[p]
                label = L[t]
                clo += label * dlo
                chi += label * dhi
                label = TL[t]
                ctlo += label * tdlo
                cthi += label * tdhi
                generated += 1
                i = LOW[clo] + HIGH[chi]
                n1 = h1 + RESIDUE_DELTA[((E[i >> 2] >> ((i & 3) << 1) & 3) - h1) % 3]
                if n1 > thr:
                    continue
                i = LOW[ctlo] + HIGH[cthi]
                n2 = h2 + RESIDUE_DELTA[((E[i >> 2] >> ((i & 3) << 1) & 3) - h2) % 3]
                if n2 > thr:
                    continue
                kids.append((line_axis, clo, chi, ctlo, cthi, n1, n2, cells))
        if not g and skip:
            kids = [kid for kid in kids if kid[7] not in skip]
        while True:
            if kids:
                axis_now, nlo, nhi, ntlo, nthi, n1, n2, cells = kids.pop()  # cells: where its tiles slide from
                at = z
                for p in cells:
                    b[at] = b[p]
                    at = p
                b[at] = 0
                if learned is not None and thr - (n1 if n1 > n2 else n2) >= LEARNED_GAP:
                    known = learned[axis_now].get(bytes(b))
                    if known is not None and known > thr:  # proven farther than the moves left
                        _slide_back(b, z, cells)
                        continue
                stack.append((z, lo, hi, tlo, thi, h1, h2, axis, kids, cells))
                axis, lo, hi, tlo, thi, h1, h2, z = axis_now, nlo, nhi, ntlo, nthi, n1, n2, at
                g += 1
                expanded += 1
                if h1 == 0 and h2 == 0 and b == goal:
                    run.count(expanded, generated, g)
                    walk = [frame[0] for frame in stack[:1]]
                    for frame in stack:
                        walk.extend(frame[9])
                    _restore(b, stack)
                    return walk
                if expanded >= check_at:
                    reason = yield from run.checkpoint_reached(expanded, generated, g)
                    if reason is not None:
                        _restore(b, stack)
                        return reason
                    check_at = checkpoint.next_at
                break
            if not stack:
                run.count(expanded, generated, g)
                return None
            left = bound - g  # no solution within ``left`` more moves from this board, first moves off ``axis``
            if learned is not None and left - (h1 if h1 > h2 else h2) >= LEARNED_GAP:
                table, key = learned[axis], bytes(b)
                if table.get(key, 0) <= left and (len(table) < most or key in table):
                    table[key] = left + 1
            z, lo, hi, tlo, thi, h1, h2, axis, kids, cells = stack.pop()
            _slide_back(b, z, cells)
            g -= 1
            thr = bound - g - 1


def _deepen_compiled(
    run: MtmRun, compiled: ModuleType, bound: int
) -> Generator[Progress, None, list[int] | StopReason | None]:
    """:func:`deepen_mtm` by the ``compiled`` module's iteration, in slices between the checkpoints."""
    learned = run.learned
    if learned is not None and learned.compiled is None:
        learned.compiled = compiled.LearnedTables(learned.most // 2)
    tables = None if learned is None else learned.compiled
    iteration = compiled.CompiledIteration(run, bound, run.skip, tables, LEARNED_GAP)
    checkpoint = run.checkpoint
    while True:
        ended = iteration.run(max(1, checkpoint.next_at - iteration.expanded))
        if ended == compiled.FOUND:
            run.count(iteration.expanded, iteration.generated, iteration.depth)
            walk: list[int] = iteration.walk()
            return walk
        if ended == compiled.NONE:
            run.count(iteration.expanded, iteration.generated, 0)
            return None
        reason = yield from run.checkpoint_reached(iteration.expanded, iteration.generated, iteration.depth)
        if reason is not None:
            return reason


Kid = tuple[int, int, int, int, int, int, int, tuple[int, ...]]
"""A child within the bound: its move's axis, codes and estimates, and the cells its tiles slide from."""

Frame = tuple[int, int, int, int, int, int, int, int, list[Kid], tuple[int, ...]]
"""A stack frame: the parent's blank, codes, estimates and axis, its children left, and the cells the tiles of the
move taken slid from."""


def _slide_back(b: list[int], blank: int, cells: Sequence[int]) -> None:
    """Undo the line move that took the blank from ``blank`` through ``cells``."""
    for at in range(len(cells) - 1, 0, -1):
        b[cells[at]] = b[cells[at - 1]]
    b[cells[0]] = b[blank]
    b[blank] = 0


def _restore(b: list[int], stack: list[Frame]) -> None:
    """Undo every move on the stack: the board back to the start (a search may be asked again)."""
    for frame in reversed(stack):
        _slide_back(b, frame[0], frame[9])


def solve_with_multiset(
    board: Board,
    goal: Board,
    database: MultisetDatabase,
    limit: Limit = Limit(),
    report_every: float = DEFAULT_REPORT_EVERY,
    learned: LearnedBounds | None = None,
) -> Search:
    """An optimal solution of ``board`` → ``goal`` in the multi-tile metric by IDA* on the multiset database: a
    generator yielding :class:`~npuzzle.progress.Progress` about every ``report_every`` seconds and returning a
    :class:`~npuzzle.progress.SearchResult` whose ``moves`` are the tiles slid (verified on the board), whose
    ``lower_bound`` and ``bound`` count line moves, with ``extra["metric"] = "mtm"`` and ``extra["line_moves"]``.
    Raises at once: :class:`~npuzzle.errors.PatternDatabaseError` when the database does not fit (see
    :func:`multiset_fits`), :class:`~npuzzle.errors.UnsolvableError` for a board that cannot reach the goal.
    ``learned``: bounds to read and add to (:class:`LearnedBounds`; the same answer in fewer nodes)."""
    run = MtmRun(database, board, goal, limit, report_every, learned=learned)
    return _search(board, goal, run, limit)


def _search(board: Board, goal: Board, run: MtmRun, limit: Limit) -> Search:
    def finish(moves: tuple[int, ...] | None, lines: int | None, reason: StopReason | None) -> SearchResult:
        extra = {
            "metric": "mtm",
            "line_moves": lines,
            "bound": run.bound,
            "h0": run.h1,
            "h0_transposed": run.h2,
            "per_iteration": run.per_iteration(),
        }
        return ida_result(run, limit, moves, run.bound if lines is None else lines, reason, extra, "line moves")

    yield run.started()
    while True:
        run.iterations += 1
        ended = yield from deepen_mtm(run, run.bound)
        if isinstance(ended, list):
            return finish(verify(board, goal, run.tiles(ended)), run.bound, None)
        if ended is not None:
            return finish(None, None, ended)
        run.iteration_ended()
        run.bound += 1


def within_lines(
    board: Board,
    goal: Board,
    database: MultisetDatabase,
    bound: int,
    limit: Limit = Limit(),
    avoid: Collection[Board] = (),
    report_every: float = DEFAULT_REPORT_EVERY,
    learned: LearnedBounds | None = None,
) -> Generator[Progress, None, tuple[tuple[int, ...] | StopReason | None, int]]:
    """One IDA* iteration with ``bound`` line moves: a solution of at most ``bound`` line moves (the tiles slid,
    verified) when there is one, else ``None``; the limit's reason if it stopped first; and the nodes expanded.
    ``avoid``: boards one line move away known to be more than ``bound − 1`` line moves from the goal, whose
    subtrees are not searched (the answer is the same, found sooner); ``learned`` as for :func:`solve_with_multiset`.
    Raises as :func:`solve_with_multiset` does."""
    run = MtmRun(database, board, goal, limit, report_every, avoid, learned)
    ended = yield from deepen_mtm(run, bound)
    if isinstance(ended, list):
        return verify(board, goal, run.tiles(ended)), run.expanded
    return ended, run.expanded
