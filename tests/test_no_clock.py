"""No clock decides an answer: ``auto``'s fallback, a hint and a dataset row are counted in work (nodes expanded, the
near-optimal budget), so the same board gets the same answer on a slow machine as on a fast one. The slow machine
is a clock that runs 1000× fast: under the old 3 s / 1 s allowances every optimal search here would have given up
after a few milliseconds."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from npuzzle import api, policy
from npuzzle.board import Board, goal_board
from npuzzle.parse import parse_board
from npuzzle.progress import Limit, run
from npuzzle.randomize import random_board
from npuzzle.research.dataset import DatasetSpec, dataset_rows, row_stopped
from npuzzle.solving import multitile
from npuzzle.solving.fallback import Fallback
from npuzzle.solving.solve import plan

SMALL_ALLOWANCE = 20_000
"""The allowance the tests patch in, so that a board falls back within a second of test time."""

QUICK_3X4 = "7 11 0 8 / 5 6 3 10 / 4 1 9 2"  # IDA* + linear conflict proves its 35 moves in 17,718 nodes
BOARDS = [QUICK_3X4, random_board(2, 8, seed=1).format(one_line=True), random_board(4, 4, seed=3).format(one_line=True)]
TIMINGS = {"seconds", "elapsed", "total_ms"}


def untimed(value: Any) -> Any:
    """``value`` (a JSON answer) without its timings, at any depth."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMINGS and not k.endswith("_seconds")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def answers() -> list[Any]:
    """Solve and hint every board of :data:`BOARDS` through the api, and label a small dataset, with ``auto``."""
    out: list[Any] = []
    for board in BOARDS:
        for op in ("solve", "hint"):
            out.append(json.loads(api.handle(json.dumps({"op": op, "board": board}))))
    spec = DatasetSpec(3, 4, count=3, seed="1")
    out.extend(dataset_rows(spec, label="search"))
    return untimed(out)


