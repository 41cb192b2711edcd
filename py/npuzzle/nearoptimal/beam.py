"""Beam search: one depth loop for the whole-board beam and peeling's line beam, run by a kernel in pure Python
(:class:`BoardKernel`, :class:`LineKernel`: the page's) or compiled by numba (:mod:`~npuzzle.nearoptimal.beam_numba`).

Breadth-first by depth, but each depth keeps only the ``width`` children with the lowest estimate. The first depth
that holds the target gives the path, so its length is the depth. Beam search is not complete (it can wander past
``max_depth``), so callers keep a fallback. Cost: ``width`` expansions per depth.

The loop (:func:`run_depths`) expands, tests for the goal, paces the width, keeps the best, remembers the states kept
and reports progress; a kernel (:class:`Kernel`) holds a depth's states and makes their children. Every kernel
follows the rules named here, so every kernel keeps the same states and gives the same path, counters and progress
records:

- **child order**: by parent, then the blank's neighbouring cells in
  :func:`~npuzzle.nearoptimal.grouptables.neighbours`' order (up, down, left, right);
- **ties** (:func:`best_first`): children of the same estimate are kept in the order they were made;
- **the recent window** (:data:`RECENT`): a child is refused when it was made before in its depth or kept in the
  recent depths (peeling's line beam: at any depth);
- **the estimate**: Manhattan distance plus linear conflicts (:mod:`~npuzzle.nearoptimal.conflicts`) for the whole
  board; for a line, 4 × the tiles' distance plus the blank's distance to the nearest misplaced tile (a tile takes
  about five moves a cell when the blank has to walk round it).

Memory stays small: a depth keeps, per state it kept, only its parent's number and the blank's cell (the path is read
back through them, :func:`read_back`).
"""

from __future__ import annotations

from array import array
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, SupportsIndex

from ..board import neighbours
from ..compiled import compiled_module
from ..progress import Progress
from .budget import Budget
from .conflicts import LineConflicts, manhattan_linear_conflict

RECENT = 16
"""Kept states are remembered for at least this many depths: a state is refused when it was kept in the last
``RECENT`` to ``2 × RECENT`` depths (a sliding puzzle's shortest cycle is 12 moves; an older repeat only costs a
place in the beam). Every ``RECENT`` depths the states kept before the last ``RECENT`` are forgotten."""

PACE_SAFETY = 1.3
"""Pacing assumes the remaining depths are this many times the straight-line estimate (the end is slower)."""

FAST_WIDTH = 250
"""The narrowest beam handed to numba, when installed: numba's start (about 0.4 s, once a process) would outweigh
what a narrower beam saves."""

FAST_MAX_LINE = 15
"""The longest row or column of a board the numba beam takes (at most 15 × 15 cells: a compiled move keeps its cells in
bytes, below 255); a board with a longer one is searched in pure Python."""


def best_first(keys: Sequence[int], width: int) -> list[int]:
    """The tie rule: the numbers of the ``width`` children with the lowest ``keys``, ties in the order they were
    made (a stable sort)."""
    return sorted(range(len(keys)), key=keys.__getitem__)[:width]


def paced_width(width: int, min_width: int, h_first: int, h_best: int, depth: int, left: int) -> int:
    """The width that should let a beam finish within ``left`` more expansions, judged from how fast its best
    estimate fell from ``h_first`` to ``h_best`` over ``depth`` depths; between ``min_width`` and ``width``."""
    if left <= 0:
        return min_width
    fall = max(h_first - h_best, 1) / depth  # estimate drop per depth so far
    to_go = PACE_SAFETY * h_best / fall + 1
    return max(min_width, min(width, int(left / to_go)))


def forgets(window: int | None, depth: int) -> bool:
    """The recent window: whether, before keeping the states of ``depth``, a beam forgets those kept before the last
    ``window`` depths (every ``window`` depths; never with ``None``, peeling's line beam, which remembers all)."""
    return window is not None and depth % window == 0


class Numbers(Protocol):
    """A depth's numbers, one per kept state: an ``array``, ``bytes`` or numpy array."""

    def __getitem__(self, index: int, /) -> SupportsIndex: ...


def read_back(parents: Sequence[Numbers], blanks: Sequence[Numbers], number: int, cell: int) -> list[int]:
    """The blank's cell after each move of the path whose last move takes the blank to ``cell`` from state ``number``
    of the deepest depth, read back through each depth's parents' numbers (``parents[depth][state]``) and blank
    cells (``blanks[depth][state]``)."""
    path = [cell]
    for depth in range(len(parents) - 1, -1, -1):
        path.append(int(blanks[depth][number]))
        number = int(parents[depth][number])
    path.reverse()
    return path


