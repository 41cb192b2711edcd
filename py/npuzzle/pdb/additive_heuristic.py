"""A bigger board's additive tables (:mod:`npuzzle.pdb.additive`) as a search's heuristic: what ``solve --prove``
runs IDA* with on a 5×5 or 6×6 when ``npuzzle pdb build --shape`` has built them."""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Board
from ..errors import PatternDatabaseError
from ..optimal.packing import Layout, Move
from .additive import AdditiveTables, in_corner, rank, symmetry_backs


class AdditiveHeuristic:
    """:class:`AdditiveTables` as a search's heuristic for one goal (the :class:`~npuzzle.optimal.heuristics.Heuristic`
    protocol): the largest of the partition's sums over the symmetries that apply. The compiled IDA*
    (:mod:`npuzzle.optimal.ida_numba`) reads :meth:`kernel_tables` and gives the same estimates."""

    admissible = True

    def __init__(self, tables: AdditiveTables, goal: Board) -> None:
        if (goal.rows, goal.cols) != (tables.rows, tables.cols):
            raise PatternDatabaseError(
                f"the {tables.name} tables are for a {tables.rows}×{tables.cols} board, not {goal.rows}×{goal.cols}"
            )
        if not in_corner(goal.rows, goal.cols, goal.blank_index):
            raise PatternDatabaseError(
                f"the additive tables need the goal's blank in a corner, not on cell {goal.blank_index}"
            )
        self.tables, self.goal = tables, goal
        self.name = f"additive-{tables.name}"
        """The heuristic's name: ``additive-6-6-6-6``."""
        self.layout = Layout.of(goal.rows, goal.cols)
        self.backs = symmetry_backs(goal.rows, goal.cols, goal.blank_index)
        self.views = tables.views(goal.tiles)
        self._last: tuple[int, list[int], list[list[int]], list[int]] | None = None
        self._kernel: tuple[object, ...] | None = None

    def _sums(self, where: Sequence[int]) -> tuple[list[list[int]], list[int]]:
        """Per symmetry, each group's rank and the sum of the tables, with the tiles on ``where[tile]``."""
        ranks = [self.tables.ranks(where, back, view) for back, view in zip(self.backs, self.views)]
        sums = [sum(table[r] for table, r in zip(self.tables.tables, rs)) for rs in ranks]
        return ranks, sums

    def initial(self, tiles: Sequence[int]) -> int:
        """The estimate for a row-major tile sequence."""
        where = [0] * len(tiles)
        for cell, tile in enumerate(tiles):
            where[tile] = cell
        return max(self._sums(where)[1], default=0)

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)`` for ``tile`` sliding from ``move.src`` to ``move.dst``: one group's rank a symmetry
        taken again (the state's ranks kept from the last call)."""
        if self._last is None or self._last[0] != state:
            tiles = self.layout.unpack(state)
            where = [0] * len(tiles)
            for cell, t in enumerate(tiles):
                where[t] = cell
            self._last = (state, where, *self._sums(where))
        _, where, ranks, sums = self._last
        n = self.goal.rows * self.goal.cols
        best = 0
        for back, view, rs, total in zip(self.backs, self.views, ranks, sums):
            for number, group in enumerate(view):
                if tile in group:
                    cells = [back[move.dst if t == tile else where[t]] for t in group]
                    table = self.tables.tables[number]
                    total += table[rank(cells, n)] - table[rs[number]]
                    break
            best = max(best, total)
        return best - max(sums, default=0)

    def kernel_tables(self) -> tuple[object, ...]:
        """What the compiled IDA* reads (numpy and numba required): the tables indexed sparsely
        (:func:`npuzzle.pdb.additive_numba.kernel_tables`) and, per symmetry and tile, its group, its place's weight in
        the group's sparse index and the cell map; made once (a second or two for the 5×5's)."""
        if self._kernel is None:
            from . import additive_numba  # numba: imported only here

            self._kernel = additive_numba.kernel_tables(self.tables, self.backs, self.views)
        return self._kernel
