"""Near-optimal solving of big and non-square boards (5×5 up to 10×10 and beyond, any goal), with a lower bound.

The solution is **not proven optimal**; the result says how far from optimal it can be at worst, through a proven
lower bound on the optimal length. Three phases, each a generator feeding one progress stream:

1. **Peel** (:mod:`npuzzle.nearoptimal.peel`): while the free region has more than :data:`CORE_CELLS` cells (a
   7×7 and up), or :data:`WIDE_CORE_CELLS` with a budget of at least :data:`WIDE_BUDGET` (an 8×8 and up), place one
   or two edge lines by a beam search over the blank and their tiles, and lock them.
2. **Beam search** (:mod:`npuzzle.nearoptimal.beam`) solves the remaining region (up to 6×6, or 7×7) twice, from the
   board and from the goal (side by side when numba compiles both: :mod:`npuzzle.nearoptimal.both_ways`), ranking
   states by Manhattan distance plus linear conflicts, and keeps the shorter path; if both beams die out, the region
   is peeled further to at most 9 cells and solved exactly by A*. A region of at most 25 cells also gets relaxed
   additive group tables (:mod:`npuzzle.nearoptimal.grouptables`): windows of its path re-solved optimally
   (:mod:`npuzzle.nearoptimal.shorten`) and, when it is the whole board, a stronger lower bound.
3. **Windows** (:mod:`npuzzle.nearoptimal.windows`): windows of the whole path, across the peeled lines, are
   re-solved by beams between their end states while the budget lasts.

Shortening ends once the path is as long as the lower bound; a board of at most :data:`EXACT_CELLS` cells is solved
exactly at once. The knobs: ``width`` (the beam's largest width) and ``budget``, a soft budget of work in units of
:data:`WORK_UNIT` states expanded by every phase together (``None``: unpaced), counted, not timed, so the answer
depends on the board, the goal and these options alone; only the hard ``limit`` reads the clock. The lower bound is
the Manhattan distance plus linear conflicts of the start, or, when the whole board is a region of at most 25 cells,
the largest of that and each partition's additive table sum. The method, its knobs and the lower bound for a reader:
``docs/near-optimal.md``; quality and time, measured: ``docs/benchmarks-big-boards.md``.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import replace

from ..board import Board, goal_board
from ..errors import GoalError, LimitError, show_value
from ..progress import Limit, Progress, Search, SearchResult, SearchStopped, mapped, ratio_bound, result_at, run
from ..solvability import check_reachable
from .both_ways import BeamJob, shorter_way
from .budget import Budget
from .conflicts import manhattan_linear_conflict
from .grouptables import (
    EXACT_TABLES,
    FIVE_FILE,
    NO_TABLES,
    Partition,
    PartitionSpec,
    TableSet,
    bind_partition,
    build_table,
    compact_groups,
    corner_maps,
    positions,
    shipped_five,
    tables_words,
)
from .peel import Placement, Region, core_shape, peel_lines, peel_plan, place, walk
from .shorten import improve_windows
from .windows import beam_windows
from .words import solved_words, stopped_message

ALGORITHM = "near-optimal"
"""The ``algorithm`` name this solver reports."""

HEURISTIC = "group-tables"
"""The ``heuristic`` name this solver reports for its own estimates, the only ones it takes: Manhattan distance plus
linear conflicts ranks its beams and bounds the answer; on a region of at most :data:`TABLE_CELLS` cells, relaxed
additive group tables also bound it and re-solve its windows optimally."""

UNPACED_WIDTH = 3000
"""The beam's width when no work budget paces it (``budget=None``)."""

MIN_WIDTH = 100
"""The narrowest beam a paced search falls back to."""

DEPTH_GUESS = 1.7
"""Pacing expects the beam's path to be about this many times the region's Manhattan-plus-conflicts bound."""

DEPTH_CAP = 4
"""A region beam gives up past this many times the region's bound: a beam that long is circling on a plateau (seen
on a 7×7 paced down to the narrowest width: 2,110 moves for a bound of 150), and the other direction or the exact
fallback does far better."""

