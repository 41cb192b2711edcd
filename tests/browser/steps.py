"""Steps the page tests take in more than one module: shuffle a board, wait for the grid, click a tile, time a
Cancel; for speedsolvers deal a seed, play tiles, wait for an analysis and read its mistakes."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from npuzzle.board import Board

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, core, grid_tiles

CANCEL_MS = """() => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (document.body.dataset.solve === "stopped") { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-solve"] });
  setTimeout(() => {
    observer.disconnect();
    const shown = document.body.dataset.solve;
    reject(new Error(`the solve was not shown stopped within 60 s of Cancel (data-solve=${shown})`));
  }, 60000);
  document.getElementById("job-cancel").click();
})"""
"""Clicks the job's Cancel button and resolves to the milliseconds until the page shows the solve stopped (fails
after 60 s, naming the state the page shows instead: a hang, not a slow machine)."""

CANCEL_HANG_MS = 10_000
"""A cancel that takes longer than this is broken, not slow (the cooperative cancel answers between ~50 ms slices;
its usual time is printed and recorded in docs/benchmarks.md)."""


RUNNING_WITH_NODES = """() => !document.getElementById("job").hidden
  && /nodes/.test(document.getElementById("job-detail").textContent)"""
"""The job line is on screen with a count of nodes: this job's own progress (the hidden line keeps the detail an
earlier job left, and one render pass shows the line and its first detail, "starting…", together)."""


def wait_for_progress(page: Page) -> None:
    """Wait until the running job has reported progress (its nodes on the job line)."""
    page.wait_for_function(RUNNING_WITH_NODES, timeout=ANSWER_TIMEOUT_MS)


def shuffle(app: App, shape: str, goal: str | None = None) -> str:
    """Choose ``goal`` (when given), type ``shape`` and press Shuffle; wait until the page says how the shuffle
    ended ("dealt" or "failed"), and return it. (Not the count of answers: the verdict a finished playback
    refreshes counts as one too, and may land just after the click.)"""
    if goal is not None:
        app.select_goal(goal)
    page = app.page
    page.fill("#shape", shape)
    page.evaluate("() => { delete document.body.dataset.shuffle; }")  # not the end of an earlier shuffle
    page.click("#shuffle")
    page.wait_for_selector("body[data-shuffle]", state="attached", timeout=ANSWER_TIMEOUT_MS)
    return page.locator("body").get_attribute("data-shuffle") or ""


def press_solve(app: App, button: str = "#solve") -> float:
    """Press Solve (``button``: the phone's bar has its own) and wait for the end of this solve, not an earlier
    one's; return the seconds it took."""
    page = app.page
    page.evaluate("() => { delete document.body.dataset.solve; }")
    began = time.perf_counter()
    page.click(button)
    try:
        page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    except PlaywrightTimeoutError:  # what the page shows instead: a solve not started, still running, or lost
        seen = page.evaluate(
            "() => ({body: {...document.body.dataset}, job: document.getElementById('job').hidden ? null"
            " : document.getElementById('job').textContent.replace(/\\s+/g, ' ').trim(),"
            " solve: document.getElementById('solve').disabled ? 'disabled' : 'enabled'})"
        )
        raise AssertionError(f"no answer to Solve within {ANSWER_TIMEOUT_MS // 1000} s: {seen}") from None
    return time.perf_counter() - began


def wait_grid(app: App, tiles: tuple[int, ...] | list[int]) -> None:
    """Wait until the grid shows ``tiles`` (jumps are drawn in the next animation frame), then check it."""
    want = ",".join(str(t) for t in tiles)
    try:
        app.page.wait_for_function(
            """want => [...document.querySelectorAll('[role=gridcell]')]
                 .map(c => c.textContent.trim() || '0').join(',') === want""",
            arg=want,
            timeout=10_000,
        )
    except PlaywrightTimeoutError:  # what the page shows instead, to tell a slow answer from a wrong one
        seen = app.page.evaluate(
            "() => ({grid: [...document.querySelectorAll('[role=gridcell]')].map(c => c.textContent.trim() || '0')"
            ".join(','), text: document.getElementById('board').value, url: location.hash, "
            "verdict: document.getElementById('verdict').dataset.board, body: {...document.body.dataset}})"
        )
        raise AssertionError(f"the grid did not show {want} within 10 s: {seen}") from None
    assert grid_tiles(app) == list(tiles)


def cancel_ms(page: Page) -> float:
    """Click Cancel on the running solve; the milliseconds until the page shows it stopped."""
    ms: float = page.evaluate(CANCEL_MS)
    return ms


def click(app: App, board: Board, tile: int) -> tuple[Board, list[str]]:
    """Click ``tile`` (in the blank's row or column): the board after the line slid, and the letters of its moves."""
    r, c = divmod(board.tiles.index(tile), board.cols)
    br, bc = board.blank
    letter = "U" if r > br else "D" if r < br else "L" if c > bc else "R"
    letters = [letter] * (abs(r - br) + abs(c - bc))
    app.page.get_by_role("gridcell", name=str(tile), exact=True).click()
    for move in letters:
        board = board.slide(move)
    wait_grid(app, board.tiles)
    return board, letters


ANALYSED = "() => ['done', 'stopped', 'failed'].includes(document.body.dataset.analysis)"


def text_of(board: Board) -> str:
    return " / ".join(" ".join(map(str, board.tiles[r * board.cols : (r + 1) * board.cols])) for r in range(board.rows))


def deal(app: App, shape: str, seed: str) -> Board:
    """Type ``shape`` under the board and ``seed`` in the speedsolvers' panel, press Deal: the board dealt."""
    page = app.page
    page.fill("#shape", shape)
    page.fill("#seed", seed)
    before = app.answers()
    page.click("#deal")
    app.wait_answer(before)
    dealt = core({"op": "random", "shape": shape.replace("×", "x"), "seed": seed})["board"]  # the same board anywhere
    board = Board(dealt["rows"], dealt["cols"], tuple(dealt["tiles"]))
    wait_grid(app, board.tiles)
    return board


def play(app: App, board: Board, tiles: list[int]) -> tuple[Board, str]:
    """Click ``tiles`` in turn: the board reached and the single-tile letters played."""
    letters = ""
    for tile in tiles:
        board, slid = click(app, board, tile)
        letters += "".join(slid)
    return board, letters


def analysed(page: Page) -> None:
    page.wait_for_function(ANALYSED, timeout=ANSWER_TIMEOUT_MS)


def choose(page: Page, select: str, value: str) -> None:
    page.locator(select).scroll_into_view_if_needed()
    page.select_option(select, value)


def mistakes_table(page: Page) -> list[list[str]]:
    rows = page.locator("#analysis-mistakes tbody tr")
    return [rows.nth(k).locator("td").all_inner_texts() for k in range(rows.count())]


def core_mistakes(reply: dict[str, object]) -> list[list[str]]:
    """The rows the mistakes table shows for an ``analyse`` reply: the move's number, the move, the distances, and
    every optimal move there in words."""
    steps = reply["steps"]
    assert isinstance(steps, list)
    return [
        [str(k + 1), s["move"], f"{s['before']} → {s['after']}", either(s["optimal_moves"])]
        for k, s in enumerate(steps)
        if s["mistake"]
    ]


def either(moves: list[str]) -> str:
    """Moves as the page gives a choice: "L", "L or R", "U, L or R"; a dash for none."""
    if len(moves) < 2:
        return moves[0] if moves else "–"
    return ", ".join(moves[:-1]) + " or " + moves[-1]


def choices(text: str) -> set[str]:
    """The moves of a choice in words (:func:`either`)."""
    return set() if text == "–" else set(re.split(r", | or ", text))


def solution_facts(page: Page) -> Locator:
    """The solution's figures, its fold ("How it was found") opened first as a person would."""
    fold = page.locator("#solution-more")
    if fold.get_attribute("open") is None:
        page.click("#solution-more summary")
    return page.locator("#solution-facts")
