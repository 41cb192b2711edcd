"""The rule at work on the page: a chosen tile's inversions (board and strip) are the core's pairs, the live figures
after moves are the core's explanation, each move is said in the core's words, both ways of counting agree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from npuzzle.board import Board
from npuzzle.course.lesson import describe_move, inversion_pairs
from npuzzle.parse import parse_board
from npuzzle.solvability import explain

from .conftest import App, Server, core
from .sees import KINDS, app_of_kind, assert_readable, assert_seen, at_each_screen
from .steps import wait_grid

EXAMPLE = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Resolves after the page's next render pass (it draws in an animation frame)."""


def partners(board: Board, tile: int) -> list[int]:
    return sorted(
        {b for a, b in inversion_pairs(board) if a == tile} | {a for a, b in inversion_pairs(board) if b == tile}
    )


def marked(app: App, selector: str) -> list[int]:
    return sorted(int(t) for t in app.page.locator(selector).all_inner_texts())


def load(app: App, text: str) -> Board:
    board = parse_board(text)
    assert app.check(text, "default")
    wait_grid(app, board.tiles)
    app.page.wait_for_function("() => document.body.dataset.moves === '0'")
    return board


@pytest.mark.parametrize("tile", [12, 1, 6, 3])
def test_a_chosen_tile_shows_the_cores_inversion_pairs(app: App, tile: int) -> None:
    page = app.page
    board = load(app, EXAMPLE)
    expected = partners(board, tile)
    page.locator(f".strip-tile[data-tile='{tile}']").hover()  # in the strip
    page.wait_for_function("t => document.querySelector('.cell.tile.chosen')?.textContent === t", arg=str(tile))
    assert marked(app, ".strip-tile.partner") == expected
    assert marked(app, ".cell.tile.partner") == expected
    assert marked(app, ".cell.tile.chosen") == [tile]
    said = page.locator(".strip-said").inner_text()
    assert said.startswith(f"{tile} forms {len(expected)} inversion")
    other = next(t for t in board.tiles if t and t != tile)
    page.get_by_role("gridcell", name=str(other), exact=True).hover()  # the board chooses nothing: the lesson does
    page.get_by_role("gridcell", name=str(other), exact=True).focus()
    assert marked(app, ".cell.tile.chosen") == [tile] and marked(app, ".cell.tile.partner") == expected
    app.assert_offline()


def test_on_a_phone_a_tap_on_a_strip_tile_shows_its_inversions_and_a_second_tap_clears_them(phone: App) -> None:
    page = phone.page
    board = load(phone, "3 1 2 / 6 0 4 / 7 8 5")
    for tile in (6, 3):
        page.locator(f".strip-tile[data-tile='{tile}']").tap()
        page.wait_for_function("t => document.querySelector('.cell.tile.chosen')?.textContent === t", arg=str(tile))
        assert marked(phone, ".strip-tile.partner") == partners(board, tile)
        said = page.locator(".strip-said")
        expect(said).to_contain_text(f"{tile} forms {len(partners(board, tile))} inversion")
        assert_seen(page, ".strip-said")  # the words the tap brought, in view and on top
    page.locator(".strip-tile[data-tile='3']").tap()  # the same tile again: cleared
    page.wait_for_function("() => !document.querySelector('.cell.tile.chosen')")
    assert marked(phone, ".strip-tile.partner") == []
    phone.assert_offline()


def test_the_strip_is_one_tab_stop_walked_with_the_arrow_keys(app: App) -> None:
    page = app.page
    board = load(app, "3 1 2 / 6 0 4 / 7 8 5")
    page.locator("h1").hover()  # the pointer off the strip
    before = marked(app, ".cell.tile.partner"), marked(app, ".cell.tile.chosen")
    page.get_by_role("gridcell", name="6", exact=True).focus()  # playing: focus on a tile is not a lesson
    page.evaluate(FRAMES)
    assert (marked(app, ".cell.tile.partner"), marked(app, ".cell.tile.chosen")) == before
    assert 6 not in before[1]
    assert page.locator(".strip-tile[tabindex='0']").count() == 1  # the strip is one Tab stop
    page.locator(".strip-tile[data-tile='3']").focus()
    for _ in range(3):  # 3 1 2 6: the arrow keys walk the strip (and slide no tile)
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.dataset.tile === '6'")
    page.wait_for_function("() => document.querySelector('.cell.tile.chosen')?.textContent === '6'")  # drawn for 6
    assert marked(app, ".cell.tile.partner") == partners(board, 6)
    assert page.locator(".strip-tile[tabindex='0']").all_inner_texts() == ["6"]
    assert page.locator("body").get_attribute("data-moves") == "0"
    label = page.locator(".strip-tile[data-tile='6']").get_attribute("aria-label")
    assert label == "6: inversions with 4 and 5"
    page.keyboard.press("End")
    page.wait_for_function("() => document.activeElement.dataset.tile === '5'")
    app.assert_offline()


