"""The 15-puzzle in line moves, in the page: counting lines fetches the line-move tables on demand (downloaded,
verified, loaded like the pattern database), Solve is then proven shortest in line moves, and a 4×4 solve is
analysed exactly in both metrics — each figure the one CPython's core gives with the same two databases."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from npuzzle import goal_board
from npuzzle.api import Engine
from npuzzle.interchange import read_notation
from npuzzle.pdb import read_multiset, read_tables
from shipped_pdb import MTM_FILE, PDB_FILE, require_mtm_pdb, require_shipped_pdb

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, SITE, App, Server, open_app
from .sees import assert_seen_soon
from .steps import analysed, choose, core_mistakes, mistakes_table, play, text_of, wait_grid

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium, loads 55 MB of tables
require_shipped_pdb()
require_mtm_pdb()

TABLES_TIMEOUT_MS = 240_000
START = goal_board(4, 4).apply(read_notation("D3R2U2LD"))  # 9 single-tile moves from the goal, 5 line moves


@pytest.fixture(scope="module")
def engine() -> Engine:
    """CPython's core with both databases, as the page has them once loaded."""
    engine = Engine()
    engine.install(read_tables(PDB_FILE))
    engine.install_mtm(read_multiset(MTM_FILE))
    return engine


def ask(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(engine.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


@pytest.fixture
def desktop(browser: Browser, server: Server) -> Iterator[App]:
    with open_app(browser, server) as app:
        yield app


def test_lines_fetch_their_tables_and_a_4x4_is_solved_and_analysed_exactly(desktop: App, engine: Engine) -> None:
    page = desktop.page
    manifest = json.loads((SITE / "build.json").read_text())
    assert manifest["mtm"]["size"] == MTM_FILE.stat().st_size
    assert page.locator("body").get_attribute("data-line-tables") == "offered"  # not fetched for single tiles
    choose(page, "#metric", "mtm")
    page.wait_for_selector("body[data-line-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
    page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
    assert [u for u in desktop.seen if u.endswith(manifest["mtm"]["url"])]  # downloaded once, from its own URL
    text = text_of(START)
    desktop.check(text, "default")
    expected = ask(engine, {"op": "solve", "board": text, "metric": "mtm"})
    assert expected["optimal"] and expected["heuristic"].startswith("mtm-")
    page.click("#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    summary = page.locator("#solution-summary").inner_text()
    lines, tiles = expected["line_moves"], expected["tile_moves"]
    assert summary.startswith(f"{lines} line moves ({tiles} single-tile moves) — the ")
    assert "shortest possible in line moves: proven by IDA* over line moves" in summary
    # a solve of its own with a detour, analysed exactly in line moves, then in single tiles
    desktop.check(text, "default")
    wait_grid(desktop, START.tiles)
    page.locator("body").evaluate("b => { delete b.dataset.analysis; }")
    board = START
    detour = next(iter(board.movable_tiles().values()))
    played = [detour, detour, *ask(engine, {"op": "solve", "board": text})["moves"]]
    board, letters = play(desktop, board, played)
    # a typed board is not analysed by itself: its reconstruction is, once replayed
    expect(page.locator("#reconstruction")).to_have_value(re.compile("^Scramble: "))
    page.locator("#replay").scroll_into_view_if_needed()
    page.click("#replay")
    analysed(page)
    lines = ask(engine, {"op": "analyse", "board": text, "moves": letters, "metric": "mtm"})
    assert lines["exact"] and lines["mistakes"]
    expect(page.locator("#analysis-badge")).to_have_text("exact")
    expect(page.locator("#analysis-summary")).to_have_text(lines["summary"])
    assert mistakes_table(page) == core_mistakes(lines)
    page.locator("body").evaluate("b => delete b.dataset.analysis")  # the next analysis' end
    page.click("#analysis-metric")
    analysed(page)
    tiles = ask(engine, {"op": "analyse", "board": text, "moves": letters})
    assert tiles["exact"] and tiles["lost"] == 2
    expect(page.locator("#analysis-summary")).to_have_text(tiles["summary"])
    assert mistakes_table(page) == core_mistakes(tiles)
    desktop.assert_offline()


def test_on_a_phone_the_line_move_tables_downloaded_make_the_analysis_on_screen_exact(
    browser: Browser, server: Server, engine: Engine
) -> None:
    """A phone fetches the line-move tables only when asked: the analysis first gives lower bounds and says where
    to download them; once they are loaded it analyses the solve again by itself, exactly."""
    with open_app(browser, server, phone=True) as phone:
        page = phone.page
        choose(page, "#metric", "mtm")
        page.wait_for_selector("body[data-line-tables=offered]", state="attached", timeout=ANSWER_TIMEOUT_MS)
        text = text_of(START)
        moves = "".join(ask(engine, {"op": "solve", "board": text})["letters"])  # a shortest solve, in single tiles
        page.locator("#reconstruction").scroll_into_view_if_needed()
        page.fill("#reconstruction", f"Scramble: {text}\nMoves: {moves}")
        page.locator("body").evaluate("b => { delete b.dataset.replay; delete b.dataset.analysis; }")
        page.click("#replay")
        analysed(page)
        expect(page.locator("#analysis-badge")).to_have_text("lower bounds")
        expect(page.locator("#analysis-summary")).to_contain_text(
            "Exact distances need the line-move tables: download them in “For speedsolvers”, and the solve is "
            "analysed again."
        )
        assert page.locator("body").get_attribute("data-line-tables") == "offered"  # nothing fetched unasked
        page.locator("body").evaluate("b => { delete b.dataset.analysis; }")
        page.locator("#line-tables-offer").tap()
        page.wait_for_selector("body[data-line-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        analysed(page)
        expected = ask(engine, {"op": "analyse", "board": text, "moves": moves, "metric": "mtm"})
        assert expected["exact"]
        expect(page.locator("#analysis-badge")).to_have_text("exact")
        expect(page.locator("#analysis-summary")).to_have_text(expected["summary"])
        assert_seen_soon(page, "#analysis-summary")  # brought up from the Download far below it
        phone.assert_offline()
