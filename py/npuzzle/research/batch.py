"""Solve many boards: one board per line in, one JSON-ready record per board out, in input order.

This is ``npuzzle solve --batch FILE|-`` and its Python API, :func:`solve_batch`. Every non-blank line (``#`` starts
a comment) is one board, solved as ``npuzzle solve --json`` would solve it; its record is that command's object
(:func:`solved_record`, or :func:`unsolvable_record` for a board that cannot be solved) with the line's number in
``"line"``, or ``{"line", "error", "input"}`` for a line that is not a board: the run goes on (one line to one
record: :mod:`npuzzle.solving.records`, the same function for every transport). A board of the pattern database's shape
(4×4) is solved with the database when one is named (:attr:`BatchOptions.pdb`), loaded once per process and only
when a board's search uses it (:func:`wants_tables`; memory-mapped in milliseconds from its search form,
:func:`npuzzle.pdb.cache.read_tables`).

With ``jobs`` above 1 the boards are solved in that many worker processes (never more than there are boards); with a
Dask client, on its cluster's workers (:mod:`npuzzle.cluster`). The records still come out in input order, each as
soon as it and every record before it are done. Closing the iterator (or Ctrl-C in the caller) stops the workers at
once (on a cluster: cancels the boards not done). A worker process that dies (killed by the system as memory runs
out, a crash) ends the records with :class:`~npuzzle.errors.WorkerLostError` naming it, after the records before
its board: the parent never waits for good on a board no one solves.

>>> records = solve_batch(["1 2 3 / 4 5 6 / 7 0 8", "1 2 3 / 4 5 6 / 8 7 0", "1 2 2"])
>>> [(r["line"], r.get("length"), r.get("solvable"), "error" in r) for r in records]
[(1, 1, True, False), (2, None, False, False), (3, None, None, True)]
"""

from __future__ import annotations

import multiprocessing
import queue
from collections.abc import Generator, Iterable
from contextlib import suppress
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from typing import TYPE_CHECKING

from ..parallel.interrupts import interrupts_held
from ..parallel.workers import AHEAD, WAIT_SECONDS, Lifeline, check_alive, running, start_worker
from ..pdb import check_file
from ..solving.records import (
    INPUT_SHOWN,
    BatchOptions,
    Record,
    Registries,
    board_lines,
    solve_line,
    solved_record,
    unsolvable_record,
    wants_tables,
    worker_record,
)

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "INPUT_SHOWN",
    "BatchOptions",
    "Record",
    "board_lines",
    "solve_batch",
    "solved_record",
    "unsolvable_record",
    "wants_tables",
]


def solve_batch(
    lines: Iterable[str], options: BatchOptions | None = None, jobs: int | Client = 1
) -> Generator[Record, None, None]:
    """The record of every board of ``lines`` (see the module text), in input order, solved in ``jobs`` processes,
    or on the workers of ``jobs`` when it is a Dask client (:func:`npuzzle.cluster.batch_on_cluster`: the
    ``npuzzle[dask]`` extra).

    Raises :class:`~npuzzle.errors.PatternDatabaseError` (before any record) when ``options.pdb`` names a file that
    cannot be read or whose header is not a database's (:func:`~npuzzle.pdb.cache.check_file`; tables damaged further
    in give the boards that use them an error record), and ``ValueError`` for ``jobs`` below 1."""
    if isinstance(jobs, int) and jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs!r}")
    options = BatchOptions() if options is None else options
    if options.pdb is not None:  # a bad file is named before any board is solved, not once per board
        check_file(options.pdb)
    boards = list(board_lines(lines))
    if not isinstance(jobs, int):
        from ..cluster import batch_on_cluster  # Dask: imported only where it is used

        return batch_on_cluster(jobs, boards, options)
    if jobs == 1 or len(boards) <= 1:
        registries = Registries(options)
        return (solve_line(number, text, options, registries) for number, text in boards)
    return _in_workers(boards, options, min(jobs, len(boards)))


def _in_workers(boards: list[tuple[int, str]], options: BatchOptions, jobs: int) -> Generator[Record, None, None]:
    """:func:`solve_batch` over ``jobs`` worker processes: boards handed out as workers free up, records given
    back in input order."""
    context = multiprocessing.get_context()
    tasks: Queue[tuple[int, int, str] | None] = context.Queue()
    results: Queue[tuple[int, Record]] = context.Queue()
    lifeline = Lifeline(context)
    workers: list[BaseProcess] = [
        context.Process(target=_worker, args=(options, tasks, results, lifeline), daemon=True) for _ in range(jobs)
    ]
    with running(workers, tasks, results, lifeline=lifeline):
        sent = 0
        done: dict[int, Record] = {}
        for index in range(len(boards)):
            with interrupts_held() as interrupts:  # a Ctrl-C is acted on between two short waits
                while sent < len(boards) and sent - index < jobs * (1 + AHEAD):
                    tasks.put((sent, *boards[sent]))
                    sent += 1
                while index not in done:
                    interrupts.check()
                    check_alive(workers)
                    with suppress(queue.Empty):
                        at, record = results.get(timeout=WAIT_SECONDS)
                        done[at] = record
            yield done.pop(index)


def _worker(
    options: BatchOptions,
    tasks: Queue[tuple[int, int, str] | None],
    results: Queue[tuple[int, Record]],
    lifeline: Lifeline,
) -> None:
    """A worker process: solve the boards handed to it until told to stop (None). Ctrl-C is the parent's to
    handle: it stops the workers; a worker whose parent is gone ends
    (:func:`~npuzzle.parallel.workers.start_worker`)."""
    start_worker(lifeline)
    registries = Registries(options)
    while (task := tasks.get()) is not None:
        at, number, text = task
        results.put((at, worker_record(number, text, options, registries)))
