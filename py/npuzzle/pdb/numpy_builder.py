"""Vectorised (numpy) breadth-first search that builds one additive pattern-database table.

Build-time only: imported by :mod:`npuzzle.pdb.build` only when numpy is installed; nothing else imports it, so the
package stays standard-library only at run time. :func:`build_compact` returns exactly the bytes of the pure-Python
:func:`npuzzle.pdb.pure_builder.build_table_data` (the tests check that on small patterns), fast enough for the
15-puzzle's 7-tile tables, where pure Python would take hours (the times: ``docs/benchmarks.md``).

Abstract state: the cells of the pattern tiles plus the *region* the blank can reach without moving a pattern
tile (moves of other tiles are free in an additive database, Korf & Felner 2002), named by its lowest cell.
Every pattern-tile move costs 1, so a layered BFS over (placement, region) gives each placement's value: the
fewest pattern-tile moves that bring the pattern home, minimised over the blank's position.

While searching, a placement is numbered *sparsely*: tile ``i``'s cell is the ``i``-th hexadecimal digit
(``16**k`` numbers, most of them impossible placements), so moving a tile is one addition and reading a cell one
shift. Each placement keeps a 16-bit mask of the regions reached (``seen``). A layer's new states are found by
gathering ``seen`` at every move's target and claimed once each with a ticket array (``owner``: the last of a
repeated placement's writers wins, the others try again), so nothing is sorted or scanned. The depths are then read
in the compact order of :func:`npuzzle.pdb.database.compact_index` (no holes), and the stored byte is the *excess*
over Manhattan distance halved, ``(value − MD) / 2`` (the file form). The tickets sit in at most
:data:`OWNER_SLOTS` slots, a placement's slot a hash of it: two placements sharing a slot in one round are one winner
and one that tries again. A frontier state is a 32-bit number. Per 7-tile table: depths 268 MB, ``seen`` 537 MB,
``owner`` 67 MB, the frontier and the batches' temporaries on top (:func:`search_bytes`; the measured peaks:
``docs/benchmarks-pdb.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from math import perm

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
U32 = npt.NDArray[np.uint32]
U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]

CHUNK = 1 << 21
"""Frontier states expanded per numpy batch (bounds the temporary arrays to some hundreds of MB)."""

MIN_SPLIT = 1 << 12
"""The fewest states per thread worth splitting a layer for."""

OWNER_SLOTS = 1 << 24
"""Ticket slots at most (64 MB of them)."""

MAX_SPARSE = 1 << 28
"""The largest sparse numbering (``16**k``) built: 7 tiles (a 268 M-entry search)."""


class _Tables:
    """Lookup tables for one board shape: k-th free cell, flood fill, lowest set bit, region names."""

    def __init__(self, rows: int, cols: int) -> None:
        n = rows * cols
        self.n = n
        self.cols = cols
        masks = np.arange(1 << 16, dtype=np.int64)
        # select[mask * 16 + r] = the r-th cell (in increasing order) of 0..n-1 that is not in mask
        self.select = np.full((1 << 16) * 16, 255, np.int64)
        seen = np.zeros(1 << 16, np.int64)
        for c in range(n):
            free = ((masks >> c) & 1) == 0
            self.select[masks[free] * 16 + seen[free]] = c
            seen += free
        self.not_left = sum(1 << c for c in range(n) if c % cols)
        self.not_right = sum(1 << c for c in range(n) if c % cols != cols - 1)
        self.full = (1 << n) - 1
        # flood[free * 16 + start]: the cells reachable from start through free cells (start included)
        free = np.repeat(masks, 16)
        region = np.int64(1) << np.tile(np.arange(16, dtype=np.int64), 1 << 16)
        while True:
            nxt = region | (self.neighbours(region) & free)
            if np.array_equal(nxt, region):
                break
            region = nxt
        self.flood = region.astype(np.int32)
        low = masks & -masks
        self.lsb = np.zeros(1 << 16, np.int32)
        for b in range(16):
            self.lsb[low == (1 << b)] = b
        # rep_of[free * 16 + start]: the lowest cell of start's region (the region's name)
        self.rep_of = self.lsb[self.flood].astype(np.int8)
        self.bit = (np.int64(1) << np.arange(16, dtype=np.int64)).astype(np.uint16)  # bit[r] = 1 << r
        digit = np.int32(1) << (4 * np.arange(8, dtype=np.int32))  # digit[i] = 16**i
        self.delta = {step: (step * digit).astype(np.int32) for step in (-cols, cols, -1, 1)}  # a move's change

    def neighbours(self, cells: I64) -> I64:
        """The cells next to any of ``cells`` (bit masks), on the board."""
        cols, full = self.cols, self.full
        grown: I64 = ((cells << 1) & self.not_left) | ((cells >> 1) & self.not_right) | ((cells << cols) & full)
        return grown | (cells >> cols)


FRONTIER_BYTES = 6
"""Memory per state in a third of a table's search (:func:`~npuzzle.pdb.build.search_states`; no layer holds more)
for its frontiers: the layer expanded and the one found, 32-bit states, their pieces before they are joined; an
allowance fitted to the measured peaks (docs/benchmarks-pdb.md), not a bound."""

BATCH_BYTES = 64
"""Memory per state of a batch (at most :data:`CHUNK` states) for the temporaries of the thread expanding it (an
allowance, as above)."""


def search_bytes(k: int, states: int, threads: int = 1) -> int:
    """The memory a ``k``-tile table's search of ``states`` states takes on ``threads`` threads, estimated: its
    arrays exactly (depths, ``seen``, ``owner``), plus :data:`FRONTIER_BYTES` per state of a third of ``states``
    and :data:`BATCH_BYTES` per state of a batch in each thread; or, when more, what reading the depths in compact
    order takes (the depths, the table, a batch)."""
    sparse = 1 << (4 * k)  # 16**k placements
    arrays = sparse * (1 + 2) + 4 * min(sparse, OWNER_SLOTS)
    search = arrays + FRONTIER_BYTES * states // 3 + BATCH_BYTES * min(CHUNK, states // 3) * threads
    table = perm(16, k)
    return max(search, sparse + table + BATCH_BYTES * min(CHUNK, table))


def _quiet(stage: str) -> None:
    """A tick that shows nothing and never stops."""


def _slots(where: I32, size: int) -> I32:
    """The ticket slots of the placements ``where`` in an ``owner`` array of ``size`` (a power of two): a
    multiplicative hash of the placement (Knuth's, by the golden ratio), its top bits."""
    bits = size.bit_length() - 1
    hashed = (where.view(np.uint32) * np.uint32(0x9E3779B1)) >> np.uint32(32 - bits)
    return hashed.view(np.int32)


def _claim(tb: _Tables, seen: U16, owner: I32, where: I32, rep: I8, lane: int, lanes: int) -> U32:
    """Add the states (placement ``where``, region ``rep``) to ``seen`` and return them once each, as placement ×
    16 + region: one state of each repeated placement per round wins (``owner`` remembers who wrote last), the
    others are dropped when a winner held the same state, and tried again otherwise. Thread ``lane`` of ``lanes``
    writes its own tickets (``lane`` modulo ``lanes``); threads racing on one placement at worst both keep a state,
    or lose one's ``seen`` bit so that it is found again later: more work, never a wrong depth."""
    found = []
    while where.size:
        ticket = np.arange(lane, lane + lanes * where.size, lanes, dtype=np.int32)
        slot = _slots(where, owner.size)
        owner[slot] = ticket
        won = owner[slot] == ticket
        first, rep_first = where[won], rep[won]
        seen[first] |= tb.bit[rep_first]
        found.append((first.astype(np.uint32) << np.uint32(4)) | rep_first.astype(np.uint32))
        where, rep = where[~won], rep[~won]
        left = np.flatnonzero((seen[where] & tb.bit[rep]) == 0)
        where, rep = where[left], rep[left]
    return np.concatenate(found) if found else np.zeros(0, np.uint32)


def _expand(
    tb: _Tables,
    part: U32,
    k: int,
    seen: U16,
    owner: I32,
    lane: int = 0,
    lanes: int = 1,
    tick: Callable[[str], None] = _quiet,
    stage: str = "",
) -> U32:
    """The states one pattern-tile move from the states ``part`` (sparse placement × 16 + region) that ``seen``
    did not hold, each once; they are added to ``seen``. ``tick(stage)`` once the states are read, then after each
    of the four directions."""
    found = []
    cols, full = tb.cols, tb.full
    sid, rep = (part >> 4).astype(np.int32), (part & 15).astype(np.int32)
    occ = np.zeros(sid.shape, np.int32)
    tile_at = np.zeros(sid.shape, np.int64)  # nibble c: the index of the pattern tile on cell c
    for i in range(k):
        c = (sid >> (4 * i)) & 15
        occ |= np.int32(1) << c
        if i:
            tile_at |= np.int64(i) << (c << 2)
    region = tb.flood[((full & ~occ) << 4) | rep]
    # the pattern tiles that can move up, down, left, right: the cell that way is in the blank's region
    movers = (
        occ & ((region << cols) & full),
        occ & (region >> cols),
        occ & ((region << 1) & tb.not_left),
        occ & ((region >> 1) & tb.not_right),
    )
    tick(stage)
    for step, can in zip((-cols, cols, -1, 1), movers):
        at = np.flatnonzero(can)
        left = can[at]
        while at.size:  # one mover of each state per round, lowest cell first
            low = left & -left
            c = tb.lsb[low]
            nsid = sid[at] + tb.delta[step][(tile_at[at] >> (c << 2)) & 15]
            nocc = occ[at] ^ low ^ (low << step if step > 0 else low >> -step)
            nrep = tb.rep_of[((full & ~nocc) << 4) | c]
            fresh = np.flatnonzero((seen[nsid] & tb.bit[nrep]) == 0)
            found.append(_claim(tb, seen, owner, nsid[fresh], nrep[fresh], lane, lanes))
            left ^= low
            more = np.flatnonzero(left)
            at, left = at[more], left[more]
        tick(stage)
    return np.concatenate(found) if found else np.zeros(0, np.uint32)


def build_compact(
    rows: int,
    cols: int,
    tiles: Sequence[int],
    threads: int = 1,
    tick: Callable[[str], None] = _quiet,
    expanded: Callable[[int], None] = lambda states: None,
) -> bytes:
    """The compact excess table for pattern ``tiles`` (home labelling: tile t's goal cell is t, blank on 0), each
    layer of the search split over ``threads`` threads (numpy releases the GIL; the bytes are the same). ``tick``
    (:data:`npuzzle.pdb.pure_builder.Tick`) is called five times for every :data:`CHUNK` states expanded, with
    the depth and the share of its layer done, once per chunk of new states recorded, and while the table is put in
    compact order. ``expanded`` is told how many states each batch expanded (from any of the threads)."""
    n = rows * cols
    k = len(tiles)
    if n > 16 or not 2 <= k <= n - 1 or 16**k > MAX_SPARSE:
        raise ValueError(f"cannot build a {k}-tile table for {rows}×{cols}")
    tb = _Tables(rows, cols)
    depth = _search(tb, tiles, threads, tick, expanded)  # its other arrays freed before the compact order is read
    return _compact_excess(tb, tiles, depth, tick)


def _search(
    tb: _Tables, tiles: Sequence[int], threads: int, tick: Callable[[str], None], expanded: Callable[[int], None]
) -> npt.NDArray[np.uint8]:
    """The breadth-first search of :func:`build_compact`: the depth of every sparse placement (255: none)."""
    k = len(tiles)
    depth = np.full(16**k, 255, np.uint8)
    seen = np.zeros(16**k, np.uint16)
    owner = np.zeros(min(16**k, OWNER_SLOTS), np.int32)
    sid0 = sum(t << (4 * i) for i, t in enumerate(tiles))
    occ0 = sum(1 << t for t in tiles)
    rep0 = int(tb.rep_of[((tb.full & ~occ0) << 4) | 0])
    depth[sid0] = 0
    seen[sid0] = 1 << rep0
    frontier: U32 = np.array([(sid0 << 4) | rep0], np.uint32)

    def lane(part: U32, number: int) -> U32:
        found = []
        for at in range(0, part.size, CHUNK):
            stage = f"depth {level}, {100 * at // part.size}% of its layer"
            found.append(_expand(tb, part[at : at + CHUNK], k, seen, owner, number, threads, tick, stage))
            expanded(min(CHUNK, part.size - at))
        return np.concatenate(found) if found else np.zeros(0, np.uint32)

    level = 0
    with ThreadPoolExecutor(max_workers=threads) as pool:
        while frontier.size:
            level += 1
            tick(f"depth {level}, {frontier.size:,} states to expand")
            parts = np.array_split(frontier, threads) if frontier.size >= threads * MIN_SPLIT else [frontier]
            frontier = np.concatenate(list(pool.map(lane, parts, range(len(parts)))))
            for at in range(0, frontier.size, CHUNK):  # the new placements' depth, a chunk between two ticks
                tick(f"depth {level}, {frontier.size:,} new states found")
                reached = frontier[at : at + CHUNK] >> 4
                depth[reached[depth[reached] == 255]] = level
    return depth


def _compact_excess(
    tb: _Tables, tiles: Sequence[int], depth: npt.NDArray[np.uint8], tick: Callable[[str], None] = _quiet
) -> bytes:
    """The sparse depths read in compact order, as halved excess over Manhattan distance (the file's bytes).

    Compact order (:func:`npuzzle.pdb.database.compact_index`) is the rank of the first ``k − 2`` tiles' cells,
    then the last two tiles' positions among the cells left free; so the table is a (prefixes, pairs) matrix whose
    rows are the prefixes in rank order and whose columns are the same ordered pairs of free-cell positions."""
    n, cols, k = tb.n, tb.cols, len(tiles)
    lead = k - 2
    mults = [perm(n - 1 - i, lead - 1 - i) for i in range(lead)]
    free = n - lead
    fa, fb = np.divmod(np.arange(free * (free - 1), dtype=np.int64), free - 1)
    ia, ib = fa, fb + (fb >= fa)  # the pair's positions in the sorted list of free cells
    cell = np.arange(n, dtype=np.int64)

    def distance(tile: int) -> I64:
        moved: I64 = np.abs(cell // cols - tile // cols) + np.abs(cell % cols - tile % cols)
        return moved

    md_a, md_b = distance(tiles[lead]), distance(tiles[lead + 1])
    out = np.empty(perm(n, k), np.uint8)
    prefixes = perm(n, lead) if lead else 1
    rows = max(1, CHUNK // ia.size)
    for at in range(0, prefixes, rows):
        tick(f"compact order, {100 * at // prefixes}%")
        r = np.arange(at, min(prefixes, at + rows), dtype=np.int64)
        used = np.zeros(r.shape, np.int64)
        sid = np.zeros(r.shape, np.int64)
        md = np.zeros(r.shape, np.int64)
        for i in range(lead):
            d, r = np.divmod(r, mults[i])
            c = tb.select[used * 16 + d]
            used |= np.int64(1) << c
            sid |= c << (4 * i)
            md += distance(tiles[i])[c]
        cells = tb.select[(used * 16)[:, None] + np.arange(free, dtype=np.int64)]  # the free cells, ascending
        a, b = cells[:, ia], cells[:, ib]
        value = depth[sid[:, None] | (a << (4 * lead)) | (b << (4 * lead + 4))]
        if (value == 255).any():
            raise RuntimeError("the breadth-first search missed some placements")
        excess = value.astype(np.int64) - (md[:, None] + md_a[a] + md_b[b])
        if (excess < 0).any() or (excess & 1).any():
            raise RuntimeError("a table value is below, or of another parity than, the Manhattan distance")
        out[at * ia.size : (at + r.size) * ia.size] = (excess >> 1).ravel()
    return out.tobytes()
