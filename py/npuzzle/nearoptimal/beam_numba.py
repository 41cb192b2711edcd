"""The beam's kernels compiled to machine code by numba: the whole board's (:class:`BoardKernel`) and peeling's line
beam's (:class:`LineKernel`), driven by the depth loop of :func:`~npuzzle.nearoptimal.beam.run_depths`.

They follow the rules of :mod:`~npuzzle.nearoptimal.beam`, so they keep the pure-Python kernels' states, only sooner;
:func:`~npuzzle.nearoptimal.beam.beam_search` and :func:`~npuzzle.nearoptimal.peel.line_beam` hand them the wide
beams (nothing else imports this module). numba compiles it once and keeps the code beside this file (or, where that
is read-only, in its per-user cache; ``NUMBA_CACHE_DIR`` chooses another folder).

A state is a row of bytes; a child is its parent with two places written, ``at1 ← put1`` then ``at2 ← put2``: a
*move*, one 32-bit word of those four bytes (:func:`_move`). A slice of a depth's parents is expanded in three passes:
the moves, with each child's 64-bit Zobrist hash and first slot in the remembered states' table (loads that do not
wait on one another); the repeat rule (:func:`_new_children`, shared: open-addressing tables of numbers by hash, every
match confirmed byte for byte); the estimates of the children kept, and the goal test. A child is written out only
once it is kept (:func:`_make`, into the remembered states' store).
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np
import numpy.typing as npt

from ..board import neighbours
from .beam import RECENT, forgets, read_back
from .conflicts import LineConflicts, manhattan_linear_conflict

States = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int32]
Hashes = npt.NDArray[np.uint64]
Moves = npt.NDArray[np.uint32]

HASH_SEED = 1
"""The seed of the Zobrist keys. Any seed gives the same answers: every hash match is confirmed byte for byte."""

EMPTY = 2**64 - 1
"""An empty slot of a hash table: per slot one word, the high half of a state's hash above the state's number, so
that a probe reads one word; a state is placed by its hash's low bits, with linear probing."""

AS_IS = 2**32 - 1
"""The move that leaves a state as it is: it writes place 255, past the last place of any state here."""


def zobrist_keys(places: int, values: int) -> Hashes:
    """The random key of each (place, value) of a state; a state's hash is its keys' exclusive or."""
    return np.random.default_rng(HASH_SEED).integers(0, 2**64 - 1, (places, values), np.uint64, endpoint=True)


def cleared(table: Hashes, entries: int) -> Hashes:
    """An empty hash table for ``entries`` numbers: ``table`` emptied when it has room for them, else a new one of a
    power of two slots, at least twice the numbers, so that a probe is short."""
    if len(table) < 2 * entries:
        return np.full(1 << (2 * entries - 1).bit_length(), EMPTY, np.uint64)
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


@numba.njit(cache=True, nogil=True)
def _children(size: int) -> tuple[Ints, Moves, Hashes]:  # pragma: no cover - compiled
    """Room for ``size`` children: each one's parent's number, move and hash."""
    return np.empty(size, np.int32), np.empty(size, np.uint32), np.empty(size, np.uint64)


