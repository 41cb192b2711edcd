"""Path shortening: replace windows of a solution by optimal paths between their end states.

For a solution ``s₀ → s₁ → … → s_L`` and a window ``[i, j]``, IDA* with the Manhattan distance *between the two
states* (each tile's distance to its cell in ``s_j``, admissible for reaching ``s_j``) looks for a path from
``s_i`` to ``s_j`` shorter than ``j − i``; if one exists it replaces the window. A window whose states are
already as far apart in Manhattan distance as the window is long is skipped at once, which makes a sweep over a
good path cheap. Any path stays a valid solution after a replacement, so the shortening can stop at any moment.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ..progress import Progress, SearchStopped
from .beam import padded_lookup
from .budget import Budget
from .grouptables import Partition, PartitionSpec, bind_partition, neighbours


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
    every = budget.every()
    # The IDA* loop is written out here and in table_search, each with its own state and estimate, for speed.
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
            if since >= every:
                if (yield from budget.checkpoint(since)):
                    return None
                since = 0
                every = budget.every()
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
    stops early (keeping every improvement so far) once the soft work budget is spent.
    """
    best = list(path)
    yield from _keeping_improvements(_sweep(rows, cols, start, best, budget, window, node_cap, passes), budget)
    return best


def _keeping_improvements(sweep: Generator[Progress, None, None], budget: Budget) -> Generator[Progress, None, None]:
    """Run ``sweep`` (which improves a path in place); a stop from outside (:class:`SearchStopped`) ends it and is
    recorded on ``budget``, every improvement made so far being kept."""
    try:
        yield from sweep
    except SearchStopped as stop:
        budget.request_stop(stop.reason)


