"""IDA* specialised for walking distance (:mod:`npuzzle.optimal.walking`), like :mod:`npuzzle.pdb.search` for the
pattern database: per move one transition-table lookup and one distance lookup, its hot loop written out for speed.

:func:`solve_with_walking_distance` works for any goal of at most 4 rows and 4 columns; IDA* with heuristic
``walking-distance`` runs it (:func:`npuzzle.solving.registry.default_registry`). ``heuristic="auto"`` picks it for a
4×4 that no loaded pattern database fits, where it is much faster than IDA* with linear conflict
(:data:`npuzzle.policy.WALKING_AUTO_SHAPES`; the measurements, with the command that repeats them, are in
docs/benchmarks.md). Its limits, progress and stop messages are the shared
:class:`~npuzzle.optimal.checkpoint.Checkpoint`'s.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from ..board import Board
from ..errors import GoalError, PuzzleError
from ..progress import Limit, Progress, Search, SearchResult, StopReason, preparing
from ..solvability import check_reachable
from .checkpoint import DEFAULT_REPORT_EVERY, ida_result, tiles_moved, verify
from .ida_counts import ALGORITHM, IdaCounts
from .walking import HEURISTIC, MAX_SIDE, WalkingTable, walking_fits, walking_tables_steps

CHECK_EVERY = 2048
"""Expansions between two checkpoints (clock, limits, progress)."""


def solve_with_walking_distance(
    board: Board,
    goal: Board,
    limit: Limit = Limit(),
    *,
    tables: tuple[WalkingTable, WalkingTable] | None = None,
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Search:
    """Optimal solution of ``board`` → ``goal`` by IDA* with walking distance: a generator (the shared contract).

    ``tables`` are :func:`walking_tables` of the goal; when not given they are built inside the generator, in
    steps with a progress record (``bound`` ``None``) about every ``report_every`` seconds (a 4×4 goal with its
    blank off the diagonal needs two tables, others one). Raises at once :class:`~npuzzle.errors.UnsolvableError`
    for a board that cannot reach the goal and :class:`~npuzzle.errors.PuzzleError` when :func:`walking_fits` is
    false. ``limit.nodes`` and ``limit.seconds`` are checked every :data:`CHECK_EVERY` expansions; memory is
    O(solution length).
    """
    if (goal.rows, goal.cols) != (board.rows, board.cols):
        raise GoalError(f"the goal is {goal.rows}×{goal.cols} but the board is {board.rows}×{board.cols}")
    if not walking_fits(board, goal):
        raise PuzzleError(
            f"walking distance needs a goal of the board's shape and at most {MAX_SIDE} rows and "
            f"columns; got a {board.rows}×{board.cols} board and a {goal.rows}×{goal.cols} goal"
        )
    check_reachable(board, goal)
    br, bc = divmod(goal.blank_index, goal.cols)
    if tables is not None:
        vertical, horizontal = tables
        if (vertical.lines, vertical.width, vertical.blank_line) != (goal.rows, goal.cols, br) or (
            horizontal.lines,
            horizontal.width,
            horizontal.blank_line,
        ) != (goal.cols, goal.rows, bc):
            raise PuzzleError("these walking-distance tables were built for another goal")
    return _search(board, goal, tables, limit, report_every)


def _search(
    board: Board, goal: Board, tables: tuple[WalkingTable, WalkingTable] | None, limit: Limit, report_every: float
) -> Search:
    t0 = time.perf_counter()
    if tables is None:  # built here in steps, with progress records between them: a cancel is seen meanwhile

        def building(elapsed: float) -> Progress:
            return preparing(ALGORITHM, HEURISTIC, elapsed)

        last = t0
        yield building(0.0)
        steps = walking_tables_steps(goal)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                tables = done.value
                break
            now = time.perf_counter()
            if now - last >= report_every:
                last = now
                yield building(now - t0)
    vertical, horizontal = tables
    rows, cols = board.rows, board.cols
    n = rows * cols
    goal_cell = [0] * n
    for c, t in enumerate(goal.tiles):
        goal_cell[t] = c
    grow = [goal_cell[t] // cols for t in range(n)]
    gcol = [goal_cell[t] % cols for t in range(n)]
    b = list(board.tiles)
    rs = vertical.state_of([c // cols for c in range(n)], grow, b)
    cs = horizontal.state_of([c % cols for c in range(n)], gcol, b)
    DV, SV, DH, SH = vertical.distance, vertical.step, horizontal.distance, horizontal.step
    lv, lh = rows, cols
    # NB[z * (n + 1) + prev]: (cell p of the tile sliding into z, vertical?, step offset); the offset selects
    # the direction block of the step table: blank moving up/left → 0, down/right → 1.
    NB: list[tuple[tuple[int, int, int], ...]] = []
    for z in range(n):
        r, k = divmod(z, cols)
        around = []
        if r:
            around.append((z - cols, 1, 0))
        if k:
            around.append((z - 1, 0, 0))
        if k < cols - 1:
            around.append((z + 1, 0, 1))
        if r < rows - 1:
            around.append((z + cols, 1, 1))
        for prev in range(n + 1):
            NB.append(tuple(m for m in around if m[0] != prev))
    stride = n + 1
    h0 = DV[rs] + DH[cs]
    z0 = b.index(0)

    run = IdaCounts(HEURISTIC, limit, report_every, CHECK_EVERY, h0, start=t0)
    checkpoint = run.checkpoint
    stack: list[tuple[int, int, Iterator[tuple[int, int, int]], int, int]] = []

    def finish(moves: tuple[int, ...] | None, reason: StopReason | None) -> SearchResult:
        extra = {"bound": run.bound, "h0": h0, "per_iteration": run.per_iteration()}
        return ida_result(run, limit, moves, len(moves) if moves is not None else run.bound, reason, extra)

    yield run.started()
    if b == list(goal.tiles):
        return finish((), None)
    expanded = generated = 0
    check_at = checkpoint.next_at
    found = False
    # Hot loop, written out for speed: IDA* with both walking-distance abstractions updated per move, no calls.
    while not found:
        run.iterations += 1
        z, prev, g = z0, n, 0
        nbrs = NB[z * stride + prev]
        expanded += 1
        generated += len(nbrs)
        it = iter(nbrs)
        stack = []
        push, pop = stack.append, stack.pop
        lim = run.bound - 1
        while True:
            thr = lim - g
            for p, vert, toward in it:
                t = b[p]
                if vert:
                    nrs = SV[(rs * 2 + toward) * lv + grow[t]]
                    if DV[nrs] + DH[cs] > thr:
                        continue
                    ncs = cs
                else:
                    ncs = SH[(cs * 2 + toward) * lh + gcol[t]]
                    if DV[rs] + DH[ncs] > thr:
                        continue
                    nrs = rs
                push((z, prev, it, rs, cs))
                b[z] = t
                b[p] = 0
                prev = z
                z = p
                rs = nrs
                cs = ncs
                g += 1
                nbrs = NB[z * stride + prev]
                expanded += 1
                generated += len(nbrs)
                it = iter(nbrs)
                if DV[rs] + DH[cs] == 0 and b == list(goal.tiles):
                    found = True
                elif expanded >= check_at:
                    reason = yield from run.checkpoint_reached(expanded, generated, g)
                    if reason is not None:
                        return finish(None, reason)
                    check_at = checkpoint.next_at
                break
            else:
                if not stack:
                    break
                pz = z
                z, prev, it, rs, cs = pop()
                b[pz] = b[z]
                b[z] = 0
                g -= 1
                continue
            if found:
                break
        if not found:
            run.count(expanded, generated, 0)
            run.iteration_ended()
            run.bound += 2
    blanks = [frame[0] for frame in stack] + [z]
    run.count(expanded, generated, len(blanks) - 1)
    return finish(verify(board, goal, tiles_moved(board.tiles, blanks)), None)
