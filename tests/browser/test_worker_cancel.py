"""The worker drops a request whose cancel arrived before the request started.

A cancel posted while its request still waits (the worker busy in Python or streaming the pattern database) sits
in the worker's task queue behind the request; the worker must let it in before starting the request. Otherwise a
long one-shot call runs to its end, and in a cross-origin isolated page the interrupt the page set for it is
cleared when the call starts, so the page restarts Python after its grace period."""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import BOOT_TIMEOUT_MS, Server

CAPTURE_JS = """
(() => {
  const Original = window.Worker;
  window.testWorkers = [];
  window.Worker = class extends Original {
    constructor(...args) { super(...args); window.testWorkers.push(this); }
  };
})();
"""

REQUEST_THEN_CANCEL_JS = """
([id]) => new Promise((resolve) => {
  const worker = window.testWorkers[window.testWorkers.length - 1];
  const started = performance.now();
  const listen = (event) => {
    const m = event.data;
    if (!m || m.id !== id || (m.type !== "result" && m.type !== "error")) return;
    worker.removeEventListener("message", listen);
    resolve({ type: m.type, error: m.error || null, ms: performance.now() - started });
  };
  worker.addEventListener("message", listen);
  // a shuffle of the largest board allowed takes seconds; its cancel is posted right behind it
  worker.postMessage({ type: "random", id, shape: "2000×2000", goal: "default" });
  worker.postMessage({ type: "cancel", id });
})
"""


def test_a_cancel_right_behind_its_request_drops_it(browser: Browser, server: Server) -> None:
    context = browser.new_context()
    try:
        context.add_init_script(CAPTURE_JS)
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        # the pattern database's load holds Python for seconds: let it settle, so the worker is idle
        page.wait_for_selector("body[data-tables=ready], body[data-tables=failed]", state="attached",
                               timeout=BOOT_TIMEOUT_MS)
        # ids far above the page client's own (which count up from 1), so the client ignores the replies
        reply = page.evaluate(REQUEST_THEN_CANCEL_JS, [2_000_000_001])
        assert reply["type"] == "error" and reply["error"]["type"] == "Cancelled", reply
        assert reply["ms"] < 1000, reply  # dropped unstarted, not run for seconds
        # the worker still answers afterwards
        page.fill("#board", "1 2 3 / 4 5 6 / 7 0 8")
        page.click("#check")
        page.wait_for_function("() => document.getElementById('verdict').innerText.startsWith('Solvable')",
                               timeout=BOOT_TIMEOUT_MS)
    finally:
        context.close()
