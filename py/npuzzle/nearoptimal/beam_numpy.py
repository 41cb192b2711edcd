"""The beam search of :mod:`npuzzle.nearoptimal.beam`, a whole depth at a time in numpy.

It keeps the same states as the pure-Python beam (:func:`~npuzzle.nearoptimal.beam.python_beam`), so it gives the
same path, the same counters and the same progress records at the same counts, only sooner: in about half the
time at a width of 1,000, and a solve of a 5×5 to 7×7 at budget 20 in about a third
(``docs/benchmarks-big-boards.md``).
:func:`~npuzzle.nearoptimal.beam.beam_search` hands it the wide beams when numpy is installed; nothing else imports
this module.

One depth: the children of every kept state at once, in the order the Python beam makes them (by parent, then the
blank up, down, left, right); each child's Manhattan distance and conflicts from its parent's: when the moved tile
enters or leaves the line it belongs to, that line's code (its tiles' places along it) is read from the parent and
changed by the tile's place, and both codes' conflicts are looked up in a table for the rows and one for the
columns (filled by :func:`~npuzzle.nearoptimal.conflicts.line_conflicts` as codes first appear); repeats, within
the depth and among the states kept in the recent depths, found by a 64-bit Zobrist hash and confirmed byte for byte
(a hash that matches a different state sends the depth through an exact check by bytes); then a stable sort by the
estimate keeps the first ``width``. The Python beam's checkpoints, every
:data:`~npuzzle.nearoptimal.budget.PROGRESS_EVERY` expansions, are replayed after the depth at the same counts.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

import numpy as np
import numpy.typing as npt

from ..progress import Progress
from .beam_arrays import best_first, replay_checkpoints, zobrist_keys
from .beam_rules import RECENT, paced_width, read_back
from .budget import Budget
from .conflicts import LineConflicts, line_conflicts

States = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int64]
Hashes = npt.NDArray[np.uint64]
Numbers = npt.NDArray[np.uint32]
Kept = list[tuple[Hashes, States]]
"""The states kept at some depths: per depth, their hashes sorted and the states in that order."""

DENSE_CODES = 8**7
"""The most codes a line's table holds in one array indexed by code (a line of up to 7 cells: 4 MB); a longer
line's conflicts are kept for the codes met so far, sorted, and found by binary search."""


MERGE_EVERY = 4
"""The recent depths' kept states are merged into one sorted array every this many depths."""


