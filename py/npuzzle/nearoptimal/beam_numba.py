"""The beam search of :mod:`npuzzle.nearoptimal.beam`, its depths compiled to machine code by numba.

It keeps the same states as the pure-Python beam (:func:`~npuzzle.nearoptimal.beam.python_beam`), so it gives the
same path, the same counters and the same progress records at the same counts, only sooner: a solve at budget 20
in well under half the time it takes with the numpy beam (:mod:`~npuzzle.nearoptimal.beam_numpy`;
``docs/benchmarks-big-boards.md``).
:func:`~npuzzle.nearoptimal.beam.beam_search` hands it the wide beams when numba is installed (the ``fast`` extra);
nothing else imports this module. numba compiles it once and keeps the code beside this file (or, where that is
read-only, in its per-user cache; ``NUMBA_CACHE_DIR`` chooses another folder).

One depth is one call of :func:`_expand`: by parent, then the blank up, down, left, right (the Python beam's
order), each child's Manhattan distance and conflicts from its parent's, its 64-bit Zobrist hash, and whether it
repeats a child made before in this depth or a state kept in the recent depths (open-addressing tables of hashes,
every match confirmed byte for byte); a child is only written out as its parent's number and the blank's move until
it is kept. Then, as in the numpy beam, the checkpoints are replayed, a stable sort by the estimate keeps the best
(as many as the paced width), and the kept states go into the recent states' table.
"""

from __future__ import annotations

from collections.abc import Generator

import numba
import numpy as np
import numpy.typing as npt

from ..progress import Progress
from .beam_arrays import best_first, replay_checkpoints, zobrist_keys
from .beam_rules import RECENT, paced_width, read_back
from .budget import Budget
from .conflicts import LineConflicts
from .numba_tables import EMPTY, cleared, insert, new_table

States = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int32]
"""Numbers and cells, 32 bits each (the numpy beam's are 64)."""
Hashes = npt.NDArray[np.uint64]

SPAN = 2 * RECENT + 1
"""The depths whose states the recent states' store holds at most: those that may be refused, and the newest."""


class _Recent:
    """The states kept in the recent depths, each depth's in its place of a ring of :data:`SPAN` depths, with room
    for ``room`` states (twice the widest depth so far, at most the beam's width), and an open-addressing table of
    their numbers by hash (:mod:`~npuzzle.nearoptimal.numba_tables`; a state's number is its depth's place times
    ``room`` plus its own). Every :data:`~npuzzle.nearoptimal.beam_rules.RECENT` depths the table is made again
    without the depths that can no longer be refused, so every state in it is refused."""

    def __init__(self, first: States, first_hash: Hashes, width: int) -> None:
        self.width = width
        self.room = 1
        self.states: States = first.repeat(SPAN, axis=0)
        self.hashes: Hashes = first_hash.repeat(SPAN)
        self.sizes = [0] * SPAN
        self.oldest = 0
        self.table: Hashes = new_table(0)
        self._index(0, 1)

    def keep(self, depth: int, states: States, blank: Ints, parent: Ints, cell: Ints, hashes: Hashes) -> States:
        """Remember the children of ``states`` (the tile on ``cell[k]`` of ``states[parent[k]]`` moved into its
        blank on ``blank[parent[k]]``), with their ``hashes``, as kept at ``depth``; returns them."""
        grown = len(parent) > self.room
        if grown:
            room = min(2 * len(parent), self.width)
            store = np.zeros((SPAN, room, self.states.shape[1]), np.uint8)
            store[:, : self.room] = self.states.reshape(SPAN, self.room, -1)
            hashes_store = np.zeros((SPAN, room), np.uint64)
            hashes_store[:, : self.room] = self.hashes.reshape(SPAN, self.room)
            self.states, self.hashes, self.room = store.reshape(SPAN * room, -1), hashes_store.ravel(), room
        start = depth % SPAN * self.room
        kept = self.states[start : start + len(parent)]
        _make(states, blank, parent, cell, kept)
        self.hashes[start : start + len(parent)] = hashes
        if depth % RECENT == 0:
            self.oldest = depth - RECENT
        self._index(depth, len(parent), again=grown or depth % RECENT == 0)
        return kept

    def _index(self, depth: int, size: int, again: bool = False) -> None:
        """Put the ``size`` states of ``depth`` into the table; make the table ``again`` from the depths it holds
        (the numbers changed or depths went out), or when it is too full."""
        self.sizes[depth % SPAN] = size
        count = sum(self.sizes[older % SPAN] for older in range(self.oldest, depth + 1))
        if again or 2 * count > len(self.table):
            self.table = cleared(self.table, count)
            for older in range(self.oldest, depth):
                start = older % SPAN * self.room
                insert(self.table, self.hashes, start, start + self.sizes[older % SPAN])
        start = depth % SPAN * self.room
        insert(self.table, self.hashes, start, start + size)


