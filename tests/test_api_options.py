"""The ``options`` op: the solver choices the page lists, taken from the registry."""

from __future__ import annotations

import json

from npuzzle import api
from npuzzle.solving.registry import default_registry


def ask(request: dict[str, object]) -> dict[str, object]:
    reply: dict[str, object] = json.loads(api.handle(json.dumps(request)))
    return reply


def test_options_for_a_shape_list_the_registry_and_the_auto_choice() -> None:
    reply = ask({"op": "options", "rows": 4, "cols": 4})
    assert reply["ok"] is True
    names = [h["name"] for h in reply["heuristics"]]  # type: ignore[attr-defined]
    assert names == list(default_registry().names())
    assert [a["name"] for a in reply["algorithms"]] == ["astar", "idastar", "near-optimal"]  # type: ignore[attr-defined]
    assert reply["default_algorithm"] == "idastar"
    assert (
        reply["default_heuristic"]
        == default_registry()
        .strongest(
            api.read_board({"board": "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}),
            api.read_board({"board": "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}),
        )
        .name
    )


def test_options_for_a_board_and_goal() -> None:
    reply = ask({"op": "options", "board": "1 2 3 / 4 5 6 / 7 8 0", "goal": "blank-first"})
    assert reply["ok"] is True and reply["default_algorithm"] == "astar"
    assert (reply["rows"], reply["cols"]) == (3, 3)


def test_options_bad_request_says_what_is_wrong() -> None:
    reply = ask({"op": "options", "rows": "four", "cols": 4})
    assert reply["ok"] is False
    assert "rows" in reply["error"]["message"]  # type: ignore[index]
