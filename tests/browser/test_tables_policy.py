"""Light on phones: the pattern database is fetched in the background only on a capable desktop; elsewhere when a
4×4 Solve needs it, and on a phone only when the user chooses (the page says what it costs)."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, expect

from .conftest import BOOT_TIMEOUT_MS, DONE_STATES, SITE, Server, new_app, open_app
from .steps import solution_facts

TABLES_TIMEOUT_MS = 240_000
LOW_MEMORY = "Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 1 });"
KORF_1_LINK = "#board=14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3&goal=blank-first"
KORF_1_LENGTH = 57
"""Korf's first instance: the search without the tables cannot prove its 57 moves in seconds."""


def size_mb() -> str:
    return f"{json.loads((SITE / 'build.json').read_text())['pdb']['size'] / 1e6:.1f} MB"


def test_a_phone_is_offered_the_tables_and_fetches_them_when_asked(browser: Browser, server: Server) -> None:
    with open_app(browser, server, phone=True) as app:
        page = app.page
        page.wait_for_selector("body[data-tables=offered]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert size_mb() in page.locator("#pdb-status").inner_text()
        offer = page.get_by_role("button", name=f"Download ({size_mb()})")
        assert offer.is_visible()
        assert app.check("1 2 3 / 4 5 6 / 7 0 8").startswith("Solvable")
        assert [u for u in app.seen if u.endswith(".pdb")] == []  # nothing fetched unasked
        offer.click()
        page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        assert len([u for u in app.seen if u.endswith(".pdb")]) == 1 and offer.is_hidden()
        app.assert_offline()


def test_a_small_desktop_solves_at_once_then_proves_the_shortest_with_the_tables(
    browser: Browser, server: Server
) -> None:
    """A first Solve of a 4×4 never waits in silence for the tables: it answers at once without them (a hard board:
    near-optimal, said so), fetches them, and puts the proven shortest in its place when they arrive."""
    with new_app(browser, server, init_script=LOW_MEMORY) as app:
        page = app.page
        page.goto(server.url + KORF_1_LINK)
        page.wait_for_selector("body[data-tables=offered]", state="attached", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        assert [u for u in app.seen if u.endswith(".pdb")] == []
        assert page.get_by_role("button", name=f"Download ({size_mb()})").is_hidden()  # no offer: fetched on need
        page.click("#solve")
        page.wait_for_function("() => document.body.dataset.solve === 'provisional'", timeout=TABLES_TIMEOUT_MS)
        summary = page.locator("#solution-summary").inner_text()
        assert "not proven to be the shortest" in summary and "on their way" in summary
        assert page.locator("#player").is_visible()  # playable now
        expect(page.locator("#job-title")).to_contain_text("tables")  # the job goes on, saying what it waits for
        page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=TABLES_TIMEOUT_MS)
        assert page.locator("body").get_attribute("data-solve") == "solved"
        phases = (page.locator("body").get_attribute("data-tables-phases") or "").split()
        assert phases[:1] == ["offered"] and "ready" in phases  # fetched for this solve
        assert len([u for u in app.seen if u.endswith(".pdb")]) == 1
        assert page.locator("#solution").get_attribute("data-length") == str(KORF_1_LENGTH)
        assert "now proven the shortest" in page.locator("#solution-summary").inner_text()
        assert solution_facts(page).locator("dd[data-fact=search]").inner_text() == "IDA* + the pattern database"
        app.assert_offline()


def test_a_capable_desktop_fetches_them_in_the_background(browser: Browser, server: Server) -> None:
    with open_app(browser, server) as app:
        app.page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        assert app.page.evaluate("navigator.deviceMemory") >= 4
        assert len([u for u in app.seen if u.endswith(".pdb")]) == 1
        app.assert_offline()
