"""A heuristic written by a student: Python source defining ``h(board, goal)``, made into an estimate the lab's
searches and checks can use, every way it can go wrong said in a sentence that names the line.

``board`` and ``goal`` reach ``h`` as plain values: a tuple of rows, each a tuple of numbers, 0 for the blank
(``((1, 2, 3), (4, 5, 6), (7, 8, 0))``). ``h`` returns a whole number of moves: an ``int``, or a ``float`` with
nothing after the point (an estimate with a fraction is refused, with the advice to round it down, which keeps an
admissible estimate admissible, as distances are whole). The code runs as it is: in the page, only in
the worker, whose time limit ends a loop that never returns; in the CLI, Ctrl-C does.

:data:`EXAMPLES` are the ones ready to load: misplaced tiles without and with the blank (the second is the trap of
counting the blank, which overestimates), Manhattan distance, and Manhattan distance doubled (not admissible).
"""

from __future__ import annotations

import math
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..board import Board
from ..errors import PuzzleError, quote_input
from ..optimal.heuristics import make_heuristic
from ..optimal.packing import Layout, Move
from ..solving.registry import HeuristicEntry
from .reference import Estimator

KEPT_ESTIMATES = 1 << 17
"""The student's estimates a search keeps by board (about 13 MB), at most; past it they are forgotten and worked out
again."""

FILE_NAME = "<your heuristic>"
"""The file name the student's code is compiled under (how its lines are found in a traceback)."""

MOST_ESTIMATE = 1_000_000
"""The largest estimate taken: no board the lab searches is that far from its goal."""

Rows = tuple[tuple[int, ...], ...]
"""A board as ``h`` sees it: its rows."""


class HeuristicCodeError(PuzzleError):
    """The student's heuristic cannot be used: it does not compile, has no ``h``, raises, or returns something
    other than a whole number (the message names the line, or the board, where it can)."""


class Example(NamedTuple):
    """A heuristic ready to load: its title for people and its code."""

    title: str
    code: str


EXAMPLES: dict[str, Example] = {
    "misplaced": Example(
        "Misplaced tiles",
        '''def h(board, goal):
    """The tiles not on their goal cell (the blank not counted)."""
    return sum(
        1
        for row, goal_row in zip(board, goal)
        for tile, wanted in zip(row, goal_row)
        if tile != 0 and tile != wanted
    )
''',
    ),
    "misplaced-with-blank": Example(
        "Blank counted too (a trap)",
        '''def h(board, goal):
    """The cells whose number differs from the goal's, the blank's included: the trap."""
    return sum(
        1
        for row, goal_row in zip(board, goal)
        for tile, wanted in zip(row, goal_row)
        if tile != wanted
    )
''',
    ),
    "manhattan": Example(
        "Manhattan distance",
        '''def h(board, goal):
    """Each tile's rows plus columns from its goal cell."""
    where = {tile: (r, c) for r, row in enumerate(goal) for c, tile in enumerate(row)}
    total = 0
    for r, row in enumerate(board):
        for c, tile in enumerate(row):
            if tile:
                gr, gc = where[tile]
                total += abs(r - gr) + abs(c - gc)
    return total
''',
    ),
    "manhattan-x2": Example(
        "Manhattan × 2 (too high)",
        '''def h(board, goal):
    """Twice the Manhattan distance: it leads A* faster, but it overestimates."""
    width = len(goal[0])
    home = {tile: divmod(cell, width) for cell, tile in enumerate(t for row in goal for t in row)}
    return 2 * sum(
        abs(r - home[tile][0]) + abs(c - home[tile][1])
        for r, row in enumerate(board)
        for c, tile in enumerate(row)
        if tile
    )
''',
    ),
}
"""Heuristics ready to load, by name (each one's docstring says what it is)."""

EXAMPLE_PREFIX = "example:"
"""How a heuristic spec names an example: ``example:manhattan-x2``."""


def estimator(spec: str, goal: Board, sources: Mapping[str, str] | None = None) -> Estimator:
    """The estimate ``spec`` names for boards of ``goal``: a student's heuristic of ``sources`` (its name there, its
    source the value), an example (``example:NAME``, :data:`EXAMPLES`) or a built-in heuristic by name (or alias).
    Raises :class:`HeuristicCodeError` for code that cannot be used and
    :class:`~npuzzle.errors.UnknownNameError` for an unknown name."""
    if sources and spec in sources:
        return StudentEstimate(compile_heuristic(sources[spec]), goal, spec)
    if spec.startswith(EXAMPLE_PREFIX):
        name = spec[len(EXAMPLE_PREFIX) :]
        if name not in EXAMPLES:
            known = ", ".join(EXAMPLE_PREFIX + key for key in EXAMPLES)
            raise HeuristicCodeError(f"{quote_input(spec)} is no example: the examples are {known}")
        return StudentEstimate(compile_heuristic(EXAMPLES[name].code), goal, spec)
    return make_heuristic(spec, goal)


