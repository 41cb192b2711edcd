"""The live progress line on a terminal and driving a search to its end with Ctrl-C handled (:func:`drive`)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Generator
from typing import TextIO, TypeVar

from ..optimal.checkpoint import result_from_progress
from ..policy import NEAR_OPTIMAL
from ..progress import ALGORITHM_TITLES, Progress, Search, SearchResult, stop

_Y = TypeVar("_Y")
_R = TypeVar("_R")


class ProgressLine:
    """A live progress line on ``err`` (only when it is a terminal), redrawn at most ten times a second."""

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.live = bool(getattr(err, "isatty", lambda: False)())
        self.shown = 0.0

    def draw(self, record: Progress, prefix: str = "") -> None:
        title = ALGORITHM_TITLES.get(record.algorithm, record.algorithm)
        bound_name = "depth" if record.algorithm == NEAR_OPTIMAL else "f-bound"
        bound = "" if record.bound is None else f", {bound_name} {record.bound}"
        self.show(
            f"{prefix}{title} + {record.heuristic}: {record.nodes_expanded:,} expanded{bound}, "
            f"frontier {record.frontier:,}",
            record.elapsed,
        )

    def show(self, text: str, elapsed: float) -> None:
        """Redraw the line as ``text`` and the seconds ``elapsed``, unless it was drawn under 0.1 s ago."""
        if not self.live or elapsed - self.shown < 0.1:
            return
        self.shown = elapsed
        self.err.write(f"\r\033[K{text}, {elapsed:.1f} s")
        self.err.flush()

    def clear(self) -> None:
        if self.live:
            self.err.write("\r\033[K")
            self.err.flush()


def drive(
    search: Search,
    line: ProgressLine,
    algorithm: str,
    heuristic: str,
    prefix: str = "",
    stopped: Callable[[Progress | None], SearchResult] | None = None,
) -> tuple[SearchResult, bool]:
    """Run ``search`` to its end, drawing progress; returns the result and whether Ctrl-C interrupted it
    (:func:`interruptible`; the statistics of a search stopped with no answer are built by ``stopped`` from the last
    progress record when given, e.g. :meth:`npuzzle.solving.solve.Plan.stopped`)."""

    def fallback(record: Progress | None) -> SearchResult:
        if stopped is not None:
            return stopped(record)
        return result_from_progress(record, algorithm, heuristic, "cancelled")

    try:
        return interruptible(search, lambda record: line.draw(record, prefix), fallback)
    finally:
        line.clear()


def interruptible(
    search: Generator[_Y, None, _R], on_record: Callable[[_Y], None], fallback: Callable[[_Y | None], _R]
) -> tuple[_R, bool]:
    """Run ``search`` (any generator of progress records) to its end, passing each record to ``on_record``; returns
    its result and whether Ctrl-C interrupted it.

    The first Ctrl-C (SIGINT, caught while the search runs in the main thread) is noted and acted on at the next
    record: :func:`npuzzle.progress.stop` ends the search, which returns its best answer so far if it has one, else
    ``fallback(last record)``. A second Ctrl-C interrupts at once.
    """
    last: _Y | None = None
    requested: list[bool] = []

    def on_interrupt(signum: int, frame: object) -> None:
        requested.append(True)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a second Ctrl-C interrupts at once

    installed = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, on_interrupt) if installed else None
    try:
        while True:
            if requested:
                return stop(search, fallback, last), True
            try:
                record = next(search)
            except StopIteration as done:
                result: _R = done.value
                return result, False
            last = record
            on_record(record)
    except KeyboardInterrupt:
        search.close()
        return fallback(last), True
    finally:
        if installed:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
