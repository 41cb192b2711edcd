"""Big boards in the page (real Chromium, requests outside the site's origin blocked): Auto solves a 6×6
near-optimally and says so beside Solve, the result shows the length and the lower bound, the listed moves reach
the goal (checked by the core in this CPython), skip-to-end and fast Play work on a 10×10, and Cancel stops a
20×20 solve promptly.

One page (one Pyodide boot) serves the whole module.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import expect

from npuzzle.board import Board
from npuzzle.interchange import write_notation
from npuzzle.nearoptimal.grouptables import NO_TABLES
from npuzzle.parse import parse_board, resolve_goal

from .conftest import ANSWER_TIMEOUT_MS, App, core, solver_option
from .sees import assert_seen, at_each_screen
from .steps import CANCEL_HANG_MS, cancel_ms, press_solve, solution_facts, wait_for_progress, wait_grid

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium


def random_text(rows: int, cols: int, seed: int) -> str:
    text: str = core({"op": "random", "rows": rows, "cols": cols, "seed": seed})["board"]["text"]
    return text


def check_big(app: App, text: str) -> Board:
    """Check ``text`` (default goal) and wait until the solver choices for its shape are on screen."""
    assert app.check(text, "default").startswith("Solvable")
    board = parse_board(text)
    app.page.wait_for_function(
        "() => document.getElementById('algorithm').options[0].textContent.startsWith('Auto (Near')",
        timeout=ANSWER_TIMEOUT_MS,
    )
    return board


NOTATION_JS = """() => {
  const dd = document.querySelector('#solution-facts dd.notation');
  const range = document.createRange();
  const moves = [...dd.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
  const split = moves.filter((node) => { range.selectNodeContents(node); return range.getClientRects().length !== 1; });
  return {text: dd.textContent, split: split.map((node) => node.textContent),
    share: dd.getBoundingClientRect().width / dd.closest('dl').clientWidth};
}"""
"""The notation's figure: its text, the moves drawn on more than one line, its width over its list's."""


def listed_letters(app: App) -> str:
    items = app.page.locator("#move-list li").all_inner_texts()
    moves = [re.fullmatch(r"(\d+)\s*([UDLR])", item.strip()) for item in items]
    assert all(moves)
    return "".join(m.group(2) for m in moves if m)


def test_a_6x6_is_solved_near_optimally_and_the_page_says_so(app: App) -> None:
    page = app.page
    text = random_text(6, 6, seed=61)
    start = check_big(app, text)
    goal = resolve_goal("default", 6, 6)
    assert page.locator("#algorithm").input_value() == "auto"
    assert page.locator("#algorithm option").first.text_content() == "Auto (Near-optimal)"
    assert page.locator("#heuristic option").first.text_content() == "Auto (Its own estimates)"
    assert page.locator("#heuristic").is_disabled()  # the near-optimal solver has its own estimates
    note = page.locator("#solver-note")
    assert note.is_visible()
    assert "solved near-optimally" in note.inner_text() and "not proven shortest" in note.inner_text()

    seconds = press_solve(app)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    assert page.locator("#solution-badge").inner_text() == "not proven shortest"
    length = int(page.locator("#solution").get_attribute("data-length") or "-1")
    summary = page.locator("#solution-summary").inner_text()
    bound = re.search(r"The shortest has at least ([\d,]+) moves", summary)
    assert bound, summary
    lower = int(bound.group(1).replace(",", ""))
    assert 0 < lower <= length and f"{length} moves" in summary and "not proven to be the shortest" in summary
    facts = solution_facts(page).inner_text()
    assert "Lower bound" in facts and f"{lower} moves" in facts and "At worst" in facts
    tables = "#solution-facts dd[data-fact=tables]"  # which tables it used: none on a 6×6, as the CLI says
    assert page.locator(tables).inner_text() == NO_TABLES

    def look() -> None:
        page.locator(tables).scroll_into_view_if_needed()
        assert_seen(page, tables)

    at_each_screen(page, "desktop", look)
    assert note.is_visible()  # the statement stays beside Solve with the result
    print(f"\n6×6 in the page: {length} moves, lower bound {lower}, {seconds:.1f} s")

    letters = listed_letters(app)
    assert len(letters) == length
    assert start.apply(list(letters)) == goal  # the core confirms the listed moves reach the goal
    notation = page.evaluate(NOTATION_JS)  # across the panel, wrapped between moves only
    assert notation["text"] == write_notation(letters) and notation["split"] == [] and notation["share"] > 0.85
    page.click("#play-end")
    wait_grid(app, goal.tiles)
    assert page.locator("body").get_attribute("data-solved") == "true"

    # an explicit optimal choice on a big board is the user's: the note warns instead
    solver_option(page, "#algorithm", "idastar")
    expect(page.locator("#heuristic")).to_be_enabled()
    assert "can take hours" in note.inner_text()
    solver_option(page, "#algorithm", "auto")
    app.assert_offline()


def test_a_10x10_solves_and_plays_back(app: App) -> None:
    page = app.page
    start = check_big(app, random_text(10, 10, seed=101))
    goal = resolve_goal("default", 10, 10)
    seconds = press_solve(app)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    length = int(page.locator("#solution").get_attribute("data-length") or "-1")
    print(f"\n10×10 in the page: {length} moves in {seconds:.1f} s")
    letters = listed_letters(app)
    assert len(letters) == length and start.apply(list(letters)) == goal

    # Play at the fastest speed: moves advance, drawn frame after frame (counted in frames, not timed)
    page.locator("#speed").fill("8")
    expect(page.locator("#speed-text")).to_have_text("240/s")
    page.click("#play")
    positions: list[int] = page.evaluate(
        """() => new Promise((resolve) => {
          const seen = [];
          const frame = () => {
            seen.push(Number(document.getElementById('play-position').textContent));
            if (seen.length < 60) requestAnimationFrame(frame); else resolve(seen);
          };
          requestAnimationFrame(frame);
        })"""
    )
    advancing = sum(1 for before, after in pairwise(positions) if after > before)
    print(f"playing at 240/s: {positions[-1] - positions[0]} moves in 60 frames, {advancing} frames drew new moves")
    assert positions == sorted(positions) and positions[-1] - positions[0] > 20
    assert advancing >= 15  # the moves show one frame after another, not in one jump at the end
    page.click("#play")  # pause
    page.wait_for_selector("body[data-playback=paused]", state="attached")
    page.click("#play-end")
    wait_grid(app, goal.tiles)
    expect(page.locator("#play-position")).to_have_text(str(length))
    page.click("#play-reset")
    wait_grid(app, start.tiles)
    app.assert_offline()


def test_cancel_stops_a_big_solve_promptly(app: App) -> None:
    page = app.page
    check_big(app, random_text(20, 20, seed=201))
    page.click("#solve")
    wait_for_progress(page)
    expect(page.locator("#job-title")).to_have_text("Solving…")  # plain words; the figures are the detail's
    stopped_ms = cancel_ms(page)
    print(f"\ncancel of a 20×20 solve: {stopped_ms:.0f} ms")
    assert stopped_ms < CANCEL_HANG_MS
    summary = page.locator("#solution-summary").inner_text()
    assert "cancelled" in summary and "at least" in summary
    assert page.locator("#job").is_hidden()
    app.assert_offline()
