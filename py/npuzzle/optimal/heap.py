"""The course's updatable priority queue: a binary min-heap whose hash index finds an item's position, so a
key can be lowered in O(log n) (decrease-key). A* (:mod:`npuzzle.optimal.search`, :mod:`npuzzle.course.reference`) runs
on it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class IndexedHeap(Generic[T]):
    """A binary min-heap of ``(key, item)`` with a hash index ``item → position`` (the course text's heap).

    Each item is held at most once; :meth:`push` and :meth:`pop` take O(log n), and :meth:`decrease` lowers an
    item's key in place in O(log n) by sifting it up from the position the index gives. Keys are ints.
    """

    __slots__ = ("items", "keys", "where")

    def __init__(self) -> None:
        self.keys: list[int] = []
        self.items: list[T] = []
        self.where: dict[T, int] = {}
        """``where[item]``: the item's position in :attr:`keys`/:attr:`items`."""

    def __len__(self) -> int:
        return len(self.keys)

    def __contains__(self, item: object) -> bool:
        return item in self.where

    def key_of(self, item: T) -> int:
        """The current key of ``item`` (which must be in the heap)."""
        return self.keys[self.where[item]]

    def peek_key(self) -> int:
        """The smallest key (the heap must not be empty)."""
        return self.keys[0]

    def push(self, key: int, item: T) -> None:
        """Add ``item`` (not already present) with ``key``."""
        self.keys.append(key)
        self.items.append(item)
        self._up(len(self.keys) - 1, key, item)

    def decrease(self, item: T, key: int) -> None:
        """Lower the key of ``item`` (already present) to ``key``, which must not exceed its current key."""
        self._up(self.where[item], key, item)

    def pop(self) -> tuple[int, T]:
        """Remove and return the ``(key, item)`` with the smallest key."""
        keys, items = self.keys, self.items
        top_key, top_item = keys[0], items[0]
        del self.where[top_item]
        last_key, last_item = keys.pop(), items.pop()
        if keys:
            self._down(0, last_key, last_item)
        return top_key, top_item

    def _up(self, i: int, key: int, item: T) -> None:
        keys, items = self.keys, self.items
        while i:
            parent = (i - 1) >> 1
            pk = keys[parent]
            if pk <= key:
                break
            self._put(i, pk, items[parent])
            i = parent
        self._put(i, key, item)

    def _down(self, i: int, key: int, item: T) -> None:
        keys, items = self.keys, self.items
        n = len(keys)
        child = 2 * i + 1
        while child < n:
            ck = keys[child]
            right = child + 1
            if right < n:
                rk = keys[right]
                if rk < ck:
                    child, ck = right, rk
            if key <= ck:
                break
            self._put(i, ck, items[child])
            i = child
            child = 2 * i + 1
        self._put(i, key, item)

    def _put(self, i: int, key: int, item: T) -> None:
        """Hold ``item`` with ``key`` at position ``i``."""
        self.keys[i] = key
        self.items[i] = item
        self.where[item] = i
