"""Fast start on later visits: a first visit boots the normal way and, once the page has asked for the pattern
database, keeps the build's Pyodide memory snapshot (npuzzle installed by micropip and imported at build time) in
the site's cache; the next visit boots from it, and falls back to the normal boot, with a console message and a
working page, when the kept snapshot is damaged or does not fit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bench.browser import CapturedWorker
from playwright.sync_api import Browser, Page

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, CAPTURE_JS, SITE, App, Server, new_app

LINK = "#board=8,6,7/2,5,4/3,0,1"
FALLBACK = "npuzzle: the memory snapshot could not be used"

KEPT_JS = """([build, url]) => {
  window.snapshotKept = false;
  (async () => {
    const href = new URL(url, location.href).href;
    while (!(await (await caches.open("npuzzle-site-" + build)).match(href))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.snapshotKept = true;
  })();
}"""
"""Sets ``window.snapshotKept`` once the site's cache holds the snapshot."""

FAULT_JS = """async ([build, url, fault]) => {
  // Replace the kept snapshot by a faulty one; resolves with the new file's sha256 (hex).
  const cache = await caches.open("npuzzle-site-" + build);
  const href = new URL(url, location.href).href;
  let bytes = new Uint8Array(await (await cache.match(href)).arrayBuffer());
  if (fault === "damaged") {  // a byte changed: its sha256 no longer matches build.json
    bytes[1000] ^= 1;
  } else if (fault === "other-pyodide") {  // as another Pyodide build made it: the 256-bit build id in the header
    const heap = new Uint8Array(await new Response(new Blob([bytes]).stream()
      .pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    for (let i = 16; i < 48; i++) heap[i] ^= 0xff;  // bytes 16–47 (src/js/snapshot.ts)
    bytes = new Uint8Array(await new Response(new Blob([heap]).stream()
      .pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  }
  await cache.put(href, new Response(bytes));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}"""

MANIFEST_JS = """([build, text]) => caches.open("npuzzle-site-" + build).then((cache) => cache.put(
  new URL("build.json", location.href).href,
  new Response(text, { headers: { "Content-Type": "application/json" } })))"""
"""Put a build.json into the site's cache, where the service worker serves it from."""


def manifest() -> dict[str, Any]:
    """The built site's build.json; fails the test when it names no snapshot or no database (the build makes the
    snapshot wherever Node runs, and the test command needs Node; the snapshot is kept after the database)."""
    data: dict[str, Any] = json.loads((SITE / "build.json").read_text())
    if "snapshot" not in data or "pdb" not in data:
        pytest.fail("build.json names no memory snapshot or no database: see the build's messages")
    return data


def first_visit(app: App, server: Server, info: dict[str, Any]) -> None:
    """Open the link, check its verdict came from a normal boot, and wait until the snapshot is kept."""
    page = app.page
    page.goto(server.url + LINK)
    page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
    app.wait_answer(0)
    assert page.locator("#verdict").inner_text().startswith("Solvable")
    assert page.locator("body").get_attribute("data-boot") == "normal"
    wait_kept(page, info)


def wait_kept(page: Page, info: dict[str, Any]) -> None:
    """Wait until the site's cache holds the build's snapshot."""
    page.evaluate(KEPT_JS, [info["build"], info["snapshot"]["url"]])
    page.wait_for_function("() => window.snapshotKept === true", timeout=BOOT_TIMEOUT_MS)


def later_visit(app: App) -> None:
    """Reload and wait for Python and the link's verdict."""
    app.page.reload()
    app.page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
    app.wait_answer(0)
    assert app.page.locator("#verdict").inner_text().startswith("Solvable")


def test_a_later_visit_boots_from_the_kept_snapshot_and_its_files_are_there(browser: Browser, server: Server) -> None:
    info = manifest()
    with new_app(browser, server, CAPTURE_JS) as app:
        first_visit(app, server, info)
        app.seen.clear()
        later_visit(app)
        page = app.page
        assert page.locator("body").get_attribute("data-boot") == "snapshot", app.console
        timings = json.loads(page.locator("body").get_attribute("data-boot-timings") or "{}")
        assert "npuzzle" not in timings  # no micropip at visit time
        assert not [url for url in app.seen if "micropip" in url]
        assert not [m for m in app.console if FALLBACK in m]
        # The wheel's data files are back in site-packages: the 5×5 solver finds its shipped 4-tile tables (without
        # the file it would quietly build 3-tile ones).
        board = "20 10 24 21 23 / 5 22 13 16 9 / 11 17 0 7 1 / 6 12 19 14 15 / 3 8 2 18 4"
        reply = CapturedWorker(page).solve({"board": board, "algorithm": "near-optimal"})
        assert reply["ok"] is not False, reply
        assert reply["extra"]["core"] == "5×5 region, tables of 4 tiles"
        # and the page goes on working: a Check of another board
        before = app.answers()
        page.fill("#board", "1 2 3 / 4 5 6 / 8 7 0")
        page.click("#check")
        app.wait_answer(before)
        assert page.locator("#verdict").inner_text().startswith("Not solvable")
        app.assert_offline()


def test_a_kept_snapshot_that_cannot_be_used_falls_back_to_the_normal_boot(browser: Browser, server: Server) -> None:
    info = manifest()
    messages = {
        "damaged": "the snapshot is damaged",
        "other-pyodide": "Snapshot build id mismatch",
        "other-wheel": "the snapshot was made from another wheel",
    }
    with new_app(browser, server) as app:
        first_visit(app, server, info)
        page = app.page
        for fault, message in messages.items():
            listed = dict(info)
            sha = page.evaluate(FAULT_JS, [info["build"], info["snapshot"]["url"], fault])
            if fault == "other-pyodide":  # whole and as build.json says, but for another runtime build
                listed["snapshot"] = {**info["snapshot"], "sha256": sha}
            elif fault == "other-wheel":
                listed["snapshot"] = {**info["snapshot"], "wheel": "0" * 64}
            page.evaluate(MANIFEST_JS, [info["build"], json.dumps(listed)])  # the service worker serves it
            app.console.clear()
            later_visit(app)
            assert page.locator("body").get_attribute("data-boot") == "normal", fault
            warnings = [m for m in app.console if FALLBACK in m]
            assert len(warnings) == 1 and message in warnings[0], (fault, app.console)
            assert warnings[0].startswith("warning:")
            before = app.answers()
            page.fill("#board", "1 2 / 3 0")
            page.click("#check")
            page.wait_for_function(
                "n => Number(document.body.dataset.answers) > n", arg=before, timeout=ANSWER_TIMEOUT_MS
            )
            assert page.locator("#verdict").inner_text().startswith("Solvable")
            page.evaluate(MANIFEST_JS, [info["build"], json.dumps(info)])
            later_visit(app)  # the snapshot was dropped after the failure: kept anew once the page has its tables
            wait_kept(page, info)
        app.assert_offline()
