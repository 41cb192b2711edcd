"""The split search through the api, as the page's workers drive it: a solve with ``workers`` whose Session hands
tasks out (``Session.exchange``) to a helper engine's ``subtree`` op; bad messages and requests get named errors.
Uses the site build's 7/7-7 file, as test_pdb_parallel."""

from __future__ import annotations

import json
from typing import Any

from npuzzle import api
from npuzzle.pdb.tables import PdbTables
from npuzzle.research.instances import korf100
from shipped_pdb import require_shipped_pdb

HARD = "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"

require_shipped_pdb()


def engine(tables: PdbTables) -> api.Engine:
    made = api.Engine()
    made.install(tables)
    return made


def solve_request(ident: int, **fields: Any) -> str:
    instance = next(i for i in korf100() if i.ident == ident)
    board = " ".join(map(str, instance.tiles))
    return json.dumps({"op": "solve", "board": board, "goal": "blank-first", **fields})


def exchange(session: api.Session, message: object) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(session.exchange(json.dumps(message)))
    return reply


def test_a_split_solve_hands_tasks_to_a_helper_engine_and_proves_the_optimal_length(tables: PdbTables) -> None:
    primary, helper = engine(tables), engine(tables)
    session = primary.start(solve_request(82, workers=2, split_nodes=300))
    assert isinstance(session, api.Session)
    assert exchange(session, {"want": "task"}) == {"ok": True, "task": None}  # not split yet
    handed = 0
    sub: api.SubtreeSession | None = None
    splits = []
    while True:
        event = json.loads(session.advance(0.02))
        if event["type"] != "progress":
            break
        if "split" in event:
            splits.append(event["split"])
        if sub is None and "split" in event:
            task = exchange(session, {"want": "task"})["task"]
            if task is not None:
                handed += 1
                started = helper.start(json.dumps({"op": "subtree", "task": task, "search": "solve-1"}))
                assert isinstance(started, api.SubtreeSession)
                sub = started
        if sub is not None:
            reply = json.loads(sub.advance(0.02))
            if reply["type"] == "progress":
                assert exchange(session, {"running": reply["running"]}) == {"ok": True}
            else:
                assert exchange(session, {"answer": reply["answer"]}) == {"ok": True}
                sub = None
    assert event["ok"] and event["length"] == 62 and event["optimal"], event
    assert event["extra"]["jobs"] == 2 and handed >= 1
    assert splits and all(s["workers"] == 2 for s in splits)
    assert exchange(session, {"want": "task"}) == {"ok": True, "task": None}  # over: nothing more to hand out


def test_without_workers_or_tables_nothing_splits(tables: PdbTables) -> None:
    plain = json.loads(engine(tables).handle(solve_request(1, workers=2, split_nodes=300)))
    assert plain["ok"] and plain["length"] == 57 and "jobs" not in plain["extra"]  # one-shot: no transport
    session = engine(tables).start(solve_request(1, split_nodes=300))
    while (event := json.loads(session.advance(0.05)))["type"] == "progress":
        assert "split" not in event
    assert event["length"] == 57 and "jobs" not in event["extra"]
    small = api.start(json.dumps({"op": "solve", "board": "1 2 3 / 4 5 6 / 7 0 8", "workers": 4}))
    assert json.loads(small.advance(1))["length"] == 1  # not a 4×4 with the tables: the ordinary search


