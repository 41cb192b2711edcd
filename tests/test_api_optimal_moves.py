"""The ``optimal_moves`` op: the count of shortest solutions and the optimal first moves as the library counts them,
in both metrics, one-shot and in slices; a branch followed through another optimal move; the work cap, a cancel,
refusals of bad input and of boards where Solve does not prove its answer shortest."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from npuzzle import Board, api, count_optimal_solutions, goal_board, parse_board
from npuzzle.api.optimal_moves import op_optimal_moves
from npuzzle.optimal.metric import count_tiles
from npuzzle.pdb import PdbTables
from npuzzle.pdb.pure_builder import build_database
from npuzzle.solving.registry import registry_with_tables

HARDEST_3X3 = "8 6 7 / 2 5 4 / 3 0 1"
NEAR_4X4 = "1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12"


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps({"op": "optimal_moves", **request})))
    return reply


def sliced(request: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The final reply of the op run in slices, and how many progress replies came before it."""
    session = api.start(json.dumps({"op": "optimal_moves", **request}))
    progress = 0
    while True:
        reply: dict[str, Any] = json.loads(session.advance(0.001))
        if reply["type"] != "progress":
            return reply, progress
        progress += 1


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_the_count_and_first_moves_are_the_librarys(metric: str) -> None:
    board = parse_board(HARDEST_3X3)
    truth = count_optimal_solutions(board, metric=metric).to_dict(board)
    reply, progress = sliced({"board": HARDEST_3X3, "metric": metric})
    assert reply["ok"] and reply["stopped"] is None and reply["metric"] == metric
    assert (reply["count"], reply["length"], reply["first_moves"]) == (
        truth["count"],
        truth["length"],
        truth["first_moves"],
    )
    assert sum(first["count"] for first in reply["first_moves"]) == reply["count"]
    assert ask({"board": HARDEST_3X3, "metric": metric})["first_moves"] == truth["first_moves"]
    if metric == "stm":
        assert progress > 0 and (reply["count"], reply["length"]) == (40, 31)


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_each_optimal_first_move_is_followed_by_a_shortest_solution_through_it(metric: str) -> None:
    board = parse_board(HARDEST_3X3)
    counted = ask({"board": HARDEST_3X3, "metric": metric})
    for first in counted["first_moves"]:
        for follow in (first["letters"], first["moves"]):
            reply, _ = sliced({"board": HARDEST_3X3, "metric": metric, "follow": follow})
            moves = reply["moves"]
            assert reply["ok"] and moves[: len(first["moves"])] == first["moves"]
            assert board.apply(moves) == goal_board(3, 3)
            assert reply["length"] == count_tiles(board, moves, metric) == counted["length"]
            assert "".join(reply["letters"][: len(first["letters"])]) == first["letters"]


def test_a_branch_taken_after_the_moves_kept_is_a_whole_solution_from_the_start() -> None:
    board = parse_board(HARDEST_3X3)
    first = ask({"board": HARDEST_3X3, "follow": "L"})["moves"]
    kept = first[:5]
    position = board.apply(kept)
    there = ask({"board": position.format(one_line=True)})
    assert there["length"] == 31 - 5 and there["count"] == sum(f["count"] for f in there["first_moves"])
    for other in there["first_moves"]:
        reply, _ = sliced({"board": HARDEST_3X3, "moves": kept, "follow": other["letters"]})
        assert reply["moves"][:5] == kept and reply["moves"][5:6] == other["moves"]
        assert board.apply(reply["moves"]) == goal_board(3, 3)
        assert (reply["length"], reply["tile_moves"]) == (31, 31) and reply["notation"]


def test_a_move_off_every_shortest_solution_gets_the_shortest_through_it() -> None:
    board = parse_board("1 2 3 / 4 5 6 / 7 0 8")
    assert ask({"board": board.format(one_line=True)})["first_moves"] == [{"moves": [8], "letters": "L", "count": 1}]
    reply = ask({"board": board.format(one_line=True), "follow": "R"})
    after = count_optimal_solutions(board.slide("R"))
    assert reply["moves"][0] == 7 and board.apply(reply["moves"]) == goal_board(3, 3)
    assert after.length is not None and reply["length"] == 1 + after.length


