"""The worker's ``watch`` op: one-shot and in slices (progress, to the end in two passes, cancel), its errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from npuzzle import Limit, api, goal_board, parse_board, run
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.optimal.search import astar

HARD = "8 6 7 / 2 5 4 / 3 0 1"
"""A 31-move 8-puzzle (A* with Manhattan: 6,787 expansions)."""


def handle(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps({"op": "watch", **request})))
    return reply


def until_done(session: api.Session) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    progress = []
    for _ in range(100_000):
        reply = json.loads(session.advance(0.0))
        if reply.get("type") != "progress":
            return progress, reply
        progress.append(reply)
    raise AssertionError("the session never ended")


def test_the_op_returns_the_steps_asked_with_their_words() -> None:
    reply = handle(board=HARD, heuristic="manhattan", count=5)
    assert reply["ok"] and reply["type"] == "result" and reply["hash_bins"] == 97
    assert [s["n"] for s in reply["steps"]] == [1, 2, 3, 4, 5] and reply["done"] is False
    assert reply["steps"][0]["words"].startswith("Took 8 6 7 / 2 5 4 / 3 0 1 with f = 21 (g = 0, h = 21)")
    assert reply["counters"] == reply["steps"][-1]["counters"] and reply["moves"] is None
    again = handle(board=HARD, heuristic="manhattan", count=2, **{"from": 3})
    assert again["steps"] == reply["steps"][3:5]


def test_a_session_runs_to_the_end_in_two_passes_with_progress() -> None:
    session = api.start(
        json.dumps({"op": "watch", "board": HARD, "heuristic": "manhattan", "count": 4, "to_end": True})
    )
    progress, reply = until_done(session)
    solved = json.loads(
        api.handle(json.dumps({"op": "solve", "board": HARD, "algorithm": "astar", "heuristic": "manhattan"}))
    )
    assert progress and {p["pass"] for p in progress} == {1, 2} and all(p["passes"] == 2 for p in progress)
    assert reply["done"] and reply["length"] == 31 and reply["moves"] == solved["moves"]
    steps = reply["steps"]
    assert len(steps) == 4 and steps[-1]["goal"] and steps[-1]["n"] == solved["nodes_expanded"] + 1
    assert reply["counters"]["expanded"] == solved["nodes_expanded"]
    assert reply["counters"]["max_heap"] == solved["max_frontier"]


def test_ida_star_counts_its_iterations_as_the_core() -> None:
    reply = handle(board=HARD, algorithm="idastar", heuristic="linear-conflict", count=3, to_end=True)
    solved = json.loads(
        api.handle(json.dumps({"op": "solve", "board": HARD, "algorithm": "idastar", "heuristic": "linear-conflict"}))
    )
    assert reply["done"] and reply["per_iteration"] == solved["extra"]["per_iteration"]
    assert reply["counters"]["expanded"] == solved["nodes_expanded"]


def test_a_cancelled_watch_says_so() -> None:
    session = api.start(json.dumps({"op": "watch", "board": HARD, "heuristic": "discrete", "from": 100_000}))
    first = json.loads(session.advance(0.0))
    assert first["type"] == "progress" and first["pass"] == 1
    reply = json.loads(session.cancel())
    assert reply["ok"] and reply["stopped"] == "cancelled" and reply["done"] is False and reply["steps"] == []
    assert reply["counters"]["expanded"] == 0 and reply["from"] == 100_000


def test_a_limit_of_the_request_ends_the_watch() -> None:
    reply = handle(board=HARD, count=50, max_nodes=10)
    assert reply["stopped"] == "node-limit" and reply["done"] and "node limit" in reply["message"]
    assert len(reply["steps"]) == 9 and reply["counters"]["expanded"] == 9


def test_a_run_to_the_end_that_a_limit_ends_says_which_limit_as_the_plain_search_does() -> None:
    board = "8 6 7 / 2 5 4 / 3 0 1"
    parsed = parse_board(board)
    plain = run(astar(parsed, goal_board(3, 3), make_heuristic("discrete", goal_board(3, 3)), Limit(memory=2000)))
    assert plain.stopped == "memory-limit"  # discrete needs far more than 2,000 states held on this board
    request = {"op": "watch", "board": board, "heuristic": "discrete", "count": 5, "to_end": True, "max_states": 2000}
    _, sliced = until_done(api.start(json.dumps(request)))
    for reply in (handle(**{k: v for k, v in request.items() if k != "op"}), sliced):
        assert reply["done"] and reply["stopped"] == plain.stopped and reply["message"] == plain.message
        done = plain.nodes_expanded - 1  # the plain count includes the node it took and put back when it stopped
        assert reply["moves"] is None and reply["counters"]["expanded"] == done
        assert reply["steps"][-1]["n"] == done and len(reply["steps"]) == 5


@pytest.mark.parametrize(
    ("fields", "kind", "says"),
    [
        ({"heuristic": "nope"}, "UnknownNameError", "unknown heuristic 'nope'"),
        ({"heuristic": "pdb"}, "UnknownNameError", "no pattern database is loaded"),
        (
            {"algorithm": "bfs"},
            "UnknownNameError",
            "unknown algorithm 'bfs': only A* and IDA* can be watched; use one of astar, idastar",
        ),
        ({"count": 0}, "RequestError", "field 'count' must be a whole number from 1 to 2,000, got 0"),
        ({"count": 2001}, "RequestError", "got 2,001"),
        ({"count": "5"}, "RequestError", "field 'count' must be a whole number, got '5'"),
        ({"from": -1}, "RequestError", "field 'from' must be a whole number of at least 0, got -1"),
        ({"to_end": "yes"}, "RequestError", "field 'to_end' must be of type bool"),
        ({"board": "2 1 3 / 4 5 6 / 7 8 0"}, "UnsolvableError", "different parity"),
        ({"board": "1 2 3 / 4 5"}, "RaggedRowsError", ""),
        (
            {
                "board": " / ".join(" ".join(str(r * 5 + c + 1) for c in range(5)) for r in range(5)).replace(
                    "25", "0"
                ),
                "heuristic": "walking-distance",
            },
            "LimitError",
            "the walking-distance heuristic is not available for a 5×5 board",
        ),
    ],
)
def test_bad_requests_get_an_error_naming_the_problem(fields: dict[str, Any], kind: str, says: str) -> None:
    request = {"op": "watch", "board": HARD, **fields}
    reply = json.loads(api.handle(json.dumps(request)))
    assert reply["ok"] is False and reply["error"]["type"] == kind and says in reply["error"]["message"]
    long = json.loads(api.start(json.dumps(request)).advance(1.0))
    assert long["type"] == "error" and long["error"] == reply["error"]
    if kind == "UnsolvableError":
        assert long["explanation"]["solvable"] is False
