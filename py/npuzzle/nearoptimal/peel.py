"""Reduction by peeling: place a whole edge row or column of the free region, lock it, repeat.

A region is a rectangle ``(top, bottom, left, right)`` (half-open) of a board's cells that are not yet locked.
:func:`peel_plan` lists the lines to place so that the region shrinks to at most ``max_cells`` cells while
always keeping the blank's goal cell inside. Lines are placed by :func:`line_beam`, a beam search over the
*abstract* state (the blank and the lines' tiles only; every other free tile is interchangeable), one or two
lines a beam (:func:`peel_lines`), and, should a beam fail, two tiles at a time by :func:`place` (A* over the
abstract state of the blank and two tiles) with the tiles placed before locked: the last pair of a line (the case
that needs a detour when tiles are placed one by one) is always solvable in a region of at least 2 × 3 free cells
beyond the line, so peeling always finishes.
"""

from __future__ import annotations

import heapq
from collections.abc import Generator, Mapping, Sequence
from typing import NamedTuple, TypeVar

from ..board import neighbours
from ..progress import Progress
from .beam import FAST_WIDTH, Kernel, LineKernel, State, compiled_kernels, run_depths
from .budget import Budget

Region = tuple[int, int, int, int]
"""``(top, bottom, left, right)``: rows ``top … bottom−1`` and columns ``left … right−1``."""


def core_shape(height: int, width: int, max_cells: int) -> tuple[int, int]:
    """The shape (rows, cols) :func:`peel_plan` peels a ``height`` × ``width`` region down to: the longer side
    first, to at most ``max_cells`` cells, never below 2 rows or 2 columns."""
    while height * width > max_cells and (height >= 3 or width >= 3):
        if height >= 3 and (width < 3 or height >= width):
            height -= 1
        else:
            width -= 1
    return height, width


def peel_plan(region: Region, cols: int, blank_goal: int, max_cells: int) -> tuple[list[list[int]], Region]:
    """The lines (cells in placement order) to lock so the region has at most ``max_cells`` cells, and that region.

    The final region's shape comes from peeling the longer side first (never below 2 rows or 2 columns); it is
    placed so that the blank's goal cell is one of its corners when that fits (the 5×5 tables serve a region
    whose blank's goal is a corner), else as near one as it fits. Lines are peeled longer side first, from the
    edge farther from the blank's goal cell.
    """
    top, bottom, left, right = region
    br, bc = divmod(blank_goal, cols)
    height, width = core_shape(bottom - top, right - left, max_cells)
    first_row = _corner_start(br, height, top, bottom)
    first_col = _corner_start(bc, width, left, right)
    lines: list[list[int]] = []
    while True:
        more_rows = top < first_row or bottom > first_row + height
        more_cols = left < first_col or right > first_col + width
        if not more_rows and not more_cols:
            break
        if more_rows and (not more_cols or bottom - top >= right - left):
            row, top, bottom = _far_edge(top, bottom, first_row, height, br)
            lines.append([row * cols + c for c in range(left, right)])
        else:
            col, left, right = _far_edge(left, right, first_col, width, bc)
            lines.append([r * cols + col for r in range(top, bottom)])
    return lines, (top, bottom, left, right)


def _far_edge(low: int, high: int, first: int, size: int, goal: int) -> tuple[int, int, int]:
    """The edge row (or column) of ``low … high−1`` to peel next, and the span left without it: of the edges
    outside the final span ``first … first+size−1``, the one farther from the blank's goal row (column) ``goal``."""
    edges = [e for e, ok in ((low, low < first), (high - 1, high > first + size)) if ok]
    edge = max(edges, key=lambda e: abs(e - goal))
    return (edge, low + 1, high) if edge == low else (edge, low, high - 1)


def _corner_start(goal: int, size: int, low: int, high: int) -> int:
    """The first row (or column) of a final span of ``size`` within ``low … high−1`` that puts ``goal`` on an
    edge of the span if possible (its far edge preferred), else as near an edge as fits."""
    for start in (goal - size + 1, goal):
        if low <= start <= high - size:
            return start
    return min(max(goal - size + 1, low), high - size)


class Placement(NamedTuple):
    """What :func:`place` and :func:`line_beam` are asked: a blank path that brings ``tiles`` of the board
    ``cells`` (``rows`` × ``cols``, the tile on each cell) to the cells ``targets``, over cells with ``free[cell] ==
    1`` only."""

    cells: Sequence[int]
    rows: int
    cols: int
    free: bytearray
    tiles: Sequence[int]
    targets: Sequence[int]


