"""Errors raised for bad input.

Every error is a :class:`ValueError` subclass whose message names the problem and quotes the bad input, so a
command-line user or the web page can show ``str(error)`` as it is.
"""

from __future__ import annotations


class PuzzleError(ValueError):
    """Base class of every input error raised by :mod:`npuzzle`."""


class BoardError(PuzzleError):
    """A board could not be read or is not a valid arrangement of tiles."""


class EmptyInputError(BoardError):
    """The input holds no numbers at all."""


class NotANumberError(BoardError):
    """A token of the input is neither a number nor a blank marker."""


class DuplicateTileError(BoardError):
    """A tile (or the blank) appears more than once."""


class MissingTilesError(BoardError):
    """Some tiles of ``1 … rows·cols−1`` do not appear."""


class TileOutOfRangeError(BoardError):
    """A number is outside ``0 … rows·cols−1``."""


class RaggedRowsError(BoardError):
    """The rows of the input do not all have the same length."""


class BlankError(BoardError):
    """The board has no blank, or more than one."""


class ShapeError(BoardError):
    """The shape cannot be determined or is not allowed (fewer than 2 rows or columns, mismatch with the count)."""


class SizeLimitError(BoardError):
    """The board is larger than the library accepts."""


class GoalError(PuzzleError):
    """A goal is unknown or does not fit the board."""


class MoveError(PuzzleError):
    """A move cannot be read or is not legal on the board it is applied to."""


class LimitError(PuzzleError):
    """A search or request limit is malformed (negative node count, unknown algorithm, …)."""


class PatternDatabaseError(PuzzleError):
    """Pattern-database bytes are not a valid table file (wrong magic, truncated, corrupt) or do not fit the board."""


class UnsolvableError(PuzzleError):
    """The board cannot reach the goal; the message holds the parity reasoning, ``explanation`` the details.

    ``explanation`` is the :class:`npuzzle.solvability.Explanation` (typed loosely to keep this module free of
    imports).
    """

    def __init__(self, message: str, explanation: object = None) -> None:
        super().__init__(message)
        self.explanation = explanation
