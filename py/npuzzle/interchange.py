"""Boards and moves to and from other tools' forms: arrays and lists, the Korf, DeepCubeA and Slidysim text forms,
the two goal conventions, and moves as tiles, letters, words or action numbers.

* **Arrays**: :func:`board_from_array` reads nested or flat lists, one-hot rows and anything with ``tolist()`` (a
  numpy array) without importing numpy; :func:`board_to_array` makes a numpy array (numpy imported there only: the
  ``gym`` or ``fast`` extra), optionally one-hot.
* **Text forms** (:data:`FORMS`): ``korf`` (``[id] t0 t1 …``, one line, Korf's blank-first goal), ``deepcubea``
  (``t0 t1 …``, the flat tile array of DeepCubeA's states, goal ``1 … n−1 0``), ``slidysim`` (rows joined by ``/``,
  ``1 2 3/4 5 6/7 8 0``, goal blank last). :func:`read_form` gives the board and the goal its form implies.
* **Goal conventions**: :func:`convert_goal` maps a board posed for one convention (``default``, blank last;
  ``blank-first``, Korf's) onto the other by a half turn and ``t → n − t``, which keeps every distance;
  :func:`convert_letters` maps a solution alike (U↔D, L↔R).
* **Moves**: :func:`move_letters` and :func:`move_tiles` take tiles, U/D/L/R letters (the direction the tile moves,
  as DeepCubeA's and Slidysim's letters), words, strings such as ``"RRDL"`` or Slidysim's ``"R2DL"``;
  :func:`from_actions`/:func:`to_actions` are the action numbers 0–3 = U, D, L, R of DeepCubeA and
  :mod:`npuzzle.env`. :func:`read_move` reads one move as a word, the text environment's action.
* **The speedsolvers' notation** (:data:`NOTATION_SOURCE`): :func:`read_notation` and :func:`write_notation` are
  letters with repeat counts, ``U2RD3L``, in Slidysim's convention (the letter is the direction the tile moves) or,
  by the switch ``convention="blank"``, the direction the blank moves.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import isqrt
from typing import TYPE_CHECKING, Any, Literal

from .board import (
    DIRECTION_WORDS,
    DIRECTIONS,
    MAX_DIGITS,
    MAX_MOVES,
    Board,
    Direction,
    GoalName,
    Replay,
    check_move_count,
    goal_board,
    unchecked_board,
)
from .errors import BoardError, MoveError, NotANumberError, ShapeError, UnknownNameError, quote_input, show_value
from .parse import parse_board

if TYPE_CHECKING:
    import numpy as np

Form = Literal["korf", "deepcubea", "slidysim"]
Convention = Literal["tile", "blank"]
CONVENTIONS: tuple[Convention, ...] = ("tile", "blank")
"""Whose direction a letter names: the tile's (``tile``, Slidysim's and npuzzle's convention) or the blank's."""

NOTATION_SOURCE = (
    "Slidysim's readme (slidysim/slidysim.github.io, SLIDYSIM_README.md): solution format URDL2UR2DLUR2ULURDL2URDLUL, "
    "'U - tile moves to the top, L - tile moves to the left, D - tile moves to the bottom, R - tile moves to the "
    "right', 'L2' or 'R100' a repetition of the same move"
)
"""Where the default convention of :func:`read_notation` comes from."""

MAX_NOTATION_MOVES = MAX_MOVES
"""The most single-tile moves a notation text or a move string may stand for, :data:`npuzzle.board.MAX_MOVES`
(``R99999999`` is refused before it is expanded)."""


@dataclass(frozen=True, slots=True)
class TextForm:
    """A tool's way of writing a board: its name, the goal convention of its boards and one line on it."""

    name: Form
    goal: GoalName
    text: str


