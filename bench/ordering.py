"""How far from the bound the 7/7-7 search orders children best first (``ORDER_SLACK``): nodes and seconds.

    python -m bench ordering --slack 4,6,8,10,12      # the two 80-move boards and Korf's 100 per value

For each value of :data:`npuzzle.pdb.search.ORDER_SLACK` (set on the module for the run, nothing written) it solves
the two 80-move positions and Korf's 100 and prints the nodes expanded, the seconds, and for the 80-move boards
the nodes of the last iteration, the only one whose length the order can shorten (the earlier ones are searched
through whatever the order). Every length is checked.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import npuzzle.pdb.search as search
from npuzzle.board import Board, goal_board
from npuzzle.pdb.tables import load_tables
from npuzzle.progress import run

from .common import SHIPPED_PDB, korf_instances
from .native import HARD


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ordering", description=__doc__.split("\n")[0])
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB)
    parser.add_argument("--slack", default="4,6,8,10,12", help="ORDER_SLACK values (default: %(default)s)")
    args = parser.parse_args(argv)
    tables = load_tables(args.pdb.read_bytes(), 4, 4)
    goal = goal_board(4, 4, "blank-first")
    korf = korf_instances()
    default = search.ORDER_SLACK
    try:
        for slack in (int(value) for value in args.slack.split(",")):
            search.ORDER_SLACK = slack
            row = [f"ORDER_SLACK {slack:>2}{' (today)' if slack == default else '        '}"]
            for name, text in HARD.items():
                started = time.perf_counter()
                result = run(search.solve_with_pdb(Board(4, 4, tuple(map(int, text.split()))), goal, tables))
                took = time.perf_counter() - started
                if result.moves is None or len(result.moves) != 80:
                    print(f"{name}: no 80-move solution with ORDER_SLACK {slack}")
                    return 1
                last = result.extra["per_iteration"][-1][1]
                row.append(f"{name} {result.nodes_expanded:>10,} nodes {took:6.2f} s (last iteration {last:,})")
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
        search.ORDER_SLACK = default
    return 0
