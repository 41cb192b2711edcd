"""Optimal search: A* on a binary heap, and iterative IDA*.

Both are generators of the shared contract (:data:`npuzzle.progress.Search`): they yield a
:class:`~npuzzle.progress.Progress` record about every ``report_every`` seconds (checked every few hundred
expansions), stop with a :class:`~npuzzle.progress.SearchResult` whose ``stopped`` names the bound when a
:class:`~npuzzle.progress.Limit` is reached, and stop at once when the consumer stops asking (``close()``).
Their limits, progress cadence and stop messages are the shared :class:`~npuzzle.optimal.checkpoint.Checkpoint`'s.
They take a board, a goal and a :class:`~npuzzle.optimal.heuristics.Heuristic`, and refuse at once (when called, before
any search) a goal of another shape (:class:`~npuzzle.errors.GoalError`) and a board that cannot reach the goal
(:class:`~npuzzle.errors.UnsolvableError` with the parity reasoning;
:func:`~npuzzle.solvability.check_reachable`, O(n log n)). States are
packed ints (:mod:`npuzzle.optimal.packing`).

Every solution is replayed on the board (:func:`~npuzzle.optimal.checkpoint.verify`) before it is returned; a path
that does not reach the goal raises :class:`~npuzzle.optimal.checkpoint.SearchBug`.
"""

from __future__ import annotations

import time
from heapq import heappop, heappush
from typing import Any

from ..board import Board
from ..compiled import compiled_module
from ..progress import Limit, Progress, Search, SearchResult, StopReason, result_at
from ..solvability import check_reachable
from .checkpoint import DEFAULT_REPORT_EVERY, Checkpoint, limit_message, verify
from .heap import IndexedHeap
from .heuristics import Heuristic, LinearConflict, LineTable, Manhattan, SumOfTables, TableHeuristic
from .observe import AstarKeys, AstarObserver, IdaNode, IdaObserver
from .packing import Layout, Move

ASTAR_CHECK_EVERY = 256
"""A* checks its limits (and may report progress) every this many expansions."""

IDA_CHECK_EVERY = 1024
"""IDA* checks its limits (and may report progress) every this many expansions."""

COMPILED_AFTER = 200_000
"""Nodes an unobserved IDA* with Manhattan distance or linear conflicts expands before its next iteration runs
compiled by numba, when installed (:mod:`~npuzzle.optimal.ida_numba`: the same nodes): numba's start, about 0.4 s
once a process, would outweigh the short searches."""

COMPILED_CHECK_EVERY = 1 << 16
"""Expansions between clock readings once the iterations run compiled: a few milliseconds."""

_MoveRow = tuple[int, int, int, int, list[int] | None, list[LineTable | None] | None, Move]


def move_table(layout: Layout, heuristic: Heuristic) -> list[list[_MoveRow]]:
    """For each blank cell, its moves as flat tuples the inner loops unpack.

    Each row is ``(src, blank_shift, tile_shift, blank_step, deltas, lines, move)``; ``deltas`` (per-tile change
    of h) and ``lines`` come from a :class:`TableHeuristic` and are ``None`` for other heuristics, whose
    ``delta`` method is called instead.
    """
    table: list[list[_MoveRow]] = []
    for moves in layout.moves:
        rows: list[_MoveRow] = []
        for m in moves:
            if isinstance(heuristic, TableHeuristic):
                rows.append(
                    (
                        m.src,
                        m.blank_shift,
                        m.tile_shift,
                        m.blank_step,
                        heuristic.move_delta(m),
                        heuristic.move_lines(m),
                        m,
                    )
                )
            else:
                rows.append((m.src, m.blank_shift, m.tile_shift, m.blank_step, None, None, m))
        table.append(rows)
    return table


