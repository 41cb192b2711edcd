"""The board the course's table runs on (npuzzle.course.compare_board) and the api's ``compare`` on the way to the
goal."""

from __future__ import annotations

import json

from npuzzle import api, parse_board, resolve_goal, run, solve
from npuzzle.course.compare_board import COMPARE_DEPTH, compare_board
from npuzzle.optimal.heuristics import make_heuristic

EXAMPLE = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"  # the page's 4×4 example: 51 moves from the goal


def ask(request: dict[str, object]) -> dict[str, object]:
    reply: dict[str, object] = json.loads(api.handle(json.dumps(request)))
    return reply


def test_an_8_puzzle_and_a_board_near_the_goal_are_compared_as_they_are() -> None:
    hardest = parse_board("8 6 7 / 2 5 4 / 3 0 1")
    assert compare_board(hardest, resolve_goal("default", 3, 3)).board == hardest
    near = parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
    chosen = compare_board(near, resolve_goal("default", 4, 4))
    assert chosen.board == near and chosen.moves_before == 0


def test_a_far_15_puzzle_is_compared_on_a_board_on_its_way_to_the_goal() -> None:
    board, goal = parse_board(EXAMPLE), resolve_goal("default", 4, 4)
    chosen = compare_board(board, goal)
    assert chosen.moves_before > 0 and chosen.board != board
    assert compare_board(board, goal) == chosen  # the same on any machine: counted work, no clock
    assert make_heuristic("linear-conflict", goal).initial(chosen.board.tiles) <= COMPARE_DEPTH
    shortest = run(solve(chosen.board, goal, "astar", "linear-conflict"))
    assert shortest.length is not None and shortest.length <= COMPARE_DEPTH


def test_compare_on_the_way_finishes_all_but_the_weakest_and_says_which_board_it_ran_on() -> None:
    reply = ask({"op": "compare", "board": EXAMPLE, "on_the_way": True})
    rows = reply["rows"]
    assert isinstance(rows, list) and len(rows) == 5
    finished = [r for r in rows if r["length"] is not None]
    assert len(finished) >= 4 and len({r["length"] for r in finished}) == 1
    assert [r["heuristic"] for r in rows if r["length"] is None] in ([], ["discrete"])
    origin = reply["from"]
    assert isinstance(origin, dict) and origin["board"]["text"] == EXAMPLE and origin["moves"] > 0
    assert reply["board"]["text"] != EXAMPLE
    plain = ask({"op": "compare", "board": "8 6 7 / 2 5 4 / 3 0 1", "on_the_way": True})
    assert plain["from"] is None and plain["board"]["text"] == "8 6 7 / 2 5 4 / 3 0 1"


def test_compare_runs_on_the_board_asked_about_unless_asked_otherwise() -> None:
    reply = ask({"op": "compare", "board": "1 2 3 / 4 5 6 / 0 7 8"})
    assert reply["from"] is None and reply["board"]["text"] == "1 2 3 / 4 5 6 / 0 7 8"
    bad = ask({"op": "compare", "board": "1 2 3 / 4 5 6 / 0 7 8", "on_the_way": "yes"})
    assert bad["ok"] is False and "on_the_way" in bad["error"]["message"]
