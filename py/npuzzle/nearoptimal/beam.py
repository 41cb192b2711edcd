"""Beam search over a whole board (or region), ranked by Manhattan distance plus linear conflicts.

Breadth-first by depth, but each depth keeps only the ``width`` children with the lowest estimate
(:class:`~npuzzle.nearoptimal.conflicts.LineConflicts`; ties keep the order of their parents, best first). The
first depth that holds the target gives the path, so its length is the depth. Beam search is not complete (it
can wander past ``max_depth``), so callers keep a fallback. Cost: ``width`` expansions per depth.

Memory stays small: a depth keeps, per state it kept, only its parent's number and the blank's cell (the path is
read back through them), and a state is refused when it was kept in the last
:data:`~npuzzle.nearoptimal.beam_rules.RECENT` to ``2 × RECENT`` depths. States are ``bytes`` with the tile on each
cell, so boards of up to 256 cells. A wide beam runs compiled by numba (:mod:`~npuzzle.nearoptimal.beam_numba`),
or a whole depth at a time in numpy (:mod:`~npuzzle.nearoptimal.beam_numpy`), when installed, keeping the same
states.
"""

from __future__ import annotations

import importlib.util
from array import array
from collections.abc import Callable, Generator, Sequence
from contextlib import suppress
from typing import Any

from ..progress import Progress
from .beam_rules import RECENT, paced_width, read_back
from .budget import Budget
from .conflicts import LineConflicts
from .grouptables import neighbours

FAST_WIDTH = 250
"""The narrowest beam handed to numba or numpy, when installed: below it numpy is no faster than pure Python, and
numba's start (about 0.4 s, once a process) would outweigh what a beam that narrow saves."""

FAST_MAX_LINE = 15
"""The longest row or column the numba and numpy beams take (an estimate must fit in 16 bits for their sort, and
numpy's code of a line, its tiles' places along it as the digits of a number in base ``length + 1``, in 64); a
board with a longer one is searched in pure Python."""


def beam_search(
    rows: int,
    cols: int,
    start: Sequence[int],
    target: Sequence[int],
    width: int,
    budget: Budget,
    max_depth: int,
    finish_by: int | None = None,
    min_width: int = 1,
    soft: bool = False,
) -> Generator[Progress, None, list[int] | None]:
    """A path from ``start`` to ``target`` (tile per cell, ``0`` = blank) of at most ``max_depth`` moves.

    With ``finish_by`` (a count of the budget's expansions) the width is re-chosen after every depth, between
    ``min_width`` and ``width``, so that the search should end by then, judged from how fast the best estimate
    has fallen so far. The count, unlike a clock, makes the width (and so the answer) the same on any machine.

    Returns the blank's cell after each move, or ``None`` when no path was found within ``max_depth`` moves or
    the hard limit stopped it (with ``soft``, also once the soft work budget is spent).

    A beam at least :data:`FAST_WIDTH` wide runs compiled by numba, or else in numpy, when installed (the ``fast``
    extra) and no line of the board is longer than :data:`FAST_MAX_LINE` (:func:`fast_beam`); both keep the same
    states, so the path, the counters and the progress records are the same, only sooner.
    """
    first, goal = bytes(start), bytes(target)
    if first == goal:
        return []
    search = (fast_beam() if fits_fast(rows, cols, width) else None) or python_beam
    return (yield from search(rows, cols, first, goal, width, budget, max_depth, finish_by, min_width, soft))


def fits_fast(rows: int, cols: int, width: int) -> bool:
    """Whether a beam of ``width`` on a ``rows`` × ``cols`` board is handed to numba or numpy when installed."""
    return width >= FAST_WIDTH and max(rows, cols) <= FAST_MAX_LINE


def runs_compiled(rows: int, cols: int, width: int) -> bool:
    """Whether :func:`beam_search` runs a beam of ``width`` on a ``rows`` × ``cols`` board compiled by numba, which
    lets go of Python's global lock while it works, so that two such beams run side by side on two cores."""
    return fits_fast(rows, cols, width) and compiled_beam() is not None


def installed(name: str) -> bool:
    """Whether the top-level module ``name`` (``"numba"``, ``"numpy"``) is installed, found without importing it.

    Asked before each import of an optional module: Python remembers a module imported but not an import that
    failed, so without this every beam on a machine without numba (the browser's Pyodide) would try the import
    again, reading and running the module's source up to its failing line (milliseconds, against microseconds
    for a beam on a tiny board)."""
    return importlib.util.find_spec(name) is not None


