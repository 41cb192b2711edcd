"""Every state of a small board with its exact distance to a goal, by one breadth-first search from the goal.

On boards of at most :data:`MAX_EXHAUSTIVE_CELLS` cells (the 8-puzzle's 181,440 solvable states and every smaller
shape) a breadth-first search from the goal labels each reachable state with its optimal distance in O(states ·
4): about a second in CPython for the 8-puzzle. :func:`all_states` streams every state in order of distance with one
optimal solution each (two layers held at a time); :class:`DistanceTable` keeps the distances for lookups (about
20 MB for the 8-puzzle), in either metric (:mod:`npuzzle.optimal.metric`: single tiles, or whole lines slid at once).
States are packed ints (:mod:`npuzzle.optimal.packing`); moves are the U/D/L/R letters of :mod:`npuzzle.board` (the
direction the tile moves).

>>> from npuzzle import goal_board, parse_board
>>> table = DistanceTable.build(goal_board(3, 3))
>>> len(table), table.diameter, table.distance(parse_board("8 6 7 / 2 5 4 / 3 0 1"))
(181440, 31, 31)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..board import Board, unchecked_board
from ..errors import LimitError
from ..optimal.metric import Metric, line_children, tile_letter
from ..optimal.packing import Layout

MAX_EXHAUSTIVE_CELLS = 9
"""The most cells a board may have for an exhaustive search: 3×3 (181,440 states); 2×5 would be ten times more."""


def check_exhaustive(goal: Board) -> None:
    """Raise :class:`~npuzzle.errors.LimitError` unless ``goal``'s board is small enough for an exhaustive
    search."""
    if goal.size > MAX_EXHAUSTIVE_CELLS:
        raise LimitError(
            f"an exhaustive search covers boards of at most {MAX_EXHAUSTIVE_CELLS} cells (3×3), not a "
            f"{goal.rows}×{goal.cols} board of {goal.size:,} cells"
        )


def all_states(goal: Board) -> Iterator[tuple[Board, str]]:
    """Every board that can reach ``goal``, each once with one optimal solution as U/D/L/R letters (its length is
    the distance), in order of distance from the goal itself; raises :class:`~npuzzle.errors.LimitError` above
    :data:`MAX_EXHAUSTIVE_CELLS` cells."""
    check_exhaustive(goal)
    layout = Layout.of(goal.rows, goal.cols)
    mask = layout.blank_mask
    backs = {step: tile_letter(layout, -step) for step in (1, -1, layout.cols, -layout.cols)}  # undo a move's step
    start = layout.pack(goal.tiles)
    seen = {start}
    layer: list[tuple[int, str]] = [(start, "")]
    while layer:
        following: list[tuple[int, str]] = []
        for state, path in layer:
            yield unchecked_board(goal.rows, goal.cols, layout.unpack(state)), path
            for move in layout.moves[state & mask]:
                child = layout.slide(state, move)[1]
                if child not in seen:
                    seen.add(child)
                    following.append((child, backs[move.blank_step] + path))
        layer = following


@dataclass(frozen=True, slots=True)
class DistanceTable:
    """The exact distance to ``goal`` of every board that can reach it (a small board: see the module text),
    counted in ``metric``."""

    goal: Board
    layout: Layout
    distances: dict[int, int]
    metric: Metric = "stm"

    @classmethod
    def build(cls, goal: Board, metric: Metric = "stm") -> DistanceTable:
        """The table of ``goal``'s board, by one breadth-first search (about a second for the 8-puzzle); raises
        :class:`~npuzzle.errors.LimitError` above :data:`MAX_EXHAUSTIVE_CELLS` cells."""
        check_exhaustive(goal)
        layout = Layout.of(goal.rows, goal.cols)
        mask = layout.blank_mask
        start = layout.pack(goal.tiles)
        distances = {start: 0}
        layer = [start]
        depth = 0
        while layer:  # written out: the 8-puzzle's 181,440 states in about a second
            depth += 1
            following = []
            for state in layer:
                if metric == "mtm":
                    children = [child for child, _, _ in line_children(layout, state)]
                else:
                    children = [layout.slide(state, move)[1] for move in layout.moves[state & mask]]
                for child in children:
                    if child not in distances:
                        distances[child] = depth
                        following.append(child)
            layer = following
        return cls(goal, layout, distances, metric)

    def __len__(self) -> int:
        return len(self.distances)

    @property
    def diameter(self) -> int:
        """The largest distance of any state (31 for the 8-puzzle)."""
        return max(self.distances.values())

    def distance(self, board: Board) -> int:
        """The optimal number of moves from ``board`` to the goal; raises ``KeyError`` for a board that cannot
        reach it (another shape, or the other parity class)."""
        return self.distances[self.layout.pack(board.tiles)]

    def optimal_letters(self, board: Board) -> str:
        """One optimal solution from ``board`` as U/D/L/R letters (a line move as its letter repeated): at each step
        the first move (U, D, L, R order of :data:`~npuzzle.board.DIRECTIONS`, fewer tiles first) to a state one
        move closer."""
        layout, distances = self.layout, self.distances
        state = layout.pack(board.tiles)
        left = distances[state]
        letters: list[str] = []
        order = {"U": 0, "D": 1, "L": 2, "R": 3}
        while left:
            if self.metric == "mtm":
                moves = list(line_children(layout, state))
            else:
                moves = [(layout.slide(state, m)[1], m.blank_step, 1) for m in layout.moves[state & layout.blank_mask]]
            steps = [
                (order[tile_letter(layout, step)], count, child)
                for child, step, count in moves
                if distances[child] == left - 1
            ]
            letter_rank, count, state = min(steps)
            letters.append("UDLR"[letter_rank] * count)
            left -= 1
        return "".join(letters)
