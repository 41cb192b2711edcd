"""The one search checkpoint: its limits, its progress cadence, its stop messages, the path replay and check; and
that the four optimal searches (A*, IDA*, the walking-distance and the pattern-database IDA*) all go through it."""

from __future__ import annotations

import time

import pytest

from npuzzle import Board, goal_board, make_heuristic
from npuzzle.optimal.checkpoint import Checkpoint, SearchBug, limit_message, result_from_progress, tiles_moved, verify
from npuzzle.optimal.search import astar, idastar
from npuzzle.optimal.walking_search import solve_with_walking_distance
from npuzzle.pdb.pure_builder import build_database
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.progress import Limit, Progress, Search, SearchResult, run


def test_checks_step_by_every_and_never_past_the_node_limit() -> None:
    checkpoint = Checkpoint(Limit(nodes=2_500), report_every=1e9, every=1_000)
    assert checkpoint.next_at == 1_000
    assert checkpoint.check(1_000) is None and checkpoint.next_at == 2_000
    assert checkpoint.check(2_000) is None and checkpoint.next_at == 2_500  # the limit, not 3,000
    assert checkpoint.check(2_500) == "node-limit"
    assert Checkpoint(Limit(nodes=10), 1.0, 256).next_at == 10
    assert Checkpoint(Limit(), 1.0, 256).next_at == 256


def test_limits_are_checked_nodes_then_time_then_memory() -> None:
    expired = Limit(nodes=100, seconds=1e-9, memory=50)
    assert Checkpoint(expired, 1.0, 10, bounds_memory=True).check(100, held=60) == "node-limit"
    assert Checkpoint(expired, 1.0, 10, bounds_memory=True).check(99, held=60) == "time-limit"
    roomy = Limit(nodes=100, seconds=None, memory=50)
    assert Checkpoint(roomy, 1.0, 10, bounds_memory=True).check(99, held=50) == "memory-limit"
    assert Checkpoint(roomy, 1.0, 10, bounds_memory=True).check(99, held=49) is None
    assert Checkpoint(roomy, 1.0, 10).check(99, held=60) is None  # IDA* holds no states: memory never binds


def test_the_time_limit_counts_from_the_given_start() -> None:
    began = time.perf_counter() - 5.0  # e.g. tables built before the search proper
    assert Checkpoint(Limit(seconds=4.0), 1.0, 10, start=began).check(10) == "time-limit"
    assert Checkpoint(Limit(seconds=4.0), 1.0, 10).check(10) is None


def test_a_progress_record_is_due_once_report_every_has_passed() -> None:
    eager = Checkpoint(Limit(), report_every=0.0, every=10)
    assert eager.check(10) is None and eager.report_due()
    patient = Checkpoint(Limit(), report_every=1e9, every=10)
    assert patient.check(10) is None and not patient.report_due()
    assert patient.now >= patient.start and patient.elapsed() >= 0.0


def test_limit_messages_say_what_stopped_the_search_and_what_to_try() -> None:
    assert limit_message("astar", "hamming", "node-limit", Limit(nodes=500), 500, 600, 20) == (
        "A* stopped at the node limit (500 nodes expanded); the solution needs at least 20 moves. "
        "Try IDA* (it needs almost no memory) or a stronger heuristic (linear-conflict)."
    )
    assert limit_message("idastar", "pdb-7/7-7+reflected", "time-limit", Limit(seconds=2), 9_000, 0, 50) == (
        "IDA* stopped at the time limit (2 s) after expanding 9,000 nodes; the solution needs at least 50 moves. "
        "Allow more nodes or time."
    )


def test_a_cancel_builds_its_result_from_the_last_record() -> None:
    assert result_from_progress(None, "idastar", "manhattan").message.startswith("the search was stopped (cancelled)")
    last = Progress(
        algorithm="idastar",
        heuristic="manhattan",
        nodes_expanded=1_000,
        nodes_generated=2_000,
        frontier=12,
        bound=40,
        iteration=3,
        elapsed=0.5,
        max_frontier=30,
    )
    result = result_from_progress(last, "idastar", "manhattan")
    assert (result.stopped, result.nodes_expanded, result.max_frontier, result.lower_bound) == (
        "cancelled",
        1_000,
        30,
        40,
    )
    assert result.message == (
        "IDA* stopped at a cancel request after expanding 1,000 nodes; the solution needs at least 40 moves."
    )


def test_the_blank_path_replay_and_the_path_check() -> None:
    board, goal = Board(3, 3, (1, 2, 3, 4, 5, 6, 0, 7, 8)), goal_board(3, 3)
    assert tiles_moved(board.tiles, [6, 7, 8]) == [7, 8]
    assert tiles_moved(board.tiles, [6]) == []
    assert verify(board, goal, tiles_moved(board.tiles, [6, 7, 8])) == (7, 8)
    with pytest.raises(SearchBug, match="ends at"):
        verify(board, goal, [7])
    with pytest.raises(SearchBug, match="illegal"):
        verify(board, goal, [1])


HARD8 = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))  # 31 moves


def _searches(limit: Limit) -> dict[str, Search]:
    goal = goal_board(3, 3)
    database = build_database(3, 3, ((1, 2, 3, 5), (4, 6, 7, 8)))
    return {
        "astar": astar(HARD8, goal, make_heuristic("manhattan", goal), limit),
        "idastar": idastar(HARD8, goal, make_heuristic("manhattan", goal), limit),
        "walking": solve_with_walking_distance(HARD8, goal, limit),
        "pdb": solve_with_pdb(HARD8, goal, database, limit, reflect=False),
    }


def test_every_search_stops_at_the_node_limit_with_the_one_message() -> None:
    results: dict[str, SearchResult] = {name: run(search) for name, search in _searches(Limit(nodes=40)).items()}
    for name, result in results.items():
        assert result.stopped == "node-limit" and result.moves is None, name
        assert 40 <= result.nodes_expanded < 40 + 10, name
        assert result.message.startswith(
            (
                "A* stopped at the node limit (40 nodes expanded); the solution needs at least ",
                "IDA* stopped at the node limit (40 nodes expanded); the solution needs at least ",
            )
        ), (name, result.message)
        assert 0 < result.lower_bound <= 31, name


def test_every_search_reports_progress_and_solves_within_the_same_contract() -> None:
    for name, search in _searches(Limit()).items():
        records: list[Progress] = []
        result = run(search, records.append)
        assert records and records[0].nodes_expanded == 0, name
        assert result.length == 31 and result.optimal and result.stopped is None, name
