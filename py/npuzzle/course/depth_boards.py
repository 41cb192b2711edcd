"""Boards at an exact distance from the goal, for the table by depth: drawn from the exhaustive table on boards of up to
9 cells (:class:`TableBoards`), and on bigger ones, the 15-puzzle's, from seeded random walks whose end an optimal
search proves exactly that far (:class:`WalkedBoards`). Either draws the same boards for the same seed on any machine.
On the bigger boards the same walks give the sample a heuristic is checked on (:func:`sample_table`).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Protocol

from ..board import Board, unchecked_board
from ..errors import LimitError
from ..optimal.packing import Layout
from ..progress import Limit, run
from ..research.exhaustive import MAX_EXHAUSTIVE_CELLS, DistanceTable
from ..research.labels import shared_table
from ..solving.solve import solve

MAX_WALKED_CELLS = 16
"""The biggest board drawn by walks (the 15-puzzle): above, an optimal search cannot prove a walk's end in time."""

MAX_WALKED_DEPTH = 30
"""The deepest boards drawn by walks: an optimal search (IDA* with linear conflicts) proves their distance in well
under a second each in CPython on the 15-puzzle."""

PROOF_NODES = 2_000_000
"""The most nodes a walk's end may take to prove its distance; one that takes more is passed over."""

WALKS_A_BOARD = 200
"""How many walks a board may take before the depth is said to be out of reach."""

SAMPLE_BOARDS = 10
"""Boards a distance in the sample a heuristic is checked on where every state is too many."""


class BoardSource(Protocol):
    """Where the table's boards come from: the ``goal``, the ``farthest`` depth it draws, and ``boards``."""

    @property
    def goal(self) -> Board: ...

    @property
    def farthest(self) -> int: ...

    def boards(self, depth: int, count: int, seed: str) -> Iterator[Board]: ...

    def out_of_reach(self, depth: int) -> str:
        """Why ``depth`` is not drawn, in a sentence."""


class TableBoards:
    """Boards drawn from ``table``, every board's distance (a board of up to 9 cells)."""

    def __init__(self, table: DistanceTable) -> None:
        self.table = table
        self.goal = table.goal
        self.farthest = table.diameter

    def out_of_reach(self, depth: int) -> str:
        """Why ``depth`` is not drawn, in a sentence."""
        return (
            f"no board of this shape is {depth} moves from the goal: depths go from 1 to {self.farthest} (the farthest)"
        )

    def boards(self, depth: int, count: int, seed: str) -> Iterator[Board]:
        """``count`` boards ``depth`` moves from the goal, drawn with the seed ``SEED/DEPTH``: distinct when the depth
        holds that many, else with repeats."""
        table = self.table
        states = [state for state, d in table.distances.items() if d == depth]
        rng = random.Random(f"{seed}/{depth}")
        chosen = rng.sample(states, count) if count <= len(states) else rng.choices(states, k=count)
        for state in chosen:
            yield unchecked_board(self.goal.rows, self.goal.cols, table.layout.unpack(state))


class WalkedBoards:
    """Boards drawn by walks from ``goal``: a walk of ``depth`` random moves (none undoing the one before), kept
    when an optimal search proves its end exactly ``depth`` moves away (:data:`MAX_WALKED_DEPTH` at most)."""

    def __init__(self, goal: Board) -> None:
        self.goal = goal
        self.farthest = MAX_WALKED_DEPTH

    def out_of_reach(self, depth: int) -> str:
        """Why ``depth`` is not drawn, in a sentence."""
        return (
            f"boards {depth} moves from the goal are not drawn on this shape: depths go from 1 to {self.farthest} "
            "(an optimal search proves each board's depth, which takes too long further out)"
        )

    def boards(self, depth: int, count: int, seed: str) -> Iterator[Board]:
        """``count`` boards ``depth`` moves from the goal, from walks seeded ``SEED/DEPTH``; raises
        :class:`~npuzzle.errors.LimitError` when :data:`WALKS_A_BOARD` walks in a row end nearer."""
        rng = random.Random(f"{seed}/{depth}")
        for _ in range(count):
            for _ in range(WALKS_A_BOARD):
                board = self._walk(depth, rng)
                if self._distance(board) == depth:
                    yield board
                    break
            else:
                raise LimitError(
                    f"{WALKS_A_BOARD} random walks of {depth} moves in a row ended nearer the goal: "
                    "give a smaller depth"
                )

    def _walk(self, depth: int, rng: random.Random) -> Board:
        board, back = self.goal, None
        for _ in range(depth):
            tiles = [tile for tile in sorted(board.movable_tiles().values()) if tile != back]
            back = rng.choice(tiles)
            board = board.apply([back])
        return board

    def _distance(self, board: Board) -> int | None:
        found = run(solve(board, self.goal, "idastar", "linear-conflict", Limit(nodes=PROOF_NODES)))
        return found.length if found.optimal else None


