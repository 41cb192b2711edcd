"""Take the README's screenshot of the page: ``docs/screenshot.png``, made from the built ``site/``.

    .venv/bin/python scripts/build_site.py && .venv/bin/python -m bench screenshot [--out docs/screenshot.png]

The built site is served and opened in headless Chromium with every request outside the site's origin aborted,
through the browser tests' harness (:mod:`bench.browser`). The page opens a 15-puzzle through its link
format (``#board=…``), which checks it; the script waits, on the page's own state, for Python, the verdict and the
pattern database (``body[data-python=ready]``, ``data-answers``, ``data-tables``), presses **Solve**, waits for the
solution (``data-solve``) and saves the viewport at desktop width. The picture follows the page whenever the
script is run again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.browser import ROOT, SiteBrowser, ships_tables, wait_python

BOARD_LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
"""The README's first ``npuzzle solve`` example, a solvable 15-puzzle."""
WIDTH, HEIGHT = 1200, 820
"""The viewport: a desktop browser window, the whole form, board and solution summary in view."""
TIMEOUT_MS = 180_000
TABLES_DONE = "['ready', 'failed']"
"""The pattern database's phases (``data-tables`` on the body) after which the page no longer changes by itself."""
SOLVE_DONE = "['solved', 'stopped', 'failed', 'unsolvable']"
"""The page's states (``data-solve`` on the body) that end a Solve."""


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Screenshot the built page for the README.")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default site/)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png", help="PNG to write")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"screenshot: {args.site} has no index.html: build the site first (npm run build)", file=sys.stderr)
        return 1
    with SiteBrowser(args.site) as session:
        _, page = session.new_page(viewport={"width": WIDTH, "height": HEIGHT}, reduced_motion="reduce")
        page.goto(session.url + BOARD_LINK)
        wait_python(page, TIMEOUT_MS)
        page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=TIMEOUT_MS)
        if ships_tables(args.site):  # a site built with --no-pdb has no tables to wait for
            page.wait_for_function(f"() => {TABLES_DONE}.includes(document.body.dataset.tables)", timeout=TIMEOUT_MS)
            tables = page.evaluate(
                "() => [document.body.dataset.tables, document.querySelector('#pdb-text').textContent]"
            )
            if tables[0] != "ready":
                print(f"screenshot: the pattern database did not load: {tables[1]}", file=sys.stderr)
                return 1
        page.wait_for_function("() => !document.querySelector('#solve').disabled", timeout=TIMEOUT_MS)
        page.click("#solve")
        page.wait_for_function(f"() => {SOLVE_DONE}.includes(document.body.dataset.solve)", timeout=TIMEOUT_MS)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(args.out))
    if session.offsite:
        print(f"screenshot: requests outside {session.origin} were blocked: {session.offsite}", file=sys.stderr)
        return 1
    print(f"screenshot: wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0
