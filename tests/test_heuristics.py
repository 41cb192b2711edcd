"""Heuristics: admissible against breadth-first distances, exact values on known boards, and per-move deltas that
agree with recomputing from scratch."""

from __future__ import annotations

import random

import pytest

from npuzzle import Board, LimitError, UnknownNameError, goal_board, parse_board, random_board
from npuzzle.names import HEURISTIC_NAMES
from npuzzle.optimal.heuristics import (
    Discrete,
    Hamming,
    Heuristic,
    LinearConflict,
    Manhattan,
    TableHeuristic,
    make_heuristic,
)
from npuzzle.optimal.packing import Layout
from npuzzle.optimal.search import idastar
from npuzzle.optimal.walking import walking_fits
from npuzzle.progress import run
from oracle import distances

GOALS_3X3 = [goal_board(3, 3, "default"), goal_board(3, 3, "blank-first"), random_board(3, 3, seed=11)]


def fitting(goal: Board) -> list[Heuristic]:
    """Every built-in heuristic available for ``goal``'s shape (walking distance: up to 4 rows and columns)."""
    return [
        make_heuristic(name, goal) for name in HEURISTIC_NAMES if name != "walking-distance" or walking_fits(goal, goal)
    ]


@pytest.mark.parametrize("goal", GOALS_3X3, ids=["default", "blank-first", "random-custom"])
@pytest.mark.slow
def test_every_heuristic_is_admissible_on_every_8_puzzle_state(goal: Board) -> None:
    dist = distances(goal)
    assert len(dist) == 181_440
    heuristics = fitting(goal)
    assert [h.name for h in heuristics] == list(HEURISTIC_NAMES)
    for tiles, d in dist.items():
        v = {h.name: h.initial(tiles) for h in heuristics}
        assert v["discrete"] <= v["manhattan"] <= v["linear-conflict"] <= d, (tiles, v, d)
        assert v["manhattan"] <= v["walking-distance"] <= d, (tiles, v, d)
        assert v["hamming"] <= d, (tiles, v, d)
        assert (v["linear-conflict"] == 0) == (d == 0) == (v["walking-distance"] == 0)


def test_heuristics_are_admissible_on_every_2x4_state_and_a_custom_goal() -> None:
    goals = [goal_board(2, 4), goal_board(2, 4, "blank-first"), random_board(2, 4, seed=7)]
    for goal in goals:
        dist = distances(goal)
        assert len(dist) == 20_160
        heuristics = fitting(goal)
        assert len(heuristics) == len(HEURISTIC_NAMES)
        for tiles, d in dist.items():
            assert all(h.initial(tiles) <= d for h in heuristics), tiles


@pytest.mark.parametrize("shape", [(3, 4), pytest.param((4, 3), marks=pytest.mark.slow)])
def test_heuristics_are_admissible_near_the_goal_of_3x4_boards(shape: tuple[int, int]) -> None:
    goal = goal_board(*shape)
    dist = distances(goal, 15)
    assert len(dist) > 20_000
    heuristics = fitting(goal)
    for tiles, d in dist.items():
        assert all(h.initial(tiles) <= d for h in heuristics), tiles


@pytest.mark.parametrize("shape", [(3, 4), (4, 3)])
def test_heuristics_are_admissible_far_from_random_custom_goals_of_3x4_boards(shape: tuple[int, int]) -> None:
    """Uniformly random boards (about 30-45 moves away) and random custom goals; the exact distance of every state
    on an optimal path is the moves left, found by IDA* + linear conflict (itself checked against BFS elsewhere)."""
    rng = random.Random(f"deep {shape}")
    deepest = 0
    for _ in range(4):
        goal = random_board(*shape, seed=rng.randrange(1 << 30))
        board = random_board(*shape, seed=rng.randrange(1 << 30), goal=goal)
        heuristics = fitting(goal)
        assert [h.name for h in heuristics] == list(HEURISTIC_NAMES)
        result = run(idastar(board, goal, make_heuristic("linear-conflict", goal)))
        assert result.moves is not None and result.optimal
        tiles, left = board.tiles, len(result.moves)
        deepest = max(deepest, left)
        for tile in (*result.moves, None):
            assert all(h.initial(tiles) <= left for h in heuristics), (tiles, left)
            if tile is not None:
                z, p = tiles.index(0), tiles.index(tile)
                cells = list(tiles)
                cells[z], cells[p] = tile, 0
                tiles, left = tuple(cells), left - 1
        assert tiles == goal.tiles and left == 0
    assert deepest >= 30