WINDOW_WIDTH = 300
"""The width of the beams that re-solve windows of the path (:mod:`npuzzle.nearoptimal.windows`)."""

WINDOW_CELLS = 256
"""Windows are re-solved on boards of at most this many cells (the beam's states are bytes)."""

DIRECTIONS = 2
"""How many beams solve the region: 1, from the board to the goal; 2, also from the goal to the board."""

TABLE_CELLS = 25
"""Regions of at most this many cells also get relaxed group tables: the lower bound and optimal windows."""

WORK_UNIT = 350_000
"""One unit of the soft work budget, in states expanded (how it was chosen: ``docs/near-optimal.md``, "The
budget")."""

DEFAULT_BUDGET = 2.0
"""The default soft work budget, in units of :data:`WORK_UNIT` states expanded."""

BEAM_SHARE = 0.85
"""The share of the soft budget left after peeling that the region's beams are paced to finish within, together;
the windows get the rest."""

CORE_CELLS = 36
"""Peeling stops once the free region has at most this many cells (a 6×6, 5×7, 4×9 …), below :data:`WIDE_BUDGET`."""

WIDE_CORE_CELLS = 49
"""Peeling stops at this many cells (a 7×7, 6×8, 5×9 …) with a budget of at least :data:`WIDE_BUDGET`. A beam over
a 7×7 left whole needs that much width to beat placing its row and column first, and then gives the shorter answers
(measured in ``docs/benchmarks-big-boards.md``)."""

WIDE_BUDGET = 8.0
"""The smallest budget, in units of :data:`WORK_UNIT`, at which peeling stops at :data:`WIDE_CORE_CELLS`."""


def core_cells(work: int | None) -> int:
    """The most cells the region left by peeling may have for a soft budget of ``work`` states expanded
    (``None``, unpaced: :data:`CORE_CELLS`)."""
    return WIDE_CORE_CELLS if work is not None and work >= WIDE_BUDGET * WORK_UNIT else CORE_CELLS


def data_files(rows: int, cols: int) -> tuple[str, ...]:
    """The package data files (paths inside the package) the search of a ``rows`` × ``cols`` board may read: the
    shipped 5×5 tables (:data:`~npuzzle.nearoptimal.grouptables.FIVE_FILE`) when the region peeling leaves is a 5×5
    at some budget (only a 5×5 board's)."""
    cores = {core_shape(rows, cols, cells) for cells in (CORE_CELLS, WIDE_CORE_CELLS)}
    return (FIVE_FILE,) if (5, 5) in cores else ()


EXACT_CELLS = 9
"""When the beam dies out, the region is peeled down to at most this many cells and solved exactly by A*; a whole
board this small is solved so at once (at most 181,440 states: a 3×3)."""

PEEL_SHARE = 0.85
"""Peeling is paced to finish within this share of the soft budget times the share of cells it locks."""

GROUP_SIZE = 3
"""Tiles per group of the tables built at run time."""


def _local_labels(region_goal: Sequence[int]) -> dict[int, int]:
    """Map the region's real tile numbers to local ones: the tile whose goal is local cell ``c`` becomes ``c``,
    except that the blank is ``0`` and the tile whose goal is cell ``0`` takes the blank's goal cell number."""
    blank_cell = list(region_goal).index(0)
    labels = {tile: cell for cell, tile in enumerate(region_goal)}
    labels[0] = 0
    if blank_cell != 0:
        labels[region_goal[0]] = blank_cell
    return labels


def region_specs(rows: int, cols: int, local_goal: Sequence[int], five: TableSet | None = None) -> list[PartitionSpec]:
    """The two partitions of relaxed tables for a region whose goal is ``local_goal`` (tile-per-cell).

    A 5×5 region whose blank's goal is a corner uses ``five`` (4-tile tables, see
    :data:`npuzzle.nearoptimal.grouptables.FIVE_GROUPS`) straight and transposed; any other region gets 3-tile groups
    built
    now (row-paired and column-paired, :func:`npuzzle.nearoptimal.grouptables.compact_groups`).
    """
    return run(region_specs_steps(rows, cols, local_goal, five))


