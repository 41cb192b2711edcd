"""Reading boards, shapes, goals and move lists from text.

Accepted board text:

* numbers separated by spaces, tabs, commas or semicolons;
* rows on separate lines (blank lines skipped) or separated by ``/`` (an empty row between slashes is an error);
* JSON arrays, flat (``[1, 2, 3, 0]``) or nested (``[[1, 2], [3, 0]]``), tiles as JSON numbers (``"8"`` is an
  error), the blank as ``0``, ``null`` or a blank marker string;
* the blank written as ``0``, ``_``, ``.``, ``-``, ``x`` or ``*``;
* numbers in the ASCII digits ``0``–``9`` only (``int()`` would also read ``1_0`` and ``٨``).

A flat list of *n* numbers is a square board when *n* is a perfect square; otherwise give the rows or an explicit
shape. Every malformed input raises a :class:`~npuzzle.errors.BoardError` subclass whose message names the
problem.
"""

from __future__ import annotations

import json
import math
import re
from itertools import chain
from typing import Any

from .board import (
    MAX_CELLS,
    MAX_DIGITS,
    Board,
    GoalName,
    check_move_count,
    check_rows,
    check_shape,
    goal_board,
    validated,
)
from .errors import (
    EmptyInputError,
    EmptyRowError,
    GoalError,
    MoveError,
    NotANumberError,
    ShapeError,
    SizeLimitError,
    TileOutOfRangeError,
    cut,
    quote_input,
)

BLANK_MARKERS = frozenset({"0", "_", ".", "-", "x", "X", "*"})
"""Tokens that stand for the blank."""

_ROW_SPLIT = re.compile(r"[\r\n/]+")
_CELL_SPLIT = re.compile(r"[\s,;]+")
_INTEGER = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: int() would also read '1_0' as 10 and '٨' as 8
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")
_JSON_NOISE = str.maketrans("", "", "0123456789,.+-eE \t\r\n")  # characters that never affect nesting

MAX_INPUT_CHARS = MAX_CELLS * 9
"""The longest board text accepted, in characters (a 2000×2000 board with 7-digit numbers needs about 32 M)."""

_SHAPE = re.compile(r"\s*([0-9]+)\s*[x×X*,]\s*([0-9]+)\s*")
_MOVE_SPLIT = re.compile(r"[\s,;]+")
_LETTER_RUN = re.compile(r"[UDLRudlr]+")


def parse_board(text: str, shape: tuple[int, int] | None = None) -> Board:
    """Read a board from text in any of the module's formats; ``shape`` is ``(rows, cols)`` for a flat list.

    Raises a :class:`~npuzzle.errors.BoardError` subclass naming the problem (empty input, a token that is not a
    number, ragged rows, a count that fits no shape, rows that differ from ``shape``, JSON nested deeper than rows,
    duplicated or missing tiles, no blank or two blanks, a number out of range or of more than :data:`MAX_DIGITS`
    digits, input above :data:`MAX_INPUT_CHARS`); quoted input is cut short.
    """
    stripped = text.strip()
    if not stripped:
        raise EmptyInputError("the board is empty: paste numbers such as '1 2 3 / 4 5 6 / 7 8 0'")
    if len(stripped) > MAX_INPUT_CHARS:
        raise SizeLimitError(
            f"the input is {len(stripped):,} characters long; the limit is {MAX_INPUT_CHARS:,} characters "
            f"(boards of up to {MAX_CELLS:,} cells, 2000×2000)"
        )
    rows = _rows_from_json(stripped) if stripped.startswith("[") else _rows_from_text(stripped)
    if len(rows) == 1:
        return _from_flat(rows[0], shape)
    check_rows(rows)
    if shape is not None and shape != (len(rows), len(rows[0])):
        raise ShapeError(
            f"the rows given make a {len(rows)}×{len(rows[0])} board, but the shape {shape[0]}×{shape[1]} was "
            "asked for: drop the shape or give the numbers as one flat list"
        )
    return _from_rows(rows)


def _rows_from_text(text: str) -> list[list[int]]:
    # Rows split by newlines only need no regex; blank lines are skipped, but not an empty row between slashes.
    if "/" in text:
        _check_slash_rows(text)
    by_lines = "/" not in text and "\r" not in text
    raw_rows = [r.strip() for r in (text.split("\n") if by_lines else _ROW_SPLIT.split(text))]
    # Without commas or semicolons, the cell separators are exactly whitespace: str.split (C) splits the same way.
    plain = "," not in text and ";" not in text
    rows: list[list[int]] = []
    many_rows = len(raw_rows) > 1
    for row_number, raw in enumerate((r for r in raw_rows if r), start=1):
        tokens = raw.split() if plain else [t for t in _CELL_SPLIT.split(raw) if t]
        # int() (C) is the fast path, but it also reads '1_0' as 10 and non-ASCII digits ('٨' as 8): a row holding
        # '_' or any non-ASCII character is read token by token instead (the blank once, at most, takes that path).
        fast = "_" not in raw and raw.isascii()
        rows.append(_numbers(tokens, row_number, many_rows, fast))
    if not rows:
        raise EmptyInputError("the board is empty: paste numbers such as '1 2 3 / 4 5 6 / 7 8 0'")
    return rows


