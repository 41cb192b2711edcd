"""The 15-puzzle with the databases the test command builds: optimal line-move solving against a breadth-first search
on scrambles of up to 8 line moves, and analyses in both metrics against the exact solvers on random played paths
(the distances, the mistakes and every optimal move at a mistake)."""

from __future__ import annotations

import random

import pytest

from npuzzle import Board, goal_board, moves_to_letters, run
from npuzzle.interchange import write_notation
from npuzzle.optimal.metric import count_tiles, runs
from npuzzle.pdb import MultisetDatabase, PdbTables, read_multiset, solve_with_multiset, solve_with_pdb
from npuzzle.solving.registry import Registry, registry_with_tables
from npuzzle.speedsolving.analysis import analyse
from npuzzle.speedsolving.scrambles import deal
from oracle import line_distance
from shipped_pdb import MTM_FILE, require_mtm_pdb, require_shipped_pdb
from test_analysis import every_move
from test_mtm import line_scramble

require_shipped_pdb()
require_mtm_pdb()


@pytest.fixture(scope="module")
def mtm() -> MultisetDatabase:
    return read_multiset(MTM_FILE)


@pytest.fixture(scope="module")
def registry(tables: PdbTables, mtm: MultisetDatabase) -> Registry:
    return registry_with_tables(tables).with_mtm(mtm)


def test_the_shipped_database_solves_scrambles_of_up_to_8_line_moves_optimally(mtm: MultisetDatabase) -> None:
    goal = goal_board(4, 4)
    rng = random.Random(11)
    for moves in [1, 2, 4, 6, 7, 8, 8, 8, 8]:
        board = line_scramble(goal, moves, rng)
        result = run(solve_with_multiset(board, goal, mtm))
        assert result.optimal and result.extra["line_moves"] == line_distance(board, goal)
        assert count_tiles(board, result.moves or (), "mtm") == result.extra["line_moves"]


def wandering(board: Board, goal: Board, tables: PdbTables, moves: int, rng: random.Random) -> str:
    """``moves`` single-tile moves, each a shortest solution's first move or (one time in three) a random one."""
    letters = []
    for _ in range(moves):
        best = run(solve_with_pdb(board, goal, tables)).moves
        if not best:
            break
        letter = rng.choice(list(board.movable_tiles())) if rng.random() < 0.35 else board.direction_of(best[0])
        letters.append(letter)
        board = board.slide(letter)
    return "".join(letters)


@pytest.mark.slow
def test_stm_analyses_match_the_exact_solver(tables: PdbTables, registry: Registry) -> None:
    goal = goal_board(4, 4)
    rng = random.Random(12)

    def distance(board: Board) -> int:
        return len(run(solve_with_pdb(board, goal, tables)).moves or ())

    for seed in (1, 2):
        board = deal(4, 4, seed).board  # random-state scrambles, some 50 moves from the goal
        letters = wandering(board, goal, tables, 25, rng)
        analysis = run(analyse(board, goal, write_notation(letters), "stm", registry))
        here, expected = board, []
        for letter in [""] + list(letters):
            here = here.apply(letter)
            expected.append(distance(here))
        assert analysis.exact and list(analysis.distances) == expected
        assert [n for n in range(1, len(expected)) if expected[n] > expected[n - 1]] == list(analysis.mistakes)
        here = board
        for step, letter in zip(analysis.steps, letters, strict=True):
            if step.mistake:
                closer = [m for m in every_move(here, "stm") if distance(here.apply(m)) == step.before - 1]
                assert step.optimal_moves == tuple(closer)
            here = here.slide(letter)


@pytest.mark.slow
def test_mtm_analyses_match_the_exact_solver(tables: PdbTables, mtm: MultisetDatabase, registry: Registry) -> None:
    goal = goal_board(4, 4)
    rng = random.Random(13)

    def distance(board: Board) -> int:
        lines: int = run(solve_with_multiset(board, goal, mtm)).extra["line_moves"]
        return lines

    for _ in range(3):
        board = line_scramble(goal, 30, rng)
        letters = wandering(board, goal, tables, 30, rng)
        analysis = run(analyse(board, goal, write_notation(letters), "mtm", registry))
        here, expected = board, []
        plays = [letter * count for letter, count in runs(letters)]
        for play in [""] + plays:
            here = here.apply(play)
            expected.append(distance(here))
        assert analysis.exact and list(analysis.distances) == expected
        here = board
        for step, play in zip(analysis.steps, plays, strict=True):
            assert step.mistake == (step.after >= step.before)
            if step.mistake:
                closer = [m for m in every_move(here, "mtm") if distance(here.apply(m)) == step.before - 1]
                assert step.optimal_moves == tuple(write_notation(m) for m in closer)
            here = here.apply(play)


def test_a_finished_solve_loses_its_length_beyond_the_optimum(tables: PdbTables, registry: Registry) -> None:
    goal = goal_board(4, 4)
    board = Board(4, 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15))
    optimal = "".join(moves_to_letters(board, run(solve_with_pdb(board, goal, tables)).moves or ()))
    detour = "RL" + optimal
    analysis = run(analyse(board, goal, detour, "stm", registry))
    assert analysis.solved and analysis.lost == 2 and analysis.mistakes == (1,)
    assert analysis.steps[0].best == optimal[0]