class Kernel(Protocol):
    """A beam's states and how their children are made: what :func:`run_depths` drives, depth by depth."""

    first_key: int
    """The first state's estimate."""

    def expand(self, start: int, end: int) -> int:
        """Make the children of the depth's states ``start`` to ``end - 1``, in the child order, refusing repeats;
        returns ``-1``, or the number of the state one of whose children is the target (the depth ends there, the
        target its last child)."""

    def children(self) -> int:
        """How many children the depth has made so far (the target among them)."""

    def lowest(self) -> int:
        """The lowest estimate among the depth's children (at least one)."""

    def keep(self, width: int, depth: int) -> int:
        """Keep the depth's best ``width`` children (:func:`best_first`) as the next depth's states, remembering them
        as kept at ``depth``, and forget the children; returns how many states the next depth expands."""

    def path(self) -> list[int]:
        """The blank's cell after each move of the path to the target, once :meth:`expand` found it."""


@dataclass(frozen=True, slots=True)
class Pace:
    """How a beam's width is chosen and when it gives up early: re-chosen after every depth from depth 3 on so that it
    should end within ``finish_by`` of the budget's expansions (``None``: never, the full width), never narrower than
    ``min_width`` (:func:`paced_width`); with ``soft``, the beam stops once the soft budget is spent. Counted in
    expansions, not timed, the width (and so the answer) is the same on any machine."""

    finish_by: int | None = None
    min_width: int = 1
    soft: bool = False


def run_depths(
    kernel: Kernel, budget: Budget, max_depth: int, width: int, pace: Pace = Pace(), report_depth: bool = False
) -> Generator[Progress, None, list[int] | None]:
    """The depth loop of every beam: expand a depth's states in slices of the budget's :meth:`~Budget.every`
    expansions, each slice ending in a progress record; stop at the target (its path), past ``max_depth``, when the
    beam dies out or the hard limit (or the soft budget, as ``pace`` says) is reached (``None``); keep the best
    ``width`` children, or fewer as ``pace`` says. With ``report_depth`` (the whole-board beam's) the records carry the
    depth as the bound and the children made so far as the frontier."""
    current = width
    depth = pending = 0
    quota = budget.every()
    size = 1
    while size and depth < max_depth:
        depth += 1
        if report_depth:
            budget.bound = depth
        done = 0
        while done < size:
            end = min(size, done + quota - pending)
            found = kernel.expand(done, end)
            if found >= 0:
                budget.generated += kernel.children()
                budget.expanded += pending + found - done
                return kernel.path()
            pending += end - done
            done = end
            if pending >= quota:
                budget.expanded += pending
                pending = 0
                if report_depth:
                    budget.note_frontier(kernel.children())
                if (yield from budget.checkpoint(soft=pace.soft)):
                    return None
                quota = budget.every()
        made = kernel.children()
        budget.generated += made
        if pace.finish_by is not None and depth >= 3 and made:
            left = pace.finish_by - budget.expanded - pending
            current = paced_width(width, pace.min_width, kernel.first_key, kernel.lowest(), depth, left)
        size = kernel.keep(current, depth) if made else 0
        budget.note_frontier(size)
    budget.expanded += pending
    return None


State = bytes | tuple[int, ...]
"""A pure-Python kernel's state: the tile on each cell (the whole board), or the blank's cell then each tile's cell
(a line's, peeling's abstract state; ``bytes`` up to 256 cells, tuples beyond)."""


class _PythonKernel:
    """What the pure-Python kernels share: the depth's states (``layer``, first the first state's ``entry``), its
    children (``made``, each an entry: a tuple whose first item is the state and whose last two are the blank's cell
    and the parent's number) with their estimates (``keys``), the states ``taken`` in this depth and those kept in the
    recent depths (``newer``, ``older``), and per depth the kept states' parents and blank cells."""

    def __init__(self, entry: tuple[Any, ...], first_key: int, window: int | None) -> None:
        self.first_key = first_key
        self.window = window
        self.layer: list[tuple[Any, ...]] = [entry]
        self.made: list[tuple[Any, ...]] = []
        self.keys: list[int] = []
        self.taken: set[State] = set()
        self.older: set[State] = set()
        self.newer: set[State] = {entry[0]}
        self.parents: list[array[int]] = []
        self.blanks: list[array[int]] = []
        self.goal = (0, 0)

    def children(self) -> int:
        return len(self.taken)

    def lowest(self) -> int:
        return min(self.keys)

    def keep(self, width: int, depth: int) -> int:
        made = self.made
        self.layer = chosen = [made[number] for number in best_first(self.keys, width)]
        self.parents.append(array("I", [entry[-1] for entry in chosen]))
        self.blanks.append(array("H", [entry[-2] for entry in chosen]))
        if forgets(self.window, depth):
            self.older, self.newer = self.newer, set()
        self.newer.update(entry[0] for entry in chosen)
        self.made, self.keys, self.taken = [], [], set()
        return len(chosen)

    def path(self) -> list[int]:
        return read_back(self.parents, self.blanks, *self.goal)