FORMS: dict[str, TextForm] = {
    "korf": TextForm("korf", "blank-first", "Korf's instance lines: an optional id, then the tiles, row-major"),
    "deepcubea": TextForm("deepcubea", "default", "DeepCubeA's state arrays: the tiles, row-major"),
    "slidysim": TextForm("slidysim", "default", "Slidysim's scrambles: rows joined by '/', tiles by spaces"),
}
"""The text forms :func:`read_form` and :func:`write_form` know, each with the goal convention its boards follow."""

WORDS: dict[str, Direction] = {word: letter for letter, word in DIRECTION_WORDS.items()}
"""The words a move may be written as (:data:`npuzzle.board.DIRECTION_WORDS`): the direction the tile moves."""

# Counts are ASCII digits only: \d and int() would also read other scripts' digits ('U٢' as U U).
_COUNTED = re.compile(r"([UDLR])([0-9]+)", re.IGNORECASE)
_NOTATION_RUN = re.compile(r"\s*([UDLR])([0-9]*)", re.IGNORECASE)
_NOTATION = re.compile(r"(?:\s*[UDLR][0-9]*)*\s*", re.IGNORECASE)
_NOT_LETTER = re.compile(r"[^A-Za-z]+")
_LETTERS = re.compile("[UDLR]*")
_PLAIN = re.compile("[UDLR]*", re.IGNORECASE)
_REPEATED = re.compile(r"([UDLR])\1+")
_RUNS = re.compile(r"(?:[UDLR][0-9]*)+", re.IGNORECASE)


def board_from_array(values: Any, shape: tuple[int, int] | None = None) -> Board:
    """A board from nested rows, a flat sequence (square, or of ``shape``), one-hot rows ``(rows, cols, n)`` (as
    :func:`board_to_array` makes them) or an array with ``tolist()`` (a numpy array of any of these forms); raises a
    :class:`~npuzzle.errors.BoardError` subclass naming the problem."""
    if hasattr(values, "tolist"):
        values = values.tolist()
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise NotANumberError(
            f"a board array must be a non-empty sequence of numbers or rows, got {show_value(values)}"
        )
    if isinstance(values[0], Sequence) and values[0] and isinstance(values[0][0], Sequence):
        values = [[_one_hot_tile(cell, r, c) for c, cell in enumerate(row)] for r, row in enumerate(values)]
    if isinstance(values[0], Sequence):
        board = Board.from_rows(values)
        if shape is not None and (board.rows, board.cols) != tuple(shape):
            raise ShapeError(
                f"the rows given make a {board.rows}×{board.cols} board, not the {shape[0]}×{shape[1]} asked for"
            )
        return board
    if shape is not None:
        rows, cols = shape
        if rows * cols != len(values):
            raise ShapeError(f"a {rows}×{cols} board has {rows * cols} tiles, but {len(values)} were given")
        return Board(rows, cols, tuple(values))
    side = isqrt(len(values))
    if side * side != len(values):
        raise ShapeError(f"{len(values)} tiles make no square board: give the shape (rows, cols)")
    return Board(side, side, tuple(values))


def _one_hot_tile(cell: Any, row: int, col: int) -> int:
    """The tile a one-hot cell stands for: the index of its single 1 among 0s."""
    if isinstance(cell, Sequence) and not isinstance(cell, (str, bytes)):
        ones = [t for t, bit in enumerate(cell) if bit == 1]
        if len(ones) == 1 and all(bit in (0, 1) for bit in cell):
            return ones[0]
    raise NotANumberError(
        f"cell at row {row + 1}, column {col + 1} of a one-hot board is not a single 1 among 0s: {show_value(cell)}"
    )


def board_to_array(board: Board, dtype: str = "int16", one_hot: bool = False) -> np.ndarray[Any, Any]:
    """The board as a numpy array: ``(rows, cols)`` of tiles, or with ``one_hot`` ``(rows, cols, n)`` of 0/1 where
    ``[r, c, t]`` is 1 when tile ``t`` (0 the blank) is at ``(r, c)``. Needs numpy."""
    import numpy as np

    tiles = np.asarray(board.tiles, dtype=dtype).reshape(board.rows, board.cols)
    if not one_hot:
        return tiles
    out = np.zeros((board.rows, board.cols, board.size), dtype=dtype)
    rows, cols = np.indices((board.rows, board.cols))
    out[rows, cols, tiles] = 1
    return out


