"""The gallery of what a person sees: screenshots of the page's main moments at the six common screens, in
``docs/screens/`` (linked from the README), made from the built ``site/``; with ``--journeys`` the moments of the
journeys instead (``tests/browser/test_journeys_page.py``, whose steps it takes: at its two screens unless ``--only``).

    .venv/bin/python scripts/build_site.py && .venv/bin/python -m bench screens [--out docs/screens] [--only 390x844]
    .venv/bin/python -m bench screens --journeys --out /tmp/journeys   # the journeys' moments

At 1366×768, 1280×720, 1440×900, 1920×1080 (desktop) and 390×844, 360×740 (phones, with touch) the page is opened
through a shared link of a 15-puzzle and pictured: ``link`` (the verdict), ``solved`` (the solution's player under the
board), ``unsolvable`` (a board that cannot reach the goal, said plainly), ``compare`` (the heuristics compared on a
hard 8-puzzle), ``watch`` (Watch the search opened on it, with its advice) and ``shorter`` (a 5×5 solved, then Look
for a shorter solution: the shorter answer on the board and its player). Each step waits on the page's own state
(``body[data-*]``), never on a fixed sleep; every request outside the site's origin is aborted (:mod:`bench.browser`).
With each picture it prints where the things a person needs next lie on the screen (CSS pixels from the top of the
viewport: the verdict's headline, the board, the player, Solve, a panel's heading). The tests of the same moments are
``tests/browser/test_sees_page.py``. A journey's picture is named by its screen, the person and the moment
(``390x844-player-hint.png``): the player's after Check with moves made, after Undo brings the game back, after Hint
and after Solve; the speedsolver's solve (no assists) and its analysis; the student's Compare and Watch after Step; the
visitor's shared link and its Solve. Each element the journey's test asserts seen is printed with its place and, when
it is not in view and on top, why (:func:`tests.browser.sees.seen`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bench.browser import ROOT, Server, SiteBrowser, wait_python

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from tests.browser.conftest import App

SCREENS = {
    "1366x768": (1366, 768),
    "1280x720": (1280, 720),
    "1440x900": (1440, 900),
    "1920x1080": (1920, 1080),
    "390x844": (390, 844),
    "360x740": (360, 740),
}
"""The six screens (CSS pixels), the same as the tests' (tests/browser/sees.py)."""

LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
UNSOLVABLE = "#board=1,2,3/4,5,6/8,7,0"
HARD_3X3 = "#board=8,6,7/2,5,4/3,0,1"
FIVE = "#board=11,4,18,19,23/20,0,5,2,13/10,22,8,15,24/6,17,21,7,1/12,9,14,16,3"  # ten times the work: 120 → 112 moves
DONE = "['solved', 'stopped', 'failed']"
WATCHED = {
    "link": ("#verdict .verdict-title", "#board-view .grid", "#solve", "#bar-solve"),
    "solved": ("#board-view .grid", "#player"),
    "unsolvable": ("#verdict .verdict-title", "#verdict .verdict-plain"),
    "compare": ("#comparison-heading", "#compare-table"),
    "watch": ("#watch-heading", "#watch-advice", "#watch-step"),
    "shorter": ("#board-view .grid", "#player", "#solution-summary"),
}
"""The elements whose place each moment prints, by moment (those not drawn at a size are left out)."""
BOXES_JS = """(selectors) => selectors.map((s) => {
  const el = document.querySelector(s);
  const box = el && el.getClientRects().length ? el.getBoundingClientRect() : null;
  return box ? `${s} ${Math.round(box.top)}–${Math.round(box.bottom)}` : "";
}).filter(Boolean).join(", ")"""
TIMEOUT_MS = 180_000

JOURNEY_MOMENTS = {
    "player-check": ("#board-view .grid", "#verdict .verdict-title", "#undo"),
    "player-undo": ("#board-view .grid", "#board-status"),
    "player-hint": ("#board-status", "#board-view .cell.hinted"),
    "player-solve": ("#board-view .grid", "#player #play", "#player .position", "#solution-summary"),
    "speedsolver-solved": ("#board-status", "#board-score", "#score-details"),
    "speedsolver-analysis": ("#analysis-heading", "#analysis-summary", "#analysis-facts"),
    "student-compare": ("#comparison-heading", "#compare-table"),
    "student-watch-step": ("#watch-step", "#watch-said", "#watch-lanes .taken", "#watch-lanes .children"),
    "visitor-link": ("#board-view .grid", "#verdict .verdict-title", "#solve", "#bar-solve"),
    "visitor-solve": ("#board-view .grid", "#player #play", "#player .position", "#solution-summary"),
}
"""The journeys' moments, by picture name, with the elements a person needs next there (those the journeys' test
asserts seen; printed with their place and, when not seen, why)."""

Moment = Callable[[str], None]
"""Takes the picture of the moment named (a key of :data:`JOURNEY_MOMENTS`) on the journey's page."""


