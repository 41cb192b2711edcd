"""The worker protocol on its own: typed messages with ids, status stages, one-shot ops, sliced solve, cancel.

The worker is started from a same-origin document that is not the page (``/build.json``), so only this one
Pyodide boots; the page's Content-Security-Policy header applies to it (``scripts/serve.py`` sends it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

from npuzzle import api

from .conftest import BOOT_TIMEOUT_MS, Server

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium

HARNESS = """
() => {
  window.messages = [];
  window.worker = new Worker("/worker/worker.js", { type: "module" });
  worker.onmessage = (event) => messages.push(event.data);
  worker.onerror = (event) => messages.push({ type: "onerror", message: event.message });
}
"""


class Harness:
    """A raw worker in a page; requests are posted and replies collected in ``window.messages``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.next_id = 100

    def send(self, message: dict[str, Any]) -> None:
        self.page.evaluate("m => worker.postMessage(m)", message)

    def wait(self, predicate_js: str, timeout: float = 60_000) -> list[dict[str, Any]]:
        """Wait until some message satisfies ``predicate_js`` (a JS function of one message); return all."""
        self.page.wait_for_function(f"() => messages.some({predicate_js})", timeout=timeout)
        messages: list[dict[str, Any]] = self.page.evaluate("messages")
        return messages

    def request(self, message: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
        """Send a request with a fresh id; wait for its result or error; return the id and its messages."""
        self.next_id += 1
        rid = self.next_id
        self.send({**message, "id": rid})
        messages = self.wait(f"m => m.id === {rid} && (m.type === 'result' || m.type === 'error')")
        return rid, [m for m in messages if m.get("id") == rid]


@pytest.fixture(scope="module")
def harness(browser: Browser, server: Server) -> Iterator[tuple[Harness, list[str]]]:
    context = browser.new_context()
    offsite: list[str] = []

    def route(route: Route) -> None:
        parts = urlsplit(route.request.url)
        if f"{parts.scheme}://{parts.netloc}" == server.origin:
            route.continue_()
        else:
            offsite.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", route)
    page = context.new_page()
    page.goto(server.url + "build.json")
    page.evaluate(HARNESS)
    page.wait_for_function(
        "() => messages.some(m => m.type === 'status' && m.state !== 'loading')", timeout=BOOT_TIMEOUT_MS
    )
    yield Harness(page), offsite
    context.close()


def test_boot_reports_each_stage_then_ready(harness: tuple[Harness, list[str]]) -> None:
    h, offsite = harness
    statuses = [m for m in h.page.evaluate("messages") if m["type"] == "status"]
    loading = [m for m in statuses if m["state"] == "loading"]
    stages = [m["stage"] for i, m in enumerate(loading) if i == 0 or loading[i - 1]["stage"] != m["stage"]]
    # A first visit boots the normal way (a later one from the snapshot it kept: test_snapshot_boot.py); the stage
    # repeats while its downloads progress.
    expected = ["runtime", "npuzzle", "import"]
    assert stages == expected
    assert {(m["stage"], m["step"], m["steps"]) for m in loading} == {
        (name, step, len(expected)) for step, name in enumerate(expected, 1)
    }
    ready = statuses[-1]
    assert ready["state"] == "ready", ready
    assert ready["boot"] == "normal"
    assert ready["seconds"] > 0
    assert offsite == []


def test_unknown_or_malformed_messages_are_rejected(harness: tuple[Harness, list[str]]) -> None:
    h, offsite = harness
    _, replies = h.request({"type": "eval", "code": "1"})
    assert replies[-1]["type"] == "error" and replies[-1]["error"]["type"] == "ProtocolError"
    h.send({"type": "check", "board": "1 2 3 / 4 5 6 / 7 8 0"})  # no id
    messages = h.wait("m => m.type === 'error' && m.id === null")
    assert any(m["type"] == "error" and m["id"] is None and "check" in m["error"]["message"] for m in messages)
    assert offsite == []


def test_one_shot_ops_match_the_core(harness: tuple[Harness, list[str]]) -> None:
    h, offsite = harness
    request = {"board": "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0", "goal": "default"}
    _, replies = h.request({"type": "check", **request})
    assert replies[-1]["type"] == "result"
    assert replies[-1]["reply"] == json.loads(api.handle(json.dumps({"op": "check", **request})))
    _, replies = h.request({"type": "check", "board": "1 1 2 / 3 4 5 / 6 7 0"})
    assert replies[-1]["type"] == "error"
    assert replies[-1]["error"]["type"] == "DuplicateTileError"
    _, replies = h.request({"type": "random", "shape": "3x4", "seed": 7})
    assert replies[-1]["reply"] == json.loads(api.handle(json.dumps({"op": "random", "shape": "3x4", "seed": 7})))
    _, replies = h.request({"type": "apply", "board": "1 2 3 / 4 5 6 / 7 0 8", "moves": [8]})
    assert replies[-1]["reply"]["board"]["text"] == "1 2 3 / 4 5 6 / 7 8 0"
    assert offsite == []


def test_solve_runs_to_a_result(harness: tuple[Harness, list[str]]) -> None:
    h, offsite = harness
    _, replies = h.request({"type": "solve", "board": "1 2 3 / 4 5 6 / 0 7 8"})
    result = replies[-1]
    assert result["type"] == "result", result
    assert result["reply"]["moves"] == [7, 8] and result["reply"]["optimal"] is True
    assert offsite == []


def test_cancel_stops_a_long_solve_between_slices(harness: tuple[Harness, list[str]]) -> None:
    h, offsite = harness
    board = json.loads(api.handle(json.dumps({"op": "random", "shape": "5x5", "seed": 1})))["board"]["text"]
    h.next_id += 1
    rid = h.next_id
    h.send({"type": "solve", "id": rid, "board": board, "algorithm": "idastar"})
    h.wait(f"m => m.id === {rid} && m.type === 'progress'")
    h.send({"type": "cancel", "id": rid})
    messages = h.wait(f"m => m.id === {rid} && (m.type === 'result' || m.type === 'error')", timeout=10_000)
    mine = [m for m in messages if m.get("id") == rid]
    assert mine[-1]["type"] == "result", mine[-1]
    assert mine[-1]["reply"]["stopped"] == "cancelled"
    assert mine[-1]["reply"]["moves"] is None
    assert all(m["type"] == "progress" for m in mine[:-1])
    # the worker is free again
    _, replies = h.request({"type": "check", "board": "1 2 / 3 0"})
    assert replies[-1]["reply"]["explanation"]["solvable"] is True
    assert offsite == []


def test_cancel_before_a_request_runs(harness: tuple[Harness, list[str]]) -> None:
    h, offsite = harness
    board = json.loads(api.handle(json.dumps({"op": "random", "shape": "5x5", "seed": 2})))["board"]["text"]
    first, second = h.next_id + 1, h.next_id + 2
    h.next_id += 2
    h.send({"type": "solve", "id": first, "board": board, "algorithm": "idastar"})
    h.send({"type": "check", "id": second, "board": "1 2 3 / 4 5 6 / 7 8 0"})
    h.send({"type": "cancel", "id": second})  # queued behind the solve: never runs
    h.send({"type": "cancel", "id": first})
    messages = h.wait(f"m => m.id === {second} && (m.type === 'result' || m.type === 'error')", timeout=10_000)
    reply = [m for m in messages if m.get("id") == second][-1]
    assert reply["type"] == "error" and reply["error"]["type"] == "Cancelled"
    assert offsite == []


def test_a_background_search_gives_way_to_every_other_request(harness: tuple[Harness, list[str]]) -> None:
    """Between two slices of a `background` solve, the worker answers the requests waiting (a watch step, a move's
    words, a check, the options) before the background search's next slice: at most the slice that was running when
    the request arrived, and one whose progress was already on its way, report before the answer (without the rule
    the request waits for the whole background search)."""
    h, offsite = harness
    board = json.loads(api.handle(json.dumps({"op": "random", "shape": "5x5", "seed": 3})))["board"]["text"]
    h.next_id += 1
    background = h.next_id
    h.send({"type": "solve", "id": background, "board": board, "algorithm": "idastar", "background": True})
    h.wait(f"m => m.id === {background} && m.type === 'progress' && m.progress")
    asks = [
        {"type": "watch", "board": "8 6 7 / 2 5 4 / 3 0 1", "algorithm": "astar", "heuristic": "manhattan", "count": 5},
        {"type": "move", "board": "1 2 3 / 4 5 6 / 7 0 8", "tiles": [8]},
        {"type": "check", "board": "1 2 3 / 4 5 6 / 8 7 0"},
        {"type": "options", "rows": 3, "cols": 3},
    ]
    for ask in asks:
        h.next_id += 1
        rid = h.next_id
        # the count starts as the request leaves (one task: a busy machine may run slices between two evaluates)
        h.page.evaluate("m => { window.messages = []; worker.postMessage(m); }", {**ask, "id": rid})
        messages: list[dict[str, Any]] = h.wait(f"m => m.id === {rid} && (m.type === 'result' || m.type === 'error')")
        replies = [m for m in messages if m.get("id") == rid]
        assert replies[-1]["type"] == "result", replies[-1]
        answered = next(k for k, m in enumerate(messages) if m.get("id") == rid and m["type"] == "result")
        slices = [m for m in messages[:answered] if m.get("id") == background and m["type"] == "progress"]
        assert len(slices) <= 2, f"{ask['type']} waited for {len(slices)} slices of the background search"
    h.send({"type": "cancel", "id": background})
    messages = h.wait(f"m => m.id === {background} && (m.type === 'result' || m.type === 'error')", timeout=10_000)
    assert [m for m in messages if m.get("id") == background][-1]["reply"]["stopped"] == "cancelled"
    assert offsite == []
