"""The beam's kernels compiled to machine code by numba: the whole board's (:class:`BoardKernel`) and peeling's line
beam's (:class:`LineKernel`), driven by the depth loop of :func:`~npuzzle.nearoptimal.beam.run_depths`.

They keep the same states as the pure-Python kernels of :mod:`~npuzzle.nearoptimal.beam` (the same rules: child order,
ties, the recent window, the estimate), so a beam gives the same path, counters and progress records, only sooner
(``docs/benchmarks-big-boards.md``). :func:`~npuzzle.nearoptimal.beam.beam_search` and
:func:`~npuzzle.nearoptimal.peel.line_beam` hand them the wide beams when numba is installed (the ``fast`` extra);
nothing else imports this module. numba compiles it once and keeps the code beside this file (or, where that is
read-only, in its per-user cache; ``NUMBA_CACHE_DIR`` chooses another folder).

A state is a row of bytes; a child is its parent with two places written, ``at1 ← put1`` then ``at2 ← put2`` (a
*move*: on the board the blank's cell gets the tile and the tile's cell the blank; on a line the moved tile's place
gets the blank's old cell and place 0 the blank's new one). A slice of a depth's parents is one call of the
kernel's expansion: each child's estimate from its parent's, its 64-bit Zobrist hash, and whether it repeats a child
made before in the depth or a remembered state (open-addressing tables of numbers by hash, every match confirmed
byte for byte, :func:`_slot_if_new`); a child is written out only once it is kept (:func:`_make`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np
import numpy.typing as npt

from .beam import RECENT, forgets, read_back
from .conflicts import LineConflicts
from .grouptables import neighbours

States = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int32]
Hashes = npt.NDArray[np.uint64]

HASH_SEED = 1
"""The seed of the Zobrist keys. Any seed gives the same answers: every hash match is confirmed byte for byte."""

EMPTY = 2**64 - 1
"""An empty slot of a hash table: per slot one word, the high half of a state's hash above the state's number, so
that a probe reads one word; a state is placed by its hash's low bits, with linear probing."""


def zobrist_keys(places: int, values: int) -> Hashes:
    """The random key of each (place, value) of a state; a state's hash is its keys' exclusive or."""
    return np.random.default_rng(HASH_SEED).integers(0, 2**64 - 1, (places, values), np.uint64, endpoint=True)


def new_table(entries: int) -> Hashes:
    """An empty hash table for ``entries`` numbers: a power of two slots, at least twice the numbers, so that a probe
    is short."""
    return np.full(1 << (2 * entries - 1).bit_length(), EMPTY, np.uint64)


def cleared(table: Hashes, entries: int) -> Hashes:
    """An empty hash table for ``entries`` numbers: ``table`` emptied when it has room for them, else a new one."""
    if len(table) < 2 * entries:
        return new_table(entries)
    table.fill(EMPTY)
    return table


@numba.njit(cache=True, nogil=True)
def _insert(table: Hashes, hashes: Hashes, start: int, end: int) -> None:  # pragma: no cover - compiled
    """Put the numbers ``start`` to ``end`` into ``table`` by their ``hashes`` (open addressing, linear probing)."""
    mask = np.uint64(len(table) - 1)
    high = np.uint64(0xFFFFFFFF00000000)
    for number in range(start, end):
        slot = hashes[number] & mask
        while table[slot] != EMPTY:
            slot = (slot + np.uint64(1)) & mask
        table[slot] = (hashes[number] & high) | np.uint64(number)


