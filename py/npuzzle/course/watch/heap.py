"""The heap A* uses while it is watched: the course's updatable priority queue
(:class:`~npuzzle.optimal.heap.IndexedHeap`) that also remembers, for one expansion, what each push and decrease-key
did, and holds the hash table drawn as chained bins."""

from __future__ import annotations

from dataclasses import dataclass

from ...optimal.heap import IndexedHeap

HASH_BINS = 97
"""M, the number of bins the hash table is drawn with: a state's bin is its packed int (:mod:`npuzzle.optimal.packing`)
modulo M, a prime so that every tile's bits count."""


def bin_of(state: int) -> int:
    """The bin of a packed state in the drawn hash table: ``state % HASH_BINS``. O(1)."""
    return state % HASH_BINS


def up_path(start: int, end: int) -> list[int]:
    """The heap indices an entry passes through when it percolates up from ``start`` to its ancestor ``end``
    (both included): ``start``, its parent ``(start - 1) // 2``, … ``end``. O(log n)."""
    path = [start]
    while start > end:
        start = (start - 1) >> 1
        path.append(start)
    return path


@dataclass(frozen=True, slots=True)
class Entered:
    """What one push or decrease-key did during the current expansion: ``kind`` ``"pushed"`` (a new state),
    ``"reopened"`` (a state taken before, pushed again), or ``"lowered"`` (a queued state's key decreased);
    ``old_key`` the key it had before (``None`` for a new state); ``path`` the heap indices it percolated through,
    first where it started (for ``lowered``: where the hash table said it was), last where it rests."""

    kind: str
    old_key: int | None
    path: list[int]


class TracingHeap(IndexedHeap[int]):
    """An :class:`~npuzzle.optimal.heap.IndexedHeap` of packed states that records, between two pops, each push and
    decrease as an :class:`Entered` (:attr:`entered`); keeps every state ever pushed in its bin's chain
    (:attr:`chains`, in the order they were first reached) and each state's last key (:attr:`last_key`). The
    heap's own operations run unchanged; each record costs O(log n) more."""

    __slots__ = ("chains", "entered", "last_key")

    def __init__(self) -> None:
        super().__init__()
        self.entered: dict[int, Entered] = {}
        """What the pushes and decreases since the last pop did, by state."""
        self.chains: dict[int, list[int]] = {}
        """``chains[b]``: the states of bin ``b`` (:func:`bin_of`), first reached first."""
        self.last_key: dict[int, int] = {}
        """Every state ever pushed, with the last key it was given."""

    def push(self, key: int, item: int) -> None:
        old = self.last_key.get(item)
        if old is None:
            self.chains.setdefault(bin_of(item), []).append(item)
        self.last_key[item] = key
        start = len(self.keys)
        super().push(key, item)
        path = up_path(start, self.where[item])
        self.entered[item] = Entered("pushed" if old is None else "reopened", old, path)

    def decrease(self, item: int, key: int) -> None:
        start = self.where[item]
        old = self.keys[start]
        self.last_key[item] = key
        super().decrease(item, key)
        self.entered[item] = Entered("lowered", old, up_path(start, self.where[item]))

    def pop(self) -> tuple[int, int]:
        self.entered.clear()
        return super().pop()