def _line(error: BaseException) -> str:
    """``"line N: "`` for the last line of the student's code in ``error``'s traceback, or ``""``."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == FILE_NAME]
    return f"line {lines[-1]}: " if lines else ""


def compile_heuristic(source: str) -> Callable[[Rows, Rows], object]:
    """The function ``h`` that ``source`` defines; raises :class:`HeuristicCodeError` when the code does not
    compile, raises as it runs, or defines no function ``h``."""
    try:
        code = compile(source, FILE_NAME, "exec")
    except SyntaxError as error:
        raise HeuristicCodeError(f"line {error.lineno}: {error.msg} — the code does not compile") from None
    namespace: dict[str, object] = {"__name__": "heuristic"}
    try:
        exec(code, namespace)  # the student's own code, run where they asked for it (see the module text)
    except Exception as error:  # any error of the student's code is theirs to read
        raise HeuristicCodeError(f"{_line(error)}{type(error).__name__}: {error} (while the code was run)") from None
    h = namespace.get("h")
    if not callable(h):
        raise HeuristicCodeError("the code defines no function h(board, goal): write one that returns a number")
    return h


class StudentEstimate:
    """The student's ``h`` as an estimate of boards of ``goal``'s shape, its value checked every call."""

    def __init__(self, h: Callable[[Rows, Rows], object], goal: Board, name: str = "yours") -> None:
        self.h = h
        self.name = name
        self.cols = goal.cols
        self.goal_rows = self.rows(goal.tiles)

    def rows(self, tiles: Sequence[int]) -> Rows:
        """``tiles`` (row-major) as rows."""
        cols = self.cols
        return tuple(tuple(tiles[start : start + cols]) for start in range(0, len(tiles), cols))

    def initial(self, tiles: Sequence[int], /) -> int:
        """``h`` of the board ``tiles``; raises :class:`HeuristicCodeError` when it raises or returns something other
        than a whole number of at most :data:`MOST_ESTIMATE`."""
        board = self.rows(tiles)
        try:
            value = self.h(board, self.goal_rows)
        except RecursionError:
            raise HeuristicCodeError(f"h calls itself without end on the board {_text(board)}") from None
        except Exception as error:  # any error of the student's code is theirs to read
            raise HeuristicCodeError(
                f"{_line(error)}{type(error).__name__}: {error} (h of the board {_text(board)})"
            ) from None
        return checked_value(value, board)


class StudentHeuristic(StudentEstimate):
    """The student's ``h`` as a heuristic the searches take (Compare, Watch, the depth table): never known to be
    admissible, so a search with it does not call its answer optimal; its change across a move is ``h`` of the child
    less ``h`` of the parent, each board's ``h`` worked out once while at most :data:`KEPT_ESTIMATES` are kept."""

    admissible = False

    def __init__(self, h: Callable[[Rows, Rows], object], goal: Board, name: str = "yours") -> None:
        super().__init__(h, goal, name)
        self.layout = Layout.of(goal.rows, goal.cols)
        self.known: dict[int, int] = {}

    def estimate(self, state: int) -> int:
        """``h`` of the packed ``state``."""
        known = self.known.get(state)
        if known is None:
            if len(self.known) >= KEPT_ESTIMATES:
                self.known.clear()
            known = self.known[state] = super().initial(self.layout.unpack(state))
        return known

    def initial(self, tiles: Sequence[int], /) -> int:
        """``h`` of the board ``tiles``."""
        return self.estimate(self.layout.pack(tiles))

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)``."""
        return self.estimate(child) - self.estimate(state)


def student_entry(source: str, name: str = "yours") -> HeuristicEntry:
    """The student's heuristic in ``source`` as a registry entry named ``name``: it fits every board, and ranks above
    the built-in ones (listed last); raises as :func:`compile_heuristic`."""
    h = compile_heuristic(source)
    return HeuristicEntry(
        name=name,
        build=lambda goal: StudentHeuristic(h, goal, name),
        fits=lambda board, goal: True,
        strength=1_000_000,
        summary="your heuristic, from the lab",
    )


def checked_value(value: object, board: Rows) -> int:
    """``value`` as returned by ``h`` for ``board``, when it is a whole number of at most :data:`MOST_ESTIMATE`;
    else :class:`HeuristicCodeError` saying what it was."""
    where = f"h of the board {_text(board)}"
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HeuristicCodeError(f"{where} returned {quote_input(repr(value))}, not a number: return a whole number")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise HeuristicCodeError(f"{where} returned {value}: return a whole number")
        if not value.is_integer():
            raise HeuristicCodeError(
                f"{where} returned {value}, not a whole number of moves: round it down (math.floor keeps an "
                "admissible estimate admissible)"
            )
        value = int(value)
    if abs(value) > MOST_ESTIMATE:
        raise HeuristicCodeError(
            f"{where} returned {value:,}: no board here is that far from its goal (at most {MOST_ESTIMATE:,} taken)"
        )
    return value


def _text(board: Rows) -> str:
    """A board in the project's text form, rows split by ``/``."""
    return " / ".join(" ".join(str(tile) for tile in row) for row in board)