def place(
    job: Placement, budget: Budget, blank_target: int | None = None
) -> Generator[Progress, None, list[int] | None]:
    """A shortest blank path (cells) that does ``job``: brings each tile to its cell.

    With ``blank_target`` the blank must end there too (so
    placing every tile of a small region this way solves it exactly). A* over the abstract state; the estimate
    is the tiles' Manhattan distance plus the blank's distance to the nearest misplaced tile, less one.
    Returns ``None`` if no path exists or the hard limit stopped it.
    """
    k = len(job.tiles)
    n = job.rows * job.cols
    start, small, row_of, col_of, near = _abstract(job)
    aim = list(job.targets)

    def estimate(state: State) -> int:
        total = 0
        reach = n * 2
        b = state[0]
        for i in range(k):
            p = state[i + 1]
            d = abs(row_of[p] - row_of[aim[i]]) + abs(col_of[p] - col_of[aim[i]])
            if d:
                total += d
                gap = abs(row_of[p] - row_of[b]) + abs(col_of[p] - col_of[b]) - 1
                if gap < reach:
                    reach = gap
        if total:
            return total + reach
        if blank_target is not None:
            return abs(row_of[b] - row_of[blank_target]) + abs(col_of[b] - col_of[blank_target])
        return 0

    goal_tail = _freeze(aim, small)
    parent: dict[State, State | None] = {start: None}
    depth: dict[State, int] = {start: 0}
    heap: list[tuple[int, int, State]] = [(estimate(start), 0, start)]
    since = 0
    every = budget.every()
    found: State | None = None
    while heap:
        _, negative_g, state = heapq.heappop(heap)
        g = -negative_g
        if depth[state] < g:
            continue
        if state[1:] == goal_tail and (blank_target is None or state[0] == blank_target):
            found = state
            break
        since += 1
        if since >= every:
            budget.note_frontier(len(heap))
            if (yield from budget.checkpoint(since)):
                return None
            since = 0
            every = budget.every()
        b = state[0]
        for cell in near[b]:
            child_array = list(state)
            child_array[0] = cell
            if cell in state:
                child_array[state.index(cell)] = b
            child = _freeze(child_array, small)
            g2 = g + 1
            old = depth.get(child)
            if old is not None and old <= g2:
                continue
            depth[child] = g2
            parent[child] = state
            budget.generated += 1
            heapq.heappush(heap, (g2 + estimate(child), -g2, child))
    budget.expanded += since
    if found is None:
        return None
    return blank_path(parent, found, start)


class _Abstract(NamedTuple):
    """What :func:`place` and :func:`line_beam` start from."""

    start: State
    """The blank's cell, then each tracked tile's cell."""
    small: bool
    """True when states are ``bytes`` (at most 256 cells), else tuples."""
    row_of: list[int]
    """``row_of[cell]``: the cell's row."""
    col_of: list[int]
    """``col_of[cell]``: the cell's column."""
    near: list[tuple[int, ...]]
    """The free neighbours of every cell (:func:`free_neighbours`)."""