class _Remembered:
    """The states kept in the recent depths (:func:`~npuzzle.nearoptimal.beam.forgets`), in one store that grows,
    and a hash table of their numbers; when a window's old depths are forgotten, the rest move to the front and the
    table is made again, so every state in it is refused."""

    def __init__(self, first: States, first_hash: Hashes, window: int | None) -> None:
        self.window = window
        self.states: States = first.copy()
        self.hashes: Hashes = first_hash.copy()
        self.count = 1
        self.starts = [0]  # each depth's first state, oldest first
        self.table: Hashes = new_table(1)
        _insert(self.table, self.hashes, 0, 1)

    def add(self, depth: int, states: States, hashes: Hashes) -> None:
        """Remember ``states`` (with their ``hashes``) as kept at ``depth``."""
        again = forgets(self.window, depth)
        if self.window is not None and again:
            first = self.starts[-self.window]
            self.count -= first
            self.states[: self.count] = self.states[first : first + self.count]
            self.hashes[: self.count] = self.hashes[first : first + self.count]
            self.starts = [start - first for start in self.starts[-self.window :]]
        start, end = self.count, self.count + len(states)
        if end > len(self.states):
            size = max(2 * len(self.states), end)
            self.states = np.resize(self.states, (size, self.states.shape[1]))
            self.hashes = np.resize(self.hashes, size)
        self.states[start:end], self.hashes[start:end] = states, hashes
        self.starts.append(start)
        self.count = end
        if again or 2 * end > len(self.table):
            self.table = cleared(self.table, end)
            start = 0
        _insert(self.table, self.hashes, start, end)


class _CompiledKernel:
    """What the numba kernels share: the depth's states with their cost (``0`` at the target), estimate, hash, blank
    cell and the blank's cell before; the children made in the depth (``out_*``); the remembered states; per depth
    the kept states' parents and blank cells."""

    def __init__(self, first: bytes, cost: int, key: int, blank: int, keys: Hashes, window: int | None) -> None:
        self.first_key = key
        self.zobrist = keys
        self.states: States = np.frombuffer(first, np.uint8).reshape(1, -1).copy()
        self.cost = np.array([cost], np.int32)
        self.key = np.array([key], np.int32)
        self.blank = np.array([blank], np.int32)
        self.came = np.array([-1], np.int32)
        self.hashes: Hashes = np.bitwise_xor.reduce(keys[np.arange(len(first)), self.states[0]]).reshape(1)
        self.recent = _Remembered(self.states, self.hashes, window)
        self.parents: list[Ints] = []
        self.blanks: list[npt.NDArray[np.uint8]] = []
        self.taken: Hashes = new_table(0)
        self.count = 0
        self.begin()

    def begin(self) -> int:
        most = 4 * len(self.states)
        self.taken = cleared(self.taken, most)
        self.out_parent = np.empty(most, np.int32)
        self.out_move = np.empty((most, 4), np.int32)
        self.out_cost = np.empty(most, np.int32)
        self.out_key = np.empty(most, np.int32)
        self.out_hash = np.empty(most, np.uint64)
        self.count = 0
        return len(self.states)

    def children(self) -> int:
        return self.count

    def lowest(self) -> int:
        return int(self.out_key[: self.count].min())

    def keep(self, width: int, depth: int) -> int:
        keys = self.out_key[: self.count]
        # the tie rule (beam.best_first) as a stable sort, a radix sort on 16 bits
        chosen = np.argsort(keys.astype(np.int16) if keys.max() < 2**15 else keys, kind="stable")[:width]
        parent, move = self.out_parent[chosen], self.out_move[chosen]
        self.states = _make(self.states, parent, move)
        self.cost, self.key, self.hashes = self.out_cost[chosen], self.out_key[chosen], self.out_hash[chosen]
        self.came, self.blank = self.blank[parent], self._blank_after(move)
        self.recent.add(depth, self.states, self.hashes)
        self.parents.append(parent)
        self.blanks.append(self.blank.astype(np.uint8))  # as compact as the Python beam's
        return len(chosen)

    def path(self) -> list[int]:
        last = self.count - 1
        cell = self._blank_after(self.out_move[last : last + 1])
        return read_back([*self.parents, self.out_parent[last : last + 1]], [*self.blanks, cell], 0)

    def _blank_after(self, move: Ints) -> Ints:
        """The blank's cell after each of these moves."""
        raise NotImplementedError

    def _tables(self) -> tuple[States, Hashes, Hashes, Ints, Ints, Ints, Ints, Hashes]:
        """The arguments every expansion takes after its own: the remembered states and their table, this depth's
        table and children."""
        out = self.out_parent, self.out_move, self.out_cost, self.out_key, self.out_hash
        return (self.recent.states, self.recent.table, self.taken, *out)


