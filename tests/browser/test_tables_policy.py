"""Light on phones: the pattern database is fetched in the background only on a capable desktop; elsewhere when a
4×4 Solve needs it, and on a phone only when the user chooses (the page says what it costs)."""

from __future__ import annotations

import json

from playwright.sync_api import Browser

from .conftest import BOOT_TIMEOUT_MS, DONE_STATES, SITE, Server, new_app, open_app

TABLES_TIMEOUT_MS = 240_000
LOW_MEMORY = "Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 1 });"


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


def test_a_small_desktop_fetches_the_tables_when_a_4x4_solve_needs_them(browser: Browser, server: Server) -> None:
    with new_app(browser, server, init_script=LOW_MEMORY) as app:
        page = app.page
        page.goto(server.url + "#board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15")
        page.wait_for_selector("body[data-tables=offered]", state="attached", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        assert [u for u in app.seen if u.endswith(".pdb")] == []
        assert page.get_by_role("button", name=f"Download ({size_mb()})").is_hidden()  # no offer: fetched on need
        page.click("#solve")
        page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=TABLES_TIMEOUT_MS)
        phases = (page.locator("body").get_attribute("data-tables-phases") or "").split()
        assert phases[:1] == ["offered"] and "ready" in phases  # fetched for this solve, before it ran
        assert len([u for u in app.seen if u.endswith(".pdb")]) == 1
        assert page.locator("body").get_attribute("data-solve") == "solved"
        assert "pattern database" in page.locator("#solution-facts").inner_text().lower()
        app.assert_offline()


def test_a_capable_desktop_fetches_them_in_the_background(browser: Browser, server: Server) -> None:
    with open_app(browser, server) as app:
        app.page.wait_for_selector("body[data-tables=ready]", state="attached", timeout=TABLES_TIMEOUT_MS)
        assert app.page.evaluate("navigator.deviceMemory") >= 4
        assert len([u for u in app.seen if u.endswith(".pdb")]) == 1
        app.assert_offline()
