"""A* and IDA* as the textbooks write them: read these first.

They search any :class:`Problem` (aima-python's shape: a start, successors in a fixed order, a goal test and an
estimate) and return a :class:`Found` with the path and the counts. :mod:`npuzzle.optimal.search` computes the same
thing fast: states packed into ints, the estimate updated per move instead of recomputed, limits, progress and cancel.
The tests hold the tuned searches to these (same length, same counts: children come in the same order and ties are
broken alike), so these are also the oracle.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Generic, Protocol, TypeVar

from ..board import Board
from ..optimal.heap import IndexedHeap
from ..optimal.heuristics import Heuristic
from ..optimal.packing import Layout

S = TypeVar("S", bound=Hashable)

_G_SPAN = 1 << 48
"""Keys are (f · _G_SPAN + (_G_SPAN − 1 − g)) · order_span + order: the smallest f first, among equal f the largest
g, then the smallest order."""


class Problem(Protocol[S]):
    """A search problem: ``initial``, ``successors(state)`` in a fixed order, ``is_goal(state)``, ``h(state)``, and
    ``order(state)``, a number in ``range(order_span)`` that breaks A*'s last ties (distinct states, distinct
    numbers)."""

    order_span: int

    @property
    def initial(self) -> S: ...

    def successors(self, state: S) -> Iterator[S]: ...

    def is_goal(self, state: S) -> bool: ...

    def h(self, state: S) -> int: ...

    def order(self, state: S) -> int: ...


@dataclass
class Found(Generic[S]):
    """A search's answer: the states from start to goal (``None``: no path), nodes expanded (goal not counted) and
    generated, the largest frontier (heap or stack), and for IDA* each iteration's (bound, nodes expanded)."""

    path: list[S] | None = None
    expanded: int = 0
    generated: int = 0
    max_frontier: int = 1
    per_iteration: list[tuple[int, int]] = field(default_factory=list)


def astar(problem: Problem[S]) -> Found[S]:
    """A* (Hart, Nilsson & Raphael 1968) on the updatable heap: a child reached by a shorter path gets its key
    lowered in place. The smallest f first, then the largest g, then the smallest ``order``: a total order, so any
    heap takes the same states. Optimal when ``h`` is admissible. Memory: every state reached."""
    found: Found[S] = Found()
    start = problem.initial
    g = {start: 0}
    parent: dict[S, S | None] = {start: None}
    heap = IndexedHeap[S]()
    span = problem.order_span
    heap.push((problem.h(start) * _G_SPAN + _G_SPAN - 1) * span + problem.order(start), start)
    while heap:
        _, state = heap.pop()
        if problem.is_goal(state):
            found.path = _path_to(state, parent)
            return found
        found.expanded += 1
        for child in problem.successors(state):
            found.generated += 1
            cost = g[state] + 1
            if child in g and g[child] <= cost:
                continue  # reached before at no greater cost
            g[child], parent[child] = cost, state
            key = ((cost + problem.h(child)) * _G_SPAN + _G_SPAN - 1 - cost) * span + problem.order(child)
            if child in heap:
                heap.decrease(child, key)
            else:
                heap.push(key, child)
        found.max_frontier = max(found.max_frontier, len(heap))
    return found


def idastar(problem: Problem[S]) -> Found[S]:
    """IDA* (Korf 1985): depth-first searches bounded by f = g + h, each next bound the smallest f that exceeded
    the last; an explicit stack, and no step straight back to the parent. Optimal when ``h`` is admissible.
    Memory: the path and its siblings."""
    found: Found[S] = Found()
    start = problem.initial
    bound = problem.h(start)
    while True:
        next_bound: int | None = None
        before = found.expanded
        path: list[S] = []
        stack: list[tuple[S, int, S | None]] = [(start, 0, None)]
        while stack:
            state, g, parent = stack.pop()
            del path[g:]
            path.append(state)
            if problem.is_goal(state):
                found.path = path
                found.per_iteration.append((bound, found.expanded - before))
                return found
            found.expanded += 1
            for child in problem.successors(state):
                if child == parent:
                    continue
                found.generated += 1
                f = g + 1 + problem.h(child)
                if f > bound:
                    next_bound = f if next_bound is None else min(next_bound, f)
                else:
                    stack.append((child, g + 1, state))
            found.max_frontier = max(found.max_frontier, len(stack))
        found.per_iteration.append((bound, found.expanded - before))
        if next_bound is None:
            return found  # every state within reach searched: no path
        bound = next_bound


def _path_to(state: S, parent: dict[S, S | None]) -> list[S]:
    path = [state]
    while (before := parent[path[-1]]) is not None:
        path.append(before)
    return path[::-1]


@dataclass(frozen=True)
class SlidingPuzzle:
    """The sliding-tile puzzle as a :class:`Problem`: states are tile tuples (row-major, 0 the blank); the tiles
    that can slide into the blank come from above, below, left and right, in that order (as in the tuned search);
    a state's ``order`` is its packed int (:mod:`npuzzle.optimal.packing`)."""

    board: Board
    goal: Board
    heuristic: Heuristic

    @cached_property
    def layout(self) -> Layout:
        return Layout.of(self.board.rows, self.board.cols)

    @property
    def order_span(self) -> int:
        return 1 << self.layout.state_bits

    def order(self, state: tuple[int, ...]) -> int:
        return self.layout.pack(state)

    @property
    def initial(self) -> tuple[int, ...]:
        return self.board.tiles

    def successors(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        rows, cols = self.board.rows, self.board.cols
        blank = state.index(0)
        r, c = divmod(blank, cols)
        for cell, inside in (
            (blank - cols, r > 0),
            (blank + cols, r < rows - 1),
            (blank - 1, c > 0),
            (blank + 1, c < cols - 1),
        ):
            if inside:
                tiles = list(state)
                tiles[blank], tiles[cell] = tiles[cell], 0
                yield tuple(tiles)

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return state == self.goal.tiles

    def h(self, state: tuple[int, ...]) -> int:
        return self.heuristic.initial(state)
