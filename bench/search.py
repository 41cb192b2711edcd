"""Search speed in this Python: nodes per second of A* and IDA* per heuristic, and the compare table.

Run: ``python -m bench search`` (about 15 s, one core). Prints

* expansions and generated nodes per second of IDA* and A* with each heuristic on fixed 15-puzzles (each run
  capped by a node limit, so the figures are rates, not solve times), with the ratio against a naive baseline
  measured in the same run: IDA* over tuples that recomputes Manhattan distance from scratch at every node;
* whole solves of a few Korf instances with IDA* + linear conflict;
* the course's compare table (A* with each heuristic) for fixed 8-puzzles.

``--walking`` instead measures walking distance against linear conflict (the figures behind ``auto``'s choice):
A* with each on fixed and random 3×3 and 2×4 boards, and IDA* on random 3×4 and 4×3 boards (seeded, default and
custom goals) and on Korf's 15-puzzles, where walking distance runs its specialised IDA*
(:func:`npuzzle.optimal.walking_search.solve_with_walking_distance`, table building included in its time). Several
minutes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from npuzzle import Board, goal_board, parse_board
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.optimal.search import astar, idastar
from npuzzle.optimal.walking_search import solve_with_walking_distance
from npuzzle.progress import Limit, Search, run
from npuzzle.research.instances import korf100
from npuzzle.solvability import is_solvable
from npuzzle.solving.solve import compare

EIGHTS = {
    "hardest (31)": "8 6 7 / 2 5 4 / 3 0 1",
    "course example": "1 8 2 / 0 4 3 / 7 6 5",
    "reversed": "0 8 7 / 6 5 4 / 3 2 1",
}


def naive_idastar_rate(board: Board, goal: Board, node_limit: int) -> float:
    """Expansions per second of a plain IDA* over tuples with Manhattan recomputed at every node (the baseline)."""
    cols, n = board.cols, board.size
    where = {t: divmod(i, cols) for i, t in enumerate(goal.tiles)}

    def manhattan(tiles: tuple[int, ...]) -> int:
        total = 0
        for i, t in enumerate(tiles):
            if t:
                r, c = divmod(i, cols)
                gr, gc = where[t]
                total += abs(r - gr) + abs(c - gc)
        return total

    neighbours = []
    for cell in range(n):
        r, c = divmod(cell, cols)
        neighbours.append(
            [
                x
                for x, ok in (
                    (cell - cols, r > 0),
                    (cell + cols, r < board.rows - 1),
                    (cell - 1, c > 0),
                    (cell + 1, c < cols - 1),
                )
                if ok
            ]
        )
    expanded = 0
    t0 = time.perf_counter()
    bound = manhattan(board.tiles)
    while expanded < node_limit:
        stack = [(board.tiles, 0, -1)]
        nxt = 1 << 30
        while stack and expanded < node_limit:
            tiles, g, prev = stack.pop()
            expanded += 1
            blank = tiles.index(0)
            for nb in neighbours[blank]:
                if nb == prev:
                    continue
                cells = list(tiles)
                cells[blank], cells[nb] = cells[nb], 0
                child = tuple(cells)
                f = g + 1 + manhattan(child)
                if f > bound:
                    nxt = min(nxt, f)
                else:
                    stack.append((child, g + 1, blank))
        bound = nxt
    return expanded / (time.perf_counter() - t0)


def rate(search_name: str, heuristic: str, board: Board, goal: Board, nodes: int) -> tuple[float, float, int]:
    search = astar if search_name == "astar" else idastar
    h = make_heuristic(heuristic, goal)
    t0 = time.perf_counter()
    result = run(search(board, goal, h, Limit(nodes=nodes)))
    seconds = time.perf_counter() - t0
    return result.nodes_expanded / seconds, result.nodes_generated / seconds, result.nodes_expanded


def random_board(rng: random.Random, goal: Board) -> Board:
    """A uniformly random board that can reach ``goal``."""
    while True:
        tiles = list(range(goal.size))
        rng.shuffle(tiles)
        board = Board(goal.rows, goal.cols, tuple(tiles))
        if is_solvable(board, goal):
            return board


def timed(search_factory: Callable[[], Search]) -> tuple[int | None, int, float]:
    """(length, expanded, seconds) of one search, the set-up inside the factory included."""
    t0 = time.perf_counter()
    result = run(search_factory())
    return result.length, result.nodes_expanded, time.perf_counter() - t0


def walking_versus_linear(seed: int, per_shape: int, korf_ids: tuple[int, ...], seconds: float) -> None:
    """Print walking distance against linear conflict (see the module text)."""
    rng = random.Random(seed)
    cases: list[tuple[str, str, Board, Board]] = []
    for label, text in EIGHTS.items():
        cases.append(("astar", f"3×3 {label}", parse_board(text), goal_board(3, 3)))
    for rows, cols in ((3, 3), (2, 4)):
        for i in range(per_shape):
            goal = goal_board(rows, cols) if i % 2 == 0 else random_board(rng, goal_board(rows, cols))
            cases.append(
                ("astar", f"{rows}×{cols} random{'' if i % 2 == 0 else ', custom goal'}", random_board(rng, goal), goal)
            )
    for rows, cols in ((3, 4), (4, 3)):
        for i in range(per_shape):
            goal = goal_board(rows, cols) if i % 2 == 0 else random_board(rng, goal_board(rows, cols))
            cases.append(
                (
                    "idastar",
                    f"{rows}×{cols} random{'' if i % 2 == 0 else ', custom goal'}",
                    random_board(rng, goal),
                    goal,
                )
            )
    korf = {i.ident: i for i in korf100()}
    for ident in korf_ids:
        cases.append(("idastar", f"4×4 Korf #{ident}", korf[ident].board(), korf[ident].goal_board()))
    print(
        f"Walking distance (WD) against linear conflict (LC), seed {seed}, time limit {seconds:g} s per run; "
        f"A*: generic search with each heuristic; IDA*: generic IDA* + LC against the specialised WD IDA*"
    )
    print(
        f"{'algorithm':9}  {'board':28}  {'length':>6}  {'LC expanded':>12}  {'LC s':>7}  {'WD expanded':>12}  "
        f"{'WD s':>7}  {'LC s / WD s':>11}"
    )
    totals: dict[str, list[float]] = {}
    limit = Limit(seconds=seconds)
    for algorithm, label, board, goal in cases:

        def lc_run(board: Board = board, goal: Board = goal, algorithm: str = algorithm) -> Search:
            search = astar if algorithm == "astar" else idastar
            return search(board, goal, make_heuristic("linear-conflict", goal), limit)

        def wd_run(board: Board = board, goal: Board = goal, algorithm: str = algorithm) -> Search:
            if algorithm == "astar":
                return astar(board, goal, make_heuristic("walking-distance", goal), limit)
            return solve_with_walking_distance(board, goal, limit)

        lc_len, lc_nodes, lc_s = timed(lc_run)
        wd_len, wd_nodes, wd_s = timed(wd_run)
        if lc_len is not None and wd_len is not None:
            assert lc_len == wd_len, (label, lc_len, wd_len)
        length = "—" if lc_len is None and wd_len is None else str(lc_len if lc_len is not None else wd_len)
        key = f"{algorithm} {label.split()[0]}"
        totals.setdefault(key, [0.0, 0.0])
        totals[key][0] += lc_s
        totals[key][1] += wd_s
        print(
            f"{algorithm:9}  {label:28}  {length:>6}  {lc_nodes:12,}  {lc_s:7.2f}  {wd_nodes:12,}  {wd_s:7.2f}  "
            f"{lc_s / wd_s:11.2f}",
            flush=True,
        )
    print("\nTotals per algorithm and shape (seconds): LC, WD, LC / WD")
    for key, (lc_total, wd_total) in totals.items():
        print(f"  {key:16}  {lc_total:8.2f}  {wd_total:8.2f}  {lc_total / wd_total:6.2f}")


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench search", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller node limits (about 5 s in all)")
    parser.add_argument("--walking", action="store_true", help="walking distance against linear conflict instead")
    parser.add_argument("--seed", type=int, default=1, help="random boards' seed for --walking (default 1)")
    parser.add_argument("--per-shape", type=int, default=4, help="random boards per shape for --walking (default 4)")
    parser.add_argument("--korf", default="79,12,42,55,97", help="Korf instances (ids in Korf's 100) for --walking")
    parser.add_argument("--seconds", type=float, default=120.0, help="time limit per run for --walking")
    args = parser.parse_args(argv)
    if args.walking:
        walking_versus_linear(args.seed, args.per_shape, tuple(int(x) for x in args.korf.split(",") if x), args.seconds)
        return 0
    scale = 0.3 if args.quick else 1.0
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name}) — npuzzle search benchmark\n")

    korf = {i.ident: i for i in korf100()}
    board, goal = korf[1].board(), goal_board(4, 4, "blank-first")
    ida_nodes, astar_nodes = int(400_000 * scale), int(100_000 * scale)
    baseline = naive_idastar_rate(board, goal, int(60_000 * scale))
    print(
        f"Rates on Korf #1 (15-puzzle), capped runs; baseline = naive IDA* over tuples, Manhattan recomputed per "
        f"node: {baseline:,.0f} expansions/s\n"
    )
    print(f"{'algorithm':9}  {'heuristic':16}  {'expanded/s':>11}  {'generated/s':>11}  {'× baseline':>10}")
    for search_name, nodes, names in (
        ("idastar", ida_nodes, ("manhattan", "linear-conflict", "hamming")),
        ("astar", astar_nodes, ("manhattan", "linear-conflict", "hamming", "discrete")),
    ):
        for name in names:
            expanded, generated, _ = rate(search_name, name, board, goal, nodes)
            print(f"{search_name:9}  {name:16}  {expanded:11,.0f}  {generated:11,.0f}  {expanded / baseline:10.1f}")

    print("\nWhole solves, IDA* + linear conflict (Korf's instances, blank-first goal):")
    print(f"{'instance':>8}  {'length':>6}  {'expanded':>10}  {'seconds':>8}  {'expanded/s':>11}")
    for ident in (79, 12, 42) if args.quick else (79, 12, 42, 55, 97):
        b = korf[ident].board()
        t0 = time.perf_counter()
        result = run(idastar(b, goal, make_heuristic("linear-conflict", goal)))
        seconds = time.perf_counter() - t0
        assert result.length == korf[ident].optimal, (ident, result.length)
        print(
            f"{'#' + str(ident):>8}  {result.length:>6}  {result.nodes_expanded:>10,}  {seconds:8.2f}  "
            f"{result.nodes_expanded / seconds:11,.0f}"
        )

    goal8 = goal_board(3, 3)
    for label, text in EIGHTS.items():
        b = parse_board(text)
        print(f"\nCompare table, A* on the 8-puzzle {label}: {b.format(one_line=True)}")
        print(f"{'heuristic':16}  {'length':>6}  {'nodes expanded':>16}  {'max heap size':>13}  {'time (s)':>8}")
        for r in run(compare(b, goal8)):
            length = "—" if r.length is None else str(r.length)
            mark = "" if r.stopped is None else f"  (stopped: {r.stopped})"
            print(
                f"{r.heuristic:16}  {length:>6}  {r.nodes_expanded:16,}  {r.max_frontier:13,}  {r.seconds:8.3f}{mark}"
            )
    return 0