def test_known_values() -> None:
    goal = goal_board(3, 3)
    board = parse_board("8 1 3 / 4 0 2 / 7 6 5")
    assert Hamming(goal).initial(board.tiles) == 5  # 8, 1, 2, 6, 5 are off their cells
    assert Manhattan(goal).initial(board.tiles) == 3 + 1 + 2 + 2 + 2  # 8: 3, 1: 1, 2: 2, 6: 2, 5: 2
    # A row holding 3 2 1 in reverse order needs two of them to leave it: 2 × 2 extra moves.
    reversed_row = parse_board("3 2 1 / 4 5 6 / 7 8 0")
    assert Manhattan(goal).initial(reversed_row.tiles) == 4
    assert LinearConflict(goal).initial(reversed_row.tiles) == 4 + 4
    # Column conflict: 4 above 1 in the first column (one of them must step aside).
    column = parse_board("4 2 3 / 1 5 6 / 7 8 0")
    assert Manhattan(goal).initial(column.tiles) == 2
    assert LinearConflict(goal).initial(column.tiles) == Manhattan(goal).initial(column.tiles) + 2
    assert Discrete(goal).initial(goal.tiles) == 0 and Discrete(goal).initial(board.tiles) == 1


def test_the_blank_is_never_counted() -> None:
    goal = goal_board(3, 3)
    board = parse_board("1 2 3 / 4 5 6 / 7 0 8")  # only the 8 is off (the blank is not a tile)
    assert Hamming(goal).initial(board.tiles) == 1
    assert Manhattan(goal).initial(board.tiles) == 1


@pytest.mark.parametrize("shape", [(3, 3), pytest.param((4, 4), marks=pytest.mark.slow), (2, 5), (3, 4), (5, 5)])
def test_per_move_deltas_match_recomputing(shape: tuple[int, int]) -> None:
    rng = random.Random(hash(shape))
    rows, cols = shape
    for goal in (goal_board(rows, cols), random_board(rows, cols, seed=rng.randrange(1 << 30))):
        layout = Layout.of(rows, cols)
        heuristics = fitting(goal)
        for _ in range(60):
            tiles = random_board(rows, cols, seed=rng.randrange(1 << 30), goal=goal).tiles
            state = layout.pack(tiles)
            assert layout.unpack(state) == tiles
            for move in layout.moves[tiles.index(0)]:
                tile = tiles[move.src]
                child = state + (tile << move.blank_shift) - (tile << move.tile_shift) + move.blank_step
                after = list(tiles)
                after[move.dst], after[move.src] = tile, 0
                assert layout.unpack(child) == tuple(after)
                for h in heuristics:
                    assert h.delta(state, child, tile, move) == h.initial(after) - h.initial(tiles), (h.name, tiles)
                    if isinstance(h, TableHeuristic):
                        change = h.move_delta(move)[tile]
                        lines = h.move_lines(move)
                        line = None if lines is None else lines[tile]
                        if line is not None:
                            change += line[child & line.mask] - line[state & line.mask]
                        assert change == h.initial(after) - h.initial(tiles)


def test_builtins_follow_the_protocol_and_unknown_names_are_refused() -> None:
    goal = goal_board(4, 4)
    for name in HEURISTIC_NAMES:
        h = make_heuristic(name, goal)
        assert isinstance(h, Heuristic) and h.name == name and h.admissible
    with pytest.raises(UnknownNameError, match=r"unknown heuristic 'euclid'; use one of discrete .*linear-conflict"):
        make_heuristic("euclid", goal)
    for alias, name in (
        ("lc", "linear-conflict"),
        ("MD", "manhattan"),
        ("wd", "walking-distance"),
        ("Linear_Conflict", "linear-conflict"),
    ):
        assert make_heuristic(alias, goal).name == name
    with pytest.raises(LimitError, match="up to 4 rows and 4 columns, not 5×5"):
        make_heuristic("walking-distance", goal_board(5, 5))
