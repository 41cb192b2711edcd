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
    with pytest.raises(LimitError, match="must be 0 or more, got -1"):
        scramble(goal_board(3, 3), -1)


def test_random_solvable_2x2_boards_are_uniform() -> None:
    # The 2×2 has 12 solvable arrangements; 6000 draws should hit each about 500 times.
    counts = Counter(random_board(2, 2, seed=i).tiles for i in range(6000))
    assert len(counts) == 12
    assert min(counts.values()) > 380 and max(counts.values()) < 620