def test_bad_split_fields_subtree_requests_and_messages_get_named_errors(tables: PdbTables) -> None:
    def error(reply: str) -> tuple[str, str]:
        decoded = json.loads(reply)
        assert decoded["ok"] is False, decoded
        return decoded["error"]["type"], decoded["error"]["message"]

    for fields, message in (
        ({"workers": 0}, "field 'workers' must be from 1 to 64, got 0"),
        ({"workers": "2"}, "field 'workers' must be a whole number"),
        ({"workers": 2, "split_nodes": 0}, "field 'split_nodes' must be from 1"),
        ({"split_nodes": 1.5}, "field 'split_nodes' must be a whole number"),
    ):
        request = solve_request(1, **fields)
        for reply in (api.handle(request), engine(tables).start(request).advance(1)):
            kind, text = error(reply)
            assert kind == "RequestError" and text.startswith(message), text

    task = {"bound": 50, "index": 0, "tiles": list(range(16)), "prev": None, "budget": 50}
    assert error(api.handle(json.dumps({"op": "subtree", "task": task, "search": "k"})))[0] == "PatternDatabaseError"
    helper = engine(tables)
    for request, kind, message in (
        ({"task": task}, "RequestError", "no 'search' field"),
        ({"task": task, "search": ""}, "RequestError", "'search' must be 1 to 100 characters"),
        ({"search": "k"}, "RequestError", "no 'task' field"),
        ({"task": [1], "search": "k"}, "RequestError", "field 'task' must be of type dict"),
        ({"task": {**task, "tiles": [1] * 16}, "search": "k"}, "SplitError", "each of 0 to 15 once"),
        ({"task": {**task, "budget": 999}, "search": "k"}, "SplitError", "budget must be a whole number"),
        ({"task": {**task, "prev": 7}, "search": "k"}, "SplitError", "next to the blank"),
        ({"task": {**task, "tiles": [0, 2, 1, *range(3, 16)]}, "search": "k"}, "UnsolvableError", ""),
    ):
        for reply in (
            helper.handle(json.dumps({"op": "subtree", **request})),
            helper.start(json.dumps({"op": "subtree", **request})).advance(1),
        ):
            got_kind, got_message = error(reply)
            assert got_kind == kind and message in got_message, (request, got_message)
    near = {**task, "tiles": [1, 0, *range(2, 16)], "budget": 1}  # one move from the goal
    done = json.loads(helper.handle(json.dumps({"op": "subtree", "task": near, "search": "k"})))
    assert done["ok"] and done["answer"]["cells"] == [1, 0] and done["answer"]["bound"] == 50

    session = engine(tables).start(solve_request(1, workers=2, split_nodes=300))
    assert isinstance(session, api.Session)
    for message, text in (
        ({"answer": {"bound": 1, "index": 0, "cells": None, "expanded": 0, "generated": 0}}, "has not been split"),
        ({"want": "tasks"}, "a 'want' message asks for 'task'"),
        ({"gimme": 1}, "unknown split message 'gimme'"),
        ({"want": "task", "answer": 1}, "an object with one field"),
    ):
        kind, got = error(session.exchange(json.dumps(message)))
        assert kind == "RequestError" and text in got, got
    assert error(session.exchange("{not json"))[0] == "RequestError"


def test_a_cancelled_subtree_drops_its_transposition_table(tables: PdbTables) -> None:
    helper = engine(tables)
    session = helper.start(json.dumps({"op": "solve", "board": HARD, "goal": "blank-first", "workers": 2,
                                       "split_nodes": 300}))  # fmt: skip
    assert isinstance(session, api.Session)
    task = None
    while task is None:
        assert json.loads(session.advance(0.02))["type"] == "progress"
        task = exchange(session, {"want": "task"})["task"]
    sub = helper.start(json.dumps({"op": "subtree", "task": task, "search": "hard"}))
    table = helper._subtree_tt
    assert json.loads(sub.cancel()) == {"type": "result", "ok": True, "stopped": "cancelled", "answer": None}
    near = {"bound": 50, "index": 0, "tiles": [1, 0, *range(2, 16)], "prev": None, "budget": 1}
    finished = helper.start(json.dumps({"op": "subtree", "task": near, "search": "hard"}))
    assert helper._subtree_tt is not table  # written halfway by the cancelled task: not trusted
    table = helper._subtree_tt
    assert json.loads(finished.advance(10))["answer"]["cells"] == [1, 0]
    helper.start(json.dumps({"op": "subtree", "task": near, "search": "hard"}))
    assert helper._subtree_tt is table  # the finished task's entries hold for the next task of the same search
    helper.start(json.dumps({"op": "subtree", "task": near, "search": "another"}))
    assert helper._subtree_tt is not table
    assert exchange(session, {"lost": task}) == {"ok": True}
    assert exchange(session, {"want": "task"})["task"] == task  # handed out again
    assert json.loads(session.cancel())["stopped"] == "cancelled"
