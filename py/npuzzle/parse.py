"""Reading boards, shapes, goals and move lists from text.

Accepted board text:

* numbers separated by spaces, tabs, commas or semicolons;
* rows on separate lines or separated by ``/``;
* JSON arrays, flat (``[1, 2, 3, 0]``) or nested (``[[1, 2], [3, 0]]``);
* the blank written as ``0``, ``_``, ``.``, ``-``, ``x`` or ``*``.

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

from .board import MAX_CELLS, Board, GoalName, check_shape, goal_board
from .errors import (
    EmptyInputError,
    GoalError,
    MoveError,
    NotANumberError,
    RaggedRowsError,
    ShapeError,
    SizeLimitError,
)

BLANK_MARKERS = frozenset({"0", "_", ".", "-", "x", "X", "*"})
"""Tokens that stand for the blank."""

_ROW_SPLIT = re.compile(r"[\r\n/]+")
_CELL_SPLIT = re.compile(r"[\s,;]+")
_INTEGER = re.compile(r"[+-]?\d+")
_SHAPE = re.compile(r"\s*(\d+)\s*[x×X*,]\s*(\d+)\s*")
_MOVE_SPLIT = re.compile(r"[\s,;]+")
_LETTER_RUN = re.compile(r"[UDLRudlr]+")


def parse_board(text: str, shape: tuple[int, int] | None = None) -> Board:
    """Read a board from text in any of the module's formats; ``shape`` is ``(rows, cols)`` for a flat list.

    Raises a :class:`~npuzzle.errors.BoardError` subclass naming the problem (empty input, a token that is not a
    number, ragged rows, a count that fits no shape, duplicated or missing tiles, no blank or two blanks, a number
    out of range, a board above the size limit).
    """
    stripped = text.strip()
    if not stripped:
        raise EmptyInputError("the board is empty: paste numbers such as '1 2 3 / 4 5 6 / 7 8 0'")
    if len(stripped) > MAX_CELLS * 9:
        raise SizeLimitError(f"the input is {len(stripped):,} characters long; a board that large is over the limit")
    if stripped.startswith("["):
        rows = _rows_from_json(stripped)
    else:
        rows = _rows_from_text(stripped)
    if len(rows) == 1:
        return board_from_flat(rows[0], shape)
    if shape is not None and shape[0] != len(rows):
        raise ShapeError(f"the shape {shape[0]}×{shape[1]} was asked for, but {len(rows)} rows were given")
    return board_from_rows(rows)


def _rows_from_text(text: str) -> list[list[int]]:
    # Rows split by newlines only need no regex (blank rows are dropped either way).
    by_lines = "/" not in text and "\r" not in text
    raw_rows = [r.strip() for r in (text.split("\n") if by_lines else _ROW_SPLIT.split(text))]
    # Without commas or semicolons, the cell separators are exactly whitespace: str.split (C) splits the same way.
    plain = "," not in text and ";" not in text
    rows: list[list[int]] = []
    for row_number, raw in enumerate((r for r in raw_rows if r), start=1):
        tokens = raw.split() if plain else [t for t in _CELL_SPLIT.split(raw) if t]
        rows.append(_numbers(tokens, row_number, many_rows=len(raw_rows) > 1))
    if not rows:
        raise EmptyInputError("the board is empty: paste numbers such as '1 2 3 / 4 5 6 / 7 8 0'")
    return rows


def _numbers(tokens: list[str], row_number: int, many_rows: bool) -> list[int]:
    try:
        return list(map(int, tokens))  # fast path (C): plain numbers, the blank written 0
    except ValueError:
        pass
    try:
        return [0 if t in BLANK_MARKERS else int(t) for t in tokens]
    except ValueError:
        pass
    for column, token in enumerate(tokens, start=1):
        if token not in BLANK_MARKERS and not _INTEGER.fullmatch(token):
            where = f"row {row_number}, column {column}" if many_rows else f"position {column}"
            raise NotANumberError(
                f"{token!r} at {where} is not a number (the blank may be written 0, _, ., -, x or *)"
            )
    raise NotANumberError(f"row {row_number} holds something that is not a number")  # pragma: no cover


def _rows_from_json(text: str) -> list[list[int]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotANumberError(f"the input starts with '[' but is not valid JSON: {exc.msg} at character {exc.pos + 1}") from None
    if not isinstance(data, list) or not data:
        raise EmptyInputError("the JSON array is empty")
    if all(isinstance(row, list) for row in data):
        return [[_json_cell(v, r, c) for c, v in enumerate(row, start=1)] for r, row in enumerate(data, start=1)]
    if any(isinstance(v, list) for v in data):
        raise ShapeError("the JSON array mixes rows (arrays) and single numbers; use a flat or a fully nested array")
    return [[_json_cell(v, 1, c) for c, v in enumerate(data, start=1)]]


def _json_cell(value: Any, row: int, column: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str, float)) and value is not None:
        raise NotANumberError(f"{json.dumps(value)} at row {row}, column {column} is not a number")
    if value is None:
        return 0
    if isinstance(value, float):
        if not value.is_integer():
            raise NotANumberError(f"{value!r} at row {row}, column {column} is not a whole number")
        return int(value)
    if isinstance(value, str):
        token = value.strip()
        if token in BLANK_MARKERS:
            return 0
        if not _INTEGER.fullmatch(token):
            raise NotANumberError(f"{value!r} at row {row}, column {column} is not a number")
        return int(token)
    return value


def board_from_rows(rows: list[list[int]]) -> Board:
    """Build a board from rows of ints; raises :class:`RaggedRowsError` naming the first row of another length."""
    if not rows or not rows[0]:
        raise EmptyInputError("the board is empty")
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise RaggedRowsError(
                f"row {number} has {len(row)} number{'s' if len(row) != 1 else ''}, "
                f"but row 1 has {width}: every row must be as long as the first"
            )
    check_shape(len(rows), width)
    return Board(len(rows), width, tuple(chain.from_iterable(rows)))


def board_from_flat(values: list[int], shape: tuple[int, int] | None = None) -> Board:
    """Build a board from a flat row-major list; square unless ``shape`` gives ``(rows, cols)``."""
    n = len(values)
    if shape is not None:
        rows, cols = shape
        check_shape(rows, cols)
        if rows * cols != n:
            raise ShapeError(f"a {rows}×{cols} board needs {rows * cols} numbers, but {n} were given")
        return Board(rows, cols, tuple(values))
    if n > MAX_CELLS:
        raise SizeLimitError(f"{n:,} numbers were given; the limit is {MAX_CELLS:,} (2000×2000)")
    side = math.isqrt(n)
    if side * side != n:
        lower, upper = side * side, (side + 1) * (side + 1)
        raise ShapeError(
            f"{n} number{'s were' if n != 1 else ' was'} given in one row, which is not a square count "
            f"(a {side}×{side} board has {lower}, a {side + 1}×{side + 1} has {upper}): "
            "give the rows on separate lines or separated by '/', or give the shape"
        )
    if side < 2:
        raise ShapeError(f"{n} number{'s were' if n != 1 else ' was'} given; the smallest board is 2×2 (4 numbers)")
    return Board(side, side, tuple(values))


def parse_shape(text: str) -> tuple[int, int]:
    """Read a shape such as ``"4x4"``, ``"3×5"`` or ``"3,5"`` into ``(rows, cols)``; a single ``"4"`` means 4×4."""
    match = _SHAPE.fullmatch(text)
    if match:
        rows, cols = int(match.group(1)), int(match.group(2))
    elif text.strip().isdigit():
        rows = cols = int(text.strip())
    else:
        raise ShapeError(f"shape {text!r} is not of the form ROWSxCOLS, for example 4x4 or 3x5")
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
    """Read a move list: tile numbers and/or U/D/L/R letters, separated by spaces or commas (``"UULDR"`` works too)."""
    moves: list[int | str] = []
    for token in (t for t in _MOVE_SPLIT.split(text.strip()) if t):
        if token.lstrip("+-").isdigit():
            moves.append(int(token))
        elif _LETTER_RUN.fullmatch(token):
            moves.extend(token.upper())
        else:
            raise MoveError(f"move {token!r} is neither a tile number nor a run of the letters U, D, L, R")
    return moves
