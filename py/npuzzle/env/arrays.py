"""Boards in batches as numpy arrays, the way DeepCubeA and Jumanji train: the next states of many boards at once.

Boards are an integer array ``(batch, rows, cols)`` of tiles, 0 the blank, as :class:`~npuzzle.env.SlidingPuzzleEnv`
observes them (a batch of its observations is one); actions are 0–3, U, D, L, R, the direction the tile moves
(:data:`npuzzle.board.DIRECTIONS`, DeepCubeA's order). :func:`next_states` applies one action per board,
:func:`expand` every action to every board (DeepCubeA's ``expand``, for a Bellman update over all children). An
action that moves no tile leaves its board as it is, as the environment's step does, and says so. Both are
vectorised: O(batch · cells) array operations, no Python loop per board. numpy, like the rest of ``npuzzle.env``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..board import DIRECTIONS, TILE_OFFSETS, check_shape
from ..errors import ShapeError
from ..interchange import action_letter

Array = np.ndarray[Any, Any]


def next_states(boards: object, actions: object) -> tuple[Array, Array]:
    """The boards after one action each: ``(after, moved)``; ``after`` is a new array of the boards' shape and dtype,
    ``moved`` a bool array ``(batch,)``, False where the action moves no tile (that board unchanged). ``actions`` is
    one action for every board or one per board. Raises :class:`~npuzzle.errors.ShapeError` for boards that are not
    a ``(batch, rows, cols)`` integer array of tiles 0 … rows·cols−1 with one blank each (the tiles are not checked
    further: a permutation is assumed), :class:`~npuzzle.errors.MoveError` quoting an action outside 0–3."""
    flat, rows, cols = _flat_boards(boards)
    batch = flat.shape[0]
    chosen = np.asarray(actions)
    if chosen.shape not in ((), (batch,)):
        raise ShapeError(f"actions must be one action or one per board ({batch}), got an array of shape {chosen.shape}")
    if chosen.size and chosen.dtype.kind not in "iu":
        action_letter(chosen.reshape(-1)[0].item())  # raises the MoveError that quotes it (1.5, True, 'U')
    outside = (chosen < 0) | (chosen >= len(DIRECTIONS))
    if outside.any():
        action_letter(chosen[outside].reshape(-1)[0].item())  # the same for -1 or 4
    offsets = np.array([TILE_OFFSETS[d] for d in DIRECTIONS])
    drow, dcol = offsets[np.broadcast_to(chosen.astype(np.intp), (batch,))].T
    blank = np.argmax(flat == 0, axis=1)
    row, col = blank // cols + drow, blank % cols + dcol  # where the tile that slides is
    moved = (row >= 0) & (row < rows) & (col >= 0) & (col < cols)
    which = np.flatnonzero(moved)
    cell = row[which] * cols + col[which]
    flat[which, blank[which]] = flat[which, cell]
    flat[which, cell] = 0
    return flat.reshape(batch, rows, cols), moved


def expand(boards: object) -> tuple[Array, Array]:
    """Every child of every board: ``(children, masks)``, ``children`` of shape ``(batch, 4, rows, cols)`` (action
    ``a``'s board at ``[:, a]``, the board itself where ``a`` moves no tile) and ``masks`` int8 ``(batch, 4)``, 1
    where the action moves a tile (each board's ``action_masks()``). Raises as :func:`next_states`."""
    flat, rows, cols = _flat_boards(boards)
    shaped = flat.reshape(-1, rows, cols)
    pairs = [next_states(shaped, action) for action in range(len(DIRECTIONS))]
    children = np.stack([after for after, _ in pairs], axis=1)
    masks = np.stack([moved for _, moved in pairs], axis=1).astype(np.int8)
    return children, masks


def _flat_boards(boards: object) -> tuple[Array, int, int]:
    """A copy of ``boards`` as ``(batch, rows·cols)`` with its rows and cols, checked (see :func:`next_states`)."""
    array = np.array(boards)
    if array.ndim != 3 or array.dtype.kind not in "iu":
        raise ShapeError(
            f"boards must be an integer array (batch, rows, cols), got {array.dtype} of shape {array.shape}"
        )
    batch, rows, cols = array.shape
    check_shape(rows, cols)
    flat = array.reshape(batch, rows * cols)
    if batch and (flat.min() < 0 or flat.max() >= rows * cols):
        low, high = int(flat.min()), int(flat.max())
        raise ShapeError(f"the tiles of a {rows}×{cols} board are 0 to {rows * cols - 1}, got {low} to {high}")
    blanks = (flat == 0).sum(axis=1)
    if batch and (blanks != 1).any():
        index = int(np.flatnonzero(blanks != 1)[0])
        raise ShapeError(f"board {index} of the batch has {blanks[index]} blanks (0), not one")
    return flat, rows, cols