class BoardKernel(_PythonKernel):
    """The whole-board beam's kernel in pure Python, from ``first`` towards ``goal`` (tile per cell, ``bytes``) on a
    ``rows`` × ``cols`` board: the blank moves to each neighbouring cell but the one it came from, and a child's
    estimate is its parent's, changed by the move (:mod:`~npuzzle.nearoptimal.conflicts`, :func:`_move_tables`)."""

    def __init__(self, rows: int, cols: int, first: bytes, goal: bytes) -> None:
        rank = self.rank = LineConflicts(rows, cols, goal)
        self.swap, self.moves = _move_tables(rank, neighbours(rows, cols))
        md = rank.manhattan(first)
        estimate = manhattan_linear_conflict(first, goal, rows, cols)
        # an entry: (state, Manhattan distance, conflicts, the blank's previous cell, the blank's cell, parent)
        super().__init__((first, md, estimate - md, -1, first.index(0), 0), estimate, RECENT)

    def expand(self, start: int, end: int) -> int:
        layer, made, keys, taken, newer, older = self.layer, self.made, self.keys, self.taken, self.newer, self.older
        swap, moves, distance, line, known = self.swap, self.moves, self.rank.distance, self.rank.line, self.rank.known
        # The expansion is written out for speed (the page's hot loop).
        for number in range(start, end):
            state, md, lc, came, blank, _ = layer[number]
            for cell, keys_in, keys_out, line_in, line_out in moves[blank]:
                if cell == came:
                    continue
                tile = state[cell]
                child = state.translate(swap[tile])
                if child in taken or child in newer or child in older:
                    continue
                taken.add(child)
                md2 = md + distance[tile][blank] - distance[tile][cell]
                lc2 = lc
                if keys_in[tile]:
                    after = child[line_in].translate(keys_in)
                    before = state[line_in].translate(keys_in)
                elif keys_out[tile]:
                    after = child[line_out].translate(keys_out)
                    before = state[line_out].translate(keys_out)
                else:
                    after = b""
                if after:
                    v1 = known.get(after)
                    v0 = known.get(before)
                    lc2 += (line(after) if v1 is None else v1) - (line(before) if v0 is None else v0)
                if md2 == 0:
                    self.goal = (number, cell)
                    return number
                made.append((child, md2, lc2, blank, cell, number))
                keys.append(md2 + lc2)
        return -1


Move = tuple[int, bytes, bytes, slice, slice]
"""One move of the blank onto ``cell``, for the beam's expansion: ``(cell, keys_in, keys_out, line_in, line_out)``:
the move takes the tile on ``cell`` out of the line ``line_out`` (a slice of the state, read with the key table
``keys_out``) into the line ``line_in`` across it; only the one of them the tile belongs to changes its conflicts."""


def _move_tables(rank: LineConflicts, near: list[tuple[int, ...]]) -> tuple[list[bytes], list[tuple[Move, ...]]]:
    """The beam's tables: ``swap[tile]``, the ``bytes.translate`` table that exchanges ``tile`` and the blank (so
    one call makes a child state), and per blank cell the :data:`Move` of each of its neighbours."""
    rows, cols = rank.rows, rank.cols
    identity = bytes(range(256))
    swap = [identity]
    for tile in range(1, rows * cols):
        table = bytearray(identity)
        table[0], table[tile] = tile, 0
        swap.append(bytes(table))
    moves: list[tuple[Move, ...]] = []
    for blank, cells in enumerate(near):
        options: list[Move] = []
        for cell in cells:
            (r0, c0), (r1, c1) = divmod(blank, cols), divmod(cell, cols)
            if r0 != r1:  # a vertical move: the tile changes rows
                into, out = slice(r0 * cols, r0 * cols + cols), slice(r1 * cols, r1 * cols + cols)
                options.append((cell, rank.rows_key[r0], rank.rows_key[r1], into, out))
            else:
                options.append(
                    (cell, rank.cols_key[c0], rank.cols_key[c1], slice(c0, None, cols), slice(c1, None, cols))
                )
        moves.append(tuple(options))
    return swap, moves