def _check_slash_rows(text: str) -> None:
    """Raise :class:`EmptyRowError` for a row with no numbers between two ``/`` (or before the first, after the
    last): ``1 2 / / 3 0`` is a typo, not a 2×2 board."""
    pieces = text.split("/")
    for number, piece in enumerate(pieces, start=1):
        if not piece.strip():
            where = "before the first" if number == 1 else "after the last" if number == len(pieces) else "between two"
            raise EmptyRowError(
                f"row {number} of {quote_input(text)} is empty (nothing {where} '/'): write each row's numbers "
                "between the slashes, such as '1 2 3 / 4 5 6 / 7 8 0'"
            )


def _numbers(tokens: list[str], row_number: int, many_rows: bool, fast: bool) -> list[int]:
    if fast:
        try:
            return list(map(int, tokens))  # fast path (C): plain numbers, the blank written 0
        except ValueError:
            pass
    numbers: list[int] = []
    for column, token in enumerate(tokens, start=1):
        if token in BLANK_MARKERS:
            numbers.append(0)
        else:
            numbers.append(
                _token_value(token, f"row {row_number}, column {column}" if many_rows else f"position {column}")
            )
    return numbers


def _token_value(token: str, where: str) -> int:
    """The number a non-blank token stands for (ASCII digits, optional sign); an error names it and ``where``."""
    if not _INTEGER.fullmatch(token):
        raise NotANumberError(
            f"{quote_input(token)} at {where} is not a number (write tiles with the digits 0-9; "
            "the blank may be written 0, _, ., -, x or *)"
        )
    if len(token) > MAX_DIGITS:
        raise _too_large(token, where)
    return int(token)


def _too_large(digits: str, where: str) -> TileOutOfRangeError:
    return TileOutOfRangeError(
        f"the number {quote_input(digits)} at {where} is too large: a tile is at most {MAX_CELLS - 1:,} "
        "(on the largest board, 2000×2000)"
    )


class _LongNumber:
    """A JSON integer too long to convert (only while looking for it to name it in an error)."""

    def __init__(self, digits: str) -> None:
        self.digits = digits


