"""Single-tile moves as a :class:`~npuzzle.optimal.all_paths.Space` under the additive pattern database: every
optimal solution of a 15-puzzle at the speed of the database's own IDA*'s estimate, not of the generic heuristic's
whole-board lookups (:class:`~npuzzle.pdb.tables.PdbHeuristic`, about a millisecond each).

The same set-up as that IDA* (:class:`~npuzzle.pdb.search_run.SearchRun`: the home-labelled board, each pattern's
lead/tail number and excess for the board and its reflection, the move tables that never undo the last move): a
state's key is its home-labelled board packed (:mod:`npuzzle.optimal.packing`), its node the two estimates, the
numbers and excesses, and the blank's last cell. A move's child is estimated by :meth:`SearchRun.changed
<npuzzle.pdb.search_run.SearchRun.changed>`; its tile is the board's own (the renaming undone).
"""

from __future__ import annotations

from ..board import Board
from ..optimal.all_paths import Child
from ..optimal.packing import Layout
from ..progress import Limit
from .search import home_board
from .search_run import SearchRun
from .tables import PdbTables, useful_reflection

PdbNode = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A state's estimates (the board's and the reflection's), its patterns' numbers and excesses for both lookups, and
the blank's cell before the last move (the board's size: none)."""


class PdbSpace:
    """Single-tile moves from ``board`` to ``goal`` (a goal with its blank in a corner) under ``tables`` and, where
    it helps, their reflected lookup; raises as :func:`~npuzzle.pdb.search.solve_with_pdb` does."""

    def __init__(self, tables: PdbTables, board: Board, goal: Board) -> None:
        start, self.original = home_board(board, goal, tables)
        self.run = run = SearchRun(tables, start, useful_reflection(tables.database), Limit(), 1.0)
        self.name = run.name
        self.layout = layout = Layout.of(board.rows, board.cols)
        self.shift = [layout.shift(c) for c in range(board.size)]
        ex, ey = tuple(run.EX), tuple(run.EY)
        self.start = (layout.pack(start), (run.h0, run.r0, tuple(run.X), ex, tuple(run.Y), ey, run.n))
        self.goal = layout.pack(range(board.size))

    def children(self, key: int, node: PdbNode, within: int) -> list[Child[PdbNode]]:
        """The moves from ``key`` (not undoing the last) to a child estimated within ``within`` by both lookups."""
        run, shift, tmask, original = self.run, self.shift, self.layout.tile_mask, self.original
        h, r, xs, exs, ys, eys, prev = node
        z = key & self.layout.blank_mask
        out: list[Child[PdbNode]] = []
        for p, dm, dw1, dw2, rdw1, rdw2 in run.NB[z * run.stride + prev]:
            t = (key >> shift[p]) & tmask
            x, ex = list(xs), list(exs)
            nh = _step(run, h + dm[t], run.K[t], run.S1[t], run.S2[t], run.OT[t], x, ex, dw1[t], dw2[t])
            if nh > within:
                continue
            y, ey = list(ys), list(eys)
            nr = _step(run, r + dm[t], run.RK[t], run.RS1[t], run.RS2[t], run.ROT[t], y, ey, rdw1[t], rdw2[t])
            if nr > within:
                continue
            child = key + (t << shift[z]) - (t << shift[p]) + p - z
            out.append((child, (nh, nr, tuple(x), tuple(ex), tuple(y), tuple(ey), z), (original[t],)))
        return out


def _step(run: SearchRun, h: int, k: int, s: int, s2: int, o: int, x: list[int], e: list[int], d1: int, d2: int) -> int:
    """The estimate ``h`` (its Manhattan part already moved) after a move that adds ``d1`` (and ``d2``) to the
    numbers of patterns ``s`` (and ``s2``); ``x`` and ``e`` (the patterns' numbers and excesses) are moved too."""
    moved = run.changed(h, k, s, s2, o, x, e, d1, d2)
    x[s] += d1
    e[s] = run.excess(x[s])
    if k == 2:
        x[s2] += d2
        e[s2] = run.excess(x[s2])
    return moved
