"""Beam search over a small rectangular region, ranked by the sum of relaxed additive group tables.

Breadth-first by depth, but each depth keeps only the ``width`` children with the lowest estimate (ties keep the
order of their parents, best first); a state seen before is never taken again. The first depth that holds the
goal gives the solution, so its length is the depth. Beam search is not complete (a beam can die out), so callers
keep a fallback. Cost: about ``width × depth × 2.5`` generated states, so time grows linearly with the width
(timings in ``docs/benchmarks.md``).

Ranking with the *sum* of two differently cut partitions (see :func:`npuzzle.nearoptimal.grouptables.compact_groups`)
ranks
much better than either one alone; the estimate need not be admissible for ranking.

States are ``bytes`` of tile positions (``state[tile] = cell``, tile ``0`` is the blank), so finding the tile that
moves is one C-level ``bytes.index``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from ..progress import Progress
from .budget import PROGRESS_EVERY, Budget
from .grouptables import Partition, neighbours
from .peel import blank_path

MIN_WIDTH = 1000
"""The narrowest beam a paced search falls back to (narrower beams wander near the goal)."""

PACE_SAFETY = 1.5
"""Pacing assumes the remaining depths are this many times the straight-line estimate (the end is slower)."""


def positions(cells: Sequence[int]) -> bytes:
    """The ``state[tile] = cell`` encoding of a tile-per-cell list."""
    out = bytearray(len(cells))
    for cell, tile in enumerate(cells):
        out[tile] = cell
    return bytes(out)


def estimate(state: bytes, partitions: Sequence[Partition]) -> int:
    """The ranking estimate of ``state``: the sum over ``partitions`` of their values."""
    return sum(p.value(state) for p in partitions)


def beam_search(
    rows: int,
    cols: int,
    start: Sequence[int],
    goal: Sequence[int],
    partitions: Sequence[Partition],
    width: int,
    budget: Budget,
    max_depth: int,
    finish_by: int | None = None,
    min_width: int = MIN_WIDTH,
) -> Generator[Progress, None, list[int] | None]:
    """Search from ``start`` to ``goal`` (tile-per-cell lists of the region, ``0`` = blank) with beam ``width``.

    With ``finish_by`` (a count of the budget's expansions) the width is re-chosen after every depth, between
    ``min_width`` and ``width``, so that the search should end by then: the remaining depths are estimated from
    how fast the best estimate has fallen so far, each state kept costing one expansion. The count, unlike a
    clock, makes the width (and so the answer) the same on any machine.

    Returns the blank's cell after each move, or ``None`` when the beam died out, reached ``max_depth`` moves
    without finding the goal, held more states than the budget's memory limit, or the hard limit stopped it.
    """
    n = rows * cols
    near = neighbours(rows, cols)
    first = positions(start)
    target = positions(goal)
    if first == target:
        return []
    parent: dict[bytes, bytes | None] = {first: None}
    step = _layer(n, partitions)
    first_estimate = estimate(first, partitions)
    layer: list[tuple[bytes, int, int]] = [(first, first_estimate, n)]
    current = width
    depth = 0
    found = False
    pending = 0
    quota = budget.every()
    while layer and depth < max_depth:
        depth += 1
        budget.bound = depth
        children: dict[bytes, bytes] = {}
        buckets: dict[int, list[tuple[bytes, int]]] = {}
        at = 0
        while at < len(layer):  # in slices, a progress record (and limit check) every `quota` expansions
            part = layer[at : at + quota - pending]
            step(part, near, parent, children, buckets)
            at += len(part)
            budget.expanded += len(part)
            pending += len(part)
            if pending >= quota:
                pending = 0
                budget.note_frontier(len(children))
                if (yield from budget.checkpoint()):
                    return None
                quota = budget.every()
        budget.generated += len(children)
        if target in children:
            parent[target] = children[target]
            found = True
            break
        if finish_by is not None and depth >= 3 and buckets:
            current = _paced_width(width, min_width, first_estimate, min(buckets), depth, finish_by - budget.expanded)
        layer = []
        for h2 in sorted(buckets):
            taken = buckets[h2][: current - len(layer)]
            for child, came in taken:
                parent[child] = children[child]
                layer.append((child, h2, came))
            if len(layer) >= current:
                break
        budget.note_frontier(len(layer))
        if len(parent) > 50 * PROGRESS_EVERY:
            yield budget.progress()
        if budget.hard_stop() or (budget.limit.memory is not None and len(parent) > budget.limit.memory):
            return None
    if not found:
        return None
    return blank_path(parent, target, first)


def _paced_width(width: int, min_width: int, h_first: int, h_best: int, depth: int, left: int) -> int:
    """The width that should let the beam finish within ``left`` more expansions (see :func:`beam_search`)."""
    if left <= 0:
        return min_width
    fall = max(h_first - h_best, 1) / depth  # estimate drop per depth so far
    to_go = PACE_SAFETY * h_best / fall + 1
    return max(min_width, min(width, int(left / to_go)))


_Layer = list[tuple[bytes, int, int]]
_Step = Callable[
    [
        _Layer,
        Sequence[tuple[int, ...]],
        dict[bytes, "bytes | None"],
        dict[bytes, bytes],
        dict[int, list[tuple[bytes, int]]],
    ],
    None,
]


def _small_groups(partition: Partition) -> bool:
    return all(len(g) <= 4 for g in partition.groups)


Row = tuple[int, ...]
Pad = tuple[bytes, Row, int, Row, int, Row, int, Row]


def padded_lookup(n: int, partition: Partition) -> list[Pad]:
    """Per tile of ``partition`` (groups of at most four tiles): (table, own, o1, c1, o2, c2, o3, c3) with missing
    group mates padded by a zero contribution."""
    zero = (0,) * n
    out: list[Pad] = []
    for tile in range(n):
        entry = partition.lookup[tile] if tile < len(partition.lookup) else None
        if entry is None:
            out.append((bytes(1), zero, 0, zero, 0, zero, 0, zero))
            continue
        table, own, others = entry
        (o1, c1), (o2, c2), (o3, c3) = list(others) + [(0, zero)] * (3 - len(others))
        out.append((table, own, o1, c1, o2, c2, o3, c3))
    return out


def _layer(n: int, partitions: Sequence[Partition]) -> _Step:
    """The expansion of one slice of a layer. The estimate's change is unrolled for the usual case of two
    partitions of groups of at most four tiles (:func:`padded_lookup`); any other partitions take the general loop."""
    two: list[tuple[Pad, Pad]] | None = None
    per_tile: list[tuple[tuple[bytes, tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]], ...]] = []
    if len(partitions) == 2 and all(_small_groups(p) for p in partitions):
        two = list(zip(padded_lookup(n, partitions[0]), padded_lookup(n, partitions[1])))
    else:
        for tile in range(n):
            entries = []
            for partition in partitions:
                entry = partition.lookup[tile] if tile < len(partition.lookup) else None
                if entry is not None:
                    entries.append(entry)
            per_tile.append(tuple(entries))

    def step(
        layer: _Layer,
        near: Sequence[tuple[int, ...]],
        parent: dict[bytes, bytes | None],
        children: dict[bytes, bytes],
        buckets: dict[int, list[tuple[bytes, int]]],
    ) -> None:
        for state, h, came in layer:
            blank = state[0]
            for cell in near[blank]:
                if cell == came:
                    continue
                tile = state.index(cell)
                child_array = bytearray(state)
                child_array[tile] = blank
                child_array[0] = cell
                child = bytes(child_array)
                if child in parent or child in children:
                    continue
                if two is not None:
                    (ta, oa, a1, ca1, a2, ca2, a3, ca3), (tb, ob, b1, cb1, b2, cb2, b3, cb3) = two[tile]
                    ia = ca1[state[a1]] + ca2[state[a2]] + ca3[state[a3]]
                    ib = cb1[state[b1]] + cb2[state[b2]] + cb3[state[b3]]
                    h2 = h + ta[ia + oa[blank]] - ta[ia + oa[cell]] + tb[ib + ob[blank]] - tb[ib + ob[cell]]
                else:
                    h2 = h
                    for table, own, others in per_tile[tile]:
                        index = 0
                        for other, contribution in others:
                            index += contribution[state[other]]
                        h2 += table[index + own[blank]] - table[index + own[cell]]
                children[child] = state
                bucket = buckets.get(h2)
                if bucket is None:
                    buckets[h2] = [(child, blank)]
                else:
                    bucket.append((child, blank))

    return step
