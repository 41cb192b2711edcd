"""Playing on the page: a phone's screen and swipes, sliding a line of tiles, Undo and Redo, the clock and the
bests, and hints checked against the core."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from npuzzle.board import Board, goal_board
from npuzzle.parse import parse_board
from npuzzle.progress import run
from npuzzle.solving.solve import solve

from .conftest import PHONE, App, Server, app_in_use, core, grid_tiles, open_app
from .steps import deal, wait_grid


@pytest.fixture(scope="module")
def phone(browser: Browser, server: Server) -> Iterator[App]:
    """The app on a phone's screen with touch, booted once for the module."""
    yield from app_in_use(browser, server, phone=True)


def load(app: App, text: str) -> Board:
    """Check ``text`` (goal: the default) and wait until its board is on screen as a new game; return it. (A verdict
    still due for the moves before may be the answer :meth:`App.check` waits for: the grid is what shows the check.)"""
    verdict = app.check(text, "default")
    board = parse_board(text)
    wait_grid(app, board.tiles)
    app.page.wait_for_function("() => document.body.dataset.moves === '0'")
    assert verdict.startswith("Solvable")
    return board


def moves(page: Page) -> int:
    return int(page.locator("#move-count").inner_text())


def optimal_length(board: Board) -> int:
    length = run(solve(board, goal_board(board.rows, board.cols), algorithm="astar")).length
    assert length is not None
    return length


