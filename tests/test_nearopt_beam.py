"""The near-optimal solver's beam and windows: the conflict estimate, paths that replay, both directions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import Board, goal_board, random_board, scramble
from npuzzle.nearoptimal import manhattan_linear_conflict
from npuzzle.nearoptimal.beam import RECENT, BoardKernel, Pace, beam_search, best_first, forgets, reversed_path
from npuzzle.nearoptimal.budget import Budget
from npuzzle.nearoptimal.conflicts import LineConflicts
from npuzzle.nearoptimal.grouptables import neighbours
from npuzzle.nearoptimal.windows import beam_windows
from npuzzle.progress import Limit, run
from oracle import distances


def budget(nodes: int | None = None) -> Budget:
    return Budget(Limit(memory=None), "near-optimal", "test", nodes)


def replay_on(board: Board, path: list[int]) -> Board:
    """Apply blank cells as moves of the tiles there, so Board.apply checks every step's legality."""
    cells = list(board.tiles)
    blank = cells.index(0)
    moves = []
    for cell in path:
        moves.append(cells[cell])
        cells[blank], cells[cell] = cells[cell], 0
        blank = cell
    return board.apply(moves)


def test_line_conflicts_of_a_few_lines() -> None:
    rank = LineConflicts(1, 5, range(5))
    assert rank.line(bytes([1, 2, 3])) == 0
    assert rank.line(bytes([2, 1, 0])) == 2
    assert rank.line(bytes([3, 2, 1])) == 4
    assert rank.line(bytes([0, 3, 0, 1, 2])) == 2


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.integers(0, 10**6))
def test_each_childs_estimate_is_manhattan_plus_conflicts_for_any_target(rows: int, cols: int, seed: int) -> None:
    """The kernel's estimate, kept up to date move by move, is the estimate computed whole."""
    rng = random.Random(seed)
    target = list(range(rows * cols))
    rng.shuffle(target)
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    kernel = BoardKernel(rows, cols, bytes(cells), bytes(target))
    for depth in range(1, 4):
        if kernel.expand(0, len(kernel.layer)) >= 0:
            break
        for (child, *_), key in zip(kernel.made, kernel.keys, strict=True):
            assert key == manhattan_linear_conflict(child, target, rows, cols)
        kernel.keep(4, depth)


@pytest.mark.parametrize("rows, cols, seed", [(3, 3, 1), (4, 4, 2), (5, 5, 3), (6, 6, 4), (3, 7, 5)])
def test_beam_paths_replay_from_start_to_target_both_ways(rows: int, cols: int, seed: int) -> None:
    board, goal = random_board(rows, cols, seed=seed), goal_board(rows, cols)
    forward = run(beam_search(rows, cols, board.tiles, goal.tiles, 200, budget(), 10_000))
    assert forward is not None and replay_on(board, forward) == goal
    backward = run(beam_search(rows, cols, goal.tiles, board.tiles, 200, budget(), 10_000))
    assert backward is not None and replay_on(goal, backward) == board
    assert replay_on(board, reversed_path(goal.tiles, backward)) == goal


def test_the_beam_finds_shortest_paths_when_wide_enough() -> None:
    goal = goal_board(3, 3)
    exact = distances(goal)
    for tiles in random.Random(5).sample(sorted(exact), 20):
        path = run(beam_search(3, 3, tiles, goal.tiles, 5000, budget(), 100))
        assert path is not None and len(path) == exact[tiles]


def test_the_beam_gives_up_beyond_its_depth_and_at_the_soft_budget() -> None:
    board, goal = random_board(5, 5, seed=9), goal_board(5, 5)
    assert run(beam_search(5, 5, board.tiles, goal.tiles, 100, budget(), 10)) is None
    spent = budget(500)
    assert run(beam_search(5, 5, board.tiles, goal.tiles, 100, spent, 10_000, Pace(soft=True))) is None
    assert spent.expanded == 500


def test_windows_never_lengthen_and_keep_the_path_valid() -> None:
    goal = goal_board(5, 5)
    board = scramble(goal, 200, seed=4)
    walk = run(beam_search(5, 5, board.tiles, goal.tiles, 20, budget(), 10_000))
    assert walk is not None
    better = run(beam_windows(5, 5, board.tiles, walk, 100, budget(400_000)))
    assert len(better) < len(walk) and replay_on(board, better) == goal


def test_the_beam_is_deterministic() -> None:
    board, goal = random_board(6, 6, seed=11), goal_board(6, 6)
    runs = [run(beam_search(6, 6, board.tiles, goal.tiles, 300, budget(), 10_000)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_more_window_budget_never_lengthens_and_buys_wider_rounds() -> None:
    goal = goal_board(5, 5)
    board = scramble(goal, 300, seed=8)
    walk = run(beam_search(5, 5, board.tiles, goal.tiles, 5, budget(), 10_000))
    assert walk is not None
    one_round = budget()
    single = run(beam_windows(5, 5, board.tiles, walk, 5, one_round))
    lengths, spent = [], []
    for nodes in (20_000, 80_000, 320_000):
        paced = budget(nodes)
        better = run(beam_windows(5, 5, board.tiles, walk, 5, paced))
        assert replay_on(board, better) == goal
        lengths.append(len(better))
        spent.append(paced.expanded)
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] < len(single) <= len(walk)
    assert spent[-1] > one_round.expanded  # the later rounds, with wider beams, used the budget


def test_the_tie_rule_keeps_the_lowest_estimates_in_the_order_made() -> None:
    assert best_first([5, 3, 5, 1, 3, 3, 7], 4) == [3, 1, 4, 5]
    assert best_first([2, 2, 2], 5) == [0, 1, 2]


def test_the_child_order_is_the_blanks_neighbours_up_down_left_right() -> None:
    board = Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))  # the blank in the middle
    kernel = BoardKernel(3, 3, bytes(board.tiles), bytes(goal_board(3, 3).tiles))
    assert kernel.expand(0, 1) == -1
    assert [child[-2] for child in kernel.made] == list(neighbours(3, 3)[4]) == [1, 7, 3, 5]


def test_the_recent_window_forgets_every_recent_depths_and_the_line_beam_never() -> None:
    assert [depth for depth in range(1, 50) if forgets(RECENT, depth)] == [RECENT, 2 * RECENT, 3 * RECENT]
    assert not any(forgets(None, depth) for depth in range(1, 50))
    start = bytes(scramble(goal_board(4, 4), 40, seed="window").tiles)
    kernel = BoardKernel(4, 4, start, bytes(goal_board(4, 4).tiles))
    kept: list[set[bytes]] = []
    for depth in range(1, 2 * RECENT + 2):
        kernel.expand(0, len(kernel.layer))
        kernel.keep(3, depth)
        kept.append({entry[0] for entry in kernel.layer})
    # kept[k] holds depth k + 1's; after depth 2·RECENT + 1, the states of depths RECENT … 2·RECENT + 1 are refused
    assert kernel.older == set().union(*kept[RECENT - 1 : 2 * RECENT - 1])
    assert kernel.newer == kept[2 * RECENT - 1] | kept[2 * RECENT]