def board_to_list(board: Board, nested: bool = True) -> list[Any]:
    """The board as plain lists: its rows (``nested``), or its row-major tiles."""
    return board.row_lists() if nested else list(board.tiles)


def read_form(text: str, form: Form) -> tuple[Board, Board]:
    """The board written in ``form`` and the goal that form's boards are posed for; a ``korf`` line may start with
    its id (a flat list of n + 1 numbers). Raises a :class:`~npuzzle.errors.BoardError` naming the problem, and
    :class:`~npuzzle.errors.UnknownNameError` for a form that is none of :data:`FORMS`."""
    spec = _form(form)
    numbers = text.split()
    if form == "korf" and len(numbers) > 1 and isqrt(len(numbers) - 1) ** 2 == len(numbers) - 1:
        text = " ".join(numbers[1:])  # the id first
    if form == "slidysim" and "/" not in text:
        raise BoardError(f"a Slidysim board has its rows joined by '/', got {quote_input(text)}")
    board = parse_board(text)
    return board, goal_board(board.rows, board.cols, spec.goal)


def write_form(board: Board, form: Form, ident: int | None = None) -> str:
    """``board`` in ``form`` (``korf`` with ``ident`` first when given): the text :func:`read_form` reads back."""
    _form(form)
    if form == "slidysim":
        return "/".join(" ".join(map(str, row)) for row in board.row_lists())
    flat = " ".join(map(str, board.tiles))
    return flat if ident is None or form != "korf" else f"{ident} {flat}"


def _form(form: str) -> TextForm:
    spec = FORMS.get(form)
    if spec is None:
        raise UnknownNameError(f"unknown text form {show_value(form)}; use one of {', '.join(FORMS)}")
    return spec


def convert_goal(board: Board, source: GoalName, target: GoalName) -> Board:
    """``board``, posed for the ``source`` goal convention, as the board with the same distance to the ``target``
    goal: the board turned half round with each tile ``t`` renamed ``n − t`` (the identity when they agree)."""
    if source == target:
        return board
    n = board.size
    turned = tuple(0 if t == 0 else n - t for t in reversed(board.tiles))
    return unchecked_board(board.rows, board.cols, turned)


def convert_letters(letters: str) -> str:
    """A solution's letters under :func:`convert_goal`: the half turn swaps U with D and L with R."""
    return letters.translate(str.maketrans("UDLRudlr", "DURLdurl"))


def move_letters(board: Board, moves: str | Iterable[int | str]) -> str:
    """The moves from ``board`` as one string of U/D/L/R letters; ``moves`` are tiles, letters or words, or a
    string of them (``"RRDL"``, ``"R2DL"``, ``"3 6 up"``, at most :data:`MAX_NOTATION_MOVES`). Raises
    :class:`~npuzzle.errors.MoveError` for the first move that is not legal, naming its step."""
    return play_letters(board, moves)[0]


def play_letters(board: Board, moves: str | Iterable[int | str]) -> tuple[str, Board]:
    """:func:`move_letters` and the board the moves end at, from one replay in place
    (:class:`~npuzzle.board.Replay`: O(n + moves))."""
    replay = Replay(board)
    letters = "".join(replay.played(_moves(moves)))
    return letters, replay.board()


def move_tiles(board: Board, moves: str | Iterable[int | str]) -> list[int]:
    """The moves from ``board`` as the tiles that slide (see :func:`move_letters` for what ``moves`` may be)."""
    replay = Replay(board)
    tiles: list[int] = []
    before = replay.blank
    for _ in replay.played(_moves(moves)):
        tiles.append(replay.cells[before])  # the tile moved onto the blank's cell
        before = replay.blank
    return tiles


