"""Optimal windows on a region with relaxed group tables: replace windows of a solution by optimal paths.

For a solution ``s₀ → s₁ → … → s_L`` on a region of at most 25 cells and a window ``[i, j]``, IDA* with the
region's group tables bound to ``s_j`` (:func:`table_search`) looks for a path from ``s_i`` to ``s_j`` shorter than
``j − i``; if one exists it replaces the window (:func:`improve_windows`). Any path stays a valid solution after a
replacement, so the shortening can stop at any moment (:func:`keeping_improvements`).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ..board import neighbours
from ..progress import Progress, SearchStopped
from .budget import Budget
from .grouptables import Partition, PartitionSpec, bind_partition, padded_lookup


def keeping_improvements(sweep: Generator[Progress, None, None], budget: Budget) -> Generator[Progress, None, None]:
    """Run ``sweep`` (which improves a path in place); a stop from outside (:class:`SearchStopped`) ends it and is
    recorded on ``budget``, every improvement made so far being kept."""
    try:
        yield from sweep
    except SearchStopped as stop:
        budget.request_stop(stop.reason)


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
    # The IDA* loop is written out for speed.
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
    shortest: int = 0,
) -> Generator[Progress, None, list[int]]:
    """``path`` (blank cells from ``start``) with windows replaced by optimal paths between their end states.

    First the path's last :data:`TAIL_WINDOWS` moves are re-solved towards the goal, where the tables are at
    their strongest (until one search gives up); then windows of each length in :data:`TABLE_WINDOWS` are swept
    from the end of the path backwards, half a window at a time. Each window is re-solved by :func:`table_search`
    with the tables of ``specs`` bound to the window's last state
    (:func:`npuzzle.nearoptimal.grouptables.bind_partition`).
    Stops once the soft work budget is spent, after ``phase_cap`` expansions in all, or once the path is
    ``shortest`` moves long (a proven lower bound: no shorter path exists); each search gives up after ``node_cap``.
    """
    best = list(path)
    if len(specs) != 2 or any(len(g) > 4 for spec in specs for g in spec.groups):
        return best
    sweep = _improve(rows, cols, start, best, specs, budget, node_cap, phase_cap, shortest)
    yield from keeping_improvements(sweep, budget)
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
    shortest: int,
) -> Generator[Progress, None, None]:
    """The sweeps of :func:`improve_windows`, improving ``best`` in place (a valid path at every ``yield``), until
    it is ``shortest`` moves long."""
    began = budget.expanded

    def done() -> bool:
        return len(best) <= shortest or budget.soft_stop() or budget.expanded - began >= phase_cap

    for window in TAIL_WINDOWS:
        if done():
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
            if done():
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