def region_specs_steps(
    rows: int, cols: int, local_goal: Sequence[int], five: TableSet | None = None
) -> Generator[int, None, list[PartitionSpec]]:
    """:func:`region_specs` as a generator that yields the number of tables built after each one (a few
    hundredths of a second each), so a search can report progress and be stopped while they are built."""
    n = rows * cols
    blank_cell = list(local_goal).index(0)
    if five is not None and (five.rows, five.cols) == (rows, cols):
        maps = corner_maps(rows, cols, blank_cell)
        if maps is not None:
            return [PartitionSpec(rows, cols, five.groups, five.tables, tuple(m)) for m in maps]
    out: list[PartitionSpec] = []
    built = 0
    for transpose in (False, True):
        groups = tuple(tuple(g) for g in compact_groups(rows, cols, blank_cell, GROUP_SIZE, transpose))
        tables: list[bytes] = []
        for g in groups:
            tables.append(build_table(rows, cols, g))
            built += 1
            yield built
        out.append(PartitionSpec(rows, cols, groups, tuple(tables), tuple(range(n))))
    return out


def region_partitions(rows: int, cols: int, local_goal: Sequence[int], five: TableSet | None = None) -> list[Partition]:
    """:func:`region_specs` bound to the region's goal: the beam's ranking and the lower bound's estimates."""
    return [bind_partition(spec, local_goal) for spec in region_specs(rows, cols, local_goal, five)]


def solve_big(
    board: Board,
    goal: Board | None = None,
    *,
    width: int | None = None,
    budget: float | None = DEFAULT_BUDGET,
    shorten_path: bool = True,
    limit: Limit | None = None,
    tables: TableSet | None = None,
) -> Search:
    """Start the near-optimal search of ``board`` towards ``goal`` (default: blank last); see the module text.

    Raises :class:`~npuzzle.errors.UnsolvableError` (with the parity reasoning) when the board cannot reach the
    goal, :class:`~npuzzle.errors.GoalError` for a goal of another shape and :class:`~npuzzle.errors.LimitError`
    for a width below 1. The returned generator yields progress and returns a :class:`SearchResult` whose
    ``optimal`` is True only when the length equals the lower bound; ``extra`` holds ``ratio_bound``
    (:func:`npuzzle.progress.ratio_bound`: the solution is at most this many times the optimal length), the
    length after each phase (``phases``) and the work budget it ran with (``budget``, in units; ``None``: unpaced).
    ``budget`` is the soft work budget in units of :data:`WORK_UNIT` states expanded (see the module text and
    :func:`budget_nodes`; ``None``: unpaced), ``shorten_path=False`` skips the shortening, ``limit`` is the hard
    limit (nodes, seconds, memory) that ends the search, with ``moves=None`` if no solution was found by then
    (the one way the clock can change the answer). Thrown a
    :class:`~npuzzle.progress.SearchStopped` (:func:`npuzzle.progress.stop`), it returns at once: the best
    solution so far when it has one (while shortening), else ``moves=None``; either way with ``stopped`` set.
    ``tables`` are the 5×5 tables to use (default: the shipped file, see
    :func:`npuzzle.nearoptimal.grouptables.shipped_five`).
    """
    goal = goal if goal is not None else goal_board(board.rows, board.cols)
    if (goal.rows, goal.cols) != (board.rows, board.cols):
        raise GoalError(f"the goal is {goal.rows}×{goal.cols} but the board is {board.rows}×{board.cols}")
    if width is not None and (isinstance(width, bool) or not isinstance(width, int) or width < 1):
        raise LimitError(f"the beam width must be a whole number of at least 1, got {width!r}")
    nodes = None if budget is None else budget_nodes(budget)
    check_reachable(board, goal)
    limit = limit if limit is not None else Limit()
    return _search(board, goal, width, budget, nodes, shorten_path, limit, tables)


