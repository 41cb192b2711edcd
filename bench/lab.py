"""The course lab timed in the page against CPython: the first table by depth the page offers, and a heuristic's
checks on every 8-puzzle; asserts nothing but that both sides give the same figures.

Each request (the ``lab_depth`` and ``lab_check`` ops of ``npuzzle.api``) is run alternately in this CPython (driven
in 50 ms slices as the worker drives it) and in the page's module worker (Pyodide in headless Chromium, the site
served from localhost), ``--repeats`` times each; the medians and their ratio are printed. The counts are exact:
both sides must give the same table and the same report.

Run from the repository root with the project venv: ``.venv/bin/python -m bench lab`` (builds the site first).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from .browser import SiteBrowser, build_site
from .common import machine, run_cpython
from .solve_page import HARNESS

REQUEST_JS = """
(request) => new Promise((resolve) => {
  const id = Math.floor(Math.random() * 1e9);
  const sent = performance.now();
  replies.set(id, (m) => resolve({ ...m, seconds: (m.at - sent) / 1000 }));
  worker.postMessage({ ...request, id });
})
"""

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("the first table (depths 2-20:2, 20 boards, the book's searches)", {"type": "lab_depth", "depths": "2-20:2"}),
    (
        "misplaced tiles and Manhattan distance checked on 181,440 boards",
        {"type": "lab_check", "heuristic": "example:misplaced", "against": "manhattan"},
    ),
)


def main(argv: list[str]) -> int:
    """Run each case alternately on both sides; print the medians and the ratio."""
    parser = argparse.ArgumentParser(prog="python -m bench lab", description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs per case and side (default 3)")
    args = parser.parse_args(argv)
    print(machine())
    build_site()
    with SiteBrowser() as session:
        _, page = session.new_page()
        page.goto(session.url + "build.json")
        page.evaluate(HARNESS)
        for title, request in CASES:
            fields = {key: value for key, value in request.items() if key != "type"}
            cpython, pyodide = [], []
            for _ in range(args.repeats):
                here = run_cpython(fields, op=request["type"])
                there = page.evaluate(REQUEST_JS, request)
                assert there["type"] == "result", there
                same = ("rows", "heuristics")
                assert all(there["reply"].get(k) == here.get(k) for k in same), "the two sides differ"
                cpython.append(float(here["wall"]))
                pyodide.append(float(there["seconds"]))
            c, p = statistics.median(cpython), statistics.median(pyodide)
            print(f"{title}: CPython {c:.2f} s, the page {p:.2f} s (medians of {args.repeats}), {p / c:.2f}×")
    return 0
