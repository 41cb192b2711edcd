"""What a first visit shows while it loads, on a network slow enough to watch: the solver's download in bytes and
time left ("Downloading the solver: 3.2 of 5.5 MB, about 8 s") with a bar that moves with the bytes, seen on every
screen (:data:`tests.browser.sees.SCREENS`), then "Starting the solver…" and Ready; on a desktop, the 4×4 tables'
download the same way in the header and in the line of a first Solve that waits for them (its answer without the
tables already on screen).

The network is throttled for the page and its workers through the DevTools protocol
(``Network.emulateNetworkConditions``, as ``python -m bench start --network`` does); the figures on the page are
read as they change (a MutationObserver records each text with the bar's value), so the test waits on the page's
state, never on a fixed sleep."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .conftest import BOOT_TIMEOUT_MS, Server, new_app
from .sees import KINDS, SCREENS, assert_seen, at_each_screen

pytestmark = pytest.mark.alone  # the time left it reads is held against the clock: no other browser beside it

LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
"""The shared link of the first-visit benchmark."""
HARD_LINK = "#board=14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3&goal=blank-first"
"""Korf's first instance (57 moves): the search without the tables cannot prove it shortest in seconds, so a first
Solve answers near-optimally and waits for the tables to prove the shortest."""
BOOT_MBIT = 3.0
"""The solver's download (about 5.5 MB as the server compresses it) takes some 15 s at this rate."""
TABLES_MBIT = 20.0
"""The 25 MB tables take some 10 s at this rate (the solver's download some 2 s)."""
LATENCY_MS = 40
TABLES_TIMEOUT_MS = 240_000

RECORD_JS = """
(() => {
  window.seenTexts = [];
  const record = (id, barId) => {
    const text = document.getElementById(id);
    const bar = document.getElementById(barId);
    if (!text || !bar) return;
    const note = () => {
      const last = window.seenTexts.at(-1);
      const entry = {id, text: text.textContent, value: bar.hasAttribute("value") ? bar.value : null,
        max: bar.max, hidden: bar.hidden || Boolean(bar.closest("[hidden]")), t: performance.now()};
      if (!last || last.id !== id || last.text !== entry.text || last.value !== entry.value) {
        window.seenTexts.push(entry);
      }
    };
    note();
    const observer = new MutationObserver(note);
    observer.observe(text, {childList: true, characterData: true, subtree: true});
    observer.observe(bar, {attributes: true});
  };
  document.addEventListener("DOMContentLoaded", () => {
    record("boot-text", "boot-progress");
    record("pdb-text", "pdb-progress");
    record("job-detail", "job-progress");
  });
})();
"""
"""Init script: ``window.seenTexts``, every text the status lines show with their bar's value, in order."""

FIGURES = r"(\d+\.\d) of (\d+\.\d)\u00a0MB(?:, about (\d+)\u00a0(s|min))?$"
"""A download's words (words.js downloadWords): megabytes received, in all, and the time left when known."""
DOWNLOADING = re.compile(r"^Downloading the solver: " + FIGURES)
TABLES = re.compile(r"^Downloading the 4×4 solving tables: " + FIGURES)
WAITING = re.compile(r"^downloaded " + FIGURES)


@dataclass(frozen=True)
class Reading:
    """One text of a download line as shown: megabytes received and in all, the time left it said (s or None), the
    bar's value (None when it has none or is hidden) and max, when (ms, the page's clock)."""

    received: float
    total: float
    left: float | None
    value: float | None
    max: float
    t: float


