"""The board the course's table of heuristics is run on.

A* with the weaker heuristics (no estimate, misplaced tiles, Manhattan) cannot finish on a 15-puzzle 40 or 50 moves
from the goal: they would expand millions of nodes. Their table then says nothing but "did not finish". So a board
whose estimate is more than :data:`COMPARE_DEPTH` moves is compared on a board on its way to the goal instead: a
greedy best-first search (linear conflicts) finds a path from it quickly, and the table runs on the board
:data:`COMPARE_DEPTH` moves before the goal on that path, where all but the weakest finish and their counts differ
by orders of magnitude. Deterministic: the same board gives the same board to compare, on any machine.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..board import Board, unchecked_board
from ..optimal.heuristics import make_heuristic

COMPARE_DEPTH = 26
"""The most moves from the goal a board compared may be: at about 20 to 26 moves, A* with misplaced tiles finishes on
the 15-puzzle within the table's node limit (thousands to tens of thousands of nodes), Manhattan distance in hundreds
(``docs/benchmarks.md``)."""

SMALL_CELLS = 9
"""Boards of at most this many cells (the 8-puzzle and smaller) are compared as they are: every heuristic finishes."""

GREEDY_NODES = 20_000
"""The most nodes the greedy search for a path may expand (a 15-puzzle takes hundreds); past it the board itself is
compared."""


@dataclass(frozen=True)
class CompareBoard:
    """The board a comparison runs on: ``board``, reached from the board asked about by ``moves_before`` moves on
    a path to the goal (0: the board asked about itself)."""

    board: Board
    moves_before: int


def compare_board(board: Board, goal: Board) -> CompareBoard:
    """The board the course's table runs on for ``board`` (see the module's docstring). Work bounded by
    :data:`GREEDY_NODES` expansions of O(cells) each."""
    if board.size <= SMALL_CELLS:
        return CompareBoard(board, 0)
    estimate = make_heuristic("linear-conflict", goal)
    if estimate.initial(board.tiles) <= COMPARE_DEPTH:
        return CompareBoard(board, 0)
    path = _greedy_path(board, goal)
    if path is None or len(path) <= COMPARE_DEPTH + 1:
        return CompareBoard(board, 0)
    before = len(path) - 1 - COMPARE_DEPTH
    return CompareBoard(unchecked_board(board.rows, board.cols, path[before]), before)


def _greedy_path(board: Board, goal: Board) -> list[tuple[int, ...]] | None:
    """The tiles of each board on a path from ``board`` to ``goal`` found by greedy best-first search on linear
    conflicts (ties: the first found), or None when :data:`GREEDY_NODES` expansions did not reach the goal."""
    estimate = make_heuristic("linear-conflict", goal)
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {board.tiles: None}
    frontier = [(estimate.initial(board.tiles), 0, board.tiles)]
    found = 0
    for _ in range(GREEDY_NODES):
        if not frontier:
            return None
        _, _, tiles = heapq.heappop(frontier)
        if tiles == goal.tiles:
            path = [tiles]
            while (before := parent[path[-1]]) is not None:
                path.append(before)
            return path[::-1]
        here = unchecked_board(board.rows, board.cols, tiles)
        for tile in here.movable_tiles().values():
            child = here.slide(tile).tiles
            if child not in parent:
                parent[child] = tiles
                found += 1
                heapq.heappush(frontier, (estimate.initial(child), found, child))
    return None
