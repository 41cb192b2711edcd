"""A hard 4×4 split over several workers in the page (npuzzle.pdb.split): the worker that solves starts a helper
worker (its own Python and pattern database), hands it subtrees and proves the optimal length; a Cancel stops them
all; idle helpers end and a new split starts them again. A test hook (``window.npuzzleTest``, web/hooks.js) forces
two workers and a split after 300 expansions, so a quick board splits too, and shortens the helpers' idle time."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from npuzzle.research.instances import korf100

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, DONE_STATES, App, Server, new_app, solver_option, start_server
from .steps import CANCEL_HANG_MS, cancel_ms, solution_facts

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium, three times

SPLIT = "window.npuzzleTest = { workers: 2, splitNodes: 300 };"
TABLES_TIMEOUT_MS = 240_000
HARD = "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"
"""An 80-move position (Korf's goal): minutes even for two workers, so the cancel finds them searching."""


def korf(ident: int) -> tuple[str, int]:
    instance = next(i for i in korf100() if i.ident == ident)
    return " ".join(map(str, instance.tiles)), instance.optimal


@pytest.fixture(scope="module")
def split_app(browser: Browser, built_site: object) -> Iterator[App]:
    """The page, cross-origin isolated, with the tables loaded and the split forced (two workers)."""
    server: Server = start_server(isolated=True)
    with new_app(browser, server, init_script=SPLIT) as app:
        app.page.goto(server.url)
        app.page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        app.page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        assert app.page.evaluate("crossOriginIsolated") is True
        yield app
        app.assert_offline()
        server.close()


def body(app: App, name: str) -> str | None:
    return app.page.locator("body").get_attribute(f"data-{name}")


def start_solve(app: App, board: str) -> None:
    """Check ``board`` against Korf's goal and press Solve (auto: IDA* with the pattern database)."""
    assert app.check(board, "blank-first").startswith("Solvable")
    app.page.evaluate("() => { delete document.body.dataset.solve; }")  # not the end state of an earlier solve
    solver_option(app.page, "#algorithm", "auto")
    solver_option(app.page, "#heuristic", "auto")
    app.page.click("#solve")


def solve(app: App, board: str) -> None:
    start_solve(app, board)
    app.page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert body(app, "solve") == "solved"


def test_a_board_is_solved_optimally_with_two_workers(split_app: App) -> None:
    app, page = split_app, split_app.page
    text, optimal = korf(82)
    solve(app, text)  # the first split starts the helper worker (which may be ready only after it)
    assert int(page.locator("#solution").get_attribute("data-length") or "-1") == optimal
    assert body(app, "workers") == "2"
    facts = solution_facts(page).inner_text().replace("\n", "")
    assert "Workers2 (each IDA* iteration split below the root)" in facts
    page.wait_for_selector("body[data-helpers-ready='1']", state="attached", timeout=TABLES_TIMEOUT_MS)

    before = int(body(app, "helpers-tasks") or "0")
    text, optimal = korf(60)
    solve(app, text)  # now both workers search its subtrees
    assert int(page.locator("#solution").get_attribute("data-length") or "-1") == optimal
    assert page.locator("#solution-badge").inner_text() == "shortest possible"
    assert body(app, "workers") == "2" and int(body(app, "helpers-tasks") or "0") > before
    page.wait_for_selector("body[data-helpers-busy='0']", state="attached", timeout=ANSWER_TIMEOUT_MS)
    app.assert_offline()


def test_cancel_stops_every_worker(split_app: App) -> None:
    app, page = split_app, split_app.page
    start_solve(app, HARD)
    page.wait_for_selector("body[data-helpers-ready='1']", state="attached", timeout=TABLES_TIMEOUT_MS)
    page.wait_for_selector("body[data-helpers-busy='1']", state="attached", timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_function("() => /2 workers/.test(document.getElementById('job-detail').textContent)")
    assert "on 2 workers" in page.locator("#job-title").inner_text()

    stopped_ms = cancel_ms(page)
    assert stopped_ms < CANCEL_HANG_MS
    assert page.locator("#solution-badge").inner_text() == "stopped: cancelled"
    page.wait_for_selector("body[data-helpers-busy='0']", state="attached", timeout=5_000)  # the helper stopped too
    assert body(app, "job") == "" and page.locator("#job").is_hidden()

    # later requests are answered, by the primary and by the helper
    before = int(body(app, "helpers-tasks") or "0")
    text, optimal = korf(82)
    solve(app, text)
    assert int(page.locator("#solution").get_attribute("data-length") or "-1") == optimal
    assert int(body(app, "helpers-tasks") or "0") > before
    app.assert_offline()


def test_idle_helpers_end_and_a_new_split_starts_them_again(split_app: App) -> None:
    app, page = split_app, split_app.page
    text, optimal = korf(82)
    solve(app, text)  # a split: its helper is alive (started now or by an earlier test)
    page.wait_for_selector("body[data-helpers-ready='1']", state="attached", timeout=TABLES_TIMEOUT_MS)
    assert body(app, "helpers-started") == "1"
    primary, helper = page.workers  # Playwright lists nested workers too: the primary started its helper

    page.evaluate("() => { window.npuzzleTest.helpersIdleMs = 1500; }")  # idle for 1.5 s instead of a minute
    with helper.expect_event("close", timeout=ANSWER_TIMEOUT_MS):  # its worker terminated: its memory freed
        solve(app, text)
        page.wait_for_selector("body[data-helpers-started='0']", state="attached", timeout=ANSWER_TIMEOUT_MS)
    assert body(app, "helpers-ready") == "0" and body(app, "helpers-busy") == "0"
    assert page.workers == [primary]

    page.evaluate("() => { delete window.npuzzleTest.helpersIdleMs; }")  # the minute again
    text, optimal = korf(60)
    solve(app, text)  # a new split starts a helper again
    assert int(page.locator("#solution").get_attribute("data-length") or "-1") == optimal
    assert body(app, "workers") == "2" and body(app, "helpers-started") == "1"
    page.wait_for_selector("body[data-helpers-ready='1']", state="attached", timeout=TABLES_TIMEOUT_MS)
    assert len(page.workers) == 2 and primary in page.workers
    app.assert_offline()
