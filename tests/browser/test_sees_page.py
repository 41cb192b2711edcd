"""The page as a person sees it, at the six common screens (:data:`sees.SCREENS`): after each main flow, what the person
needs next is inside the viewport and on top (not merely in the DOM), no label is clipped and no internal identifier
shows. The flows: a shared link; paste → Check; Solve → Play (the board and its player on one screen, the text
area still the user's); an unsolvable board said plainly; Shuffle on a phone; and the panels, Compare and Watch,
laid out at every size (their slow runs on the page's own example are test_sees_slow_page.py's). Each flow runs once on
a desktop's page and once on a phone's, what it shows looked at on every screen of that kind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from npuzzle import explain
from npuzzle.parse import parse_board

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, Server
from .sees import KINDS, app_of_kind, assert_readable, assert_seen, at_each_screen, settled

pytestmark = [
    pytest.mark.slow,  # boots Pyodide in Chromium
    pytest.mark.parametrize("kind", list(KINDS)),  # a desktop's page and a phone's (each test's page)
]

EXAMPLE = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"
LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
EASY = "1 2 3 / 4 0 6 / 7 5 8"  # solved in a few moves: Play reaches the goal at once
UNSOLVABLE = "1 2 3 / 4 5 6 / 8 7 0"


@pytest.fixture
def visit(browser: Browser, server: Server, kind: str) -> Iterator[App]:
    """The page opened through a shared link on the first screen of ``kind`` (a phone's with touch), Python ready."""
    yield from app_of_kind(browser, server, kind, LINK)


def paste_and_check(app: App, board: str) -> None:
    """Type ``board`` in the editor (a phone opens it first) and press Check."""
    page = app.page
    if page.locator("#board").is_hidden():
        page.click("#edit-board")
    page.fill("#board", board)
    before = app.answers()
    page.click("#check")
    app.wait_answer(before)
    settled(page)  # the verdict brought into view, as a person would wait for it


def test_what_each_flow_needs_next_is_on_screen(visit: App, kind: str) -> None:
    app, page = visit, visit.page
    phone = kind == "phone"
    expect(page.locator("#verdict .verdict-title")).to_have_text("Solvable")

    def linked() -> None:  # a shared link: the board and the verdict's headline at once, without scrolling
        settled(page)
        assert page.evaluate("window.scrollY") == 0
        assert_seen(page, "#board-view .grid", "#verdict .verdict-title")
        assert_readable(page)
        if phone:  # Shuffle is on the first screen
            assert_seen(page, "#shuffle")

    at_each_screen(page, kind, linked)

    # paste → Check: the verdict's headline in view; on a phone the editor closes and Solve is in view too
    paste_and_check(app, EASY)
    if phone:
        assert page.locator("#board").is_hidden()
    solve = "#bar-solve" if phone else "#solve"
    at_each_screen(page, kind, lambda: assert_seen(page, "#verdict .verdict-title", "#board-view .grid", solve))

    # Solve → Play: the board and the player on one screen, before and after playing; the input kept
    page.evaluate("() => { delete document.body.dataset.solve; }")
    page.click(solve)
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    at_each_screen(page, kind, lambda: assert_seen(page, "#board-view .grid", "#player #play", "#player .position"))
    page.click("#play")
    page.wait_for_selector("body[data-playback=end]", state="attached", timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_function(  # the text area follows the board on screen: the goal now
        "() => document.getElementById('board').value.replace(/\\s+/g, ' ').trim() === '1 2 3 4 5 6 7 8 0'"
    )

    def played() -> None:
        assert_seen(page, "#board-view .grid", "#player #play")
        assert_readable(page)

    at_each_screen(page, kind, played)

    # an unsolvable board: said plainly, with the swap that would fix it, in view
    paste_and_check(app, UNSOLVABLE)
    expected = explain(parse_board(UNSOLVABLE))
    expect(page.locator("#verdict .verdict-plain")).to_have_text(expected.plain)
    at_each_screen(page, kind, lambda: plainly(page))


def plainly(page: Page) -> None:
    """The unsolvable verdict's headline and its plain words are seen and the page is readable."""
    assert_seen(page, "#verdict .verdict-title", "#verdict .verdict-plain")
    assert_readable(page)


def test_shuffle_deals_a_board_in_view(visit: App, kind: str) -> None:
    app, page = visit, visit.page
    page.fill("#shape", "3×3")
    at_each_screen(page, kind, lambda: assert_seen(page, "#shuffle"))
    before = app.answers()
    page.click("#shuffle")
    app.wait_answer(before)
    assert page.locator("#board-view .grid").get_attribute("aria-label") == "3×3 board"
    assert page.locator("#shape").input_value() == "3×3"  # the field follows the board on screen

    def dealt() -> None:
        assert_seen(page, "#board-view .grid")
        assert_readable(page)

    at_each_screen(page, kind, dealt)


def test_the_panels_are_laid_out_at_every_size(visit: App, kind: str) -> None:
    app, page = visit, visit.page
    paste_and_check(app, "8 6 7 / 2 5 4 / 3 0 1")  # a hard 3×3: every heuristic finishes, in a second or two
    page.evaluate("() => { delete document.body.dataset.compare; }")
    page.click("#compare")
    page.wait_for_function(
        "() => ['done', 'stopped', 'failed'].includes(document.body.dataset.compare)", timeout=ANSWER_TIMEOUT_MS
    )
    assert page.locator("body").get_attribute("data-compare") == "done"

    def compared() -> None:
        assert_seen(page, "#comparison-heading")
        assert_readable(page)

    at_each_screen(page, kind, compared)
    page.click("#watch-open")
    at_each_screen(page, kind, lambda: assert_seen(page, "#watch-heading", "#watch-step"))
    page.wait_for_function("() => document.getElementById('watch-advice').textContent.includes('reaches the goal')")

    def advised() -> None:
        assert_seen(page, "#watch-advice")
        assert_readable(page)

    at_each_screen(page, kind, advised)


@pytest.fixture
def unsolvable(browser: Browser, server: Server, kind: str) -> Iterator[App]:
    """An unsolvable board opened through its shared link on the first screen of ``kind``, Python ready."""
    yield from app_of_kind(browser, server, kind, "#board=" + UNSOLVABLE.replace(" / ", "/").replace(" ", ","))


def test_a_shared_link_to_a_board_that_cannot_be_solved_says_so_plainly_in_view(unsolvable: App, kind: str) -> None:
    page = unsolvable.page
    expect(page.locator("#verdict .verdict-plain")).to_have_text(explain(parse_board(UNSOLVABLE)).plain)
    at_each_screen(page, kind, lambda: plainly(page))
    unsolvable.assert_offline()
