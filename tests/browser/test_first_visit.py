"""A first visit through a compressing server, counted in bytes (issue 30): a shared link's verdict within the budget,
every file fetched once until the pattern database is ready, the next visit booted from the memory snapshot kept
meanwhile, with the network off, and nothing asked of another origin.

The server is the project's (``scripts/serve.py``: the build's ``.br``/``.gz`` copies with ``Content-Encoding``)
with a recorder (:class:`bench.browser.Traffic`: status line, headers and body of every response). The browser is
launched for these tests without Playwright's routing, which would turn the HTTP cache off (the service worker
revalidates what the page fetched itself); it resolves no host but localhost, and every request is recorded to
check that none left the origin. Times are the benchmark's (``python -m bench start --network slow4g|fast4g``)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator

import pytest
from bench.browser import LAUNCH_ARGS, SITE, Traffic, chromium_path, origin_of
from bench.browser import start_server as serve_site
from playwright.sync_api import Browser, Page, Playwright

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, DONE_STATES, core
from .steps import solution_facts
from .test_snapshot_boot import KEPT_JS

LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
BUDGET = 6_000_000
"""Bytes a first visit may take before the shared link's verdict (issue 30, item 1)."""
OVERHEAD = 1.1
"""Bytes until the database is ready, at most this times the distinct files' (issue 30, item 3)."""
HELD = ("pdb/", "sw.js", "snapshot/")
"""Started once Python is ready, held so that each phase's bytes are counted apart."""
ONLY_LOCALHOST = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


@pytest.fixture(scope="module")
def unrouted(playwright: Playwright) -> Iterator[Browser]:
    """A Chromium for these tests: no page routing (the HTTP cache stays on), no host but localhost."""
    args = [*LAUNCH_ARGS, ONLY_LOCALHOST]
    chromium = playwright.chromium.launch(executable_path=chromium_path(playwright), args=args)
    yield chromium
    chromium.close()


def capturing(message_type: str, into: str) -> str:
    """An init script that keeps every message of ``message_type`` the page's Python worker posts in
    ``window[into]``."""
    return f"""
    (() => {{
      const Original = window.Worker;
      window.{into} = [];
      window.Worker = class extends Original {{
        constructor(...args) {{
          super(...args);
          this.addEventListener("message", (e) => {{
            if (e.data && e.data.type === "{message_type}") window.{into}.push(e.data);
          }});
        }}
      }};
    }})();
    """


def manifest() -> dict[str, object]:
    data: dict[str, object] = json.loads((SITE / "build.json").read_text())
    if "snapshot" not in data or "pdb" not in data:
        pytest.fail("the built site has no memory snapshot or no pattern database: see the build's messages")
    return data


def snapshot_kept(page: Page, info: dict[str, str]) -> None:
    """Wait until the site's cache holds the build's snapshot (test_snapshot_boot.py's KEPT_JS)."""
    page.evaluate(KEPT_JS, [info["build"], info["url"]])
    page.wait_for_function("() => window.snapshotKept === true", timeout=BOOT_TIMEOUT_MS)