class _Remembered:
    """The states kept in the recent depths in the two halves of one store, as the pure-Python kernel keeps two sets:
    when old depths are forgotten (:func:`~npuzzle.nearoptimal.beam.forgets`) the newer half becomes the older and
    the older is emptied for the newer (peeling's line beam never forgets: its newer half grows); and a hash table of
    their numbers (rows), made again when states are forgotten or moved, so every state in it is refused."""

    def __init__(self, first: States, first_hash: Hashes, window: int | None) -> None:
        self.window = window
        self.states: States = first.copy()
        self.hashes: Hashes = first_hash.copy()
        self.half = self.count = self.widest = 1  # the rows of a half, how many the newer holds, the widest depth
        self.newer = self.older = self.older_count = 0  # the newer half's first row, the older's, and its count
        self.table: Hashes = np.empty(0, np.uint64)
        self._made_again(1)

    def add(self, depth: int, parents: States, parent: Ints, move: Moves, hashes: Hashes, width: int) -> States:
        """Make the children ``parents[parent[k]]`` with ``move[k]`` written and remember them (with their
        ``hashes``) as kept at ``depth``, of at most ``width``; returns them (a view of the store, until the next
        depth is added)."""
        again = forgets(self.window, depth)
        if again:
            self.newer, self.older, self.older_count, self.count = self.older, self.newer, self.count, 0
        start, end = self.count, self.count + len(parent)
        if end > self.half:
            self._grow(end, width)
            again = True
        rows = slice(self.newer + start, self.newer + end)
        _make(parents, parent, move, self.states[rows])
        self.hashes[rows] = hashes
        if again or 2 * (self.older_count + end) > len(self.table):
            self._made_again(end)
        else:
            _insert(self.table, self.hashes, self.newer + start, self.newer + end)
        self.count = end
        return self.states[rows]

    def _grow(self, end: int, width: int) -> None:
        """Room for ``end`` states a half: twice as many (or more), up to what a window of the widest depths needs."""
        self.widest = max(self.widest, width)
        half = max(end, min(2 * self.half, self.window * self.widest + 1) if self.window else 2 * self.half)
        states, hashes = np.empty((2 * half, self.states.shape[1]), np.uint8), np.empty(2 * half, np.uint64)
        for old, new, size in ((self.newer, 0, self.count), (self.older, half, self.older_count)):
            states[new : new + size] = self.states[old : old + size]
            hashes[new : new + size] = self.hashes[old : old + size]
        self.states, self.hashes, self.half, self.newer, self.older = states, hashes, half, 0, half

    def _made_again(self, count: int) -> None:
        """Make the table again for the older half and ``count`` states of the newer."""
        self.table = cleared(self.table, self.older_count + count)
        _insert(self.table, self.hashes, self.older, self.older + self.older_count)
        _insert(self.table, self.hashes, self.newer, self.newer + count)


class _CompiledKernel:
    """What the numba kernels share: the depth's states (a view of the remembered states' store) with their cost
    (``0`` at the target), estimate, hash, blank cell and the blank's cell before; the children made in the depth
    (``out_*``); the remembered states; per depth the kept states' parents and blank cells."""

    blank_byte = 0
    """Which byte of a move (:func:`_move`) is the blank's cell after it."""

    def __init__(self, first: bytes, cost: int, key: int, blank: int, keys: Hashes, window: int | None) -> None:
        self.first_key = key
        self.zobrist = keys
        state = np.frombuffer(first, np.uint8).reshape(1, -1)
        self.hashes: Hashes = np.bitwise_xor.reduce(keys[np.arange(len(first)), state[0]]).reshape(1)
        self.recent = _Remembered(state, self.hashes, window)
        self.states: States = self.recent.states[:1]
        self.cost, self.key = np.array([cost], np.int32), np.array([key], np.int32)
        self.blank, self.came = np.array([blank], np.int32), np.array([-1], np.int32)
        self.parents: list[Ints] = []
        self.blanks: list[npt.NDArray[np.uint8]] = []
        self.taken: Hashes = np.empty(0, np.uint64)
        self._begin()

    def _begin(self) -> int:
        """Room for the children of the depth's states; returns how many states it has."""
        most = 3 * len(self.states) + 1  # three new children a state (its parent is refused), four from the first
        self.taken = cleared(self.taken, most)
        self.out_parent, self.out_move, self.out_hash = _children(most)
        self.out_cost, self.out_key = np.empty(most, np.int32), np.empty(most, np.int32)
        self.count = 0
        return len(self.states)

    def children(self) -> int:
        return self.count

    def lowest(self) -> int:
        return int(self.out_key[: self.count].min())

    def keep(self, width: int, depth: int) -> int:
        parent, move, self.hashes, self.cost, self.key, self.came, self.blank = _best_first(
            width, self.count, self.out_parent, self.out_move, self.out_hash, self.out_cost, self.out_key, self.blank,
            self.blank_byte,
        )  # fmt: skip
        self.states = self.recent.add(depth, self.states, parent, move, self.hashes, width)
        self.parents.append(parent)
        self.blanks.append(self.blank.astype(np.uint8))  # as compact as the Python beam's
        return self._begin()

    def path(self) -> list[int]:
        last = self.count - 1
        cell = int(self.out_move[last] >> 8 * self.blank_byte) & 255
        return read_back(self.parents, self.blanks, int(self.out_parent[last]), cell)

    def _depth(self) -> tuple[States, Hashes, Hashes, Ints, Moves, Hashes, Ints, Ints]:
        """The arguments every expansion takes after its own: the remembered states, their table, this depth's."""
        children = self.out_parent, self.out_move, self.out_hash, self.out_cost, self.out_key
        return (self.recent.states, self.recent.table, self.taken, *children)