class _Lines:
    """The conflicts of the rows (or of the columns) of a board, by table lookup.

    ``key[line, tile]`` is the tile's place along ``line`` plus one (``0`` when it belongs to another line), as in
    :class:`~npuzzle.nearoptimal.conflicts.LineConflicts`; a line's code is its cells' keys read as the digits of
    a number in base ``length + 1``. Up to :data:`DENSE_CODES` codes, ``table[code]`` holds its conflicts (``-1``
    until first needed); above, ``known`` holds the codes met so far, sorted, and ``table`` their conflicts.
    """

    def __init__(self, keys: Sequence[bytes], cells: list[list[int]]) -> None:
        self.length = len(cells[0])
        self.key: Ints = np.array([list(k) for k in keys], np.int64)
        self.cells = np.array(cells, np.intp)
        self.power: Ints = (self.length + 1) ** np.arange(self.length, dtype=np.int64)
        codes = (self.length + 1) ** self.length
        self.known: Ints | None = None if codes <= DENSE_CODES else np.zeros(0, np.int64)
        self.table = np.full(codes if self.known is None else 0, -1, np.int16)

    def codes(self, states: States, which: Ints, line: Ints) -> Ints:
        """The code of line ``line[k]`` of state ``states[which[k]]``, for every ``k``."""
        codes: Ints = self.key[line[:, None], states[which[:, None], self.cells[line]]] @ self.power
        return codes

    def conflicts(self, codes: Ints) -> Ints:
        """The conflicts of the lines with these codes (computed the first time a code is met)."""
        at, new = self._find(codes)
        if len(new):
            base = self.length + 1
            found = [line_conflicts(bytes(code // base**i % base for i in range(self.length))) for code in new.tolist()]
            if self.known is None:
                self.table[new] = found
            else:
                known = np.concatenate([self.known, new])
                order = np.argsort(known, kind="stable")  # two sorted runs: a merge
                self.known, self.table = known[order], np.concatenate([self.table, found]).astype(np.int16)[order]
                at, _ = self._find(codes)  # the places moved
        result: Ints = self.table[at].astype(np.int64)
        return result

    def _find(self, codes: Ints) -> tuple[Ints, Ints]:
        """Where each code's conflicts are in ``table``, and the codes not met before (sorted, once each)."""
        if self.known is None:
            new = self.table[codes] < 0
            return codes, np.unique(codes[new]) if new.any() else codes[:0]
        at = np.minimum(np.searchsorted(self.known, codes), max(len(self.known) - 1, 0))
        met = self.known[at] == codes if len(self.known) else np.zeros(len(codes), bool)
        return at, np.unique(codes[~met])


def numpy_beam(
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
    """:func:`~npuzzle.nearoptimal.beam.beam_search` in numpy, from ``first`` to ``goal`` (two different states)."""
    n = rows * cols
    rank = LineConflicts(rows, cols, goal)
    row_lines = _Lines(rank.rows_key, [[r * cols + c for c in range(cols)] for r in range(rows)])
    col_lines = _Lines(rank.cols_key, [[r * cols + c for r in range(rows)] for c in range(cols)])
    distance = np.array(rank.distance, np.int64)
    home = np.zeros(n, np.int64)
    home[np.frombuffer(goal, np.uint8)] = np.arange(n)
    cell_row, cell_col = np.arange(n) // cols, np.arange(n) % cols
    # per direction of the blank's move (up, down, left, right: the Python beam's order): its step, and whether
    # the blank may take it from each cell; a vertical move changes the conflicts of rows, a horizontal one of columns
    steps = np.array([-cols, cols, -1, 1], np.int64)
    may = np.stack([cell_row > 0, cell_row < rows - 1, cell_col > 0, cell_col < cols - 1], axis=1)
    kinds = (
        (row_lines, cell_row, cell_col, home // cols),
        (col_lines, cell_col, cell_row, home % cols),
    )
    zobrist = zobrist_keys(n)
    cells = np.arange(n)

    first_md = rank.manhattan(first)
    first_estimate = first_md + rank.conflicts(first)
    states: States = np.frombuffer(first, np.uint8).reshape(1, n).copy()
    md: Ints = np.array([first_md], np.int64)
    lc: Ints = np.array([first_estimate - first_md], np.int64)
    came: Ints = np.array([-1], np.int64)
    blank: Ints = np.array([first.index(0)], np.int64)
    hashes: Hashes = np.bitwise_xor.reduce(zobrist[cells, states], axis=1)
    parents: list[Numbers] = []  # per depth: the number of each kept state's parent in the depth before
    blanks: list[States] = []  # per depth: the blank's cell in each kept state
    older: Kept = []  # the depths before the last multiple of RECENT, up to RECENT of them, in one array
    newer: Kept = [(hashes, states)]  # the depths since, in arrays of up to MERGE_EVERY depths
    current = width
    depth = 0
    pending = 0
    quota = budget.every()
    # Hot loop, written out for speed: a whole depth expanded in numpy arrays at once.
    while len(states) and depth < max_depth:
        depth += 1
        budget.bound = depth
        # every child at once, by parent, then direction: the order the Python beam makes them in
        made = np.flatnonzero((may[blank] & (blank[:, None] + steps != came[:, None])).ravel())
        parent, direction = made // 4, made % 4
        child_came = blank[parent]  # the moved tile's new cell
        child_blank = child_came + steps[direction]  # its old cell
        tile = states[parent, child_blank]
        child = states[parent]
        at = np.arange(len(made))
        child[at, child_came] = tile
        child[at, child_blank] = 0
        child_md = md[parent] + distance[tile, child_came] - distance[tile, child_blank]
        child_lc = lc[parent]
        for number, (lines, line_of, place_of, own) in enumerate(kinds):
            # a tile entering or leaving the line of this kind it belongs to: the line's code changes by the tile's
            # key at its place along the line, its conflicts by the table's difference
            line = own[tile]
            entering = line == line_of[child_came]
            moved = np.flatnonzero((direction // 2 == number) & (entering | (line == line_of[child_blank])))
            if len(moved):
                line = line[moved]
                before = lines.codes(states, parent[moved], line)
                change = lines.key[line, tile[moved]] * lines.power[place_of[child_came[moved]]]
                found = lines.conflicts(np.concatenate([before + np.where(entering[moved], change, -change), before]))
                child_lc[moved] += found[: len(moved)] - found[len(moved) :]
        child_hash = hashes[parent] ^ zobrist[child_came, 0] ^ zobrist[child_came, tile]
        child_hash ^= zobrist[child_blank, tile] ^ zobrist[child_blank, 0]
        live = _new_states(child, child_hash, older + newer)
        hits = live[child_md[live] == 0]
        done = int(parent[hits[0]]) if len(hits) else len(states)  # the parents fully expanded
        stopped, pending, quota = yield from replay_checkpoints(budget, soft, pending, quota, done, parent[live])
        if stopped:
            return None
        if len(hits):
            budget.generated += int(np.searchsorted(live, hits[0])) + 1
            budget.expanded += pending
            parents.append(parent[hits[:1]].astype(np.uint32))
            blanks.append(child_blank[hits[:1]].astype(np.uint8))
            return read_back(parents, blanks, 0)
        budget.generated += len(live)
        estimate = child_md[live] + child_lc[live]
        if finish_by is not None and depth >= 3 and len(live):
            left = finish_by - budget.expanded - pending
            current = paced_width(width, min_width, first_estimate, int(estimate.min()), depth, left)
        chosen = live[best_first(estimate, current)]
        states, md, lc = child[chosen], child_md[chosen], child_lc[chosen]
        came, blank, hashes = child_came[chosen], child_blank[chosen], child_hash[chosen]
        parents.append(parent[chosen].astype(np.uint32))  # as compact as the Python beam's
        blanks.append(blank.astype(np.uint8))
        if depth % RECENT == 0:
            older, newer = [_merged(newer)], []
        by_hash = np.argsort(hashes)
        newer.append((hashes[by_hash], states[by_hash]))
        if depth % MERGE_EVERY == MERGE_EVERY - 1:  # fewer arrays to look the next children up in
            newer[-MERGE_EVERY:] = [_merged(newer[-MERGE_EVERY:])]
        budget.note_frontier(len(states))
    budget.expanded += pending
    return None


def _merged(kept: Kept) -> tuple[Hashes, States]:
    """The states of ``kept`` in one array, sorted by hash."""
    hashes = np.concatenate([h for h, _ in kept])
    order = np.argsort(hashes)
    return hashes[order], np.concatenate([s for _, s in kept])[order]


def _new_states(child: States, child_hash: Hashes, kept: Kept) -> Ints:
    """The numbers of the children to keep, in order: each state's first copy, unless it is among ``kept``."""
    order = np.argsort(child_hash)
    sorted_hash = child_hash[order]
    first = np.ones(len(order), bool)
    np.not_equal(sorted_hash[1:], sorted_hash[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    unique_hash = sorted_hash[starts]
    earliest = np.minimum.reduceat(order, starts)  # each hash's first child made
    fresh = np.ones(len(starts), bool)
    exact = True
    repeat = np.flatnonzero(~first)
    if len(repeat):
        exact = bool((child[order[repeat]] == child[order[repeat - 1]]).all())
    for hashes, states in kept:
        if len(hashes) <= len(starts):  # each kept state looked up among the children
            at = np.minimum(np.searchsorted(unique_hash, hashes), len(starts) - 1)
            seen = np.flatnonzero(unique_hash[at] == hashes)
            mine, theirs = at[seen], seen
        else:  # each child looked up among the kept states
            at = np.minimum(np.searchsorted(hashes, unique_hash), len(hashes) - 1)
            mine = np.flatnonzero(hashes[at] == unique_hash)
            theirs = at[mine]
        if len(mine):
            exact = exact and bool((states[theirs] == child[earliest[mine]]).all())
            fresh[mine] = False
    if exact:
        return np.sort(earliest[fresh])
    # a hash matched a different state: decide by the states' bytes, as the Python beam does
    known = {row.tobytes() for _, states in kept for row in states}
    keep: list[int] = []
    for number, row in enumerate(child):
        key = row.tobytes()
        if key not in known:
            known.add(key)
            keep.append(number)
    return np.array(keep, np.int64)
