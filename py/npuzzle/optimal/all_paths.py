"""Every optimal solution of one board: how many there are, counted exactly, and the solutions one at a time.

With the optimal length ``L`` known, the optimal solutions are the paths of exactly ``L`` moves to the goal. A
depth-first search bounded by f = g + h ≤ L, with an admissible h, meets every one of them; :class:`OptimalPaths`
runs it over a :class:`Space` (the states and moves of one metric: :class:`TileSpace` here for single tiles, the
multiset one of :mod:`npuzzle.pdb.mtm_paths` for line moves).

**Why a memo by state alone is exact.** A state ``s`` reached at depth ``g`` with ``r = L − g`` moves left has
``d(s) ≥ r`` (else the whole solution would be shorter than ``L``), and the paths of exactly ``r`` moves from ``s``
to the goal are then its shortest paths, as many as there are whatever the way ``s`` was reached: the number of
optimal completions is a function of ``s`` and ``r``, positive only when ``d(s) = r``. The search remembers for
each state finished the ``r`` it was searched with and the paths found (``0``: ``d(s) > r``, so also for every
smaller ``r``), and adds a remembered count instead of searching the state again: the search visits each state of
the f ≤ L graph once per ``r``, not once per path, so a count in the millions takes no more than the states on the
way. The moves never tried (a single tile slid straight back, two line moves in a row along one axis) are never
part of a shortest path, so the counts stay exact. At most ``limit.memory`` states are remembered; past that the
search goes on without remembering more: the count stays exact, only slower.

Listing (:meth:`OptimalPaths.paths`) is the same search that, at the goal, yields the path instead of counting it,
and goes into a state remembered with a positive count instead of adding it; a state remembered with none is
skipped. The moves from each state are taken in the order of the tiles they slide (a line move's in the order they
slide, so a shorter move along a line before a longer one): the solutions come in that order, the same for any
goal in either metric. Iterative, as every search here.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..board import Board
from ..progress import Limit, Progress, SearchStopped, StopReason
from .checkpoint import DEFAULT_REPORT_EVERY, Checkpoint
from .heuristics import Heuristic
from .packing import Layout

ALGORITHM = "all-optimal"
"""The name of the counting search in progress records."""

CHECK_EVERY = 1024
"""States entered between two checks of the limits."""

_REM_BITS = 8
"""A remembered entry is ``count << _REM_BITS | moves left`` (lengths up to 255 moves)."""

_REM_MASK = (1 << _REM_BITS) - 1

N = TypeVar("N")

Child = tuple[int, N, tuple[int, ...]]
"""A move from a state: the child's key (its packed state), what the space keeps of it (its estimate and the last
move's axis or step) and the tiles the move slides (one in single tiles, the whole line in line moves)."""


class Space(Protocol[N]):
    """The states and moves of one metric from one board: ``start`` (the key and node to search from), ``goal``
    (the goal's key) and ``children(key, node, within)``: the moves whose child is estimated at most ``within``
    moves from the goal, in any order. A key is a packed state; a node what the space needs besides
    (its estimate, the move that led there)."""

    @property
    def name(self) -> str:
        """The estimate's name, as progress records give it."""
        ...

    @property
    def start(self) -> tuple[int, N]: ...

    @property
    def goal(self) -> int: ...

    def children(self, key: int, node: N, within: int) -> list[Child[N]]: ...


class TileSpace:
    """Single-tile moves from ``board`` to ``goal`` under an admissible ``heuristic``: a node is the estimate and
    the blank's last step (its undo is never tried)."""

    def __init__(self, board: Board, goal: Board, heuristic: Heuristic) -> None:
        self.layout = Layout.of(board.rows, board.cols)
        self.heuristic = heuristic
        self.start = (self.layout.pack(board.tiles), (heuristic.initial(board.tiles), 0))
        self.goal = self.layout.pack(goal.tiles)

    @property
    def name(self) -> str:
        """The heuristic's name."""
        return self.heuristic.name

    def children(self, key: int, node: tuple[int, int], within: int) -> list[Child[tuple[int, int]]]:
        """The single-tile moves from ``key`` (not the undo of the last) to a child estimated within ``within``."""
        h, last = node
        layout, delta = self.layout, self.heuristic.delta
        out: list[Child[tuple[int, int]]] = []
        for move in layout.moves[key & layout.blank_mask]:
            if move.blank_step == -last:
                continue
            tile, child = layout.slide(key, move)
            estimate = h + delta(key, child, tile, move)
            if estimate <= within:
                out.append((child, (estimate, move.blank_step), (tile,)))
        return out


@dataclass(frozen=True, slots=True)
class Tally:
    """What a count found: ``count`` optimal solutions (``None`` when a limit stopped it first), the optimal first
    moves (``firsts``: the tiles each slides and how many optimal solutions start with it, in the order of
    their tiles), the states entered (``nodes``), the states remembered at the end and ``stopped``'s reason."""

    count: int | None
    firsts: tuple[tuple[tuple[int, ...], int], ...]
    nodes: int
    remembered: int
    stopped: StopReason | None = None


