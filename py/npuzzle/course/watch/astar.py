"""The A* trace: an :class:`~npuzzle.optimal.observe.AstarObserver` that turns the expansions of the window asked into
steps (the node taken, each child's outcome with its heap path, the heap's top, the hash bins around the node)."""

from __future__ import annotations

from typing import Any

from ...optimal.observe import AstarKeys
from ...optimal.packing import Layout
from .heap import HASH_BINS, TracingHeap, bin_of
from .record import Step, Window
from .words import step_words

HEAP_SHOWN = 31
"""How many heap entries a step lists (array order: the tree's top five levels)."""

BINS_AROUND = 2
"""A step lists the bins ``node's bin ± BINS_AROUND`` (mod :data:`~npuzzle.course.watch.heap.HASH_BINS`)."""

CHAIN_SHOWN = 4
"""How many entries of each listed bin's chain a step shows (with the chain's length)."""


class AstarTrace:
    """Watches one :func:`npuzzle.optimal.search.astar` run: give it as the search's ``observer``. Steps in ``window``
    are built after their expansion, O(children·log n + shown entries); the others cost O(1) here (the heap's records
    O(log n) per push). :attr:`counters` and :attr:`last` follow every expansion, recorded or not."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.heap = TracingHeap()
        self.layout: Layout | None = None
        self.keys = AstarKeys(0, 0)
        self.last = 0
        """The number of the last step the search took (0 before the first)."""
        self.counters: dict[str, int] = {"expanded": 0, "generated": 0, "heap": 1, "max_heap": 1}

    def attach(self, layout: Layout, keys: AstarKeys) -> TracingHeap:
        self.layout, self.keys = layout, keys
        return self.heap

    def took(self, entry: int, expanded: int, generated: int, max_heap: int, goal: bool) -> None:
        n = expanded + 1 if goal else expanded
        self.last = n
        self.counters = {"expanded": expanded, "generated": generated, "heap": len(self.heap), "max_heap": max_heap}
        if self.window.wants(n):
            self.window.keep(self._step(n, entry, goal))

    def _step(self, n: int, entry: int, goal: bool) -> Step:
        layout, heap, keys = self.layout, self.heap, self.keys
        assert layout is not None
        state, g, f = keys.state(entry), keys.g(entry), keys.f(entry)
        children: list[dict[str, Any]] = []
        if not goal:
            g1 = g + 1
            for m in layout.moves[state & layout.blank_mask]:
                tile, child = layout.slide(state, m)
                last = heap.last_key[child]
                entered = heap.entered.get(child)
                row: dict[str, Any] = {"tiles": list(layout.unpack(child)), "tile": tile, "g": g1}
                if entered is None:  # reached before by a path as short: A* skipped it
                    h = keys.f(last) - keys.g(last)
                    row.update(h=h, f=g1 + h, bin=bin_of(child), outcome="skipped", old_f=keys.f(last))
                    row.update(found_at=heap.where.get(child), path=[])
                else:
                    old = None if entered.old_key is None else keys.f(entered.old_key)
                    row.update(h=keys.f(last) - g1, f=keys.f(last), bin=bin_of(child), outcome=entered.kind)
                    found = entered.path[0] if entered.kind == "lowered" else None
                    row.update(old_f=old, found_at=found, path=entered.path)
                children.append(row)
        top = [
            {"f": keys.f(k), "g": keys.g(k), "tiles": list(layout.unpack(s))}
            for k, s in zip(heap.keys[:HEAP_SHOWN], heap.items[:HEAP_SHOWN], strict=True)
        ]
        here = bin_of(state)
        bins = []
        for d in range(-BINS_AROUND, BINS_AROUND + 1):
            b = (here + d) % HASH_BINS
            chain = heap.chains.get(b, [])
            entries = [{"tiles": list(layout.unpack(s)), "heap_index": heap.where.get(s)} for s in chain[:CHAIN_SHOWN]]
            bins.append({"bin": b, "size": len(chain), "entries": entries})
        step: Step = {
            "n": n,
            "node": {"tiles": list(layout.unpack(state)), "g": g, "h": f - g, "f": f, "bin": here},
            "goal": goal,
            "children": children,
            "heap": {"size": len(heap), "top": top},
            "bins": bins,
            "counters": dict(self.counters),
        }
        step["words"] = step_words(step, layout.cols)
        return step
