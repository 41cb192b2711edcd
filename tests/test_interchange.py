"""``npuzzle.interchange``: arrays and lists, the Korf, DeepCubeA and Slidysim text forms, the goal conventions
(every distance kept, checked on every 8-puzzle state against the breadth-first oracle) and the ways of writing
moves."""

from __future__ import annotations

import numpy as np
import pytest

from npuzzle import Board, goal_board, parse_board, random_board
from npuzzle.errors import BoardError, MoveError, ShapeError, UnknownNameError
from npuzzle.interchange import (
    FORMS,
    action_letter,
    board_from_array,
    board_to_array,
    board_to_list,
    convert_goal,
    convert_letters,
    from_actions,
    move_letters,
    move_tiles,
    read_form,
    read_move,
    to_actions,
    write_form,
)
from npuzzle.research.instances import korf100
from oracle import distances

BOARD = parse_board("8 6 7 / 2 5 4 / 3 0 1")


def test_arrays_and_lists_round_trip() -> None:
    for board in (BOARD, random_board(3, 5, seed=2), random_board(4, 4, seed=3)):
        array = board_to_array(board)
        assert array.shape == (board.rows, board.cols) and array.dtype == np.int16
        assert board_from_array(array) == board == board_from_array(board_to_list(board))
        assert board_from_array(board_to_list(board, nested=False), (board.rows, board.cols)) == board
        onehot = board_to_array(board, "int8", one_hot=True)
        assert onehot.shape == (board.rows, board.cols, board.size) and (onehot.argmax(axis=2) == array).all()
        assert board_from_array(onehot) == board == board_from_array(onehot.tolist(), (board.rows, board.cols))
    for cell in ([0, 0, 0, 0], [1, 0, 1, 0], [0, 2, 0, 0], 3):
        bad = [[[0, 1, 0, 0], [0, 0, 1, 0]], [[0, 0, 0, 1], cell]]
        with pytest.raises(BoardError, match=r"cell at row 2, column 2 of a one-hot board is not a single 1 among 0s"):
            board_from_array(bad)
    with pytest.raises(BoardError, match="give the shape"):
        board_from_array([1, 2, 0])
    with pytest.raises(BoardError, match="tile 2 appears twice"):
        board_from_array(np.array([[1, 2], [2, 0]]))


def test_the_text_forms_round_trip_with_their_goals() -> None:
    assert {name: form.goal for name, form in FORMS.items()} == {
        "korf": "blank-first",
        "deepcubea": "default",
        "slidysim": "default",
    }
    korf = korf100()[0]
    line = write_form(korf.board(), "korf", korf.ident)
    assert line == "1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    assert read_form(line, "korf") == (korf.board(), korf.goal_board())
    assert write_form(BOARD, "slidysim") == "8 6 7/2 5 4/3 0 1"
    assert read_form("8 6 7/2 5 4/3 0 1", "slidysim") == (BOARD, goal_board(3, 3))
    assert read_form(write_form(BOARD, "deepcubea"), "deepcubea") == (BOARD, goal_board(3, 3))
    with pytest.raises(BoardError, match="rows joined by '/'"):
        read_form("8 6 7 2 5 4 3 0 1", "slidysim")
    with pytest.raises(UnknownNameError, match="unknown text form 'lichess'"):
        write_form(BOARD, "lichess")  # type: ignore[arg-type]


@pytest.mark.slow
def test_converting_the_goal_keeps_every_distance_of_the_8_puzzle() -> None:
    last, first = distances(goal_board(3, 3)), distances(goal_board(3, 3, "blank-first"))
    for tiles, distance in last.items():
        assert first[convert_goal(Board(3, 3, tiles), "default", "blank-first").tiles] == distance
    assert convert_goal(convert_goal(BOARD, "default", "blank-first"), "blank-first", "default") == BOARD


def test_a_converted_solution_solves_the_converted_board() -> None:
    for shape in ((3, 3), (2, 4), (4, 3)):
        goal = goal_board(*shape)
        truth = distances(goal, 12)
        for tiles in list(truth)[::97]:
            board = Board(*shape, tiles)
            letters = move_letters(board, _a_solution(board, goal, truth))
            turned = convert_goal(board, "default", "blank-first")
            assert turned.apply(list(convert_letters(letters))) == goal_board(*shape, "blank-first")


def _a_solution(board: Board, goal: Board, truth: dict[tuple[int, ...], int]) -> list[int]:
    """Tiles that take ``board`` to ``goal`` by always stepping to a board one closer (from the oracle)."""
    moves = []
    while board != goal:
        tile = next(
            t for t in board.movable_tiles().values() if truth.get(board.slide(t).tiles) == truth[board.tiles] - 1
        )
        moves.append(tile)
        board = board.slide(tile)
    return moves


def test_moves_as_tiles_letters_words_runs_and_actions() -> None:
    assert move_letters(BOARD, [5, 2]) == move_letters(BOARD, "D R") == move_letters(BOARD, "down right") == "DR"
    assert move_tiles(BOARD, "D2R") == move_tiles(BOARD, "DDR") == move_tiles(BOARD, ["D", "D", "R"]) == [5, 6, 8]
    assert from_actions([1, 1, 3]) == "DDR" and to_actions("DDR") == [1, 1, 3]
    assert read_move(BOARD, " Down ") == read_move(BOARD, "5") == read_move(BOARD, 5) == 5
    with pytest.raises(MoveError, match="step 3: move 'U': no tile can move up"):
        move_tiles(BOARD, "DU2")
    with pytest.raises(MoveError, match="one move at a time, got 2"):
        read_move(BOARD, "up left")
    with pytest.raises(MoveError, match="'X' is neither a tile number, a word nor a run"):
        move_tiles(BOARD, "D X")
    with pytest.raises(MoveError, match="action 4 is not one of 0"):
        from_actions([4])


def test_actions_other_than_0_to_3_and_shapes_that_disagree_are_named() -> None:
    assert from_actions([np.int64(0), np.int8(3)]) == "UR"
    for action in (-1, 4, 1.5, True, "1", None):
        with pytest.raises(MoveError, match=r"action .* is not one of 0 \(U\), 1 \(D\), 2 \(L\), 3 \(R\)"):
            action_letter(action)
    with pytest.raises(ShapeError, match="the rows given make a 2×2 board, not the 3×3 asked for"):
        board_from_array([[1, 2], [3, 0]], (3, 3))
    with pytest.raises(ShapeError, match="a 3×3 board has 9 tiles, but 12 were given"):
        board_from_array(list(range(12)), (3, 3))
    with pytest.raises(UnknownNameError, match="unknown text form 'korff'; use one of korf, deepcubea, slidysim"):
        read_form("1 2 3 0", "korff")  # type: ignore[arg-type]
