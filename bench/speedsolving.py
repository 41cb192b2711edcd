"""The speedsolvers' tools timed: 100-move 15-puzzle solves analysed in both metrics, and optimal MTM solves; with
``--page``, the same analyses in the page beside CPython.

    python -m bench speedsolving                      # 10 analyses and 10 MTM solves, seeds 1-10
    python -m bench speedsolving --seeds 1-20 --length 100 --solves 0
    python -m bench speedsolving --page --solves 0    # each analysis in CPython, then in the page, alternately

**Analyses**: for each seed, the random-state scramble ``npuzzle scramble --seed S`` and a player's solve of about
``--length`` single-tile moves (made here, not timed: from each position the first move of a shortest solution, and
now and then a random move instead, until the goal), analysed by :func:`npuzzle.speedsolving.analysis.analyse` in STM
(with the 7/7-7 tables) and in MTM (with the multiset database; ``--metrics`` picks), each timed alone in this process,
with the nodes its searches expanded and the optimal moves it lists at the mistakes. **MTM solves**: the
scrambles of the seeds solved optimally in line moves (:func:`npuzzle.pdb.solve_with_multiset`), beside the line
count of a shortest single-tile solution. Prints one row each, then medians; every analysis is checked (its moves
lost add up to its length minus the start's distance).

**In the page** (``--page``): the site built and served on localhost, opened in headless Chromium; once its pattern
database and line-move tables are loaded (Count moves set to lines), each analysis goes as the ``analyse`` op to
the page's own worker and, alternately, through an :class:`npuzzle.api.Engine` holding the same two files in this
CPython, driven in 50 ms slices as the worker drives it; the rows give both times and their ratio, and the
distances of the two sides must agree.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from npuzzle import Board, api, goal_board, moves_to_letters, run
from npuzzle.interchange import write_notation
from npuzzle.optimal.metric import count_moves, metric_name
from npuzzle.pdb import read_multiset, solve_with_multiset, solve_with_pdb
from npuzzle.pdb.tables import PdbTables, load_tables
from npuzzle.solving.registry import registry_with_tables
from npuzzle.speedsolving.analysis import analyse
from npuzzle.speedsolving.scrambles import deal

from .browser import CapturedWorker, SiteBrowser, build_site, open_app
from .common import PDB_DIR, SHIPPED_PDB, machine, parse_ids, run_cpython

MTM_PDB = PDB_DIR / "15puzzle-mtm-5-4-4-2.pdb"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench speedsolving", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-10", help="scramble seeds (default: %(default)s)")
    parser.add_argument("--length", type=int, default=100, help="single-tile moves of a solve, about (default 100)")
    parser.add_argument("--solves", type=int, default=10, help="how many of the seeds to solve in MTM (default 10)")
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB)
    parser.add_argument(
        "--mtm-pdb",
        type=Path,
        action="append",
        metavar="FILE",
        help=f"the line-move tables (default {MTM_PDB.name}); given twice or more, each solve is analysed with each "
        "in turn, in one run",
    )
    parser.add_argument("--page", action="store_true", help="time the analyses in the page beside CPython instead")
    parser.add_argument(
        "--metrics", default="stm,mtm", help="the analyses' metrics, stm, mtm or both (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    if args.page:
        return page_side(args)
    tables = load_tables(args.pdb.read_bytes(), 4, 4)
    mtm = [read_multiset(path) for path in args.mtm_pdb or [MTM_PDB]]
    registry = registry_with_tables(tables)
    goal = goal_board(4, 4)
    seeds = sorted(parse_ids(args.seeds))
    metrics = [metric_name(m) for m in args.metrics.split(",")]
    runs = [
        (metric if metric == "stm" or len(mtm) == 1 else f"{metric} {table.name}", metric, registry.with_mtm(table))
        for metric in metrics
        for table in (mtm[:1] if metric == "stm" else mtm)
    ]
    print("seed  metric  moves  start  mistakes  optimal moves listed  seconds       nodes")
    times: dict[str, list[float]] = {name: [] for name, _, _ in runs}
    nodes: dict[str, list[int]] = {name: [] for name, _, _ in runs}
    for seed in seeds:
        board = deal(4, 4, seed).board
        letters = player(board, goal, tables, args.length, random.Random(seed))
        text = write_notation(letters)
        for name, metric, with_tables in runs:
            started = time.perf_counter()
            analysis = run(analyse(board, goal, text, metric, with_tables))
            times[name].append(time.perf_counter() - started)
            nodes[name].append(analysis.nodes_expanded)
            assert analysis.exact and analysis.lost == analysis.moves - analysis.distances[0], seed
            listed = sum(len(step.optimal_moves or ()) for step in analysis.steps)
            marks = len(analysis.mistakes)
            print(
                f"{seed:>4}  {name:>6}  {analysis.moves:>5}  {analysis.distances[0]:>5}  {marks:>8}  {listed:>20}  "
                f"{times[name][-1]:>7.3f}  {nodes[name][-1]:>10,}",
                flush=True,
            )
    for name, _, _ in runs:
        spent, work = times[name], nodes[name]
        print(
            f"median {name}: {statistics.median(spent):.3f} s (max {max(spent):.3f}, {sum(t <= 2 for t in spent)} "
            f"of {len(spent)} within 2 s), {statistics.median(work):,.0f} nodes (max {max(work):,}, in all "
            f"{sum(work):,})"
        )
    if args.solves:
        print("\nseed  MTM optimal  single-tile optimal's lines  nodes expanded  seconds")
        solve_times: list[float] = []
        for seed in seeds[: args.solves]:
            board = deal(4, 4, seed).board
            started = time.perf_counter()
            result = run(solve_with_multiset(board, goal, mtm[-1]))
            solve_times.append(time.perf_counter() - started)
            single = run(solve_with_pdb(board, goal, tables)).moves or ()
            lines = count_moves(moves_to_letters(board, single), "mtm")
            print(
                f"{seed:>4}  {result.extra['line_moves']:>11}  {lines:>27}  {result.nodes_expanded:>14,}  "
                f"{solve_times[-1]:>7.2f}",
                flush=True,
            )
        print(f"median {statistics.median(solve_times):.2f} s, max {max(solve_times):.2f} s")
    return 0


def page_side(args: argparse.Namespace) -> int:
    """The analyses in the page and in this CPython, alternately: one row per seed and metric, then medians."""
    tables = load_tables(args.pdb.read_bytes(), 4, 4)
    engine = api.Engine()
    engine.install(tables)
    engine.install_mtm(read_multiset((args.mtm_pdb or [MTM_PDB])[0]))
    goal = goal_board(4, 4)
    solves = []
    for seed in sorted(parse_ids(args.seeds)):
        board = deal(4, 4, seed).board
        solves.append((seed, board, player(board, goal, tables, args.length, random.Random(seed))))
    print(machine())
    build_site()
    times: dict[str, list[tuple[float, float]]] = {"stm": [], "mtm": []}
    with SiteBrowser() as session:
        page, ready = open_app(session)
        page.select_option("#metric", "mtm")  # the line-move tables are fetched once lines are counted
        page.wait_for_selector("body[data-line-tables=ready]", state="attached", timeout=300_000)
        print(f"page ready with both databases {ready:.1f} s after opening (then the line-move tables)\n")
        worker = CapturedWorker(page)
        print("seed  metric  moves  start  mistakes  CPython s  page s  ratio")
        for seed, board, letters in solves:
            for metric in ("stm", "mtm"):
                request = {"board": board.format(one_line=True), "moves": write_notation(letters), "metric": metric}
                here = run_cpython(request, engine, op="analyse")
                there = worker.solve(request, op="analyse")
                assert here["ok"] and there.get("ok"), (here, there)
                assert here["distances"] == there["distances"] and here["exact"], seed
                times[metric].append((here["wall"], there["wall"]))
                print(
                    f"{seed:>4}  {metric:>6}  {here['moves']:>5}  {here['distances'][0]:>5}  "
                    f"{len(here['mistakes']):>8}  {here['wall']:>9.3f}  {there['wall']:>6.3f}  "
                    f"{there['wall'] / max(here['wall'], 1e-9):>4.1f}×",
                    flush=True,
                )
    for metric, pairs in times.items():
        cpy = statistics.median(c for c, _ in pairs)
        web = statistics.median(w for _, w in pairs)
        print(
            f"{metric}: median CPython {cpy:.3f} s, page {web:.3f} s (max {max(w for _, w in pairs):.3f} s); "
            f"median ratio {statistics.median(w / max(c, 1e-9) for c, w in pairs):.1f}×"
        )
    return 0


def player(board: Board, goal: Board, tables: PdbTables, length: int, rng: random.Random) -> str:
    """A solve of about ``length`` single-tile moves: shortest moves, and a random one (never straight back) with
    the chance that spreads the moves still to spare (``length`` less those made and those left) over the way left."""
    letters: list[str] = []
    held = list(moves_to_letters(board, run(solve_with_pdb(board, goal, tables)).moves or ()))
    while board != goal:
        spare = length - len(letters) - len(held)
        if spare >= 2 and rng.random() < spare / (2 * len(held)):
            back = {"U": "D", "D": "U", "L": "R", "R": "L"}.get(letters[-1] if letters else "", "")
            letter = rng.choice([d for d in board.movable_tiles() if d != back])
            board = board.slide(letter)
            held = list(moves_to_letters(board, run(solve_with_pdb(board, goal, tables)).moves or ()))
        else:
            letter = held.pop(0)
            board = board.slide(letter)
        letters.append(letter)
    return "".join(letters)
