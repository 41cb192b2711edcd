"""Reading boards: every accepted format, and a catalogue of malformed inputs with their specific messages."""

from __future__ import annotations

import pytest

from npuzzle import (
    BlankError,
    Board,
    DuplicateTileError,
    EmptyInputError,
    EmptyRowError,
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
    (
        "1 2 3 / 4 5 6 / 7 0 10",
        TileOutOfRangeError,
        r"10 at row 3, column 3 is out of range: a 3×3 board has tiles 1 to 8",
    ),
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
    ("1 0", ShapeError, r"^2 numbers were given; the smallest board is 2×2 \(4 numbers\)$"),
    ("1 2 0", ShapeError, r"^3 numbers were given; the smallest board is 2×2 \(4 numbers\)$"),
    ("1_0 1 2 3", NotANumberError, r"'1_0' at position 1 is not a number"),
    ("1 2 / \u0668 _", NotANumberError, r"'\u0668' at row 2, column 1 is not a number"),
    ("1 2 / 3 \uff10", NotANumberError, r"'\uff10' at row 2, column 2 is not a number"),
    ('[[1, 2], [3, "1_0"]]', NotANumberError, r'"1_0" at row 2, column 2 is a string, not a number'),
    ('[[1,2,3],[4,5,6],[7,"8",0]]', NotANumberError, r'"8" at row 3, column 2 is a string, not a number: in JSON'),
    ('[1, 2, "3", 0]', NotANumberError, r'"3" at position 3 is a string, not a number'),
    ("1 2 3 / / 4 5 6 / 7 8 0", EmptyRowError, r"row 2 of '1 2 3 / / 4 5 6 / 7 8 0' is empty \(nothing between two"),
    ("1 2 / 3 0 /", EmptyRowError, r"row 3 of '1 2 / 3 0 /' is empty \(nothing after the last '/'\)"),
    ("/ 1 2 / 3 0", EmptyRowError, r"row 1 of '/ 1 2 / 3 0' is empty \(nothing before the first '/'\)"),
    ("[[1, 2], [[3], 0]]", ShapeError, r"the JSON is nested 3 levels deep; a board is a flat list"),
    ('[1, 2, {"a": [3]}, 0]', ShapeError, r"the JSON is nested 3 levels deep"),
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


@pytest.mark.slow
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


def test_deeply_nested_json_is_a_board_error_not_a_recursion_error() -> None:
    for depth in (3, 1000, 200_000):
        with pytest.raises(ShapeError, match=rf"the JSON is nested {depth:,} levels deep; a board is a flat list"):
            parse_board("[" * depth + "]" * depth)
    # brackets inside strings do not count; unbalanced input is still measured
    with pytest.raises(NotANumberError, match=r'"\[\[\[" at row 2, column 2 is a string, not a number'):
        parse_board('[[1, 2], [3, "[[["]]')
    with pytest.raises(ShapeError, match="nested 5,000 levels"):
        parse_board("[" * 5000)


HUGE = "1" * 5000  # over CPython's 4300-digit limit for int()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (f"{HUGE} 2 3 0", "position 1"),
        (f"1 2 / 3 {HUGE}", "row 2, column 2"),
        (f"_ 2 / 3 {HUGE}", "row 2, column 2"),
        (f"[{HUGE}, 2, 3, 0]", "position 1"),
        (f"[[1, 2], [3, {HUGE}]]", "row 2, column 2"),
    ],
)
def test_numbers_with_thousands_of_digits_are_named_and_placed(text: str, where: str) -> None:
    with pytest.raises(TileOutOfRangeError) as caught:
        parse_board(text)
    message = str(caught.value)
    assert f"at {where} is too large" in message
    assert f"'{'1' * 40}'… (5,000 characters)" in message
    assert len(message) < 200


@pytest.mark.parametrize("digits", [25, 4000])
def test_long_numbers_in_range_checks_are_cut_short(digits: int) -> None:
    for text in (f"{'9' * digits} 2 3 0", f"[[{'9' * digits}, 2], [3, 0]]"):
        with pytest.raises(TileOutOfRangeError) as caught:
            parse_board(text)
        assert "99999" in str(caught.value) and len(str(caught.value)) < 200


def test_error_messages_quote_huge_input_cut_short() -> None:
    token = "y" * 1_000_000
    with pytest.raises(NotANumberError) as caught:
        parse_board(f"1 2 3 {token}")
    assert str(caught.value).startswith(f"'{'y' * 40}'… (1,000,000 characters) at position 4 is not a number")
    assert len(str(caught.value)) < 200
    with pytest.raises(NotANumberError) as caught:
        parse_board('[1, 2, 3, {"k": "' + token + '"}]')
    assert len(str(caught.value)) < 200
    with pytest.raises(ShapeError) as shape_error:
        parse_shape(token)
    assert len(str(shape_error.value)) < 200


def test_input_over_the_size_limit_states_the_limit() -> None:
    from npuzzle.parse import MAX_INPUT_CHARS

    with pytest.raises(SizeLimitError, match=rf"characters long; the limit is {MAX_INPUT_CHARS:,} characters"):
        parse_board("1" * (MAX_INPUT_CHARS + 1))


def test_an_explicit_shape_must_match_the_rows_given() -> None:
    with pytest.raises(ShapeError, match=r"the rows given make a 2×2 board, but the shape 2×3 was asked for"):
        parse_board("1 2 / 3 0", (2, 3))
    with pytest.raises(ShapeError, match=r"the rows given make a 2×3 board, but the shape 3×2 was asked for"):
        parse_board("[[1, 2, 3], [4, 5, 0]]", (3, 2))
    assert parse_board("1 2 3 / 4 5 0", (2, 3)) == parse_board("1 2 3 / 4 5 0")
    with pytest.raises(RaggedRowsError):  # ragged rows are named as such, shape or not
        parse_board("1 2 3 / 4 0", (2, 3))
