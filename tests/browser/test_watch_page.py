"""Watch the search in real Chromium: the panel steps the core's A* and IDA* one expansion at a time.

Every figure the page shows is checked against the core in this CPython: each step's counters and words against the
core's own ``watch`` op, the end of a run against the plain searches (``npuzzle.optimal.search``: vertices visited,
generated, maximum heap size, IDA*'s per-iteration counts). One page (one Pyodide boot) serves the module; the phone
test opens its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bench.browser import wait_python
from playwright.sync_api import Browser, expect

from npuzzle import Board, goal_board, random_board, scramble
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.optimal.search import astar, idastar
from npuzzle.progress import Limit, SearchResult, run

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, App, Server, core, new_app

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium

RUN_TIMEOUT_MS = 180_000  # a run to the end in Pyodide: for hangs only


def known_board() -> Board:
    """A fixed 8-puzzle 16 moves from its goal (16 random moves, seed 21): 43 A* expansions with Manhattan."""
    return scramble(goal_board(3, 3), 16, seed=21)


def text(board: Board) -> str:
    return " ".join(map(str, board.tiles))


def watch_core(board: Board, algorithm: str, heuristic: str, start: int, count: int) -> dict[str, Any]:
    """The core's own trace: `count` steps after `start` expansions."""
    reply = core(
        {
            "op": "watch",
            "board": text(board),
            "algorithm": algorithm,
            "heuristic": heuristic,
            "from": start,
            "count": count,
        }
    )
    assert reply["ok"], reply
    return reply


def plain(board: Board, algorithm: str, heuristic: str, limit: Limit = Limit()) -> SearchResult:
    """The ordinary search the panel must end on: same core, no observer."""
    goal = goal_board(board.rows, board.cols)
    search = astar if algorithm == "astar" else idastar
    return run(search(board, goal, make_heuristic(heuristic, goal), limit))


def open_watch(
    app: App, board: Board, *, algorithm: str = "astar", heuristic: str = "manhattan", rival: str = ""
) -> None:
    """Check `board`, open the panel (on a phone: through Edit board) and choose the search."""
    page = app.page
    app.check(text(board), "default")
    if page.locator("#watch-open").is_hidden():
        page.click("#edit-board")
    page.click("#watch-open")
    page.wait_for_function("() => !document.getElementById('watch').hidden")
    page.select_option("#watch-algorithm", algorithm)
    page.select_option("#watch-heuristic", heuristic)
    page.select_option("#watch-rival", rival)
    wait_at(app, [0] * (2 if rival else 1))


def wait_at(app: App, at: list[int], timeout: int = ANSWER_TIMEOUT_MS) -> None:
    """Wait until the lanes show expansions `at` and nothing is being asked."""
    app.page.wait_for_function(
        """want => {
             const lanes = [...document.querySelectorAll('#watch-lanes .watch-lane')];
             return document.body.dataset.watch !== 'asking' && lanes.length === want.length
               && lanes.every((lane, i) => lane.dataset.at === String(want[i]));
           }""",
        arg=at,
        timeout=timeout,
    )


def lane_figures(app: App, index: int = 0) -> dict[str, str]:
    """A lane's figures as the page mirrors them (data-*: at, expanded, generated, heap, maxHeap …)."""
    figures: dict[str, str] = (
        app.page.locator("#watch-lanes .watch-lane").nth(index).evaluate("lane => ({...lane.dataset})")
    )
    return figures


def said(app: App) -> str:
    return app.page.locator("#watch-said").inner_text()


def step(app: App, at: list[int]) -> None:
    app.page.click("#watch-step")
    wait_at(app, at)


def assert_counters(figures: dict[str, str], counters: dict[str, int]) -> None:
    for key, value in counters.items():
        name = key.split("_")[0] + "".join(part.title() for part in key.split("_")[1:])
        assert figures[name] == str(value), (key, figures)


def test_step_words_counters_and_back_restore_the_picture(app: App) -> None:
    board = known_board()
    expected = watch_core(board, "astar", "manhattan", 0, 20)["steps"]
    open_watch(app, board)
    pictures = []
    for k in range(1, 21):
        step(app, [k])
        core_step = expected[k - 1]
        assert_counters(lane_figures(app), core_step["counters"])
        words = said(app)
        if "words" in core_step:
            assert words == core_step["words"]
        assert f"f = {core_step['node']['f']}" in words or f"f {core_step['node']['f']}" in words, words
        pictures.append(app.page.locator("#watch-lanes").inner_html())
    for k in range(19, 0, -1):
        app.page.click("#watch-back")
        wait_at(app, [k])
        assert_counters(lane_figures(app), expected[k - 1]["counters"])
        assert app.page.locator("#watch-lanes").inner_html() == pictures[k - 1]  # the same picture, exactly
    app.assert_offline()


