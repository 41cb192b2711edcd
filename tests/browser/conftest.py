"""Fixtures for the browser tests: the built site served on localhost, real Chromium driven by Playwright.

The harness is the one the page benchmarks use (:mod:`bench.browser`): the site is (re)built once per session (a
no-op in milliseconds when nothing changed) and served by ``scripts/serve.py`` in a thread on a free port. Every
page is opened in a fresh browser context whose router lets requests to the site's origin through and aborts — and
records — every other request (:func:`new_app`); each test asserts that none was attempted (and the module-wide
``app`` fixture checks again at teardown), which proves the app works with the network outside its origin cut off.

Browser discovery: ``$NPUZZLE_CHROMIUM``, else Playwright's own Chromium when installed, else
``/usr/bin/chromium``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from bench.browser import (
    BOOT_TIMEOUT_MS,
    CAPTURE_JS,
    ROOT,
    SITE,
    HarnessError,
    Server,
    build_site,
    guard,
    launch,
    wait_python,
)
from bench.browser import start_server as serve_site
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, sync_playwright

__all__ = [
    "ANSWER_TIMEOUT_MS",
    "BOOT_TIMEOUT_MS",
    "CAPTURE_JS",
    "DONE_STATES",
    "PHONE",
    "ROOT",
    "SITE",
    "App",
    "Server",
    "app_in_use",
    "core",
    "grid_tiles",
    "new_app",
    "open_app",
    "solver_option",
    "start_server",
]

ANSWER_TIMEOUT_MS = 60_000


def start_server(isolated: bool = False) -> Server:
    """Serve ``site/`` in a daemon thread on a free port."""
    return serve_site(SITE, isolated=isolated)


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The site, rebuilt from the current sources (``scripts/build_site.py``; fast when nothing changed)."""
    try:
        build_site()
    except HarnessError as exc:
        pytest.fail(str(exc))
    return SITE


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[Server]:
    """The site served on localhost."""
    running = start_server()
    yield running
    running.close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The session's one Playwright (its sync API cannot be started twice in one process)."""
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One Chromium for the whole session."""
    try:
        chromium = launch(playwright)
    except HarnessError as exc:
        pytest.fail(str(exc))
    yield chromium
    chromium.close()


@dataclass
class App:
    """One page of the app in its own browser context, with the requests and console messages it made; a context
    manager that closes it."""

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

    def wait_answer(self, before: int, timeout_ms: float = ANSWER_TIMEOUT_MS) -> None:
        """Wait until the page shows an answer after the ``before``-th."""
        self.page.wait_for_function("n => Number(document.body.dataset.answers) > n", arg=before, timeout=timeout_ms)

    def check(self, board: str, goal: str | None = None, timeout_ms: float = ANSWER_TIMEOUT_MS) -> str:
        """Paste ``board`` (and pick ``goal``: default, blank-first or a board), press Check, return the verdict
        (waiting ``timeout_ms`` at most). On a phone the editor is folded under the board: "Edit board" opens it first
        (a check that shows a verdict folds it again)."""
        page = self.page
        if page.locator("#board").is_hidden() and page.locator("#edit-board").is_visible():
            page.click("#edit-board")
        if goal is not None:
            kind = goal if goal in ("default", "blank-first") else "custom"
            self.select_goal(kind)
            if kind == "custom":
                page.fill("#goal", goal)
        page.fill("#board", board)
        before = self.answers()
        page.click("#check")
        self.wait_answer(before, timeout_ms)
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

    def __enter__(self) -> App:
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the page's context however the block ends (``with open_app(…) as app:``)."""
        self.close()


def solver_option(page: Page, select: str, value: str) -> None:
    """Choose ``value`` in the solver's ``select`` (``#algorithm`` or ``#heuristic``), opening the folded "Solver"
    first as a person would."""
    if page.locator(select).is_hidden():
        page.click("#solver summary")
    page.select_option(select, value)


PHONE = {"width": 390, "height": 844}
"""A phone's screen in CSS pixels (an iPhone 12–14's), for :func:`new_app`, which adds touch."""


def new_app(
    browser: Browser,
    server: Server,
    init_script: str | None = None,
    phone: bool = False,
    viewport: dict[str, int] | None = None,
) -> App:
    """A fresh browser context and page whose requests outside the site's origin are blocked and recorded, and
    whose console messages and page errors are kept (:meth:`App.assert_offline` checks them); not yet navigated.

    ``init_script`` runs in every document before the page's own scripts. Routes a test adds to ``app.context``
    afterwards take precedence over the guard (Playwright runs the newest matching route first). ``phone``: a
    :data:`PHONE` screen (or ``viewport``) with touch instead of a 1200×900 desktop window (or ``viewport``)."""
    if phone:
        context = browser.new_context(viewport=viewport or PHONE, has_touch=True, is_mobile=True, device_scale_factor=3)
    else:
        context = browser.new_context(viewport=viewport or {"width": 1200, "height": 900})
    if init_script is not None:
        context.add_init_script(init_script)
    page = context.new_page()
    app = App(page=page, context=context, origin=server.origin)
    guard(context, server.origin, app.offsite, app.seen)

    def console(message: ConsoleMessage) -> None:
        app.console.append(f"{message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda exc: app.errors.append(str(exc)))
    return app


def open_app(
    browser: Browser, server: Server, fragment: str = "", phone: bool = False, viewport: dict[str, int] | None = None
) -> App:
    """Open the page in a fresh guarded context (:func:`new_app`, on a phone's screen when ``phone``, of ``viewport``
    when given) and wait until Python is ready."""
    app = new_app(browser, server, phone=phone, viewport=viewport)
    app.page.goto(server.url + fragment)
    wait_python(app.page, BOOT_TIMEOUT_MS)
    app.wait_answer(0)  # the page checks the example board (or the link's board) once Python is ready
    return app


def app_in_use(
    browser: Browser,
    server: Server,
    fragment: str = "",
    *,
    phone: bool = False,
    viewport: dict[str, int] | None = None,
) -> Iterator[App]:
    """A fixture's body: the app opened (:func:`open_app`), handed over, then checked that nothing left the origin
    since the last test's own check, and closed."""
    opened = open_app(browser, server, fragment, phone=phone, viewport=viewport)
    yield opened
    try:
        opened.assert_offline()
    finally:
        opened.close()


@pytest.fixture(scope="module")
def app(browser: Browser, server: Server) -> Iterator[App]:
    """The app, booted once per test module; at teardown nothing may have left the origin either."""
    yield from app_in_use(browser, server)


@pytest.fixture
def fresh(browser: Browser, server: Server) -> Iterator[App]:
    """A fresh visit of its own (its own storage: no history, bests or picture kept)."""
    yield from app_in_use(browser, server)


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[App]:
    """A fresh visit on a phone's screen with touch (a module may boot one for all its tests instead)."""
    yield from app_in_use(browser, server, phone=True)


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
