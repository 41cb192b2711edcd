"""The parity rule at work (npuzzle.course.lesson): inversion pairs, one move in words, the two ways of counting."""

from __future__ import annotations

import json
from typing import Any

import pytest

from npuzzle import api
from npuzzle.board import goal_board
from npuzzle.course.lesson import MAX_LESSON_CELLS, conventions, describe_move, inversion_pairs, lesson
from npuzzle.parse import parse_board
from npuzzle.randomize import random_board
from npuzzle.solvability import explain

EXAMPLE = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"


def call(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


@pytest.mark.parametrize(("rows", "cols", "seed"), [(3, 3, 1), (4, 4, 2), (3, 5, 3), (8, 8, 4), (2, 2, 5)])
def test_the_pairs_are_the_inversions(rows: int, cols: int, seed: int) -> None:
    board = random_board(rows, cols, seed=seed)
    pairs = inversion_pairs(board)
    order = [t for t in board.tiles if t]
    brute = {(a, b) for a in order for b in order if a > b and order.index(a) < order.index(b)}
    assert set(pairs) == brute and len(pairs) == len(brute) == explain(board).inversions


def test_the_issues_example_move_in_words() -> None:
    board = parse_board(EXAMPLE)
    assert describe_move(board, 11) == (
        "11 moved down past 3 tiles: inversions 49 → 48; the blank moved up to row 3 from the bottom; "
        "48 + 3 = 51 is still odd"
    )
    assert describe_move(board, 9) == (
        "9 moved left: the reading order is unchanged, inversions stay 49; the blank stays on row 2 from the bottom; "
        "49 + 2 = 51 is still odd"
    )


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4), (3, 4), (5, 3)])
def test_every_move_in_words_carries_the_cores_figures(rows: int, cols: int) -> None:
    board = random_board(rows, cols, seed=rows * cols)
    for letter, tile in board.movable_tiles().items():
        after = explain(board.slide(tile))
        text = describe_move(board, tile)
        words = {"U": "up", "D": "down", "L": "left", "R": "right"}
        assert text.startswith(f"{tile} moved {words[letter]}")
        if letter in "UD":
            assert f"past {cols - 1} tile" in text and f"→ {after.inversions};" in text
        if cols % 2 == 0:
            total = after.inversions + after.blank_row_from_bottom
            assert f"row {after.blank_row_from_bottom} from the bottom" in text
            parity = "odd" if total % 2 else "even"
            assert text.endswith(f"{after.inversions} + {after.blank_row_from_bottom} = {total} is still {parity}")
        else:
            assert f"{after.inversions} is still {'odd' if after.inversions % 2 else 'even'}" in text


@pytest.mark.parametrize("text", [EXAMPLE, "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0", "2 1 3 / 4 5 6 / 7 8 0"])
@pytest.mark.parametrize("goal_kind", ["default", "blank-first"])
def test_both_conventions_agree_with_the_verdict(text: str, goal_kind: str) -> None:
    board = parse_board(text)
    x = explain(board, goal_board(board.rows, board.cols, goal_kind))  # type: ignore[arg-type]
    views = conventions(x)
    assert len(views) == (2 if board.cols % 2 == 0 else 1)
    assert all(view.solvable == x.solvable for view in views)


def test_the_lesson_in_the_check_reply_and_its_limit() -> None:
    reply = call({"op": "check", "board": EXAMPLE})
    lesson_fields = reply["lesson"]
    assert lesson_fields["strip"] == [t for t in parse_board(EXAMPLE).tiles if t]
    assert len(lesson_fields["pairs"]) == 49
    assert [c["terms"] for c in lesson_fields["conventions"]] == ["49 + 2", "49 + 3"]
    assert "5 on 4 rows" in lesson_fields["agree_note"]
    big = random_board(9, 9, seed=1)
    assert big.size > MAX_LESSON_CELLS and "pairs" not in lesson(big, explain(big))


def test_the_move_op_says_each_move_and_names_bad_input() -> None:
    reply = call({"op": "move", "board": EXAMPLE, "tiles": [11, 7]})
    assert reply["texts"][0].startswith("11 moved down past 3 tiles: inversions 49 → 48")
    assert reply["texts"][1].startswith("7 moved right")
    assert reply["board"]["tiles"][4:6] == [0, 7]
    bad = call({"op": "move", "board": EXAMPLE, "tiles": [3]})
    assert bad["ok"] is False and bad["error"]["type"] == "MoveError"
    assert call({"op": "move", "board": EXAMPLE, "tiles": []})["error"]["type"] == "RequestError"
    assert call({"op": "move", "board": EXAMPLE, "tiles": ["x"]})["error"]["type"] == "RequestError"
