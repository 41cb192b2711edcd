#!/usr/bin/env python3
"""Take the README's screenshot of the page: ``docs/screenshot.png``, made from the built ``site/``.

    .venv/bin/python scripts/build_site.py && .venv/bin/python scripts/screenshot.py [--out docs/screenshot.png]

The built site is served on a free localhost port (``scripts/serve.py``'s ``serve_in_thread``) and opened in
headless Chromium (``$NPUZZLE_CHROMIUM``, else ``/usr/bin/chromium``; the browser tests' launch flags) with every
request outside the site's origin aborted, as in the browser tests. The page opens a 15-puzzle through its link
format (``#board=…``), which checks it; the script waits, on the page's own state, for Python, the verdict and the
pattern database (``body[data-python=ready]``, ``data-answers``, ``data-tables``), presses **Solve**, waits for the
solution (``data-solve``) and saves the viewport at desktop width. The picture follows the page whenever the
script is run again.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
BOARD_LINK = "#board=12,1,10,2/7,11,4,14/5,0,9,15/8,13,6,3"
"""The README's first ``npuzzle solve`` example, a solvable 15-puzzle."""
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTH, HEIGHT = 1200, 820
"""The viewport: a desktop browser window, the whole form, board and solution summary in view."""
TIMEOUT_MS = 180_000
TABLES_DONE = "['ready', 'failed']"
"""The pattern database's phases (``data-tables`` on the body) after which the page no longer changes by itself."""
SOLVE_DONE = "['solved', 'stopped', 'failed', 'unsolvable']"
"""The page's states (``data-solve`` on the body) that end a Solve."""


def serve_in_thread(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """``scripts/serve.py``'s :func:`serve_in_thread` (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location("npuzzle_serve", ROOT / "scripts" / "serve.py")
    assert spec is not None and spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server, url = serve.serve_in_thread(directory)
    assert isinstance(server, ThreadingHTTPServer)
    return server, str(url)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Screenshot the built page for the README.")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default site/)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png", help="PNG to write")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"screenshot: {args.site} has no index.html: build the site first (npm run build)", file=sys.stderr)
        return 1
    from playwright.sync_api import Route, sync_playwright

    ships_tables = "pdb" in json.loads((args.site / "build.json").read_text(encoding="utf-8"))
    server, url = serve_in_thread(args.site)
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    offsite: list[str] = []

    def route(route: Route) -> None:
        target = urlsplit(route.request.url)
        if f"{target.scheme}://{target.netloc}" == origin:
            route.continue_()
        else:
            offsite.append(route.request.url)
            route.abort("blockedbyclient")

    executable = os.environ.get("NPUZZLE_CHROMIUM") or "/usr/bin/chromium"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
            context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, reduced_motion="reduce")
            context.route("**/*", route)
            page = context.new_page()
            page.goto(url + BOARD_LINK)
            page.wait_for_selector("body[data-python=ready]", state="attached", timeout=TIMEOUT_MS)
            page.wait_for_function("() => Number(document.body.dataset.answers) > 0", timeout=TIMEOUT_MS)
            if ships_tables:  # a site built with --no-pdb has no tables to wait for
                page.wait_for_function(
                    f"() => {TABLES_DONE}.includes(document.body.dataset.tables)", timeout=TIMEOUT_MS
                )
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
            browser.close()
    finally:
        server.shutdown()
    if offsite:
        print(f"screenshot: requests outside {origin} were blocked: {offsite}", file=sys.stderr)
        return 1
    print(f"screenshot: wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
