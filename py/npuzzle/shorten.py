"""Path shortening: replace windows of a solution by optimal paths between their end states.

For a solution ``s₀ → s₁ → … → s_L`` and a window ``[i, j]``, IDA* with the Manhattan distance *between the two
states* (each tile's distance to its cell in ``s_j``, admissible for reaching ``s_j``) looks for a path from
``s_i`` to ``s_j`` shorter than ``j − i``; if one exists it replaces the window. A window whose states are
already as far apart in Manhattan distance as the window is long is skipped at once, which makes a sweep over a
good path cheap. Any path stays a valid solution after a replacement, so the shortening can stop at any moment.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from .budget import PROGRESS_EVERY, Budget
from .grouptables import neighbours
from .progress import Progress


def distances(rows: int, cols: int) -> list[int]:
    """The Manhattan distance between every two cells, flat: ``d[a * n + b]``."""
    n = rows * cols
    out = [0] * (n * n)
    for a in range(n):
        ar, ac = divmod(a, cols)
        for b in range(n):
            br, bc = divmod(b, cols)
            out[a * n + b] = abs(ar - br) + abs(ac - bc)
    return out


def window_search(
    start: Sequence[int],
    target: Sequence[int],
    near: Sequence[tuple[int, ...]],
    dist: Sequence[int],
    limit: int,
    node_cap: int,
    budget: Budget,
) -> Generator[Progress, None, list[int] | None]:
    """An optimal blank path from ``start`` to ``target`` (tile-per-cell lists) if one is shorter than ``limit``.

    IDA* with an explicit stack; gives up (``None``) after ``node_cap`` expansions, when no path shorter than
    ``limit`` exists, or when the hard limit is reached.
    """
    n = len(start)
    goal_of = [0] * n
    for cell, tile in enumerate(target):
        goal_of[tile] = cell
    cells = list(start)
    blank = cells.index(0)
    goal_blank = goal_of[0]
    h0 = 0
    for cell, tile in enumerate(cells):
        if tile:
            h0 += dist[cell * n + goal_of[tile]]
    if h0 >= limit:
        return None
    bound = h0
    expanded = 0
    since = 0
    while bound < limit:
        following = limit
        path = [blank]
        hs = [h0]
        next_index = [0]
        while next_index:
            here = path[-1]
            i = next_index[-1]
            options = near[here]
            if i >= len(options):
                next_index.pop()
                hs.pop()
                path.pop()
                if path:
                    back = path[-1]
                    cells[here] = cells[back]
                    cells[back] = 0
                continue
            next_index[-1] = i + 1
            cell = options[i]
            if len(path) > 1 and cell == path[-2]:
                continue
            tile = cells[cell]
            goal = goal_of[tile]
            h = hs[-1] + dist[here * n + goal] - dist[cell * n + goal]
            f = len(path) + h
            if f > bound:
                if f < following:
                    following = f
                continue
            expanded += 1
            since += 1
            cells[here] = tile
            cells[cell] = 0
            path.append(cell)
            hs.append(h)
            next_index.append(0)
            if h == 0 and cell == goal_blank:
                budget.expanded += since
                return path[1:]
            if since >= PROGRESS_EVERY:
                budget.expanded += since
                since = 0
                yield budget.progress()
                if budget.hard_stop():
                    return None
            if expanded >= node_cap:
                budget.expanded += since
                return None
        bound = following
    budget.expanded += since
    return None


def shorten(
    rows: int,
    cols: int,
    start: Sequence[int],
    path: Sequence[int],
    budget: Budget,
    window: int = 30,
    node_cap: int = 30_000,
    passes: int = 3,
) -> Generator[Progress, None, list[int]]:
    """``path`` (the blank's cells) from ``start`` with windows of up to ``window`` moves replaced by shorter ones.

    Sweeps windows starting every ``window // 3`` moves, up to ``passes`` times while a sweep still improves;
    stops early (keeping every improvement so far) at the budget's soft deadline.
    """
    near = neighbours(rows, cols)
    dist = distances(rows, cols)
    best = list(path)
    step = max(1, window // 3)
    for _ in range(passes):
        improved = False
        cells = list(start)
        blank = cells.index(0)
        i = 0
        while i + 2 < len(best):
            if budget.soft_stop():
                return best
            j = min(i + window, len(best))
            target = list(cells)
            b = blank
            for cell in best[i:j]:
                target[b] = target[cell]
                target[cell] = 0
                b = cell
            budget.iteration += 1
            found = yield from window_search(cells, target, near, dist, j - i, node_cap, budget)
            if found is not None and len(found) < j - i:
                best[i:j] = found
                improved = True
                continue
            for cell in best[i : min(i + step, len(best))]:
                cells[blank] = cells[cell]
                cells[cell] = 0
                blank = cell
            i += step
        if not improved:
            break
    return best