class OptimalPaths(Generic[N]):
    """The optimal solutions of ``length`` moves in ``space``: :meth:`count` them, list them with :meth:`paths`;
    both share what the other remembered (at most ``memory`` states, or a count's ``limit.memory``; ``None``: no
    cap)."""

    def __init__(self, space: Space[N], length: int, memory: int | None = Limit().memory) -> None:
        if not 0 <= length <= _REM_MASK:
            raise ValueError(f"an optimal length of {length} moves is out of range (0 to {_REM_MASK})")
        self.space = space
        self.length = length
        self.memory = memory
        self.memo: dict[int, int] = {}
        """``state → count << 8 | moves left`` for every state searched to its end (see the module text)."""
        self.nodes = 0

    def count(
        self, limit: Limit = Limit(), report_every: float = DEFAULT_REPORT_EVERY
    ) -> Generator[Progress, None, Tally]:
        """Count the optimal solutions: yields a :class:`~npuzzle.progress.Progress` about every ``report_every``
        seconds and returns the :class:`Tally`; ``limit``'s nodes and seconds stop it, and its ``memory`` becomes
        the cap on the states remembered (for a listing after it too); a stop (:func:`npuzzle.progress.stop`)
        returns the tally so far, without a count."""
        self.memory = limit.memory
        checkpoint = Checkpoint(limit, report_every, CHECK_EVERY)
        firsts: list[tuple[tuple[int, ...], int]] = []
        walk = self._walk(False, firsts)
        while True:
            try:
                next(walk)
            except StopIteration as done:
                return Tally(done.value, tuple(firsts), self.nodes, len(self.memo))
            reason = checkpoint.check(self.nodes)
            if reason is not None:
                walk.close()
                return Tally(None, (), self.nodes, len(self.memo), reason)
            if checkpoint.report_due():
                try:
                    yield self._progress(checkpoint)
                except SearchStopped as stop:
                    walk.close()
                    return Tally(None, (), self.nodes, len(self.memo), stop.reason)

    def paths(self) -> Iterator[tuple[int, ...]]:
        """Every optimal solution, as the tiles slid, one at a time in the order of their tiles (see the module
        text); lazy: the search goes only as far as the solutions taken."""
        for found in self._walk(True, []):
            if found is not None:
                yield found

    def _progress(self, checkpoint: Checkpoint) -> Progress:
        return Progress(
            algorithm=ALGORITHM,
            heuristic=self.space.name,
            nodes_expanded=self.nodes,
            nodes_generated=self.nodes,
            frontier=len(self.memo),
            bound=self.length,
            iteration=1,
            elapsed=checkpoint.now - checkpoint.start,
        )

    def _walk(
        self, listing: bool, firsts: list[tuple[tuple[int, ...], int]]
    ) -> Generator[tuple[int, ...] | None, None, int]:
        """The search: yields ``None`` every :data:`CHECK_EVERY` states entered and, when ``listing``, each
        solution; returns the count; each optimal first move and its count go to ``firsts``."""
        space, memo, goal = self.space, self.memo, self.space.goal
        cap = self.memory
        key, node = space.start
        if self.length == 0:
            if key == goal and listing:
                yield ()
            return 1 if key == goal else 0
        # a frame: the state, its moves left, its children not yet taken (last first) and the tiles that led there
        stack: list[tuple[int, int, list[Child[N]], tuple[int, ...]]] = []
        stack.append((key, self.length, _ordered(space.children(key, node, self.length - 1)), ()))
        found = [0]
        check_at = self.nodes + CHECK_EVERY
        while True:
            key, left, kids, tiles = stack[-1]
            if not kids:
                stack.pop()
                n = found.pop()
                if cap is None or len(memo) < cap or key in memo:
                    memo[key] = n << _REM_BITS | left
                if not stack:
                    return n
                found[-1] += n
                if len(stack) == 1 and n:
                    firsts.append((tiles, n))
                continue
            child, cnode, moved = kids.pop()
            rest = left - 1
            if child == goal or rest == 0:
                n = 1 if child == goal and rest == 0 else 0
                if n and listing:
                    yield _path(stack, moved)
            else:
                known = memo.get(child)
                if known is None or (known & _REM_MASK < rest and not known >> _REM_BITS):
                    n = -1  # not known: search it
                elif known & _REM_MASK == rest:
                    n = known >> _REM_BITS
                    if n and listing:
                        n = -1  # listed, not added
                else:
                    n = 0
                if n < 0:
                    self.nodes += 1
                    if self.nodes >= check_at:
                        check_at = self.nodes + CHECK_EVERY
                        yield None
                    stack.append((child, rest, _ordered(space.children(child, cnode, rest - 1)), moved))
                    found.append(0)
                    continue
            found[-1] += n
            if len(stack) == 1 and n:
                firsts.append((moved, n))


def _moved(child: Child[Any]) -> tuple[int, ...]:
    return child[2]


def _ordered(children: list[Child[N]]) -> list[Child[N]]:
    """``children`` ordered for popping: the move sliding the smallest tiles last (see the module text)."""
    children.sort(key=_moved, reverse=True)
    return children


def _path(stack: Sequence[tuple[Any, Any, Any, tuple[int, ...]]], last: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles slid along the stack's moves, then ``last``."""
    return tuple(t for frame in stack for t in frame[3]) + last