class BoardKernel(_CompiledKernel):
    """The whole-board beam's kernel, as :class:`npuzzle.nearoptimal.beam.BoardKernel`."""

    blank_byte = 2  # a move writes the tile on the blank's cell, then the blank on the tile's cell

    def __init__(self, rows: int, cols: int, first: bytes, goal: bytes) -> None:
        n = rows * cols
        rank = LineConflicts(rows, cols, goal)
        self.distance = np.array(rank.distance, np.int32)
        cells = np.arange(n, dtype=np.int32)
        self.row, self.col = cells // cols, cells % cols
        home = np.argsort(np.frombuffer(goal, np.uint8))  # each tile's cell in the goal
        self.home_row, self.home_col = self.row[home], self.col[home]
        self.moves = _moves(neighbours(rows, cols))
        md, key = rank.manhattan(first), manhattan_linear_conflict(first, goal, rows, cols)
        super().__init__(first, md, key, first.index(0), zobrist_keys(n, n), RECENT)

    def expand(self, start: int, end: int) -> int:
        self.count, found = _expand_board(
            start, end, self.count, self.states, self.cost, self.key, self.came, self.blank, self.hashes, self.moves,
            self.zobrist, self.row, self.col, self.distance, self.home_row, self.home_col, *self._depth(),
        )  # fmt: skip
        return found


class LineKernel(_CompiledKernel):
    """Peeling's line beam's kernel, as :class:`npuzzle.nearoptimal.beam.LineKernel` (``between`` required)."""

    blank_byte = 3  # a move writes the blank's cell on the moved tile's place, then the blank's new cell on place 0

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
            start, end, self.count, self.states, self.cost, self.hashes, self.moves, self.zobrist, self.distance,
            self.targets, *self._depth(),
        )  # fmt: skip
        return found


def _moves(near: Sequence[Sequence[int]]) -> Ints:
    """Per cell, its neighbours in the child order (:func:`~npuzzle.nearoptimal.grouptables.neighbours`), ``-1``
    after the last."""
    return np.array([[*cells, -1, -1, -1, -1][:4] for cells in near], np.int32)


@numba.njit(cache=True, nogil=True, inline="always")
def _move(at1: int, put1: int, at2: int, put2: int) -> np.uint32:  # pragma: no cover - compiled
    """The move that writes ``at1 ← put1`` then ``at2 ← put2``, as one word."""
    return np.uint32(at1 | put1 << 8 | at2 << 16 | put2 << 24)


@numba.njit(cache=True, nogil=True, inline="always")
def _value(state: States, move: np.uint32, place: int) -> int:  # pragma: no cover - compiled
    """What ``place`` holds in ``state`` with ``move`` written."""
    if place == (move >> 16) & 255:
        return int(move >> 24)
    if place == move & 255:
        return int((move >> 8) & 255)
    return int(state[place])


@numba.njit(cache=True, nogil=True)
def _make(states: States, parent: Ints, move: Moves, children: States) -> None:  # pragma: no cover - compiled
    """Write into ``children[k]`` the state ``states[parent[k]]`` with ``move[k]`` written."""
    for k in range(len(parent)):
        number, m = parent[k], move[k]
        for place in range(states.shape[1]):  # a loop of bytes: numba copies a row slower as a slice
            children[k, place] = states[number, place]
        children[k, m & 255] = (m >> 8) & 255
        children[k, (m >> 16) & 255] = m >> 24


@numba.njit(cache=True, nogil=True, inline="always")
def _same(a: States, move_a: np.uint32, b: States, move_b: np.uint32) -> bool:  # pragma: no cover - compiled
    """Whether state ``a`` with ``move_a`` written equals ``b`` with ``move_b``."""
    for place in range(len(a)):  # noqa: SIM110 - a loop numba compiles, not a generator
        if _value(a, move_a, place) != _value(b, move_b, place):
            return False
    return True


