"""Measure whether dual lookups (with BPMX) pay in the 7/7-7 search: nodes and seconds, beside today's search.

    python -m bench dual --ids 1-100 --hard              # Korf's 100 and the two 80-move boards
    python -m bench dual --check-only                    # only the 8-puzzle admissibility check
    python -m bench dual --pyodide --ids 1-100 --hard    # the same inside Pyodide under Node (the page's engine)

The *dual* of a board is its inverse permutation: tile ``v`` placed on the cell numbered by the tile that stands
on cell ``v``. Its distance to the goal equals the board's only when the blank is home (then the blank's path read
backwards is a legal path of the dual); elsewhere its pattern-database estimate is no lower bound. The script shows
this first, exhaustively on the 8-puzzle with a blank-free 4-4 additive database (every state's dual estimate
against its exact distance, by breadth-first search), then measures the one admissible use on the 15-puzzle: at
children whose blank moves home, the dual estimate and its reflection, pruning the child when they exceed its
budget, and with ``bpmx`` also the rest of its siblings when the child's estimate minus one exceeds the parent's
budget (Felner et al.'s bidirectional pathmax; the plain search's max of two consistent estimates gains nothing
from it). The variants are today's :func:`~npuzzle.pdb.search.solve_with_pdb` with those lines inserted into
its 7/7-7 hot loop (:mod:`npuzzle.pdb.loop_general`'s source patched in memory, nothing written), run one after
another on each board; every length is checked.
"""

from __future__ import annotations

import argparse
import inspect
import time
import types
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

import npuzzle.pdb.loop_general as loop_general
import npuzzle.pdb.search as plain
from npuzzle.board import Board, goal_board
from npuzzle.pdb.database import manhattan
from npuzzle.pdb.tables import PdbTables, load_tables, mirror_cell
from npuzzle.progress import Search, run

from .common import SHIPPED_PDB, korf_instances, published
from .native import HARD
from .pyodide import add_pyodide_option, rerun_in_pyodide

VARIANTS = ("plain", "dual", "dual+bpmx")

_ANCHOR = """            if nr > thr:
                continue
            slack = thr - (nh if nh > nr else nr)
            b[z] = t
            b[p] = 0
"""
_DUAL = """            if p == 0 and DUAL is not None:  # the blank came home: the dual lookups are admissible
                hd = DUAL(b, thr)
                if hd > thr:
                    b[p] = t
                    b[z] = 0
                    if BPMX and hd - 2 > thr:  # the parent's estimate is at least hd - 1, over its budget thr + 1
                        for _ in it:
                            pass
                    continue
"""


def patched_search(dual: Callable[[list[int], int], int], bpmx: bool) -> types.ModuleType:
    """A copy of :mod:`npuzzle.pdb.search` whose 7/7-7 hot loop (a patched copy of :mod:`npuzzle.pdb.loop_general`)
    also makes the dual lookups at home-blank children."""
    source = inspect.getsource(loop_general)
    assert source.count(_ANCHOR) == 1, "the hot loop changed: update bench/dual.py's anchor"
    loop = types.ModuleType("npuzzle.pdb.dual_loop")
    loop.__dict__.update(__package__="npuzzle.pdb", DUAL=dual, BPMX=bpmx)
    exec(compile(source.replace(_ANCHOR, _ANCHOR + _DUAL, 1), "<dual loop>", "exec"), loop.__dict__)
    module = types.ModuleType("npuzzle.pdb.dual_search")
    module.__dict__["__package__"] = "npuzzle.pdb"
    exec(compile(inspect.getsource(plain), "<dual search>", "exec"), module.__dict__)
    module.__dict__["deepen_general"] = loop.deepen_general  # the search picks its loop by this name when it starts
    return module


def dual_estimator(tables: PdbTables) -> Callable[[list[int], int], int]:
    """``estimate(b, budget)``: the dual lookup of the home-labelled board ``b`` (blank home) maxed with its
    reflection, the reflection skipped when the first already exceeds ``budget``."""
    db, index = tables.database, tables.index
    data, base, occupied, tail = db.data, index.base, index.occupied, index.tail_rank
    mask, shift = index.mask, index.shift
    n, cols = db.rows * db.cols, db.cols
    mirror = [mirror_cell(cols)(c) for c in range(n)]
    md = [manhattan(cols, v, c) if v else 0 for v in range(n) for c in range(n)]
    nib_shift = [4 if nibble == 2 else 0 for nibble in db.nibbles]
    nib_mask = [255 if nibble == 0 else 15 for nibble in db.nibbles]

    def lookups(cell_of: Callable[[int], int]) -> list[tuple[int, list[tuple[int, int]], int, int]]:
        """Per pattern: its packed top bits, (dual-board cell to read, weight) per tile, and its nibble."""
        out = []
        for g, pattern in enumerate(db.partition):
            lead = len(pattern) - 2
            weights = [16**i if i < lead else 16 ** (i - lead) << shift for i in range(len(pattern))]
            out.append((g << index.lead_bits, list(zip(map(cell_of, pattern), weights)), nib_shift[g], nib_mask[g]))
        return out

    # the dual holds tile v on cell b[v]; its reflection tile mirror(v) on mirror(b[v]): w on mirror(b[mirror(w)])
    straight, reflected = lookups(lambda v: v), lookups(lambda w: mirror[w])
    groups = db.groups

    def excess_sum(b: list[int], patterns: list[tuple[int, list[tuple[int, int]], int, int]], flip: bool) -> int:
        ex = []
        for top, cells, nshift, nmask in patterns:
            x = top
            for c, w in cells:
                x += w * (mirror[b[c]] if flip else b[c])
            lo = x & mask
            ex.append(data[base[lo] + tail[occupied[lo] + (x >> shift)]] >> nshift & nmask)
        return sum(max(ex[i] for i in group) for group in groups)

    def estimate(b: list[int], budget: int) -> int:
        distance = sum(md[v * n + b[v]] for v in range(1, n))
        h = distance + excess_sum(b, straight, False)
        return h if h > budget else max(h, distance + excess_sum(b, reflected, True))

    return estimate


