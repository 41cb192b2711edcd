"""Errors raised for bad input.

Every error is a :class:`ValueError` subclass whose message names the problem and quotes the bad input, so a
command-line user or the web page can show ``str(error)`` as it is (the CLI exits with status 2, the api replies
``{"ok": false, "error": {"type", "message"}}``), never a traceback. Long quotes are cut to their first characters
plus their length (:func:`cut`).
"""

from __future__ import annotations

import os

QUOTE_LIMIT = 40
"""How many characters of a piece of input an error message quotes before cutting it short."""


def cut(text: str, most: int = QUOTE_LIMIT, unit: str = "characters") -> str:
    """``text`` as it is when at most ``most`` characters long, else its first ``most`` characters, ``…`` and its
    length counted in ``unit``: ``11111… (5,000 digits)``. Every error message cuts input it shows with this."""
    return text if len(text) <= most else f"{text[:most]}… ({len(text):,} {unit})"


def quote_input(text: str, most: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message (``repr``), cut to its first ``most`` characters plus ``…`` and its
    length when longer, so a huge input never makes a huge message: ``'11111…' (5,000 characters)``."""
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}… ({len(text):,} characters)"


def quote_path(path: str | os.PathLike[str]) -> str:
    """A file's path quoted whole for a message (``repr``): a path is bounded by the system, and cut short it would
    not name the file."""
    return repr(os.fspath(path))


def show_value(value: object, most: int = QUOTE_LIMIT, unit: str = "characters") -> str:
    """A value that is not a string (``3.0``, ``True``, ``[1, 2]``, a long int with ``unit="digits"``) for an error
    message: its ``repr``, cut short by :func:`cut`; a string is quoted by :func:`quote_input`."""
    if isinstance(value, str):
        return quote_input(value, most)
    try:
        text = repr(value)
    except ValueError:  # an int over the interpreter's int-to-string digit limit
        return "a number of more than 4,300 digits"
    return cut(text, most, unit)


def plural(count: int, word: str) -> str:
    """``"1 move"``, ``"2 moves"``: a count with its word in the right number (thousands separated), for messages
    and reports alike."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


class PuzzleError(ValueError):
    """Base class of every input error raised by :mod:`npuzzle`."""


class BoardError(PuzzleError):
    """A board could not be read or is not a valid arrangement of tiles."""


class EmptyInputError(BoardError):
    """The input holds no numbers at all."""


class EmptyRowError(BoardError):
    """A row with no numbers between two ``/`` separators."""


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


class ReconstructionError(PuzzleError):
    """A reconstruction's text (:mod:`npuzzle.speedsolving.reconstruction`) is malformed: a line that is none of its
    fields, a field missing or given twice, times that do not fit the moves."""


class LimitError(PuzzleError):
    """A search or request limit is malformed (a node count below 1, a board too big for the algorithm, a heuristic
    that does not fit the board, …)."""


class UnknownNameError(PuzzleError):
    """A name is none of the choices (a heuristic or algorithm, with their aliases: :mod:`npuzzle.names`; a setting
    such as an environment's ``reward`` or a text form); the message quotes it and lists the choices."""


class PatternDatabaseError(PuzzleError):
    """Pattern-database bytes are not a valid table file (wrong magic, truncated, corrupt) or do not fit the board."""


class TablesMissingError(PatternDatabaseError):
    """A cluster worker has no pattern database and was sent none, for a board whose search would use it: the run
    stops with the fix named (never a per-board fall back to an answer that is not optimal)."""


class SchedulerAddressError(PuzzleError):
    """``--scheduler`` names no Dask scheduler: neither ``local:N`` nor an address ``tcp://host:port``."""


class ClusterError(PuzzleError):
    """The workers are lost: a Dask scheduler (``--scheduler``) cannot be reached, or was lost during a run, or
    (:class:`WorkerLostError`) a worker process ended while it had work."""


class WorkerLostError(ClusterError):
    """A worker process of the command line's parallel work (:mod:`npuzzle.parallel.workers`) ended while it had work:
    killed (by the system when memory runs out, SIGKILL, or by someone) or crashed. The message names the worker and how
    it ended."""


class OutputError(PuzzleError):
    """An output file could not be written: no room left on the disk, no permission, another run writing it
    (:mod:`npuzzle.parallel.writelock`). The message names the file and the cause (:func:`os_cause`) or the other run;
    what was written before stays."""


class RepeatedRowError(PuzzleError):
    """An output file a run goes on with holds one row twice (:func:`npuzzle.research.linefile.note_place`); the message
    names both places."""


def os_cause(exc: OSError) -> str:
    """The cause of ``exc`` in words: the standard text of its error number (``No space left on device``), else its
    message (pyarrow's OSErrors carry a longer one)."""
    return os.strerror(exc.errno) if exc.errno else str(exc)


class SplitError(PuzzleError):
    """A task or an answer of a split search (:mod:`npuzzle.pdb.split`) is malformed or does not belong to it."""


class UnsolvableError(PuzzleError):
    """The board cannot reach the goal; the message holds the parity reasoning, ``explanation`` the details.

    ``explanation`` is the :class:`npuzzle.solvability.Explanation` (typed loosely to keep this module free of
    imports).
    """

    def __init__(self, message: str, explanation: object = None) -> None:
        super().__init__(message)
        self.explanation = explanation
