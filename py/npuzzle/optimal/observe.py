"""What A* and IDA* tell an observer about each expansion ("See the search"): the protocols
:func:`npuzzle.optimal.search.astar` and :func:`npuzzle.optimal.search.idastar` accept as ``observer``.

A* calls its observer once per expansion, after the node's children were generated (and once more when the goal
is taken), with the search's own counters; with no observer it tests one local for ``None`` per expansion. IDA*,
whose expansions are 5-10 times cheaper, tells its observer when it takes each node, from its periodic limit check
(made every expansion when observed): with no observer its loop is unchanged. What happened to each child (pushed,
priority lowered, skipped, reopened, cut off) is derived by the observer from the heap it handed A*
(:meth:`AstarObserver.attach`) and from IDA*'s stack, so the counts and paths it reports are the ordinary run's.
:mod:`npuzzle.course.watch` implements both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeAlias

from .heap import IndexedHeap
from .packing import Layout

IdaNode: TypeAlias = tuple[int, int, int, int, int]
"""An IDA* stack entry: ``(state, g, h, blank cell before or -1, tile moved)``."""

IdaCounts: TypeAlias = tuple[int, int, int | None, int, int, int]
"""IDA*'s counters: ``(iteration, bound, smallest f cut off so far in the iteration or None, expanded, generated,
max stack)``."""


@dataclass(frozen=True, slots=True)
class AstarKeys:
    """How A* orders its open list: each entry is one int, ``(f << gbits | (2**gbits - 1 - g)) << sbits | state``,
    so entries compare by f, then deeper first, then by the packed state. The order is total: whichever heap holds
    the entries (a plain one with stale entries skipped, or the watched decrease-key heap) takes the same states
    in the same order."""

    gbits: int
    """Bits of ``2**gbits - 1 - g``."""
    sbits: int
    """Bits of the packed state (:attr:`~npuzzle.optimal.packing.Layout.state_bits`)."""

    def f(self, entry: int) -> int:
        """f = g + h of ``entry``."""
        return entry >> (self.gbits + self.sbits)

    def g(self, entry: int) -> int:
        """g, the moves from the start, of ``entry``."""
        gmax = (1 << self.gbits) - 1
        return gmax - ((entry >> self.sbits) & gmax)

    def state(self, entry: int) -> int:
        """The packed state of ``entry``."""
        return entry & ((1 << self.sbits) - 1)


class AstarObserver(Protocol):
    """An observer of :func:`npuzzle.optimal.search.astar`."""

    def attach(self, layout: Layout, keys: AstarKeys) -> IndexedHeap[int]:
        """Called once before the search: the packing and the entries' order; returns the (empty) heap A* is to
        use, an :class:`IndexedHeap` (keyed by the entries, holding the states) or a subclass that watches it."""
        ...

    def took(self, entry: int, expanded: int, generated: int, max_heap: int, goal: bool) -> None:
        """The state of ``entry`` was taken from the heap and, unless it is the ``goal``, expanded; the counters
        are the search's after that."""
        ...


class IdaObserver(Protocol):
    """An observer of :func:`npuzzle.optimal.search.idastar`."""

    def attach(self, layout: Layout) -> None:
        """Called once before the search with the packing of its states."""
        ...

    def took(self, node: IdaNode, stack: list[IdaNode], counts: IdaCounts, goal: bool) -> None:
        """``node`` was just taken from ``stack``: the ``goal``, or the next node to expand (its children not
        generated yet). The node taken before it was expanded in full: the children it pushed are on top of
        ``stack`` (with ``node`` itself when it was one of them), unless its iteration ended. ``counts``' expanded
        includes this node unless it is the goal.

        IDA*'s loop is too tight for a test per expansion: it tells the observer in its limit check, which runs
        at every expansion when observed, so the observer describes each expansion when the next node is taken.
        """
        ...