def astar(
    board: Board,
    goal: Board,
    heuristic: Heuristic,
    limit: Limit = Limit(),
    *,
    report_every: float = DEFAULT_REPORT_EVERY,
    observer: AstarObserver | None = None,
) -> Search:
    """A* search (Hart, Nilsson & Raphael 1968) from ``board`` to ``goal``, optimal when ``heuristic`` is admissible.

    The open list is ordered by f = g + h (ties: deeper first, then by the packed state;
    :class:`~npuzzle.optimal.observe.AstarKeys`): a binary heap (:mod:`heapq`) where a cheaper path to a queued state
    queues it again and the stale entry is skipped when popped, or, when watched, the course's
    :class:`~npuzzle.optimal.heap.IndexedHeap`, where it lowers the state's key in O(log n) (decrease-key); both take
    the same states in the same order. A closed state reached by a cheaper path (possible only with an inconsistent
    heuristic) is reopened. Statistics: states expanded
    (nodes expanded), generated, the largest heap size, the time. ``limit.nodes`` bounds expansions,
    ``limit.memory`` the states held; both stop the search with a message suggesting IDA* (and a stronger
    heuristic, when there is one). O(b·log n) per expansion; memory O(states reached). Raises at once (before
    returning the generator) :class:`~npuzzle.errors.GoalError` or :class:`~npuzzle.errors.UnsolvableError`, see
    :func:`~npuzzle.solvability.check_reachable`. An ``observer`` (:class:`~npuzzle.optimal.observe.AstarObserver`) is
    told of each expansion and gives the heap; without one the search tests ``None`` once per expansion.
    """
    check_reachable(board, goal)
    return _astar(board, goal, heuristic, limit, report_every, observer)


class _Setup:
    """What A* and IDA* prepare before searching: packed start and goal, the move table and h of the start."""

    __slots__ = ("bmask", "h0", "hdelta", "layout", "start", "table", "target", "tmask")

    def __init__(self, board: Board, goal: Board, heuristic: Heuristic) -> None:
        self.layout = layout = Layout.of(board.rows, board.cols)
        self.start, self.target = layout.pack(board.tiles), layout.pack(goal.tiles)
        self.table = move_table(layout, heuristic)
        self.hdelta = heuristic.delta
        self.tmask, self.bmask = layout.tile_mask, layout.blank_mask
        self.h0 = heuristic.initial(board.tiles)