def numba_beam(
    rows: int,
    cols: int,
    first: bytes,
    goal: bytes,
    width: int,
    budget: Budget,
    max_depth: int,
    finish_by: int | None,
    min_width: int,
    soft: bool,
) -> Generator[Progress, None, list[int] | None]:
    """:func:`~npuzzle.nearoptimal.beam.beam_search` compiled by numba, from ``first`` to ``goal`` (two different
    states)."""
    n = rows * cols
    rank = LineConflicts(rows, cols, goal)
    distance = np.array(rank.distance, np.int32)
    home = np.zeros(n, np.int32)
    home[np.frombuffer(goal, np.uint8)] = np.arange(n)
    home_row, home_col = home // cols, home % cols
    zobrist = zobrist_keys(n)

    first_md = rank.manhattan(first)
    first_estimate = first_md + rank.conflicts(first)
    states: States = np.frombuffer(first, np.uint8).reshape(1, n).copy()
    md = np.array([first_md], np.int32)
    lc = np.array([first_estimate - first_md], np.int32)
    came = np.array([-1], np.int32)
    blank = np.array([first.index(0)], np.int32)
    hashes: Hashes = np.bitwise_xor.reduce(zobrist[np.arange(n), states[0]]).reshape(1)
    recent = _Recent(states, hashes, width)
    parents: list[Ints] = []  # per depth: the number of each kept state's parent in the depth before
    blanks: list[States] = []  # per depth: the blank's cell in each kept state
    taken: Hashes = new_table(0)  # this depth's children by hash
    current = width
    depth = 0
    pending = 0
    quota = budget.every()
    while len(states) and depth < max_depth:
        depth += 1
        budget.bound = depth
        most = 3 * len(states) + 1  # children: three moves a state, four from the start (the only one at depth 0)
        taken = cleared(taken, most)
        out_parent = np.empty(most, np.int32)
        out_cell = np.empty(most, np.int32)
        out_md = np.empty(most, np.int32)
        out_lc = np.empty(most, np.int32)
        out_hash = np.empty(most, np.uint64)
        count, done, found = _expand(
            states, md, lc, came, blank, hashes, rows, cols, distance, home_row, home_col, zobrist,
            recent.states, recent.table, taken, out_parent, out_cell, out_md, out_lc, out_hash,
        )  # fmt: skip
        stopped, pending, quota = yield from replay_checkpoints(budget, soft, pending, quota, done, out_parent[:count])
        if stopped:
            return None
        if found:
            budget.generated += count
            budget.expanded += pending
            parents.append(out_parent[count - 1 : count].astype(np.uint32))
            blanks.append(out_cell[count - 1 : count].astype(np.uint8))
            return read_back(parents, blanks, 0)
        budget.generated += count
        estimate = out_md[:count] + out_lc[:count]
        if finish_by is not None and depth >= 3 and count:
            left = finish_by - budget.expanded - pending
            current = paced_width(width, min_width, first_estimate, int(estimate.min()), depth, left)
        chosen = best_first(estimate, current)
        parent, cell, hashes = out_parent[chosen], out_cell[chosen], out_hash[chosen]
        states = recent.keep(depth, states, blank, parent, cell, hashes)
        md, lc = out_md[chosen], out_lc[chosen]
        came, blank = blank[parent], cell
        parents.append(parent.astype(np.uint32))  # as compact as the Python beam's
        blanks.append(cell.astype(np.uint8))
        budget.note_frontier(len(states))
    budget.expanded += pending
    return None


