"""The tuned searches (npuzzle.optimal.search) against the textbook ones (npuzzle.course.reference): the same length and
the same counts, heuristic by heuristic, on the hardest 8-puzzles and on random boards of several shapes."""

from __future__ import annotations

import random

import pytest

from npuzzle import Board, goal_board, random_board, scramble
from npuzzle.course.reference import SlidingPuzzle, astar, idastar
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.optimal.search import astar as tuned_astar
from npuzzle.optimal.search import idastar as tuned_idastar
from npuzzle.progress import run
from npuzzle.research.instances import hardest8
from oracle import distances

HEURISTICS = ("discrete", "hamming", "manhattan", "linear-conflict")


def boards() -> list[tuple[Board, Board]]:
    rng = random.Random(19)
    cases = [(random_board(3, 3, seed=rng.randrange(1 << 30)), goal_board(3, 3)) for _ in range(3)]
    for rows, cols in ((2, 4), (4, 2), (3, 4), (4, 4)):
        goal = goal_board(rows, cols, rng.choice(("default", "blank-first")))
        cases.append((scramble(goal, 14, seed=rng.randrange(1 << 30)), goal))
    return cases


SEARCHES = {"astar": (astar, tuned_astar), "idastar": (idastar, tuned_idastar)}
"""Each algorithm's textbook search and its tuned one."""

CASES = [
    pytest.param("astar", HEURISTICS[0], marks=pytest.mark.slow),
    *(("astar", heuristic) for heuristic in HEURISTICS[1:]),
    ("idastar", "manhattan"),
    ("idastar", "linear-conflict"),
]


@pytest.mark.parametrize(("algorithm", "heuristic"), CASES)
def test_the_tuned_searches_match_the_textbook_ones(algorithm: str, heuristic: str) -> None:
    textbook, tuned_search = SEARCHES[algorithm]
    for board, goal in boards():
        reference = textbook(SlidingPuzzle(board, goal, make_heuristic(heuristic, goal)))
        tuned = run(tuned_search(board, goal, make_heuristic(heuristic, goal)))
        assert reference.path is not None and tuned.moves is not None
        assert len(tuned.moves) == len(reference.path) - 1
        figures = (reference.expanded, reference.generated, reference.max_frontier)
        assert (tuned.nodes_expanded, tuned.nodes_generated, tuned.max_frontier) == figures, (board, heuristic)
        if algorithm == "idastar":  # and the same iterations, each with the same nodes
            assert [tuple(i) for i in tuned.extra["per_iteration"]] == reference.per_iteration


@pytest.mark.slow
def test_the_hardest_8_puzzles_against_the_textbook_searches_and_breadth_first_search() -> None:
    goal = goal_board(3, 3)
    exact = distances(goal)
    for instance in hardest8()[:2]:
        board = Board(3, 3, tuple(instance.tiles))
        for name in ("manhattan", "linear-conflict"):
            problem = SlidingPuzzle(board, goal, make_heuristic(name, goal))
            for reference, tuned in ((astar, tuned_astar), (idastar, tuned_idastar)):
                expected = reference(problem)
                result = run(tuned(board, goal, make_heuristic(name, goal)))
                assert expected.path is not None and len(expected.path) - 1 == exact[board.tiles] == result.length
                assert (result.nodes_expanded, result.nodes_generated) == (expected.expanded, expected.generated)


def test_the_textbook_astar_reports_an_unreachable_goal() -> None:
    board, goal = Board(2, 2, (2, 1, 3, 0)), goal_board(2, 2)  # the other parity class: no path
    found = astar(SlidingPuzzle(board, goal, make_heuristic("manhattan", goal)))
    assert found.path is None and found.expanded == 12  # every state of its class (IDA* would deepen for ever)
