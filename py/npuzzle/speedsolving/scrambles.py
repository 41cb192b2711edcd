"""Fair scrambles: random-state boards dealt from a seed that can be shown, by a generator of this project's own.

Slidysim's leaderboards accept only random-state scrambles: every solvable board equally likely, never a walk of
random moves. :func:`deal` draws one from a seed, and the same seed deals the same board on any machine and in any
Python (CPython 3.11 and the page's Pyodide alike): nothing depends on :mod:`random`, whose algorithms may change
between versions. (:func:`npuzzle.randomize.random_board` stays as it is for research: its seeds are repeatable in
one Python version.)

The algorithm, version :data:`SCRAMBLE_VERSION`, from its definition:

1. the *key* is the UTF-8 text ``npuzzle-scramble-1 ROWSxCOLS SEED`` (the seed as written: an int in decimal);
2. the *stream* is SHAKE-256 (FIPS 202, :func:`hashlib.shake_256`) of the key, read as little-endian unsigned 32-bit
   words ``w0, w1, …``;
3. Fisher–Yates on the cells ``0 … n−1`` (0 the blank): for ``i`` from ``n − 1`` down to 1, ``j`` is the next word
   ``w`` below ``2³² − (2³² mod (i + 1))`` (words above are skipped, so every ``j`` is equally likely) taken mod
   ``i + 1``, and cells ``i`` and ``j`` are swapped;
4. the board read row by row is uniform over all boards; if it is in the wrong parity class for the goal, its
   first two tiles (row-major, skipping the blank) are swapped, a bijection between the classes, so the result is
   uniform over the solvable boards (or, asked for, the unsolvable ones).

O(cells) time; ``tests/test_scrambles.py`` checks fixed boards computed from these steps.
"""

from __future__ import annotations

import hashlib
import secrets
import sys
from array import array
from dataclasses import dataclass

from ..board import Board, check_shape, goal_board, unchecked_board
from ..errors import LimitError, show_value
from ..solvability import is_solvable

SCRAMBLE_VERSION = 1
"""The version of the algorithm in the module text; a change of the boards a seed deals would be a new version."""

NEW_SEED_LIMIT = 2**53
"""Seeds :func:`new_seed` draws are below this: whole numbers a JavaScript page holds exactly."""

MAX_SEED = 2**64 - 1
"""The largest whole-number seed."""

MAX_SEED_TEXT = 64
"""The most characters of a text seed."""

Seed = int | str


def new_seed() -> int:
    """A fresh seed from the operating system's randomness (:mod:`secrets`), below :data:`NEW_SEED_LIMIT`."""
    return secrets.randbelow(NEW_SEED_LIMIT)


def seed_text(seed: object) -> str:
    """The seed as the key writes it: a whole number from 0 to :data:`MAX_SEED` in decimal, or a text of 1 to
    :data:`MAX_SEED_TEXT` printable characters as it is (a text of digits is the same seed as the number it
    spells); raises :class:`~npuzzle.errors.LimitError` naming any other value."""
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 20:
        seed = int(seed)
    if isinstance(seed, int) and not isinstance(seed, bool):
        if 0 <= seed <= MAX_SEED:
            return str(seed)
    elif (
        isinstance(seed, str)
        and 1 <= len(seed) <= MAX_SEED_TEXT
        and seed.isprintable()
        and seed.strip() == seed
        and not (seed.isascii() and seed.isdigit())
    ):
        return seed
    raise LimitError(
        f"a seed is a whole number from 0 to {MAX_SEED:,} or a text of 1 to {MAX_SEED_TEXT} printable characters "
        f"without spaces at its ends, got {show_value(seed)}"
    )


def _words(key: bytes, count: int) -> array[int]:
    """The first ``count`` 32-bit words of the stream of ``key`` (step 2)."""
    words = array("I", hashlib.shake_256(key).digest(4 * count))
    if words.itemsize != 4:  # no platform npuzzle runs on has another size; read them one by one if one does
        data = hashlib.shake_256(key).digest(4 * count)
        return array("Q", (int.from_bytes(data[k : k + 4], "little") for k in range(0, 4 * count, 4)))
    if sys.byteorder == "big":
        words.byteswap()
    return words


def shuffled_cells(key: bytes, n: int) -> list[int]:
    """Steps 2 and 3: the cells ``0 … n−1`` shuffled by the stream of ``key``."""
    cells = list(range(n))
    want = n + n // 8 + 16
    words = _words(key, want)
    at = 0
    for i in range(n - 1, 0, -1):  # written out: four million cells in a few seconds
        bound = i + 1
        limit = 4294967296 - 4294967296 % bound
        while True:
            if at == len(words):  # a longer stream starts with the same words: ask for twice as many
                want *= 2
                words = _words(key, want)
            w = words[at]
            at += 1
            if w < limit:
                break
        j = w % bound
        cells[i], cells[j] = cells[j], cells[i]
    return cells


@dataclass(frozen=True, slots=True)
class Scramble:
    """A dealt board and the seed that deals it again (with the same shape and goal)."""

    board: Board
    seed: Seed
    version: int = SCRAMBLE_VERSION


def deal(rows: int, cols: int, seed: Seed | None = None, goal: Board | None = None, solvable: bool = True) -> Scramble:
    """A random-state scramble of a ``rows × cols`` board: uniform over the boards that can reach ``goal`` (default:
    blank last), or with ``solvable=False`` over those that cannot, dealt from ``seed`` (a fresh one,
    :func:`new_seed`, when ``None``) by the algorithm of the module text. Raises
    :class:`~npuzzle.errors.LimitError` for a seed that is not one, :class:`~npuzzle.errors.ShapeError` for a
    shape that is not a board's."""
    check_shape(rows, cols)
    chosen: Seed = new_seed() if seed is None else seed
    text = seed_text(chosen)
    goal = goal if goal is not None else goal_board(rows, cols)
    cells = shuffled_cells(f"npuzzle-scramble-{SCRAMBLE_VERSION} {rows}x{cols} {text}".encode(), rows * cols)
    board = unchecked_board(rows, cols, tuple(cells))
    if is_solvable(board, goal) != solvable:
        first, second = [i for i, t in enumerate(cells[:3]) if t != 0][:2]
        cells[first], cells[second] = cells[second], cells[first]
        board = unchecked_board(rows, cols, tuple(cells))
    return Scramble(board, chosen)