def optional_kernel(module: str, name: str, needs: str) -> Any:
    """``name`` from this package's ``module`` (a kernel written for numba or numpy) when ``needs`` is installed and
    the module imports, else ``None``."""
    if not installed(needs):
        return None
    with suppress(ImportError):
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)
    return None


def compiled_beam() -> Search | None:
    """The beam compiled by numba (:mod:`~npuzzle.nearoptimal.beam_numba`), or ``None`` without numba."""
    compiled: Search | None = optional_kernel("beam_numba", "numba_beam", "numba")
    return compiled


def fast_beam() -> Search | None:
    """The fastest installed beam that keeps the pure-Python beam's states: numba's
    (:mod:`~npuzzle.nearoptimal.beam_numba`), else numpy's (:mod:`~npuzzle.nearoptimal.beam_numpy`), else none."""
    fast: Search | None = compiled_beam() or optional_kernel("beam_numpy", "numpy_beam", "numpy")
    return fast


Search = Callable[
    [int, int, bytes, bytes, int, Budget, int, int | None, int, bool], Generator[Progress, None, list[int] | None]
]
"""A beam search: ``(rows, cols, first, goal, width, budget, max_depth, finish_by, min_width, soft)``, as
:func:`beam_search`'s arguments."""


def python_beam(
    rows: int,
    cols: int,
    first: bytes,
    goal: bytes,
    width: int,
    budget: Budget,
    max_depth: int,
    finish_by: int | None,
    min_width: int,
    soft: bool,
) -> Generator[Progress, None, list[int] | None]:
    """:func:`beam_search` in pure Python, from ``first`` to ``goal`` (two different states)."""
    rank = LineConflicts(rows, cols, goal)
    distance, line, known = rank.distance, rank.line, rank.known
    swap, moves = _move_tables(rank, neighbours(rows, cols))
    first_md = rank.manhattan(first)
    first_estimate = first_md + rank.conflicts(first)
    # a layer entry: (state, Manhattan distance, conflicts, the blank's previous cell, the blank's cell)
    layer: list[tuple[bytes, int, int, int, int]] = [(first, first_md, first_estimate - first_md, -1, first.index(0))]
    parents: list[array[int]] = []  # per depth: the number of each kept state's parent in the layer before
    blanks: list[bytes] = []  # per depth: the blank's cell in each kept state
    older: set[bytes] = set()
    newer: set[bytes] = {first}
    current = width
    depth = 0
    pending = 0
    quota = budget.every()
    found = -1
    while layer and depth < max_depth and found < 0:
        depth += 1
        budget.bound = depth
        buckets: dict[int, list[tuple[bytes, int, int, int, int, int]]] = {}
        taken: set[bytes] = set()
        # The expansion is written out for speed: a child's estimate changes by its tile's distance and the
        # conflicts of the one line the move touches that the tile belongs to (see _move_tables).
        for number, (state, md, lc, came, blank) in enumerate(layer):
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
                    parents.append(array("I", [number]))
                    blanks.append(bytes([cell]))
                    found = 0
                    break
                entry = (child, md2, lc2, blank, cell, number)
                bucket = buckets.get(md2 + lc2)
                if bucket is None:
                    buckets[md2 + lc2] = [entry]
                else:
                    bucket.append(entry)
            if found >= 0:
                break
            pending += 1
            if pending >= quota:
                budget.expanded += pending
                pending = 0
                budget.note_frontier(len(taken))
                if (yield from budget.checkpoint(soft=soft)):
                    return None
                quota = budget.every()
        budget.generated += len(taken)
        if found >= 0:
            break
        if finish_by is not None and depth >= 3 and buckets:
            left = finish_by - budget.expanded - pending
            current = paced_width(width, min_width, first_estimate, min(buckets), depth, left)
        chosen: list[tuple[bytes, int, int, int, int, int]] = []
        for key in sorted(buckets):
            chosen.extend(buckets[key][: current - len(chosen)])
            if len(chosen) >= current:
                break
        layer = [entry[:5] for entry in chosen]
        parents.append(array("I", [entry[5] for entry in chosen]))
        blanks.append(bytes(entry[4] for entry in chosen))
        if depth % RECENT == 0:
            older, newer = newer, set()
        newer.update(entry[0] for entry in chosen)
        budget.note_frontier(len(layer))
    budget.expanded += pending
    if found < 0:
        return None
    return read_back(parents, blanks, found)


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


def reversed_path(target: Sequence[int], path: Sequence[int]) -> list[int]:
    """The blank's cells of the way back along ``path`` (the blank's cells from ``target``, tile per cell): a
    path from its last state to ``target``."""
    blanks = [list(target).index(0), *path]
    return blanks[-2::-1]