MAX_BUDGET = 1_000_000.0
"""The largest work budget accepted (in units; far beyond what any board can use)."""

BUDGET_RULE = f"a number of work units from 0 to {MAX_BUDGET:,.0f} (one unit is {WORK_UNIT:,} nodes expanded)"
"""What a work budget must be, in the words of the error messages."""


def budget_nodes(budget: object) -> int:
    """The soft work budget ``budget`` (units of :data:`WORK_UNIT`) as a number of states expanded, rounded.

    Raises :class:`~npuzzle.errors.LimitError`, quoting the value, when it is not a number from 0 to
    :data:`MAX_BUDGET`."""
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 <= budget <= MAX_BUDGET:
        raise LimitError(f"the budget must be {BUDGET_RULE}, got {show_value(budget, unit='digits')}")
    return round(budget * WORK_UNIT)


STOPPED_EARLY = "stopped before a solution was found"
"""The answer's words when a hard limit ended the search with no solution."""


class _Run:
    """One near-optimal search's state shared by its phases: the board played so far (``cells``, ``blank``), the
    moves, each phase's length so far, the proven bound, what the region's beam was and the budget."""

    def __init__(self, board: Board, goal: Board, units: float | None, budget: Budget) -> None:
        self.board, self.goal, self.units, self.budget = board, goal, units, budget
        self.rows, self.cols, self.n = board.rows, board.cols, board.size
        self.lower = manhattan_linear_conflict(board.tiles, goal.tiles, self.rows, self.cols)
        self.cells = list(board.tiles)
        self.blank = self.cells.index(0)
        self.moves: list[int] = []
        self.phases: dict[str, int] = {}
        self.goal_of = [0] * self.n
        for cell, tile in enumerate(goal.tiles):
            self.goal_of[tile] = cell
        self.free = bytearray([1]) * self.n
        self.core_note = ""
        self.tables_note = NO_TABLES
        self.beam_width = 0

    def result(self, solved: bool, message: str) -> SearchResult:
        """The answer: the moves when ``solved`` (checked against the goal), the budget's counts, ``message``."""
        final = tuple(self.moves) if solved else None
        if final is not None and self.board.apply(final) != self.goal:
            raise RuntimeError("internal error: the near-optimal solution does not reach the goal")
        extra: dict[str, object] = {
            "phases": dict(self.phases),
            "width": self.beam_width,
            "core": self.core_note,
            "tables": self.tables_note,
            "budget": self.units,
        }
        budget = self.budget
        optimal = final is not None and len(final) == self.lower
        record = replace(budget.progress(), max_frontier=budget.max_frontier)  # its progress records leave it at 0
        found = result_at(record, budget.stopped, message, self.lower, extra, moves=final, optimal=optimal)
        if final is not None:
            extra["ratio_bound"] = ratio_bound(found)
        return found


def _search(
    board: Board,
    goal: Board,
    width: int | None,
    units: float | None,
    work: int | None,
    shorten_path: bool,
    limit: Limit,
    tables: TableSet | None,
) -> Search:
    """The solver's phases in turn (the module text): at most 9 cells solved exactly; else peel down to a core,
    beam search over it (or peel further and finish exactly), then shorten windows of the whole path."""
    run = _Run(board, goal, units, Budget(limit, ALGORITHM, HEURISTIC, work))
    if run.cells == list(goal.tiles):
        return run.result(True, "the board is already the goal")
    try:
        yield run.budget.progress()
        if run.n <= EXACT_CELLS:  # at most 181,440 states (a 3×3): solved exactly at once, its length proven optimal
            finish = yield from _exactly(
                run.cells, run.rows, run.cols, run.free, run.goal_of, (0, run.rows, 0, run.cols), run.budget
            )
            if finish is None:
                return run.result(False, STOPPED_EARLY)
            walk(run.cells, run.blank, finish, run.moves)
            run.phases["exact"] = run.lower = len(run.moves)
            run.tables_note = EXACT_TABLES
            return run.result(
                True, f"solved optimally by an exact search (A*), as is every board of {EXACT_CELLS} cells or fewer"
            )
        region = yield from _peeled(run, work)
        if region is None or not (yield from _region_solved(run, region, width, shorten_path, tables)):
            return run.result(False, STOPPED_EARLY)
        run.phases["solve"] = len(run.moves)
        yield from _shortened(run, shorten_path)
        return run.result(True, solved_words(run.moves, run.lower, run.budget))
    except SearchStopped as stop:  # stopped from outside before a solution existed (shortening keeps its own)
        run.budget.request_stop(stop.reason)
        return run.result(False, stopped_message(stop.reason, run.budget.expanded, run.lower))


