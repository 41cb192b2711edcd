"""Look for a shorter solution (real Chromium): under a near-optimal answer the page offers ten times its work
budget; at each of the six common screens the offer, then the search's progress and Cancel, then the shorter answer
on the board and its player are in view and on top, the answer the core's at that budget, its moves reaching the
goal (one search on a desktop's page and one on a phone's, each phase looked at on every screen of its kind). A
search that finds none, or is cancelled, leaves the first answer with a note.

Boards of 18 and 25 cells. Where a search is to end, Solve's answer is asked at a tenth of the default budget (the
test hook ``solveBudget``, web/hooks.js), so that ten times it is the default's work: seconds, not the minute ten
times the default takes in the page.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from npuzzle.parse import parse_board, resolve_goal

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, Server, core
from .sees import KINDS, app_of_kind, assert_readable, assert_seen, assert_seen_soon, at_each_screen
from .steps import wait_for_progress

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium

SHORTER_TIMEOUT_MS = 10 * ANSWER_TIMEOUT_MS  # ten times the work of a solve
SHORTER = "11 4 18 19 23 / 20 0 5 2 13 / 10 22 8 15 24 / 6 17 21 7 1 / 12 9 14 16 3"
"""A 5×5 whose solution is shorter at each tenfold budget: 138 moves at 0.2, 120 at 2 (the default), 112 at 20."""
TENTH = 0.2
"""A tenth of the default work budget (2): Solve's budget where the search for a shorter solution is to end."""


def ask_a_tenth(app: App) -> None:
    """Have Solve's near-optimal answers spend :data:`TENTH` of the work (until :func:`ask_the_default`)."""
    app.page.evaluate(f"() => {{ window.npuzzleTest = {{solveBudget: {TENTH}}}; }}")


def ask_the_default(app: App) -> None:
    """Solve's answers at the default budget again."""
    app.page.evaluate("() => { delete window.npuzzleTest; }")


ENDED = "() => ['found', 'none', 'cancelled', 'failed'].includes(document.body.dataset.shorter)"


def link(text: str) -> str:
    return "#board=" + "/".join(",".join(row.split()) for row in text.split("/"))


