"""Hints (npuzzle.speedsolving.hint and the api's ``hint`` op): the first move of a shortest solution when one is proven
in time, else of a near-optimal one, said in words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from npuzzle import api
from npuzzle.board import Board, goal_board
from npuzzle.parse import parse_board
from npuzzle.progress import run
from npuzzle.randomize import random_board
from npuzzle.solving.solve import solve
from npuzzle.speedsolving.hint import describe_hint, hint_plan

HARD_4X4 = "0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1"  # 80 moves from the goal


def call(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


def optimal_length(board: Board) -> int:
    length = run(solve(board, goal_board(board.rows, board.cols), algorithm="astar")).length
    assert length is not None
    return length


@pytest.mark.parametrize("seed", range(12))
def test_a_hint_on_a_3x3_is_the_first_move_of_a_shortest_solution(seed: int) -> None:
    board = random_board(3, 3, seed=seed)
    reply = call({"op": "hint", "board": board.format(one_line=True)})
    assert reply["ok"] is True and reply["optimal"] is True
    assert reply["length"] == optimal_length(board)
    after = board.slide(reply["tile"])
    assert optimal_length(after) == reply["length"] - 1  # the move is on a shortest path
    assert reply["letter"] == board.direction_of(reply["tile"])
    words = {"U": "up", "D": "down", "L": "left", "R": "right"}
    assert reply["direction"] == words[reply["letter"]]
    said = f"Hint: slide {reply['tile']} {reply['direction']}: the first move of a shortest solution"
    assert reply["message"].startswith(said)


def test_a_hint_falls_back_to_the_near_optimal_solver_and_says_so() -> None:
    board = parse_board(HARD_4X4)
    chosen = hint_plan(board, goal_board(4, 4), nodes=20_000, budget=0.05)
    hint = describe_hint(chosen, run(chosen.start()))
    assert hint.optimal is False and hint.tile is not None and hint.length is not None and hint.length >= 80
    assert board.slide(hint.tile) != board
    assert "near-optimal solution" in hint.message
    assert "no shortest one was proven within the hint's search of 20,000 nodes expanded" in hint.message


def test_a_hint_on_a_big_board_is_near_optimal_at_once() -> None:
    board = random_board(6, 6, seed=3)
    reply = call({"op": "hint", "board": board.format(one_line=True)})
    assert reply["optimal"] is False and reply["algorithm"] == "near-optimal"
    assert reply["tile"] in board.movable_tiles().values()
    assert "beyond proving shortest" in reply["message"]


def test_no_hint_on_the_goal_and_none_on_an_unsolvable_board() -> None:
    reply = call({"op": "hint", "board": "1 2 3 / 4 5 6 / 7 8 0"})
    assert reply["tile"] is None and reply["length"] == 0 and "already the goal" in reply["message"]
    unsolvable = call({"op": "hint", "board": "2 1 3 / 4 5 6 / 7 8 0"})
    assert unsolvable["ok"] is False and unsolvable["error"]["type"] == "UnsolvableError"


def test_a_board_too_big_for_any_solver_gets_a_message() -> None:
    reply = call({"op": "hint", "board": random_board(21, 20, seed=1).format(one_line=True)})
    assert reply["ok"] is False and "near-optimal" in reply["error"]["message"] and "420" in reply["error"]["message"]


def test_a_hint_runs_as_a_session_with_progress_and_cancel() -> None:
    session = api.start(json.dumps({"op": "hint", "board": HARD_4X4}))
    first = json.loads(session.advance(0.0))
    assert first["type"] == "progress" and first["nodes_expanded"] >= 0
    cancelled = json.loads(session.cancel())
    assert cancelled["type"] == "result" and cancelled["tile"] is None
    assert cancelled["message"].startswith("No hint: ")
    done = api.start(json.dumps({"op": "hint", "board": "1 2 3 / 4 5 6 / 7 0 8"}))
    reply = json.loads(done.advance(10.0))
    assert reply["type"] == "result" and reply["tile"] == 8 and reply["letter"] == "L" and reply["optimal"] is True


def test_hints_follow_the_goal() -> None:
    goal = goal_board(3, 3, "blank-first")
    board = random_board(3, 3, seed=5, goal=goal)
    reply = call({"op": "hint", "board": board.format(one_line=True), "goal": "blank-first"})
    before = run(solve(board, goal, algorithm="astar")).length
    after = run(solve(board.slide(reply["tile"]), goal, algorithm="astar")).length
    assert before is not None and after == before - 1 == reply["length"] - 1
