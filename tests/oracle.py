"""Breadth-first ground truth for the search tests: exact distances to a goal, computed once per process.

Independent of the searches under test: it expands states by swapping the blank with a neighbour in plain tuples.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from npuzzle import Board


def _neighbours(rows: int, cols: int) -> list[tuple[int, ...]]:
    out = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        out.append(
            tuple(
                nb
                for nb, ok in (
                    (cell - cols, r > 0),
                    (cell + cols, r < rows - 1),
                    (cell - 1, c > 0),
                    (cell + 1, c < cols - 1),
                )
                if ok
            )
        )
    return out


def _tile_children(tiles: tuple[int, ...], rows: int, cols: int) -> list[tuple[int, ...]]:
    """Every board one single-tile move away: the blank swapped with a neighbour."""
    blank = tiles.index(0)
    out = []
    for nb in _neighbours(rows, cols)[blank]:
        cells = list(tiles)
        cells[blank], cells[nb] = cells[nb], 0
        out.append(tuple(cells))
    return out


Children = Callable[[tuple[int, ...], int, int], list[tuple[int, ...]]]


def _breadth_first(start: Board, depth: int | None, children: Children) -> dict[tuple[int, ...], int]:
    """Every tile tuple within ``depth`` moves (by ``children``) of ``start``, all when ``None`` → its distance."""
    return {tiles: d for tiles, (d, _) in _counted_breadth_first(start, depth, children).items()}


def _counted_breadth_first(
    start: Board, depth: int | None, children: Children
) -> dict[tuple[int, ...], tuple[int, int]]:
    """Every tile tuple within ``depth`` moves (by ``children``) of ``start``, all when ``None`` → its distance and
    its number of shortest paths from ``start``, by one breadth-first search that adds up each layer's counts into
    the next."""
    found = {start.tiles: (0, 1)}
    frontier = [start.tiles]
    d = 0
    while frontier and (depth is None or d < depth):
        d += 1
        nxt = []
        for tiles in frontier:
            ways = found[tiles][1]
            for child in children(tiles, start.rows, start.cols):
                seen = found.get(child)
                if seen is None:
                    found[child] = (d, ways)
                    nxt.append(child)
                elif seen[0] == d:
                    found[child] = (d, seen[1] + ways)
        frontier = nxt
    return found


@lru_cache(maxsize=8)
def distances(goal: Board, depth: int | None = None) -> dict[tuple[int, ...], int]:
    """Every tile tuple within ``depth`` moves of ``goal`` (all reachable ones when ``None``) → its distance."""
    return _breadth_first(goal, depth, _tile_children)


def _line_children(tiles: tuple[int, ...], rows: int, cols: int) -> list[tuple[int, ...]]:
    """Every board one line move away: the blank swapped along its row or column with 1, 2, … tiles sliding."""
    blank = tiles.index(0)
    r, c = divmod(blank, cols)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        cells = list(tiles)
        at, rr, cc = blank, r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols:
            nxt = rr * cols + cc
            cells[at], cells[nxt] = cells[nxt], 0
            out.append(tuple(cells))
            at, rr, cc = nxt, rr + dr, cc + dc
    return out


@lru_cache(maxsize=8)
def line_distances(goal: Board, depth: int | None = None) -> dict[tuple[int, ...], int]:
    """Every tile tuple within ``depth`` line moves of ``goal`` (all reachable ones when ``None``) → its distance in
    the multi-tile metric (a whole row or column slid at once is one move)."""
    return _breadth_first(goal, depth, _line_children)


def line_distance(board: Board, goal: Board, half: int = 4) -> int | None:
    """The multi-tile-metric distance of ``board`` when it is at most ``2 · half`` (a breadth-first search of
    ``half`` line moves from each end, met in the middle), else ``None``."""
    around_goal = line_distances(goal, half)
    around_board = _breadth_first(board, half, _line_children)
    met = [d + around_goal[tiles] for tiles, d in around_board.items() if tiles in around_goal]
    return min(met, default=None)


@lru_cache(maxsize=4)
def path_counts(goal: Board, metric: str = "stm", depth: int | None = None) -> dict[tuple[int, ...], tuple[int, int]]:
    """Every tile tuple within ``depth`` moves of ``goal`` in ``metric`` (all reachable ones when ``None``) → its
    distance and its number of shortest paths to the goal (moves are reversible: as many as from the goal)."""
    return _counted_breadth_first(goal, depth, _line_children if metric == "mtm" else _tile_children)
