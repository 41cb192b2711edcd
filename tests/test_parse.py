"""Reading boards: every accepted format, and a catalogue of malformed inputs with their specific messages."""

from __future__ import annotations

import pytest

from npuzzle import (
    BlankError,
    Board,
    DuplicateTileError,
    EmptyInputError,
    GoalError,
    NotANumberError,
    RaggedRowsError,
    ShapeError,
    SizeLimitError,
    TileOutOfRangeError,
    goal_board,
    parse_board,
    parse_shape,
    resolve_goal,
)

EIGHT = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))


@pytest.mark.parametrize(
    "text",
    [
        "1 2 3 4 5 6 7 8 0",
        "1 2 3\n4 5 6\n7 8 0",
        "1,2,3;4,5,6;7,8,0",
        "1\t2\t3\n4\t5\t6\n7\t8\t_",
        "1 2 3 / 4 5 6 / 7 8 .",
        "1 2 3/4 5 6/7 8 -",
        "1 2 3 / 4 5 6 / 7 8 x",
        "1 2 3 / 4 5 6 / 7 8 X",
        "1 2 3 / 4 5 6 / 7 8 *",
        "[1, 2, 3, 4, 5, 6, 7, 8, 0]",
        "[[1, 2, 3], [4, 5, 6], [7, 8, 0]]",
        '[[1, 2, 3], [4, 5, 6], [7, 8, "_"]]',
        "[[1, 2, 3], [4, 5, 6], [7, 8, null]]",
        "  \n1 2 3\n\n4 5 6\r\n7 8 0\n\n",
    ],
)
def test_accepted_formats(text: str) -> None:
    assert parse_board(text) == EIGHT


def test_rows_give_a_non_square_shape() -> None:
    board = parse_board("1 2 3 / 4 5 0")
    assert (board.rows, board.cols) == (2, 3)
    assert parse_board("1 2 / 3 4 / 5 0").cols == 2


def test_explicit_shape_for_a_flat_list() -> None:
    board = parse_board("1 2 3 4 5 0", (2, 3))
    assert (board.rows, board.cols, board.tiles) == (2, 3, (1, 2, 3, 4, 5, 0))
    assert parse_shape("2x3") == parse_shape("2×3") == parse_shape("2 x 3") == (2, 3)
    assert parse_shape("4") == (4, 4)


MALFORMED = [
    ("", EmptyInputError, "the board is empty"),
    ("   \n\t ", EmptyInputError, "the board is empty"),
    ("[]", EmptyInputError, "empty"),
    ("1 2 3 / 4 5 6 / 7 8 8", DuplicateTileError, r"tile 8 appears twice \(row 3, column 2 and row 3, column 3\)"),
    ("1 2 3 / 4 5 6 / 7 7 0", DuplicateTileError, r"tile 7 appears twice .*missing: 8"),
    ("1 2 3 / 4 5 6 / 7 0 10", TileOutOfRangeError, r"10 at row 3, column 3 is out of range: a 3×3 board has tiles 1 to 8"),
    ("1 2 3 / 4 5 6 / 7 8 9", BlankError, r"no blank: the numbers run from 1 to 9, but a 3×3 board has tiles 1 to 8"),
    ("1 2 3 / 4 -5 6 / 7 8 0", TileOutOfRangeError, r"-5 at row 2, column 2 is out of range"),
    ("1 2 3 / 4 5 / 6 7 0", RaggedRowsError, r"row 2 has 2 numbers, but row 1 has 3"),
    ("1 2 3 / 4 5 6 / 7 8 0 9", RaggedRowsError, r"row 3 has 4 numbers, but row 1 has 3"),
    ("1 2 3 / 4 five 6 / 7 8 0", NotANumberError, r"'five' at row 2, column 2 is not a number"),
    ("1 2 3 4 5 6 7 8 ?", NotANumberError, r"'\?' at position 9 is not a number"),
    ("1 2 3 / 4 5 6 / 7 8 1.5", NotANumberError, r"'1.5' at row 3, column 3 is not a number"),
    ("[1, 2, 3, 4, 5, 6, 7, 8, 0", NotANumberError, r"not valid JSON"),
    ("[1, 2, 3, 4, [5], 6, 7, 8, 0]", ShapeError, r"mixes rows"),
    ("[[1, 2, 3], [4, 5, 6], [7, 8, true]]", NotANumberError, r"true at row 3, column 3 is not a number"),
    ("1 2 3 / 4 5 6 / 7 8 _ / _ 9 10", BlankError, r"the board has 2 blanks \(row 3, column 3 and row 4, column 1\)"),
    ("1 2 3 4", BlankError, r"the board has no blank"),
    ("1 2 3 3", DuplicateTileError, r"tile 3 appears twice"),
    ("1 2 3 4 5 6 7 0", ShapeError, r"8 numbers were given in one row, which is not a square count"),
    ("1 0", ShapeError, r"2 numbers were given in one row, which is not a square count"),
    ("1 / 0", ShapeError, r"at least 2 rows and 2 columns, got 2×1"),
    ("0", ShapeError, r"the smallest board is 2×2"),
]


@pytest.mark.parametrize(("text", "error", "message"), MALFORMED)
def test_malformed_inputs_name_the_problem(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_board(text)


def test_every_input_error_is_a_value_error() -> None:
    for text, error, _ in MALFORMED:
        assert issubclass(error, ValueError)
        with pytest.raises(ValueError):
            parse_board(text)


def test_shape_mismatch_with_count() -> None:
    with pytest.raises(ShapeError, match=r"a 2×3 board needs 6 numbers, but 9 were given"):
        parse_board("1 2 3 4 5 6 7 8 0", (2, 3))
    with pytest.raises(ShapeError, match="is not of the form ROWSxCOLS"):
        parse_shape("four")
    with pytest.raises(ShapeError, match="at least 2 rows and 2 columns, got 1×5"):
        parse_shape("1x5")


def test_size_limit_accepts_1000_by_1000_and_refuses_beyond() -> None:
    from npuzzle import random_board

    big = random_board(1000, 1000, seed=1)
    assert parse_board(big.format()) == big
    with pytest.raises(SizeLimitError, match="2001×2001 board has 4,004,001 cells; the limit is 4,000,000"):
        goal_board(2001, 2001)


def test_goals() -> None:
    assert resolve_goal("default", 3, 3) == EIGHT
    assert resolve_goal("blank-first", 2, 2).tiles == (0, 1, 2, 3)
    assert resolve_goal("3 2 1 0", 2, 2).tiles == (3, 2, 1, 0)
    with pytest.raises(GoalError, match=r"goal: tile 1 appears twice"):
        resolve_goal("1 1 2 0", 2, 2)
    with pytest.raises(GoalError, match=r"the goal is 3×3 but the board is 2×2"):
        resolve_goal(EIGHT, 2, 2)
    with pytest.raises(GoalError, match=r"goal: a 2×2 board needs 4 numbers, but 9 were given"):
        resolve_goal("1 2 3 4 5 6 7 8 0", 2, 2)


def test_format_uses_blank_marker_and_one_line() -> None:
    assert EIGHT.format(one_line=True) == "1 2 3 / 4 5 6 / 7 8 0"
    assert EIGHT.format(blank="_") == "1 2 3\n4 5 6\n7 8 _"
    assert parse_board(EIGHT.format(blank="_")) == EIGHT
