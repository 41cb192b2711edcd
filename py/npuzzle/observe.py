"""What A* and IDA* tell an observer about each expansion (issue 21, "See the search"): the protocols
:func:`npuzzle.search.astar` and :func:`npuzzle.search.idastar` accept as ``observer``.

The searches call the observer once per expansion, after the node's children were generated (and once more when
the goal is taken), with the search's own counters; with no observer they test one local for ``None`` per
expansion and nothing else. What happened to each child (pushed, priority lowered, skipped, reopened, cut off) is
derived by the observer from the heap it handed A* (:meth:`AstarObserver.attach`) and from IDA*'s stack, so the
counts and paths it reports are the ordinary run's. :mod:`npuzzle.watch` implements both.
"""

from __future__ import annotations

from typing import Protocol

from .heap import IndexedHeap
from .packing import Layout


class AstarObserver(Protocol):
    """An observer of :func:`npuzzle.search.astar`."""

    def attach(self, layout: Layout, gbits: int) -> IndexedHeap[int]:
        """Called once before the search: the packing, the key's layout (``key = f << gbits | (2**gbits-1 - g)``);
        returns the (empty) heap A* is to use, an :class:`IndexedHeap` or a subclass that watches it."""
        ...

    def took(self, key: int, state: int, expanded: int, generated: int, max_heap: int, goal: bool) -> None:
        """``state`` (heap key ``key``) was taken from the heap and, unless it is the ``goal``, expanded; the
        counters are the search's after that."""
        ...


class IdaObserver(Protocol):
    """An observer of :func:`npuzzle.search.idastar`."""

    def attach(self, layout: Layout) -> None:
        """Called once before the search with the packing of its states."""
        ...

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
        """``state`` (depth ``g``, estimate ``h``, reached from the blank's cell ``prev``, -1 at the root) was taken
        from ``stack`` and, unless it is the ``goal``, expanded: the children it pushed are on top of ``stack``
        (``(state, g, h, blank cell before, tile moved)`` each). ``bound`` is the iteration's, ``next_bound`` the
        smallest f cut off so far in it (``None``: none); ``counts`` are ``(iteration, iteration's expansions,
        expanded, generated, max stack)``."""
        ...
