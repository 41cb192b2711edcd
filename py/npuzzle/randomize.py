"""Random boards: uniformly random solvable (or unsolvable) boards, and scrambles by random legal moves.

Two kinds, for two uses: :func:`random_board` is uniform over the boards of one parity class, the fair test of a
solver; :func:`scramble` walks ``K`` moves from a board, so its answer is at most ``K`` moves away, for small,
controlled examples. Both take a ``seed`` and are repeatable.
"""

from __future__ import annotations

import random

from .board import Board, goal_board, unchecked_board
from .errors import LimitError, show_value
from .solvability import is_solvable


def random_board(
    rows: int,
    cols: int,
    *,
    seed: int | str | None = None,
    solvable: bool = True,
    goal: Board | None = None,
) -> Board:
    """A board drawn uniformly from all boards of the shape that are solvable (or, with ``solvable=False``, not)
    for ``goal`` (default: blank last).

    Shuffles every cell, then, when the parity is wrong, swaps the first two tiles: a bijection between the two
    parity classes, so the result stays uniform. ``seed`` makes it repeatable.
    """
    goal = goal if goal is not None else goal_board(rows, cols)
    rng = random.Random(seed)
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    board = unchecked_board(rows, cols, tuple(cells))
    if is_solvable(board, goal) != solvable:
        first, second = [i for i, t in enumerate(cells[:3]) if t != 0][:2]
        cells[first], cells[second] = cells[second], cells[first]
        board = unchecked_board(rows, cols, tuple(cells))
    return board


MAX_SCRAMBLE_MOVES = 100_000
"""The most random moves :func:`scramble` makes, wherever they are asked for (the api's ``random``, ``npuzzle random
--moves``, a dataset's ``walk:K``): one call answers at once on any board, and a walk needs far fewer to mix a board
(a uniform :func:`random_board` or :func:`npuzzle.speedsolving.scrambles.deal` is the thorough shuffle, with no moves at
all)."""


def check_scramble_moves(moves: object, what: str = "the number of scramble moves", instead: str = "the moves") -> int:
    """``moves`` when it is a whole number from 0 to :data:`MAX_SCRAMBLE_MOVES`; else raises :class:`LimitError`
    quoting it (cut short when long), ``what`` naming where it came from (``field 'moves'``) and ``instead`` what to
    leave out for a uniform board. Callers check it before any other work."""
    if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= MAX_SCRAMBLE_MOVES:
        raise LimitError(
            f"{what} must be from 0 to {MAX_SCRAMBLE_MOVES:,} random moves, got {show_value(moves, unit='digits')} "
            f"(for a thorough shuffle, leave out {instead}: the board is then drawn uniformly)"
        )
    return moves


def scramble(start: Board, moves: int, *, seed: int | str | None = None) -> Board:
    """The board after ``moves`` random legal moves from ``start``, never undoing the move just made.

    The result is always solvable for ``start``; it is at most ``moves`` moves away (often fewer). O(cells + moves).
    Raises :class:`LimitError` for a count that is not from 0 to :data:`MAX_SCRAMBLE_MOVES`
    (:func:`check_scramble_moves`).
    """
    check_scramble_moves(moves)
    rng = random.Random(seed)
    cols, n = start.cols, start.size
    tiles = list(start.tiles)
    blank = tiles.index(0)
    previous = -1
    for _ in range(moves):
        r, c = divmod(blank, cols)
        options = [
            i
            for i, ok in (
                (blank - cols, r > 0),
                (blank + cols, blank + cols < n),
                (blank - 1, c > 0),
                (blank + 1, c < cols - 1),
            )
            if ok and i != previous
        ]
        nxt = rng.choice(options)
        tiles[blank], tiles[nxt] = tiles[nxt], 0
        previous, blank = blank, nxt
    return unchecked_board(start.rows, start.cols, tuple(tiles))