def throttle(page: Page, mbit: float) -> None:
    """Throttle the page's network (its dedicated workers' requests too) to ``mbit`` Mbit/s down."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": LATENCY_MS, "downloadThroughput": mbit * 1e6 / 8, "uploadThroughput": 1e6 / 8},
    )


def readings(texts: list[dict[str, Any]], element: str, pattern: re.Pattern[str]) -> list[Reading]:
    """The texts of ``element`` that ``pattern`` reads, as :class:`Reading`."""
    out = []
    for entry in texts:
        match = pattern.match(entry["text"]) if entry["id"] == element else None
        if match:
            left = None if match[3] is None else float(match[3]) * (60 if match[4] == "min" else 1)
            value = None if entry["hidden"] else entry["value"]
            out.append(Reading(float(match[1]), float(match[2]), left, value, entry["max"], entry["t"]))
    return out


def assert_moves_honestly(shown: list[Reading], end_ms: float) -> None:
    """The figures grow, their total stays, the bar follows the bytes, a time left is said, and what it said came
    true within a factor of three (plus a second): the download was throttled to a steady rate."""
    assert len({r.received for r in shown}) >= 3, shown
    assert [r.received for r in shown] == sorted(r.received for r in shown), shown
    assert len({r.total for r in shown}) <= 2, shown  # the planned total, corrected once by a Content-Length at most
    assert all(r.received < r.total or r.received == r.total for r in shown)
    for r in shown:
        if r.value is not None:  # the bar shows the bytes the text says (the text rounds to 0.1 MB)
            assert abs(r.value / r.max - r.received / r.total) <= 0.1 / r.total + 0.01, r
    estimates = [(r, r.left) for r in shown if r.left is not None]
    assert estimates, shown
    for r, left in estimates:
        if r.received >= 0.2 * r.total:
            actual = (end_ms - r.t) / 1000
            assert left / 3 - 1 <= actual <= 3 * left + 1, (r, actual)


def look_on_every_screen(page: Page, kind: str, selectors: tuple[str, ...], still: str) -> None:
    """At each screen of ``kind``, the selectors' elements are seen; the download must still be under way afterwards
    (``still``: a JavaScript condition), or the test was too quick to show anything."""
    at_each_screen(page, kind, lambda: assert_seen(page, *selectors))
    assert page.evaluate(still), "the download ended before every screen was looked at: throttle it more"


DOWNLOADING_JS = "() => /^Downloading the solver: .*MB/.test(document.getElementById('boot-text').textContent)"


@pytest.mark.parametrize("device", list(KINDS))
def test_the_solver_s_download_shows_bytes_and_time_left_on_every_screen(
    browser: Browser, server: Server, device: str
) -> None:
    first = SCREENS[KINDS[device][0]]
    with new_app(browser, server, init_script=RECORD_JS, phone=device == "phone", viewport=first) as app:
        page = app.page
        throttle(page, BOOT_MBIT)
        page.goto(server.url + LINK)
        first = page.evaluate("() => window.seenTexts[0]")
        assert first["text"] == "Loading the page…" and first["value"] is None  # the first frame: no figure yet
        page.wait_for_function(DOWNLOADING_JS, timeout=BOOT_TIMEOUT_MS)
        look_on_every_screen(page, device, ("#boot-text", "#boot-progress"), DOWNLOADING_JS)
        page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        texts: list[dict[str, Any]] = page.evaluate("() => window.seenTexts")
        boot = [e for e in texts if e["id"] == "boot-text"]
        shown = readings(boot, "boot-text", DOWNLOADING)
        after = [e["text"] for e in boot if e["t"] > shown[-1].t]
        assert after[-1] == "Ready" and set(after[:-1]) <= {"Starting the solver…"}, after
        end = next(e["t"] for e in boot if e["t"] > shown[-1].t)
        assert_moves_honestly(shown, end)
        assert 4.0 <= shown[-1].total <= 6.0  # what a first visit downloads to start, compressed
        app.wait_answer(0)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        app.assert_offline()


def test_a_first_solve_waiting_for_the_tables_shows_their_bytes_and_time_left(browser: Browser, server: Server) -> None:
    """On a desktop the tables come at once after the solver; a Solve meanwhile answers without them at once, its
    player and the header's line of the tables' download seen on every desktop screen, and its job line says how far
    that download is too."""
    with new_app(browser, server, init_script=RECORD_JS, viewport=SCREENS[KINDS["desktop"][0]]) as app:
        page = app.page
        throttle(page, TABLES_MBIT)
        page.goto(server.url + HARD_LINK)
        app.wait_answer(0)
        page.click("#solve")
        page.wait_for_function("() => document.body.dataset.solve === 'provisional'", timeout=TABLES_TIMEOUT_MS)
        downloading = "() => document.body.dataset.tables === 'downloading'"
        phase = page.locator("body").get_attribute("data-tables")
        assert phase == "downloading", f"the tables were {phase} at the first answer: throttle them more"
        page.wait_for_function("() => /about/.test(document.getElementById('job-detail').textContent)")
        # the answer to play and the tables' progress (the job line under Solve says it too, further down)
        look_on_every_screen(page, "desktop", ("#player", "#pdb-text", "#pdb-progress"), downloading)
        page.wait_for_function("() => document.body.dataset.solve === 'solved'", timeout=TABLES_TIMEOUT_MS)
        assert "now proven the shortest" in page.locator("#solution-summary").inner_text()
        texts: list[dict[str, Any]] = page.evaluate("() => window.seenTexts")
        ready = next(e["t"] for e in texts if e["id"] == "pdb-text" and e["text"].startswith("Preparing"))
        header = readings(texts, "pdb-text", TABLES)
        line = readings(texts, "job-detail", WAITING)
        assert_moves_honestly(header, ready)
        assert_moves_honestly(line, ready)
        assert {r.total for r in header} == {r.total for r in line}
        app.assert_offline()


def test_cancel_while_a_first_answer_waits_for_the_tables_ends_the_wait(browser: Browser, server: Server) -> None:
    """Cancel in the job line of a Solve answered without the tables ends it while they still download; the answer
    stays, playable."""
    with new_app(browser, server, viewport=SCREENS["1366x768"]) as app:
        page = app.page
        throttle(page, TABLES_MBIT / 4)
        page.goto(server.url + HARD_LINK)
        app.wait_answer(0)
        page.click("#solve")
        page.wait_for_function("() => document.body.dataset.solve === 'provisional'", timeout=TABLES_TIMEOUT_MS)
        page.wait_for_function("() => /^downloaded/.test(document.getElementById('job-detail').textContent)")
        page.click("#job-cancel")
        page.wait_for_function("() => document.getElementById('job').hidden", timeout=TABLES_TIMEOUT_MS)
        assert page.locator("body").get_attribute("data-tables") == "downloading"
        assert page.locator("body").get_attribute("data-solve") == "solved"
        assert page.locator("#player").is_visible() and page.locator("#solve").is_enabled()
        summary = page.locator("#solution-summary").inner_text()
        assert "Cancelled before the tables that prove the shortest arrived" in summary
        app.assert_offline()
