"""The page and the pattern database: downloaded after Python is ready with a progress bar, verified, kept in
the Cache API for the next visit, and used by Auto to solve a Korf instance optimally."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Route

from npuzzle.research.instances import korf100

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, DONE_STATES, SITE, Server, new_app, open_app, solver_option
from .steps import solution_facts

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium

KORF_ID = 1
"""Korf's instance 1 (57 moves): the 7/7-7 IDA* solves it in about 0.03 s in CPython."""
TABLES_TIMEOUT_MS = 180_000


def korf(ident: int) -> tuple[str, int]:
    instance = next(i for i in korf100() if i.ident == ident)
    return " ".join(map(str, instance.tiles)), instance.optimal


def test_page_downloads_caches_and_solves_with_the_pattern_database(browser: Browser, server: Server) -> None:
    manifest = json.loads((SITE / "build.json").read_text())
    pdb = manifest["pdb"]
    assert (SITE / pdb["url"]).stat().st_size == pdb["size"]
    with open_app(browser, server) as app:
        page = app.page
        # the page is usable while the tables load: a check is answered
        assert app.check("1 2 3 / 4 5 6 / 7 0 8").startswith("Solvable")
        page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        phases = (page.locator("body").get_attribute("data-tables-phases") or "").split()
        assert "downloading" in phases and "failed" not in phases
        assert page.locator("#pdb-text").inner_text() == "Fast 4×4 solving ready"
        assert "7/7-7" in (page.locator("#pdb-status").get_attribute("title") or "")  # the detail, on hover
        downloads = [u for u in app.seen if u.endswith(".pdb")]
        assert len(downloads) == 1 and downloads[0].endswith(pdb["url"])

        text, optimal = korf(KORF_ID)
        assert app.check(text, "blank-first").startswith("Solvable")
        page.wait_for_function(
            "() => [...document.getElementById('heuristic').options].some(o => o.value.startsWith('pdb-'))",
            timeout=ANSWER_TIMEOUT_MS,
        )
        solver_option(page, "#algorithm", "auto")
        solver_option(page, "#heuristic", "auto")
        page.click("#solve")
        page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
        assert page.locator("body").get_attribute("data-solve") == "solved"
        assert int(page.locator("#solution").get_attribute("data-length") or "-1") == optimal
        search = solution_facts(page).locator("dd[data-fact=search]")
        assert search.inner_text() == "IDA* + the pattern database"  # in plain words; the tables' name on hover
        assert search.get_attribute("title") == "idastar + pdb-7/7-7+reflected"

        # a later visit takes the verified copy from the Cache API: no second download
        page.reload()
        page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        phases = (page.locator("body").get_attribute("data-tables-phases") or "").split()
        assert "downloading" not in phases
        assert "earlier visit" in page.locator("#pdb-text").inner_text()
        assert len([u for u in app.seen if u.endswith(".pdb")]) == 1
        app.assert_offline()


def test_checks_are_answered_while_python_prepares_the_tables(browser: Browser, server: Server) -> None:
    with open_app(browser, server) as app:
        page = app.page
        page.evaluate("""() => {
            window.tablesAtAnswer = [];
            new MutationObserver(() => window.tablesAtAnswer.push(document.body.dataset.tables))
                .observe(document.body, { attributes: true, attributeFilter: ["data-answers"] });
        }""")
        page.wait_for_selector("body[data-tables=loading]", state="attached", timeout=TABLES_TIMEOUT_MS)
        assert app.check("1 2 3 / 4 5 6 / 7 0 8").startswith("Solvable")
        assert app.check("2 1 3 / 4 5 6 / 7 8 0").startswith("Not solvable")
        assert page.evaluate("window.tablesAtAnswer") == ["loading", "loading"]
        progress = page.locator("#pdb-progress")
        assert progress.get_attribute("max") == "1" and 0 <= float(progress.evaluate("p => p.value")) <= 1
        page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        app.assert_offline()


def test_a_damaged_download_is_refused_and_the_page_keeps_working(browser: Browser, server: Server) -> None:
    manifest = json.loads((SITE / "build.json").read_text())
    good = (SITE / manifest["pdb"]["url"]).read_bytes()
    damaged = bytearray(good)
    damaged[len(damaged) // 2] ^= 0xFF
    with new_app(browser, server) as app:  # a fresh context: nothing cached
        served: list[str] = []

        def serve_damaged(route: Route) -> None:
            served.append(route.request.url)
            route.fulfill(status=200, body=bytes(damaged), headers={"Content-Type": "application/octet-stream"})

        app.context.route("**/*.pdb", serve_damaged)  # newer than the guard's route, so it answers first
        page = app.page
        page.goto(server.url)
        page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("body[data-tables=failed]", state="attached", timeout=TABLES_TIMEOUT_MS)
        assert served, "the page never asked for the pattern database"
        message = page.locator("#pdb-text").inner_text()
        assert "could not be loaded" in message and "works without them" in message
        assert "damaged" in (page.locator("#pdb-status").get_attribute("title") or "")  # why, on hover
        # the page still answers, and offers no pattern-database heuristic
        page.fill("#board", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
        before = int(page.locator("body").get_attribute("data-answers") or "0")
        page.click("#check")
        page.wait_for_function("n => Number(document.body.dataset.answers) > n", arg=before, timeout=ANSWER_TIMEOUT_MS)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        names = page.eval_on_selector_all("#heuristic option", "os => os.map(o => o.value)")
        assert not any(n.startswith("pdb-") for n in names)
        app.assert_offline()