def _json_int(digits: str) -> int | _LongNumber:
    return int(digits) if len(digits) <= MAX_DIGITS else _LongNumber(digits)


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of JSON ``text`` nest (``[[1]]`` is 2), strings skipped; O(n) in C but
    for one step per bracket, and no recursion however deep the nesting."""
    text = text.translate(_JSON_NOISE)  # numbers and separators out first (C, fast): a board's JSON shrinks to brackets
    if '"' in text:
        text = _JSON_STRING.sub('""', text)
    depth = deepest = 0
    for bracket in _JSON_BRACKET.findall(text):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _rows_from_json(text: str) -> list[list[int]]:
    # Checked before decoding: json recurses once per level, and deep nesting exhausts the stack (RecursionError
    # in CPython; in Pyodide it can kill the interpreter).
    depth = json_depth(text)
    if depth > 2:
        raise ShapeError(
            f"the JSON is nested {depth:,} levels deep; a board is a flat list of numbers or a list of rows "
            "(2 levels), such as [[1, 2], [3, 0]]"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotANumberError(
            f"the input starts with '[' but is not valid JSON: {exc.msg} at character {exc.pos + 1}"
        ) from None
    except ValueError:  # an integer over the interpreter's digit limit: find it to name it and its place
        data = json.loads(text, parse_int=_json_int)
    if not isinstance(data, list) or not data:
        raise EmptyInputError("the JSON array is empty")
    if all(isinstance(row, list) for row in data):
        return [_json_row(row, r) for r, row in enumerate(data, start=1)]
    if any(isinstance(v, list) for v in data):
        raise ShapeError("the JSON array mixes rows (arrays) and single numbers; use a flat or a fully nested array")
    return [_json_row(data, 0)]


def _json_row(row: list[Any], number: int) -> list[int]:
    """A decoded JSON row as ints; ``number`` 0 for a flat array (cells are then named by position)."""
    if set(map(type, row)) <= {int}:  # the common case, checked in C
        return row
    return [
        _json_cell(v, f"row {number}, column {c}" if number else f"position {c}") for c, v in enumerate(row, start=1)
    ]


def _json_cell(value: Any, where: str) -> int:
    if isinstance(value, _LongNumber):
        raise _too_large(value.digits, where)
    if isinstance(value, bool) or (not isinstance(value, (int, str, float)) and value is not None):
        raise NotANumberError(f"{cut(json.dumps(value))} at {where} is not a number")
    if value is None:
        return 0
    if isinstance(value, float):
        if not value.is_integer():
            raise NotANumberError(f"{value!r} at {where} is not a whole number")
        return int(value)
    if isinstance(value, str):
        if value.strip() in BLANK_MARKERS:
            return 0
        raise NotANumberError(
            f"{cut(json.dumps(value))} at {where} is a string, not a number: in JSON write a tile as a number "
            '(8, not "8") and the blank as 0, null or one of the strings "_", ".", "-", "x", "*"'
        )
    return value


def _from_rows(rows: list[list[int]]) -> Board:
    check_rows(rows)
    check_shape(len(rows), len(rows[0]))
    return validated(len(rows), len(rows[0]), tuple(chain.from_iterable(rows)))


def _from_flat(values: list[int], shape: tuple[int, int] | None) -> Board:
    n = len(values)
    if shape is not None:
        rows, cols = shape
        check_shape(rows, cols)
        if rows * cols != n:
            raise ShapeError(f"a {rows}×{cols} board needs {rows * cols} numbers, but {n} were given")
        return validated(rows, cols, tuple(values))
    if n > MAX_CELLS:
        raise SizeLimitError(f"{n:,} numbers were given; the limit is {MAX_CELLS:,} (2000×2000)")
    if n < 4:
        raise ShapeError(f"{n} number{'s were' if n != 1 else ' was'} given; the smallest board is 2×2 (4 numbers)")
    side = math.isqrt(n)
    if side * side != n:
        lower, upper = side * side, (side + 1) * (side + 1)
        raise ShapeError(
            f"{n} numbers were given in one row, which is not a square count "
            f"(a {side}×{side} board has {lower}, a {side + 1}×{side + 1} has {upper}): "
            "give the rows on separate lines or separated by '/', or give the shape"
        )
    return validated(side, side, tuple(values))


def parse_shape(text: str) -> tuple[int, int]:
    """Read a shape such as ``"4x4"``, ``"3×5"`` or ``"3,5"`` into ``(rows, cols)``; a single ``"4"`` means 4×4."""
    match = _SHAPE.fullmatch(text)
    if match and max(len(match.group(1)), len(match.group(2))) <= MAX_DIGITS:
        rows, cols = int(match.group(1)), int(match.group(2))
    elif text.strip().isascii() and text.strip().isdigit() and len(text.strip()) <= MAX_DIGITS:
        rows = cols = int(text.strip())
    else:
        raise ShapeError(f"shape {quote_input(text)} is not of the form ROWSxCOLS, for example 4x4 or 3x5")
    check_shape(rows, cols)
    return rows, cols


def resolve_goal(goal: str | Board | None, rows: int, cols: int) -> Board:
    """The goal board for a board of ``rows × cols``: ``None``/``"default"``, ``"blank-first"``, or a board.

    A board given as text is parsed with the same shape; a goal of another shape raises :class:`GoalError`.
    """
    if goal is None:
        return goal_board(rows, cols, "default")
    if isinstance(goal, str):
        name = goal.strip().lower()
        if name in ("default", "blank-first", "blank_first"):
            kind: GoalName = "default" if name == "default" else "blank-first"
            return goal_board(rows, cols, kind)
        try:
            goal = parse_board(goal, (rows, cols))
        except ValueError as exc:
            raise GoalError(f"goal: {exc}") from None
    if (goal.rows, goal.cols) != (rows, cols):
        raise GoalError(f"the goal is {goal.rows}×{goal.cols} but the board is {rows}×{cols}")
    return goal


def parse_moves(text: str) -> list[int | str]:
    """Read a move list: tile numbers and/or U/D/L/R letters, separated by spaces or commas (``"UULDR"`` works too),
    at most :data:`~npuzzle.board.MAX_MOVES` of them."""
    moves: list[int | str] = []
    for token in (t for t in _MOVE_SPLIT.split(text.strip()) if t):
        if _INTEGER.fullmatch(token):
            if len(token) > MAX_DIGITS:
                raise MoveError(f"move {quote_input(token)} is too large to be a tile number")
            moves.append(int(token))
        elif _LETTER_RUN.fullmatch(token):
            check_move_count(len(moves) + len(token), f"the move list {quote_input(text)}")  # before the copy
            moves.extend(token.upper())
        else:
            raise MoveError(f"move {quote_input(token)} is neither a tile number nor a run of the letters U, D, L, R")
        check_move_count(len(moves), f"the move list {quote_input(text)}")
    return moves
