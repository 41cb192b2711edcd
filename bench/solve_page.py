"""A* and IDA* nodes per second in the page against CPython, and the page's Cancel latency; asserts nothing.

For A* and IDA* with each heuristic the core offers, the same ``solve`` request (``npuzzle.api``, a fixed 4×4
board, a node budget so every run does the same work) is run

* in this CPython (``npuzzle.api.start`` driven like the worker drives it, in 50 ms slices), and
* in the page's module worker (Pyodide in headless Chromium, the site served from localhost, every request
  outside the origin blocked), through the worker protocol the page uses;

and the nodes expanded per second of each are printed with their ratio (CPython ÷ Pyodide: how many times
slower the page is). Also printed: how long a Cancel takes in the page (cancel message → the stopped result
arrives) during an IDA* search, median over a few runs.

Run from the repository root with the project venv: ``.venv/bin/python -m bench solve-page``
(builds the site first; the browser is found as in the tests).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from npuzzle import api

from .browser import SiteBrowser, build_site
from .common import machine, run_cpython

BOARD = "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3"  # Korf's instance 1 (57 moves), blank-first goal
GOAL = "blank-first"

HARNESS = """
() => new Promise((resolve, reject) => {
  window.worker = new Worker("/worker/worker.js", { type: "module" });
  window.replies = new Map();
  worker.onmessage = (event) => {
    const m = event.data;
    if (m.type === "status" && m.state === "ready") resolve(m.seconds);
    else if (m.type === "status" && m.state === "failed") reject(new Error(m.text));
    else if (m.type === "result" || m.type === "error") {
      const waiter = replies.get(m.id);
      if (waiter) { replies.delete(m.id); waiter({ ...m, at: performance.now() }); }
    }
  };
})
"""

SOLVE_JS = """
(request) => new Promise((resolve) => {
  const id = Math.floor(Math.random() * 1e9);
  replies.set(id, resolve);
  worker.postMessage({ ...request, type: "solve", id });
})
"""

CANCEL_JS = """
(request) => new Promise((resolve) => {
  const id = Math.floor(Math.random() * 1e9);
  let sent = 0;
  replies.set(id, (m) => resolve({ ms: m.at - sent, stopped: m.reply && m.reply.stopped }));
  worker.postMessage({ ...request, type: "solve", id });
  setTimeout(() => { sent = performance.now(); worker.postMessage({ type: "cancel", id }); }, request.after_ms);
})
"""


def cases(astar_nodes: int, ida_nodes: int) -> list[dict[str, Any]]:
    """One solve request per algorithm and heuristic (the core's list), with its node budget."""
    options = json.loads(api.handle(json.dumps({"op": "options", "rows": 4, "cols": 4})))
    names = [h["name"] for h in options["heuristics"]]
    out = []
    for algorithm, nodes in (("astar", astar_nodes), ("idastar", ida_nodes)):
        for name in names:
            out.append({"board": BOARD, "goal": GOAL, "algorithm": algorithm, "heuristic": name, "max_nodes": nodes})
    return out


def rate(reply: dict[str, Any]) -> float:
    """Nodes expanded per second of a final solve reply."""
    return float(reply["nodes_expanded"]) / max(float(reply["seconds"]), 1e-9)


def main(argv: list[str]) -> int:
    """Parse the options, run every case on both sides and the cancels; print the figures."""
    parser = argparse.ArgumentParser(
        prog="python -m bench solve-page", description="Nodes per second of A* and IDA* in the page vs CPython."
    )
    parser.add_argument("--astar-nodes", type=int, default=30_000, help="A* node budget per run (default 30000)")
    parser.add_argument("--ida-nodes", type=int, default=500_000, help="IDA* node budget per run (default 500000)")
    parser.add_argument("--repeats", type=int, default=2, help="runs per case, best kept (default 2)")
    parser.add_argument("--cancels", type=int, default=5, help="timed cancels in the page (default 5)")
    args = parser.parse_args(argv)
    print(machine())
    print(f"Board: {BOARD} (goal {GOAL}); every run stops at its node budget or its solution.")
    build_site()
    todo = cases(args.astar_nodes, args.ida_nodes)
    with SiteBrowser() as session:
        _, page = session.new_page()
        page.goto(session.url + "build.json")
        boot = page.evaluate(HARNESS)
        print(f"Pyodide worker ready in {boot:.1f} s (CPython {sys.version.split()[0]}, Pyodide in Chromium)\n")
        print(f"{'algorithm':<9} {'heuristic':<16} {'nodes':>9} {'CPython n/s':>12} {'Pyodide n/s':>12} {'ratio':>6}")
        ratios = []
        for request in todo:
            best_c = best_p = 0.0
            nodes = 0
            for _ in range(args.repeats):
                c = run_cpython(request)
                w = page.evaluate(SOLVE_JS, request)
                assert w["type"] == "result", w
                wp = w["reply"]
                assert wp["nodes_expanded"] == c["nodes_expanded"], (wp["nodes_expanded"], c["nodes_expanded"])
                best_c, best_p = max(best_c, rate(c)), max(best_p, rate(wp))
                nodes = c["nodes_expanded"]
            ratios.append(best_c / best_p)
            print(
                f"{request['algorithm']:<9} {request['heuristic']:<16} {nodes:>9,} {best_c:>12,.0f} "
                f"{best_p:>12,.0f} {best_c / best_p:>5.2f}×"
            )
        print(
            f"\nPyodide is {statistics.median(ratios):.2f}× slower than CPython (median over the cases; "
            f"min {min(ratios):.2f}, max {max(ratios):.2f})."
        )
        samples = []
        stopped = set()
        for k in range(args.cancels):
            request = {
                "board": BOARD,
                "goal": GOAL,
                "algorithm": "idastar",
                "heuristic": "hamming",
                "after_ms": 300 + 137 * k,
            }
            result = page.evaluate(CANCEL_JS, request)
            samples.append(result["ms"])
            stopped.add(result["stopped"])
        print(
            f"Cancel in the worker (IDA* + hamming running; cancel message → stopped result): median "
            f"{statistics.median(samples):.0f} ms, max {max(samples):.0f} ms over {len(samples)} "
            f"(stopped: {', '.join(sorted(map(str, stopped)))}); target 200 ms."
        )
    print(f"requests outside the origin: {len(session.offsite)}")
    return 0
