"""The beam search of :mod:`npuzzle.nearoptimal.beam`, a whole depth at a time in numpy.

It keeps the same states as the pure-Python beam (:func:`~npuzzle.nearoptimal.beam.python_beam`), so it gives the
same path, the same counters and the same progress records at the same counts, only sooner: in 0.7 of the time
at a width of 1,000, and a solve at budget 20 in under half (``docs/benchmarks-big-boards.md``).
:func:`~npuzzle.nearoptimal.beam.beam_search` hands it the wide beams when numpy is installed; nothing else imports
this module.

One depth: the children of every kept state, one array per direction of the blank's move, put in the order the
Python beam makes them (by parent, then the blank up, down, left, right); each child's Manhattan distance and
conflicts from its parent's, the conflicts of the one line the moved tile belongs to looked up in a table for the
rows and one for the columns (filled by :func:`~npuzzle.nearoptimal.conflicts.line_conflicts` as lines first
appear); repeats, within the depth and among the states kept in the recent depths, found by a 64-bit Zobrist hash
and confirmed byte for byte (a hash that matches a different state sends the depth through an exact check by bytes);
then a stable sort by the estimate keeps the first ``width``. The Python beam's checkpoints, every
:data:`~npuzzle.nearoptimal.budget.PROGRESS_EVERY` expansions, are replayed after the depth at the same counts.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

import numpy as np
import numpy.typing as npt

from ..progress import Progress
from .beam_rules import RECENT, paced_width, read_back
from .budget import Budget
from .conflicts import LineConflicts, line_conflicts

States = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int64]
Hashes = npt.NDArray[np.uint64]
Numbers = npt.NDArray[np.uint32]
Kept = list[tuple[Hashes, States]]
"""The states kept at some depths: per depth, their hashes sorted and the states in that order."""

HASH_SEED = 1
"""The seed of the Zobrist keys. Any seed gives the same answers: every hash match is confirmed byte for byte."""


class _Lines:
    """The conflicts of the rows (or of the columns) of a board, by table lookup.

    ``key[line, tile]`` is the tile's place along ``line`` plus one (``0`` when it belongs to another line), as in
    :class:`~npuzzle.nearoptimal.conflicts.LineConflicts`; a line's code is its cells' keys read as the digits of
    a number in base ``length + 1``, and ``table[code]`` its conflicts (``-1`` until first needed).
    """

    def __init__(self, keys: Sequence[bytes], cells: list[list[int]]) -> None:
        self.length = len(cells[0])
        self.key: Ints = np.array([list(k) for k in keys], np.int64)
        self.cells = np.array(cells, np.intp)
        self.power: Ints = (self.length + 1) ** np.arange(self.length, dtype=np.int64)
        self.table = np.full((self.length + 1) ** self.length, -1, np.int16)

    def conflicts(self, states: States, which: Ints, line: Ints) -> Ints:
        """The conflicts of line ``line[k]`` of state ``states[which[k]]``, for every ``k``."""
        codes = self.key[line[:, None], states[which[:, None], self.cells[line]]] @ self.power
        values = self.table[codes]
        if (values < 0).any():
            base = self.length + 1
            for code in np.unique(codes[values < 0]).tolist():
                self.table[code] = line_conflicts(bytes(code // base**i % base for i in range(self.length)))
            values = self.table[codes]
        result: Ints = values.astype(np.int64)
        return result


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
    # per direction of the blank's move (up, down, left, right: the Python beam's order): its step, the cells it
    # may leave, each cell's line across the move, and each tile's line of that kind
    directions = (
        (-cols, cell_row > 0, row_lines, cell_row, home // cols),
        (cols, cell_row < rows - 1, row_lines, cell_row, home // cols),
        (-1, cell_col > 0, col_lines, cell_col, home % cols),
        (1, cell_col < cols - 1, col_lines, cell_col, home % cols),
    )
    zobrist = _zobrist_keys(n)
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
    older: Kept = []
    newer: Kept = [(hashes, states)]
    current = width
    depth = 0
    pending = 0
    quota = budget.every()
    while len(states) and depth < max_depth:
        depth += 1
        budget.bound = depth
        parts = []
        for number, (step, may, lines, line_of, own) in enumerate(directions):
            which = np.flatnonzero(may[blank] & (blank + step != came))
            b = blank[which]
            cell = b + step
            tile = states[which, cell]
            child = states[which]
            at = np.arange(len(which))
            child[at, b] = tile
            child[at, cell] = 0
            child_md = md[which] + distance[tile, b] - distance[tile, cell]
            child_lc = lc[which]
            line = own[tile]
            touched = np.flatnonzero((line == line_of[b]) | (line == line_of[cell]))
            if len(touched):
                line = line[touched]
                child_lc[touched] += lines.conflicts(child, touched, line) - lines.conflicts(
                    states, which[touched], line
                )
            child_hash = hashes[which] ^ zobrist[b, 0] ^ zobrist[b, tile] ^ zobrist[cell, tile] ^ zobrist[cell, 0]
            parts.append((which * 4 + number, child, child_md, child_lc, b, cell, which, child_hash))
        made = np.argsort(np.concatenate([p[0] for p in parts]), kind="stable")  # the Python beam's order
        child, child_md, child_lc, child_came, child_blank, parent, child_hash = (
            np.concatenate([p[k] for p in parts])[made] for k in range(1, 8)
        )
        live = _new_states(child, child_hash, older + newer)
        hits = live[child_md[live] == 0]
        done = int(parent[hits[0]]) if len(hits) else len(states)  # the parents fully expanded
        # the Python beam's checkpoints in this depth, at the same counts
        parent_of_live = parent[live]
        done_so_far = 0
        while pending + done - done_so_far >= quota:
            done_so_far += quota - pending
            budget.expanded += quota
            pending = 0
            budget.note_frontier(int(np.searchsorted(parent_of_live, done_so_far - 1, side="right")))
            if (yield from budget.checkpoint(soft=soft)):
                return None
            quota = budget.every()
        pending += done - done_so_far
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
        chosen = live[np.argsort(estimate, kind="stable")[:current]]
        states, md, lc = child[chosen], child_md[chosen], child_lc[chosen]
        came, blank, hashes = child_came[chosen], child_blank[chosen], child_hash[chosen]
        parents.append(parent[chosen].astype(np.uint32))  # as compact as the Python beam's
        blanks.append(blank.astype(np.uint8))
        if depth % RECENT == 0:
            older, newer = [_merged(newer)], []
        by_hash = np.argsort(hashes)
        newer.append((hashes[by_hash], states[by_hash]))
        budget.note_frontier(len(states))
    budget.expanded += pending
    return None


def _zobrist_keys(n: int) -> Hashes:
    """The random key of each (cell, tile) of an ``n``-cell board; a state's hash is its keys' exclusive or."""
    return np.random.default_rng(HASH_SEED).integers(0, 2**64 - 1, (n, n), np.uint64, endpoint=True)


def _merged(kept: Kept) -> tuple[Hashes, States]:
    """The states of ``kept`` in one array, sorted by hash."""
    hashes = np.concatenate([h for h, _ in kept])
    order = np.argsort(hashes)
    return hashes[order], np.concatenate([s for _, s in kept])[order]


def _new_states(child: States, child_hash: Hashes, kept: Kept) -> Ints:
    """The numbers of the children to keep, in order: each state's first copy, unless it is among ``kept``."""
    order = np.argsort(child_hash, kind="stable")  # copies stay in the order they were made
    sorted_hash = child_hash[order]
    first = np.ones(len(order), bool)
    np.not_equal(sorted_hash[1:], sorted_hash[:-1], out=first[1:])
    exact = True
    repeat = np.flatnonzero(~first)
    if len(repeat):
        exact = bool((child[order[repeat]] == child[order[repeat - 1]]).all())
    for hashes, states in kept:
        if len(hashes) <= len(order):  # each kept state looked up among the children
            at = np.minimum(np.searchsorted(sorted_hash, hashes), len(order) - 1)
            seen = np.flatnonzero(sorted_hash[at] == hashes)
            mine, theirs = at[seen], seen
        else:  # each child looked up among the kept states
            at = np.minimum(np.searchsorted(hashes, sorted_hash), len(hashes) - 1)
            mine = np.flatnonzero(hashes[at] == sorted_hash)
            theirs = at[mine]
        if len(mine):
            exact = exact and bool((states[theirs] == child[order[mine]]).all())
            first[mine] = False
    if exact:
        return np.sort(order[first])
    # a hash matched a different state: decide by the states' bytes, as the Python beam does
    known = {row.tobytes() for _, states in kept for row in states}
    keep: list[int] = []
    for number, row in enumerate(child):
        key = row.tobytes()
        if key not in known:
            known.add(key)
            keep.append(number)
    return np.array(keep, np.int64)