def test_a_first_visit_is_light_and_fetches_each_file_once(unrouted: Browser, built_site: object) -> None:
    info = manifest()
    snapshot = info["snapshot"]
    assert isinstance(snapshot, dict)
    traffic = Traffic(hold=HELD)
    server = serve_site(SITE, traffic=traffic)
    context = unrouted.new_context(viewport={"width": 1200, "height": 900})
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    try:
        page.goto(server.url + LINK)
        page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=BOOT_TIMEOUT_MS)
        before_verdict = list(traffic.sent)
        sent = sum(s.size for s in before_verdict)
        paths = [s.path for s in before_verdict]
        assert page.locator("#verdict").inner_text().startswith("Solvable")  # issue 30's link
        assert sent <= BUDGET, f"{sent:,} bytes before the first verdict: {Counter(paths).most_common(5)}"
        assert not [path for path in paths if path.startswith("/data/")]  # the 5×5 tables: when a 5×5 is solved
        assert page.locator("body").get_attribute("data-boot") == "normal"  # the snapshot waits for a later visit
        big = [s for s in before_verdict if s.size > 100_000]
        assert big and all(s.encoding == "br" for s in big if "micropip" not in s.path)  # its wheel is deflated
        # The database and the service worker come once Python is ready; then the snapshot, kept for the next visit.
        traffic.release("pdb/", "sw.js")
        page.wait_for_function("() => document.body.dataset.tables === 'ready'", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => document.body.dataset.offline === 'ready'", timeout=BOOT_TIMEOUT_MS)
        until_database = list(traffic.sent)
        fetched = Counter(s.path for s in until_database if s.status == 200)
        assert [path for path, n in fetched.items() if n > 1] == []  # nothing downloaded twice
        distinct = {s.path: s.size for s in until_database if s.status == 200}
        total = sum(s.size for s in until_database)
        assert total <= OVERHEAD * sum(distinct.values()), (total, sum(distinct.values()))
        assert not [p for p in fetched if p.startswith("/snapshot/")]
        traffic.release()
        snapshot_kept(page, {"build": str(info["build"]), "url": snapshot["url"]})
        # A later visit: from the kept files and the snapshot, with the network off.
        context.set_offline(True)
        page.reload()
        page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        assert page.locator("body").get_attribute("data-boot") == "snapshot"
        assert Counter(s.path for s in traffic.sent if s.status == 200)["/" + snapshot["url"]] == 1
    finally:
        context.close()
        server.close()
    offsite = [url for url in asked if origin_of(url) != server.origin]
    assert offsite == []


def test_the_boot_reports_its_downloads_from_the_first_message(unrouted: Browser, built_site: object) -> None:
    """Every `loading` status once the worker knows its files says bytes received of the total as the network sends
    them (the compressed sizes) and the time left; received only grows and ends equal to the total."""
    traffic = Traffic()
    server = serve_site(SITE, traffic=traffic)
    context = unrouted.new_context()
    context.add_init_script(capturing("status", "statuses"))
    page = context.new_page()
    try:
        page.goto(server.url + LINK)
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        statuses = page.evaluate("window.statuses.map(s => { const { interrupt, ...rest } = s; return rest; })")
    finally:
        context.close()
        server.close()
    loading = [s for s in statuses if s["state"] == "loading"]
    assert loading[0]["stage"] == "runtime" and "total" not in loading[0]  # at once, before it knows its files
    counted = [s for s in loading if "total" in s]
    assert counted, statuses
    totals = {s["total"] for s in counted}
    assert len(totals) <= 2  # the planned total, corrected once by a response's Content-Length at most
    received = [s["received"] for s in counted]
    assert received == sorted(received) and received[-1] == counted[-1]["total"]
    downloaded = sum(s.size for s in traffic.sent if s.status == 200 and s.path.startswith(("/pyodide/", "/wheels/")))
    assert 0.9 * downloaded <= counted[-1]["total"] <= downloaded  # the compressed bytes, headers aside
    assert counted[-1]["seconds_left"] == 0
    assert all(s["seconds_left"] is None or s["seconds_left"] >= 0 for s in counted)
    assert statuses[-1]["state"] == "ready"


FIVE_TABLES = "npuzzle/data/groups-5x5.bin"
"""The near-optimal solver's 5×5 tables: served beside the site's wheel, fetched when a 5×5 is first solved."""


def solve_5x5(page: Page, length: int, core_note: str, tables: str) -> None:
    """Press Solve (auto: near-optimal on a 5×5) and check the answer is the core's, found with the same tables, and
    that its details name them in the core's words."""
    page.evaluate("() => { delete document.body.dataset.solve; window.results = []; }")
    page.click("#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    assert page.locator("#solution").get_attribute("data-length") == str(length)
    notes = page.evaluate("window.results.map(r => r.reply.extra && r.reply.extra.core).filter(Boolean)")
    assert notes == [core_note]
    assert solution_facts(page).locator("dd[data-fact=tables]").inner_text() == tables


def test_a_5x5_fetches_its_tables_when_first_solved_and_solves_offline_later(
    unrouted: Browser, built_site: object
) -> None:
    """The verdict of a 5×5 link needs no tables; its first Solve fetches them (once: the service worker keeps that
    copy) and finds the CPython package's answer with the same 4-tile tables, online and, after a reload, offline."""
    data = manifest()["data"]
    assert isinstance(data, dict)
    url = "/" + data[FIVE_TABLES]["url"]
    board = core({"op": "random", "rows": 5, "cols": 5, "seed": 51})["board"]
    expected = core({"op": "solve", "board": board["text"]})
    assert expected["algorithm"] == "near-optimal" and "tables of 4 tiles" in expected["extra"]["core"]
    link = "#board=" + "/".join(",".join(row.split()) for row in board["text"].split(" / "))
    traffic = Traffic(hold=("sw.js",))  # the service worker, which precaches every file, once the file is in
    server = serve_site(SITE, traffic=traffic)
    context = unrouted.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(capturing("result", "results"))
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    try:
        page.goto(server.url + link)
        page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        assert [s.path for s in traffic.sent if s.path == url] == []  # not for the verdict
        solve_5x5(page, expected["length"], expected["extra"]["core"], expected["extra"]["tables"])
        assert [s.status for s in traffic.sent if s.path == url] == [200]
        traffic.release()
        page.wait_for_function("() => document.body.dataset.offline === 'ready'", timeout=BOOT_TIMEOUT_MS)
        context.set_offline(True)
        page.reload()
        page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=BOOT_TIMEOUT_MS)
        solve_5x5(page, expected["length"], expected["extra"]["core"], expected["extra"]["tables"])
        assert [s.status for s in traffic.sent if s.path == url] == [200]  # fetched once in all
    finally:
        context.close()
        server.close()
    assert not [line for line in console if FIVE_TABLES in line]  # no warning that it could not be fetched
