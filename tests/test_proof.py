"""The proof that the parity rule suffices, on one board (Archer 1999): the snake order's parity decides exactly what
the rule decides, on every shape and goal tried; a vertical move passes an even number of tiles along the snake; the
blank circling a 2×2 square turns three tiles, a 3-cycle of the snake order; the 3-cycles counted do reach the goal's
order."""

from __future__ import annotations

import json
import random

import pytest

from npuzzle import goal_board, is_solvable
from npuzzle.api import handle
from npuzzle.board import unchecked_board
from npuzzle.course.proof import proof, snake, snake_order, three_cycles


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (2, 7), (5, 5)])
@pytest.mark.parametrize("kind", ["default", "blank-first"])
def test_the_snake_order_s_parity_is_the_rule(rows: int, cols: int, kind: str) -> None:
    goal = goal_board(rows, cols, kind)
    rng = random.Random(f"{rows}x{cols}/{kind}")
    for _ in range(100):
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)
        board = unchecked_board(rows, cols, tuple(tiles))
        shown = proof(board, goal)
        assert (shown.cycles is not None) == is_solvable(board, goal)
        assert shown.vertical is not None and len(shown.vertical["passes"]) % 2 == 0
        if shown.square is not None:
            before, after = shown.square["before"], shown.square["after"]
            assert after == [before[1], before[2], before[0]]  # each of the three moves one place round
            moved = board.apply([before[0], before[1], before[2], before[0]])
            changed = [k for k, (a, b) in enumerate(zip(snake_order(board), snake_order(moved), strict=True)) if a != b]
            assert len(changed) == 3  # the snake order changes by a 3-cycle


def test_the_snake_and_the_3_cycles_counted() -> None:
    assert snake(3, 3) == [0, 1, 2, 5, 4, 3, 6, 7, 8]
    assert three_cycles([1, 2, 3, 4], [1, 2, 3, 4]) == 0
    assert three_cycles([2, 3, 1, 4], [1, 2, 3, 4]) == 1
    assert three_cycles([2, 1, 4, 3], [1, 2, 3, 4]) == 2  # two swaps: two 3-cycles
    assert three_cycles([2, 1, 3, 4], [1, 2, 3, 4]) is None  # one swap: odd
    rng = random.Random(7)
    for _ in range(200):
        order = list(range(1, 9))
        rng.shuffle(order)
        count = three_cycles(order, list(range(1, 9)))
        inversions = sum(a > b for i, a in enumerate(order) for b in order[i + 1 :])
        assert (count is None) == (inversions % 2 == 1)
        assert count is None or count <= 7 - 1  # each places a tile for good: at most n - 2 of them


def test_the_proof_on_the_example_board_is_in_the_check_reply() -> None:
    reply = json.loads(handle(json.dumps({"op": "check", "board": "8 6 7 / 2 5 4 / 3 0 1"})))
    shown = reply["lesson"]["proof"]
    assert shown["snake"] == [0, 1, 2, 5, 4, 3, 6, 7, 8] and shown["order"] == [8, 6, 7, 4, 5, 2, 3, 1]
    assert shown["vertical"] == {"tile": 5, "from": 4, "to": 7, "passes": [2, 3]}
    assert isinstance(shown["cycles"], int) and shown["cycles"] > 0