class BoardKernel(_CompiledKernel):
    """The whole-board beam's kernel, as :class:`npuzzle.nearoptimal.beam.BoardKernel`."""

    def __init__(self, rows: int, cols: int, first: bytes, goal: bytes) -> None:
        n = rows * cols
        rank = LineConflicts(rows, cols, goal)
        self.cols = cols
        self.distance = np.array(rank.distance, np.int32)
        home = np.zeros(n, np.int32)
        home[np.frombuffer(goal, np.uint8)] = np.arange(n)
        self.home_row, self.home_col = home // cols, home % cols
        self.moves = _moves(neighbours(rows, cols))
        md = rank.manhattan(first)
        super().__init__(first, md, md + rank.conflicts(first), first.index(0), zobrist_keys(n, n), RECENT)

    def expand(self, start: int, end: int) -> int:
        self.count, found = _expand_board(
            start, end, self.count, self.states, self.cost, self.key, self.came, self.blank, self.hashes, self.moves,
            self.cols, self.distance, self.home_row, self.home_col, self.zobrist, *self._tables(),
        )  # fmt: skip
        return found

    def _blank_after(self, move: Ints) -> Ints:
        return move[:, 2].copy()


class LineKernel(_CompiledKernel):
    """Peeling's line beam's kernel, as :class:`npuzzle.nearoptimal.beam.LineKernel` (``between`` required)."""

    def __init__(
        self, start: bytes, goal: bytes, near: Sequence[Sequence[int]], cols: int, between: Sequence[Sequence[int]]
    ) -> None:
        self.moves = _moves(near)
        self.distance = np.array(between, np.int32)
        self.targets = np.frombuffer(goal, np.uint8).astype(np.int32)
        total = int(self.distance[self.targets, np.frombuffer(start, np.uint8)[1:]].sum())
        reach = min(between[start[0]][p] for p, t in zip(start[1:], goal) if p != t)
        super().__init__(start, total, 4 * total + reach, start[0], zobrist_keys(len(start), len(near)), None)

    def expand(self, start: int, end: int) -> int:
        self.count, found = _expand_line(
            start, end, self.count, self.states, self.cost, self.hashes, self.moves, self.distance, self.targets,
            self.zobrist, *self._tables(),
        )  # fmt: skip
        return found

    def _blank_after(self, move: Ints) -> Ints:
        return move[:, 3].copy()


def _moves(near: Sequence[Sequence[int]]) -> Ints:
    """Per cell, its neighbours in the child order (:func:`~npuzzle.nearoptimal.grouptables.neighbours`), ``-1``
    after the last."""
    moves = np.full((len(near), 4), -1, np.int32)
    for here, cells in enumerate(near):
        moves[here, : len(cells)] = cells
    return moves


@numba.njit(cache=True, nogil=True)
def _make(states: States, parent: Ints, move: Ints) -> States:  # pragma: no cover - compiled
    """The children ``states[parent[k]]`` with the two places of ``move[k]`` written."""
    children = np.empty((len(parent), states.shape[1]), np.uint8)
    for k in range(len(parent)):
        for place in range(states.shape[1]):  # a loop of bytes: numba copies a row slower as a slice
            children[k, place] = states[parent[k], place]
        children[k, move[k, 0]] = move[k, 1]
        children[k, move[k, 2]] = move[k, 3]
    return children


@numba.njit(cache=True, nogil=True, inline="always")
def _value(state: States, at1: int, put1: int, at2: int, put2: int, place: int) -> int:  # pragma: no cover
    """What ``place`` holds in ``state`` with ``at1 ← put1`` then ``at2 ← put2`` written (``-1``: nothing)."""
    if place == at2:
        return put2
    if place == at1:
        return put1
    return int(state[place])


@numba.njit(cache=True, nogil=True, inline="always")
def _same(
    a: States, a1: int, a2: int, a3: int, a4: int, b: States, b1: int, b2: int, b3: int, b4: int
) -> bool:  # pragma: no cover - compiled
    """Whether state ``a`` with the move ``(a1, a2, a3, a4)`` written equals ``b`` with ``(b1, b2, b3, b4)``."""
    for place in range(len(a)):  # noqa: SIM110 - a loop numba compiles, not a generator
        if _value(a, a1, a2, a3, a4, place) != _value(b, b1, b2, b3, b4, place):
            return False
    return True


