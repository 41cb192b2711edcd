"""Breadth-first ground truth for the search tests: exact distances to a goal, computed once per process.

Independent of the searches under test: it expands states by swapping the blank with a neighbour in plain tuples.
"""

from __future__ import annotations

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


@lru_cache(maxsize=8)
def distances(goal: Board, depth: int | None = None) -> dict[tuple[int, ...], int]:
    """Every tile tuple within ``depth`` moves of ``goal`` (all reachable ones when ``None``) → its distance."""
    neighbours = _neighbours(goal.rows, goal.cols)
    dist = {goal.tiles: 0}
    frontier = [goal.tiles]
    d = 0
    while frontier and (depth is None or d < depth):
        d += 1
        nxt = []
        for tiles in frontier:
            blank = tiles.index(0)
            for nb in neighbours[blank]:
                cells = list(tiles)
                cells[blank], cells[nb] = cells[nb], 0
                child = tuple(cells)
                if child not in dist:
                    dist[child] = d
                    nxt.append(child)
        frontier = nxt
    return dist