@numba.njit(cache=True, nogil=True)
def _make(states: States, blank: Ints, parent: Ints, cell: Ints, children: States) -> None:  # pragma: no cover
    """Write into ``children[k]`` the state ``states[parent[k]]`` with its tile on ``cell[k]`` moved into the blank."""
    for k in range(len(parent)):
        number = parent[k]
        for place in range(children.shape[1]):  # a loop of bytes: numba copies a row slower as a slice
            children[k, place] = states[number, place]
        children[k, blank[number]] = children[k, cell[k]]
        children[k, cell[k]] = 0


@numba.njit(cache=True, nogil=True)
def _conflicts_gained(
    state: States, start: int, stride: int, length: int, line: int, owner: Ints, place: Ints, at: int, tile: int
) -> int:  # pragma: no cover - compiled
    """How many more linear-conflict moves the line of ``length`` cells from ``start`` by ``stride`` has with
    ``tile`` (a tile whose line it is) on its cell ``at`` than without, its other cells as in ``state``: all but a
    longest increasing run of the places of the tiles whose line (``owner[tile]``) it is, two moves each, with and
    without ``tile``, in one pass. The runs are found by patience sorting with the piles' tops as the bits of one
    number; a longest increasing run has one tile from each pile."""
    tops = piles = 0  # without the tile
    tops_with = piles_with = 0
    for k in range(length):
        cell = start + k * stride
        t = tile if cell == at else state[cell]
        if t == 0 or owner[t] != line:
            continue
        bit = 1 << place[t]
        if t != tile:
            above = tops & -bit  # the tops from place[t] up; the lowest of them gets the tile
            if above:
                tops ^= above & -above
            else:
                piles += 1
            tops |= bit
        above = tops_with & -bit
        if above:
            tops_with ^= above & -above
        else:
            piles_with += 1
        tops_with |= bit
    return 2 * (1 - (piles_with - piles))


@numba.njit(cache=True, nogil=True)
def _same(a: States, blank_a: int, moved_a: int, b: States, blank_b: int, moved_b: int) -> bool:  # pragma: no cover
    """Whether state ``a`` with its tile on ``moved_a`` moved into its blank on ``blank_a`` equals ``b`` with its
    ``moved_b`` moved into ``blank_b`` (-1, -1: as it is)."""
    for cell in range(len(a)):
        x = a[cell]
        if cell == moved_a:
            x = 0
        elif cell == blank_a:
            x = a[moved_a]
        y = b[cell]
        if cell == moved_b:
            y = 0
        elif cell == blank_b:
            y = b[moved_b]
        if x != y:
            return False
    return True