def check_8_puzzle() -> tuple[int, int, int]:
    """Every 8-puzzle state against its exact distance: (states, duals overestimating with the blank elsewhere,
    duals overestimating with the blank home), for the blank-free additive 1-4 / 5-8 database."""
    rows = cols = 3
    n = rows * cols

    def moves(z: int) -> list[int]:
        r, c = divmod(z, cols)
        return [q for q, ok in ((z - cols, r), (z + cols, r < rows - 1), (z - 1, c), (z + 1, c < cols - 1)) if ok]

    goal = tuple(range(n))
    distance = {goal: 0}
    todo = deque([goal])
    while todo:
        state = todo.popleft()
        z = state.index(0)
        for q in moves(z):
            child = list(state)
            child[z], child[q] = child[q], 0
            key = tuple(child)
            if key not in distance:
                distance[key] = distance[state] + 1
                todo.append(key)

    def table(pattern: tuple[int, ...]) -> dict[tuple[int, ...], int]:
        """Moves of the pattern's tiles to bring them home, blank anywhere (0-1 breadth-first search)."""
        best: dict[tuple[tuple[int, ...], int], int] = {(pattern, 0): 0}
        queue = deque([(pattern, 0)])
        while queue:
            key = queue.popleft()
            cells, z = key
            for q in moves(z):
                moved = q in cells
                step = (tuple(z if c == q else c for c in cells), q)
                cost = best[key] + moved
                if step not in best or best[step] > cost:
                    best[step] = cost
                    (queue.append if moved else queue.appendleft)(step)
        out: dict[tuple[int, ...], int] = {}
        for (cells, _), cost in best.items():
            out[cells] = min(out.get(cells, cost), cost)
        return out

    patterns = ((1, 2, 3, 4), (5, 6, 7, 8))
    tables = [table(p) for p in patterns]
    elsewhere = home = 0
    for state, exact in distance.items():
        # the dual: tile v on cell state[v], so the cells of a pattern's tiles are state[v] for its v
        estimate = sum(t[tuple(state[v] for v in p)] for t, p in zip(tables, patterns))
        if estimate > exact:
            if state[0] == 0:
                home += 1
            else:
                elsewhere += 1
    return len(distance), elsewhere, home


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench dual", description=__doc__.split("\n")[0])
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB)
    parser.add_argument("--ids", default="1-100", help="Korf instance ids, e.g. 1-30,60 (default 1-100)")
    parser.add_argument("--hard", action="store_true", help="also the two 80-move boards (80a, 80b)")
    parser.add_argument("--check-only", action="store_true", help="only the 8-puzzle admissibility check")
    add_pyodide_option(parser)
    args = parser.parse_args(argv)
    if args.pyodide:
        return rerun_in_pyodide("dual", argv)

    states, elsewhere, home = check_8_puzzle()
    print(
        f"8-puzzle, blank-free 4-4 database: of {states:,} states, the dual estimate exceeds the exact distance in "
        f"{elsewhere:,} with the blank elsewhere and {home} with the blank home"
    )
    if args.check_only:
        return 1 if home else 0
    tables = load_tables(args.pdb.read_bytes(), 4, 4)
    estimate = dual_estimator(tables)
    searches: dict[str, Callable[[Board, Board, PdbTables], Search]] = {
        "plain": plain.solve_with_pdb,
        "dual": patched_search(estimate, False).solve_with_pdb,
        "dual+bpmx": patched_search(estimate, True).solve_with_pdb,
    }
    goal = goal_board(4, 4, "blank-first")
    boards: list[tuple[str, int, Sequence[int]]] = [
        (f"#{i.ident}", published(i), i.tiles) for i in korf_instances(None, args.ids)
    ]
    if args.hard:
        boards += [(name, 80, tuple(map(int, text.split()))) for name, text in HARD.items()]
    nodes = dict.fromkeys(VARIANTS, 0)
    seconds = dict.fromkeys(VARIANTS, 0.0)
    korf = dict.fromkeys(VARIANTS, 0.0)
    for name, optimal, tiles in boards:
        row = []
        for variant in VARIANTS:
            started = time.perf_counter()
            result = run(searches[variant](Board(4, 4, tuple(tiles)), goal, tables))
            took = time.perf_counter() - started
            if result.moves is None or len(result.moves) != optimal:
                print(f"{name}: {variant} found {result.moves and len(result.moves)} moves, not {optimal}")
                return 1
            expanded = result.nodes_expanded
            nodes[variant] += expanded
            seconds[variant] += took
            if name.startswith("#"):
                korf[variant] += took
            row.append(f"{variant} {expanded:>9,} {took:6.2f} s")
        print(f"{name:<5} {optimal} moves  " + "  ".join(row), flush=True)
    print("\ntotal, expanded nodes and seconds (ratio to plain):")
    for variant in VARIANTS:
        print(
            f"  {variant:<10} {nodes[variant]:>11,} ({nodes[variant] / nodes['plain']:.3f})  "
            f"{seconds[variant]:8.2f} s ({seconds[variant] / seconds['plain']:.3f})"
            + (f"  Korf's only {korf[variant]:.2f} s" if args.hard else "")
        )
    return 0
