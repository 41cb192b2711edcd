"""Breadth-first search, A* and IDA* as the textbooks write them: read these first.

They search any :class:`Problem` (aima-python's shape: a start, successors in a fixed order, a goal test and an
estimate) and return a :class:`Found` with the path and the counts. :mod:`npuzzle.optimal.search` computes the same
thing fast: states packed into ints, the estimate updated per move instead of recomputed, limits, progress and cancel.
The tests hold the tuned searches to these (same length, same counts: children come in the same order and ties are
broken alike), so these are also the oracle.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import count
from typing import Generic, Literal, Protocol, TypeVar

from ..board import Board
from ..optimal.heap import IndexedHeap
from ..optimal.packing import Layout

S = TypeVar("S", bound=Hashable)

Ties = Literal["deeper", "first-in"]
"""How A* orders states of equal f: the deepest first (as the tuned search), or the first put on the heap."""

_G_SPAN = 1 << 48
"""Keys are (f · _G_SPAN + (_G_SPAN − 1 − g)) · order_span + order: the smallest f first, among equal f the largest
g, then the smallest order."""


class Problem(Protocol[S]):
    """A search problem: ``initial``, ``successors(state)`` in a fixed order, ``is_goal(state)``, ``h(state)``, and
    ``order(state)``, a number in ``range(order_span)`` that breaks A*'s last ties (distinct states, distinct
    numbers)."""

    @property
    def order_span(self) -> int: ...

    @property
    def initial(self) -> S: ...

    def successors(self, state: S) -> Iterator[S]: ...

    def is_goal(self, state: S) -> bool: ...

    def h(self, state: S) -> int: ...

    def order(self, state: S) -> int: ...


@dataclass
class Found(Generic[S]):
    """A search's answer: the states from start to goal (``None``: no path), nodes expanded (goal not counted) and
    generated (every successor made, repeats included: the textbooks' search cost), the largest frontier (heap or
    stack), for IDA* each iteration's (bound, nodes expanded), and whether the search ``stopped`` at its cap of
    expansions before an answer."""

    path: list[S] | None = None
    expanded: int = 0
    generated: int = 0
    max_frontier: int = 1
    per_iteration: list[tuple[int, int]] = field(default_factory=list)
    stopped: bool = False


def breadth_first(problem: Problem[S], most: int | None = None) -> Found[S]:
    """Breadth-first search (a graph search, as AIMA 4th ed. writes it): states in the order reached, each reached
    once, the goal test as a state is reached, so the search stops as soon as the goal is generated. Optimal for
    unit costs. Memory: every state reached. At most ``most`` expansions (``None``: no cap)."""
    found: Found[S] = Found()
    start = problem.initial
    parent: dict[S, S | None] = {start: None}
    if problem.is_goal(start):
        found.path = [start]
        return found
    queue = deque([start])
    while queue:
        if found.expanded == most:
            found.stopped = True
            return found
        state = queue.popleft()
        found.expanded += 1
        for child in problem.successors(state):
            found.generated += 1
            if child in parent:
                continue
            parent[child] = state
            if problem.is_goal(child):
                found.path = _path_to(child, parent)
                return found
            queue.append(child)
        found.max_frontier = max(found.max_frontier, len(queue))
    return found


def astar(problem: Problem[S], most: int | None = None, ties: Ties = "deeper") -> Found[S]:
    """A* (Hart, Nilsson & Raphael 1968) on the updatable heap: a child reached by a shorter path gets its key
    lowered in place. The smallest f first; among equal f, with ``ties="deeper"``, the largest g, then the smallest
    ``order`` (a total order, so any heap takes the same states), or with ``ties="first-in"`` the first put on the
    heap (as the textbooks' priority queue does). Optimal when ``h`` is admissible. Memory: every state reached. At
    most ``most`` expansions (``None``: no cap)."""
    found: Found[S] = Found()
    start = problem.initial
    g = {start: 0}
    parent: dict[S, S | None] = {start: None}
    heap = IndexedHeap[S]()
    span = problem.order_span
    put = count()  # what was put on the heap so far, for the first-in ties

    def key(f: int, cost: int, state: S) -> int:
        if ties == "first-in":
            return f * _G_SPAN + next(put)
        return (f * _G_SPAN + _G_SPAN - 1 - cost) * span + problem.order(state)

    heap.push(key(problem.h(start), 0, start), start)
    while heap:
        if found.expanded == most:
            found.stopped = True
            return found
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
            if child in heap:
                heap.decrease(child, key(cost + problem.h(child), cost, child))
            else:
                heap.push(key(cost + problem.h(child), cost, child), child)
        found.max_frontier = max(found.max_frontier, len(heap))
    return found


def idastar(problem: Problem[S], most: int | None = None) -> Found[S]:
    """IDA* (Korf 1985): depth-first searches bounded by f = g + h, each next bound the smallest f that exceeded
    the last; an explicit stack, and no step straight back to the parent. Optimal when ``h`` is admissible.
    Memory: the path and its siblings. At most ``most`` expansions (``None``: no cap)."""
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
            if found.expanded == most:
                found.stopped = True
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


class Estimator(Protocol):
    """What a search reads of a heuristic: its estimate of a state (the tiles, row-major, 0 the blank); and its
    name."""

    @property
    def name(self) -> str: ...

    def initial(self, tiles: Sequence[int], /) -> int: ...


@dataclass(frozen=True)
class SlidingPuzzle:
    """The sliding-tile puzzle as a :class:`Problem`: states are tile tuples (row-major, 0 the blank); the tiles
    that can slide into the blank come from above, below, left and right, in that order (as in the tuned search);
    a state's ``order`` is its packed int (:mod:`npuzzle.optimal.packing`)."""

    board: Board
    goal: Board
    heuristic: Estimator

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
