"""The page's start: the board of a link (or the example) is drawn at once and playable by hand before Python is
ready; the verdict and everything else stay Python's."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, App, Server, core, grid_tiles, new_app


def holding(app: App, pattern: str) -> list[Route]:
    """Hold the app's requests matching ``pattern`` (a glob) until the test continues them; the list they go into."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    app.context.route(pattern, hold)
    return held


def test_the_link_board_is_drawn_and_playable_before_python_is_ready(browser: Browser, server: Server) -> None:
    """While Python loads, the link's board is drawn and played by hand (a tap, an arrow key: moves counted, the
    clock running); once Python is ready the moves are the game's: the verdict and the link follow the board
    reached, and Undo takes the last step back."""
    with new_app(browser, server) as app:
        held = holding(app, "**/pyodide.asm.wasm")  # the runtime waits until the early board has been played
        page = app.page
        page.goto(server.url + "#board=8,6,7/2,5,4/3,0,1")
        page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length === 9")
        assert grid_tiles(app) == [8, 6, 7, 2, 5, 4, 3, 0, 1]
        assert page.locator("body").get_attribute("data-python") == "loading"
        assert page.locator("#board-view").get_attribute("data-preview") == "true"
        assert page.locator("#verdict").inner_text() == ""  # no verdict without Python
        page.get_by_role("gridcell", name="5", exact=True).click()  # above the blank: slides down
        expect(page.locator("#move-count")).to_have_text("1")
        page.keyboard.press("ArrowLeft")  # the tile right of the blank slides left
        expect(page.locator("#move-count")).to_have_text("2")
        assert grid_tiles(app) == [8, 6, 7, 2, 4, 0, 3, 5, 1]
        assert page.locator("#timer").get_attribute("data-state") == "running"
        assert page.locator("#undo").is_disabled()  # Undo once Python has checked the board
        assert page.locator("body").get_attribute("data-python") == "loading" and len(held) == 1
        for route in held:
            route.continue_()
        app.context.unroute("**/pyodide.asm.wasm")
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(1)  # the link's board checked, then the board reached
        assert grid_tiles(app) == [8, 6, 7, 2, 4, 0, 3, 5, 1]
        expect(page.locator("#move-count")).to_have_text("2")
        reached = core({"op": "check", "board": "8 6 7\n2 4 0\n3 5 1"})["explanation"]["inversions"]
        assert reached == 22  # the link's board has 24: the verdict is the board reached's
        expect(page.locator("#verdict")).to_contain_text(f"{reached} inversions")
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        page.wait_for_function("() => location.hash === '#board=8,6,7/2,4,0/3,5,1'")
        assert page.locator("#board-view").get_attribute("data-preview") is None
        page.click("#undo")
        expect(page.locator("#move-count")).to_have_text("1")
        assert grid_tiles(app) == [8, 6, 7, 2, 0, 4, 3, 5, 1]
        app.assert_offline()


def test_a_malformed_link_draws_nothing_early_and_python_names_the_problem(browser: Browser, server: Server) -> None:
    with new_app(browser, server) as app:
        page = app.page
        page.goto(server.url + "#board=1,2,3/4,5,5/7,8,0")
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=ANSWER_TIMEOUT_MS)
        assert page.locator("[role=gridcell]").count() == 0
        assert "tile 5 appears twice" in page.locator("#board-error").inner_text()
        app.assert_offline()