def check_walkable(goal: Board, what: str) -> None:
    """Raise :class:`~npuzzle.errors.LimitError` saying ``what`` takes boards of at most :data:`MAX_WALKED_CELLS`
    cells when ``goal``'s board is bigger."""
    if goal.size > MAX_WALKED_CELLS:
        raise LimitError(
            f"{what} boards of at most {MAX_WALKED_CELLS} cells (the 15-puzzle), not a {goal.rows}×{goal.cols} board"
        )


def board_source(goal: Board) -> TableBoards | WalkedBoards:
    """The boards of ``goal``'s shape: from the shared exhaustive table up to 9 cells, else from walks (a board of at
    most :data:`MAX_WALKED_CELLS` cells)."""
    if goal.size <= MAX_EXHAUSTIVE_CELLS:
        return TableBoards(shared_table(goal))
    check_walkable(goal, "the table by depth draws")
    return WalkedBoards(goal)


@dataclass(frozen=True, slots=True)
class SampleTable:
    """Boards of ``goal``'s shape with their exact distances (``distances``, by packed state in ``layout``): the goal
    and up to ``per_depth`` boards at each distance from 1 to ``farthest``, drawn by :class:`WalkedBoards`."""

    goal: Board
    layout: Layout
    distances: dict[int, int]
    per_depth: int
    farthest: int

    def to_dict(self) -> dict[str, int]:
        """What the sample is, as JSON-able values: its ``boards``, ``per_depth`` and ``farthest``."""
        return {"boards": len(self.distances), "per_depth": self.per_depth, "farthest": self.farthest}


def sample_table(
    goal: Board, per_depth: int = SAMPLE_BOARDS, seed: str = "sample"
) -> Generator[float, None, SampleTable]:
    """The sample of ``goal``'s boards a heuristic is checked on: the goal and ``per_depth`` boards at each distance
    from 1 to :data:`MAX_WALKED_DEPTH` (fewer where walks meet; on a small board up to the farthest that walks reach),
    the same for the same seed; yields the fraction done after each distance. The board is one of at most
    :data:`MAX_WALKED_CELLS` cells (:func:`check_walkable`)."""
    layout = Layout.of(goal.rows, goal.cols)
    walked = WalkedBoards(goal)
    distances = {layout.pack(goal.tiles): 0}
    farthest = 0
    for depth in range(1, MAX_WALKED_DEPTH + 1):
        try:
            for board in walked.boards(depth, per_depth, seed):
                distances.setdefault(layout.pack(board.tiles), depth)
        except LimitError:
            break  # walks no longer reach this far: the board's farthest boards are nearer
        farthest = depth
        yield depth / MAX_WALKED_DEPTH
    return SampleTable(goal, layout, distances, per_depth, farthest)


def checked_boards(goal: Board) -> Generator[float, None, DistanceTable | SampleTable]:
    """The boards a heuristic is checked on, with their distances: every state of a board of up to 9 cells (the shared
    exhaustive table, at once), else :func:`sample_table`'s (a board of at most :data:`MAX_WALKED_CELLS` cells:
    :func:`check_walkable` first); yields the fraction done."""
    if goal.size <= MAX_EXHAUSTIVE_CELLS:
        return shared_table(goal)
    return (yield from sample_table(goal))
