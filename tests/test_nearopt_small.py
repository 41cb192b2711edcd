"""The near-optimal solver finishes on every board it accepts: the boards of at most nine cells are solved exactly at
once, a solution as long as the proven lower bound ends the search, and a beam on a machine without numba does not
pay for a failed import each time (issue 50)."""

from __future__ import annotations

import builtins
import json
import sys
import time
from types import ModuleType
from typing import Any

import pytest

from npuzzle import Board, api, goal_board
from npuzzle.nearoptimal.beam import compiled_kernels
from npuzzle.nearoptimal.solver import EXACT_CELLS, WORK_UNIT, solve_big
from npuzzle.parse import parse_moves
from npuzzle.policy import NEAR_OPTIMAL
from npuzzle.progress import run
from npuzzle.solving.solve import plan
from oracle import distances

SMALL_SHAPES = [(2, 2), (2, 3), (3, 2)]


@pytest.mark.parametrize(("rows", "cols"), SMALL_SHAPES)
def test_every_small_board_is_solved_optimally_within_its_state_space(rows: int, cols: int) -> None:
    goal = goal_board(rows, cols)
    exact = distances(goal)
    began = time.perf_counter()
    for tiles, distance in exact.items():
        board = Board(rows, cols, tiles)
        result = run(solve_big(board, goal))
        assert result.moves is not None and board.apply(result.moves) == goal
        assert len(result.moves) == distance == result.lower_bound, tiles
        assert result.optimal and result.stopped is None
        assert result.nodes_expanded <= len(exact)  # the work is bounded by the state space, not the budget
    assert time.perf_counter() - began < 30  # each took minutes before (the budget's 700,000 expansions)


def test_the_hardest_3x3_is_solved_exactly_with_the_optimal_length() -> None:
    board = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))
    result = run(solve_big(board))
    assert result.moves is not None and len(result.moves) == 31 == result.lower_bound and result.optimal
    assert result.nodes_expanded < 181_440


@pytest.mark.parametrize(
    ("shape", "moves"), [((2, 5), "RRRRD"), ((4, 4), "DDDRRR"), ((5, 5), "DDDDRRRR"), ((10, 10), "D" * 9 + "R" * 9)]
)
def test_a_solution_as_long_as_the_lower_bound_ends_the_search(shape: tuple[int, int], moves: str) -> None:
    goal = goal_board(*shape)
    board = goal.apply(parse_moves(moves))
    result = run(solve_big(board, goal))
    assert result.moves is not None and len(result.moves) == result.lower_bound == len(moves) and result.optimal
    assert result.nodes_expanded < WORK_UNIT // 100  # not the whole budget (700,000) spent on shortening


def test_auto_never_routes_a_board_of_nine_cells_or_fewer_to_the_near_optimal_solver() -> None:
    for rows, cols in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]:
        assert rows * cols <= EXACT_CELLS
        goal = goal_board(rows, cols)
        assert plan(goal, goal).algorithm != NEAR_OPTIMAL
        options = json.loads(api.handle(json.dumps({"op": "options", "rows": rows, "cols": cols})))
        assert options["default_algorithm"] != NEAR_OPTIMAL and options["default_optimal"]
        assert "exact (A*, optimal)" in plan(goal, goal, NEAR_OPTIMAL).summary  # when asked for by name
    assert "not proven optimal" in plan(goal_board(2, 5), goal_board(2, 5), NEAR_OPTIMAL).summary


@pytest.mark.parametrize("board", ["3 1/2 0", "5 4 3/2 1 0", "5 4/3 2/1 0", "8 6 7/2 5 4/3 0 1"])
def test_an_api_session_of_the_near_optimal_solver_on_a_small_board_answers_in_its_first_slice(board: str) -> None:
    session = api.start(json.dumps({"op": "solve", "board": board, "algorithm": NEAR_OPTIMAL}))
    began = time.perf_counter()
    reply: dict[str, Any] = json.loads(session.advance(0.05))
    while reply["type"] == "progress":
        reply = json.loads(session.advance(0.05))
    assert time.perf_counter() - began < 2
    assert reply["type"] == "result" and reply["ok"] and reply["optimal"]


def test_without_numba_a_beam_does_not_try_to_import_it_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # as in the browser's Pyodide: not installed
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "npuzzle.nearoptimal.beam_numba", raising=False)
    tried: list[str] = []
    real_import = builtins.__import__

    def counting(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> ModuleType:
        tried.extend(part for part in (name, *(fromlist or ())) if "beam_numba" in part)
        return real_import(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", counting)
    assert compiled_kernels() is None
    assert tried == []  # reading and running the module up to its failing line costs milliseconds a beam