class LineKernel(_PythonKernel):
    """Peeling's line beam's kernel in pure Python: from ``start`` (the blank's cell, then each tile's) until every
    tile is on its cell in ``goal`` (the tiles' cells), the blank moving to its ``near`` cells (per cell, its free
    neighbours in order) on a board ``cols`` wide; ``between[a][b]`` (optional: ``None`` above 256 cells) is the
    Manhattan distance between two cells, read rather than worked out. Every state kept is refused at every later
    depth."""

    def __init__(
        self,
        start: State,
        goal: State,
        near: Sequence[Sequence[int]],
        cols: int,
        between: Sequence[Sequence[int]] | None,
    ) -> None:
        n = len(near)
        self.goal_cells, self.near, self.between = goal, near, between
        self.dist: Sequence[Sequence[int]] = (
            [between[a] for a in goal]
            if between
            else [[abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in range(n)] for a in goal]
        )
        self.row_of, self.col_of = [c // cols for c in range(n)], [c % cols for c in range(n)]
        total = sum(self.dist[i][start[i + 1]] for i in range(len(goal)))
        super().__init__((start, total, start[0], 0), 4 * total + self.reach(start), None)

    def reach(self, state: State) -> int:
        """The blank's distance to the nearest tile not yet on its target."""
        row_of, col_of = self.row_of, self.col_of
        br, bc = row_of[state[0]], col_of[state[0]]
        return min([abs(row_of[p] - br) + abs(col_of[p] - bc) for p, t in zip(state[1:], self.goal_cells) if p != t])

    def expand(self, start: int, end: int) -> int:
        layer, made, keys, taken, kept = self.layer, self.made, self.keys, self.taken, self.newer
        near, dist, between, goal = self.near, self.dist, self.between, self.goal_cells
        small = isinstance(goal, bytes)
        # The expansion is written out for speed.
        for number in range(start, end):
            state, total, b, _ = layer[number]
            for cell in near[b]:
                total2 = total
                child_cells = bytearray(state) if small else list(state)
                child_cells[0] = cell
                if cell in state:
                    at = state.index(cell)
                    child_cells[at] = b
                    total2 += dist[at - 1][b] - dist[at - 1][cell]
                child: State = bytes(child_cells) if small else tuple(child_cells)
                if child in kept or child in taken:
                    continue
                taken.add(child)
                if total2 == 0:
                    self.goal = (number, cell)
                    return number
                if between:  # reach(child), written out with between
                    row = between[cell]
                    key = 4 * total2 + min([row[p] for p, t in zip(child[1:], goal) if p != t])
                else:
                    key = 4 * total2 + self.reach(child)
                made.append((child, total2, cell, number))
                keys.append(key)
        return -1


def beam_search(
    rows: int,
    cols: int,
    start: Sequence[int],
    target: Sequence[int],
    width: int,
    budget: Budget,
    max_depth: int,
    pace: Pace = Pace(),
) -> Generator[Progress, None, list[int] | None]:
    """A path from ``start`` to ``target`` (tile per cell, ``0`` = blank; boards of up to 256 cells) of at most
    ``max_depth`` moves, ranked by Manhattan distance plus linear conflicts, ``width`` wide or as ``pace`` says.

    Returns the blank's cell after each move, or ``None`` when no path was found within ``max_depth`` moves or
    the hard limit stopped it (or, as ``pace`` says, the soft work budget).

    A beam runs compiled by numba when it can (:func:`runs_compiled`); it keeps the same states, so the path, the
    counters and the progress records are the same, only sooner.
    """
    first, goal = bytes(start), bytes(target)
    if first == goal:
        return []
    make = compiled_kernels().BoardKernel if runs_compiled(rows, cols, width) else BoardKernel
    return (yield from run_depths(make(rows, cols, first, goal), budget, max_depth, width, pace, True))


def runs_compiled(rows: int, cols: int, width: int) -> bool:
    """Whether :func:`beam_search` runs a beam of ``width`` on a ``rows`` × ``cols`` board compiled by numba: at least
    :data:`FAST_WIDTH` wide, no line longer than :data:`FAST_MAX_LINE`, and numba installed (the ``fast`` extra).
    numba lets go of Python's global lock while it works, so that two such beams run side by side on two cores."""
    return width >= FAST_WIDTH and max(rows, cols) <= FAST_MAX_LINE and compiled_kernels() is not None


def compiled_kernels() -> Any:
    """The kernels compiled by numba (the module :mod:`~npuzzle.nearoptimal.beam_numba`), or ``None`` when numba is
    not installed (:func:`~npuzzle.compiled.compiled_module`)."""
    return compiled_module(f"{__package__}.beam_numba")


def reversed_path(target: Sequence[int], path: Sequence[int]) -> list[int]:
    """The blank's cells of the way back along ``path`` (the blank's cells from ``target``, tile per cell): a
    path from its last state to ``target``."""
    blanks = [list(target).index(0), *path]
    return blanks[-2::-1]
