"""The page's main job on a phone (390×844, touch): paste a board, check it, solve it and play the solution back
without scrolling past the lesson. The board's bar holds Solve beside Undo, Redo and Hint; "Edit board" opens the
text area in place under the board; the lesson follows the verdict and the solution. The conventions table reads
cleanly at 390 and 320 px (no word broken inside, each label apart from its source)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from npuzzle.board import goal_board
from npuzzle.parse import parse_board

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, PHONE, App, Server, core, open_app
from .steps import wait_grid

PASTED = "8 6 7 / 2 5 4 / 3 0 1"
"""A 3×3 board 31 moves from the goal (auto solves it optimally in well under a second)."""


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def on_first_screen(page: Page, locator: Locator) -> bool:
    """``locator`` is wholly inside the viewport with the page scrolled to its top."""
    page.evaluate("window.scrollTo(0, 0)")
    b = box(locator)
    inside_y = b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"]
    return inside_y and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]


def top(page: Page, locator: Locator) -> float:
    """``locator``'s top in page coordinates (not the viewport's)."""
    return box(locator)["y"] + float(page.evaluate("window.scrollY"))


def test_paste_check_solve_and_play_back_without_scrolling_past_the_lesson(phone: App) -> None:
    page = phone.page
    solve = page.get_by_role("button", name="Solve", exact=True)
    edit = page.get_by_role("button", name="Edit board")
    text_area = page.get_by_role("textbox", name="Board", exact=True)
    assert solve.count() == 1  # one Solve on a phone: the bar's (the form's gives way)
    for control in (edit, solve, page.get_by_role("button", name="Undo"), page.get_by_role("button", name="Hint")):
        assert on_first_screen(page, control)
    bar = box(page.get_by_role("group", name="Play"))
    assert abs(box(solve)["y"] - bar["y"]) < bar["height"]  # Solve in the row of Undo, Redo and Hint
    assert on_first_screen(page, page.locator(".verdict-title"))
    assert edit.get_attribute("aria-expanded") == "false" and text_area.is_hidden()

    edit.tap()  # opens the editor in place, under the board, focused
    expect(edit).to_have_attribute("aria-expanded", "true")
    expect(text_area).to_be_visible()
    page.wait_for_function("() => document.activeElement.id === 'board'")
    check = page.get_by_role("button", name="Check", exact=True)
    lesson = page.get_by_role("region", name="Why: the rule at work")
    assert top(page, text_area) > top(page, page.get_by_role("grid")) and top(page, check) < top(page, lesson)
    assert top(page, check) < top(page, page.locator("#verdict"))  # in place: above the verdict and the lesson

    text_area.fill(PASTED)
    before = phone.answers()
    check.tap()
    phone.wait_answer(before)
    assert page.locator(".verdict-title").inner_text() == "Solvable"
    wait_grid(phone, parse_board(PASTED).tiles)
    page.wait_for_function("() => document.activeElement.id === 'edit-board'")  # closed, focus back on its toggle
    expect(edit).to_have_attribute("aria-expanded", "false")
    expect(text_area).to_be_hidden()
    assert on_first_screen(page, solve) and on_first_screen(page, page.locator(".verdict-title"))

    solve.tap()
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    length = core({"op": "solve", "board": PASTED, "algorithm": "astar", "heuristic": "manhattan"})["length"]
    assert page.locator("#solution").get_attribute("data-length") == str(length)
    play = page.get_by_role("button", name="Play", exact=True)
    assert top(page, play) < top(page, lesson) and top(page, play) < top(page, page.locator("#verdict"))
    page.locator("#speed").fill("8")
    play.tap()
    page.wait_for_selector("body[data-playback=end]", state="attached", timeout=30_000)
    wait_grid(phone, goal_board(3, 3).tiles)
    expect(page.locator("#play-position")).to_have_text(str(length))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def test_escape_closes_the_editor_and_a_bad_board_opens_it_with_the_message(phone: App) -> None:
    page = phone.page
    edit = page.get_by_role("button", name="Edit board")
    edit.tap()
    expect(edit).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(edit).to_have_attribute("aria-expanded", "false")
    page.wait_for_function("() => document.activeElement.id === 'edit-board'")
    edit.tap()
    text_area = page.get_by_role("textbox", name="Board", exact=True)
    text_area.fill("1 2 3 / 4 5 6 / 7 8 8")
    before = phone.answers()
    page.get_by_role("button", name="Check", exact=True).tap()
    phone.wait_answer(before)
    expect(edit).to_have_attribute("aria-expanded", "true")  # stays open, the message shown
    expect(text_area).to_be_visible()
    assert "tile 8 appears twice" in page.locator("#board-error").inner_text()
    assert page.evaluate("document.activeElement.id") == "board" and text_area.get_attribute("aria-invalid") == "true"


def test_a_shared_link_opens_with_the_board_solve_and_the_editor_one_tap_away(browser: Browser, server: Server) -> None:
    with open_app(browser, server, "#board=1,2,3/4,5,6/0,7,8", phone=True) as app:
        page = app.page
        wait_grid(app, parse_board("1 2 3 / 4 5 6 / 0 7 8").tiles)
        for name in ("Solve", "Edit board"):
            assert on_first_screen(page, page.get_by_role("button", name=name, exact=True))
        page.get_by_role("button", name="Solve", exact=True).tap()
        page.wait_for_selector("body[data-solve=solved]", state="attached", timeout=ANSWER_TIMEOUT_MS)
        assert page.locator("#solution").get_attribute("data-length") == "2"
        app.assert_offline()


@pytest.mark.parametrize("width", [390, 320])
def test_the_conventions_table_breaks_no_word_and_keeps_labels_apart(
    browser: Browser, server: Server, width: int
) -> None:
    with open_app(browser, server, phone=True) as app:
        page = app.page
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        table = page.locator(".conventions")
        table.scroll_into_view_if_needed()
        # every word of every cell sits on one line: a word's glyphs share one line box
        broken = page.evaluate(
            """table => {
              const out = [];
              for (const cell of table.querySelectorAll('th, td, caption')) {
                const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                  if (node.parentElement.closest('.visually-hidden')) continue;
                  const re = /\\S+/g;
                  for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
                    const range = document.createRange();
                    range.setStart(node, m.index);
                    range.setEnd(node, m.index + m[0].length);
                    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                    if (tops.size > 1) out.push(m[0]);
                  }
                }
              }
              return out;
            }""",
            table.element_handle(),
        )
        assert broken == []
        assert box(table)["x"] + box(table)["width"] <= width
        for group in table.locator("tbody th[scope=rowgroup]").all():
            name, source = box(group.locator(".count-name")), box(group.locator(".sub"))
            assert source["y"] >= name["y"] + name["height"]  # the source on a line of its own, under its label
        names = table.locator(".count-name").all_inner_texts()
        sources = table.locator("th .sub").all_inner_texts()
        assert names[0].endswith("from the bottom") and names[1].endswith("from the top")
        assert sources[0].startswith("GeeksforGeeks") and sources[1].startswith("cp-algorithms")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        app.assert_offline()
