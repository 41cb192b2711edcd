"""The textbook's experiment: search cost and effective branching factor by solution depth (AIMA 4th ed., Fig. 3.26;
3rd ed., Fig. 3.29), reproduced on 8-puzzles drawn at each exact depth from the exhaustive distance table.

The counting convention is the book's: a search's cost is the nodes it generated, every successor made, repeats
included (the start not counted); breadth-first search tests the goal as a state is generated, A* as it is taken off
the queue, ties among equal f first in, first out (:func:`~npuzzle.course.reference.astar`), IDA* over all its
iterations. The effective branching factor b* is that of a uniform tree of the solution's depth d with N + 1 nodes:
N + 1 = 1 + b* + b*² + … + b*^d, for N the mean cost at that depth (:func:`effective_branching`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from ..board import Board
from ..errors import LimitError, quote_input
from ..optimal.heuristics import make_heuristic
from ..progress import SearchStopped, StopReason
from .depth_boards import BoardSource
from .reference import Estimator, Found, SlidingPuzzle, astar, breadth_first, idastar

Algorithm = Literal["bfs", "astar", "idastar"]

BOOK: dict[int, dict[str, tuple[int, float | None]]] = {
    12: {"bfs": (2_672, 1.80), "astar hamming": (279, 1.45), "astar manhattan": (84, 1.28)},
    24: {"bfs": (290_082, None), "astar hamming": (53_039, None), "astar manhattan": (5_733, None)},
}
"""The book's figures (AIMA 4th ed., Fig. 3.26, 100 boards a depth): per depth and run, the mean nodes generated
and b* where we have them."""


def book_figures(goal: Board, depth: int) -> dict[str, tuple[int, float | None]]:
    """The book's figures at ``depth`` (:data:`BOOK`) when ``goal`` is an 8-puzzle's (the book's board), else none."""
    return BOOK.get(depth, {}) if (goal.rows, goal.cols) == (3, 3) else {}


MAX_BOARDS = 1_000
"""The most boards a depth may be asked for."""

MOST_EXPANSIONS = 2_000_000
"""A search's cap of expansions: one that reaches it did not finish (the book's "—"); the 8-puzzle's breadth-first
search never does (181,440 states)."""


@dataclass(frozen=True, slots=True)
class Runner:
    """One column group of the table: an ``algorithm`` and, but for breadth-first search, the estimate it uses
    (``estimator``, called ``heuristic``)."""

    algorithm: Algorithm
    heuristic: str | None = None
    estimator: Estimator | None = None

    @property
    def key(self) -> str:
        """How the table names it: ``bfs``, ``astar manhattan``."""
        return self.algorithm if self.heuristic is None else f"{self.algorithm} {self.heuristic}"

    def search(self, board: Board, goal: Board, most: int) -> Found[tuple[int, ...]]:
        """This run on ``board`` → ``goal``, at most ``most`` expansions."""
        problem = SlidingPuzzle(board, goal, self.estimator or make_heuristic("discrete", goal))
        if self.algorithm == "bfs":
            return breadth_first(problem, most)
        if self.algorithm == "astar":
            return astar(problem, most, ties="first-in")
        return idastar(problem, most)


BOOK_RUNS = "bfs,astar:misplaced,astar:manhattan"
"""The book's three runs, as :func:`parse_runs` reads them."""


def parse_runs(text: str, estimate: Callable[[str], Estimator]) -> list[Runner]:
    """The runs of ``text``: comma-separated ``bfs``, ``astar:HEURISTIC`` and ``idastar:HEURISTIC``, each heuristic
    made by ``estimate`` (e.g. :func:`~npuzzle.course.student.estimator`); raises
    :class:`~npuzzle.errors.LimitError` for any other run."""
    out = []
    for item in (part.strip() for part in text.split(",") if part.strip()):
        algorithm, _, heuristic = item.partition(":")
        if algorithm == "bfs" and not heuristic:
            out.append(Runner("bfs"))
        elif algorithm in ("astar", "idastar") and heuristic:
            made = estimate(heuristic)
            out.append(Runner("astar" if algorithm == "astar" else "idastar", made.name, made))
        else:
            raise LimitError(f"{quote_input(item)} is not a run: give bfs, astar:HEURISTIC or idastar:HEURISTIC")
    if not out:
        raise LimitError(f"{quote_input(text)} names no run: give bfs, astar:HEURISTIC or idastar:HEURISTIC")
    return out


def read_depths(text: str) -> list[int]:
    """Depths as ``2,4,6``, ``2-24`` or ``2-24:2`` (from, to, step), or a mix (``2-10:2,15``), sorted; raises
    :class:`~npuzzle.errors.LimitError` naming a part that is none of these."""
    out: list[int] = []
    for part in (piece.strip() for piece in text.split(",") if piece.strip()):
        found = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+)(?:\s*:\s*(\d+))?)?", part)
        if found is None:
            raise LimitError(f"{quote_input(part)} is not a depth: give N, FROM-TO or FROM-TO:STEP (2-24:2)")
        first = int(found.group(1))
        last = int(found.group(2) or first)
        step = int(found.group(3) or 1)
        if last < first or step < 1:
            raise LimitError(
                f"{quote_input(part)} holds no depth: FROM-TO:STEP needs FROM ≤ TO and a step of at least 1"
            )
        out.extend(range(first, min(last, first + 1000) + 1, step))
    if not out:
        raise LimitError(f"{quote_input(text)} names no depth: give N, FROM-TO or FROM-TO:STEP (2-24:2)")
    return sorted(set(out))