def _peeled(run: _Run, work: int | None) -> Generator[Progress, None, Region | None]:
    """Phase 1: peel lines off the board down to a region of at most :func:`core_cells` cells; the region, or
    ``None`` when a hard limit stopped it."""
    most = core_cells(work)
    region: Region = (0, run.rows, 0, run.cols)
    _, core = peel_plan(region, run.cols, run.goal_of[0], most)
    peeled_share = 1 - (core[1] - core[0]) * (core[3] - core[2]) / run.n
    share = None if work is None else round(PEEL_SHARE * peeled_share * work)
    run.blank = yield from peel_lines(
        run.cells, run.blank, run.rows, run.cols, run.free, run.goal_of, run.goal.tiles, region, most, run.budget,
        run.moves, share,
    )  # fmt: skip
    if run.blank < 0:
        return None
    run.phases["peel"] = len(run.moves)
    return peel_plan(region, run.cols, run.goal_of[0], most)[1]


def _region_solved(
    run: _Run, region: Region, width: int | None, shorten_path: bool, tables: TableSet | None
) -> Generator[Progress, None, bool]:
    """Phase 2: a beam search over ``region`` (its windows shortened by the group tables), or, when the beam does not
    finish, the region peeled further and finished exactly; whether a solution was found."""
    budget, cols = run.budget, run.cols
    top, bottom, left, right = region
    r_rows, r_cols = bottom - top, right - left
    region_cells = [r * cols + c for r in range(top, bottom) for c in range(left, right)]
    region_goal = [run.goal.tiles[c] for c in region_cells]
    labels = _local_labels(region_goal)
    local_goal = [labels[t] for t in region_goal]
    local_start = [labels[run.cells[c]] for c in region_cells]
    specs: list[PartitionSpec] = []
    if r_rows * r_cols <= TABLE_CELLS:
        if tables is None and (r_rows, r_cols) == (5, 5):
            tables = shipped_five()
        steps = region_specs_steps(r_rows, r_cols, local_goal, tables)
        specs = yield from mapped(steps, lambda _: budget.progress())
        sizes = sorted({len(g) for g in specs[0].groups})
        run.core_note = f"{r_rows}×{r_cols} region, tables of {'/'.join(map(str, sizes))} tiles"
        whole = region_cells == list(range(run.n))
        run.tables_note = tables_words(specs, sizes, (r_rows, r_cols), tables, whole)
        if whole:
            partitions = [bind_partition(spec, local_goal) for spec in specs]
            run.lower = max([run.lower] + [p.value(positions(local_start)) for p in partitions])
    else:
        run.core_note = f"{r_rows}×{r_cols} region"
    budget.bound = run.lower
    region_lower = manhattan_linear_conflict(local_start, local_goal, r_rows, r_cols)
    run.beam_width, share = _beam_pace(width, budget.soft_left(), region_lower, DIRECTIONS)
    jobs = [
        BeamJob(r_rows, r_cols, *ends, run.beam_width, share, min(run.beam_width, MIN_WIDTH), DEPTH_CAP * region_lower)
        for ends in ((local_start, local_goal), (local_goal, local_start))[:DIRECTIONS]
    ]
    path = yield from shorter_way(jobs, budget)
    if path is not None:
        shortest = run.lower - len(run.moves)  # the region's path with the peeled moves is at least the bound
        if specs and shorten_path and len(path) > shortest and not budget.soft_stop():
            before = len(path)
            path = yield from improve_windows(r_rows, r_cols, local_start, path, specs, budget, shortest=shortest)
            run.phases["windows_saved"] = before - len(path)
        run.blank = walk(run.cells, run.blank, [region_cells[p] for p in path], run.moves)
        return True
    if budget.hard_stop():
        return False
    # The beam did not finish: peel the region further and finish exactly.
    run.blank = yield from peel_lines(
        run.cells, run.blank, run.rows, cols, run.free, run.goal_of, run.goal.tiles, region, EXACT_CELLS, budget,
        run.moves,
    )  # fmt: skip
    if run.blank < 0:
        return False
    _, small = peel_plan(region, cols, run.goal_of[0], EXACT_CELLS)
    finish = yield from _exactly(run.cells, run.rows, cols, run.free, run.goal_of, small, budget)
    if finish is None:
        return False
    run.blank = walk(run.cells, run.blank, finish, run.moves)
    return True