def in_view(page: Page, *selectors: str) -> None:
    """Wait until each of ``selectors`` has come into view (or a few seconds have passed: the picture then shows where
    it is instead) and the page has stopped scrolling, as a person waits for the view the page scrolls to after its
    answer (the scroll begins a frame or two later)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from tests.browser.sees import IN_VIEW_JS, settled

    for selector in selectors:
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(IN_VIEW_JS, arg=selector, timeout=3_000)
    settled(page)


def picture(page: Page, path: Path, selectors: tuple[str, ...]) -> str:
    """Screenshot the page once ``selectors`` are in view (:func:`in_view`); the places of those drawn (CSS px from
    the viewport's top) and why those not seen are not."""
    from tests.browser.sees import seen

    in_view(page, *selectors)
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=str(path))
    places = []
    for selector in selectors:
        if not page.locator(selector).first.is_visible():  # not drawn at this size (Solve or the bar's)
            continue
        result = seen(page, selector)
        where = f"{result['box']['top']}–{result['box']['bottom']}"
        places.append(f"{selector} {where}" + ("" if result["seen"] else f" (NOT SEEN: {result['why']})"))
    return ", ".join(places)


def player(app: App, phone: bool, moment: Moment) -> None:
    """A seed dealt with Enter, three moves by the arrow keys, Check; another board checked, Undo; Hint; Solve."""
    from tests.browser.steps import wait_grid
    from tests.browser.test_journeys_page import deal_with_enter, legal, open_editor, press, wait_moves

    from npuzzle.parse import parse_board

    page = app.page
    start = deal_with_enter(app, "3×3", "2026")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#board-view')")
    board = press(page, start, legal(start, 3))
    wait_moves(page, 3)
    open_editor(page)
    before = app.answers()
    page.click("#check")
    app.wait_answer(before)
    moment("player-check")
    open_editor(page)
    page.fill("#board", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
    before = app.answers()
    page.click("#check")
    app.wait_answer(before)
    wait_grid(app, parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15").tiles)
    page.click("#undo")
    wait_grid(app, board.tiles)
    wait_moves(page, 3)
    moment("player-undo")
    page.locator("body").evaluate("b => delete b.dataset.hint")
    page.click("#hint")
    page.wait_for_function("() => document.body.dataset.hint === 'shown'", timeout=TIMEOUT_MS)
    moment("player-hint")
    page.click("#bar-solve" if phone else "#solve")
    page.wait_for_function(f"() => {DONE}.includes(document.body.dataset.solve)", timeout=TIMEOUT_MS)
    moment("player-solve")


def speedsolver(app: App, phone: bool, moment: Moment) -> None:
    """No assists, a seed dealt, solved by the arrow keys with one detour; the analysis, then its pointer taken."""
    from tests.browser.conftest import core
    from tests.browser.steps import analysed, choose, text_of
    from tests.browser.test_journeys_page import deal_with_enter, legal, press

    page = app.page
    choose(page, "#mode", "no-assists")
    start = deal_with_enter(app, "3×3", "31")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#board-view')")
    shortest = core({"op": "solve", "board": text_of(start), "algorithm": "astar"})
    detour = legal(start, 1)
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[detour]
    press(page, start, detour + back + "".join(shortest["letters"]))
    page.wait_for_function("() => document.body.dataset.result === 'solved'")
    analysed(page)
    moment("speedsolver-solved")
    page.click("#score-details")
    moment("speedsolver-analysis")


def student(app: App, phone: bool, moment: Moment) -> None:
    """Compare heuristics on the page's example, then Watch the search and one Step."""
    page = app.page
    page.locator("body").evaluate("b => delete b.dataset.compare")
    page.click("#compare")
    page.wait_for_function("() => document.body.dataset.compare === 'done'", timeout=TIMEOUT_MS)
    moment("student-compare")
    page.locator("#watch-open").scroll_into_view_if_needed()
    page.click("#watch-open")
    page.wait_for_function("() => document.body.dataset.watch === 'idle'", timeout=TIMEOUT_MS)
    in_view(page, "#watch-heading", "#watch-step")  # the panel opened where the page puts it: Step pressed there
    page.click("#watch-step")
    page.locator("#watch-lanes .taken").wait_for(timeout=TIMEOUT_MS)
    moment("student-watch-step")


def visitor(app: App, phone: bool, moment: Moment) -> None:
    """A shared link's board and verdict on a first visit, then Solve."""
    from tests.browser.steps import wait_grid

    from npuzzle.parse import parse_board

    page = app.page
    wait_grid(app, parse_board(HARD_3X3.removeprefix("#board=").replace(",", " ")).tiles)
    moment("visitor-link")
    page.click("#bar-solve" if phone else "#solve")
    page.wait_for_function(f"() => {DONE}.includes(document.body.dataset.solve)", timeout=TIMEOUT_MS)
    moment("visitor-solve")


JOURNEYS: tuple[tuple[str, Callable[[App, bool, Moment], None]], ...] = (
    ("", player),
    ("", speedsolver),
    ("", student),
    (HARD_3X3, visitor),
)
"""Each journey's link (empty: a first visit to the page) and its walk."""


def journeys(browser: Browser, server: Server, out: Path, screens: list[str]) -> list[str]:
    """The journeys' pictures at ``screens``, each journey on a first visit of its own (a phone's with touch); the
    requests outside the site's origin and the page errors met."""
    from tests.browser.conftest import open_app

    problems: list[str] = []
    for name in screens:
        width, height = SCREENS[name]
        phone = width < 500
        for fragment, walk in JOURNEYS:
            with open_app(browser, server, fragment, phone=phone, viewport={"width": width, "height": height}) as app:
                walk(app, phone, moments(app.page, out, name))
                problems += app.offsite + app.errors
    return problems


def moments(page: Page, out: Path, screen: str) -> Moment:
    """The :data:`Moment` of ``page`` at ``screen``: its picture in ``out``, its elements' places printed."""

    def moment(label: str) -> None:
        path = out / f"{screen}-{label}.png"
        where = picture(page, path, JOURNEY_MOMENTS[label])
        print(f"screens: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {where}")

    return moment


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Screenshots of the page's main moments at six screen sizes.")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default site/)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens", help="folder for the PNGs")
    parser.add_argument("--only", nargs="*", choices=sorted(SCREENS), help="these screens only")
    parser.add_argument(
        "--journeys", action="store_true", help="the journeys' moments (at 1366x768 and 390x844 unless --only)"
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"screens: {args.site} has no index.html: build the site first (npm run build)", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    if args.journeys:
        from tests.browser.test_journeys_page import JOURNEY_SCREENS

        with SiteBrowser(args.site) as session:
            problems = journeys(session.browser, session.server, args.out, args.only or list(JOURNEY_SCREENS))
        if problems:
            print(f"screens: blocked requests or page errors: {problems}", file=sys.stderr)
        return 1 if problems else 0

    def answer(page: Page, before: int) -> None:
        page.wait_for_function("n => Number(document.body.dataset.answers) > n", arg=before, timeout=TIMEOUT_MS)

    def open_link(page: Page, fragment: str) -> None:
        before = int(page.locator("body").get_attribute("data-answers") or "0")
        page.evaluate("f => { window.scrollTo(0, 0); location.hash = f; }", fragment)  # as a link opens: at the top
        answer(page, before)

    def shot(page: Page, name: str, moment: str) -> None:
        page.evaluate("() => document.fonts.ready")
        page.evaluate(
            "() => new Promise((done) => { let y = -1, still = 0; const look = () => { still = scrollY === y"
            " ? still + 1 : 0; y = scrollY; if (still > 2) done(); else requestAnimationFrame(look); };"
            " requestAnimationFrame(look); })"
        )  # a smooth scroll into view has ended
        path = args.out / f"{name}-{moment}.png"
        page.screenshot(path=str(path))
        where = page.evaluate(BOXES_JS, list(WATCHED[moment]))
        print(f"screens: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {where}")

    with SiteBrowser(args.site) as session:
        for name, (width, height) in SCREENS.items():
            if args.only and name not in args.only:
                continue
            phone = width < 500
            viewport = {"width": width, "height": height}
            context, page = session.new_page(
                viewport=viewport, has_touch=phone, is_mobile=phone, reduced_motion="reduce"
            )
            page.goto(session.url + LINK)
            wait_python(page)
            answer(page, 0)
            shot(page, name, "link")
            page.evaluate("() => { delete document.body.dataset.solve; }")
            page.click("#bar-solve" if phone else "#solve")
            page.wait_for_function(f"() => {DONE}.includes(document.body.dataset.solve)", timeout=TIMEOUT_MS)
            shot(page, name, "solved")
            open_link(page, UNSOLVABLE)
            shot(page, name, "unsolvable")
            open_link(page, HARD_3X3)
            page.click("#compare")
            page.wait_for_function("() => document.body.dataset.compare === 'done'", timeout=TIMEOUT_MS)
            shot(page, name, "compare")
            page.click("#watch-open")
            page.wait_for_function(
                "() => /reaches the goal|cannot reach/.test(document.getElementById('watch-advice').textContent)",
                timeout=TIMEOUT_MS,
            )
            shot(page, name, "watch")
            page.click("#watch-close")
            open_link(page, FIVE)
            page.evaluate("() => { delete document.body.dataset.solve; }")
            page.click("#bar-solve" if phone else "#solve")
            page.wait_for_function(f"() => {DONE}.includes(document.body.dataset.solve)", timeout=TIMEOUT_MS)
            page.click("#shorter-button")
            page.wait_for_function(
                "() => ['found', 'none', 'cancelled', 'failed'].includes(document.body.dataset.shorter)",
                timeout=10 * TIMEOUT_MS,
            )
            shot(page, name, "shorter")
            context.close()
    if session.offsite:
        print(f"screens: requests outside the site were blocked: {session.offsite}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