def _abstract(job: Placement) -> _Abstract:
    """The abstract start state of the job's tiles and the board's geometry."""
    rows, cols = job.rows, job.cols
    n = rows * cols
    where = {tile: cell for cell, tile in enumerate(job.cells)}
    small = n <= 256
    start = _freeze([where[0]] + [where[t] for t in job.tiles], small)
    return _Abstract(
        start, small, [c // cols for c in range(n)], [c % cols for c in range(n)], free_neighbours(rows, cols, job.free)
    )


def free_neighbours(rows: int, cols: int, free: bytearray) -> list[tuple[int, ...]]:
    """For every cell, the neighbouring cells with ``free[cell] == 1``."""
    return [tuple(q for q in near if free[q]) for near in neighbours(rows, cols)]


def _freeze(values: list[int], small: bool) -> State:
    return bytes(values) if small else tuple(values)


_S = TypeVar("_S", bound=Sequence[int])


def blank_path(parent: Mapping[_S, _S | None], found: _S, start: _S) -> list[int]:
    """The blank's cell after each move from ``start`` to ``found``, replayed through ``parent`` (each state's
    predecessor) of a search over states whose first entry is the blank's cell."""
    path: list[int] = []
    node: _S | None = found
    while node is not None and node != start:
        path.append(node[0])
        node = parent[node]
    path.reverse()
    return path


def cell_distances(rows: int, cols: int) -> list[list[int]]:
    """The Manhattan distance between every two cells: ``d[a][b]``. O(n²) time and memory."""
    n = rows * cols
    return [[abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in range(n)] for a in range(n)]


def line_beam(
    job: Placement, width: int, budget: Budget, max_depth: int, between: Sequence[Sequence[int]] | None = None
) -> Generator[Progress, None, list[int] | None]:
    """A blank path that does ``job`` (brings all its tiles to their targets at once), by a beam over the abstract
    state (the blank and the tiles, others interchangeable), ranked and refused as :mod:`~npuzzle.nearoptimal.beam`
    says of a line.

    Returns ``None`` when the beam dies out, passes ``max_depth`` or the hard limit stops it (callers fall back to
    :func:`place`). ``between`` (optional, see :func:`cell_distances`) speeds up the ranking; with it, a beam at
    least :data:`~npuzzle.nearoptimal.beam.FAST_WIDTH` wide runs compiled by numba when installed
    (:mod:`~npuzzle.nearoptimal.beam_numba`), keeping the same states.
    """
    start, small, _, _, near = _abstract(job)
    goal = _freeze(list(job.targets), small)
    if start[1:] == goal:
        return []
    compiled = compiled_kernels() if between and width >= FAST_WIDTH else None
    kernel: Kernel = (compiled.LineKernel if compiled else LineKernel)(start, goal, near, job.cols, between)
    return (yield from run_depths(kernel, budget, max_depth, width))


LINE_WIDTH = 200
"""The beam width for placing a whole line while peeling (the first line's, when paced by a work budget)."""

LINE_MIN_WIDTH = 50
"""The narrowest line beam when peeling is paced by a work budget."""

LINE_MAX_WIDTH = 2000
"""The widest line beam when peeling is paced by a work budget."""

PAIR_WIDTH = 200
"""The narrowest line beam that places two lines at once; a narrower one places one (see :func:`peel_lines`)."""


def walk(cells: list[int], blank: int, path: Sequence[int], moves: list[int]) -> int:
    """Slide the blank along ``path`` on ``cells`` (in place), appending the moved tiles; return the blank."""
    for cell in path:
        tile = cells[cell]
        cells[blank] = tile
        cells[cell] = 0
        moves.append(tile)
        blank = cell
    return blank


def peel_lines(
    cells: list[int],
    blank: int,
    rows: int,
    cols: int,
    free: bytearray,
    goal_of: Sequence[int],
    goal_tiles: Sequence[int],
    region: Region,
    max_cells: int,
    budget: Budget,
    moves: list[int],
    finish_by: int | None = None,
) -> Generator[Progress, None, int]:
    """Place and lock the lines of :func:`peel_plan` by line beams, or two tiles at a time by A* if a beam fails;
    return the blank's cell, or ``-1`` when the hard limit stopped it.

    The first line gets a beam of its own; after it, one beam places two lines (on a square board, a column and
    the row it meets) whenever its width is at least :data:`PAIR_WIDTH`. Two lines placed together cost fewer
    moves than one after the other (1.5–3% shorter answers on 8×8 to 10×10 at the default budget), but a narrower
    beam over two lines costs more, and the first line's fixed width is too narrow for two on a 7×7 (measured in
    ``docs/benchmarks-big-boards.md``, "Two lines a beam").

    Without ``finish_by`` every line beam has width :data:`LINE_WIDTH`. With it (a count of the budget's
    expansions) the first line uses that width and each later beam the width that should let the remaining lines
    end by then, judged from the moves per tile and the expansions per unit of width × moves so far (between
    :data:`LINE_MIN_WIDTH` and :data:`LINE_MAX_WIDTH`).
    """
    plan, _ = peel_plan(region, cols, goal_of[0], max_cells)
    between = cell_distances(rows, cols) if plan and rows * cols <= 256 else None
    width = LINE_WIDTH
    placed = spent_moves = 0
    units = 0
    began = budget.expanded
    number = 0
    while number < len(plan):
        if finish_by is not None and placed and units:
            per_unit = (budget.expanded - began) / units
            to_place = sum(len(line) for line in plan[number:])
            expected = to_place * max(spent_moves, 1) / placed
            left = finish_by - budget.expanded
            width = max(LINE_MIN_WIDTH, min(LINE_MAX_WIDTH, int(left / max(expected * per_unit, 1e-9))))
        together = 2 if number and width >= PAIR_WIDTH else 1
        lines = plan[number : number + together]
        number += len(lines)
        group = [cell for line in lines for cell in line]
        tiles = [goal_tiles[c] for c in group]
        job = Placement(cells, rows, cols, free, tiles, group)
        path = yield from line_beam(job, width, budget, 40 * rows * cols, between)
        if path is not None:
            placed += len(group)
            spent_moves += len(path)
            units += width * max(len(path), 1)
            blank = walk(cells, blank, path, moves)
            for c in group:
                free[c] = 0
            continue
        if budget.hard_stop():
            return -1
        chunks: list[list[int]] = []
        for line in lines:  # per line, its last two tiles together: placed so, they always fit
            odd = len(line) % 2
            chunks += ([line[:1]] if odd else []) + [line[i : i + 2] for i in range(odd, len(line), 2)]
        for chunk in chunks:
            tiles = [goal_tiles[c] for c in chunk]
            path = yield from place(Placement(cells, rows, cols, free, tiles, chunk), budget)
            if path is None:
                return -1
            blank = walk(cells, blank, path, moves)
            for c in chunk:
                free[c] = 0
    return blank
