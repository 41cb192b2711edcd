"""The gallery of what a person sees: screenshots of the page's main moments at the six common screens, in
``docs/screens/`` (linked from the README), made from the built ``site/``.

    .venv/bin/python scripts/build_site.py && .venv/bin/python -m bench screens [--out docs/screens] [--only 390x844]

At 1366×768, 1280×720, 1440×900, 1920×1080 (desktop) and 390×844, 360×740 (phones, with touch) the page is opened
through a shared link of a 15-puzzle and pictured: ``link`` (the verdict), ``solved`` (the solution's player under the
board), ``unsolvable`` (a board that cannot reach the goal, said plainly), ``compare`` (the heuristics compared on a
hard 8-puzzle), ``watch`` (Watch the search opened on it, with its advice) and ``shorter`` (a 5×5 solved, then Look
for a shorter solution: the shorter answer on the board and its player). Each step waits on the page's own state
(``body[data-*]``), never on a fixed sleep; every request outside the site's origin is aborted (:mod:`bench.browser`).
With each picture it prints where the things a person needs next lie on the screen (CSS pixels from the top of the
viewport: the verdict's headline, the board, the player, Solve, a panel's heading). The tests of the same moments are
``tests/browser/test_sees_page.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.browser import BOOT_TIMEOUT_MS, ROOT, guard, launch, start_server

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


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Screenshots of the page's main moments at six screen sizes.")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default site/)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens", help="folder for the PNGs")
    parser.add_argument("--only", nargs="*", choices=sorted(SCREENS), help="these screens only")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"screens: {args.site} has no index.html: build the site first (npm run build)", file=sys.stderr)
        return 1
    from playwright.sync_api import Page, sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server = start_server(args.site)
    offsite: list[str] = []

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

    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for name, (width, height) in SCREENS.items():
                if args.only and name not in args.only:
                    continue
                phone = width < 500
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    has_touch=phone,
                    is_mobile=phone,
                    reduced_motion="reduce",
                )
                guard(context, server.origin, offsite)
                page = context.new_page()
                page.goto(server.url + LINK)
                page.wait_for_selector("body[data-python=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
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
            browser.close()
    finally:
        server.close()
    if offsite:
        print(f"screens: requests outside the site were blocked: {offsite}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
