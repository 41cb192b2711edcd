"""The speedsolvers' tools timed: 100-move 15-puzzle solves analysed in both metrics, and optimal MTM solves.

    python -m bench speedsolving                      # 10 analyses and 10 MTM solves, seeds 1-10
    python -m bench speedsolving --seeds 1-20 --length 100 --solves 0

**Analyses**: for each seed, the random-state scramble ``npuzzle scramble --seed S`` and a player's solve of about
``--length`` single-tile moves (made here, not timed: from each position the first move of a shortest solution, and
now and then a random move instead, until the goal), analysed by :func:`npuzzle.analysis.analyse` in STM (with the
7/7-7 tables) and in MTM (with the multiset database), each timed alone in this process. **MTM solves**: the
scrambles of the seeds solved optimally in line moves (:func:`npuzzle.pdb.solve_with_multiset`), beside the line
count of a shortest single-tile solution. Prints one row each, then medians; every analysis is checked (its moves
lost add up to its length minus the start's distance).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from npuzzle import Board, goal_board, moves_to_letters, run
from npuzzle.analysis import analyse
from npuzzle.interchange import write_notation
from npuzzle.metric import count_moves
from npuzzle.pdb import read_multiset, solve_with_multiset, solve_with_pdb
from npuzzle.pdb.tables import PdbTables, load_tables
from npuzzle.registry import registry_with_tables
from npuzzle.scrambles import deal

from .common import PDB_DIR, SHIPPED_PDB, parse_ids

MTM_PDB = PDB_DIR / "15puzzle-mtm-5-4-4-2.pdb"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench speedsolving", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-10", help="scramble seeds (default: %(default)s)")
    parser.add_argument("--length", type=int, default=100, help="single-tile moves of a solve, about (default 100)")
    parser.add_argument("--solves", type=int, default=10, help="how many of the seeds to solve in MTM (default 10)")
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB)
    parser.add_argument("--mtm-pdb", type=Path, default=MTM_PDB)
    args = parser.parse_args(argv)
    tables = load_tables(args.pdb.read_bytes(), 4, 4)
    mtm = read_multiset(args.mtm_pdb)
    registry = registry_with_tables(tables).with_mtm(mtm)
    goal = goal_board(4, 4)
    seeds = sorted(parse_ids(args.seeds))
    print("seed  moves  start  mistakes   STM s  lines  start  mistakes   MTM s")
    stm_times: list[float] = []
    mtm_times: list[float] = []
    for seed in seeds:
        board = deal(4, 4, seed).board
        letters = player(board, goal, tables, args.length, random.Random(seed))
        text = write_notation(letters)
        row = [f"{seed:>4}", f"{len(letters):>5}"]
        for metric, times in (("stm", stm_times), ("mtm", mtm_times)):
            started = time.perf_counter()
            analysis = run(analyse(board, goal, text, metric, registry))
            times.append(time.perf_counter() - started)
            assert analysis.exact and analysis.lost == analysis.moves - analysis.distances[0], seed
            if metric == "mtm":
                row.append(f"{analysis.moves:>5}")
            row += [f"{analysis.distances[0]:>5}", f"{len(analysis.mistakes):>8}", f"{times[-1]:>7.3f}"]
        print("  ".join(row), flush=True)
    print(
        f"median: STM {statistics.median(stm_times):.3f} s (max {max(stm_times):.3f}), "
        f"MTM {statistics.median(mtm_times):.3f} s (max {max(mtm_times):.3f})"
    )
    if args.solves:
        print("\nseed  MTM optimal  single-tile optimal's lines  nodes expanded  seconds")
        solve_times: list[float] = []
        for seed in seeds[: args.solves]:
            board = deal(4, 4, seed).board
            started = time.perf_counter()
            result = run(solve_with_multiset(board, goal, mtm))
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


def player(board: Board, goal: Board, tables: PdbTables, length: int, rng: random.Random) -> str:
    """A solve of about ``length`` single-tile moves: shortest moves, and a random one (never straight back) with
    the chance that makes up the difference."""
    optimal = run(solve_with_pdb(board, goal, tables)).moves or ()
    chance = max(0.0, (length - len(optimal)) / 2 / max(1, length))
    letters: list[str] = []
    held = list(moves_to_letters(board, optimal))
    while board != goal:
        if rng.random() < chance and len(letters) < length:
            back = {"U": "D", "D": "U", "L": "R", "R": "L"}.get(letters[-1] if letters else "", "")
            letter = rng.choice([d for d in board.movable_tiles() if d != back])
            board = board.slide(letter)
            held = list(moves_to_letters(board, run(solve_with_pdb(board, goal, tables)).moves or ()))
        else:
            letter = held.pop(0)
            board = board.slide(letter)
        letters.append(letter)
    return "".join(letters)