def solve(app: App) -> int:
    """Press Solve (the phone's bar button on a phone) and wait for the answer; its length."""
    page = app.page
    page.evaluate("() => { delete document.body.dataset.solve; }")
    phone = page.locator("#bar-solve")
    page.click("#bar-solve" if phone.is_visible() else "#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    return int(page.locator("#solution").get_attribute("data-length") or "-1")


def look_for_shorter(app: App) -> None:
    """Press Look for a shorter solution and wait until that search has ended."""
    page = app.page
    page.evaluate("() => { delete document.body.dataset.shorter; }")
    page.click("#shorter-button")
    page.wait_for_function(ENDED, timeout=SHORTER_TIMEOUT_MS)


def test_no_shorter_solution_leaves_the_first_with_a_note(app: App) -> None:
    page = app.page
    text = "17 4 11 10 15 13 / 1 9 8 16 14 5 / 0 3 2 7 6 12"  # budgets 0.2 to 20 give the same length
    app.check(text, "default")
    ask_a_tenth(app)
    first = solve(app)
    moves = page.locator("#move-list").inner_text()
    note = page.locator("#shorter-note").inner_text()
    look_for_shorter(app)
    ask_the_default(app)
    assert page.locator("body").get_attribute("data-shorter") == "none"
    assert core({"op": "solve", "board": text, "budget": 10 * TENTH})["length"] == first
    assert page.locator("#solution").get_attribute("data-length") == str(first)
    assert page.locator("#move-list").inner_text() == moves
    stays = "Ten times the work found no shorter solution: this one stays."
    expect(page.locator("#solution-summary")).to_contain_text(stays)
    assert_seen(page, "#solution-summary")
    expect(page.locator("#shorter-note")).not_to_have_text(note)  # the next offer spends ten times more again
    app.assert_offline()


@pytest.fixture
def visit(browser: Browser, server: Server, kind: str) -> Iterator[App]:
    """A 5×5 opened through a shared link on the first screen of the test's ``kind`` (a phone's with touch), Python
    ready."""
    yield from app_of_kind(browser, server, kind, link(SHORTER))


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_shorter_solution_takes_the_place_of_the_first_in_view(visit: App, kind: str) -> None:
    app, page = visit, visit.page
    ask_a_tenth(app)
    first = solve(app)
    expect(page.locator("#shorter-note")).to_contain_text("Ten times the work: about")

    def offer() -> None:
        page.locator("#shorter-button").scroll_into_view_if_needed()  # as a person scrolls down to the offer
        assert_seen(page, "#shorter-button", "#shorter-note")
        assert_readable(page)

    at_each_screen(page, kind, offer)
    page.locator("#shorter-button").scroll_into_view_if_needed()  # back at the first screen, to press it
    offered = page.locator("#shorter-note").inner_text()
    page.evaluate("() => { delete document.body.dataset.shorter; }")
    page.click("#shorter-button")
    at_each_screen(page, kind, lambda: assert_seen_soon(page, "#job-title", "#job-cancel"))  # its progress and Cancel
    expect(page.locator("#job-title")).to_have_text("Looking for a shorter solution…")
    expect(page.locator("#shorter-button")).to_be_disabled()
    page.wait_for_function(ENDED, timeout=SHORTER_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-shorter") == "found"
    length = int(page.locator("#solution").get_attribute("data-length") or "-1")
    expected = core({"op": "solve", "board": SHORTER, "budget": 10 * TENTH})  # the core's answer at ten times
    assert length == expected["length"] < first
    expect(page.locator("#play-total")).to_have_text(str(length))
    summary = page.locator("#solution-summary").inner_text()
    assert f"found a solution {first - length} moves shorter than the {first} before" in summary, summary
    letters = "".join(item.strip()[-1] for item in page.locator("#move-list li").all_inner_texts())
    assert parse_board(SHORTER).apply(list(letters)) == resolve_goal("default", 5, 5)
    expect(page.locator("#shorter-button")).to_be_enabled()  # the offer goes on, ten times further
    expect(page.locator("#shorter-note")).not_to_have_text(offered)  # ten times the work of the search just ended
    expect(page.locator("#shorter-note")).to_contain_text("Ten times the work: about")

    def answer() -> None:
        assert_seen_soon(page, "#board-view .grid", "#player #play")  # the board and its player, the new length on it
        assert_readable(page)

    at_each_screen(page, kind, answer)


def test_cancel_keeps_the_answer_on_screen(app: App) -> None:
    page = app.page
    app.check(SHORTER, "default")
    first = solve(app)
    page.evaluate("() => { delete document.body.dataset.shorter; }")
    page.click("#shorter-button")
    wait_for_progress(page)
    page.click("#job-cancel")
    page.wait_for_function(ENDED, timeout=ANSWER_TIMEOUT_MS)
    outcome = page.locator("body").get_attribute("data-shorter")
    if outcome == "found":  # cancelled while shortening: the shortest so far, when it beats the first
        assert int(page.locator("#solution").get_attribute("data-length") or "-1") < first
        expect(page.locator("#solution-summary")).to_contain_text("Stopped early")
    else:  # cancelled while the beam searched: no answer yet, the first stays
        assert outcome == "cancelled"
        assert page.locator("#solution").get_attribute("data-length") == str(first)
        expect(page.locator("#solution-summary")).to_contain_text("Cancelled before a shorter solution was found")
        assert_seen_soon(page, "#solution-summary")
    expect(page.locator("#play-total")).to_have_text(page.locator("#solution").get_attribute("data-length") or "")
    expect(page.locator("#shorter-button")).to_be_enabled()
    app.assert_offline()