BACK_TIMES = """async (times) => {
  const lane = () => document.querySelector('#watch-lanes .watch-lane');
  for (let i = 0; i < times; i++) {
    const before = lane().dataset.at;
    document.getElementById('watch-back').click();
    await new Promise((resolve, reject) => {
      const t0 = performance.now();
      const check = () => {
        if (lane().dataset.at !== before && document.body.dataset.watch !== 'asking') resolve(null);
        else if (performance.now() - t0 > 60000) reject(new Error(`Back stuck at ${before}`));
        else requestAnimationFrame(check);
      };
      check();
    });
  }
  return Number(lane().dataset.at);
}"""
"""Presses Back `times` times, each once the page shows the step before (fails after 60 s on one: a hang); resolves
to the expansion shown."""


def test_run_to_the_end_equals_the_plain_astar_and_shows_the_path(app: App) -> None:
    board = known_board()
    for heuristic in ("manhattan", "hamming", "discrete"):  # 43, 359 and 6,481 expansions: the last over WINDOW
        result = plain(board, "astar", heuristic)
        assert result.moves is not None
        open_watch(app, board, heuristic=heuristic)
        step(app, [1])
        app.page.click("#watch-end")
        app.page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=RUN_TIMEOUT_MS)
        figures = lane_figures(app)
        assert figures["done"] == "true"
        assert figures["expanded"] == str(result.nodes_expanded), heuristic
        assert figures["generated"] == str(result.nodes_generated), heuristic
        assert figures["maxHeap"] == str(result.max_frontier), heuristic
        caption = app.page.locator(".solution-path figcaption").inner_text()
        assert f"{len(result.moves)} moves" in caption
        assert app.page.locator(".path-strip svg").count() == len(result.moves) + 1
        assert app.page.locator("#watch-step").get_attribute("aria-disabled") == "true"
        # Back from the end: the window kept the last steps
        app.page.click("#watch-back")
        wait_at(app, [result.nodes_expanded])  # the goal is taken at expansion expanded + 1
    # the window holds the run's last 400 steps (model/watch.js WINDOW): Back past them asks the core again
    at = app.page.evaluate(BACK_TIMES, 401)
    assert at == result.nodes_expanded - 401  # one Back was pressed above
    again = watch_core(board, "astar", "discrete", at - 1, 1)["steps"][0]
    assert_counters(lane_figures(app), again["counters"])
    assert said(app) == again["words"]
    # and from the start again, from 0
    app.page.click("#watch-reset")
    wait_at(app, [0])
    first = watch_core(board, "astar", "discrete", 0, 2)["steps"]
    for k in (1, 2):
        step(app, [k])
        assert_counters(lane_figures(app), first[k - 1]["counters"])
        assert said(app) == first[k - 1]["words"]
    app.assert_offline()


def test_a_long_run_to_the_end_shows_progress_and_cancels(app: App) -> None:
    page = app.page
    hardest = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))  # 31 moves: the discrete heuristic visits ~180,000 states
    open_watch(app, hardest, heuristic="discrete")
    page.click("#watch-end")
    page.wait_for_function(
        "() => !document.getElementById('watch-job').hidden"
        " && document.getElementById('watch-job-detail').textContent.includes('nodes')",
        timeout=ANSWER_TIMEOUT_MS,
    )
    page.click("#watch-job-cancel")
    page.wait_for_function("() => document.body.dataset.watch === 'idle'", timeout=ANSWER_TIMEOUT_MS)  # hangs only
    assert page.locator("#watch-job").is_hidden()
    assert said(app).startswith("Cancelled")
    assert lane_figures(app)["at"] == "0"
    step(app, [1])  # the panel works on after a cancel
    assert lane_figures(app)["expanded"] == "1"
    app.assert_offline()


def first_child(wanted: Callable[[dict[str, Any]], bool], what: str) -> tuple[Board, int, dict[str, Any]]:
    """The first random 8-puzzle (seeds 0 to 199) whose A* with Manhattan has a child `wanted` picks in its first 40
    steps: the board, the step (1-based) and that child, from the core's trace. `what` names it in the failure."""
    for seed in range(200):
        board = random_board(3, 3, seed=seed)
        for found in watch_core(board, "astar", "manhattan", 0, 40)["steps"]:
            picked = [c for c in found["children"] if wanted(c)]
            if picked:
                return board, found["n"], picked[0]
    raise AssertionError(f"no 8-puzzle among 200 random ones {what} in its first 40 steps")


