"""The page in real Chromium: paste → Check → verdict and reasons, bad input, goals, Shuffle, the grid, sliding.

One page (one Pyodide boot) serves the whole module. Expected answers come from the core itself (imported
here), so the page is checked against the library it runs, plus fixed worked examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from npuzzle.board import Board
from npuzzle.parse import parse_board, resolve_goal
from npuzzle.solvability import explain, is_solvable

from .conftest import ROOT, App
from .steps import shuffle

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium


def link_text(board: Board) -> str:
    """The board as the page writes it in links and in ``data-board``: ``1,2,3/4,5,6/7,8,0``."""
    rows = [board.tiles[r * board.cols : (r + 1) * board.cols] for r in range(board.rows)]
    return "/".join(",".join(str(t) for t in row) for row in rows)


def fact(app: App, term: str) -> str:
    """The value shown beside ``term`` in the verdict's list of facts."""
    return app.page.locator(f"#lesson-body dt:text-is('{term}') + dd").inner_text()


def test_not_solvable_with_one_inversion(app: App) -> None:
    verdict = app.check("2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0")
    assert verdict.startswith("Not solvable")
    assert fact(app, "Inversions") == "1"
    assert fact(app, "Blank row") == "1 from the bottom, 4 from the top"
    assert fact(app, "Width") == "4 (even)"
    assert "1 inversion" in verdict and "different parity" in verdict
    # said plainly first, with the swap that would fix it; the rule for this width with the figures
    assert "This board can never reach the goal" in verdict and "for example 1 and 2" in verdict
    assert verdict.index("can never reach") < verdict.index("1 inversion")
    assert "The width 4 is even" in app.page.locator("#lesson-body").inner_text()
    assert app.page.locator("#verdict").get_attribute("data-board") == "2,1,3,4/5,6,7,8/9,10,11,12/13,14,15,0"
    app.assert_offline()


WORKED = [
    ("12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3", True),
    ("13 2 10 3 / 1 12 8 4 / 5 0 9 6 / 15 14 11 7", True),
    ("6 13 7 10 / 8 9 11 0 / 15 2 12 5 / 14 3 1 4", True),
    ("1 8 2 / 0 4 3 / 7 6 5", True),
    ("3 9 1 15 / 14 11 4 6 / 13 0 10 12 / 2 7 8 5", False),
    ("2,3,1,5,4\n6,7,8,9,0\n10,11,12,13,14", None),  # 3×5: odd width
    ("[[1, 2], [3, 4], [0, 5]]", None),  # 3×2 as JSON: even width
]


@pytest.mark.parametrize(("text", "solvable"), WORKED)
def test_verdict_and_explanation_agree_with_the_core(app: App, text: str, solvable: bool | None) -> None:
    board = parse_board(text)
    expected = explain(board)
    if solvable is not None:
        assert expected.solvable is solvable  # the worked examples of the texts this project follows
    verdict = app.check(text, "default")
    assert verdict.startswith("Solvable" if expected.solvable else "Not solvable")
    assert app.page.locator("#verdict").get_attribute("data-board") == link_text(board)
    assert fact(app, "Inversions") == str(expected.inversions)
    assert fact(app, "Blank row") == (
        f"{expected.blank_row_from_bottom} from the bottom, {expected.blank_row_from_top} from the top"
    )
    assert expected.plain in verdict and expected.reason in verdict
    assert expected.rule in app.page.locator("#lesson-body").inner_text()
    app.assert_offline()


def test_grid_shows_every_tile_and_the_blank(app: App) -> None:
    app.check("1 8 2 / 0 4 3 / 7 6 5", "default")
    grid = app.page.get_by_role("grid")
    assert grid.count() == 1
    cells = grid.get_by_role("gridcell")
    assert cells.count() == 9
    assert [c.strip() for c in cells.all_inner_texts()] == ["1", "8", "2", "", "4", "3", "7", "6", "5"]
    blank = grid.get_by_role("gridcell", name="blank")
    assert blank.count() == 1
    assert blank.get_attribute("data-index") == "3"
    assert grid.get_by_role("row").count() == 3
    app.assert_offline()