@numba.njit(cache=True, nogil=True, inline="always")
def _child_hash(
    h: np.uint64, keys: Hashes, state: States, at1: int, put1: int, at2: int, put2: int
) -> np.uint64:  # pragma: no cover - compiled
    """The hash of ``state`` (whose hash is ``h``) with ``at1 ← put1`` then ``at2 ← put2`` written."""
    h ^= keys[at1, state[at1]] ^ keys[at1, put1]
    child: np.uint64 = h ^ keys[at2, _value(state, at1, put1, -1, 0, at2)] ^ keys[at2, put2]
    return child


@numba.njit(cache=True, nogil=True, inline="always")
def _slot_if_new(
    state: States, at1: int, put1: int, at2: int, put2: int, h: np.uint64, entry: np.uint64,
    states: States, recent: States, recent_table: Hashes, taken: Hashes, out_parent: Ints, out_move: Ints,
) -> np.int64:  # fmt: skip  # pragma: no cover - compiled
    """The repeat rule: the free slot of ``taken`` for the child of ``state`` by the move ``(at1, put1, at2, put2)``,
    hash ``h``, or ``-1`` when it is a child made before in this depth (the children of ``states`` in ``taken``) or a
    remembered state (``entry``: its first slot of ``recent_table``)."""
    high = np.uint64(0xFFFFFFFF00000000)
    low = np.uint64(0xFFFFFFFF)
    mark = h & high
    mask = np.uint64(len(taken) - 1)
    slot = h & mask
    while taken[slot] != EMPTY:
        if taken[slot] & high == mark:
            other = taken[slot] & low
            m = out_move[other]
            if _same(state, at1, put1, at2, put2, states[out_parent[other]], m[0], m[1], m[2], m[3]):
                return np.int64(-1)
        slot = (slot + np.uint64(1)) & mask
    free = slot
    mask = np.uint64(len(recent_table) - 1)
    slot = h & mask
    while entry != EMPTY:
        if entry & high == mark and _same(state, at1, put1, at2, put2, recent[entry & low], -1, 0, -1, 0):
            return np.int64(-1)
        slot = (slot + np.uint64(1)) & mask
        entry = recent_table[slot]
    return np.int64(free)  # of the slot's type: a plain int of a uint64 makes a float


