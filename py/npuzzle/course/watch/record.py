"""The window of steps a watched search records (:class:`Window`), shared by the A* and IDA* traces."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from ...errors import LimitError

Step = dict[str, Any]
"""One expansion as JSON (the fields: ``/work/notes/watch-protocol.md``, :mod:`npuzzle.course.watch`)."""

MAX_COUNT = 2000
"""The most steps one watch request records (the page keeps a bounded window and asks again to go back)."""


def check_window(start: int, count: int, most: int | None = MAX_COUNT) -> None:
    """Raise :class:`~npuzzle.errors.LimitError` quoting a ``start`` below 0 or a ``count`` outside 1 … ``most``."""
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise LimitError(f"the first step to record ('from') must be a whole number of at least 0, got {start!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1 or (most is not None and count > most):
        upper = "" if most is None else f" and at most {most:,}"
        raise LimitError(f"the number of steps to record ('count') must be at least 1{upper}, got {count!r}")


class Window:
    """Steps ``start + 1 … start + count`` of a search (1-based expansion numbers), kept in order, or handed to
    ``sink`` as they come (then none is kept): memory O(count) at most, whatever the search's length."""

    __slots__ = ("count", "sink", "start", "steps")

    def __init__(self, start: int, count: int, sink: Callable[[Step], None] | None = None) -> None:
        self.start = start
        self.count = count
        self.sink = sink
        self.steps: deque[Step] = deque(maxlen=count)

    @property
    def end(self) -> int:
        """The last step number recorded."""
        return self.start + self.count

    def wants(self, n: int) -> bool:
        """Whether step ``n`` is in the window."""
        return self.start < n <= self.start + self.count

    def keep(self, step: Step) -> None:
        """Record ``step`` (or hand it to the sink)."""
        if self.sink is not None:
            self.sink(step)
        else:
            self.steps.append(step)