@numba.njit(cache=True, nogil=True)
def _new_children(
    moved: int, count: int, states: States, recent: States, recent_table: Hashes, taken: Hashes,
    moved_parent: Ints, moved_move: Moves, moved_hash: Hashes, out_parent: Ints, out_move: Moves, out_hash: Hashes,
) -> int:  # fmt: skip  # pragma: no cover - compiled
    """The repeat rule: of the ``moved`` children in ``moved_*`` (the parent's number in ``states``, the move, the
    hash), append to ``out_*`` from ``count`` on those neither made before in this depth (the children of ``states``
    before them, numbered in ``taken``) nor remembered (``recent``, numbered in ``recent_table``); returns the count
    after them. A hot loop, written out for speed."""
    high = np.uint64(0xFFFFFFFF00000000)
    low = np.uint64(0xFFFFFFFF)
    taken_mask = np.uint64(len(taken) - 1)
    recent_mask = np.uint64(len(recent_table) - 1)
    # first each child's first slot in the remembered states' table: loads that do not wait on one another
    probe = np.empty(moved, np.uint64)
    for k in range(moved):
        probe[k] = recent_table[moved_hash[k] & recent_mask]
    for k in range(moved):
        number, move, h = moved_parent[k], moved_move[k], moved_hash[k]
        state = states[number]
        mark = h & high
        repeat = False
        slot = h & taken_mask
        while taken[slot] != EMPTY:
            if taken[slot] & high == mark:
                other = taken[slot] & low
                if _same(state, move, states[out_parent[other]], out_move[other]):
                    repeat = True
                    break
            slot = (slot + np.uint64(1)) & taken_mask
        if repeat:
            continue
        free = slot
        slot = h & recent_mask
        entry = probe[k]
        while entry != EMPTY:
            if entry & high == mark and _same(state, move, recent[entry & low], np.uint32(AS_IS)):
                repeat = True
                break
            slot = (slot + np.uint64(1)) & recent_mask
            entry = recent_table[slot]
        if repeat:
            continue
        taken[free] = mark | np.uint64(count)
        out_parent[count], out_move[count], out_hash[count] = number, move, h
        count += 1
    return count


@numba.njit(cache=True, nogil=True)
def _best_first(
    width: int, count: int, out_parent: Ints, out_move: Moves, out_hash: Hashes, out_cost: Ints, out_key: Ints,
    blank: Ints, blank_byte: int,
) -> tuple[Ints, Moves, Hashes, Ints, Ints, Ints, Ints]:  # fmt: skip  # pragma: no cover - compiled
    """The tie rule (:func:`~npuzzle.nearoptimal.beam.best_first`) as a counting sort: the best ``width`` of the
    ``count`` children in ``out_*`` by their estimate, ties in the order made; returns their parents' numbers,
    moves, hashes, costs and estimates, and the blank's cell before and after them."""
    first = np.zeros(out_key[:count].max() + 1, np.int64)  # per estimate: how many have it, then the first's rank
    for k in range(count):
        first[out_key[k]] += 1
    ranked = 0
    for estimate in range(len(first)):
        first[estimate], ranked = ranked, ranked + first[estimate]
    size = min(width, count)
    parent, move, hashes = np.empty(size, np.int32), np.empty(size, np.uint32), np.empty(size, np.uint64)
    cost, key = np.empty(size, np.int32), np.empty(size, np.int32)
    came, after = np.empty(size, np.int32), np.empty(size, np.int32)
    for k in range(count):
        rank = first[out_key[k]]
        if rank < size:
            first[out_key[k]] = rank + 1
            parent[rank], move[rank], hashes[rank] = out_parent[k], out_move[k], out_hash[k]
            cost[rank], key[rank], came[rank] = out_cost[k], out_key[k], blank[out_parent[k]]
            after[rank] = (out_move[k] >> 8 * blank_byte) & 255
    return parent, move, hashes, cost, key, came, after


