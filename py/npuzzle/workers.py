"""Worker processes for the command line's parallel work (:mod:`npuzzle.batch`, :mod:`npuzzle.pdb.parallel`):
started together, and all ended at once however the work ends (done, an error, Ctrl-C, a closed generator)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from typing import Any

from .interrupts import interrupts_held

AHEAD = 2
"""Boards handed to each worker (a process, a cluster's thread) beyond the one it is solving: keeps it busy without
reading far ahead."""

WAIT_SECONDS = 0.1
"""The longest the parent waits on its workers at a time: between two waits it looks for a Ctrl-C."""


@contextmanager
def running(processes: Sequence[BaseProcess], *queues: Queue[Any]) -> Iterator[None]:
    """Start ``processes``; on leaving, stop those still running at once (their work is no longer wanted) and
    close ``queues``. A Ctrl-C is held back while they start and while they stop (:mod:`npuzzle.interrupts`); the
    caller holds it back too wherever it puts to or gets from ``queues``."""
    with interrupts_held():
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


def leave_interrupts_to_the_parent() -> None:
    """In a worker: ignore Ctrl-C (SIGINT reaches the whole process group); the parent handles it and stops the
    workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def default_jobs() -> int:
    """Worker processes unless told: one per core."""
    return os.cpu_count() or 1
