"""See the search: the project's own A* and IDA* (:mod:`npuzzle.optimal.search`) run with an observer
(:mod:`npuzzle.optimal.observe`) that records a window of expansions as JSON steps, in bounded memory, with each step
said in words. :func:`prepare` checks a request and gives a :class:`Watch` to run; the worker's ``watch`` op
(:mod:`npuzzle.api`) and ``npuzzle watch`` use it. The steps' fields: ``docs/watch.md``.

A* runs on a :class:`~npuzzle.course.watch.heap.TracingHeap`, the ordinary indexed heap that also notes what each push
and decrease-key did during one expansion and keeps the hash table drawn as :data:`HASH_BINS` chained bins (a
state's bin: its packed int modulo that prime, :func:`bin_of`); IDA*'s trace mirrors the search's stack with the
node that pushed each entry. The counts a step shows are the search's own.
"""

from __future__ import annotations

from .astar import AstarTrace
from .heap import HASH_BINS, TracingHeap, bin_of, up_path
from .idastar import IdaTrace
from .record import MAX_COUNT, Step, Window, check_window
from .run import ALGORITHMS, WATCHABLE_HINT, Watch, last_steps, prepare
from .words import board_text, step_line, step_words

__all__ = [
    "ALGORITHMS",
    "HASH_BINS",
    "MAX_COUNT",
    "WATCHABLE_HINT",
    "AstarTrace",
    "IdaTrace",
    "Step",
    "TracingHeap",
    "Watch",
    "Window",
    "bin_of",
    "board_text",
    "check_window",
    "last_steps",
    "prepare",
    "step_line",
    "step_words",
    "up_path",
]
