"""The near-optimal solver against published lengths: Korf & Felner's optima and DeepCubeA's answers on its own
test boards (``bench/data``), which no proven lower bound may exceed and no valid answer may undercut the optimum."""

from __future__ import annotations

import pytest
from bench.near import cases_of

from npuzzle import Board
from npuzzle.nearoptimal import manhattan_linear_conflict, solve_big
from npuzzle.nearoptimal.grouptables import positions, shipped_five
from npuzzle.nearoptimal.solver import region_partitions
from npuzzle.progress import run
from npuzzle.research.instances import korf24
from npuzzle.solvability import check_reachable

DEEPCUBEA = {"dca24": (5, 496), "dca35": (6, 500), "dca48": (7, 500)}
"""DeepCubeA's sets: the side of their boards and how many boards its repository publishes."""


def table_bound(board: Board, goal: Board) -> int:
    """The largest of the shipped 5×5 tables' two partition sums for ``board`` towards ``goal``."""
    partitions = region_partitions(5, 5, goal.tiles, shipped_five())
    return max(p.value(positions(board.tiles)) for p in partitions)


@pytest.mark.parametrize("name", sorted(DEEPCUBEA))
def test_deepcubea_boards_are_whole_and_no_lower_bound_exceeds_its_answers(name: str) -> None:
    side, count = DEEPCUBEA[name]
    cases = cases_of(name, 1000, 0)
    assert len(cases) == count
    for case in cases:
        assert (case.board.rows, case.board.cols) == (side, side)
        check_reachable(case.board, case.goal)
        assert case.reference is not None
        assert manhattan_linear_conflict(case.board.tiles, case.goal.tiles, side, side) <= case.reference
        if side == 5:
            assert table_bound(case.board, case.goal) <= case.reference


def test_no_lower_bound_exceeds_korf_and_felners_optima() -> None:
    instances = korf24()
    assert len(instances) == 50
    for instance in instances:
        board, goal = instance.board(), instance.goal_board()
        assert instance.optimal is not None
        assert manhattan_linear_conflict(board.tiles, goal.tiles, 5, 5) <= instance.optimal
        assert table_bound(board, goal) <= instance.optimal


@pytest.mark.slow
@pytest.mark.parametrize("name, first", [("korf50", 0), ("dca24", 7), ("dca35", 3), ("dca48", 113)])
def test_answers_replay_and_lie_between_the_bound_and_at_least_the_optimum(name: str, first: int) -> None:
    case = cases_of(name, 1, first)[0]
    result = run(solve_big(case.board, case.goal, budget=0.5))
    assert result.moves is not None and case.board.apply(result.moves) == case.goal
    assert result.lower_bound <= len(result.moves)
    assert case.reference is not None and result.lower_bound <= case.reference
    if name == "korf50":  # a published optimum: no answer is shorter, and only the optimum may be called optimal
        assert len(result.moves) >= case.reference
        assert result.optimal == (len(result.moves) == case.reference == result.lower_bound)