def _astar(
    board: Board, goal: Board, heuristic: Heuristic, limit: Limit, report_every: float, observer: AstarObserver | None
) -> Search:
    setup = _Setup(board, goal, heuristic)
    layout, start, target, table, hdelta = setup.layout, setup.start, setup.target, setup.table, setup.hdelta
    tmask, bmask, h0 = setup.tmask, setup.bmask, setup.h0
    memory = limit.memory
    gbits = 24 if memory is not None and memory < 1 << 23 else 48
    gmax = (1 << gbits) - 1
    sbits = layout.state_bits
    smask = (1 << sbits) - 1
    keys = AstarKeys(gbits, sbits)
    name = heuristic.name
    checkpoint = Checkpoint(limit, report_every, ASTAR_CHECK_EVERY, bounds_memory=True)

    # Unwatched, the open list is heapq's (in C) with stale entries skipped when popped; watched, the observer's
    # decrease-key heap. Entries are totally ordered (AstarKeys), so both take the same states in the same order.
    watched = observer is not None
    queue: list[int] = []
    heap = observer.attach(layout, keys) if observer is not None else IndexedHeap[int]()
    first = (((h0 << gbits) | gmax) << sbits) | start
    if watched:
        heap.push(first, start)
    else:
        queue.append(first)
    where = heap.where
    closed: set[int] = set()  # states expanded and not reopened since (heapq's queue holds no count of the open)
    g_of: dict[int, int] = {start: 0}
    parent: dict[int, int] = {start: -1}
    expanded = generated = 0
    open_count = max_heap = 1
    last_f = h0

    def progress(now: float) -> Progress:
        return Progress(
            algorithm="astar",
            heuristic=name,
            nodes_expanded=expanded,
            nodes_generated=generated,
            frontier=open_count,
            bound=last_f,
            iteration=1,
            elapsed=now - checkpoint.start,
            max_frontier=max_heap,
        )

    def ended(
        moves: tuple[int, ...] | None, bound: int, reason: StopReason | None = None, message: str = ""
    ) -> SearchResult:
        optimal = moves is not None and heuristic.admissible
        held = {"states_held": len(g_of)}
        return result_at(progress(time.perf_counter()), reason, message, bound, held, moves=moves, optimal=optimal)

    def smallest_f() -> int:
        if watched:
            return keys.f(heap.peek_key()) if len(heap) else last_f
        while queue and keys.g(queue[0]) != g_of[queue[0] & smask]:
            heappop(queue)
        return keys.f(queue[0]) if queue else last_f

    def stopped(reason: StopReason) -> SearchResult:
        bound = smallest_f()
        return ended(None, bound, reason, limit_message("astar", name, reason, limit, expanded, len(g_of), bound))

    yield progress(checkpoint.start)
    check_at = checkpoint.next_at
    pop, push, decrease = heap.pop, heap.push, heap.decrease
    # Hot loop, written out for speed: reference.astar with packed states and h updated per move.
    while queue or heap.keys:
        if watched:
            top, state = pop()
        else:
            top = heappop(queue)
            state = top & smask
        key = top >> sbits
        g = gmax - (key & gmax)
        if g != g_of[state]:
            continue  # a stale entry: the state was queued again by a shorter path
        last_f = key >> gbits
        if state == target:
            if observer is not None:
                observer.took(top, expanded, generated, max_heap, True)
            moves: list[int] = []
            s = state
            while s != start:
                p = parent[s]
                moves.append((s >> layout.shift(p & bmask)) & tmask)
                s = p
            moves.reverse()
            path = verify(board, goal, moves)
            return ended(path, len(path) if heuristic.admissible else 0)
        h = last_f - g
        expanded += 1
        open_count -= 1
        closed.add(state)
        if expanded >= check_at:
            reason = checkpoint.check(expanded, len(g_of))
            if reason is not None:
                closed.discard(state)
                if watched:
                    push(top, state)
                else:
                    heappush(queue, top)
                return stopped(reason)
            check_at = checkpoint.next_at
            if checkpoint.report_due():
                yield progress(checkpoint.now)
        g1 = g + 1
        low = gmax - g1
        for _src, bsh, tsh, step, deltas, lines, mv in table[state & bmask]:
            tile = (state >> tsh) & tmask
            child = state + (tile << bsh) - (tile << tsh) + step
            generated += 1
            old = g_of.get(child)
            if old is not None and old <= g1:
                continue
            if deltas is None:
                ch = h + hdelta(state, child, tile, mv)
            else:
                ch = h + deltas[tile]
                if lines is not None:
                    line = lines[tile]
                    if line is not None:
                        m = line.mask
                        ch += line[child & m] - line[state & m]
            g_of[child] = g1
            parent[child] = state
            if old is None:
                open_count += 1
            elif child in closed:
                closed.discard(child)
                open_count += 1
            entry = ((((g1 + ch) << gbits) | low) << sbits) | child
            if not watched:
                heappush(queue, entry)
            elif old is not None and child in where:
                decrease(child, entry)
            else:
                push(entry, child)
        if open_count > max_heap:
            max_heap = open_count
        if observer is not None:
            observer.took(top, expanded, generated, max_heap, False)
    return ended(
        None, last_f, message="A* exhausted every reachable state without reaching the goal (is the board solvable?)"
    )


