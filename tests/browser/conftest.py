"""Fixtures for the browser tests: the built site served on localhost, real Chromium driven by Playwright.

The site is (re)built once per session (a no-op in milliseconds when nothing changed) and served by
``scripts/serve.py`` in a thread on a free port. Every page is opened in a fresh browser context whose router
lets requests to the site's origin through and aborts — and records — every other request (:func:`new_app`);
each test asserts that none was attempted (and the module-wide ``app`` fixture checks again at teardown), which
proves the app works with the network outside its origin cut off.

Browser discovery: ``$NPUZZLE_CHROMIUM``, else Playwright's own Chromium when installed, else
``/usr/bin/chromium``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync"]
BOOT_TIMEOUT_MS = 120_000
"""Pyodide boots in a few seconds; CI machines are shared and slow, so allow plenty."""
ANSWER_TIMEOUT_MS = 60_000


def load_serve() -> ModuleType:
    """Import ``scripts/serve.py`` as a module."""
    spec = importlib.util.spec_from_file_location("npuzzle_serve", ROOT / "scripts" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def chromium_path(playwright: Playwright) -> str | None:
    """The browser to drive: ``$NPUZZLE_CHROMIUM``, Playwright's own Chromium, or ``/usr/bin/chromium``."""
    env = os.environ.get("NPUZZLE_CHROMIUM")
    if env:
        return env
    try:
        own = playwright.chromium.executable_path
    except Exception:  # noqa: BLE001 - no browser registry entry
        own = ""
    if own and Path(own).exists():
        return None  # Playwright finds its own browser
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    pytest.fail("no Chromium found: set NPUZZLE_CHROMIUM, run `playwright install chromium`, or apt-get install "
                "chromium")


@dataclass
class Server:
    """A running static server for a site folder."""

    url: str
    origin: str
    close: Any


def start_server(isolated: bool = False) -> Server:
    """Serve ``site/`` in a daemon thread on a free port."""
    serve = load_serve()
    server, url = serve.serve_in_thread(SITE, isolated=isolated)
    parts = urlsplit(url)
    return Server(url=url, origin=f"{parts.scheme}://{parts.netloc}", close=server.shutdown)


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The site, rebuilt from the current sources (``scripts/build_site.py``; fast when nothing changed)."""
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py")], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"building the site failed:\n{result.stdout}\n{result.stderr}")
    return SITE


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[Server]:
    """The site served on localhost."""
    running = start_server()
    yield running
    running.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for the whole session."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(playwright), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@dataclass
class App:
    """One page of the app in its own browser context, with the requests and console messages it made."""

    page: Page
    context: BrowserContext
    origin: str
    offsite: list[str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def assert_offline(self) -> None:
        """No request left the site's origin, no script error and no CSP violation happened."""
        assert self.offsite == [], f"requests outside {self.origin}: {self.offsite}"
        assert self.errors == [], f"page errors: {self.errors}"
        csp = [m for m in self.console if "Content Security Policy" in m or "Content-Security-Policy" in m]
        assert csp == [], f"CSP violations: {csp}"

    def answers(self) -> int:
        """How many answers (verdicts or error messages) the page has shown so far."""
        return int(self.page.locator("body").get_attribute("data-answers") or "0")

    def wait_answer(self, before: int) -> None:
        """Wait until the page shows an answer after the ``before``-th."""
        self.page.wait_for_function(
            "n => Number(document.body.dataset.answers) > n", arg=before, timeout=ANSWER_TIMEOUT_MS
        )

    def check(self, board: str, goal: str | None = None) -> str:
        """Paste ``board`` (and pick ``goal``: default, blank-first or a board), press Check, return the verdict."""
        page = self.page
        if goal is not None:
            kind = goal if goal in ("default", "blank-first") else "custom"
            self.select_goal(kind)
            if kind == "custom":
                page.fill("#goal", goal)
        page.fill("#board", board)
        before = self.answers()
        page.click("#check")
        self.wait_answer(before)
        return page.locator("#verdict").inner_text()

    def select_goal(self, kind: str) -> None:
        """Pick a goal kind; the page re-checks the board on a change to default or blank-first: wait for it."""
        page = self.page
        if page.locator("#goal-kind").input_value() == kind:
            return
        before = self.answers()
        page.select_option("#goal-kind", kind)
        if kind != "custom" and page.locator("#board").input_value().strip():
            self.wait_answer(before)

    def close(self) -> None:
        """Close the page's context."""
        self.context.close()


def new_app(browser: Browser, server: Server, init_script: str | None = None) -> App:
    """A fresh browser context and page whose requests outside the site's origin are blocked and recorded, and
    whose console messages and page errors are kept (:meth:`App.assert_offline` checks them); not yet navigated.

    ``init_script`` runs in every document before the page's own scripts. Routes a test adds to ``app.context``
    afterwards take precedence over the guard (Playwright runs the newest matching route first)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    if init_script is not None:
        context.add_init_script(init_script)
    page = context.new_page()
    app = App(page=page, context=context, origin=server.origin)

    def route(route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" == server.origin:
            app.seen.append(url)
            route.continue_()
        else:
            app.offsite.append(url)
            route.abort("blockedbyclient")

    def console(message: ConsoleMessage) -> None:
        app.console.append(f"{message.type}: {message.text}")

    context.route("**/*", route)
    page.on("console", console)
    page.on("pageerror", lambda exc: app.errors.append(str(exc)))
    return app


def open_app(browser: Browser, server: Server, fragment: str = "") -> App:
    """Open the page in a fresh guarded context (:func:`new_app`) and wait until Python is ready."""
    app = new_app(browser, server)
    app.page.goto(server.url + fragment)
    app.page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    app.wait_answer(0)  # the page checks the example board (or the link's board) once Python is ready
    return app


@pytest.fixture(scope="module")
def app(browser: Browser, server: Server) -> Iterator[App]:
    """The app, booted once per test module; at teardown nothing may have left the origin since the last test's
    own check either."""
    opened = open_app(browser, server)
    yield opened
    try:
        opened.assert_offline()
    finally:
        opened.close()


DONE_STATES = "['solved', 'stopped', 'failed', 'unsolvable']"
"""The page's job states (``data-job`` on the body) that end a Solve, as a JavaScript array literal."""


def core(request: dict[str, Any]) -> dict[str, Any]:
    """The core's reply to a request, computed in this CPython: the oracle the page's answers are checked against."""
    from npuzzle import api

    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


def grid_tiles(app: App) -> list[int]:
    """The tiles the grid shows, row-major, 0 for the blank."""
    texts = app.page.get_by_role("gridcell").all_inner_texts()
    return [int(t) if t.strip() else 0 for t in texts]