def lowering_board() -> tuple[Board, int, dict[str, Any]]:
    """A board whose A* lowers a queued node's priority early: the step and the lowered child."""
    return first_child(lambda c: c["outcome"] == "lowered", "lowers a priority")


def test_a_lowered_priority_is_shown_with_its_heap_index_and_path(app: App) -> None:
    board, n, child = lowering_board()
    open_watch(app, board)
    for k in range(1, n + 1):
        step(app, [k])
    item = app.page.locator(".children li.lowered")
    assert item.count() >= 1
    words = item.first.inner_text()
    assert f"f {child['old_f']} → {child['f']}" in words
    assert f"heap index {child['found_at']}" in words
    assert "percolated up " + " → ".join(map(str, child["path"])) in words
    assert "lowered the priority" in said(app) or "lowered" in said(app).lower()
    # the heap drawing marks where it came to rest
    rest = child["path"][-1]
    moved = app.page.locator(".heap-array li.moved .index")
    if rest < 31:
        assert moved.inner_text() == str(rest)
    app.assert_offline()


def test_a_skipped_child_still_queued_is_said_with_its_heap_index(app: App) -> None:
    queued = first_child(lambda c: c["outcome"] == "skipped" and c["found_at"] is not None, "skips a queued child")
    board, n, child = queued
    open_watch(app, board)
    for k in range(1, n + 1):
        step(app, [k])
    words = app.page.locator(".children li.skipped span").all_inner_texts()
    assert (
        f"tile {child['tile']} moved: g {child['g']} + h {child['h']} = f {child['f']}"
        f" — already queued at heap index {child['found_at']} with g no higher: skipped"
    ) in words, words
    app.assert_offline()


def test_idastar_iterations_equal_the_cores_per_iteration(app: App) -> None:
    board = known_board()
    result = plain(board, "idastar", "manhattan")
    per_iteration = [tuple(i) for i in result.extra["per_iteration"]]
    expected = watch_core(board, "idastar", "manhattan", 0, 3)["steps"]
    open_watch(app, board, algorithm="idastar")
    for k in range(1, 4):
        step(app, [k])
        assert_counters(lane_figures(app), expected[k - 1]["counters"])
    assert app.page.locator("#watch-lanes svg.ida-tree").count() == 1
    assert app.page.locator(".iteration-list li").count() == 0  # none finished yet (the window holds more)
    first_bound, first_nodes = per_iteration[0]
    for k in range(4, first_nodes + 2):  # through the first iteration's last expansion and into the second
        step(app, [k])
        finished = 1 if k >= first_nodes else 0
        assert app.page.locator(".iteration-list li").count() == finished, k
    assert lane_figures(app)["at"] == str(first_nodes + 1)
    assert app.page.locator(".iteration-list li").first.inner_text() == f"bound {first_bound}: {first_nodes} nodes"
    caption = app.page.locator("figure.ida figcaption").inner_text()
    assert caption.startswith(f"Iteration 2, bound {per_iteration[1][0]}")
    app.page.click("#watch-end")
    app.page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=RUN_TIMEOUT_MS)
    shown = app.page.locator(".iteration-list li").evaluate_all(
        "items => items.map(i => [Number(i.dataset.bound), Number(i.dataset.nodes)])"
    )
    assert [tuple(i) for i in shown] == per_iteration
    assert lane_figures(app)["expanded"] == str(result.nodes_expanded)
    app.assert_offline()


def test_a_race_of_two_heuristics_steps_together_to_the_plain_figures(app: App) -> None:
    board = scramble(goal_board(3, 3), 14, seed=5)
    open_watch(app, board, heuristic="manhattan", rival="hamming")
    for k in range(1, 4):
        step(app, [k, k])
    for index, heuristic in enumerate(("manhattan", "hamming")):
        figures = lane_figures(app, index)
        assert figures["heuristic"] == heuristic
        assert_counters(figures, watch_core(board, "astar", heuristic, 0, 3)["steps"][2]["counters"])
    assert said(app).startswith("Manhattan distance: ") and "Misplaced tiles: " in said(app)
    app.page.click("#watch-end")
    app.page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=RUN_TIMEOUT_MS)
    counts = {}
    for index, heuristic in enumerate(("manhattan", "hamming")):
        counts[heuristic] = plain(board, "astar", heuristic).nodes_expanded
        assert lane_figures(app, index)["expanded"] == str(counts[heuristic])
    # the race ends by naming the winner, with both counts, first in what is said
    assert counts["manhattan"] < counts["hamming"]
    result = (
        f"Manhattan distance wins: it reached the goal after expanding {counts['manhattan']:,} nodes; "
        f"Misplaced tiles after {counts['hamming']:,}."
    )
    expect(app.page.locator("#watch-result")).to_have_text(result)
    assert said(app).startswith(result)
    app.assert_offline()


