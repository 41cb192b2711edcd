"""The messages of a split search (:mod:`npuzzle.pdb.split`): a :class:`Task` (one subtree of one iteration) and
its :class:`Answer`, as JSON-able records checked field by field when read back from JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Board, goal_board
from ..errors import SplitError, show_value
from ..solvability import check_reachable

MAX_BUDGET = 100
"""The most moves a task may search below its node (the 15-puzzle needs at most 80 in all)."""


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SplitError(f"{name} must be a whole number from {low} to {high:,}, got {show_value(value)}")
    return value


def _fields(value: object, what: str, names: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SplitError(f"{what} must be an object with {', '.join(names)}, got {show_value(value)}")
    missing = [name for name in names if name not in value]
    if missing:
        raise SplitError(f"{what} has no {missing[0]!r} field")
    return value


@dataclass(frozen=True, slots=True)
class Task:
    """One subtree of one iteration: frontier node ``index`` (its home-labelled ``tiles``, the blank's cell before
    it ``prev``) searched to ``budget`` more moves for the iteration with bound ``bound``."""

    bound: int
    index: int
    tiles: tuple[int, ...]
    prev: int | None
    budget: int

    def to_json(self) -> dict[str, Any]:
        """The task as a JSON object with the same field names."""
        return {"bound": self.bound, "index": self.index, "tiles": list(self.tiles), "prev": self.prev,
                "budget": self.budget}  # fmt: skip

    @classmethod
    def from_json(cls, value: object, rows: int = 4, cols: int = 4) -> Task:
        """A task read from JSON for a ``rows``×``cols`` board, checked before anything else is built: the tiles a
        permutation in reach of the home goal, ``prev`` a cell next to the blank (or null); raises
        :class:`SplitError` (or :class:`~npuzzle.errors.UnsolvableError`) naming the bad field."""
        data = _fields(value, "a task", ("bound", "index", "tiles", "prev", "budget"))
        n = rows * cols
        bound = _whole(data["bound"], "the task's bound", 0, MAX_BUDGET)
        index = _whole(data["index"], "the task's index", 0, 10**6)
        budget = _whole(data["budget"], "the task's budget", 0, bound)
        tiles = data["tiles"]
        if not isinstance(tiles, list) or len(tiles) != n:
            raise SplitError(f"the task's tiles must be a list of {n} numbers, got {show_value(tiles)}")
        for tile in tiles:
            _whole(tile, "a tile of the task", 0, n - 1)
        if len(set(tiles)) != n:
            raise SplitError(f"the task's tiles must hold each of 0 to {n - 1} once, got {show_value(tiles)}")
        check_reachable(Board(rows, cols, tuple(tiles)), goal_board(rows, cols, "blank-first"))
        prev = data["prev"]
        if prev is not None:
            z = tiles.index(0)
            _whole(prev, "the task's prev", 0, n - 1)
            if abs(prev - z) not in (1, cols) or (abs(prev - z) == 1 and prev // cols != z // cols):
                raise SplitError(f"the task's prev must be a cell next to the blank (cell {z}), got {prev}")
        return cls(bound, index, tuple(tiles), prev, budget)


@dataclass(frozen=True, slots=True)
class Answer:
    """What a worker gives back for the :class:`Task` (``bound``, ``index``): the blank's cells along a solution of
    exactly its budget (the node's own cell first), or ``None``, and the nodes expanded and generated."""

    bound: int
    index: int
    cells: tuple[int, ...] | None
    expanded: int
    generated: int

    def to_json(self) -> dict[str, Any]:
        """The answer as a JSON object with the same field names."""
        cells = None if self.cells is None else list(self.cells)
        return {"bound": self.bound, "index": self.index, "cells": cells, "expanded": self.expanded,
                "generated": self.generated}  # fmt: skip

    @classmethod
    def from_json(cls, value: object) -> Answer:
        """An answer read from JSON; raises :class:`SplitError` naming a missing or mistyped field (whether it
        belongs to the search is :meth:`Coordinator.take`'s to check)."""
        data = _fields(value, "an answer", ("bound", "index", "cells", "expanded", "generated"))
        bound = _whole(data["bound"], "the answer's bound", 0, MAX_BUDGET)
        index = _whole(data["index"], "the answer's index", 0, 10**6)
        expanded = _whole(data["expanded"], "the answer's expanded", 0, 10**15)
        generated = _whole(data["generated"], "the answer's generated", 0, 10**16)
        cells = data["cells"]
        if cells is not None:
            if not isinstance(cells, list) or not 1 <= len(cells) <= MAX_BUDGET + 1:
                raise SplitError(f"the answer's cells must be null or a list of cells, got {show_value(cells)}")
            for cell in cells:
                _whole(cell, "a cell of the answer", 0, 10**4)
            cells = tuple(cells)
        return cls(bound, index, cells, expanded, generated)
