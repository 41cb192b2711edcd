"""Worker processes for the command line's parallel work (:mod:`npuzzle.research.batch`, :mod:`npuzzle.pdb.parallel`):
started together, and all ended at once however the work ends (done, an error, Ctrl-C, a closed generator) — and
when the parent itself is gone (``kill -9``, a crash), each worker ends on its own (:class:`Lifeline`); when a worker
is gone (killed by the system as memory runs out, a crash), the parent, which waits on its answers a short while at
a time, ends the work with that worker named (:func:`check_alive`)."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from typing import Any

from ..errors import WorkerLostError
from .interrupts import interrupts_held

AHEAD = 2
"""Boards handed to each worker (a process, a cluster's thread) beyond the one it is solving: keeps it busy without
reading far ahead."""

WAIT_SECONDS = 0.1
"""The longest the parent waits on its workers at a time: between two waits it looks for a Ctrl-C."""


class Lifeline:
    """A pipe from the parent to its workers on which nothing is ever sent: the parent keeps the only writing end, so
    a worker's read ends (end of file) when the parent is gone, however it ended, and the worker then ends itself
    (:func:`start_worker`). Its queues cannot tell: a forked worker holds both ends of their pipes, and would wait on
    them for good."""

    def __init__(self, context: BaseContext) -> None:
        self.reader, self.writer = context.Pipe(duplex=False)

    def close(self) -> None:
        """In the parent, once its workers are stopped: both ends closed."""
        self.reader.close()
        self.writer.close()


@contextmanager
def running(processes: Sequence[BaseProcess], *queues: Queue[Any], lifeline: Lifeline) -> Iterator[None]:
    """Start ``processes``; on leaving, stop those still running at once (their work is no longer wanted), close
    ``queues`` and the ``lifeline`` the processes were given. A Ctrl-C is held back while they start and while they
    stop (:mod:`npuzzle.parallel.interrupts`); the caller holds it back too wherever it puts to or gets from ``queues``.
    Each process calls :func:`start_worker` first."""
    with interrupts_held(), _sigterm_blocked():
        for process in processes:
            process.start()
    try:
        yield
    finally:
        with interrupts_held():
            for process in processes:
                if process.is_alive():
                    process.terminate()
            for process in processes:
                process.join()
            for channel in queues:
                channel.close()
            lifeline.close()


@contextmanager
def _sigterm_blocked() -> Iterator[None]:
    """Within the block SIGTERM is blocked in this thread, so that the workers it forks start with it blocked: one
    sent before a worker has put back its default (:func:`start_worker`) waits for it, where a handler the parent had
    for it, forked with it, could lose it, and the parent's ``join`` would wait for good. A SIGTERM to the parent
    meanwhile comes when the block ends. Where threads have no signal mask (Windows), nothing changes."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def start_worker(lifeline: Lifeline) -> None:
    """First thing in a worker: ignore Ctrl-C (SIGINT reaches the whole process group; the parent handles it and
    stops the workers), end at once on SIGTERM (the parent's ``terminate()``: its default, then unblocked, see
    :func:`running`), and end at once, from a thread that waits on ``lifeline``, when the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    lifeline.writer.close()  # a forked worker's copy of the parent's end: the parent's must be the only one left
    threading.Thread(target=_end_with_parent, args=(lifeline.reader,), name="lifeline", daemon=True).start()


def _end_with_parent(reader: Connection) -> None:
    """Wait for the end of ``reader`` (the parent gone), then end this worker process at once: its work has no one
    to go to, and its exit must not wait on queues no one reads."""
    try:
        while True:
            reader.recv_bytes()
    except (EOFError, OSError):
        os._exit(1)


def check_alive(processes: Sequence[BaseProcess]) -> None:
    """Raise :class:`~npuzzle.errors.WorkerLostError` naming the first of ``processes`` (workers that run until the
    parent stops them) that has ended, and how: its work will never come. A worker ends on its own only when killed
    or crashed. O(workers): a non-blocking ``waitpid`` each; the parent calls it between two waits on answers."""
    for number, process in enumerate(processes, 1):
        code = process.exitcode
        if code is not None:
            raise WorkerLostError(f"worker process {number} of {len(processes)} (process {process.pid}) {ended(code)}")


def ended(code: int) -> str:
    """How a process with exit code ``code`` (minus a signal's number when a signal ended it, as
    :attr:`multiprocessing.Process.exitcode` says) ended, in words."""
    if code >= 0:
        return f"ended with exit code {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = f"signal {-code}"
    if -code == getattr(signal, "SIGKILL", None):
        return f"was killed by {name} (the system kills a process so when memory runs out, as kill -9 does)"
    return f"was killed by {name}"


def default_jobs() -> int:
    """Worker processes unless told: one per core."""
    return os.cpu_count() or 1
