"""Walking distance: the table against Takahashi's state count and exact distances, and its IDA*."""

from __future__ import annotations

import random
from collections import deque

import pytest

from npuzzle import Board, goal_board
from npuzzle.errors import PuzzleError, UnsolvableError
from npuzzle.progress import Limit, run
from npuzzle.walking import WalkingTable, build_walking_table, solve_with_walking_distance, walking_fits, walking_tables


def _distances(goal: Board) -> dict[tuple[int, ...], int]:
    rows, cols = goal.rows, goal.cols
    dist = {goal.tiles: 0}
    queue = deque([goal.tiles])
    while queue:
        state = queue.popleft()
        z = state.index(0)
        r, c = divmod(z, cols)
        for p in (z - cols if r else -1, z + cols if r < rows - 1 else -1, z - 1 if c else -1,
                  z + 1 if c < cols - 1 else -1):
            if p >= 0:
                nxt = list(state)
                nxt[z], nxt[p] = nxt[p], 0
                key = tuple(nxt)
                if key not in dist:
                    dist[key] = dist[state] + 1
                    queue.append(key)
    return dist


def test_takahashi_state_count() -> None:
    table = build_walking_table(4, 4, 0)
    assert len(table.distance) == 24_964
    assert table.distance[0] == 0


def _walking(board: Board, goal: Board, tables: tuple[WalkingTable, WalkingTable]) -> int:
    vertical, horizontal = tables
    n, cols = board.size, board.cols
    cell = {t: c for c, t in enumerate(goal.tiles)}
    rs = vertical.state_of([c // cols for c in range(n)], [cell[t] // cols for t in range(n)], board.tiles)
    cs = horizontal.state_of([c % cols for c in range(n)], [cell[t] % cols for t in range(n)], board.tiles)
    return vertical.distance[rs] + horizontal.distance[cs]


@pytest.mark.parametrize("goal", [goal_board(3, 3), Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8)),
                                  goal_board(2, 4, "blank-first")])
def test_admissible_with_the_parity_of_the_distance(goal: Board) -> None:
    dist = _distances(goal)
    tables = walking_tables(goal)
    rng = random.Random(7)
    for state in rng.sample(sorted(dist), 3000):
        h = _walking(Board(goal.rows, goal.cols, state), goal, tables)
        assert h <= dist[state] and (dist[state] - h) % 2 == 0


@pytest.mark.parametrize("goal", [goal_board(3, 3), goal_board(3, 3, "blank-first"),
                                  Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8)), goal_board(2, 3)])
def test_optimal_on_small_boards_for_any_goal(goal: Board) -> None:
    dist = _distances(goal)
    tables = walking_tables(goal)
    rng = random.Random(11)
    deepest = max(dist.values())
    sample = [s for s, d in dist.items() if d == deepest][:2] + rng.sample(sorted(dist), 20)
    for state in sample:
        board = Board(goal.rows, goal.cols, state)
        result = run(solve_with_walking_distance(board, goal, tables=tables))
        assert result.optimal and result.length == dist[state]
        assert board.apply(result.moves or ()) == goal


def test_korf_instances(korf100: list[tuple[int, int, list[int]]]) -> None:
    goal = goal_board(4, 4, "blank-first")
    tables = walking_tables(goal)
    for ident, length, tiles in korf100:
        if ident in (12, 79):
            result = run(solve_with_walking_distance(Board(4, 4, tuple(tiles)), goal, tables=tables))
            assert result.length == length, ident


def test_limits_and_refusals() -> None:
    goal = goal_board(4, 4)
    board = Board(4, 4, (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0))
    result = run(solve_with_walking_distance(board, goal, Limit(nodes=3000)))
    assert result.stopped == "node-limit" and result.moves is None
    with pytest.raises(UnsolvableError):
        solve_with_walking_distance(Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0)), goal_board(3, 3))
    assert not walking_fits(Board(5, 5, tuple(range(25))), goal_board(5, 5))
    with pytest.raises(PuzzleError, match="at most 4 rows"):
        solve_with_walking_distance(Board(5, 5, tuple(range(25))), goal_board(5, 5))
    with pytest.raises(PuzzleError, match="built for another goal"):
        solve_with_walking_distance(board, goal, tables=walking_tables(goal_board(4, 4, "blank-first")))
