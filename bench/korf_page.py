"""Korf's 100 15-puzzles solved optimally with the pattern database, in the page and in CPython.

Each instance of ``py/npuzzle/data/korf100.txt`` (blank-first goal) is solved with algorithm ``auto`` and
heuristic ``auto`` — which pick IDA* with the pattern database once it is loaded —

* in the page: the site is built and served on localhost (every request outside the origin blocked), opened in
  headless Chromium, and once the page reports the pattern database loaded (``body[data-tables=ready]``) the
  ``solve`` requests go to the page's own Python worker, the one its worker-handle client drives (the worker is
  captured when the page creates it; the requests use ids the client never issues, so it ignores the replies);
* in this CPython: ``npuzzle.api.Engine`` with ``load_tables`` on the cached database file, each request driven
  in 50 ms slices as the worker drives it.

Per instance it prints the length (checked against the file), nodes expanded and the seconds on each side, then
totals, median and max, and the ratio page ÷ CPython. ``--hard`` also solves the two 80-move positions (Brüngger
et al. 1999), stopping a side that passes ``--hard-seconds`` and printing what it got.

Run from the repository root: ``.venv/bin/python -m bench korf-page [--limit N] [--hard]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from npuzzle import api
from npuzzle.research.instances import korf100

from .browser import CapturedWorker, SiteBrowser, build_site, open_app
from .common import SHIPPED_PDB, machine, run_cpython

GOAL = "blank-first"
HARD = [  # the two 80-move 15-puzzle positions (Brüngger, Marzetta, Fukuda & Nievergelt 1999), blank-first goal
    ("80a", 80, (15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0)),
    ("80b", 80, (15, 11, 13, 12, 14, 10, 8, 9, 7, 2, 5, 1, 3, 6, 4, 0)),
]


def request_for(tiles: tuple[int, ...]) -> dict[str, Any]:
    """The solve request for a 4×4 board: auto algorithm, auto heuristic, blank-first goal."""
    return {
        "board": {"rows": 4, "cols": 4, "tiles": list(tiles)},
        "goal": GOAL,
        "algorithm": "auto",
        "heuristic": "auto",
    }


def summary(name: str, values: list[float]) -> str:
    """Total, median and max of a list of seconds."""
    return f"{name}: total {sum(values):.1f} s, median {statistics.median(values):.3f} s, max {max(values):.2f} s"


def main(argv: list[str]) -> int:
    """Parse the options, solve on both sides, print the table and summaries; the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bench korf-page",
        description="Korf's 100 solved optimally with the pattern database: page vs CPython.",
    )
    parser.add_argument("--limit", type=int, default=100, help="solve the first N instances (default 100)")
    parser.add_argument("--hard", action="store_true", help="also solve the two 80-move positions")
    parser.add_argument(
        "--hard-seconds",
        type=float,
        default=300.0,
        help="stop an 80-move search after this many seconds per side (default 300)",
    )
    parser.add_argument(
        "--pdb",
        type=Path,
        default=SHIPPED_PDB,
        help="the database file CPython loads (default .cache/pdb/15puzzle-7-7-7.pdb, the one the site ships)",
    )
    args = parser.parse_args(argv)
    instances = korf100()[: max(0, args.limit)]
    print(machine())
    engine = api.Engine()
    loaded = json.loads(engine.load_tables(args.pdb.read_bytes()))
    if not loaded.get("ok"):
        print(f"cannot load {args.pdb}: {loaded}", file=sys.stderr)
        return 2
    print(
        f"CPython {sys.version.split()[0]}: {loaded['heuristic']} loaded from {args.pdb.name} in "
        f"{loaded['seconds']:.1f} s"
    )
    build_site()
    wrong: list[str] = []
    with SiteBrowser() as session:
        page, ready = open_app(session)
        print(
            f"Page: Python and the pattern database ready {ready:.1f} s after opening "
            f"(table load {float(page.locator('body').get_attribute('data-tables-seconds') or 'nan'):.1f} s)\n"
        )
        run_page = CapturedWorker(page).solve

        print(f"{'id':>3} {'len':>3} {'nodes':>12} {'CPython s':>9} {'page s':>8} {'ratio':>6}")
        cpy: list[float] = []
        web: list[float] = []
        nodes_total = 0
        for inst in instances:
            request = request_for(inst.tiles)
            c = run_cpython(request, engine)
            w = run_page(request)
            for side, reply in (("CPython", c), ("page", w)):
                if not str(reply.get("heuristic", "")).startswith("pdb"):
                    raise RuntimeError(
                        f"{side} solved instance {inst.ident} with {reply.get('heuristic')!r}, not the pattern database"
                    )
                if reply.get("length") != inst.optimal or reply.get("stopped"):
                    wrong.append(
                        f"#{inst.ident} {side}: length {reply.get('length')} (file: {inst.optimal}), "
                        f"stopped {reply.get('stopped')}"
                    )
            if w["nodes_expanded"] != c["nodes_expanded"]:
                wrong.append(f"#{inst.ident}: nodes differ (CPython {c['nodes_expanded']}, page {w['nodes_expanded']})")
            cpy.append(c["wall"])
            web.append(w["wall"])
            nodes_total += c["nodes_expanded"]
            print(
                f"{inst.ident:>3} {c['length']:>3} {c['nodes_expanded']:>12,} {c['wall']:>9.3f} {w['wall']:>8.3f} "
                f"{w['wall'] / max(c['wall'], 1e-9):>5.2f}×",
                flush=True,
            )
        if instances:
            print(
                f"\n{len(instances)} instances, {nodes_total:,} nodes expanded on each side; lengths "
                f"{'all match the file' if not wrong else 'MISMATCH'}"
            )
            print(summary("CPython", cpy))
            print(summary("page   ", web))
            print(
                f"ratio page ÷ CPython: {sum(web) / sum(cpy):.2f}× on the total, "
                f"{statistics.median(w / c for w, c in zip(web, cpy)):.2f}× median per instance"
            )
        if args.hard:
            print(f"\n80-move positions (blank-first goal; each side stopped after {args.hard_seconds:.0f} s):")
            sides: list[tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]] = [
                ("CPython", lambda r: run_cpython(r, engine, args.hard_seconds)),
                ("page", lambda r: run_page(r, args.hard_seconds)),
            ]
            for name, optimal, tiles in HARD:
                request = request_for(tiles)
                for side, runner in sides:
                    reply = runner(request)
                    if reply.get("type") == "error" or reply.get("ok") is False:
                        message = reply.get("error", {}).get("message", reply)
                        print(f"  {name} {side:<7}: refused: {message}", flush=True)
                        continue
                    got = (
                        f"length {reply.get('length')}"
                        if not reply.get("stopped")
                        else f"stopped ({reply['stopped']}), no solution"
                    )
                    if not reply.get("stopped") and reply.get("length") != optimal:
                        wrong.append(f"{name} {side}: length {reply.get('length')} (known {optimal})")
                    print(
                        f"  {name} {side:<7}: {got}, {reply.get('nodes_expanded', reply.get('nodes', '?'))} nodes, "
                        f"{reply['wall']:.1f} s ({reply.get('heuristic')})",
                        flush=True,
                    )
    print(f"requests outside the origin: {len(session.offsite)}")
    for line in wrong:
        print(f"WRONG: {line}")
    return 1 if wrong else 0
