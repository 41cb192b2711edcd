"""Walking distance: the table against Takahashi's state count and exact distances, and its IDA*."""

from __future__ import annotations

import inspect
import json
import random

import pytest

from npuzzle import Board, api, goal_board
from npuzzle.errors import LimitError, PuzzleError, UnsolvableError
from npuzzle.optimal.walking import (
    BUILD_STEP,
    WalkingTable,
    build_walking_table,
    walking_fits,
    walking_tables,
)
from npuzzle.optimal.walking_search import solve_with_walking_distance
from npuzzle.progress import Limit, run
from npuzzle.solving.registry import default_registry
from npuzzle.solving.solve import plan, solve
from oracle import distances


@pytest.mark.slow
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


@pytest.mark.parametrize(
    "goal",
    [
        pytest.param(goal_board(3, 3), marks=pytest.mark.slow),
        pytest.param(Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8)), marks=pytest.mark.slow),
        goal_board(2, 4, "blank-first"),
    ],
)
def test_admissible_with_the_parity_of_the_distance(goal: Board) -> None:
    dist = distances(goal)
    tables = walking_tables(goal)
    rng = random.Random(7)
    for state in rng.sample(sorted(dist), 3000):
        h = _walking(Board(goal.rows, goal.cols, state), goal, tables)
        assert h <= dist[state] and (dist[state] - h) % 2 == 0


@pytest.mark.parametrize(
    "goal",
    [
        pytest.param(goal_board(3, 3), marks=pytest.mark.slow),
        pytest.param(goal_board(3, 3, "blank-first"), marks=pytest.mark.slow),
        pytest.param(Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8)), marks=pytest.mark.slow),
        goal_board(2, 3),
    ],
)
def test_optimal_on_small_boards_for_any_goal(goal: Board) -> None:
    dist = distances(goal)
    tables = walking_tables(goal)
    rng = random.Random(11)
    deepest = max(dist.values())
    sample = [s for s, d in dist.items() if d == deepest][:2] + rng.sample(sorted(dist), 20)
    for state in sample:
        board = Board(goal.rows, goal.cols, state)
        result = run(solve_with_walking_distance(board, goal, tables=tables))
        assert result.optimal and result.length == dist[state]
        assert board.apply(result.moves or ()) == goal


@pytest.mark.slow
def test_korf_instances(korf100: list[tuple[int, int, list[int]]]) -> None:
    goal = goal_board(4, 4, "blank-first")
    tables = walking_tables(goal)
    for ident, length, tiles in korf100:
        if ident in (12, 79):
            result = run(solve_with_walking_distance(Board(4, 4, tuple(tiles)), goal, tables=tables))
            assert result.length == length, ident


@pytest.mark.slow
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


@pytest.mark.slow
def test_registered_as_a_heuristic_that_idastar_runs_with_the_specialised_solver() -> None:
    goal = goal_board(3, 4)
    board = Board(3, 4, (11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0))
    registry = default_registry()
    assert "walking-distance" in registry.fitting_names(board, goal)
    special = registry.solver("idastar", "walking-distance", board, goal)
    assert special is not None and special.run is solve_with_walking_distance
    ida = run(solve(board, goal, "idastar", "walking-distance", Limit(seconds=60)))
    assert ida.heuristic == "walking-distance" and "h0" in ida.extra  # only the specialised solver reports h0
    generic = run(solve(board, goal, "astar", "walking-distance", Limit(seconds=60)))  # A*: the generic WalkingDistance
    assert generic.algorithm == "astar" and generic.heuristic == "walking-distance"
    lc = run(solve(board, goal, "idastar", "linear-conflict", Limit(seconds=60)))
    assert ida.optimal and generic.optimal and ida.length == generic.length == lc.length
    assert board.apply(ida.moves or ()) == goal == board.apply(generic.moves or ())


def test_auto_picks_it_only_for_4x4_and_wider_boards_refuse_it() -> None:
    for shape in ((3, 3), (3, 4), (4, 3), (2, 4)):  # linear conflict measured faster there (README)
        goal = goal_board(*shape)
        assert plan(goal, goal).heuristic == "linear-conflict", shape
    goal = Board(4, 4, (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    chosen = plan(goal, goal)
    assert (chosen.algorithm, chosen.heuristic) == ("idastar", "walking-distance")
    assert default_registry().fitting_names(goal, goal)[-2:] == ("walking-distance", "linear-conflict")
    wide = goal_board(3, 5)
    assert "walking-distance" not in default_registry().fitting_names(wide, wide)
    with pytest.raises(LimitError, match="walking-distance heuristic is not available for a 3×5 board"):
        plan(wide, wide, "idastar", "walking-distance")
    for shape, offered in (((4, 4), True), ((2, 6), False)):
        reply = json.loads(api.handle(json.dumps({"op": "options", "rows": shape[0], "cols": shape[1]})))
        names = [h["name"] for h in reply["heuristics"]]
        assert ("walking-distance" in names) == offered
        assert (reply["default_heuristic"] == "walking-distance") == offered


@pytest.mark.slow
def test_table_building_inside_the_search_reports_progress_and_stops_on_close() -> None:
    goal = Board(4, 4, (1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12, 13, 14, 15))  # blank off the diagonal: 2 tables
    board = Board(4, 4, (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0))
    # a record at every step (report_every 0): the building yields every BUILD_STEP abstract states, so a cancel
    # waits for no more than that much work (its milliseconds are the benchmarks'), on any machine
    search = solve_with_walking_distance(board, goal, report_every=0.0)  # returns at once: nothing is built yet
    building = 0
    for record in search:
        if record.bound is not None:  # the tables are built, IDA* has started
            break
        building += 1
    search.close()
    states = sum(len(t.distance) for t in walking_tables(goal))
    assert building >= states // BUILD_STEP
    assert inspect.getgeneratorstate(search) == "GEN_CLOSED"


def test_a_star_builds_its_tables_in_steps_a_record_each_and_a_cancel_is_heard_meanwhile() -> None:
    goal = Board(4, 4, (1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12, 13, 14, 15))  # blank off the diagonal: 2 tables
    board = Board(4, 4, (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0))
    search = plan(board, goal, "astar", "walking-distance").start(Limit(nodes=50))
    building = 0
    for record in search:
        if record.bound is not None:  # the tables are built, A* has started
            break
        assert (record.algorithm, record.heuristic, record.nodes_expanded) == ("astar", "walking-distance", 0)
        building += 1
    steps = sum(len(t.distance) // BUILD_STEP for t in walking_tables(goal))
    assert building >= steps  # a record every BUILD_STEP abstract states: a slice's work, no more
    result = run(search)
    assert result.stopped == "node-limit" and result.nodes_expanded == 50
    session = api.start(json.dumps({"op": "solve", "board": board.format(one_line=True), "algorithm": "astar",
                                    "heuristic": "walking-distance", "goal": goal.format(one_line=True)}))  # fmt: skip
    assert json.loads(session.advance(0))["nodes_expanded"] == 0  # answered while the tables are being built
    cancelled = json.loads(session.cancel())
    assert cancelled["type"] == "result" and cancelled["stopped"] == "cancelled"