def swipe(page: Page, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    """A one-finger swipe from ``start`` to ``end`` (CSS pixels), as real touch input through Chromium's DevTools
    protocol (Playwright's own touchscreen only taps)."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def centre(page: Page, tile: int) -> tuple[float, float]:
    """The middle of ``tile``'s cell in the viewport, the board scrolled into view first."""
    cell = page.get_by_role("gridcell", name=str(tile), exact=True)
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_on_a_phone_the_board_is_on_the_first_screen_with_big_tiles(phone: App) -> None:
    page = phone.page
    assert page.viewport_size == PHONE
    grid = page.get_by_role("grid").bounding_box()
    assert grid is not None and grid["y"] >= 0 and grid["y"] + grid["height"] <= PHONE["height"]
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"]
    cells = page.get_by_role("gridcell")
    assert cells.count() == 16  # the example is a 4×4
    for k in range(16):
        box = cells.nth(k).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    for name in ("Undo", "Redo", "Hint"):
        button = page.get_by_role("button", name=name, exact=True).bounding_box()
        assert button is not None and button["y"] + button["height"] <= PHONE["height"]
    verdict = page.locator(".verdict-title").bounding_box()
    assert verdict is not None and verdict["y"] + verdict["height"] <= PHONE["height"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    phone.assert_offline()


def test_a_swipe_slides_the_tile_that_moves_that_way(phone: App) -> None:
    page = phone.page
    board = load(phone, "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
    before = 0
    x, y = centre(page, 15)
    swipe(page, (x, y), (x - 90, y + 4))  # leftwards: 15, right of the blank, slides left
    board = board.slide("L")
    wait_grid(phone, board.tiles)
    expect(page.locator("#move-count")).to_have_text(str(before + 1))
    x, y = centre(page, 7)
    swipe(page, (x, y), (x + 6, y + 80))  # downwards from 7 (not in line with the blank): the tile above it, 12
    board = board.slide("D")
    wait_grid(phone, board.tiles)
    x, y = centre(page, 9)
    swipe(page, (x, y), (x + 100, y))  # rightwards from 9, in the blank's row: 9, 10 and 11 slide right
    board = board.slide("R").slide("R").slide("R")
    wait_grid(phone, board.tiles)
    expect(page.locator("#move-count")).to_have_text(str(before + 5))
    x, y = centre(page, 6)
    swipe(page, (x, y), (x + 8, y + 6))  # too short for a swipe (at most a tap) on 6, not in line with the blank
    page.keyboard.press("ArrowUp")  # then 13, below the blank, slides up: the events come in order, so a board
    board = board.slide("U")  # that shows only this slide proves the short drag moved nothing
    wait_grid(phone, board.tiles)
    expect(page.locator("#move-count")).to_have_text(str(before + 6))
    phone.assert_offline()


def test_a_tap_on_a_tile_in_line_slides_the_line(phone: App) -> None:
    page = phone.page
    load(phone, "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 0 13 14 15")  # a new board: a new game
    page.get_by_role("gridcell", name="15", exact=True).tap()
    wait_grid(phone, goal_board(4, 4).tiles)
    expect(page.locator("#move-count")).to_have_text(str(3))
    phone.assert_offline()


def test_a_click_on_a_far_tile_slides_every_tile_between_and_counts_each(app: App) -> None:
    page = app.page
    start = load(app, "1 6 2 3 / 5 0 7 4 / 9 10 11 8 / 13 14 15 12")
    page.get_by_role("gridcell", name="14", exact=True).click()  # two below the blank: 10 then 14 slide up
    board = start.slide("U").slide("U")
    wait_grid(app, board.tiles)
    expect(page.locator("#move-count")).to_have_text(str(2))
    page.get_by_role("gridcell", name="12", exact=True).click()  # two to the right in the blank's new row
    board = board.slide("L").slide("L")
    wait_grid(app, board.tiles)
    expect(page.locator("#move-count")).to_have_text(str(4))
    page.get_by_role("gridcell", name="6", exact=True).click()  # neither in the blank's row nor its column
    assert grid_tiles(app) == list(board.tiles) and moves(page) == 4
    app.assert_offline()


def test_undo_and_redo_step_through_the_moves_exactly(app: App) -> None:
    page = app.page
    start = load(app, "5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12")
    undo, redo = page.get_by_role("button", name="Undo"), page.get_by_role("button", name="Redo")
    expect(redo).to_be_disabled()  # (Undo may bring back a game an earlier test left: test_journeys_page.py)
    boards, counts = [start], [0]
    for tile in (5, 3, 4, 12, 15):  # a column of 3, a row of 3, a single, a column of 2, a single
        page.get_by_role("gridcell", name=str(tile), exact=True).click()
        board, slid = push(boards[-1], tile)
        boards.append(board)
        counts.append(counts[-1] + slid)
        wait_grid(app, board.tiles)
        expect(page.locator("#move-count")).to_have_text(str(counts[-1]))
    assert counts[-1] == 3 + 3 + 1 + 2 + 1
    undos = range(len(boards) - 2, -1, -1)
    for ks, button, key in ((undos, undo, "Control+z"), (range(1, len(boards)), redo, "Control+Shift+Z")):
        for k in ks:  # undo every step, then redo them all, by button and by key in turn
            if k % 2:
                button.click()
            else:
                page.locator("h1").click()
                page.keyboard.press(key)
            wait_grid(app, boards[k].tiles)
            expect(page.locator("#move-count")).to_have_text(str(counts[k]))
        expect(button).to_be_disabled()
    undo.click()
    undo.click()
    wait_grid(app, boards[-3].tiles)
    page.get_by_role("gridcell", name=str(boards[-3].movable_tiles()["D"]), exact=True).click()  # a new move
    wait_grid(app, boards[-3].slide("D").tiles)
    assert redo.is_disabled()  # … forgets the steps undone
    app.assert_offline()


def push(board: Board, tile: int) -> tuple[Board, int]:
    """The board after pushing ``tile`` (in the blank's row or column) toward the blank, and how many tiles slid."""
    r, c = divmod(board.tiles.index(tile), board.cols)
    br, bc = board.blank
    letter = "U" if r > br else "D" if r < br else "L" if c > bc else "R"
    slid = abs(r - br) + abs(c - bc)
    for _ in range(slid):
        board = board.slide(letter)
    return board, slid


def test_the_clock_runs_from_the_first_move_to_the_goal_and_the_best_is_kept(browser: Browser, server: Server) -> None:
    # only dealt boards count for the records: a 2×2 dealt from seed 7 (2 0 / 1 3: tiles 2, 1, 3 solve it)
    with open_app(browser, server) as app:
        page = app.page
        deal(app, "2×2", "7")
        timer = page.get_by_role("timer")
        assert timer.inner_text() == "0:00" and timer.get_attribute("data-state") == "idle"
        assert page.locator("#best").is_hidden()
        page.get_by_role("gridcell", name="2", exact=True).click()  # the clock starts
        page.wait_for_function("() => document.body.dataset.clock === 'running'")
        page.wait_for_function("() => document.getElementById('timer').textContent !== '0:00'", timeout=15_000)
        page.get_by_role("gridcell", name="1", exact=True).click()
        page.get_by_role("gridcell", name="3", exact=True).click()  # the goal, in 3 moves
        page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
        ms = int(page.locator("body").get_attribute("data-time") or "0")
        assert ms >= 1000
        shown_time = timer.inner_text()
        assert re.fullmatch(r"\d+\.\d\d\d s", shown_time) and timer.get_attribute("data-state") == "stopped"
        status = page.locator("#board-status").inner_text()
        said = re.fullmatch(
            rf"Solved! 3 moves in {re.escape(shown_time)} \((\d+\.\d+) moves/s\): your first 2×2 record\.", status
        )
        assert said, status
        assert float(said.group(1)) == pytest.approx(3000 / ms, abs=0.011)  # moves per second, as speedsolvers say
        assert page.evaluate("JSON.parse(localStorage.getItem('npuzzle.bests'))['2×2'].moves") == 3
        # the best survives a reload, and a shorter game beats it
        page.reload()
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=120_000)
        deal(app, "2×2", "3")  # 1 2 / 0 3: tile 3 slides left
        page.wait_for_function("() => !document.getElementById('best').hidden")
        assert page.locator("#best").inner_text() == f"Best: 3 moves · {shown_time} · 3 line moves"  # R, U, L
        page.get_by_role("gridcell", name="3", exact=True).click()
        page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
        assert "a new 2×2 best for fewest moves (was 3)" in page.locator("#board-status").inner_text()
        assert page.locator("#best").inner_text().startswith("Best: 1 move ·")
        app.assert_offline()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hint_is_the_first_move_of_a_shortest_solution(app: App, seed: int) -> None:
    page = app.page
    board = load(app, core({"op": "random", "rows": 3, "cols": 3, "seed": seed})["board"]["text"])
    page.locator("body").evaluate("b => delete b.dataset.hint")
    if seed % 2:
        page.get_by_role("button", name="Hint").click()
    else:
        page.locator("h1").click()
        page.keyboard.press("h")
    page.wait_for_function("() => document.body.dataset.hint === 'shown'", timeout=60_000)
    said = page.locator("#board-status").inner_text()
    found = re.match(
        r"Hint: slide (\d+) (up|down|left|right): the first move of a shortest solution \((\d+) moves", said
    )
    assert found, said
    tile, direction, length = int(found[1]), found[2], int(found[3])
    assert length == optimal_length(board)
    assert board.direction_of(tile) == direction[0].upper()
    assert optimal_length(board.slide(tile)) == length - 1
    assert page.locator(".cell.hinted").inner_text() == str(tile)  # the tile is highlighted
    page.get_by_role("gridcell", name=str(tile), exact=True).click()
    page.wait_for_function("() => !document.querySelector('.cell.hinted')")  # until the board changes
    app.assert_offline()


def test_hints_count_in_the_result(app: App) -> None:
    page = app.page
    deal(app, "2×2", "4")  # 0 2 / 1 3: a dealt board (its result counts), tiles 1 and 3 solve it
    page.locator("body").evaluate("b => delete b.dataset.hint")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("() => document.body.dataset.hint === 'shown'", timeout=60_000)
    expect(page.locator("#board-status")).to_have_text(re.compile("^" + re.escape("Hint: slide 1 up")))
    page.get_by_role("gridcell", name="1", exact=True).click()
    page.get_by_role("gridcell", name="3", exact=True).click()
    page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
    assert page.locator("#board-status").inner_text().endswith("with 1 hint: a game with hints sets no best.")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("() => document.body.dataset.hint === 'none'")
    expect(page.locator("#board-status")).to_have_text("No hint needed: the board is already the goal.")
    app.assert_offline()