@numba.njit(cache=True, nogil=True)
def _conflicts_gained(
    state: States, start: int, stride: int, length: int, line: int, owner: Ints, place: Ints, at: int, tile: int
) -> int:  # pragma: no cover - compiled
    """How many more linear-conflict moves the line of ``length`` cells from ``start`` by ``stride`` has with
    ``tile`` (a tile whose line it is) on its cell ``at`` than without, its other cells as in ``state``: all but a
    longest increasing run of the places of the tiles whose line (``owner[tile]``) it is, two moves each, with and
    without ``tile``, in one pass (written out for speed: the rule is
    :func:`npuzzle.optimal.heuristics.conflict_moves`). The runs are found by patience sorting with the piles' tops as
    the bits of one number; a longest increasing run has one tile from each pile."""
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
def _expand_board(
    start: int, end: int, count: int, states: States, md: Ints, key: Ints, came: Ints, blank: Ints, hashes: Hashes,
    moves: Ints, cols: int, distance: Ints, home_row: Ints, home_col: Ints, zobrist: Hashes,
    recent: States, recent_table: Hashes, taken: Hashes,
    out_parent: Ints, out_move: Ints, out_md: Ints, out_key: Ints, out_hash: Hashes,
) -> tuple[int, int]:  # fmt: skip  # pragma: no cover - compiled
    """The children of the whole-board states ``start`` to ``end - 1`` (see :meth:`~npuzzle.nearoptimal.beam.Kernel.
    expand`), after the ``count`` made before in the depth: returns how many now, and the number of the state whose
    child is the target or ``-1``. A hot loop, written out for speed."""
    recent_mask = np.uint64(len(recent_table) - 1)
    rows = states.shape[1] // cols
    # first, each move's child hash and first slot in the recent states' table: loads that do not wait on one another
    child_hash = np.empty(4 * (end - start), np.uint64)
    first_probe = np.empty(4 * (end - start), np.uint64)
    for number in range(start, end):
        b = blank[number]
        for direction in range(4):
            cell = moves[b, direction]
            if cell < 0:
                break
            tile = states[number, cell]
            h = hashes[number] ^ zobrist[b, 0] ^ zobrist[b, tile] ^ zobrist[cell, tile] ^ zobrist[cell, 0]
            move = 4 * (number - start) + direction
            child_hash[move], first_probe[move] = h, recent_table[h & recent_mask]
    for number in range(start, end):
        state = states[number]
        b = blank[number]
        row, col = b // cols, b % cols
        for direction in range(4):
            cell = moves[b, direction]
            if cell < 0:
                break
            if cell == came[number]:
                continue
            tile = state[cell]
            move = 4 * (number - start) + direction
            h = child_hash[move]
            free = _slot_if_new(state, b, tile, cell, 0, h, first_probe[move], states, recent, recent_table, taken,
                                out_parent, out_move)  # fmt: skip
            if free < 0:
                continue
            taken[free] = (h & np.uint64(0xFFFFFFFF00000000)) | np.uint64(count)
            child_md = md[number] + distance[tile, b] - distance[tile, cell]
            child_lc = key[number] - md[number]
            # written out per direction and way: choosing the line's arrays first, for one call, ran 13-15% slower
            if cell // cols != row:  # the tile changes rows: its own row's conflicts change if it enters or leaves it
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
            out_parent[count], out_hash[count] = number, h
            out_move[count, 0], out_move[count, 1], out_move[count, 2], out_move[count, 3] = b, tile, cell, 0
            out_md[count], out_key[count] = child_md, child_md + child_lc
            count += 1
            if child_md == 0:
                return count, number
    return count, -1


@numba.njit(cache=True, nogil=True)
def _expand_line(
    start: int, end: int, count: int, states: States, total: Ints, hashes: Hashes, moves: Ints, distance: Ints,
    targets: Ints, zobrist: Hashes, recent: States, recent_table: Hashes, taken: Hashes,
    out_parent: Ints, out_move: Ints, out_total: Ints, out_rank: Ints, out_hash: Hashes,
) -> tuple[int, int]:  # fmt: skip  # pragma: no cover - compiled
    """The children of the line states ``start`` to ``end - 1`` (the blank's cell, then each tile's), as
    :func:`_expand_board`. A hot loop, written out for speed."""
    recent_mask = np.uint64(len(recent_table) - 1)
    places = states.shape[1]
    for number in range(start, end):
        state = states[number]
        b = state[0]
        for direction in range(4):
            cell = moves[b, direction]
            if cell < 0:
                break
            tile = 0  # the tile on the blank's new cell (its place in the state), if any
            for place in range(1, places):
                if state[place] == cell:
                    tile = place
                    break
            child_total = total[number]
            if tile:
                child_total += distance[targets[tile - 1], b] - distance[targets[tile - 1], cell]
            h = _child_hash(hashes[number], zobrist, state, tile, b, 0, cell)
            free = _slot_if_new(state, tile, b, 0, cell, h, recent_table[h & recent_mask], states, recent,
                                recent_table, taken, out_parent, out_move)  # fmt: skip
            if free < 0:
                continue
            taken[free] = (h & np.uint64(0xFFFFFFFF00000000)) | np.uint64(count)
            out_parent[count], out_hash[count], out_total[count] = number, h, child_total
            out_move[count, 0], out_move[count, 1], out_move[count, 2], out_move[count, 3] = tile, b, 0, cell
            count += 1
            if child_total == 0:
                return count, number
            reach = 1 << 30  # the blank's distance to the nearest misplaced tile
            for place in range(1, places):
                at = b if place == tile else state[place]
                if at != targets[place - 1] and distance[cell, at] < reach:
                    reach = distance[cell, at]
            out_rank[count - 1] = 4 * child_total + reach
    return count, -1