def test_keyboard_alone_opens_steps_goes_back_and_closes(app: App) -> None:
    page = app.page
    app.check(text(known_board()), "default")
    page.focus("#watch-open")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'watch-step'")
    lanes = page.locator("#watch-lanes .watch-lane").count()  # the choices stay as the last test left them
    assert lanes in (1, 2)
    wait_at(app, [0] * lanes)
    page.keyboard.press("Enter")
    wait_at(app, [1] * lanes)
    page.keyboard.press("Space")
    wait_at(app, [2] * lanes)
    assert page.evaluate("document.activeElement.id") == "watch-step"  # the focus stays on Step
    page.keyboard.press("Shift+Tab")  # Back
    assert page.evaluate("document.activeElement.id") == "watch-back"
    page.keyboard.press("Enter")
    wait_at(app, [1] * lanes)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # Play
    assert page.evaluate("document.activeElement.id") == "watch-play"
    page.keyboard.press("Enter")
    page.wait_for_function("() => Number(document.querySelector('.watch-lane').dataset.at) >= 3")
    assert page.get_attribute("#watch-said", "aria-live") == "off"  # playing: each step shown, not read out
    page.keyboard.press("Enter")  # Pause
    page.wait_for_function("() => document.getElementById('watch-play').getAttribute('aria-pressed') === 'false'")
    assert page.get_attribute("#watch-said", "aria-live") == "polite"
    assert said(app).startswith("Paused. ")  # the step it stopped on, read out
    page.focus("#watch-speed")  # the speed slider's arrow keys: the speed shown and said
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#watch-speed-text")).to_have_text("8/s")
    expect(page.locator("#watch-speed")).to_have_attribute("aria-valuetext", "8 steps per second")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#watch-speed-text")).to_have_text("4/s")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('watch').hidden")
    assert page.evaluate("document.activeElement.id") == "watch-open"
    app.assert_offline()


def test_a_run_stopped_by_the_memory_limit_says_so(browser: Browser, server: Server) -> None:
    states = 2000  # the watched search may hold this many (window.npuzzleTest.watchMaxStates, read by hooks.js)
    limited = new_app(browser, server, init_script=f"window.npuzzleTest = {{watchMaxStates: {states}}};")
    try:
        limited.page.goto(server.url)
        wait_python(limited.page, BOOT_TIMEOUT_MS)
        limited.wait_answer(0)
        hardest = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))  # the discrete heuristic holds ~100,000 states
        open_watch(limited, hardest, heuristic="discrete")
        limited.page.click("#watch-end")
        limited.page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=RUN_TIMEOUT_MS)
        figures = lane_figures(limited)
        assert figures["done"] == "true"
        stopped = plain(hardest, "astar", "discrete", Limit(memory=states))
        assert stopped.stopped == "memory-limit"
        assert int(figures["expanded"]) == stopped.nodes_expanded - 1  # that count includes the node put back
        note = limited.page.locator(".watch-lane p.error").inner_text()
        assert note.startswith("The search stopped before the goal: it ran out of the memory this page allows"), note
        assert "The search stopped" in said(limited)
        assert limited.page.locator(".solution-path").count() == 0
        limited.assert_offline()
    finally:
        limited.close()


def test_the_panel_fits_a_phone(phone: App) -> None:
    page = phone.page
    open_watch(phone, known_board(), heuristic="manhattan", rival="hamming")
    for k in range(1, 6):
        step(phone, [k, k])
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{overflow} px of horizontal scroll at 390 px"
    for box in page.locator("#watch-lanes svg").all():
        right = box.evaluate("e => e.getBoundingClientRect().right")
        assert right <= 390, right
    assert page.locator(".heap-tree").first.locator(".heap-node").count() <= 15  # four levels on a phone
    assert page.locator(".heap-tree").first.get_attribute("role") == "img"
    assert "The heap:" in (page.locator(".heap-tree").first.get_attribute("aria-label") or "")
