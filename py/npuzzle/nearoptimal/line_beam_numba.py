"""Peeling's line beam (:func:`npuzzle.nearoptimal.peel.line_beam`), its depths compiled to machine code by numba.

It keeps the same states as the pure-Python line beam, so it gives the same path, the same counters and the same
progress records at the same counts, only sooner. :func:`~npuzzle.nearoptimal.peel.line_beam` hands it the wide
beams on boards of at most 256 cells when numba is installed (the ``fast`` extra); nothing else imports this module.

A state is the blank's cell and each placed tile's cell (``bytes``); a state is refused when it was kept at any
earlier depth or made before in this depth. One depth is one call of :func:`_expand`: by parent, then the blank's
free neighbours in order, each child's tiles' distance from its parent's, its rank (four times that distance plus
the blank's distance to the nearest misplaced tile), a Zobrist hash, and the repeats found in two open-addressing
tables (every hash match confirmed byte for byte); then, as in the beam of :mod:`~npuzzle.nearoptimal.beam_numba`,
the checkpoints are replayed and a stable sort by rank keeps the best ``width``.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

import numba
import numpy as np
import numpy.typing as npt

from ..progress import Progress
from .beam_arrays import replay_checkpoints, zobrist_keys
from .beam_rules import read_back
from .budget import Budget
from .numba_tables import EMPTY, cleared, insert, new_table

States = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int32]
Hashes = npt.NDArray[np.uint64]


class _Kept:
    """Every state kept so far, in one store that grows, and an open-addressing table of their numbers by hash."""

    def __init__(self, first: States, first_hash: Hashes) -> None:
        self.states: States = first.copy()
        self.hashes: Hashes = first_hash.copy()
        self.count = 1
        self.table: Hashes = new_table(1)
        insert(self.table, self.hashes, 0, 1)

    def add(self, states: States, hashes: Hashes) -> None:
        """Remember ``states`` (with their ``hashes``)."""
        end = self.count + len(states)
        if end > len(self.states):
            size = max(2 * len(self.states), end)
            self.states = np.resize(self.states, (size, self.states.shape[1]))
            self.hashes = np.resize(self.hashes, size)
        self.states[self.count : end], self.hashes[self.count : end] = states, hashes
        if 2 * end > len(self.table):
            self.table = new_table(end)
            insert(self.table, self.hashes, 0, end)
        else:
            insert(self.table, self.hashes, self.count, end)
        self.count = end


def numba_line_beam(
    start: bytes,
    goal: bytes,
    near: Sequence[Sequence[int]],
    between: Sequence[Sequence[int]],
    width: int,
    budget: Budget,
    max_depth: int,
) -> Generator[Progress, None, list[int] | None]:
    """:func:`~npuzzle.nearoptimal.peel.line_beam` compiled by numba: from ``start`` (the blank's cell, then each
    tile's) until every tile is on its cell in ``goal`` (the tiles' cells), the blank moving to its ``near`` cells
    (per cell, its free neighbours in order); ``between[a][b]`` is the distance between two cells. Returns the blank's
    cell after each move, or ``None`` when the beam dies out, passes ``max_depth`` or the hard limit stops it."""
    n = len(near)
    moves = np.full((n, 4), -1, np.int32)
    for here, cells in enumerate(near):
        moves[here, : len(cells)] = cells
    distance = np.array(between, np.int32)
    targets = np.frombuffer(goal, np.uint8).astype(np.int32)
    zobrist = zobrist_keys(n)[: len(start)]  # per place in the state (the blank, then each tile) and cell
    states: States = np.frombuffer(start, np.uint8).reshape(1, -1).copy()
    total = np.array([int(distance[targets, states[0, 1:]].sum())], np.int32)
    hashes: Hashes = np.bitwise_xor.reduce(zobrist[np.arange(len(start)), states[0]]).reshape(1)
    kept = _Kept(states, hashes)
    parents: list[Ints] = []  # per depth: the number of each kept state's parent in the depth before
    blanks: list[Ints] = []  # per depth: the blank's cell in each kept state
    taken: Hashes = new_table(0)
    depth = 0
    pending = 0
    quota = budget.every()
    while len(states) and depth < max_depth:
        depth += 1
        most = 4 * len(states)
        taken = cleared(taken, most)
        out_parent = np.empty(most, np.int32)
        out_cell = np.empty(most, np.int32)
        out_tile = np.empty(most, np.int32)
        out_total = np.empty(most, np.int32)
        out_rank = np.empty(most, np.int32)
        out_hash = np.empty(most, np.uint64)
        count, done, found = _expand(
            states, total, hashes, moves, distance, targets, zobrist, kept.states, kept.table, taken,
            out_parent, out_cell, out_tile, out_total, out_rank, out_hash,
        )  # fmt: skip
        stopped, pending, quota = yield from replay_checkpoints(budget, False, pending, quota, done, None)
        if stopped:
            return None
        budget.generated += count
        if found:
            budget.expanded += pending
            parents.append(out_parent[count - 1 : count])
            blanks.append(out_cell[count - 1 : count])
            return read_back(parents, blanks, 0)
        chosen = np.argsort(out_rank[:count], kind="stable")[:width]
        parent, cell, tile = out_parent[chosen], out_cell[chosen], out_tile[chosen]
        children = states[parent]
        at = np.arange(len(chosen))
        children[at, tile] = children[at, 0]  # the moved tile (place 0: none) goes where the blank was
        children[:, 0] = cell
        states, total, hashes = children, out_total[chosen], out_hash[chosen]
        kept.add(states, hashes)
        parents.append(parent)
        blanks.append(cell)
        budget.note_frontier(len(states))
    budget.expanded += pending
    return None


@numba.njit(cache=True)
def _same(a: States, cell_a: int, tile_a: int, b: States, cell_b: int, tile_b: int) -> bool:  # pragma: no cover
    """Whether state ``a`` with its blank moved to ``cell_a`` (swapping with its tile ``tile_a``, 0: none) equals
    ``b`` with its blank moved to ``cell_b`` (-1: as it is)."""
    for place in range(len(a)):
        x = a[place]
        if place == 0:
            x = cell_a
        elif place == tile_a:
            x = a[0]
        y = b[place]
        if cell_b >= 0:
            if place == 0:
                y = cell_b
            elif place == tile_b:
                y = b[0]
        if x != y:
            return False
    return True


@numba.njit(cache=True)
def _expand(
    states: States, total: Ints, hashes: Hashes, moves: Ints, distance: Ints, targets: Ints, zobrist: Hashes,
    kept: States, kept_table: Hashes, taken: Hashes,
    out_parent: Ints, out_cell: Ints, out_tile: Ints, out_total: Ints, out_rank: Ints, out_hash: Hashes,
) -> tuple[int, int, bool]:  # fmt: skip  # pragma: no cover - compiled
    """One depth of the line beam: the children of ``states`` neither kept before (``kept``, by ``kept_table``) nor
    made before in this depth (``taken``, an empty table), in the Python line beam's order, written to ``out_*``
    (the parent's number, the blank's new cell, the moved tile's place in the state or 0, the tiles' distance, the
    rank, the hash). Returns how many, how many parents were expanded whole, and whether the last child has every
    tile on its cell (it ends the depth). Written out as loops: numba compiles them."""
    count = 0
    kept_mask = np.uint64(len(kept_table) - 1)
    taken_mask = np.uint64(len(taken) - 1)
    high = np.uint64(0xFFFFFFFF00000000)
    low = np.uint64(0xFFFFFFFF)
    places = states.shape[1]
    for number in range(len(states)):
        state = states[number]
        b = state[0]
        for direction in range(4):
            cell = moves[b, direction]
            if cell < 0:
                break
            tile = 0
            for place in range(1, places):
                if state[place] == cell:
                    tile = place
                    break
            child_total = total[number]
            h = hashes[number] ^ zobrist[0, b] ^ zobrist[0, cell]
            if tile:
                child_total += distance[targets[tile - 1], b] - distance[targets[tile - 1], cell]
                h ^= zobrist[tile, cell] ^ zobrist[tile, b]
            mark = h & high
            repeat = False
            slot = h & kept_mask
            while kept_table[slot] != EMPTY:
                entry = kept_table[slot]
                if entry & high == mark and _same(state, cell, tile, kept[entry & low], -1, 0):
                    repeat = True
                    break
                slot = (slot + np.uint64(1)) & kept_mask
            if repeat:
                continue
            slot = h & taken_mask
            while taken[slot] != EMPTY:
                other = taken[slot] & low
                same = taken[slot] & high == mark
                if same and _same(state, cell, tile, states[out_parent[other]], out_cell[other], out_tile[other]):
                    repeat = True
                    break
                slot = (slot + np.uint64(1)) & taken_mask
            if repeat:
                continue
            taken[slot] = mark | np.uint64(count)
            out_parent[count], out_cell[count], out_tile[count] = number, cell, tile
            out_total[count], out_hash[count] = child_total, h
            count += 1
            if child_total == 0:
                return count, number, True
            reach = 1 << 30  # the blank's distance to the nearest misplaced tile
            for place in range(1, places):
                at = b if place == tile else state[place]
                if at != targets[place - 1] and distance[cell, at] < reach:
                    reach = distance[cell, at]
            out_rank[count - 1] = 4 * child_total + reach
    return count, len(states), False