def test_the_live_figures_follow_the_moves_in_the_cores_words(app: App) -> None:
    page = app.page
    board = load(app, EXAMPLE)
    page.locator("h1").click()
    last = ""
    for key, letter in [("ArrowDown", "D"), ("ArrowLeft", "L"), ("ArrowUp", "U"), ("ArrowRight", "R")]:
        tile = board.movable_tiles()[letter]
        last = describe_move(board, tile)
        board = board.slide(letter)
        page.keyboard.press(key)
        page.wait_for_function("t => document.getElementById('move-said').textContent === t", arg=last)
    wait_grid(app, board.tiles)
    link = "/".join(",".join(str(t) for t in board.tiles[r * 4 : (r + 1) * 4]) for r in range(4))
    page.wait_for_function("b => document.getElementById('verdict').dataset.board === b", arg=link)
    x = explain(board)
    facts = page.locator("#lesson-body .facts").first.inner_text()
    assert f"Inversions\n{x.inversions}" in facts or f"Inversions\t{x.inversions}" in facts
    sums = page.locator(".conventions tbody td:nth-child(1)").all_inner_texts()
    assert sums == [
        f"{x.inversions} + {x.blank_row_from_bottom} = {x.inversions + x.blank_row_from_bottom}",
        f"{x.inversions} + {x.blank_row_from_top} = {x.inversions + x.blank_row_from_top}",
    ]
    assert page.locator(".conventions tbody td:nth-child(4)").all_inner_texts() == ["yes", "yes"]  # they agree
    assert marked(app, ".strip-tile") == sorted(t for t in board.tiles if t)
    app.assert_offline()


def test_why_it_works_is_folded_and_opens(app: App) -> None:
    page = app.page
    load(app, "1 2 3 / 4 5 6 / 8 7 0")
    why = page.locator("details.why")
    assert why.get_attribute("open") is None
    assert not page.get_by_text("Johnson & Story").is_visible()
    page.get_by_text("Why does this work?").click()
    assert page.get_by_text("Johnson & Story", exact=False).is_visible()
    assert page.locator(".conventions tbody").count() == 1  # an odd width: the inversions alone
    assert page.locator(".conventions tbody td:nth-child(4)").inner_text() == "no"
    app.assert_offline()


@pytest.fixture(params=tuple(KINDS))
def learner(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[App]:
    yield from app_of_kind(browser, server, request.param)


def test_why_every_such_board_can_be_solved_is_shown_on_the_board(learner: App) -> None:
    app = learner
    page = app.page
    kind = "phone" if (page.viewport_size or {}).get("width", 0) < 500 else "desktop"
    text = "8 6 7 / 2 5 4 / 3 0 1"
    board = load(app, text)
    proof = core({"op": "check", "board": text})["lesson"]["proof"]
    steps = page.locator("details.proof")
    assert steps.get_attribute("open") is None
    page.get_by_text("Why can every board with the goal’s parity be solved?").click()
    items = steps.locator(".proof-steps > li")
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_contain_text(f"here {' '.join(map(str, proof['order']))}; the goal reads 1 2 3 6 5 4 7 8")
    assert steps.locator(".tiny-path polyline").count() == 1  # the snake drawn through the board
    moving = items.nth(1).locator(".tiny-board span.moving").inner_text()
    passed = sorted(int(t) for t in items.nth(1).locator(".tiny-board span.passed").all_inner_texts())
    assert int(moving) == proof["vertical"]["tile"] and passed == sorted(proof["vertical"]["passes"])
    expect(items.nth(1)).to_contain_text("here 5 would pass 2 3 — 2 tiles")
    turned = items.nth(2).locator(".tiny-board").nth(1).locator("span.turning").all_inner_texts()
    assert sorted(map(int, turned)) == sorted(proof["square"]["after"])
    expect(items.nth(2)).to_contain_text(f"in {proof['cycles']} such turns (one way)")
    assert [int(t) if t else 0 for t in items.nth(0).locator(".tiny-board span").all_inner_texts()] == list(board.tiles)

    def each_step_in_view() -> None:
        steps.locator("summary").scroll_into_view_if_needed()
        assert_seen(page, "details.proof summary")
        for k in range(3):  # each step's boards and words, scrolled to as a reader does
            items.nth(k).scroll_into_view_if_needed()
            assert_seen(page, f"details.proof .proof-steps > li:nth-child({k + 1}) .tiny-board")
        assert_readable(page)

    at_each_screen(page, kind, each_step_in_view)
    app.assert_offline()
