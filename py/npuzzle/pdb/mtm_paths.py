"""Line moves as a :class:`~npuzzle.optimal.all_paths.Space`: every optimal solution in the multi-tile metric, with
the multiset database's estimate.

The same set-up as the IDA* over line moves (:class:`~npuzzle.pdb.mtm_search.MtmRun`: the home-labelled board, the
two lookups' codes and exact estimates, the blank's lines): a state's key is its home-labelled board packed
(:mod:`npuzzle.optimal.packing`), its node the codes, the two estimates and the last move's axis (a line move along
the same axis is never tried: two in a row are one, or none, or a shorter one). Each line move's child is
estimated from its parent's as :func:`~npuzzle.pdb.mtm_search.deepen_mtm` does (the residue of a neighbour's
distance); its tiles are the board's own (the renaming undone).
"""

from __future__ import annotations

from ..board import Board
from ..optimal.all_paths import Child
from ..optimal.packing import Layout
from ..progress import Limit
from .mtm_search import RESIDUE_DELTA, MtmRun
from .multiset import MultisetDatabase

LineNode = tuple[int, int, int, int, int, int, int]
"""A state's low and high codes and its mirror image's, the two exact estimates and the last move's axis."""


class LineSpace:
    """Line moves from ``board`` to ``goal`` (a goal with its blank in a corner) under ``database``'s estimate and
    its transpose; raises as :class:`~npuzzle.pdb.mtm_search.MtmRun` does."""

    def __init__(self, database: MultisetDatabase, board: Board, goal: Board) -> None:
        self.run = run = MtmRun(database, board, goal, Limit(), 1.0)
        self.name = run.name
        self.original = run.original
        layout = Layout.of(board.rows, board.cols)
        self.layout = layout
        self.shift = [layout.shift(c) for c in range(board.size)]
        self.start = (layout.pack(run.start), (run.lo, run.hi, run.tlo, run.thi, run.h1, run.h2, -1))
        self.goal = layout.pack(run.goal)

    def children(self, key: int, node: LineNode, within: int) -> list[Child[LineNode]]:
        """The line moves from ``key`` (none along the last move's axis) to a child estimated within ``within``
        (the larger of the two lookups)."""
        run, shift = self.run, self.shift
        data, low, high = run.database.data, run.database.index.low, run.database.index.high
        labels, mirrored, original, tmask = run.L, run.TL, run.original, self.layout.tile_mask
        lo, hi, tlo, thi, h1, h2, axis = node
        out: list[Child[LineNode]] = []
        for line_axis, steps in run.lines[key & self.layout.blank_mask]:
            if line_axis == axis:
                continue
            clo, chi, ctlo, cthi, state, at = lo, hi, tlo, thi, key, key & self.layout.blank_mask
            moved: tuple[int, ...] = ()
            for p, dlo, dhi, tdlo, tdhi, _ in steps:  # one more tile of the line slides from p into at
                t = (state >> shift[p]) & tmask
                state += (t << shift[at]) - (t << shift[p]) + p - at
                at = p
                moved += (original[t],)
                clo += labels[t] * dlo
                chi += labels[t] * dhi
                ctlo += mirrored[t] * tdlo
                cthi += mirrored[t] * tdhi
                i = low[clo] + high[chi]
                n1 = h1 + RESIDUE_DELTA[((data[i >> 2] >> ((i & 3) << 1) & 3) - h1) % 3]
                i = low[ctlo] + high[cthi]
                n2 = h2 + RESIDUE_DELTA[((data[i >> 2] >> ((i & 3) << 1) & 3) - h2) % 3]
                if n1 <= within and n2 <= within:
                    out.append((state, (clo, chi, ctlo, cthi, n1, n2, line_axis), moved))
        return out
