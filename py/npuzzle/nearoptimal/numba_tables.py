"""The open-addressing hash tables of the numba beams (:mod:`~npuzzle.nearoptimal.beam_numba`,
:mod:`~npuzzle.nearoptimal.line_beam_numba`): per slot one 64-bit word, the high half of a state's hash above the
state's number, so that a probe reads one word; a state is placed by its hash's low bits, with linear probing. A
match of the high half is only a candidate: the beams confirm it byte for byte.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

Hashes = npt.NDArray[np.uint64]

EMPTY = 2**64 - 1
"""An empty slot of a hash table (:func:`new_table`)."""


def new_table(entries: int) -> Hashes:
    """An empty hash table for ``entries`` numbers: per slot one word, the high half of a hash above a number
    (:data:`EMPTY` in an empty slot); a power of two slots, at least twice the numbers, so that a probe is short."""
    return np.full(1 << (2 * entries - 1).bit_length(), EMPTY, np.uint64)


def cleared(table: Hashes, entries: int) -> Hashes:
    """An empty hash table for ``entries`` numbers: ``table`` emptied when it has room for them, else a new one."""
    if len(table) < 2 * entries:
        return new_table(entries)
    table.fill(EMPTY)
    return table


@numba.njit(cache=True, nogil=True)
def insert(table: Hashes, hashes: Hashes, start: int, end: int) -> None:  # pragma: no cover - compiled
    """Put the numbers ``start`` to ``end`` into ``table`` by their ``hashes`` (open addressing, linear probing)."""
    mask = np.uint64(len(table) - 1)
    high = np.uint64(0xFFFFFFFF00000000)
    for number in range(start, end):
        slot = hashes[number] & mask
        while table[slot] != EMPTY:
            slot = (slot + np.uint64(1)) & mask
        table[slot] = (hashes[number] & high) | np.uint64(number)