def idastar(
    board: Board,
    goal: Board,
    heuristic: Heuristic,
    limit: Limit = Limit(),
    *,
    report_every: float = DEFAULT_REPORT_EVERY,
    observer: IdaObserver | None = None,
) -> Search:
    """Iterative-deepening A* (Korf 1985) from ``board`` to ``goal``, optimal when ``heuristic`` is admissible.

    Depth-first searches bounded by f = g + h ≤ bound, raising the bound to the smallest f that exceeded it,
    with an explicit stack (no recursion) and no move that undoes the previous one. Memory O(depth); time per
    node O(1) for table heuristics. Statistics: nodes expanded and generated over all iterations, iterations,
    the current bound, and the largest stack (``max_frontier``). ``limit.nodes`` and ``limit.seconds`` apply;
    ``limit.memory`` never binds. Raises at once (before returning the generator)
    :class:`~npuzzle.errors.GoalError` or :class:`~npuzzle.errors.UnsolvableError`, see
    :func:`~npuzzle.solvability.check_reachable`. An ``observer`` (:class:`~npuzzle.optimal.observe.IdaObserver`) is
    told of each node as it is taken, in the limit check, which then runs at every expansion; without one the loop
    is unchanged.
    """
    check_reachable(board, goal)
    return _idastar(board, goal, heuristic, limit, report_every, observer)


