"""The shortest moves from here on a 4×4 whose tables a phone has not downloaded yet: the row under the board says
they are counted once the tables are loaded and where to download them; once they are, it counts them by itself
(the library's counts), in view and on top at a phone's screens."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from npuzzle import count_optimal_solutions, goal_board
from npuzzle.interchange import read_notation
from shipped_pdb import require_shipped_pdb

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, Server
from .sees import app_of_kind, assert_seen, at_each_screen

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium, loads the 4×4 tables
require_shipped_pdb()

TABLES_TIMEOUT_MS = 240_000
START = goal_board(4, 4).apply(read_notation("D3R2U2LD"))  # 9 single-tile moves from the goal


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[App]:
    tiles = [str(t) for t in START.tiles]
    fragment = "#board=" + "/".join(",".join(tiles[r * 4 : r * 4 + 4]) for r in range(4))
    yield from app_of_kind(browser, server, "phone", fragment)


def test_a_phone_counts_a_4x4s_shortest_moves_once_it_has_downloaded_the_tables(phone: App) -> None:
    page = phone.page
    page.click("#bar-solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-tables") == "offered"  # a phone waits to be asked
    row = page.locator("#alternatives")
    expect(row).to_contain_text("counted once the tables are loaded: download them at the top of the page")
    page.locator("#pdb-offer").tap()
    page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
    page.wait_for_function(
        "() => document.body.dataset.alternatives === 'shown' && document.querySelector('#alternatives button')",
        timeout=ANSWER_TIMEOUT_MS,
    )
    counted = count_optimal_solutions(START).to_dict(START)
    expected = {first["letters"]: str(first["count"]) for first in counted["first_moves"]}
    buttons = page.locator("#alternatives button[data-letters]")
    got = {b.get_attribute("data-letters"): b.get_attribute("data-count") for b in buttons.all()}
    assert got == expected
    at_each_screen(page, "phone", lambda: assert_seen(page, "#alternatives button[data-letters]"))
    phone.assert_offline()
