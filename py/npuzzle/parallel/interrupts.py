"""Ctrl-C held back while the main thread works with locks, and handed on where stopping is safe.

Python raises ``KeyboardInterrupt`` wherever the main thread is when SIGINT comes. Inside the lock handling of
:mod:`threading` or :mod:`multiprocessing` that can leave a lock held or lose a wake-up: an interrupt inside
``Condition.notify``, after a waiter is woken but before it is struck off the list, leaves a stale waiter that takes
the next wake-up, so a ``multiprocessing.Queue``'s feeder thread never hears that the queue is closed and the process
hangs at exit. Code that handles queues, pools or locks in the main thread runs inside :func:`interrupts_held`.
:func:`terminating_as_interrupt` makes a SIGTERM (``kill PID``, a supervisor stopping the program) one more Ctrl-C.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class HeldInterrupts:
    """The Ctrl-C held back by :func:`interrupts_held`; :meth:`check` hands it on."""

    def __init__(self, installed: bool) -> None:
        self._installed = installed
        self._pending = False
        self._previous: _Handler = None

    @property
    def pending(self) -> bool:
        """Whether a Ctrl-C came that has not been handed on yet."""
        return self._pending

    def check(self) -> None:
        """If a Ctrl-C came since the last check, hand it to the handler that was in place, here: Python's default
        raises ``KeyboardInterrupt`` from this call; a handler that returns leaves the Ctrl-C held back again."""
        if self._pending:
            self._restore()
            self._hand_on()
            self._install()

    def _hold(self, _signal: int, _frame: FrameType | None) -> None:
        self._pending = True

    def _hand_on(self) -> None:
        if self._pending:
            self._pending = False
            signal.raise_signal(signal.SIGINT)  # the handler in place runs before this call returns

    def _install(self) -> None:
        if self._installed:
            self._previous = signal.getsignal(signal.SIGINT)
            signal.signal(signal.SIGINT, self._hold)

    def _restore(self) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, signal.SIG_DFL if self._previous is None else self._previous)


@contextmanager
def interrupts_held() -> Iterator[HeldInterrupts]:
    """Within the block, a Ctrl-C (SIGINT) only sets :attr:`HeldInterrupts.pending`; the block calls
    :meth:`~HeldInterrupts.check` where stopping is safe, and leaving the block normally checks once more. Only the
    main thread receives signals: elsewhere, and where SIGINT is ignored, nothing is held and nothing changes."""
    installed = (
        threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) != signal.SIG_IGN
    )
    held = HeldInterrupts(installed)
    held._install()
    try:
        yield held
    finally:
        held._restore()
    held._hand_on()  # leaving normally: the handler put back gets the Ctrl-C now


@contextmanager
def terminating_as_interrupt() -> Iterator[None]:
    """Within the block, a SIGTERM stops this process as a Ctrl-C does: it goes to the Ctrl-C handler in place, so it
    is held back where a Ctrl-C is (:func:`interrupts_held`) and ends as ``KeyboardInterrupt`` (with Ctrl-C ignored,
    it raises one at once). A process forked inside the block ends on a SIGTERM as by default (the workers of
    :mod:`npuzzle.parallel.workers` put the default back first thing, and none is lost meanwhile). Only in the main
    thread and where SIGTERM has its default handler; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) != signal.SIG_DFL:
        yield
        return
    owner = os.getpid()

    def as_interrupt(_signal: int, frame: FrameType | None) -> None:
        if os.getpid() != owner:  # a forked worker, before it set its own: SIGTERM's default, ending it
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.raise_signal(signal.SIGTERM)
            return
        handler = signal.getsignal(signal.SIGINT)
        if not callable(handler):
            raise KeyboardInterrupt
        handler(signal.SIGINT, frame)

    signal.signal(signal.SIGTERM, as_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
