"""Fast start: the worker boots from the build's Pyodide memory snapshot (npuzzle installed by micropip and imported
at build time) when build.json names one, and falls back to the normal boot, with a console message and a working
page, when the snapshot is damaged or does not fit."""

from __future__ import annotations

import gzip
import hashlib
import json
from typing import Any

import pytest
from bench.browser import CapturedWorker
from playwright.sync_api import Browser, Route

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, CAPTURE_JS, SITE, App, Server, new_app

LINK = "#board=8,6,7/2,5,4/3,0,1"
FALLBACK = "npuzzle: the memory snapshot could not be used"


def manifest() -> dict[str, Any]:
    """The built site's build.json; fails the test when it names no snapshot (the build makes one wherever Node
    runs, and the test command needs Node)."""
    data: dict[str, Any] = json.loads((SITE / "build.json").read_text())
    if "snapshot" not in data:
        pytest.fail("build.json names no memory snapshot: see the build's message (scripts/snapshot.mjs)")
    return data


def open_link(app: App, server: Server) -> None:
    """Open the shared link and wait for Python and the link's verdict."""
    app.page.goto(server.url + LINK)
    app.page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
    app.wait_answer(0)
    assert app.page.locator("#verdict").inner_text().startswith("Solvable")


def boot_requests(app: App) -> list[str]:
    """The site's paths the page and its worker asked for before the service worker started caching the build."""
    paths = [url.removeprefix(app.origin) for url in app.seen]
    return paths[: paths.index("/sw.js")] if "/sw.js" in paths else paths


def test_the_worker_boots_from_the_snapshot_and_its_files_are_there(browser: Browser, server: Server) -> None:
    info = manifest()
    with new_app(browser, server, CAPTURE_JS) as app:
        open_link(app, server)
        page = app.page
        assert page.locator("body").get_attribute("data-boot") == "snapshot"
        timings = json.loads(page.locator("body").get_attribute("data-boot-timings") or "{}")
        assert "packages" not in timings and "npuzzle" not in timings  # no micropip at visit time
        asked = boot_requests(app)
        assert "/" + info["snapshot"]["url"] in asked
        assert not [path for path in asked if "micropip" in path or "packaging" in path]
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


def other_build(snapshot: bytes) -> bytes:
    """The snapshot as another Pyodide build would have made it: its 256-bit build id (bytes 16–47 of the header,
    src/js/snapshot.ts) changed."""
    heap = bytearray(gzip.decompress(snapshot))
    heap[16:48] = bytes(b ^ 0xFF for b in heap[16:48])
    return gzip.compress(bytes(heap), compresslevel=1)


@pytest.mark.parametrize("fault", ["damaged", "other-pyodide", "other-wheel"])
def test_a_snapshot_that_cannot_be_used_falls_back_to_the_normal_boot(
    browser: Browser, server: Server, fault: str
) -> None:
    info = manifest()
    snapshot_url = info["snapshot"]["url"]
    real = (SITE / snapshot_url).read_bytes()
    served, changes = real, dict(info["snapshot"])
    if fault == "damaged":  # a byte changed on the way: its sha256 no longer matches build.json
        served = real[:1000] + bytes([real[1000] ^ 1]) + real[1001:]
        message = "the snapshot is damaged"
    elif fault == "other-pyodide":  # whole and as build.json says, but for another runtime build: Pyodide refuses it
        served = other_build(real)
        changes["sha256"] = hashlib.sha256(served).hexdigest()
        message = "Snapshot build id mismatch"
    else:  # made from another wheel than the one build.json installs
        changes["wheel"] = "0" * 64
        message = "the snapshot was made from another wheel"
    listed = json.dumps({**info, "snapshot": changes})

    with new_app(browser, server) as app:

        def build_json(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body=listed)

        def snapshot(route: Route) -> None:
            route.fulfill(status=200, content_type="application/octet-stream", body=served)

        app.context.route("**/build.json", build_json)
        app.context.route(f"**/{snapshot_url}", snapshot)
        open_link(app, server)
        page = app.page
        assert page.locator("body").get_attribute("data-boot") == "normal"
        warnings = [m for m in app.console if FALLBACK in m]
        assert len(warnings) == 1 and message in warnings[0], app.console
        assert warnings[0].startswith("warning:")
        before = app.answers()
        page.fill("#board", "1 2 / 3 0")
        page.click("#check")
        page.wait_for_function("n => Number(document.body.dataset.answers) > n", arg=before, timeout=ANSWER_TIMEOUT_MS)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        app.assert_offline()
