"""One hard 15-puzzle solved optimally by several processes: IDA* whose every iteration is split below the root.

:func:`solve_with_pdb_parallel` first runs the ordinary search (:func:`~npuzzle.pdb.search.solve_with_pdb`) for
up to :data:`SEQUENTIAL_NODES` expansions: most boards end there, before any process starts. A harder board's
search goes on from the bound it reached, split below a frontier of the root by a
:class:`~npuzzle.pdb.split.Coordinator` (the bookkeeping and the proof of optimality are described in
:mod:`npuzzle.pdb.split`): the parent keeps up to :data:`IN_FLIGHT_PER_JOB` tasks per process in a queue, the most
promising first, and a process searches each task's subtree (:func:`~npuzzle.pdb.split.answer_task`, with a
transposition table kept for all its subtrees) and queues its answer. Once the coordinator has proven a solution
optimal the other workers are stopped at once, as on a cancel or a limit.

The workers are processes (``fork`` where the platform has it, so they share the parent's loaded tables; else they
are sent a copy). Progress counts the nodes of finished subtrees; limits are checked between them, about every
``report_every`` seconds.
"""

from __future__ import annotations

import multiprocessing
import queue
import time
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue

from ..board import Board
from ..optimal.checkpoint import DEFAULT_REPORT_EVERY
from ..parallel.interrupts import interrupts_held
from ..parallel.workers import WAIT_SECONDS, Lifeline, check_alive, running, start_worker
from ..progress import Limit, Search, SearchResult, SearchStopped
from .split import FRONTIER_PER_JOB, SEQUENTIAL_NODES, SplitJob, answer_task, ordinary_first
from .tables import PdbTables
from .tasks import Answer, Task

__all__ = ["FRONTIER_PER_JOB", "IN_FLIGHT_PER_JOB", "SEQUENTIAL_NODES", "solve_with_pdb_parallel"]

IN_FLIGHT_PER_JOB = 2
"""Tasks queued or running per worker process at most: enough that none waits for the parent, few enough that the
tasks are taken in frontier order."""


def solve_with_pdb_parallel(
    board: Board,
    goal: Board,
    tables: PdbTables,
    limit: Limit = Limit(),
    *,
    jobs: int,
    reflect: bool = True,
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Search:
    """:func:`~npuzzle.pdb.search.solve_with_pdb` over ``jobs`` processes (see the module text); the same
    result, with ``extra["jobs"]``. Raises at once, as it does, for tables that do not fit or an unsolvable board,
    and ``ValueError`` for ``jobs`` below 1."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs!r}")
    job = SplitJob(board, goal, tables, limit, workers=jobs, sequential_nodes=SEQUENTIAL_NODES, reflect=reflect,
                   report_every=report_every)  # fmt: skip
    return _split(job)


def _split(job: SplitJob) -> Search:
    first = yield from ordinary_first(job)
    if isinstance(first, SearchResult):
        return first
    coordinator = first
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    tasks: Queue[Task | None] = context.Queue()
    answers: Queue[Answer] = context.Queue()
    lifeline = Lifeline(context)
    args = (job.tables, coordinator.use_reflection, tasks, answers, lifeline)
    workers: list[BaseProcess] = [context.Process(target=_worker, args=args, daemon=True) for _ in range(job.workers)]
    with running(workers, tasks, answers, lifeline=lifeline):
        reported = time.perf_counter()
        out = 0
        while True:
            with interrupts_held():  # a Ctrl-C is acted on when the block is left, after one short wait at most
                while out < IN_FLIGHT_PER_JOB * job.workers and (task := coordinator.next_task()) is not None:
                    tasks.put(task)
                    out += 1
                try:
                    answer = answers.get(timeout=min(job.report_every, WAIT_SECONDS))
                except queue.Empty:
                    check_alive(workers)  # a worker killed (out of memory?) never answers: said, not waited on
                else:
                    out -= 1
                    if coordinator.take(answer) is not None:
                        break
            if coordinator.check() is not None:
                break
            now = time.perf_counter()
            if now - reported >= job.report_every:
                reported = now
                try:
                    yield coordinator.progress()
                except SearchStopped as stopped:  # a cancel: the workers stop on leaving ``running``
                    return coordinator.stop(stopped.reason)
    assert coordinator.result is not None
    return coordinator.result


def _worker(
    tables: PdbTables, use_reflection: bool, tasks: Queue[Task | None], answers: Queue[Answer], lifeline: Lifeline
) -> None:
    """A worker process: search the subtrees handed to it until told to stop (None); Ctrl-C is the parent's, and a
    worker whose parent is gone ends (:func:`~npuzzle.parallel.workers.start_worker`)."""
    start_worker(lifeline)
    tt: dict[bytes, int] = {}
    while (task := tasks.get()) is not None:
        answers.put(answer_task(tables, task, use_reflection, tt))
