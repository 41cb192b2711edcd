"""The search's observer costs nothing when unused: A* and IDA* of this tree against a baseline checkout.

    python -m bench observer --baseline-tree /tmp/npuzzle-base              # 15 rounds
    python -m bench observer --baseline-tree /tmp/npuzzle-base --rounds 31

Both packages are imported into this one process (the baseline's ``py/`` under its own module objects, e.g. from
``git archive <commit> py | tar -x -C /tmp/npuzzle-base``), so that their runs interleave finely: each round runs
every workload once with each tree, in an order that alternates from round to round, timed in CPU seconds of the
process (``time.process_time``: less sensitive than wall time to other jobs on a shared machine; heuristic set-up
not counted), after one warm-up round. The workloads, with no observer: A* +
Manhattan on the four hardest 8-puzzles; A* + Manhattan on 10 seeded random 8-puzzles; IDA* + Manhattan on the four
hardest 8-puzzles; IDA* + linear conflict on Korf's 15-puzzle #1 capped at 100,000 expansions (a rate, not a
solve). Both trees must expand the same nodes (checked). Prints each workload's median seconds for both, the ratio
(this tree over the baseline) and the quartiles of the per-round ratios. Run from the repository root, one timing
at a time on a shared machine (``flock``).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from .common import load_average, machine

ROOT = Path(__file__).resolve().parents[1]

Job = Callable[[], int]


MODULES = {
    "board": ("board",),
    "heuristics": ("optimal.heuristics", "heuristics"),
    "instances": ("research.instances", "instances"),
    "parse": ("parse",),
    "progress": ("progress",),
    "randomize": ("randomize",),
    "search": ("optimal.search", "search"),
}
"""The modules the workload uses, by short name: where each is in the package, then where a tree from before the
package's groups (issue 52) had it."""


def import_either(places: tuple[str, ...]) -> ModuleType:
    """The first of ``npuzzle.<place>`` that the tree being loaded has."""
    for place in places[:-1]:
        try:
            return importlib.import_module(f"npuzzle.{place}")
        except ModuleNotFoundError:
            continue
    return importlib.import_module(f"npuzzle.{places[-1]}")


def load_tree(py: Path) -> dict[str, ModuleType]:
    """Import ``npuzzle`` from the directory ``py`` as a fresh set of modules (earlier ones are kept alive only by
    the references their callers hold); returns the modules the workload uses, by short name."""
    for name in [n for n in sys.modules if n == "npuzzle" or n.startswith("npuzzle.")]:
        del sys.modules[name]
    sys.path.insert(0, str(py))
    try:
        modules = {name: import_either(places) for name, places in MODULES.items()}
        modules["npuzzle"] = sys.modules["npuzzle"]
    finally:
        sys.path.remove(str(py))
    if not str(modules["npuzzle"].__file__).startswith(str(py)):
        raise SystemExit(f"imported {modules['npuzzle'].__file__}, not the tree {py}")
    return modules


def jobs(m: dict[str, ModuleType]) -> dict[str, list[tuple[Callable[..., Any], Any, Any, Any, Any]]]:
    """The workloads of one tree: for each, the searches to run (function, board, goal, heuristic, limit)."""
    resolve, make, limit = m["parse"].resolve_goal, m["heuristics"].make_heuristic, m["progress"].Limit
    eights = [(i.board(), resolve(i.goal, 3, 3)) for i in m["instances"].hardest8()]
    randoms = [(m["randomize"].random_board(3, 3, seed=s), m["board"].goal_board(3, 3)) for s in range(10)]
    korf = [(k.board(), resolve(k.goal, 4, 4)) for k in m["instances"].korf100()[:1]]
    astar, idastar = m["search"].astar, m["search"].idastar

    def runs(search: Callable[..., Any], heuristic: str, boards: list[Any], cap: Any) -> list[Any]:
        return [(search, b, g, make(heuristic, g), cap) for b, g in boards]

    return {
        "astar-manhattan-hardest8": runs(astar, "manhattan", eights, limit()),
        "astar-manhattan-random8": runs(astar, "manhattan", randoms, limit()),
        "idastar-manhattan-hardest8": runs(idastar, "manhattan", eights, limit()),
        "idastar-lc-korf1-100k": runs(idastar, "linear-conflict", korf, limit(nodes=100_000)),
    }


def timed(run: Callable[..., Any], searches: list[Any]) -> tuple[float, int]:
    """CPU seconds of this process and expansions of the searches, run one after the other."""
    nodes = 0
    started = time.process_time()
    for search, board, goal, heuristic, cap in searches:
        nodes += run(search(board, goal, heuristic, cap)).nodes_expanded
    return time.process_time() - started, nodes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench observer", description=__doc__.split("\n")[0])
    parser.add_argument("--baseline-tree", type=Path, metavar="DIR", required=True, help="the checkout to compare")
    parser.add_argument("--rounds", type=int, default=15, help="rounds, each running both trees (default: 15)")
    args = parser.parse_args(argv)
    trees = {"this": load_tree(ROOT / "py"), "baseline": load_tree(args.baseline_tree.resolve() / "py")}
    work = {name: jobs(m) for name, m in trees.items()}
    runner = {name: m["progress"].run for name, m in trees.items()}
    names = list(work["this"])
    times: dict[str, dict[str, list[float]]] = {t: {w: [] for w in names} for t in trees}
    nodes: dict[str, dict[str, int]] = {t: {} for t in trees}
    print(machine())
    for r in range(args.rounds + 1):  # round 0 warms up
        for w in names:
            order = ["this", "baseline"] if r % 2 else ["baseline", "this"]
            for t in order:
                seconds, count = timed(runner[t], work[t][w])
                nodes[t][w] = count
                if r:
                    times[t][w].append(seconds)
    if nodes["this"] != nodes["baseline"]:
        raise SystemExit(f"the trees expanded different node counts: {nodes}")
    print(f"{args.rounds} rounds, alternated; load average after: {load_average()}")
    print(f"{'workload':<28} {'nodes':>9} {'this s':>8} {'base s':>8} {'ratio':>6}  per-round ratio quartiles")
    for w in names:
        a, b = times["this"][w], times["baseline"][w]
        q1, q2, q3 = statistics.quantiles([x / y for x, y in zip(a, b, strict=True)], n=4)
        ratio = statistics.median(a) / statistics.median(b)
        print(
            f"{w:<28} {nodes['this'][w]:>9,} {statistics.median(a):>8.4f} {statistics.median(b):>8.4f} "
            f"{ratio:>6.3f}  {q1:.3f} {q2:.3f} {q3:.3f}"
        )
    return 0