def _sweep(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    budget: Budget,
    window: int,
    node_cap: int,
    passes: int,
) -> Generator[Progress, None, None]:
    """The sweeps of :func:`shorten`, improving ``best`` in place (it is a valid path at every ``yield``)."""
    near = neighbours(rows, cols)
    dist = distances(rows, cols)
    step = max(1, window // 3)
    for _ in range(passes):
        improved = False
        cells = list(start)
        blank = cells.index(0)
        i = 0
        while i + 2 < len(best):
            if budget.soft_stop():
                return
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


def table_search(
    rows: int,
    cols: int,
    start: Sequence[int],
    partitions: Sequence[Partition],
    limit: int,
    node_cap: int,
    budget: Budget,
) -> Generator[Progress, None, list[int] | None]:
    """An optimal blank path from ``start`` (tile-per-cell, ``0`` = blank) to the partitions' goal if one is
    shorter than ``limit``.

    IDA* with an explicit stack and the larger of the two partitions' additive estimates (each admissible, so
    their maximum is too); the partitions' groups have at most four tiles. Gives up (``None``) after ``node_cap``
    expansions, when no such path exists, or once the soft work budget is spent.
    """
    near = neighbours(rows, cols)
    pos = bytearray(len(start))
    for cell, tile in enumerate(start):
        pos[tile] = cell
    if len(partitions) != 2:
        raise ValueError("table_search takes exactly two partitions")
    lookups = list(zip(padded_lookup(len(start), partitions[0]), padded_lookup(len(start), partitions[1])))
    ha0 = partitions[0].value(bytes(pos))
    hb0 = partitions[1].value(bytes(pos))
    h0 = max(ha0, hb0)
    if h0 >= limit:
        return None
    bound = h0
    expanded = 0
    since = 0
    every = budget.every()
    # The IDA* loop is written out here and in window_search, each with its own state and estimate, for speed.
    while bound < limit:
        following = limit
        path = [pos[0]]
        estimates = [(ha0, hb0)]
        moved: list[int] = []
        next_index = [0]
        while next_index:
            here = path[-1]
            i = next_index[-1]
            options = near[here]
            if i >= len(options):
                next_index.pop()
                estimates.pop()
                path.pop()
                if moved:
                    tile = moved.pop()
                    pos[tile] = here
                    pos[0] = path[-1]
                continue
            next_index[-1] = i + 1
            cell = options[i]
            if len(path) > 1 and cell == path[-2]:
                continue
            tile = pos.index(cell)
            ha, hb = estimates[-1]
            (ta, oa, a1, ca1, a2, ca2, a3, ca3), (tb, ob, b1, cb1, b2, cb2, b3, cb3) = lookups[tile]
            ia = ca1[pos[a1]] + ca2[pos[a2]] + ca3[pos[a3]]
            ib = cb1[pos[b1]] + cb2[pos[b2]] + cb3[pos[b3]]
            ha += ta[ia + oa[here]] - ta[ia + oa[cell]]
            hb += tb[ib + ob[here]] - tb[ib + ob[cell]]
            h = ha if ha > hb else hb
            f = len(path) + h
            if f > bound:
                if f < following:
                    following = f
                continue
            expanded += 1
            since += 1
            pos[tile] = here
            pos[0] = cell
            moved.append(tile)
            path.append(cell)
            estimates.append((ha, hb))
            next_index.append(0)
            if h == 0:
                budget.expanded += since
                return path[1:]
            if since >= every:
                if (yield from budget.checkpoint(since, soft=True)):
                    return None
                since = 0
                every = budget.every()
            if expanded >= node_cap:
                budget.expanded += since
                return None
        bound = following
    budget.expanded += since
    return None


TAIL_WINDOWS = (20, 30, 40, 50, 60, 70, 80)
"""The lengths of the path's ending that :func:`improve_windows` re-solves first, shortest first."""

TABLE_WINDOWS = (30, 45)
"""The window lengths :func:`improve_windows` then sweeps the path with, in turn."""


def improve_windows(
    rows: int,
    cols: int,
    start: Sequence[int],
    path: Sequence[int],
    specs: Sequence[PartitionSpec],
    budget: Budget,
    node_cap: int = 100_000,
    phase_cap: int = 1_000_000,
) -> Generator[Progress, None, list[int]]:
    """``path`` (blank cells from ``start``) with windows replaced by optimal paths between their end states.

    First the path's last :data:`TAIL_WINDOWS` moves are re-solved towards the goal, where the tables are at
    their strongest (until one search gives up); then windows of each length in :data:`TABLE_WINDOWS` are swept
    from the end of the path backwards, half a window at a time. Each window is re-solved by :func:`table_search`
    with the tables of ``specs`` bound to the window's last state
    (:func:`npuzzle.nearoptimal.grouptables.bind_partition`).
    Stops once the soft work budget is spent or after ``phase_cap`` expansions in all; each search gives up after
    ``node_cap``.
    """
    best = list(path)
    if len(specs) != 2 or any(len(g) > 4 for spec in specs for g in spec.groups):
        return best
    yield from _keeping_improvements(_improve(rows, cols, start, best, specs, budget, node_cap, phase_cap), budget)
    return best


def _improve(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    specs: Sequence[PartitionSpec],
    budget: Budget,
    node_cap: int,
    phase_cap: int,
) -> Generator[Progress, None, None]:
    """The sweeps of :func:`improve_windows`, improving ``best`` in place (a valid path at every ``yield``)."""
    began = budget.expanded
    for window in TAIL_WINDOWS:
        if budget.soft_stop() or budget.expanded - began >= phase_cap:
            return
        window = min(window, len(best))
        found = yield from _resolve(rows, cols, start, best, len(best) - window, len(best), specs, node_cap, budget)
        if found is None:
            break
        if window == len(best):
            break
    for window in TABLE_WINDOWS:
        end = len(best)
        while end > 0:
            if budget.soft_stop() or budget.expanded - began >= phase_cap:
                return
            begin = max(0, end - window)
            found = yield from _resolve(rows, cols, start, best, begin, end, specs, node_cap, budget)
            if found:
                end = begin + found[0]
            if begin == 0:
                break
            end -= window // 2
    return


def _resolve(
    rows: int,
    cols: int,
    start: Sequence[int],
    best: list[int],
    begin: int,
    end: int,
    specs: Sequence[PartitionSpec],
    node_cap: int,
    budget: Budget,
) -> Generator[Progress, None, list[int] | None]:
    """Re-solve ``best[begin:end]`` in place; return ``[new length]`` if it got shorter, ``[]`` if the search
    proved it optimal, ``None`` if the search gave up."""
    cells = list(start)
    blank = cells.index(0)
    for cell in best[:begin]:
        cells[blank] = cells[cell]
        cells[cell] = 0
        blank = cell
    target = list(cells)
    for cell in best[begin:end]:
        target[blank] = target[cell]
        target[cell] = 0
        blank = cell
    partitions = [bind_partition(spec, target) for spec in specs]
    budget.iteration += 1
    before = budget.expanded
    found = yield from table_search(rows, cols, cells, partitions, end - begin, node_cap, budget)
    if found is not None:
        best[begin:end] = found
        return [len(found)]
    if budget.expanded - before >= node_cap or budget.soft_stop():
        return None
    return []
