"""The browser side of the page benchmarks: build the site, serve it, drive it in headless Chromium.

Shared by ``bench_page.py``, ``bench_solve_page.py``, ``bench_korf_page.py`` and ``bench_big_page.py`` so the
set-up is written once, the way the browser tests do it (``tests/browser/conftest.py``):

* :func:`chromium_path` finds the browser: ``$NPUZZLE_CHROMIUM``, Playwright's own Chromium, ``/usr/bin/chromium``;
  :data:`LAUNCH_ARGS` are the flags it is launched with;
* :func:`build_site` runs ``scripts/build_site.py`` (a no-op in milliseconds when nothing changed);
* :class:`SiteBrowser` serves ``site/`` on a free localhost port and launches Chromium; each
  :meth:`SiteBrowser.new_page` is a fresh context whose router lets the site's origin through and aborts (and
  records in :attr:`SiteBrowser.offsite`) every other request, so the figures are those of an offline page;
* :func:`open_app` opens the app and waits until Python (and, when the build ships one, the pattern database) is
  ready, with the page's own worker captured; :class:`CapturedWorker` sends it ``solve`` requests the way the
  page's python-worker client does, with ids that client never issues (so it ignores the replies).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
sys.path.insert(0, str(ROOT / "scripts"))

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync"]
BOOT_TIMEOUT_MS = 180_000
"""How long to wait for Python and the pattern database in the page (shared machines are slow)."""
BASE_ID = 1_000_000_000
"""Request ids for the captured worker: far above the page client's own (which count up from 1)."""

CAPTURE_JS = """
(() => {
  const Original = window.Worker;
  window.benchWorkers = [];
  window.Worker = class extends Original {
    constructor(...args) { super(...args); window.benchWorkers.push(this); }
  };
})();
"""
"""Init script: remember every Worker the page creates (the last one is the page's Python worker)."""

SOLVE_JS = """
([request, id, timeoutMs]) => new Promise((resolve) => {
  const worker = window.benchWorkers[window.benchWorkers.length - 1];
  const started = performance.now();
  let timer = null;
  const listen = (event) => {
    const m = event.data;
    if (!m || m.id !== id || (m.type !== "result" && m.type !== "error")) return;
    worker.removeEventListener("message", listen);
    clearTimeout(timer);
    resolve({ ...m, wall: (performance.now() - started) / 1000 });
  };
  worker.addEventListener("message", listen);
  worker.postMessage({ ...request, type: "solve", id });
  if (timeoutMs > 0) timer = setTimeout(() => worker.postMessage({ type: "cancel", id }), timeoutMs);
})
"""
"""Post one ``solve`` to the captured worker; resolve with its final message and ``wall`` (seconds)."""


def chromium_path(playwright: Any) -> str | None:
    """The browser, found as the tests find it (``None``: Playwright's own)."""
    if os.environ.get("NPUZZLE_CHROMIUM"):
        return os.environ["NPUZZLE_CHROMIUM"]
    if Path(playwright.chromium.executable_path).exists():
        return None
    return "/usr/bin/chromium"


def build_site(quiet: bool = True) -> None:
    """Build ``site/`` with ``scripts/build_site.py`` in this interpreter (its output hidden when ``quiet``)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py")], check=True, capture_output=quiet)


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, e.g. ``"1.9, 1.4, 1.1"``."""
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


class SiteBrowser:
    """A context manager: ``site`` served on a free localhost port and headless Chromium launched.

    Inside it, :attr:`url` is the site's base URL (ending in ``/``), :attr:`browser` the Playwright browser and
    :attr:`offsite` the URLs outside the origin that pages tried to load (all aborted). Leaving it closes the
    browser and stops the server.
    """

    def __init__(self, site: Path = SITE) -> None:
        self.site = site
        self.url = ""
        self.origin = ""
        self.offsite: list[str] = []
        self.browser: Any = None
        self._playwright: Any = None
        self._server: Any = None

    def __enter__(self) -> SiteBrowser:
        from playwright.sync_api import sync_playwright

        import serve

        self._server, self.url = serve.serve_in_thread(self.site)
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(self.url))
        try:
            self._playwright = sync_playwright().start()
            self.browser = self._playwright.chromium.launch(executable_path=chromium_path(self._playwright),
                                                            args=LAUNCH_ARGS)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        if self._playwright is not None:
            self._playwright.stop()
            self._playwright = None
        if self._server is not None:
            self._server.shutdown()
            self._server = None

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(self.origin):
            route.continue_()
        else:
            self.offsite.append(route.request.url)
            route.abort()

    def new_page(self, init_script: str | None = None) -> tuple[Any, Any]:
        """A fresh browser context (off-origin requests blocked, ``init_script`` run in every document) and a page
        in it; returns ``(context, page)``."""
        context = self.browser.new_context()
        context.route("**/*", self._route)
        if init_script:
            context.add_init_script(init_script)
        return context, context.new_page()


def ships_tables(site: Path = SITE) -> bool:
    """True when the built site's ``build.json`` names a pattern database (the page then loads it)."""
    try:
        return bool(json.loads((site / "build.json").read_text()).get("pdb"))
    except (OSError, ValueError):
        return False


def open_app(session: SiteBrowser, wait_tables: bool = True) -> tuple[Any, float]:
    """Open the app with its worker captured and wait until Python is ready and, when ``wait_tables`` and the build
    ships a pattern database, until the page reports it loaded (``body[data-tables=ready]``; a failed load raises
    ``RuntimeError``). Returns the page and the seconds from opening to ready."""
    _, page = session.new_page(CAPTURE_JS)
    started = time.perf_counter()
    page.goto(session.url)
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    if wait_tables and ships_tables(session.site):
        page.wait_for_selector("body[data-tables=ready], body[data-tables=failed]", state="attached",
                               timeout=BOOT_TIMEOUT_MS)
        if page.locator("body").get_attribute("data-tables") != "ready":
            raise RuntimeError("the page could not load its pattern database")
    return page, time.perf_counter() - started


class CapturedWorker:
    """Sends ``solve`` requests to the page's own Python worker (captured by :data:`CAPTURE_JS`)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.next_id = BASE_ID

    def solve(self, request: dict[str, Any], timeout: float = 0.0) -> dict[str, Any]:
        """The final reply to ``request`` (cancelled after ``timeout`` s when > 0) with ``wall``: seconds from
        posting it to the reply, measured in the page. An error reply becomes ``{"type": "error", "ok": False,
        "error": …, "wall": …}``."""
        self.next_id += 1
        message = self.page.evaluate(SOLVE_JS, [request, self.next_id, int(timeout * 1000)])
        if message["type"] != "result":
            return {"type": "error", "ok": False, "error": message.get("error"), "wall": message["wall"]}
        reply: dict[str, Any] = message["reply"]
        reply["wall"] = message["wall"]
        return reply