def _shortened(run: _Run, shorten_path: bool) -> Generator[Progress, None, None]:
    """Phase 3: shorten windows of the whole path while the budget lasts (boards of up to :data:`WINDOW_CELLS`)."""
    board = run.board
    if shorten_path and run.n <= WINDOW_CELLS and len(run.moves) > run.lower and not run.budget.soft_stop():
        path = _blank_path(board.tiles, run.moves)
        better = yield from beam_windows(
            run.rows, run.cols, board.tiles, path, WINDOW_WIDTH, run.budget, shortest=run.lower
        )
        run.cells = list(board.tiles)
        run.moves.clear()
        walk(run.cells, run.cells.index(0), better, run.moves)
        run.phases["windows"] = len(run.moves)


def _exactly(
    cells: list[int],
    rows: int,
    cols: int,
    free: bytearray,
    goal_of: Sequence[int],
    region: Region,
    budget: Budget,
) -> Generator[Progress, None, list[int] | None]:
    """A shortest blank path (cells) that solves ``region`` of ``cells`` (tile per cell; the free cells ``free``; the
    goal's cell of each tile ``goal_of``), which holds the blank's goal and every tile not yet in place: A* over
    the blank and the region's tiles (:func:`~npuzzle.nearoptimal.peel.place`). ``None`` when the hard limit
    stopped it."""
    top, bottom, left, right = region
    inside = [r * cols + c for r in range(top, bottom) for c in range(left, right)]
    tiles = [cells[c] for c in inside if cells[c]]
    job = Placement(cells, rows, cols, free, tiles, [goal_of[t] for t in tiles])
    return (yield from place(job, budget, goal_of[0]))


def _beam_pace(width: int | None, left: int | None, region_lower: int, beams: int) -> tuple[int, int | None]:
    """Each of ``beams`` region beams' largest width and the expansions it is paced to end within (``None``:
    unpaced), when ``left`` of the budget is left (``None``: unpaced).

    Paced, each beam gets an equal part of :data:`BEAM_SHARE` of what is left, so that beams side by side end at
    about the same time, and the width that spends it over a path of :data:`DEPTH_GUESS` times the region's bound
    (at least :data:`MIN_WIDTH`, at most ``width`` when given)."""
    if left is None:
        return (UNPACED_WIDTH if width is None else width), None
    share = round(BEAM_SHARE * left / beams)
    paced = max(MIN_WIDTH, int(share / (DEPTH_GUESS * max(region_lower, 1))))
    return (paced if width is None else min(width, paced)), share


def _blank_path(tiles: Sequence[int], moves: Sequence[int]) -> list[int]:
    """The blank's cell after each of ``moves`` (the tiles moved) from ``tiles`` (tile per cell)."""
    where = [0] * len(tiles)
    for cell, tile in enumerate(tiles):
        where[tile] = cell
    path: list[int] = []
    for tile in moves:  # the blank takes the moved tile's cell
        at = where[tile]
        where[tile] = where[0]
        where[0] = at
        path.append(at)
    return path