BAD = [
    "1 1 3 / 4 5 6 / 7 8 0",  # duplicated tile
    "1 2 3 / 4 5 / 7 8 0",  # ragged rows
    "1 2 3 / 4 five 6 / 7 8 0",  # not a number
    "1 2 3 / 4 5 6 / 7 8 9",  # out of range / no blank
    "   ",  # empty
    '[[1,2,3],[4,5,6],[7,"8",0]]',  # a string tile in JSON
    "1 2 3 / / 4 5 6 / 7 8 0",  # an empty row
]


@pytest.mark.parametrize("text", BAD)
def test_bad_board_shows_the_core_message_beside_the_text_area(app: App, text: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_board(text)
    page = app.page
    on_screen = page.locator("#verdict").get_attribute("data-board")
    app.check(text, "default")
    error = page.locator("#board-error")
    assert error.inner_text() == str(raised.value)
    assert error.get_attribute("role") == "alert"
    assert "board-error" in (page.locator("#board").get_attribute("aria-describedby") or "").split()
    assert page.locator("#board").get_attribute("aria-invalid") == "true"
    # the board on screen, its game and its verdict stay: nothing the person did is lost
    assert page.locator("#verdict").get_attribute("data-board") == on_screen
    assert "Traceback" not in page.locator("body").inner_text()
    app.assert_offline()


def test_duplicate_tile_message_names_the_tile(app: App) -> None:
    app.check("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 14 0", "default")
    message = app.page.locator("#board-error").inner_text()
    assert "14" in message and "twice" in message
    # the next good board clears the message
    assert app.check("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0").startswith("Solvable")
    assert app.page.locator("#board-error").inner_text() == ""
    assert app.page.locator("#board").get_attribute("aria-invalid") is None
    app.assert_offline()


def test_blank_first_goal_changes_the_verdict(app: App) -> None:
    text = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"
    board = parse_board(text)
    assert is_solvable(board) and not is_solvable(board, resolve_goal("blank-first", 4, 4))
    assert app.check(text, "default").startswith("Solvable")
    app.select_goal("blank-first")  # changing the goal re-checks the board
    verdict = app.page.locator("#verdict").inner_text()
    assert verdict.startswith("Not solvable")
    assert "goal: blank first" in verdict
    assert fact(app, "Goal") == "0 inversions, blank on row 4 from the bottom (1 from the top)"
    korf = "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3"  # Korf's first instance: blank-first goal
    assert app.check(korf, "blank-first").startswith("Solvable")
    app.assert_offline()


def test_custom_goal(app: App) -> None:
    board = "1 2 3 / 4 5 6 / 7 8 0"
    assert app.check(board, "2 1 3 / 4 5 6 / 7 8 0").startswith("Not solvable")
    assert "goal: custom goal" in app.page.locator("#verdict").inner_text()
    assert app.check(board, "3 1 2 / 4 5 6 / 7 8 0").startswith("Solvable")  # a 3-cycle is an even permutation
    app.check(board, "1 2 3 / 4 5 6 / 7 0 8 / 9 10 11")
    goal_error = app.page.locator("#goal-error")
    assert goal_error.inner_text().startswith("goal:")
    assert app.page.locator("#board-error").inner_text() == ""
    assert app.page.locator("#goal").get_attribute("aria-invalid") == "true"
    app.select_goal("default")
    app.assert_offline()


@pytest.mark.parametrize("shape", ["3×3", "3x5", "4×4"])
def test_shuffle_gives_a_solvable_board_of_that_shape(app: App, shape: str) -> None:
    page = app.page
    shuffle(app, shape, "default")
    board = parse_board(page.locator("#board").input_value())
    rows, cols = (int(n) for n in re.split("[x×]", shape))
    assert (board.rows, board.cols) == (rows, cols)
    assert is_solvable(board)
    assert page.locator("#verdict").inner_text().startswith("Solvable")
    assert page.get_by_role("gridcell").count() == rows * cols
    app.assert_offline()


def test_shuffle_for_the_blank_first_goal(app: App) -> None:
    page = app.page
    shuffle(app, "4×4", "blank-first")
    board = parse_board(page.locator("#board").input_value())
    assert is_solvable(board, resolve_goal("blank-first", 4, 4))
    assert page.locator("#verdict").inner_text().startswith("Solvable")
    app.select_goal("default")
    app.assert_offline()


def test_bad_shape_message(app: App) -> None:
    page = app.page
    shuffle(app, "1x5")
    message = page.locator("#shape-error").inner_text()
    assert "1" in message and message != ""
    assert page.locator("#shape").get_attribute("aria-invalid") == "true"
    page.fill("#shape", "4×4")
    app.assert_offline()


def test_sliding_a_tile_by_click_and_by_keyboard(app: App) -> None:
    page = app.page
    app.check("1 2 3 / 4 5 6 / 0 7 8", "default")
    before = app.answers()
    page.get_by_role("gridcell", name="7", exact=True).click()
    app.wait_answer(before)
    assert page.locator("#verdict").get_attribute("data-board") == "1,2,3/4,5,6/7,0,8"
    cell = page.get_by_role("gridcell", name="8", exact=True)
    cell.focus()
    before = app.answers()
    page.keyboard.press("Enter")
    app.wait_answer(before)
    assert page.locator("#verdict").get_attribute("data-board") == "1,2,3/4,5,6/7,8,0"
    page.wait_for_function("() => location.hash === '#board=1,2,3/4,5,6/7,8,0'")  # the link follows the board
    # the text area follows the board on screen (what Check would check)
    assert parse_board(page.locator("#board").input_value()) == parse_board("1 2 3 / 4 5 6 / 7 8 0")
    # Home and End move the focus along the row (arrow keys slide tiles: test_solve_page.py)
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.index") == "6"
    app.assert_offline()


def test_checking_updates_the_share_link(app: App) -> None:
    app.check("2 1 3 / 4 5 6 / 7 8 0", "blank-first")
    url = app.page.url
    assert url.endswith("#board=2,1,3/4,5,6/7,8,0&goal=blank-first")
    assert app.page.locator("#share-link").get_attribute("href") == url
    app.select_goal("default")
    app.assert_offline()


def test_big_board_is_drawn_on_a_canvas(app: App) -> None:
    page = app.page
    shuffle(app, "100×100", "default")
    assert page.locator("#verdict").inner_text().startswith("Solvable")
    assert page.locator("canvas.heatmap").count() == 1
    assert page.get_by_role("gridcell").count() == 0
    assert is_solvable(parse_board(page.locator("#board").input_value()))
    page.fill("#shape", "4×4")
    app.assert_offline()


def test_requests_from_the_worker_pass_through_the_blocker(app: App) -> None:
    """The router sees the worker's own fetches (so blocking covers them), and all of them stay on the origin."""
    paths = {u.split(app.origin, 1)[1].split("?")[0] for u in app.seen}
    assert "/pyodide/pyodide.asm.wasm" in paths
    assert any(p.startswith("/wheels/") and p.endswith(".whl") for p in paths)
    assert "/pyodide/micropip-0.11.1-py3-none-any.whl" in paths
    app.assert_offline()


def test_the_blocker_counts_a_request_to_another_origin(app: App) -> None:
    """The counter the other tests rely on does see an off-origin request (done in a second page)."""
    page = app.context.new_page()
    try:
        with pytest.raises(PlaywrightError):  # the page's CSP would stop a fetch first: navigate instead
            page.goto("http://example.com/x")
        assert app.offsite == ["http://example.com/x"]
    finally:
        app.offsite.clear()
        page.close()


def test_no_user_text_is_inserted_as_html() -> None:
    """No script of the page assigns HTML: user text only ever goes through textContent."""
    for path in sorted((ROOT / "web").glob("*.js")):
        source = path.read_text()
        for pattern in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert pattern not in source, f"{path.name} uses {pattern}"


def test_csp_meta_tag_is_strict() -> None:
    html = (ROOT / "web" / "index.html").read_text()
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert match
    policy = match.group(1)
    assert "default-src 'self'" in policy and "worker-src 'self'" in policy and "connect-src 'self'" in policy
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    assert "<script>" not in html and " style=" not in html  # no inline script or style
    assert Path(ROOT / "web" / "worker" / "worker.js").exists()
