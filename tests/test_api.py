"""The JSON surface the page calls: every reply is JSON with "ok", failures carry the input error's message."""

from __future__ import annotations

import json

from npuzzle import api
from npuzzle.api.requests import API_MEMORY_LIMIT


def call(request: object) -> dict[str, object]:
    reply: dict[str, object] = json.loads(api.handle(json.dumps(request)))
    return reply


def test_check_reply() -> None:
    reply = call({"op": "check", "board": "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"})
    assert reply["ok"] is True
    explanation = reply["explanation"]
    assert isinstance(explanation, dict)
    assert explanation["solvable"] is False and explanation["inversions"] == 1
    assert reply["board"] == {
        "rows": 4,
        "cols": 4,
        "tiles": [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0],
        "text": "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0",
    }


def test_check_with_goals() -> None:
    korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    assert call({"op": "check", "board": korf1, "goal": "blank-first"})["explanation"]["solvable"] is True  # type: ignore[index]
    reply = call({"op": "check", "board": "3 0 1 2", "goal": {"board": "3 2 1 0"}})
    assert reply["explanation"]["goal"] == "custom"  # type: ignore[index]


def test_errors_are_replies_not_tracebacks() -> None:
    reply = call({"op": "check", "board": "1 2 3 / 4 x 6 / 7 8 _"})
    assert reply == {"ok": False, "error": {"type": "BlankError", "message": reply["error"]["message"]}}  # type: ignore[index]
    assert "2 blanks" in reply["error"]["message"]  # type: ignore[index]
    assert call({"op": "fly"})["error"]["type"] == "RequestError"  # type: ignore[index]
    assert "unknown op 'fly'" in call({"op": "fly"})["error"]["message"]  # type: ignore[index]
    assert json.loads(api.handle("{not json"))["error"]["type"] == "RequestError"
    assert call({"op": "random", "rows": "four", "cols": 4})["error"]["message"] == (  # type: ignore[index]
        "field 'rows' must be a whole number, got 'four'"
    )


def test_random_and_apply() -> None:
    from npuzzle import Board, is_solvable

    board = call({"op": "random", "rows": 3, "cols": 4, "seed": 5})["board"]
    assert isinstance(board, dict)
    assert is_solvable(Board(3, 4, tuple(board["tiles"])))
    moved = call({"op": "apply", "board": "1 2 3 / 4 5 6 / 7 0 8", "moves": "L"})
    assert moved["board"]["text"] == "1 2 3 / 4 5 6 / 7 8 0"  # type: ignore[index]
    reply = call({"op": "apply", "board": "1 2 3 / 4 5 6 / 7 0 8", "moves": [1]})
    assert "not next to the blank" in reply["error"]["message"]  # type: ignore[index]


def test_solve_stops_at_the_memory_limit_with_a_message() -> None:
    reply = call(
        {
            "op": "solve",
            "board": "8 6 7 / 2 5 4 / 3 0 1",
            "algorithm": "astar",
            "heuristic": "discrete",
            "max_states": 1000,
        }
    )
    assert reply["ok"] is True and reply["moves"] is None
    assert reply["stopped"] == "memory-limit"
    assert "memory limit" in str(reply["message"]) and "IDA*" in str(reply["message"])
    assert API_MEMORY_LIMIT <= 1_000_000  # a browser tab must not run out of memory


def test_board_objects_must_hold_whole_numbers() -> None:
    reply = call({"op": "check", "board": {"rows": 2, "cols": 2, "tiles": [1, 2.0, 3, 0]}})
    assert reply["error"] == {"type": "RequestError", "message": "board tile 2 must be a whole number, got 2.0"}
    reply = call({"op": "check", "board": {"rows": 2, "cols": 2, "tiles": [1, "a", 3, 0]}})
    assert reply["error"]["message"] == 'board tile 2 must be a whole number, got "a"'  # type: ignore[index]
    ok = call({"op": "check", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0]}})
    assert ok["explanation"]["solvable"] is True  # type: ignore[index]


def test_very_big_boards_are_sent_without_text() -> None:
    small = call({"op": "random", "rows": 100, "cols": 100, "seed": 1})["board"]
    big = call({"op": "random", "rows": 101, "cols": 100, "seed": 1})["board"]
    assert isinstance(small, dict) and isinstance(big, dict)
    assert small["text"].count(" / ") == 99 and "text" not in big
    assert len(big["tiles"]) == 10_100


