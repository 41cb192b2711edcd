"""Lower bounds on the moves left, kept up to date along a played solve one single-tile move at a time.

What an analysis gives at every position of a board it has no exact source for
(:func:`npuzzle.speedsolving.analysis.analyse`): in single-tile moves the Manhattan distance plus linear conflicts
(:func:`npuzzle.nearoptimal.manhattan_linear_conflict`), in line moves the summed row and column distances
each divided by what one line move can lower them by (:func:`npuzzle.solving.multitile.mtm_lower_bound`). Both are made
of per-tile distances and per-line conflicts, and a move changes one tile's distance by one and the conflicts of one
line at most (the row or column the tile enters or leaves, if its goal lies there), so a move costs O(1), or O(w
log w) for a line of ``w`` cells, where recomputing a position costs O(cells): a 100,000-move solve on 20×20 is
read in a fraction of a second, not a minute.
"""

from __future__ import annotations

from ..board import Board, Replay
from ..optimal.heuristics import conflict_moves


class WalkedBounds:
    """``board`` played towards ``goal`` move by move (:meth:`play`), with the lower bounds of where it stands
    (:meth:`stm`, :meth:`mtm`)."""

    __slots__ = ("across", "col_conflicts", "conflicts", "down", "goal_col", "goal_row", "replay", "row_conflicts")

    def __init__(self, board: Board, goal: Board) -> None:
        rows, cols = board.rows, board.cols
        self.replay = Replay(board)
        self.goal_row, self.goal_col = [0] * board.size, [0] * board.size
        for cell, tile in enumerate(goal.tiles):
            self.goal_row[tile], self.goal_col[tile] = divmod(cell, cols)
        self.down = self.across = 0
        for cell, tile in enumerate(board.tiles):
            if tile:
                self.down += abs(cell // cols - self.goal_row[tile])
                self.across += abs(cell % cols - self.goal_col[tile])
        self.row_conflicts = [self._row(r) for r in range(rows)]
        self.col_conflicts = [self._col(c) for c in range(cols)]
        self.conflicts = sum(self.row_conflicts) + sum(self.col_conflicts)

    def _row(self, r: int) -> int:
        cols, goal_row, goal_col = self.replay.cols, self.goal_row, self.goal_col
        line = self.replay.cells[r * cols : (r + 1) * cols]
        return conflict_moves(goal_col[t] for t in line if t and goal_row[t] == r)

    def _col(self, c: int) -> int:
        goal_row, goal_col = self.goal_row, self.goal_col
        line = self.replay.cells[c :: self.replay.cols]
        return conflict_moves(goal_row[t] for t in line if t and goal_col[t] == c)

    def play(self, letter: str) -> int:
        """Play one single-tile move (a letter, the direction the tile moves; a
        :class:`~npuzzle.errors.MoveError` when it cannot be played) and return its cost in cells read: 1, or the
        length of the line whose conflicts it changed."""
        replay = self.replay
        to = replay.blank
        replay.play(letter)
        tile, came, cols = replay.cells[to], replay.blank, replay.cols
        if came - to in (cols, -cols):  # a vertical move: the row distance, and the goal row's conflicts
            home = self.goal_row[tile]
            self.down += abs(to // cols - home) - abs(came // cols - home)
            if home in (to // cols, came // cols):
                before, self.row_conflicts[home] = self.row_conflicts[home], self._row(home)
                self.conflicts += self.row_conflicts[home] - before
                return cols
            return 1
        home = self.goal_col[tile]
        self.across += abs(to % cols - home) - abs(came % cols - home)
        if home in (to % cols, came % cols):
            before, self.col_conflicts[home] = self.col_conflicts[home], self._col(home)
            self.conflicts += self.col_conflicts[home] - before
            return replay.rows
        return 1

    def stm(self) -> int:
        """Manhattan distance plus linear conflicts of the board as played: single-tile moves."""
        return self.down + self.across + self.conflicts

    def mtm(self) -> int:
        """The row distances over ``rows − 1`` plus the column distances over ``cols − 1``, each rounded up: line
        moves."""
        return -(-self.down // (self.replay.rows - 1)) + -(-self.across // (self.replay.cols - 1))

    def at_goal(self, goal: Board) -> bool:
        """Whether the board as played is ``goal``."""
        return tuple(self.replay.cells) == goal.tiles
