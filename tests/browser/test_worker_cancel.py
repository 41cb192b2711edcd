"""The worker drops a request whose cancel arrived before the request started.

A cancel posted while its request still waits (the worker busy in Python or streaming the pattern database) sits
in the worker's task queue behind the request; the worker must let it in before starting the request. Otherwise a
long one-shot call runs to its end, and in a cross-origin isolated page the interrupt the page set for it is
cleared when the call starts, so the page restarts Python after its grace period.

The test keeps Python busy with a first one-shot call (a big shuffle) and posts the request and its cancel behind
it, so both are queued before the request can start: the outcome does not depend on how fast the cancel crosses
from the page's thread to the worker's. (A cancel for a request that has already started is the page's business:
it interrupts or restarts Python; see test_solve_page and test_link.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .conftest import BOOT_TIMEOUT_MS, CAPTURE_JS, Server, new_app

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium

BUSY_THEN_REQUEST_THEN_CANCEL_JS = """
([busy, id]) => new Promise((resolve) => {
  const worker = window.capturedWorkers[window.capturedWorkers.length - 1];
  const seen = {};
  const listen = (event) => {
    const m = event.data;
    if (!m || (m.type !== "result" && m.type !== "error")) return;
    if (m.id === busy) seen.busy = { type: m.type, at: performance.now() };
    if (m.id !== id) return;
    worker.removeEventListener("message", listen);
    const after = seen.busy ? performance.now() - seen.busy.at : null;
    resolve({ type: m.type, error: m.error || null, busy: seen.busy ? seen.busy.type : null, msAfterBusy: after });
  };
  worker.addEventListener("message", listen);
  // a shuffle of a 1000×1000 board holds Python for a second or more ...
  worker.postMessage({ type: "random", id: busy, shape: "1000×1000", goal: "default" });
  // ... while a shuffle of the largest board allowed (seconds of work) and its cancel queue behind it
  worker.postMessage({ type: "random", id, shape: "2000×2000", goal: "default" });
  worker.postMessage({ type: "cancel", id });
})
"""


def test_a_cancel_behind_its_queued_request_drops_it(browser: Browser, server: Server) -> None:
    with new_app(browser, server, init_script=CAPTURE_JS) as app:
        page = app.page
        page.goto(server.url)
        page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        # the pattern database's load holds Python for seconds: let it settle, so the worker is idle
        page.wait_for_selector(
            "body[data-tables=ready], body[data-tables=failed]", state="attached", timeout=BOOT_TIMEOUT_MS
        )
        # ids far above the page client's own (which count up from 1), so the client ignores the replies
        reply = page.evaluate(BUSY_THEN_REQUEST_THEN_CANCEL_JS, [2_000_000_001, 2_000_000_002])
        assert reply["busy"] == "result", reply  # the first call ran to its end, before the cancelled one
        assert reply["type"] == "error" and reply["error"]["type"] == "Cancelled", reply
        assert reply["msAfterBusy"] < 1000, reply  # dropped unstarted, not run for seconds
        # the worker still answers afterwards
        page.fill("#board", "1 2 3 / 4 5 6 / 7 0 8")
        page.click("#check")
        page.wait_for_function(
            "() => document.getElementById('verdict').innerText.startsWith('Solvable')", timeout=BOOT_TIMEOUT_MS
        )
        app.assert_offline()