def _moves(moves: str | Iterable[int | str]) -> Iterable[int | str]:
    """The moves of ``moves`` as :meth:`~npuzzle.board.Replay.play` takes them: a string of letters alone as it is
    (its letters one by one), any other string read by :func:`_tokens`, a sequence as it is, each with its words
    read (:func:`_one_move`)."""
    if isinstance(moves, str) and _PLAIN.fullmatch(moves):
        check_move_count(len(moves), f"move text {quote_input(moves)}")
        return moves
    return map(_one_move, _tokens(moves) if isinstance(moves, str) else moves)


def _tokens(text: str) -> list[int | str]:
    """The moves of a string: numbers and words as they are, runs of letters one by one (``R3`` three times), at
    most :data:`MAX_NOTATION_MOVES` in all (counted before any run is expanded)."""
    what = f"move text {quote_input(text)}"
    read: list[tuple[int | str, bool]] = []  # each move as the board takes it, or a token of runs still to expand
    total = 0
    for token in text.replace(",", " ").split():
        if token.isascii() and token.isdigit():
            read.append((int(token) if len(token) <= MAX_DIGITS else token, False))  # a long one: the board names it
            total += 1
        elif token.lower() in WORDS:
            read.append((token, False))
            total += 1
        elif _RUNS.fullmatch(token):
            read.append((token, True))
            total += _run_moves(token, what)
        else:
            raise MoveError(f"move {quote_input(token)} is neither a tile number, a word nor a run of U, D, L, R")
        check_move_count(total, what)
    out: list[int | str] = []
    for move, runs in read:
        if runs:
            out.extend(_expand_runs(str(move), what, len(out)))
        else:
            out.append(move)
    return out


def _expand_runs(text: str, what: str, before: int = 0, most: int = MAX_NOTATION_MOVES) -> str:
    """The single-tile letters (upper case) of ``text``, runs of U, D, L, R each with an optional repeat count of
    ASCII digits and spaces between them (checked by the caller); raises :class:`~npuzzle.errors.MoveError`, naming
    ``what``, for a count of 0 or when the letters with the ``before`` moves read already would be more than ``most``
    (checked before any is expanded)."""
    check_move_count(before + _run_moves(text, what, most), what, most)
    counted = _COUNTED.search(text) is not None
    letters = _COUNTED.sub(lambda run: run.group(1) * int(run.group(2)), text) if counted else text
    return _NOT_LETTER.sub("", letters).upper()


def _run_moves(text: str, what: str, most: int = MAX_NOTATION_MOVES) -> int:
    """How many single-tile moves ``text`` (runs of U, D, L, R, each with an optional count) stands for, without
    expanding it (a count past ``most`` counts as ``most + 1``); raises :class:`~npuzzle.errors.MoveError` naming
    ``what`` for a count of 0."""
    total = len(_NOT_LETTER.sub("", text))
    for letter, digits in _COUNTED.findall(text):
        count = most + 1 if len(digits) > len(str(most)) else int(digits)
        if count < 1:
            raise MoveError(f"{what}: {letter + digits!r} repeats a move 0 times")
        total += count - 1
    return total


def _one_move(move: int | str) -> int | str:
    """One move as :meth:`~npuzzle.board.Board.slide` takes it: a word (up, down, left, right: the direction the
    tile moves) as its letter; raises :class:`~npuzzle.errors.MoveError` for a string of several moves."""
    if not isinstance(move, str):
        return move
    word = move.strip()
    if len(word.split()) > 1:
        raise MoveError(f"one move at a time, got {len(word.split())}: {quote_input(move)}")
    return WORDS.get(word.lower(), word)


def read_move(board: Board, move: int | str) -> int:
    """The tile one move slides: a tile number, a letter U/D/L/R or a word up/down/left/right (the direction the
    tile moves), case and surrounding spaces forgiven. Raises :class:`~npuzzle.errors.MoveError` with the message
    ``npuzzle`` gives for a move it cannot make."""
    return board.slide(_one_move(move)).tiles[board.blank_index]


