"""Share links open the board they name, with and without cross-origin isolation (COOP/COEP headers)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from npuzzle.parse import parse_board

from .conftest import BOOT_TIMEOUT_MS, App, Server, open_app, start_server

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium


@pytest.fixture(scope="module")
def isolated_server(built_site: object) -> Iterator[Server]:
    """The site served with COOP/COEP headers, so the page is cross-origin isolated."""
    running = start_server(isolated=True)
    yield running
    running.close()


def test_board_link_opens_and_checks_the_board(browser: Browser, server: Server) -> None:
    with open_app(browser, server, "#board=2,1,3,4/5,6,7,8/9,10,11,12/13,14,15,0") as app:
        page = app.page
        verdict = page.locator("#verdict").inner_text()
        assert verdict.startswith("Not solvable")
        assert page.locator("#lesson-body dt:text-is('Inversions') + dd").inner_text() == "1"
        assert parse_board(page.locator("#board").input_value()) == parse_board(
            "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"
        )
        assert page.locator("#goal-kind").input_value() == "default"
        # editing the fragment by hand opens the new board too
        before = app.answers()
        page.evaluate("location.hash = '#board=1,2,3/4,5,6/7,8,0&goal=blank-first'")
        app.wait_answer(before)
        assert page.locator("#goal-kind").input_value() == "blank-first"
        assert page.locator("#verdict").get_attribute("data-board") == "1,2,3/4,5,6/7,8,0"
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        # a link to a bad board shows the core's message
        before = app.answers()
        page.evaluate("location.hash = '#board=1,2,3/4,5,6/7,8,8'")
        app.wait_answer(before)
        message = page.locator("#board-error").inner_text()
        assert "8" in message and "twice" in message
        assert page.locator("#verdict").get_attribute("data-board") == "1,2,3/4,5,6/7,8,0"  # the board on screen stays
        app.assert_offline()


def test_link_with_a_custom_goal_in_an_isolated_page(browser: Browser, isolated_server: Server) -> None:
    with open_app(browser, isolated_server, "#board=1,2,3/4,5,6/7,8,0&goal=2,1,3/4,5,6/7,8,0") as app:
        page = app.page
        assert page.evaluate("crossOriginIsolated") is True
        assert page.locator("#goal-kind").input_value() == "custom"
        assert page.locator("#goal").is_visible()
        assert parse_board(page.locator("#goal").input_value()) == parse_board("2 1 3 / 4 5 6 / 7 8 0")
        verdict = page.locator("#verdict").inner_text()
        assert verdict.startswith("Not solvable")
        assert "goal: custom goal" in verdict
        # Cancel interrupts the running Python call through the shared interrupt buffer (no restart needed)
        ready_at = app.page.locator("body").get_attribute("data-ready-ms")
        app.select_goal("default")
        waited = cancel_a_long_shuffle(app)
        restarted = app.page.locator("body").get_attribute("data-ready-ms") != ready_at
        assert not restarted, f"Python was restarted; Cancel → answer {waited:.2f} s; console: {app.console[-5:]}"
        app.assert_offline()


def test_a_request_cancelled_during_the_pattern_database_load_is_stopped_without_a_restart(
    browser: Browser, isolated_server: Server
) -> None:
    # A request sent while Python prepares the pattern database and cancelled at once: the worker drops it if the
    # cancel reaches it first, and the page interrupts it (on its `started` message) if it started; either way
    # Python is not restarted and the page answers at once. The load has to be caught in its `loading` phase, so a
    # fast machine gets a few tries.
    for _attempt in range(3):
        with open_app(browser, isolated_server) as app:
            page = app.page
            page.wait_for_selector(
                "body[data-tables=loading], body[data-tables=ready]", state="attached", timeout=BOOT_TIMEOUT_MS
            )
            ready_at = page.locator("body").get_attribute("data-ready-ms")
            before = app.answers()
            page.fill("#shape", "2000×2000")
            phase = page.evaluate("""() => {
                const phase = document.body.dataset.tables;
                document.querySelector("#shuffle").click();
                document.querySelector("#cancel").click(); // hidden until 300 ms, but already bound to the request
                return phase;
            }""")
            app.wait_answer(before)
            page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
            if phase != "loading":
                continue
            assert page.locator("body").get_attribute("data-ready-ms") == ready_at  # Python was not restarted
            assert page.locator("#shape-error").inner_text() == ""
            page.fill("#shape", "4×4")
            assert app.check("1 2 3 / 4 5 6 / 7 0 8").startswith("Solvable")
            app.assert_offline()
            return
    pytest.fail("the pattern database never was in its loading phase when the request was sent")


def cancel_a_long_shuffle(app: App) -> float:
    """Shuffle a 2000×2000 board (the largest allowed: seconds of work, well beyond the cancel grace period), press
    Cancel on the busy line, and wait until the page is usable again; returns the seconds from Cancel to the
    answer."""
    page = app.page
    # Shuffle once the pattern database has settled: a shuffle queued behind its download or load is dropped
    # unstarted by the cancel (no interrupt, no restart), which is not the path these tests are about.
    page.wait_for_selector(
        "body[data-tables=ready], body[data-tables=failed]", state="attached", timeout=BOOT_TIMEOUT_MS
    )
    page.fill("#shape", "2000×2000")
    before = app.answers()
    page.click("#shuffle")
    page.wait_for_selector("#busy:not([hidden])", timeout=10_000)
    clicked = time.perf_counter()
    page.click("#cancel")
    app.wait_answer(before)
    waited = time.perf_counter() - clicked
    page.wait_for_selector("#busy", state="hidden", timeout=30_000)
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#shape-error").inner_text() == ""
    page.fill("#shape", "4×4")
    # a restarted worker may load the pattern database again before it answers (tens of seconds on a busy machine)
    assert app.check("1 2 3 / 4 5 6 / 7 0 8", timeout_ms=BOOT_TIMEOUT_MS).startswith("Solvable")
    return waited


def test_cancel_restarts_python_when_the_page_is_not_isolated(browser: Browser, server: Server) -> None:
    with open_app(browser, server) as app:
        assert app.page.evaluate("crossOriginIsolated") is False
        ready_at = app.page.locator("body").get_attribute("data-ready-ms")
        cancel_a_long_shuffle(app)
        # without the interrupt buffer the worker is terminated and booted again
        assert app.page.locator("body").get_attribute("data-ready-ms") != ready_at
        app.assert_offline()
