"""The slow panels on the page's own example board, once, at the most common laptop screen (1366×768): Watch the
search opens with settings that reach the goal and says so before the run, its run to the end shows its progress in
view and ends with the solution; Compare shows its progress where the eye is and gives a table whose unfinished runs
say so, every column visible. (Their layout at the six screens: test_sees_page.py.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from npuzzle import Limit, goal_board, run
from npuzzle.api.requests import API_MEMORY_LIMIT
from npuzzle.parse import parse_board
from npuzzle.solving.solve import plan

from .conftest import App, Server, core, open_app
from .sees import SCREENS, assert_readable, assert_seen, assert_seen_soon

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium, runs searches of seconds

EXAMPLE = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"
LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
RUN_TIMEOUT_MS = 600_000
"""A run to the end and a comparison take seconds on a quiet machine; a shared one may be many times slower."""


@pytest.fixture
def laptop(browser: Browser, server: Server) -> Iterator[App]:
    app = open_app(browser, server, LINK, viewport=SCREENS["1366x768"])
    yield app
    app.assert_offline()
    app.close()


def plain_astar(heuristic: str) -> int:
    """Expansions of the core's A* with ``heuristic`` to the goal of the example (its memory limit as the page's)."""
    board = parse_board(EXAMPLE)
    result = run(plan(board, goal_board(4, 4), "astar", heuristic).start(Limit(memory=API_MEMORY_LIMIT)))
    assert result.moves is not None
    return result.nodes_expanded


def test_watch_opens_with_settings_that_finish_and_runs_to_the_end(laptop: App) -> None:
    page = laptop.page
    page.click("#watch-open")
    assert_seen_soon(page, "#watch-heading", "#watch-step")  # the panel's smooth scroll may begin a frame later
    expect(page.locator("#watch-algorithm")).to_have_value("astar")
    expect(page.locator("#watch-heuristic")).to_have_value("linear-conflict")  # the strongest it offers
    expanded = plain_astar("linear-conflict")
    advice = page.locator("#watch-advice")
    expect(advice).to_contain_text(
        f"reaches the goal on this board after expanding {expanded:,} nodes", timeout=RUN_TIMEOUT_MS
    )
    assert_seen(page, "#watch-advice")
    page.click("#watch-end")
    page.wait_for_function("() => !document.getElementById('watch-job').hidden", timeout=RUN_TIMEOUT_MS)
    assert_seen(page, "#watch-job", "#watch-job-cancel")  # its progress and Cancel where the eye is
    page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=RUN_TIMEOUT_MS)
    lane = page.locator(".watch-lane").first
    assert lane.get_attribute("data-done") == "true" and lane.get_attribute("data-expanded") == str(expanded)
    expect(page.locator(".solution-path figcaption")).to_contain_text("Solution: 51 moves")
    assert page.locator(".watch-lane p.error").count() == 0  # no limit ended it
    assert_readable(page)


def test_a_watch_that_cannot_finish_says_so_before_the_run(laptop: App) -> None:
    page = laptop.page
    page.click("#watch-open")
    page.select_option("#watch-heuristic", "manhattan")  # A* with Manhattan runs out of the page's memory here
    advice = page.locator("#watch-advice")
    expect(advice).to_contain_text("cannot reach the goal on this board", timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#watch-use-idastar")).to_be_visible()
    page.click("#watch-use-idastar")
    expect(page.locator("#watch-algorithm")).to_have_value("idastar")
    expect(page.locator("#watch-advice-box")).to_be_hidden()  # IDA* needs no memory to speak of: nothing to warn of


def test_compare_shows_progress_in_view_and_unfinished_runs_for_what_they_are(laptop: App) -> None:
    page = laptop.page
    page.evaluate("() => { delete document.body.dataset.compare; }")
    page.click("#compare")
    page.wait_for_function("() => document.body.dataset.job === 'compare'", timeout=RUN_TIMEOUT_MS)
    assert_seen(page, "#job", "#job-cancel", "#comparison-heading")
    page.wait_for_function("() => document.body.dataset.compare === 'done'", timeout=RUN_TIMEOUT_MS)
    assert_seen(page, "#comparison-heading")
    rows = page.locator("#compare-table tbody tr")
    lengths = rows.locator("td.length").all_inner_texts()
    assert len(lengths) == 5
    # the example is too far from the goal for the weaker heuristics: they run on a board on its way there, where
    # all but the weakest finish (npuzzle.course.compare_board), and the note says so
    expected = core({"op": "compare", "board": EXAMPLE, "on_the_way": True})
    unfinished = [t for t in lengths if t.startswith("did not finish")]
    assert len(unfinished) <= 1 and all(t == "did not finish" for t in unfinished)
    finished = {str(r["length"]) for r in expected["rows"] if r["length"] is not None}
    assert {t for t in lengths if t not in unfinished} == finished
    expect(page.locator("#comparison-note")).to_contain_text(expected["board"]["text"])
    assert_readable(page)  # every column visible: the table does not scroll
