"""The IDA* trace: an :class:`~npuzzle.observe.IdaObserver` that turns the expansions of the window asked into
steps (iteration, bound, the node and the node that pushed it, children pushed or cut off, the next bound so far,
iteration ends)."""

from __future__ import annotations

from typing import Any

from ..heuristics import Heuristic
from ..packing import Layout
from .record import Step, Window
from .words import step_words


class IdaTrace:
    """Watches one :func:`npuzzle.search.idastar` run: give it as the search's ``observer``. It mirrors the search's
    stack with the number of the node that pushed each entry (O(depth) memory) and notes each iteration's end
    (:attr:`per_iteration`, the core's); steps in ``window`` are built after their expansion, O(children), the
    h of a child cut off recomputed by the heuristic (O(cells))."""

    def __init__(self, window: Window, heuristic: Heuristic) -> None:
        self.window = window
        self.heuristic = heuristic
        self.layout: Layout | None = None
        self.iteration = 0
        self.parents: list[int | None] = []
        self.last = 0
        """The number of the last step the search took (0 before the first)."""
        self.goal_taken = False
        self.per_iteration: list[tuple[int, int]] = []
        """``(bound, nodes expanded)`` of each iteration ended (and of the last, once the goal is taken)."""
        self.counters: dict[str, int] = {
            "expanded": 0,
            "generated": 0,
            "stack": 1,
            "max_stack": 1,
            "iteration_nodes": 0,
        }

    def attach(self, layout: Layout) -> None:
        self.layout = layout

    def took(
        self,
        state: int,
        g: int,
        h: int,
        prev: int,
        stack: list[tuple[int, int, int, int, int]],
        bound: int,
        next_bound: int | None,
        counts: tuple[int, int, int, int, int],
        goal: bool,
    ) -> None:
        iteration, nodes, expanded, generated, max_stack = counts
        if iteration != self.iteration:
            self.iteration, self.parents = iteration, [None]
        parent = self.parents.pop()
        base = len(self.parents)
        n = expanded + 1 if goal else expanded
        self.parents.extend([n] * (len(stack) - base))
        self.last, self.goal_taken = n, goal
        ended = goal or not stack
        if ended:
            self.per_iteration.append((bound, nodes))
        self.counters = {
            "expanded": expanded,
            "generated": generated,
            "stack": len(stack),
            "max_stack": max_stack,
            "iteration_nodes": nodes,
        }
        if self.window.wants(n):
            done = {"bound": bound, "nodes": nodes, "next_bound": next_bound} if ended and not goal else None
            where = (state, g, h, prev, parent)
            self.window.keep(self._step(n, where, stack[base:], bound, next_bound, done, goal))

    def _step(
        self,
        n: int,
        where: tuple[int, int, int, int, int | None],
        pushed: list[tuple[int, int, int, int, int]],
        bound: int,
        next_bound: int | None,
        done: dict[str, Any] | None,
        goal: bool,
    ) -> Step:
        layout = self.layout
        assert layout is not None
        state, g, h, prev, parent = where
        children: list[dict[str, Any]] = []
        if not goal:
            queue = iter(pushed)
            entry = next(queue, None)
            for m in layout.moves[state & layout.blank_mask]:
                if m.src == prev:
                    continue
                tile = layout.tile_at(state, m.src)
                child = state + (tile << m.blank_shift) - (tile << m.tile_shift) + m.blank_step
                tiles = list(layout.unpack(child))
                if entry is not None and entry[0] == child:
                    ch, outcome = entry[2], "pushed"
                    entry = next(queue, None)
                else:
                    ch, outcome = self.heuristic.initial(tiles), "cut"
                children.append(
                    {"tiles": tiles, "tile": tile, "g": g + 1, "h": ch, "f": g + 1 + ch, "outcome": outcome}
                )
        step: Step = {
            "n": n,
            "iteration": self.iteration,
            "bound": bound,
            "id": n,
            "parent": parent,
            "node": {"tiles": list(layout.unpack(state)), "g": g, "h": h, "f": g + h},
            "goal": goal,
            "children": children,
            "next_bound": next_bound,
            "iteration_done": done,
            "counters": dict(self.counters),
        }
        step["words"] = step_words(step, layout.cols)
        return step
