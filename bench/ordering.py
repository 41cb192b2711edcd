"""Move order in the 7/7-7 search: how far from the bound children go best first, and the split's task order.

    python -m bench ordering --slack 4,6,8,10,12      # the two 80-move boards and Korf's 100 per value
    python -m bench ordering --split 2                # the split's frontier in search order against by f

For each value of :data:`npuzzle.pdb.search_run.ORDER_SLACK` (set on the module for the run, nothing written) it solves
the two 80-move positions and Korf's 100 and prints the nodes expanded, the seconds, and for the 80-move boards
the nodes of the last iteration, the only one whose length the order can shorten (the earlier ones are searched
through whatever the order). Every length is checked.

``--split N`` compares the split search's frontier order (:func:`npuzzle.pdb.split.frontier`: the order the
ordinary search visits the nodes) with the same nodes sorted by f, ties in that order or in the order the paths
were generated (the order before f78e4c5): the two 80-move boards split over N processes
(:func:`~npuzzle.pdb.parallel.solve_with_pdb_parallel`), the orders alternated for ``--rounds`` rounds, then the
nodes of the last iteration on the Korf instances of 2,000 to 40,000 nodes when one worker takes the tasks in
order, beside the ordinary search's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

import npuzzle.pdb.search as search
import npuzzle.pdb.search_run as pdb_run
import npuzzle.pdb.split as split
from npuzzle.board import Board, goal_board
from npuzzle.pdb.parallel import solve_with_pdb_parallel
from npuzzle.pdb.split import Coordinator, FrontierNode, answer_task
from npuzzle.pdb.tables import PdbTables, load_tables
from npuzzle.progress import Limit, Search, run

from .common import SHIPPED_PDB, korf_instances
from .native import HARD


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ordering", description=__doc__.split("\n")[0])
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB)
    parser.add_argument("--slack", default="4,6,8,10,12", help="ORDER_SLACK values (default: %(default)s)")
    parser.add_argument("--split", type=int, metavar="N", help="compare the split's frontier orders over N processes")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the --split comparison (default 2)")
    args = parser.parse_args(argv)
    tables = load_tables(args.pdb.read_bytes(), 4, 4)
    if args.split:
        return compare_split_orders(tables, args.split, args.rounds)
    goal = goal_board(4, 4, "blank-first")
    korf = korf_instances()
    default = pdb_run.ORDER_SLACK
    try:
        for slack in (int(value) for value in args.slack.split(",")):
            pdb_run.ORDER_SLACK = slack
            row = [f"ORDER_SLACK {slack:>2}{' (today)' if slack == default else '        '}"]
            for name, text in HARD.items():
                board = Board(4, 4, tuple(map(int, text.split())))
                figures = solve_80(search.solve_with_pdb(board, goal, tables))
                if figures is None:
                    print(f"{name}: no 80-move solution with ORDER_SLACK {slack}")
                    return 1
                row.append(f"{name} {figures}")
            started, nodes = time.perf_counter(), 0
            for inst in korf:
                result = run(search.solve_with_pdb(inst.board(), inst.goal_board(), tables))
                if result.moves is None or len(result.moves) != inst.optimal:
                    print(f"#{inst.ident}: not {inst.optimal} moves with ORDER_SLACK {slack}")
                    return 1
                nodes += result.nodes_expanded
            row.append(f"Korf's 100 {nodes:,} nodes {time.perf_counter() - started:.2f} s")
            print("  ".join(row), flush=True)
    finally:
        pdb_run.ORDER_SLACK = default
    return 0


def solve_80(search_run: Search) -> str | None:
    """Run an 80-move board's search; its nodes, seconds and last iteration's nodes, or None unless it found 80
    moves."""
    started = time.perf_counter()
    result = run(search_run)
    took = time.perf_counter() - started
    if result.moves is None or len(result.moves) != 80:
        return None
    last = result.extra["per_iteration"][-1][1]
    return f"{result.nodes_expanded:>10,} nodes {took:6.2f} s (last iteration {last:,})"


def by_f(tables: PdbTables, start: Sequence[int], use_reflection: bool, jobs: int) -> list[FrontierNode]:
    """The split's frontier sorted by f, ties in search order."""
    return sorted(SEARCH_ORDER(tables, start, use_reflection, jobs), key=lambda node: node.f)


def by_f_as_generated(tables: PdbTables, start: Sequence[int], use_reflection: bool, jobs: int) -> list[FrontierNode]:
    """The split's frontier sorted by f, ties in the order the paths were generated (up, down, left, right at every
    step): the order before f78e4c5."""
    cols = tables.database.cols

    def generated(node: FrontierNode) -> tuple[int, tuple[int, ...]]:
        return node.f, tuple((-cols, cols, -1, 1).index(q - z) for z, q in pairwise(node.cells))

    return sorted(SEARCH_ORDER(tables, start, use_reflection, jobs), key=generated)


SEARCH_ORDER = split.frontier


def last_iteration(tables: PdbTables, board: Board, goal: Board) -> int:
    """The nodes of the split's last iteration when one worker takes the tasks in order (split after 300 nodes)."""
    first = run(search.solve_with_pdb(board, goal, tables, Limit(nodes=300)))
    coordinator = Coordinator(board, goal, tables, first, workers=2, lookahead=0)
    tt: dict[bytes, int] = {}
    while coordinator.result is None:
        task = coordinator.next_task()
        assert task is not None
        coordinator.take(answer_task(tables, task, coordinator.use_reflection, tt))
    nodes: int = coordinator.result.extra["per_iteration"][-1][1]
    return nodes


def compare_split_orders(tables: PdbTables, jobs: int, rounds: int) -> int:
    """``--split``: the 80-move boards split over ``jobs`` processes in both orders, then the Korf last iterations."""
    goal = goal_board(4, 4, "blank-first")
    orders = {"search order": SEARCH_ORDER, "f, ties in search order": by_f, "f, ties as generated": by_f_as_generated}
    try:
        for round_ in range(1, rounds + 1):
            for name, text in HARD.items():
                board = Board(4, 4, tuple(map(int, text.split())))
                row = [f"round {round_} {name}"]
                for order, frontier in orders.items():
                    split.frontier = frontier
                    figures = solve_80(solve_with_pdb_parallel(board, goal, tables, jobs=jobs))
                    if figures is None:
                        print(f"{name}: no 80-move solution in {order}")
                        return 1
                    row.append(f"{order}: {figures}")
                print("  ".join(row), flush=True)
        totals = {"ordinary search": 0, **dict.fromkeys(orders, 0)}
        boards = 0
        for inst in korf_instances():
            alone = run(search.solve_with_pdb(inst.board(), goal, tables))
            if not 2_000 <= alone.nodes_expanded <= 40_000:
                continue
            boards += 1
            totals["ordinary search"] += alone.extra["per_iteration"][-1][1]
            for order, frontier in orders.items():
                split.frontier = frontier
                totals[order] += last_iteration(tables, inst.board(), goal)
        print(
            f"Korf's instances of 2,000-40,000 nodes ({boards}), last iterations: "
            + ", ".join(f"{name} {nodes:,}" for name, nodes in totals.items())
        )
    finally:
        split.frontier = SEARCH_ORDER
    return 0