def _idastar(
    board: Board, goal: Board, heuristic: Heuristic, limit: Limit, report_every: float, observer: IdaObserver | None
) -> Search:
    setup = _Setup(board, goal, heuristic)
    if observer is not None:
        observer.attach(setup.layout)
    start, target, table, hdelta = setup.start, setup.target, setup.table, setup.hdelta
    tmask, bmask, h0 = setup.tmask, setup.bmask, setup.h0
    name = heuristic.name
    checkpoint = Checkpoint(limit, report_every, IDA_CHECK_EVERY if observer is None else 1)
    expanded = generated = 0
    max_stack = 1
    iterations = 0
    bound = h0
    stack: list[IdaNode] = []
    done: list[tuple[int, int]] = []  # (bound, nodes) of each finished iteration
    before = 0  # nodes expanded before the running iteration

    def progress(now: float, frontier: int) -> Progress:
        elapsed = now - checkpoint.start
        return Progress(
            algorithm="idastar",
            heuristic=name,
            nodes_expanded=expanded,
            nodes_generated=generated,
            frontier=frontier,
            bound=bound,
            iteration=iterations,
            elapsed=elapsed,
            max_frontier=max_stack,
            per_iteration=tuple(done),
        )

    def ended(
        moves: tuple[int, ...] | None,
        frontier: int,
        reason: StopReason | None = None,
        message: str = "",
        **extra: Any,
    ) -> SearchResult:
        optimal = moves is not None and heuristic.admissible
        lower = bound if moves is None else len(moves) if heuristic.admissible else 0
        now = time.perf_counter()
        return result_at(progress(now, frontier), reason, message, lower, extra, moves=moves, optimal=optimal)

    def stopped(reason: StopReason, frontier: int) -> SearchResult:
        message = limit_message("idastar", name, reason, limit, expanded, frontier, bound)
        return ended(None, frontier, reason, message)

    yield progress(checkpoint.start, 0)
    check_at = checkpoint.next_at
    infinity = 1 << 62
    compiles = may_compile(heuristic, goal, observer)
    tables = heuristic if isinstance(heuristic, SumOfTables) else None  # compiled from the first node on
    compiled: Any = None
    kernel = None
    while True:
        iterations += 1
        next_bound = infinity
        if compiles and expanded >= (0 if tables else COMPILED_AFTER) and compiled is None:
            compiled = compiled_module(f"{__package__}.ida_numba")
            if compiled is not None:  # made once: the estimate's and the moves' arrays, and the longer slices
                conflicts = isinstance(heuristic, LinearConflict)
                arrays = tables.kernel_tables() if tables else None
                estimate = compiled.Estimate(goal.tiles, board.rows, board.cols, conflicts, arrays)
                kernel = (estimate, compiled.order(setup.table))
                checkpoint.every = COMPILED_CHECK_EVERY
                check_at = checkpoint.next_at = min(checkpoint.next_at, expanded + COMPILED_CHECK_EVERY)
            compiles = compiled is not None
        if kernel is not None:
            so_far = (expanded, generated, max_stack)
            it = compiled.CompiledIteration(board.tiles, goal.tiles, *kernel, h0, bound, so_far)
            while True:
                status = it.run(max(1, check_at - expanded))
                expanded, generated = it.count(compiled.EXPANDED), it.count(compiled.GENERATED)
                max_stack = it.count(compiled.MOST_ON_STACK)
                if status == compiled.FOUND:
                    solution = verify(board, goal, it.path())
                    on_stack = it.count(compiled.ON_STACK)
                    return ended(solution, on_stack, bound=bound, per_iteration=[*done, (bound, expanded - before)])
                if status == compiled.EXHAUSTED:
                    next_bound = min(it.count(compiled.NEXT_BOUND), infinity)
                    break
                reason = checkpoint.check(expanded)
                if reason is not None:
                    return stopped(reason, it.count(compiled.ON_STACK) + 1)
                check_at = checkpoint.next_at
                if checkpoint.report_due():
                    yield progress(checkpoint.now, it.count(compiled.ON_STACK))
        else:
            path = [0] * (bound + 1)
            stack = [(start, 0, h0, -1, 0)]
            pop, append = stack.pop, stack.append
            # Hot loop, written out for speed: reference.idastar with packed states and h updated per move.
            while stack:
                state, g, h, prev, moved = pop()
                if g:
                    path[g - 1] = moved
                if h == 0 and state == target:
                    if observer is not None:
                        counts = (iterations, bound, _finite(next_bound, infinity), expanded, generated, max_stack)
                        observer.took((state, g, h, prev, moved), stack, counts, True)
                    solution = verify(board, goal, path[:g])
                    return ended(solution, len(stack), bound=bound, per_iteration=[*done, (bound, expanded - before)])
                expanded += 1
                if expanded >= check_at:  # every expansion when observed (the observer is told here, not in the loop)
                    if observer is not None:
                        counts = (iterations, bound, _finite(next_bound, infinity), expanded, generated, max_stack)
                        observer.took((state, g, h, prev, moved), stack, counts, False)
                    reason = checkpoint.check(expanded)
                    if reason is not None:
                        append((state, g, h, prev, moved))
                        return stopped(reason, len(stack))
                    check_at = checkpoint.next_at
                    if checkpoint.report_due():
                        yield progress(checkpoint.now, len(stack))
                g1 = g + 1
                blank = state & bmask
                for src, bsh, tsh, step, deltas, lines, mv in table[blank]:
                    if src == prev:
                        continue
                    tile = (state >> tsh) & tmask
                    child = state + (tile << bsh) - (tile << tsh) + step
                    # written out for speed: the child's estimate as _astar makes it (a call per child would cost more)
                    if deltas is None:
                        ch = h + hdelta(state, child, tile, mv)
                    else:
                        ch = h + deltas[tile]
                        if lines is not None:
                            line = lines[tile]
                            if line is not None:
                                m = line.mask
                                ch += line[child & m] - line[state & m]
                    generated += 1
                    f = g1 + ch
                    if f > bound:
                        if f < next_bound:
                            next_bound = f
                        continue
                    append((child, g1, ch, blank, tile))
                if len(stack) > max_stack:
                    max_stack = len(stack)
        done.append((bound, expanded - before))
        before = expanded
        if next_bound == infinity:
            return ended(
                None,
                0,
                message="IDA* exhausted every reachable state without reaching the goal (is the board solvable?)",
            )
        bound = next_bound


def may_compile(heuristic: Heuristic, goal: Board, observer: IdaObserver | None) -> bool:
    """Whether an IDA* with ``heuristic`` towards ``goal`` may run compiled (:mod:`~npuzzle.optimal.ida_numba`, when
    numba is installed): no observer, Manhattan distance or linear conflicts (exactly those classes) or additive
    tables (:class:`~npuzzle.optimal.heuristics.SumOfTables`) made for that goal (the compiled estimate is made from
    the goal)."""
    if observer is not None:
        return False
    if isinstance(heuristic, SumOfTables):
        return heuristic.goal == goal
    exact = type(heuristic) in (Manhattan, LinearConflict)
    return exact and isinstance(heuristic, TableHeuristic) and heuristic.goal == goal


def _finite(value: int, infinity: int) -> int | None:
    return None if value == infinity else value