def test_request_fields_of_the_wrong_type_are_named() -> None:
    seeds: list[object] = [{}, [1], 1.5, True]
    for seed in seeds:
        reply = call({"op": "random", "rows": 3, "cols": 3, "seed": seed})
        assert reply["error"]["type"] == "RequestError"  # type: ignore[index]
        assert reply["error"]["message"].startswith("field 'seed' must be a whole number or a string, got ")  # type: ignore[index]
    assert call({"op": "random", "rows": 3, "cols": 3, "seed": "abc"})["ok"] is True
    reply = call({"op": "apply", "board": "1 2 / 0 3", "moves": 5})
    assert reply["error"]["type"] == "RequestError"  # type: ignore[index]
    assert reply["error"]["message"].startswith("field 'moves' must be a list")  # type: ignore[index]
    reply = call({"op": "apply", "board": "1 2 / 0 3", "moves": [3.0]})
    assert reply["error"] == {
        "type": "MoveError",
        "message": (  # never a float among the tiles
            "step 1: move 3.0 is neither a tile number (an int) nor one of the letters U, D, L, R (got a float)"
        ),
    }
    assert call({"op": "apply", "board": "1 2 / 0 3", "moves": [3]})["board"]["tiles"] == [1, 2, 3, 0]  # type: ignore[index]


def test_random_takes_a_goal_object_as_check_does() -> None:
    goal = "3 2 1 0"
    for spec in ({"board": goal}, {"board": {"rows": 2, "cols": 2, "tiles": [3, 2, 1, 0]}}, goal):
        for seed in range(6):
            board = call({"op": "random", "rows": 2, "cols": 2, "seed": seed, "goal": spec})["board"]
            check = call({"op": "check", "board": board["text"], "goal": spec})  # type: ignore[index]
            assert check["explanation"]["solvable"] is True  # type: ignore[index]
    reply = call({"op": "random", "rows": 2, "cols": 2, "goal": {"board": 7}})
    assert reply["error"]["message"] == "field 'board' must be of type str, got 7"  # type: ignore[index]


def test_deep_and_huge_input_are_named_errors() -> None:
    reply = call({"op": "check", "board": "[" * 1000 + "]" * 1000})
    assert reply["error"]["type"] == "ShapeError"  # type: ignore[index]
    assert "nested 1,000 levels deep" in reply["error"]["message"]  # type: ignore[index]
    reply = call({"op": "check", "board": "[" + "1" * 5000 + ", 2, 3, 0]"})
    assert reply["error"]["type"] == "TileOutOfRangeError"  # type: ignore[index]
    assert "at position 1 is too large" in reply["error"]["message"]  # type: ignore[index]
    reply = json.loads(api.handle("[" * 100_000 + "]" * 100_000))
    assert reply["error"] == {
        "type": "RequestError",
        "message": "the request is nested 100,000 levels deep; at most 8 are accepted",
    }
    reply = json.loads(api.handle('{"op": "check", "board": "1 2 3 0", "n": ' + "1" * 5000 + "}"))
    assert reply["error"]["type"] == "RequestError" and "4,300 digits" in reply["error"]["message"]
    reply = call({"op": "x" * 100_000})
    assert len(reply["error"]["message"]) < 300  # type: ignore[index]
    reply = call({"op": "random", "rows": "y" * 100_000, "cols": 3})
    assert len(reply["error"]["message"]) < 200  # type: ignore[index]


def test_a_long_operation_refuses_a_deeply_nested_or_non_object_request_by_name() -> None:
    deep = json.loads(api.start('{"op": "solve", "board": ' + "[" * 5000 + "]" * 5000 + "}").advance(0.05))
    assert deep["ok"] is False and deep["error"]["type"] == "RequestError"
    assert "nested 5,001 levels deep" in deep["error"]["message"]
    listed = json.loads(api.start("[" + "1," * 1000 + "1]").advance(0.05))
    assert listed["ok"] is False and "must be a JSON object" in listed["error"]["message"]
    assert len(listed["error"]["message"]) < 200  # the value is quoted cut short
