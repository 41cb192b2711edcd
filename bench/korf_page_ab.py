"""Korf's 100 in the page, two builds A/B: the same solves alternated between two sites in one run; prints figures.

Each site (``--a DIR``, ``--b DIR``: built ``site/`` folders, for example one from another commit) is served on
its own localhost port and opened in headless Chromium (every request outside the origin blocked); once both
report the pattern database loaded, each of Korf's 100 instances (auto/auto, blank-first goal) is solved in one
page and then the other, the order swapped every instance, for ``--rounds`` rounds. Lengths are checked against
the file and nodes compared between the two. It prints per round the totals and, over all rounds, the median
total per side, the ratio B ÷ A of the medians and the median of the per-instance ratios.

Run from the repository root with the project venv: ``.venv/bin/python -m bench korf-page-ab --a DIR --b DIR
[--rounds N] [--limit N]``.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import TYPE_CHECKING

from npuzzle.research.instances import Instance, korf100

from .browser import CAPTURE_JS, CapturedWorker, SiteBrowser, guard, open_app, start_server, wait_python, wait_tables
from .common import machine
from .korf_page import request_for

if TYPE_CHECKING:
    from playwright.sync_api import Page


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench korf-page-ab", description=__doc__.split("\n")[0])
    parser.add_argument("--a", type=Path, required=True, help="the first built site (the reference)")
    parser.add_argument("--b", type=Path, required=True, help="the second built site")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the 100 solves (default 3)")
    parser.add_argument("--limit", type=int, default=100, help="solve the first N instances (default 100)")
    args = parser.parse_args(argv)
    instances = korf100()[: max(0, args.limit)]
    print(machine())
    wrong: list[str] = []
    offsite: list[str] = []
    server_b = start_server(args.b)
    try:
        with SiteBrowser(args.a) as site_a:
            offsite = site_a.offsite
            page_a, ready_a = open_app(site_a)
            context_b = site_a.browser.new_context()  # B: the same browser, its own origin and guard
            guard(context_b, server_b.origin, offsite)
            context_b.add_init_script(CAPTURE_JS)
            page_b = context_b.new_page()
            page_b.goto(server_b.url)
            wait_python(page_b, 180_000)
            wait_tables(page_b, 180_000)
            print(f"A {args.a}: ready {ready_a:.1f} s; B {args.b} ready")
            _rounds(args, instances, page_a, page_b, wrong)
    finally:
        server_b.close()
    print(f"requests outside the origin: {len(offsite)}")
    for line in wrong:
        print(f"WRONG: {line}")
    return 1 if wrong else 0


def _rounds(args: argparse.Namespace, instances: list[Instance], page_a: Page, page_b: Page, wrong: list[str]) -> None:
    """Solve the instances alternately in both pages for ``args.rounds`` rounds; print the figures."""
    solve = {"A": CapturedWorker(page_a).solve, "B": CapturedWorker(page_b).solve}
    totals: dict[str, list[float]] = {"A": [], "B": []}
    ratios: list[float] = []
    for rnd in range(1, args.rounds + 1):
        walls: dict[str, list[float]] = {"A": [], "B": []}
        for number, inst in enumerate(instances):
            order = ("A", "B") if (number + rnd) % 2 else ("B", "A")
            replies = {}
            for side in order:
                reply = solve[side](request_for(inst.tiles))
                if reply.get("length") != inst.optimal or not str(reply.get("heuristic", "")).startswith("pdb"):
                    wrong.append(f"round {rnd} #{inst.ident} {side}: {reply.get('length')} {reply.get('heuristic')}")
                replies[side] = reply
                walls[side].append(reply["wall"])
            if replies["A"].get("nodes_expanded") != replies["B"].get("nodes_expanded"):
                wrong.append(f"round {rnd} #{inst.ident}: nodes differ")
            ratios.append(replies["B"]["wall"] / max(replies["A"]["wall"], 1e-9))
        for side in "AB":
            totals[side].append(sum(walls[side]))
        print(
            f"round {rnd}: A total {totals['A'][-1]:.2f} s, B total {totals['B'][-1]:.2f} s, "
            f"B ÷ A {totals['B'][-1] / totals['A'][-1]:.3f}",
            flush=True,
        )
    a, b = statistics.median(totals["A"]), statistics.median(totals["B"])
    per_round = statistics.median(y / x for x, y in zip(totals["A"], totals["B"]))
    print(
        f"over {args.rounds} rounds: median total A {a:.2f} s, B {b:.2f} s; median of the rounds' ratios B ÷ A "
        f"{per_round:.3f}; median per-instance ratio {statistics.median(ratios):.3f}"
    )