@numba.njit(cache=True, nogil=True)
def _expand_board(
    start: int, end: int, count: int, states: States, md: Ints, key: Ints, came: Ints, blank: Ints, hashes: Hashes,
    moves: Ints, zobrist: Hashes, row: Ints, col: Ints, distance: Ints, home_row: Ints, home_col: Ints,
    recent: States, recent_table: Hashes, taken: Hashes,
    out_parent: Ints, out_move: Moves, out_hash: Hashes, out_md: Ints, out_key: Ints,
) -> tuple[int, int]:  # fmt: skip  # pragma: no cover - compiled
    """The children of the whole-board states ``start`` to ``end - 1`` (see :meth:`~npuzzle.nearoptimal.beam.Kernel.
    expand`), after the ``count`` made before in the depth: returns how many now, and the number of the state whose
    child is the target or ``-1``. The moves and the estimate are :class:`~npuzzle.nearoptimal.beam.BoardKernel`'s.
    A hot loop, written out for speed."""
    moved_parent, moved_move, moved_hash = _children(4 * (end - start))  # the slice's moves
    first = count  # the slice's first child
    moved = 0
    for number in range(start, end):
        b = blank[number]
        for direction in range(4):
            cell = moves[b, direction]
            if cell < 0:
                break
            if cell == came[number]:
                continue
            tile = states[number, cell]
            h = hashes[number] ^ zobrist[b, 0] ^ zobrist[b, tile] ^ zobrist[cell, tile] ^ zobrist[cell, 0]
            moved_parent[moved], moved_move[moved], moved_hash[moved] = number, _move(b, tile, cell, 0), h
            moved += 1
    count = _new_children(
        moved, count, states, recent, recent_table, taken, moved_parent, moved_move, moved_hash, out_parent, out_move,
        out_hash,
    )  # fmt: skip
    rows, cols = row[-1] + 1, col[-1] + 1
    for k in range(first, count):
        number, move = out_parent[k], out_move[k]
        state = states[number]
        b, tile, cell = move & 255, (move >> 8) & 255, (move >> 16) & 255
        child_md = md[number] + distance[tile, b] - distance[tile, cell]
        child_lc = key[number] - md[number]
        # written out per direction and way: choosing the line's arrays first, for one call, ran 13-15% slower
        if col[cell] == col[b]:  # the tile changes rows: its own row's conflicts change if it enters or leaves it
            line = home_row[tile]
            if line == row[b]:  # enters it, on the blank's cell
                child_lc += _conflicts_gained(state, line * cols, 1, cols, line, home_row, home_col, b, tile)
            elif line == row[cell]:  # leaves it
                child_lc -= _conflicts_gained(state, line * cols, 1, cols, line, home_row, home_col, cell, tile)
        else:
            line = home_col[tile]
            if line == col[b]:
                child_lc += _conflicts_gained(state, line, cols, rows, line, home_col, home_row, b, tile)
            elif line == col[cell]:
                child_lc -= _conflicts_gained(state, line, cols, rows, line, home_col, home_row, cell, tile)
        out_md[k], out_key[k] = child_md, child_md + child_lc
        if child_md == 0:
            return k + 1, number
    return count, -1


@numba.njit(cache=True, nogil=True)
def _expand_line(
    start: int, end: int, count: int, states: States, total: Ints, hashes: Hashes, moves: Ints, zobrist: Hashes,
    distance: Ints, targets: Ints, recent: States, recent_table: Hashes, taken: Hashes,
    out_parent: Ints, out_move: Moves, out_hash: Hashes, out_total: Ints, out_rank: Ints,
) -> tuple[int, int]:  # fmt: skip  # pragma: no cover - compiled
    """The children of the line states ``start`` to ``end - 1`` (the blank's cell, then each tile's), as
    :func:`_expand_board`; the moves are :class:`~npuzzle.nearoptimal.beam.LineKernel`'s, the estimate a line's of
    :mod:`~npuzzle.nearoptimal.beam`. A hot loop, written out for speed."""
    moved_parent, moved_move, moved_hash = _children(4 * (end - start))  # the slice's moves
    first = count  # the slice's first child
    places = states.shape[1]
    moved = 0
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
            h = hashes[number] ^ zobrist[tile, state[tile]] ^ zobrist[tile, b]
            h ^= zobrist[0, b if tile == 0 else state[0]] ^ zobrist[0, cell]
            moved_parent[moved], moved_move[moved], moved_hash[moved] = number, _move(tile, b, 0, cell), h
            moved += 1
    count = _new_children(
        moved, count, states, recent, recent_table, taken, moved_parent, moved_move, moved_hash, out_parent, out_move,
        out_hash,
    )  # fmt: skip
    for k in range(first, count):
        number, move = out_parent[k], out_move[k]
        state = states[number]
        tile, b, cell = move & 255, (move >> 8) & 255, move >> 24
        child_total = total[number]
        if tile:
            child_total += distance[targets[tile - 1], b] - distance[targets[tile - 1], cell]
        out_total[k] = child_total
        if child_total == 0:
            return k + 1, number
        reach = 1 << 30  # the blank's distance to the nearest misplaced tile
        for place in range(1, places):
            at = b if place == tile else state[place]
            if at != targets[place - 1] and distance[cell, at] < reach:
                reach = distance[cell, at]
        out_rank[k] = 4 * child_total + reach
    return count, -1


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
