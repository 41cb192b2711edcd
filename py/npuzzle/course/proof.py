"""Why every board with the goal's parity can reach it, shown on one board, after Archer ("A modern treatment of the
15 puzzle", *Amer. Math. Monthly* 106, 1999).

Read the tiles along the *snake* — the first row left to right, the next right to left, and so on — skipping the
blank. A horizontal move slides the blank along the snake: the order stays. A vertical move carries one tile past the
tiles between its two cells along the snake, always an even number of them: a cycle of odd length, an even
permutation. So the order's parity never changes (the rule's other half); and the blank circling a 2×2 square turns
three tiles, a 3-cycle, and 3-cycles make every even ordering: so every board whose order has the goal's parity
reaches it (the rule's sufficiency). :func:`proof` gives the figures of each step on one board.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..board import Board


def snake(rows: int, cols: int) -> list[int]:
    """The cells along the snake: row 0 left to right, row 1 right to left, …"""
    return [r * cols + (c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]


def snake_order(board: Board) -> list[int]:
    """``board``'s tiles along the snake, the blank skipped."""
    return [board.tiles[cell] for cell in snake(board.rows, board.cols) if board.tiles[cell]]


def three_cycles(order: list[int], goal_order: list[int]) -> int | None:
    """How many 3-cycles put ``order`` into ``goal_order`` when done one after the other, each placing at least one
    tile for good (one way, not always the fewest); ``None`` when none can (the two differ by an odd permutation)."""
    where = {tile: k for k, tile in enumerate(goal_order)}
    perm = [where[tile] for tile in order]
    count = 0
    for i in range(len(perm) - 2):
        if perm[i] == i:
            continue
        j = perm.index(i)  # the tile that belongs here, found further on
        k = next(k for k in range(i + 1, len(perm)) if k != j)
        perm[i], perm[j], perm[k] = perm[j], perm[k], perm[i]  # the 3-cycle (i j k)
        count += 1
    return count if perm == sorted(perm) else None


@dataclass(frozen=True, slots=True)
class Proof:
    """The proof's figures on one board: the snake (its cells in order), the board's and the goal's orders along it;
    a vertical move the blank can make now (``vertical``: the tile, its cell and the blank's, the tiles it passes along
    the snake), the blank's 2×2 square (``square``: its cells as the blank circles them, the three tiles before and
    after); and how many 3-cycles put the order into the goal's (``cycles``; ``None``: an odd permutation, no board
    with this order reaches the goal)."""

    snake: list[int]
    order: list[int]
    goal_order: list[int]
    vertical: dict[str, Any] | None
    square: dict[str, Any] | None
    cycles: int | None

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values."""
        return asdict(self)


def _vertical(board: Board, path: list[int]) -> dict[str, Any] | None:
    blank = board.tiles.index(0)
    for cell in (blank - board.cols, blank + board.cols):
        if 0 <= cell < board.size:
            a, b = sorted((path.index(cell), path.index(blank)))
            passed = [board.tiles[c] for c in path[a + 1 : b]]
            return {"tile": board.tiles[cell], "from": cell, "to": blank, "passes": passed}
    return None


def _square(board: Board) -> dict[str, Any] | None:
    if board.rows < 2 or board.cols < 2:
        return None
    blank = board.tiles.index(0)
    r, c = divmod(blank, board.cols)
    dr = 1 if r + 1 < board.rows else -1
    dc = 1 if c + 1 < board.cols else -1
    side, corner, down = blank + dc, blank + dr * board.cols + dc, blank + dr * board.cols
    ring = [blank, side, corner, down]  # the blank goes round: to the side, across, down, back
    before = [board.tiles[cell] for cell in ring[1:]]
    after = board.apply([board.tiles[side], board.tiles[corner], board.tiles[down], board.tiles[side]])
    return {"cells": ring, "before": before, "after": [after.tiles[cell] for cell in ring[1:]]}


def proof(board: Board, goal: Board) -> Proof:
    """The proof's figures on ``board`` bound for ``goal`` (boards of any size; the page shows them up to 8×8)."""
    path = snake(board.rows, board.cols)
    order, goal_order = snake_order(board), snake_order(goal)
    return Proof(path, order, goal_order, _vertical(board, path), _square(board), three_cycles(order, goal_order))
