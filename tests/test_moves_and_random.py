"""Moves by tile number and by letter, their errors, and random-board uniformity."""

from __future__ import annotations

from collections import Counter

import pytest

from npuzzle import LimitError, MoveError, goal_board, parse_board, parse_moves, random_board, scramble

START = parse_board("1 2 3 / 4 0 5 / 6 7 8")


def test_letters_give_the_direction_the_tile_moves() -> None:
    # U: the tile below the blank (7) moves up; D: the tile above (2) moves down;
    # L: the tile right of the blank (5) moves left; R: the tile left of it (4) moves right.
    assert START.movable_tiles() == {"U": 7, "D": 2, "L": 5, "R": 4}
    assert START.slide("U") == START.slide(7) == parse_board("1 2 3 / 4 7 5 / 6 0 8")
    assert START.slide("r") == parse_board("1 2 3 / 0 4 5 / 6 7 8")


def test_apply_a_sequence() -> None:
    assert START.apply(parse_moves("5 8 7 6 4 1 2 5")) == START.apply(["L", "U", "R", "R", "D", "D", "L", "U"])
    assert parse_moves("UULDR") == ["U", "U", "L", "D", "R"]
    assert parse_moves("3, 5; 12") == [3, 5, 12]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([1], r"step 1: move 1: tile 1 is not next to the blank \(tiles that can move: 2, 4, 5, 7\)"),
        ([5, 5, 9], r"step 3: move 9: there is no tile 9 on a 3×3 board"),
        (["U", "U"], r"step 2: move 'U': no tile can move up"),
        (["Q"], r"step 1: move 'Q' is neither a tile number nor one of U, D, L, R"),
    ],
)
def test_illegal_moves_name_the_step(moves: list[int | str], message: str) -> None:
    with pytest.raises(MoveError, match=message):
        START.apply(moves)


def test_unreadable_move_list() -> None:
    with pytest.raises(MoveError, match=r"move 'up!' is neither"):
        parse_moves("U up! D")


def test_scramble_needs_a_non_negative_count() -> None:
    with pytest.raises(LimitError, match="must be from 0 to 100,000 random moves, got -1"):
        scramble(goal_board(3, 3), -1)


def test_random_solvable_2x2_boards_are_uniform() -> None:
    # The 2×2 has 12 solvable arrangements; 6000 draws should hit each about 500 times.
    counts = Counter(random_board(2, 2, seed=i).tiles for i in range(6000))
    assert len(counts) == 12
    assert min(counts.values()) > 380 and max(counts.values()) < 620


def test_board_validates_tile_types_and_stores_a_tuple() -> None:
    from npuzzle import Board, NotANumberError, ShapeError

    with pytest.raises(NotANumberError, match=r"tile True at row 1, column 1 is not a whole number \(a bool\)"):
        Board(2, 2, (True, 2, 3, 0))
    with pytest.raises(NotANumberError, match=r"tile 3.0 at row 2, column 1 is not a whole number \(a float\)"):
        Board(2, 2, (1, 2, 3.0, 0))  # type: ignore[arg-type]
    with pytest.raises(ShapeError, match=r"rows must be a whole number, got 2.0"):
        Board(2.0, 2, (1, 2, 3, 0))  # type: ignore[arg-type]
    board = Board(2, 2, [1, 2, 3, 0])  # type: ignore[arg-type]
    assert isinstance(board.tiles, tuple) and board.tiles == (1, 2, 3, 0)
    assert hash(board) == hash(Board(2, 2, (1, 2, 3, 0))) and board == Board(2, 2, (1, 2, 3, 0))


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            3.0,
            r"step 1: move 3.0 is neither a tile number \(an int\) nor one of the letters U, D, L, R \(got a float\)",
        ),
        (True, r"step 1: move True is neither a tile number .*\(got a bool\)"),
        (None, r"step 1: move None is neither a tile number"),
        ("\u0663", r"step 1: move '\u0663' is neither a tile number"),
        ("1_0", r"step 1: move '1_0' is neither a tile number"),
    ],
)
def test_apply_rejects_moves_of_the_wrong_type(move: object, message: str) -> None:
    board = parse_board("1 2 / 0 3")
    with pytest.raises(MoveError, match=message):
        board.apply([move])  # type: ignore[list-item]
    assert board.apply(["3"]).tiles == (1, 2, 3, 0)  # a tile number written as ASCII digits still works


def test_move_messages_cut_huge_input_short() -> None:
    board = parse_board("1 2 / 0 3")
    for moves in (["q" * 100_000], [10**1000], ["7" * 100_000]):
        with pytest.raises(MoveError) as caught:
            board.apply(moves)
        assert len(str(caught.value)) < 200
    with pytest.raises(MoveError, match=r"move '7{40}'… \(100,000 characters\): there is no such tile on a 2×2"):
        board.apply(["7" * 100_000])
    with pytest.raises(MoveError, match="too large to be a tile number"):
        parse_moves("1 " + "9" * 5000)