def action_letter(action: object) -> Direction:
    """The letter of one action number (0–3: U, D, L, R, the order of DeepCubeA's moves and of :mod:`npuzzle.env`'s
    actions; a Python or numpy integer); raises :class:`~npuzzle.errors.MoveError` quoting anything else (``-1``,
    ``4``, ``1.5``, ``True``)."""
    try:
        number = -1 if isinstance(action, bool) else operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        number = -1
    if not 0 <= number < len(DIRECTIONS):
        raise MoveError(f"action {show_value(action)} is not one of 0 (U), 1 (D), 2 (L), 3 (R)")
    return DIRECTIONS[number]


def from_actions(actions: Iterable[int]) -> str:
    """Action numbers as letters (:func:`action_letter` each); raises :class:`~npuzzle.errors.MoveError` for
    anything that is not one."""
    return "".join(action_letter(action) for action in actions)


def to_actions(letters: str) -> list[int]:
    """U/D/L/R letters as action numbers 0–3 (:func:`from_actions`'s inverse)."""
    try:
        return [DIRECTIONS.index(letter) for letter in letters.upper()]
    except ValueError:
        raise MoveError(f"{quote_input(letters)} holds a letter other than U, D, L, R") from None


def read_notation(text: str, convention: Convention = "tile", most: int = MAX_NOTATION_MOVES) -> str:
    """The single-tile letters (npuzzle's: the direction the tile moves) of a move text in the speedsolvers'
    notation: letters U, D, L, R, each with an optional repeat count (``U2RD3L`` is U U R D D D L), spaces between
    them allowed, in ``convention`` (``tile``: Slidysim's, the default; ``blank``: the letter is the direction the
    blank moves). Nothing is guessed: any other character, a count of 0, or more than ``most`` moves (default
    :data:`MAX_NOTATION_MOVES`; counted before any run is expanded) raises :class:`~npuzzle.errors.MoveError` naming
    it."""
    _convention(convention)
    letters = sum(text.count(letter) for letter in "UDLRudlr")  # each at least one move: a quick refusal first
    check_move_count(letters, f"move text {quote_input(text)}", most)
    if not _NOTATION.fullmatch(text):
        raise _not_notation(text)
    joined = _expand_runs(text, f"move text {quote_input(text)}", most=most)
    return convert_letters(joined) if convention == "blank" else joined


def _not_notation(text: str) -> MoveError:
    """The error naming the first character of ``text`` that is not part of a run of the notation."""
    at = 0
    while (run := _NOTATION_RUN.match(text, at)) is not None:
        at = run.end()
    bad = text[at:].lstrip()[:1]
    where = len(text) - len(text[at:].lstrip()) + 1
    return MoveError(
        f"move text {quote_input(text)}: {bad!r} at character {where} is not a move: the notation is the "
        "letters U, D, L, R, each with an optional repeat count (U2RD3L)"
    )


def write_notation(letters: str | Iterable[str], convention: Convention = "tile") -> str:
    """Single-tile letters (the direction the tile moves) in the speedsolvers' notation: each run of one letter as
    the letter and, above one, its count (``UURDDDL`` → ``U2RD3L``, as Slidysim writes them), in ``convention``.
    :func:`read_notation` reads it back to the same letters."""
    _convention(convention)
    text = "".join(letters).upper()
    if not _LETTERS.fullmatch(text):
        raise MoveError(f"{quote_input(text)} holds a letter other than U, D, L, R")
    if convention == "blank":
        text = convert_letters(text)
    return _REPEATED.sub(lambda run: run.group(1) + str(len(run.group(0))), text)


def _convention(convention: str) -> None:
    if convention not in CONVENTIONS:
        raise MoveError(
            f"unknown letter convention {convention!r}: 'tile' (the letter is the direction the tile moves, as "
            "Slidysim writes it) or 'blank' (the direction the blank moves)"
        )