def test_the_goal_has_one_solution_of_no_moves() -> None:
    reply = ask({"board": "1 2 3 / 4 5 6 / 7 8 0"})
    assert (reply["count"], reply["length"], reply["first_moves"]) == (1, 0, [])


def test_the_work_cap_stops_the_count_and_says_so() -> None:
    reply = ask({"board": HARDEST_3X3, "max_nodes": 1000})
    assert reply["ok"] and reply["stopped"] == "node-limit" and reply["count"] is None and reply["first_moves"] == []
    assert reply["message"]
    counting = ask({"board": HARDEST_3X3, "max_nodes": 15_000})  # the length found, the count not finished
    assert (counting["stopped"], counting["length"], counting["count"]) == ("node-limit", 31, None)
    assert "31 moves" in counting["message"]


def test_a_cancel_replies_with_what_is_known_and_ends_the_session() -> None:
    session = api.start(json.dumps({"op": "optimal_moves", "board": HARDEST_3X3}))
    first = json.loads(session.cancel())
    assert first["ok"] and first["stopped"] == "cancelled" and first["count"] is None
    assert session.done and json.loads(session.cancel()) == first
    counting = api.start(json.dumps({"op": "optimal_moves", "board": HARDEST_3X3}))
    while json.loads(counting.advance(0.001)).get("algorithm") != "all-optimal":
        pass
    stopped = json.loads(counting.cancel())
    assert (stopped["stopped"], stopped["length"], stopped["count"]) == ("cancelled", 31, None)
    following = api.start(json.dumps({"op": "optimal_moves", "board": HARDEST_3X3, "follow": "R"}))
    assert json.loads(following.cancel())["moves"] is None


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"board": "1 2 3 / 4 5 6 / 8 7 0"}, "not solvable|cannot reach"),
        ({"board": HARDEST_3X3, "metric": "xtm"}, "unknown metric"),
        ({"board": HARDEST_3X3, "follow": "U"}, "no tile can move up"),
        ({"board": HARDEST_3X3, "follow": "LR"}, "one single-tile move"),
        ({"board": HARDEST_3X3, "follow": []}, "must be one move"),
        ({"board": HARDEST_3X3, "follow": [1.5]}, "tile numbers or letters"),
        ({"board": HARDEST_3X3, "follow": "RULDRULDRU"}, "must be one move"),
        ({"board": HARDEST_3X3, "metric": "mtm", "follow": "DL"}, "one line move"),
        ({"board": HARDEST_3X3, "max_nodes": 0}, "node limit"),
        ({"board": HARDEST_3X3, "moves": "LL", "follow": "L"}, "field 'moves' must list"),
        ({"board": HARDEST_3X3, "moves": [1, 9], "follow": "L"}, "tile 9|no tile 9|not next"),
        ({"board": NEAR_4X4}, "counted only where Solve proves its answer shortest"),
        ({"board": "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 0 24"}, "counted only"),
    ],
)
def test_bad_requests_are_refused_naming_the_problem(request_: dict[str, Any], words: str) -> None:
    reply = ask(request_)
    assert not reply["ok"]
    assert re.search(words, reply["error"]["message"], re.I), reply
    session_reply = json.loads(api.start(json.dumps({"op": "optimal_moves", **request_})).advance(0.01))
    assert session_reply["type"] == "error" or not session_reply["ok"]


def test_a_4x4_is_counted_once_its_pattern_database_is_loaded() -> None:
    triples = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15))
    registry = registry_with_tables(PdbTables.of(build_database(4, 4, triples)))
    board = parse_board(NEAR_4X4)
    truth = count_optimal_solutions(board, registry=registry).to_dict(board)
    reply = op_optimal_moves({"board": NEAR_4X4}, registry)
    assert (reply["count"], reply["first_moves"]) == (truth["count"], truth["first_moves"]) and reply["count"] >= 1
    followed = op_optimal_moves({"board": NEAR_4X4, "follow": truth["first_moves"][-1]["letters"]}, registry)
    assert Board.apply(board, followed["moves"]) == goal_board(4, 4) and followed["length"] == truth["length"]
