"""Walking distance (Takahashi): a table-driven heuristic stronger than Manhattan distance, and its IDA*.

Walking distance counts vertical and horizontal moves separately. For the vertical part, forget the columns: a
board becomes, for every row, how many of its tiles belong to each goal row, plus the row of the blank. A
vertical move takes one tile from the blank's neighbouring row into the blank's row. The fewest such moves to
reach the goal's counts is the *vertical walking distance*; the horizontal one is the same thing on the
transposed board. Each real move changes one of the two abstractions by one step, so their sum is admissible,
and it counts, unlike Manhattan distance, the extra moves tiles of the same goal row need to get past each other.
For the 4×4 each abstraction has 24,964 states (Takahashi's figure), found here by one breadth-first search
per distinct blank row/column of the goal.

:func:`solve_with_walking_distance` is an IDA* specialised for it, like :mod:`npuzzle.pdb.search`: per move one
transition-table lookup and one distance lookup. It works for any goal (the tables follow the goal's rows and
columns), for boards up to 4 rows and 4 columns (larger ones have too many abstract states to tabulate in
pure Python at run time). :class:`WalkingDistance` is the same estimate as a generic
:class:`~npuzzle.heuristics.Heuristic` for :func:`npuzzle.search.astar` (and the compare table).

It is registered as heuristic ``walking-distance`` in :func:`npuzzle.registry.default_registry` (choose it by name:
CLI ``--heuristic walking-distance``, the page's heuristic list); IDA* with it runs
:func:`solve_with_walking_distance`. ``heuristic="auto"`` picks it for a 4×4 that no loaded pattern database fits
(none loaded yet, or a goal without a corner blank), where its IDA* is much faster than IDA* with linear
conflict; on smaller boards its table building and per-node work cost more than its pruning saves, so ``auto``
keeps linear conflict there (:data:`npuzzle.policy.WALKING_AUTO_SHAPES`; the measurements, with the command
that repeats them, are in docs/benchmarks.md). Its limits, progress and stop messages are the shared
:class:`~npuzzle.checkpoint.Checkpoint`'s.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass

from .board import Board
from .checkpoint import DEFAULT_REPORT_EVERY, Checkpoint, limit_message, tiles_moved, verify
from .errors import GoalError, LimitError, PuzzleError
from .packing import Layout, Move
from .progress import Limit, Progress, Search, SearchResult, StopReason, run
from .solvability import check_reachable

MAX_SIDE = 4
"""The largest number of rows or columns the tables are built for."""

ALGORITHM = "idastar"
HEURISTIC = "walking-distance"
CHECK_EVERY = 2048
"""Expansions between two checkpoints (clock, limits, progress)."""
BUILD_STEP = 256
"""Abstract states a table build handles between two yields (:func:`walking_table_steps`)."""

_State = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class WalkingTable:
    """The walking-distance abstraction for ``lines`` lines of ``width`` cells whose goal has the blank in line
    ``blank_line``.

    ``distance[s]`` is the walking distance of abstract state ``s``; ``step[(s * 2 + towards_end) * lines + k]`` is
    the state after the blank moves one line up (``towards_end = 0``) or down (1) and a tile whose goal line is
    ``k`` takes its place, or −1 when that move is impossible. ``index`` maps a state (a tuple per line of counts
    per goal line, then the blank's line as a 1-tuple) to its number.
    """

    lines: int
    width: int
    blank_line: int
    distance: bytes
    step: tuple[int, ...]
    index: dict[_State, int]

    def state_of(self, line_of_cell: Sequence[int], goal_line_of_tile: Sequence[int], tiles: Sequence[int]) -> int:
        """The abstract state of a board: ``line_of_cell[c]`` is the line of cell ``c``; ``goal_line_of_tile[t]``
        that of tile ``t``'s goal cell."""
        counts = [[0] * self.lines for _ in range(self.lines)]
        blank = 0
        for c, t in enumerate(tiles):
            if t == 0:
                blank = line_of_cell[c]
            else:
                counts[line_of_cell[c]][goal_line_of_tile[t]] += 1
        return self.index[tuple(tuple(row) for row in counts) + ((blank,),)]


def build_walking_table(lines: int, width: int, blank_line: int) -> WalkingTable:
    """Breadth-first search of the walking-distance abstraction (see the module text); O(states · lines²)."""
    return run(walking_table_steps(lines, width, blank_line))


def walking_table_steps(lines: int, width: int, blank_line: int) -> Generator[None, None, WalkingTable]:
    """:func:`build_walking_table` in steps: yields after every :data:`BUILD_STEP` abstract states (a few
    milliseconds each), so a search that builds its tables stays cancellable; returns the table."""
    if not (2 <= lines <= MAX_SIDE and 2 <= width <= MAX_SIDE):
        raise PuzzleError(f"walking distance is tabulated for boards up to {MAX_SIDE}×{MAX_SIDE}")
    goal_counts = [[width if i == k else 0 for k in range(lines)] for i in range(lines)]
    goal_counts[blank_line][blank_line] -= 1
    goal: _State = tuple(tuple(row) for row in goal_counts) + ((blank_line,),)
    index: dict[_State, int] = {goal: 0}
    order: list[_State] = [goal]
    dist = [0]
    head = 0
    edges: list[list[int]] = []
    while head < len(order):
        if head % BUILD_STEP == BUILD_STEP - 1:
            yield None
        state = order[head]
        blank = state[lines][0]
        out = [-1] * (2 * lines)
        for towards_end, other in ((0, blank - 1), (1, blank + 1)):
            if not 0 <= other < lines:
                continue
            for k in range(lines):
                if state[other][k] == 0:
                    continue
                rows = [list(r) for r in state[:lines]]
                rows[other][k] -= 1
                rows[blank][k] += 1
                nxt: _State = tuple(tuple(r) for r in rows) + ((other,),)
                found = index.get(nxt)
                if found is None:
                    found = len(order)
                    index[nxt] = found
                    order.append(nxt)
                    dist.append(dist[head] + 1)
                out[towards_end * lines + k] = found
        edges.append(out)
        head += 1
    step = tuple(x for out in edges for x in out)
    return WalkingTable(lines, width, blank_line, bytes(dist), step, index)


def walking_fits(board: Board, goal: Board) -> bool:
    """True when walking distance is available: same shape, at most :data:`MAX_SIDE` rows and columns."""
    return (goal.rows, goal.cols) == (board.rows, board.cols) and max(board.rows, board.cols) <= MAX_SIDE


def walking_tables(goal: Board) -> tuple[WalkingTable, WalkingTable]:
    """The vertical and horizontal tables for ``goal`` (build once, pass to every solve for that goal)."""
    if max(goal.rows, goal.cols) > MAX_SIDE:
        raise PuzzleError(
            f"walking distance is tabulated for boards up to {MAX_SIDE}×{MAX_SIDE}, not {goal.rows}×{goal.cols}"
        )
    return run(walking_tables_steps(goal))


def walking_tables_steps(goal: Board) -> Generator[None, None, tuple[WalkingTable, WalkingTable]]:
    """:func:`walking_tables` in steps (see :func:`walking_table_steps`): the vertical table, then the horizontal
    one, which is the same table when the goal is square with its blank on the diagonal."""
    br, bc = divmod(goal.blank_index, goal.cols)
    vertical = yield from walking_table_steps(goal.rows, goal.cols, br)
    if goal.rows == goal.cols and br == bc:
        return vertical, vertical
    horizontal = yield from walking_table_steps(goal.cols, goal.rows, bc)
    return vertical, horizontal


class WalkingDistance:
    """Walking distance as a generic :class:`~npuzzle.heuristics.Heuristic` (for A* and the compare table).

    Built for one goal of at most :data:`MAX_SIDE` rows and columns (raises :class:`~npuzzle.errors.LimitError`
    otherwise; building the tables is the costly part on a 4×4). :meth:`initial` is O(n); :meth:`delta` reads the
    abstract states of its ``state`` in O(n) once per parent (it remembers the last parent, and the searches ask
    for all children of one state in a row), then takes one step-table lookup per child: a vertical move changes
    only the row abstraction, a horizontal one only the column abstraction. Admissible for every goal
    (Takahashi's argument, see the module text).
    """

    __slots__ = ("_col_of", "_gcol", "_grow", "_horizontal", "_last", "_layout", "_row_of", "_vertical", "goal")

    def __init__(self, goal: Board, tables: tuple[WalkingTable, WalkingTable] | None = None) -> None:
        if max(goal.rows, goal.cols) > MAX_SIDE:
            raise LimitError(
                f"the walking-distance heuristic is tabulated for boards of up to {MAX_SIDE} rows and "
                f"{MAX_SIDE} columns, not {goal.rows}×{goal.cols}"
            )
        self.goal = goal
        self._layout = Layout.of(goal.rows, goal.cols)
        self._vertical, self._horizontal = tables if tables is not None else walking_tables(goal)
        n, cols = goal.size, goal.cols
        goal_cell = [0] * n
        for c, t in enumerate(goal.tiles):
            goal_cell[t] = c
        self._grow = [goal_cell[t] // cols for t in range(n)]
        self._gcol = [goal_cell[t] % cols for t in range(n)]
        self._row_of = [c // cols for c in range(n)]
        self._col_of = [c % cols for c in range(n)]
        self._last: tuple[int, int, int] = (-1, 0, 0)

    @property
    def name(self) -> str:
        """``"walking-distance"``."""
        return HEURISTIC

    @property
    def admissible(self) -> bool:
        """True: the sum of the vertical and horizontal walking distances never overestimates."""
        return True

    def _states(self, tiles: Sequence[int]) -> tuple[int, int]:
        return (
            self._vertical.state_of(self._row_of, self._grow, tiles),
            self._horizontal.state_of(self._col_of, self._gcol, tiles),
        )

    def initial(self, tiles: Sequence[int]) -> int:
        """The walking distance of a row-major tile sequence (vertical + horizontal). O(n)."""
        rs, cs = self._states(tiles)
        return self._vertical.distance[rs] + self._horizontal.distance[cs]

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)`` when ``tile`` slides from ``move.src`` into the blank at ``move.dst``."""
        last, rs, cs = self._last
        if last != state:
            rs, cs = self._states(self._layout.unpack(state))
            self._last = (state, rs, cs)
        toward = 1 if move.src > move.dst else 0
        if move.vertical:
            v = self._vertical
            nrs = v.step[(rs * 2 + toward) * v.lines + self._grow[tile]]
            return v.distance[nrs] - v.distance[rs]
        hz = self._horizontal
        ncs = hz.step[(cs * 2 + toward) * hz.lines + self._gcol[tile]]
        return hz.distance[ncs] - hz.distance[cs]


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
        last = t0
        yield Progress(ALGORITHM, HEURISTIC, 0, 0, 0, None, 0, 0.0)
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
                yield Progress(ALGORITHM, HEURISTIC, 0, 0, 0, None, 0, now - t0)
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

    checkpoint = Checkpoint(limit, report_every, CHECK_EVERY, start=t0)
    expanded = generated = iterations = max_depth = 0
    bound = h0
    stack: list[tuple[int, int, Iterator[tuple[int, int, int]], int, int]] = []
    finished: list[tuple[int, int]] = []  # (bound, nodes) of each finished iteration
    before = 0  # nodes expanded before the running iteration

    def finish(moves: tuple[int, ...] | None, reason: StopReason | None) -> SearchResult:
        message = "" if reason is None else limit_message(ALGORITHM, HEURISTIC, reason, limit, expanded, 0, bound)
        return SearchResult(
            moves,
            moves is not None,
            ALGORITHM,
            HEURISTIC,
            expanded,
            generated,
            max_depth,
            iterations,
            time.perf_counter() - t0,
            len(moves) if moves is not None else bound,
            stopped=reason,
            message=message,
            extra={"bound": bound, "h0": h0, "per_iteration": [*finished, (bound, expanded - before)]},
        )

    yield Progress(ALGORITHM, HEURISTIC, 0, 0, 0, bound, 0, checkpoint.now - t0)
    if b == list(goal.tiles):
        return finish((), None)
    check_at = checkpoint.next_at
    found = False
    while not found:
        iterations += 1
        z, prev, g = z0, n, 0
        nbrs = NB[z * stride + prev]
        expanded += 1
        generated += len(nbrs)
        it = iter(nbrs)
        stack = []
        push, pop = stack.append, stack.pop
        lim = bound - 1
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
                    max_depth = max(max_depth, g)
                    reason = checkpoint.check(expanded)
                    if reason is not None:
                        return finish(None, reason)
                    check_at = checkpoint.next_at
                    if checkpoint.report_due():
                        yield Progress(
                            ALGORITHM,
                            HEURISTIC,
                            expanded,
                            generated,
                            g,
                            bound,
                            iterations,
                            checkpoint.now - t0,
                            per_iteration=tuple(finished),
                        )
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
            finished.append((bound, expanded - before))
            before = expanded
            bound += 2
    blanks = [frame[0] for frame in stack] + [z]
    max_depth = max(max_depth, len(blanks) - 1)
    return finish(verify(board, goal, tiles_moved(board.tiles, blanks)), None)