@pytest.fixture
def small_allowance(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``auto``'s rules with :data:`SMALL_ALLOWANCE` for the optimal search before the fallback."""
    rules = tuple(
        r if r.fallback is None else replace(r, fallback=replace(r.fallback, nodes=SMALL_ALLOWANCE))
        for r in policy.ALGORITHM_RULES
    )
    monkeypatch.setattr(policy, "ALGORITHM_RULES", rules)
    monkeypatch.setattr(multitile, "MTM_AUTO_NODES", SMALL_ALLOWANCE)
    yield


def fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every reading of the clock run 1000× fast: a machine 1000× slower, as the searches see it."""
    for name in ("perf_counter", "monotonic"):
        real = getattr(time, name)
        monkeypatch.setattr(time, name, lambda real=real: real() * 1000.0)


@pytest.mark.slow
def test_the_same_answers_under_a_clock_1000_times_fast(small_allowance: None, monkeypatch: pytest.MonkeyPatch) -> None:
    quiet = answers()
    fallen = [a for a in quiet[: 2 * len(BOARDS)] if a.get("algorithm") == "near-optimal"]
    proven = [a for a in quiet[: 2 * len(BOARDS)] if a.get("optimal") is True]
    assert fallen and proven  # both ways out of the allowance are exercised
    fast_clock(monkeypatch)
    assert answers() == quiet


@pytest.mark.parametrize("board", BOARDS)
def test_a_hint_and_a_solve_agree_on_the_length_and_on_optimal(small_allowance: None, board: str) -> None:
    solved = json.loads(api.handle(json.dumps({"op": "solve", "board": board})))
    hint = json.loads(api.handle(json.dumps({"op": "hint", "board": board})))
    assert (hint["length"], hint["optimal"]) == (solved["length"], solved["optimal"])
    assert " s)" not in hint["message"] and "within 1 s" not in hint["message"]
    if not solved["optimal"]:
        assert f"the hint's search of {SMALL_ALLOWANCE:,} nodes expanded" in hint["message"]


def test_the_allowance_is_counted_exactly_in_nodes() -> None:
    board = parse_board(BOARDS[1])
    goal = goal_board(2, 8)
    result = run(plan(board, goal, fallback=Fallback(SMALL_ALLOWANCE), budget=0.2).start())
    first = result.extra["optimal_search"]
    assert (first["nodes_expanded"], first["stopped"]) == (SMALL_ALLOWANCE, "node-limit")
    assert f"did not finish within {SMALL_ALLOWANCE:,} nodes expanded" in result.message
    assert result.stopped is None and result.moves is not None and board.apply(result.moves) == goal


def test_the_callers_node_limit_below_the_allowance_ends_the_search_without_a_fallback() -> None:
    board, goal = parse_board(BOARDS[1]), goal_board(2, 8)
    result = run(plan(board, goal, fallback=Fallback(SMALL_ALLOWANCE)).start(Limit(nodes=5_000)))
    assert (result.algorithm, result.stopped, result.moves) == ("idastar", "node-limit", None)
    assert result.nodes_expanded == 5_000


def test_only_an_explicit_time_limit_stops_by_time_and_the_answer_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    board, goal = parse_board(BOARDS[1]), goal_board(2, 8)
    fast_clock(monkeypatch)  # 0.2 s of limit pass in 0.2 ms of real time
    result = run(plan(board, goal, budget=0.2).start(Limit(seconds=0.2)))
    assert result.extra["optimal_search"]["stopped"] == "time-limit"
    assert "did not finish in 0.1 s (50% of the time limit)" in result.message


@pytest.mark.parametrize("nodes", [0, -3, 1.5, True, "many"])
def test_a_bad_allowance_is_refused_quoting_it(nodes: Any) -> None:
    with pytest.raises(ValueError, match=f"got {nodes!r}".replace("(", r"\(")):
        plan(parse_board(BOARDS[1]), goal_board(2, 8), fallback=Fallback(nodes))


def test_the_allowances_are_whole_node_counts_and_the_policy_says_so() -> None:
    assert isinstance(policy.AUTO_OPTIMAL_NODES, int) and policy.AUTO_OPTIMAL_NODES > 0
    assert isinstance(multitile.MTM_AUTO_NODES, int) and multitile.MTM_AUTO_NODES > 0
    assert all(r.fallback.nodes == policy.AUTO_OPTIMAL_NODES for r in policy.ALGORITHM_RULES if r.fallback)
    assert f"{policy.AUTO_OPTIMAL_NODES:,} nodes expanded" in policy.markdown()
    board: Board = random_board(4, 4, seed=3)
    assert plan(board, goal_board(4, 4)).fallback_after == policy.AUTO_OPTIMAL_NODES


def test_a_dataset_row_whose_optimal_search_a_time_limit_cut_is_marked() -> None:
    cut = {"stopped": None, "length": 60, "extra": {"optimal_search": {"stopped": "time-limit"}}}
    assert row_stopped(cut) == "time-limit"  # its label depends on the machine: marked, and --resume may retry it
    allowance = {"stopped": None, "length": 60, "extra": {"optimal_search": {"stopped": "node-limit"}}}
    assert row_stopped(allowance) is None  # the work allowance is the same on every machine: nothing to mark
    assert row_stopped({"stopped": "node-limit", "length": None, "extra": {}}) == "node-limit"
    assert row_stopped({"stopped": None, "length": 36, "extra": {}}) is None


def test_a_request_may_ask_for_a_smaller_allowance_and_a_bad_one_is_refused() -> None:
    request = {"op": "solve", "board": BOARDS[1], "optimal_nodes": SMALL_ALLOWANCE, "budget": 0.2}
    reply = json.loads(api.handle(json.dumps(request)))
    first = reply["extra"]["optimal_search"]
    assert (first["nodes_expanded"], first["stopped"]) == (SMALL_ALLOWANCE, "node-limit")
    assert reply["algorithm"] == "near-optimal" and f"within {SMALL_ALLOWANCE:,} nodes expanded" in reply["message"]
    assert untimed(json.loads(api.handle(json.dumps(request)))) == untimed(reply)  # counted, so the same again
    for bad in (0, -5, 1.5, "many"):
        failed = json.loads(api.handle(json.dumps({**request, "optimal_nodes": bad})))
        assert not failed["ok"] and "field 'optimal_nodes'" in failed["error"]["message"], failed
