"""The IDA* trace: an :class:`~npuzzle.optimal.observe.IdaObserver` that turns the expansions of the window asked into
steps (iteration, bound, the node and the node that pushed it, children pushed or cut off, the next bound so far,
iteration ends)."""

from __future__ import annotations

from typing import Any

from ...optimal.heuristics import Heuristic
from ...optimal.observe import IdaCounts, IdaNode
from ...optimal.packing import Layout
from .record import Step, Window
from .words import step_words


class IdaTrace:
    """Watches one :func:`npuzzle.optimal.search.idastar` run: give it as the search's ``observer``. Told of each node
    as it is taken, it describes the node taken before, whose expansion is then complete; it mirrors the search's stack
    with the number of the node that pushed each entry (O(depth) memory) and notes each iteration's end
    (:attr:`per_iteration`, the core's). Steps in ``window`` are built in O(children), the h of a child cut off
    recomputed by the heuristic (O(cells)); the others cost O(1) here."""

    def __init__(self, window: Window, heuristic: Heuristic) -> None:
        self.window = window
        self.heuristic = heuristic
        self.layout: Layout | None = None
        self.iteration = 0
        self.bound = 0
        self.iteration_nodes = 0
        self.parents: list[int | None] = []
        self.pending: tuple[int, int, int, int, int, int | None] | None = None
        """The node taken last and not yet described: (n, state, g, h, blank before, parent)."""
        self.last = 0
        """The number of the last step described (0 before the first)."""
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

    def took(self, node: IdaNode, stack: list[IdaNode], counts: IdaCounts, goal: bool) -> None:
        iteration, bound, next_bound, expanded, generated, max_stack = counts
        if self.pending is not None:
            ended = iteration != self.iteration
            base = len(self.parents)  # the stack's height when the pending node was taken
            pushed = [*stack[base:], node] if not ended and len(stack) >= base else []
            self._expanded(pushed, next_bound if not ended else bound, generated, max_stack, ended)
        if iteration != self.iteration:
            self.iteration, self.bound, self.parents, self.iteration_nodes = iteration, bound, [None], 0
        parent = self.parents.pop()
        state, g, h, prev, _ = node
        if not goal:
            self.iteration_nodes += 1
            self.pending = (expanded, state, g, h, prev, parent)
            return
        n = expanded + 1
        self.per_iteration.append((bound, self.iteration_nodes))
        self.last = n
        self._count(expanded, generated, len(stack), max_stack)
        if self.window.wants(n):
            self.window.keep(self._step(n, (state, g, h, prev, parent), [], next_bound, None, True))

    def _expanded(
        self,
        pushed: list[IdaNode],
        next_bound: int | None,
        generated: int,
        most: int,
        ended: bool,
    ) -> None:
        """The pending node's expansion is complete: it pushed ``pushed`` (the top of the stack, in order)."""
        assert self.pending is not None
        n, state, g, h, prev, parent = self.pending
        self.pending = None
        self.parents.extend([n] * len(pushed))
        if ended:
            self.per_iteration.append((self.bound, self.iteration_nodes))
        self.last = n
        self._count(n, generated, 0 if ended else len(self.parents), most)
        if self.window.wants(n):
            done = {"bound": self.bound, "nodes": self.iteration_nodes, "next_bound": next_bound} if ended else None
            self.window.keep(self._step(n, (state, g, h, prev, parent), pushed, next_bound, done, False))

    def _count(self, expanded: int, generated: int, stack: int, max_stack: int) -> None:
        self.counters = {"expanded": expanded, "generated": generated, "stack": stack, "max_stack": max_stack,
                         "iteration_nodes": self.iteration_nodes}  # fmt: skip

    def _step(
        self,
        n: int,
        where: tuple[int, int, int, int, int | None],
        pushed: list[IdaNode],
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
                tile, child = layout.slide(state, m)
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
            "bound": self.bound,
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