@numba.njit(cache=True, nogil=True)
def _expand(
    states: States, md: Ints, lc: Ints, came: Ints, blank: Ints, hashes: Hashes,
    rows: int, cols: int, distance: Ints, home_row: Ints, home_col: Ints, zobrist: Hashes,
    recent: States, recent_table: Hashes, taken: Hashes,
    out_parent: Ints, out_cell: Ints, out_md: Ints, out_lc: Ints, out_hash: Hashes,
) -> tuple[int, int, bool]:  # fmt: skip  # pragma: no cover - compiled
    """One depth of the beam: the children of ``states`` neither made before in this depth (``taken``, an empty
    table) nor among the ``recent`` states (by ``recent_table``), in the Python beam's order, written to ``out_*``
    (the parent's number, the blank's new cell, Manhattan distance, conflicts, hash). Returns how many, how many
    parents were expanded whole, and whether the last child is the target (it ends the depth). Written out as
    loops: numba compiles them."""
    count = 0
    recent_mask = np.uint64(len(recent_table) - 1)
    taken_mask = np.uint64(len(taken) - 1)
    high = np.uint64(0xFFFFFFFF00000000)
    low = np.uint64(0xFFFFFFFF)
    steps = (-cols, cols, -1, 1)
    # first, each move's new blank cell (-1: off the board or back where the blank came from), its child's hash and
    # the child's first slot in the recent states' table: loads that do not wait on one another
    moved_from = np.full(4 * len(states), -1, np.int32)
    child_hash = np.empty(4 * len(states), np.uint64)
    first_probe = np.empty(4 * len(states), np.uint64)
    for number in range(len(states)):
        b = blank[number]
        row, col = b // cols, b % cols
        for direction in range(4):
            if (direction == 0 and row == 0) or (direction == 1 and row == rows - 1):
                continue
            if (direction == 2 and col == 0) or (direction == 3 and col == cols - 1):
                continue
            cell = b + steps[direction]
            if cell == came[number]:
                continue
            tile = states[number, cell]
            h = hashes[number] ^ zobrist[b, 0] ^ zobrist[b, tile] ^ zobrist[cell, tile] ^ zobrist[cell, 0]
            move = 4 * number + direction
            moved_from[move], child_hash[move], first_probe[move] = cell, h, recent_table[h & recent_mask]
    for number in range(len(states)):
        state = states[number]
        b = blank[number]
        row, col = b // cols, b % cols
        for direction in range(4):
            move = 4 * number + direction
            cell = moved_from[move]
            if cell < 0:
                continue
            tile = state[cell]
            h = child_hash[move]
            mark = h & high
            repeat = False
            slot = h & taken_mask
            while taken[slot] != EMPTY:
                if taken[slot] & high == mark:
                    other = taken[slot] & low
                    parent = out_parent[other]
                    if _same(state, b, cell, states[parent], blank[parent], out_cell[other]):
                        repeat = True
                        break
                slot = (slot + np.uint64(1)) & taken_mask
            if repeat:
                continue
            free = slot
            slot = h & recent_mask
            entry = first_probe[move]
            while entry != EMPTY:
                if entry & high == mark and _same(state, b, cell, recent[entry & low], -1, -1):
                    repeat = True
                    break
                slot = (slot + np.uint64(1)) & recent_mask
                entry = recent_table[slot]
            if repeat:
                continue
            taken[free] = mark | np.uint64(count)
            child_md = md[number] + distance[tile, b] - distance[tile, cell]
            child_lc = lc[number]
            # written out per direction and way: choosing the line's arrays first, for one call, ran 13-15% slower
            if direction < 2:  # the tile changes rows: its own row's conflicts change if it enters or leaves it
                line = home_row[tile]
                if line == row:  # enters it, on the blank's cell
                    child_lc += _conflicts_gained(state, line * cols, 1, cols, line, home_row, home_col, b, tile)
                elif line == cell // cols:  # leaves it
                    child_lc -= _conflicts_gained(state, line * cols, 1, cols, line, home_row, home_col, cell, tile)
            else:
                line = home_col[tile]
                if line == col:
                    child_lc += _conflicts_gained(state, line, cols, rows, line, home_col, home_row, b, tile)
                elif line == cell % cols:
                    child_lc -= _conflicts_gained(state, line, cols, rows, line, home_col, home_row, cell, tile)
            out_parent[count], out_cell[count], out_hash[count] = number, cell, h
            out_md[count], out_lc[count] = child_md, child_lc
            count += 1
            if child_md == 0:
                return count, number, True
    return count, len(states), False
