"""The page's start: the board of a link (or the example) is drawn at once, before Python is ready; the verdict and
everything else stay Python's."""

from __future__ import annotations

from playwright.sync_api import Browser, Route

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, Server, grid_tiles, new_app


def test_the_link_board_is_drawn_before_python_is_ready(browser: Browser, server: Server) -> None:
    with new_app(browser, server) as app:
        held: list[Route] = []

        def hold(route: Route) -> None:  # the runtime's download waits until the early board has been looked at
            held.append(route)

        app.context.route("**/pyodide.asm.wasm", hold)
        page = app.page
        page.goto(server.url + "#board=8,6,7/2,5,4/3,0,1")
        page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length === 9")
        assert grid_tiles(app) == [8, 6, 7, 2, 5, 4, 3, 0, 1]
        assert page.locator("body").get_attribute("data-python") == "loading"
        assert page.locator("#board-view").get_attribute("data-preview") == "true"
        assert page.locator("#verdict").inner_text() == ""  # no verdict without Python
        page.get_by_role("gridcell", name="5", exact=True).click()  # not playable yet: nothing moves
        assert grid_tiles(app) == [8, 6, 7, 2, 5, 4, 3, 0, 1]
        page.wait_for_function("() => document.body.dataset.python === 'loading'")
        for route in held:
            route.continue_()
        app.context.unroute("**/pyodide.asm.wasm")
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        assert page.locator("#board-view").get_attribute("data-preview") is None
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
