"""The two ways of counting moves: single tiles (STM) and whole lines (MTM).

In the **single-tile metric** (``stm``) every tile that slides is one move. In the **multi-tile metric** (``mtm``)
sliding a whole line of tiles at once — every tile between the blank and the one touched, in the blank's row or
column — is one move: ``U3`` on a 4×4 is three moves in STM and one in MTM. God's number for the 15-puzzle is 80 in
STM and 43 in MTM (Norskog & Davidson 2010). A sequence of single-tile moves is counted in MTM by its *runs*:
consecutive moves in the same direction make one line move (they are always in the same line).

The letters are those of :mod:`npuzzle.board`: the direction **the tile** moves. :func:`line_children` gives the
line moves of a packed state (:mod:`npuzzle.optimal.packing`), for the searches and tables that count in MTM.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import groupby
from typing import Literal

from ..board import Board, Direction, moves_to_letters
from ..errors import LimitError, show_value
from .packing import Layout

Metric = Literal["stm", "mtm"]
METRICS: tuple[Metric, ...] = ("stm", "mtm")
"""The metrics, by name."""

METRIC_TITLES: dict[Metric, str] = {"stm": "single-tile moves", "mtm": "line moves"}
"""How text names each metric's moves."""


def metric_name(metric: object) -> Metric:
    """``metric`` as one of :data:`METRICS` (case and spaces forgiven); raises
    :class:`~npuzzle.errors.LimitError` naming the choices."""
    key = metric.strip().lower() if isinstance(metric, str) else None
    for name in METRICS:
        if key == name:
            return name
    raise LimitError(
        f"unknown metric {show_value(metric)}: use 'stm' (single-tile moves) or 'mtm' (line moves: a whole row or "
        "column slid at once counts one)"
    )


def runs(letters: str | Sequence[str]) -> list[tuple[Direction, int]]:
    """The line moves of a sequence of single-tile letters: ``"UURDDDL"`` → ``[("U", 2), ("R", 1), ("D", 3),
    ("L", 1)]``; each run is one move in MTM."""
    out: list[tuple[Direction, int]] = []
    for letter, group in groupby(letters):
        out.append((letter, sum(1 for _ in group)))  # type: ignore[arg-type]
    return out


def count_moves(letters: str | Sequence[str], metric: Metric) -> int:
    """How many moves the single-tile letters make in ``metric``: their number (STM) or their runs (MTM: the letters
    less those that repeat the one before, counted in C, a few hundredths of a second a million)."""
    return len(letters) if metric == "stm" else len(letters) - sum(map(operator.eq, letters, letters[1:]))


def count_tiles(board: Board, tiles: Sequence[int], metric: Metric) -> int:
    """How many moves a solution given as tiles slid from ``board`` makes in ``metric``."""
    return len(tiles) if metric == "stm" else len(runs(moves_to_letters(board, tiles)))


def line_children(layout: Layout, state: int) -> Iterator[tuple[int, int, int]]:
    """The line moves of a packed ``state``: ``(child, blank_step, count)`` for each direction the blank can go and
    each number of tiles (1 up to the board's edge) slid at once; ``blank_step`` is the blank's step per tile (its
    direction). O(rows + cols) children."""
    mask = layout.blank_mask
    for first in layout.moves[state & mask]:
        step = first.blank_step
        child = layout.slide(state, first)[1]
        count = 1
        yield child, step, count
        while True:
            nxt = next((m for m in layout.moves[child & mask] if m.blank_step == step), None)
            if nxt is None:
                break
            child = layout.slide(child, nxt)[1]
            count += 1
            yield child, step, count


def tile_letter(layout: Layout, blank_step: int) -> Direction:
    """The letter of a move in which the blank steps by ``blank_step`` cells (the tile moves the other way)."""
    if blank_step == layout.cols:
        return "U"
    if blank_step == -layout.cols:
        return "D"
    return "L" if blank_step == 1 else "R"
