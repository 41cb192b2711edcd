"""Whole journeys through the page, as a person makes them, at a laptop's and a phone's screen: each step asserts
what the person needs next is seen (in the viewport, on top) and that one fact reads the same wherever it shows.

The player's: a board dealt from a seed (Enter in the seed field: the arrow keys then play it), three moves, Check
(the game goes on: the same board, its moves, Undo), another board typed (said not to be on the board yet) and
checked, Undo (the game back), then a dealt board solved by hand (a record) and a link's board solved (no record:
only dealt boards count)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from npuzzle.board import Board
from npuzzle.parse import parse_board

from .conftest import ANSWER_TIMEOUT_MS, App, Server, core, grid_tiles, open_app
from .sees import assert_seen, assert_seen_soon
from .steps import analysed, choose, press_solve, shuffle, text_of, wait_grid

JOURNEY_SCREENS = {"1366x768": {"width": 1366, "height": 768}, "390x844": {"width": 390, "height": 844}}

KEY_OF = {"U": "ArrowUp", "D": "ArrowDown", "L": "ArrowLeft", "R": "ArrowRight"}
"""The arrow key that slides a tile the letter's way (ArrowUp: the tile below the blank slides up)."""


@pytest.fixture(params=list(JOURNEY_SCREENS))
def screen(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def visit(browser: Browser, server: Server, screen: str) -> Iterator[App]:
    """A first visit at the screen's size (a phone's with touch)."""
    phone = screen == "390x844"
    app = open_app(browser, server, phone=phone, viewport=JOURNEY_SCREENS[screen])
    try:
        yield app
        app.assert_offline()
    finally:
        app.close()


def moves_made(page: Page) -> int:
    return int(page.locator("#move-count").inner_text())


def wait_moves(page: Page, moves: int) -> None:
    """Wait until the move counter under the board says ``moves`` (it is drawn in the next frame)."""
    expect(page.locator("#move-count")).to_have_text(str(moves))


def text_area_board(page: Page) -> Board:
    return parse_board(page.locator("#board").input_value())


def open_editor(page: Page) -> None:
    """On a phone the editor is folded under the board: open it as a person would."""
    if page.locator("#board").is_hidden():
        page.click("#edit-board")
        page.locator("#board").wait_for(state="visible")


def press(page: Page, board: Board, letters: str) -> Board:
    """Slide a tile the way of each letter with the arrow keys (on the focused page); the board the grid shows."""
    for letter in letters:
        page.keyboard.press(KEY_OF[letter])
        board = board.slide(letter)
        wait_grid_page(page, board)
    return board


def wait_grid_page(page: Page, board: Board) -> None:
    page.wait_for_function(
        """want => [...document.querySelectorAll('[role=gridcell]')]
             .map(c => c.textContent.trim() || '0').join(',') === want""",
        arg=",".join(map(str, board.tiles)),
        timeout=10_000,
    )


def legal(board: Board, count: int) -> str:
    """``count`` single-tile moves from ``board`` that never take the last one back."""
    letters = ""
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    for _ in range(count):
        for letter in "LURD":
            if (not letters or letters[-1] != back[letter]) and letter in board.movable_tiles():
                letters += letter
                board = board.slide(letter)
                break
    return letters


def deal_with_enter(app: App, shape: str, seed: str) -> Board:
    """Type the shape and the seed, press Enter in the seed field: the board dealt (the core deals the same)."""
    page = app.page
    page.fill("#shape", shape)
    page.fill("#seed", seed)
    before = app.answers()
    page.press("#seed", "Enter")
    app.wait_answer(before)
    reply = core({"op": "random", "shape": shape.replace("×", "x"), "seed": seed})
    board = Board(reply["board"]["rows"], reply["board"]["cols"], tuple(reply["board"]["tiles"]))
    wait_grid(app, board.tiles)
    return board


def test_a_players_journey(visit: App, screen: str) -> None:
    page = visit.page
    phone = screen == "390x844"
    start = deal_with_enter(visit, "3×3", "2026")
    assert_seen_soon(page, "#board-view .grid")
    # the arrow keys play at once: the focus left the seed field for the board
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#board-view') !== null")
    board = press(page, start, legal(start, 3))
    wait_moves(page, 3)
    page.wait_for_function("() => document.body.dataset.clock === 'running'")
    # the text area follows the tiles (the link too)
    page.wait_for_function(
        "want => document.getElementById('board').value.replace(/\\s+/g, ' ').trim() === want",
        arg=" ".join(" ".join(map(str, board.tiles[r * 3 : r * 3 + 3])) for r in range(3)),
    )
    assert text_area_board(page).tiles == board.tiles

    # Check: the board on screen checked again, its game goes on
    open_editor(page)
    before = visit.answers()
    page.click("#check")
    visit.wait_answer(before)
    assert grid_tiles(visit) == list(board.tiles)
    wait_moves(page, 3)
    assert page.locator("#undo").is_enabled()
    assert page.locator("#verdict .verdict-title").inner_text() == "Solvable"
    assert_seen_soon(page, "#verdict .verdict-title")

    # another board typed: not on the board yet, and said so; the verdict is still the tiles'
    open_editor(page)
    page.fill("#board", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
    draft = page.locator("#board-draft")
    expect(draft).to_have_text("Not on the board yet: Check puts it there (Undo then brings your game back).")
    assert_seen(page, "#board-draft")
    assert "3×3 board" in page.locator("#verdict").inner_text()
    before = visit.answers()
    page.click("#check")
    visit.wait_answer(before)
    wait_grid(visit, parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15").tiles)
    expect(draft).to_be_hidden()
    wait_moves(page, 0)
    assert page.locator("#undo").is_enabled()  # Undo brings the game back

    # Undo: the game it replaced, as it was left
    page.click("#undo")
    wait_grid(visit, board.tiles)
    wait_moves(page, 3)
    expect_status = "Your game is back: 3 moves made."
    page.wait_for_function("t => document.getElementById('board-status').textContent === t", arg=expect_status)
    assert_seen_soon(page, "#board-view .grid", "#board-status")
    expect(page.locator("#verdict")).to_contain_text("3×3 board")
    page.wait_for_function(
        "want => document.getElementById('board').value.replace(/\\s+/g, ' ').trim() === want",
        arg=" ".join(" ".join(map(str, board.tiles[r * 3 : r * 3 + 3])) for r in range(3)),
    )
    page.click("#undo")  # and its own moves undo as before
    wait_moves(page, 2)
    board = board.slide({"U": "D", "D": "U", "L": "R", "R": "L"}[legal(start, 3)[2]])

    # Hint: said under the board, its tile marked
    page.locator("body").evaluate("b => delete b.dataset.hint")
    page.click("#hint")
    page.wait_for_function("() => document.body.dataset.hint === 'shown'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#board-status")).to_have_text(re.compile(r"^Hint: slide \d+ (up|down|left|right)"))
    assert_seen_soon(page, "#board-status", "#board-view .cell.hinted")

    # Solve: the player under the board, and the solution's length and proof where the eye is (on a phone one tap
    # away: Details); the player and the summary say the same length
    page.click("#bar-solve" if phone else "#solve")
    page.wait_for_function("() => document.body.dataset.solve === 'solved'", timeout=ANSWER_TIMEOUT_MS)
    solution = core({"op": "solve", "board": text_of(board), "algorithm": "astar"})
    length = len(solution["moves"])
    expect(page.locator("#play-total")).to_have_text(str(length))
    expect(page.locator("#play-badge")).to_have_text("shortest possible")
    # the game's clock stopped when Solve was pressed, and the line under the board says why
    page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
    expect(page.locator("#board-status")).to_have_text(
        "The clock stopped at Solve: a game whose solution is shown sets no record."
    )
    assert_seen_soon(page, "#board-view .grid", "#player #play", "#player .position", "#board-status")
    if phone:
        page.click("#play-details")
    assert_seen_soon(page, "#solution-summary")
    assert page.locator("#solution-summary").inner_text().startswith(f"{length} moves — the shortest possible")

    # a dealt board solved by hand: a record
    fresh_board = deal_with_enter(visit, "3×3", "7")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#board-view') !== null")
    solution = core({"op": "solve", "board": text_of(fresh_board), "algorithm": "astar"})
    press(page, fresh_board, "".join(solution["letters"]))
    page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
    status = page.locator("#board-status").inner_text()
    moves = len(solution["letters"])
    assert re.fullmatch(rf"Solved! {moves} moves in \d+\.\d\d\d s \([\d.]+ moves/s\): your first 3×3 record\.", status)
    assert_seen_soon(page, "#board-status")
    assert page.evaluate("JSON.parse(localStorage.getItem('npuzzle.bests'))['3×3'].moves") == moves
    page.wait_for_function("() => document.body.dataset.history === 'recorded'", timeout=ANSWER_TIMEOUT_MS)
    if not phone:
        assert "only those count" in page.locator("#history").inner_text()

    # a link's near-solved board: played, not a record. The address follows the board at most four times a second,
    # so it may still hold the board one move before the goal, which is that link's: going there would go nowhere
    page.wait_for_function("() => location.hash === '#board=1,2,3/4,5,6/7,8,0'")
    page.locator("body").evaluate("b => delete b.dataset.history")
    before = visit.answers()
    page.evaluate("() => { location.hash = 'board=1,2,3/4,5,6/7,0,8'; }")
    visit.wait_answer(before)
    page.wait_for_function(  # its verdict (the worker may still be analysing the solve before)
        "() => document.getElementById('verdict').dataset.board === '1,2,3/4,5,6/7,0,8'", timeout=ANSWER_TIMEOUT_MS
    )
    wait_grid(visit, parse_board("1 2 3 / 4 5 6 / 7 0 8").tiles)
    page.get_by_role("gridcell", name="8", exact=True).click()
    page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
    status = page.locator("#board-status").inner_text()
    assert status.startswith("Solved in 1 move in ") and status.endswith(
        "Only boards dealt with Shuffle or Deal count for your records."
    ), status
    assert page.evaluate("JSON.parse(localStorage.getItem('npuzzle.bests'))['3×3'].moves") == moves
    assert page.locator("body").get_attribute("data-history") is None
    assert page.locator("#best").inner_text().startswith(f"Best: {moves} moves")


def test_a_speedsolvers_journey(visit: App) -> None:
    """No assists, a seed dealt, solved with one detour by the arrow keys; the analysis pointed to and in view; the
    solve's time and pace read the same under the board, in the analysis, the history and the reconstruction; its
    link replays it."""
    page = visit.page
    choose(page, "#mode", "no-assists")
    start = deal_with_enter(visit, "3×3", "31")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#board-view') !== null")
    expect(page.locator("#hint")).to_be_hidden()
    shortest = core({"op": "solve", "board": text_of(start), "algorithm": "astar"})
    detour = legal(start, 1)
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[detour]
    letters = detour + back + "".join(shortest["letters"])  # a mistake: two moves lost
    page.locator("body").evaluate("b => { delete b.dataset.reconstruction; }")
    press(page, start, letters)
    page.wait_for_function("() => document.body.dataset.result === 'solved'")
    analysed(page)
    assert page.locator("body").get_attribute("data-analysis") == "done"
    status = page.locator("#board-status").inner_text()
    said = re.fullmatch(rf"Solved! {len(letters)} moves in (\d+\.\d\d\d s) \((\d+\.\d\d) moves/s\): .*", status)
    assert said, status
    time, pace = said.group(1), said.group(2)
    expect(page.locator("#board-score")).to_contain_text(f"the shortest is {len(shortest['letters'])}")
    assert_seen_soon(page, "#board-status", "#board-score", "#score-details")
    page.click("#score-details")  # the pointer to the analysis
    assert_seen_soon(page, "#analysis-heading")
    facts = page.locator("#analysis-facts").inner_text()
    assert f"{time} ({pace} moves/s)" in facts, facts
    assert page.locator("#history-list tbody tr").first.locator("td").nth(2).inner_text() == time
    page.wait_for_function("() => document.body.dataset.reconstruction === 'written'", timeout=ANSWER_TIMEOUT_MS)
    box = page.locator("#reconstruction").input_value()
    assert f"in {time}, {pace} moves/s" in box, box

    # counted in line moves instead: the analysis and the line under the board follow together
    page.locator("body").evaluate("b => { delete b.dataset.analysis; delete b.dataset.shortest; }")
    page.click("#analysis-metric")
    analysed(page)
    page.wait_for_function("() => ['optimal', 'near-optimal'].includes(document.body.dataset.shortest)")
    lines = core({"op": "analyse", "board": text_of(start), "moves": letters, "metric": "mtm"})
    expect(page.locator("#analysis-summary")).to_have_text(lines["summary"])
    played = lines["moves"]
    single = f"{len(letters)} single-tile moves"  # the moves the pace counts, beside the lines
    assert f"Played\n{played} line moves ({single})" in page.locator("#analysis-facts").inner_text()
    expect(page.locator("#board-score")).to_contain_text(f"the shortest is {lines['distances'][0]} line moves")

    # the solve's link replays it: the same moves, the same time
    visit.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=visit.origin)
    page.click("#copy-replay-link")
    expect(page.locator("#copy-replay-link")).to_have_text("Copied")
    link = page.evaluate("() => navigator.clipboard.readText()")
    page.locator("body").evaluate("b => delete b.dataset.replay")
    page.evaluate("hash => { location.hash = hash; }", link[link.index("#") :])
    page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
    wait_grid(visit, start.tiles)
    expect(page.locator("#play-total")).to_have_text(str(len(letters)))
    expect(page.locator("#solution-summary")).to_contain_text(f"in {time} ({pace} moves/s)")
    assert_seen_soon(page, "#board-view .grid", "#player #play")


def test_a_visitors_journey(browser: Browser, server: Server, screen: str) -> None:
    """A shared link opened on a first visit: its board and verdict in view; Solve; the solution played back to the
    goal; then a big board dealt and solved, whose long solution plays at a speed that suits its length."""
    phone = screen == "390x844"
    link = "#board=8,6,7/2,5,4/3,0,1"
    with open_app(browser, server, link, phone=phone, viewport=JOURNEY_SCREENS[screen]) as app:
        page = app.page
        wait_grid(app, parse_board("8 6 7 / 2 5 4 / 3 0 1").tiles)
        assert_seen_soon(page, "#board-view .grid", "#verdict .verdict-title")
        page.click("#bar-solve" if phone else "#solve")
        page.wait_for_function("() => document.body.dataset.solve === 'solved'", timeout=ANSWER_TIMEOUT_MS)
        expect(page.locator("#play-total")).to_have_text("31")  # the 8-puzzle's hardest: 31 moves
        assert_seen_soon(page, "#player #play", "#player .position")
        expect(page.locator("#speed-text")).to_have_text("4/s")  # a short solution: the speed chosen
        page.click("#play-end")
        page.wait_for_selector("body[data-playback=end]", state="attached")
        wait_grid(app, parse_board("1 2 3 / 4 5 6 / 7 8 0").tiles)
        expect(page.locator("#board-status")).to_have_text(re.compile("^Solved"))

        # a big board: its long solution starts at a speed that plays it in about 20 s at most
        assert shuffle(app, "8×8") == "dealt"
        press_solve(app, "#bar-solve" if phone else "#solve")
        assert page.locator("body").get_attribute("data-solve") == "solved"
        total = int(page.locator("#play-total").inner_text())
        speed = int(page.locator("#speed-text").inner_text().removesuffix("/s"))
        assert total / speed <= 20, (total, speed)
        assert_seen_soon(page, "#player #play", "#player .position")
        app.assert_offline()


RENDERED_FONT_PX = """(selector) => [...document.querySelectorAll(selector)].map((text) =>
  text.getScreenCTM().a * parseFloat(getComputedStyle(text).fontSize))"""
"""The CSS pixels each SVG text matching the selector is drawn at (its font size times the chart's scale)."""


def test_a_students_journey(visit: App) -> None:
    """The rule at work as the board moves (in the Why panel, not the main flow), the course's table on the page's
    15-puzzle (most rows finish, weakest first, labels readable on a phone), then the search watched: a step's node
    and children on the screen with the Step button, and the run to the end."""
    page = visit.page
    example = parse_board(page.locator("#board").input_value())
    page.locator("h1").click()
    letter = next(iter(example.movable_tiles()))
    page.keyboard.press(KEY_OF[letter])
    expect(page.locator("#lesson #move-said")).not_to_be_empty()  # the rule's figures, in the Why panel
    assert page.locator("#result-panel #move-said").count() == 0
    page.click("#undo")
    wait_grid(visit, example.tiles)

    # Compare: on a board on the way to the goal, most rows finish, ordered by what they measured
    page.locator("body").evaluate("b => delete b.dataset.compare")
    page.click("#compare")
    page.wait_for_function("() => document.body.dataset.compare === 'done'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#comparison-note")).to_contain_text("on its way there")
    rows = page.locator("#compare-table tbody tr")
    states = [rows.nth(k).get_attribute("data-state") for k in range(rows.count())]
    assert states.count("done") >= 4 and states.index("done") == states.count("stopped"), states
    nodes = [int(rows.nth(k).locator("td").nth(1).inner_text().replace(",", "")) for k in range(rows.count())]
    finished = nodes[states.count("stopped") :]
    assert finished == sorted(finished, reverse=True)  # weakest first
    assert_seen_soon(page, "#comparison-heading")
    page.locator("#compare-chart").scroll_into_view_if_needed()
    sizes = page.evaluate(RENDERED_FONT_PX, "#compare-chart text")
    assert min(sizes) >= 10.5, sizes  # 11 and 12 CSS px, on a phone too

    # Watch: a step's node and children on the screen with the Step button; then the run to the end
    page.locator("#watch-open").scroll_into_view_if_needed()
    page.click("#watch-open")
    page.wait_for_function("() => document.body.dataset.watch === 'idle'", timeout=ANSWER_TIMEOUT_MS)
    assert_seen_soon(page, "#watch-heading", "#watch-step")  # the panel opened where the eye is
    page.click("#watch-step")
    expect(page.locator("#watch-lanes .taken")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    assert_seen_soon(page, "#watch-step", "#watch-said", "#watch-lanes .taken", "#watch-lanes .children")
    page.click("#watch-end")
    page.wait_for_function("() => document.body.dataset.watch === 'done'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#watch-said")).to_contain_text("the search ends with")
    assert_seen_soon(page, "#watch-end", "#watch-said")  # the outcome said where the person pressed
    assert page.locator("#watch-lanes .solution-path").count() == 1  # and the path drawn under the lane