def effective_branching(nodes: float, depth: int) -> float:
    """b*: the branching factor of a uniform tree ``depth`` deep with ``nodes`` + 1 nodes (bisection, to 1e-9)."""
    if depth <= 0:
        raise ValueError(f"b* needs a depth of at least 1, not {depth}")
    low, high = 0.0, max(2.0, nodes)
    while high - low > 1e-9:
        b = (low + high) / 2
        total = sum(b**i for i in range(depth + 1))
        if total < nodes + 1:
            low = b
        else:
            high = b
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Cell:
    """One run at one depth: the mean nodes generated over the boards it finished (``None``: none), b* of that mean,
    how many boards it ``finished`` (within the cap), and on how many it returned a path ``longer`` than the
    optimum (possible only with an estimate that overestimates)."""

    nodes: float | None
    b_star: float | None
    finished: int
    longer: int


@dataclass(frozen=True, slots=True)
class DepthRow:
    """One depth's line: the ``depth``, the ``boards`` searched, and a :class:`Cell` per run (by its key)."""

    depth: int
    boards: int
    cells: dict[str, Cell]

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values."""
        cells = {key: asdict(cell) for key, cell in self.cells.items()}
        return {"depth": self.depth, "boards": self.boards, "cells": cells}


@dataclass(frozen=True, slots=True)
class DepthTable:
    """The table: a :class:`DepthRow` per depth done, the runs' keys, the goal and seed the boards were drawn with,
    and what stopped it early (``None``: every depth done)."""

    rows: tuple[DepthRow, ...]
    runs: tuple[str, ...]
    goal: Board
    seed: str
    stopped: StopReason | None = None

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values, each row with the book's figures beside (``book``: nodes and b* per run, where it
        gives them)."""
        rows = []
        for row in self.rows:
            given = book_figures(self.goal, row.depth)
            rows.append({**row.to_dict(), "book": {key: {"nodes": n, "b_star": b} for key, (n, b) in given.items()}})
        return {
            "rows": rows,
            "runs": list(self.runs),
            "goal": list(self.goal.tiles),
            "seed": self.seed,
            "stopped": self.stopped,
        }


@dataclass(frozen=True, slots=True)
class DepthProgress:
    """Where the table is: ``searched`` boards of ``total`` (every depth's), now at ``depth``."""

    searched: int
    total: int
    depth: int

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values."""
        return asdict(self)


def check_request(source: BoardSource, depths: Sequence[int], boards: int) -> None:
    """Raise :class:`~npuzzle.errors.LimitError` for a depth ``source`` does not draw or a count of boards out of
    range."""
    for depth in depths:
        if not 1 <= depth <= source.farthest:
            raise LimitError(source.out_of_reach(depth))
    if not 1 <= boards <= MAX_BOARDS:
        raise LimitError(f"{boards} boards a depth: give 1 to {MAX_BOARDS:,}")


def depth_table(
    source: BoardSource,
    depths: Sequence[int],
    boards: int,
    runs: Sequence[Runner],
    seed: str = "lab",
    most: int = MOST_EXPANSIONS,
) -> Generator[DepthProgress, None, DepthTable]:
    """The table for ``depths``: ``boards`` boards a depth drawn by ``source``
    (:func:`~npuzzle.course.depth_boards.board_source`), each searched by every run of ``runs`` (at most ``most``
    expansions each); a :class:`DepthProgress` after each board. Stopped from outside
    (:func:`~npuzzle.progress.stop`), it returns the depths done. Raises as :func:`check_request`."""
    check_request(source, depths, boards)
    rows: list[DepthRow] = []
    keys = tuple(run.key for run in runs)
    total, done = boards * len(depths), 0
    try:
        for depth in depths:
            sums = {key: [0, 0, 0] for key in keys}  # nodes, finished, longer
            for board in source.boards(depth, boards, seed):
                for run in runs:
                    found = run.search(board, source.goal, most)
                    if found.path is not None:
                        cell = sums[run.key]
                        cell[0] += found.generated
                        cell[1] += 1
                        cell[2] += len(found.path) - 1 > depth
                done += 1
                yield DepthProgress(done, total, depth)
            cells = {}
            for key, (nodes, finished, longer) in sums.items():
                mean = nodes / finished if finished else None
                b_star = None if mean is None else effective_branching(mean, depth)
                cells[key] = Cell(mean, b_star, finished, longer)
            rows.append(DepthRow(depth, boards, cells))
    except SearchStopped as stop:
        return DepthTable(tuple(rows), keys, source.goal, seed, stop.reason)
    return DepthTable(tuple(rows), keys, source.goal, seed)
