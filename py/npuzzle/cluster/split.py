"""``npuzzle solve --scheduler ADDRESS BOARD``: one hard 15-puzzle solved optimally by a Dask cluster, the split
search's coordinator (:class:`npuzzle.pdb.Coordinator`) in the client and its tasks on the cluster's workers.

As with processes (:mod:`npuzzle.pdb.parallel`): the ordinary search runs here first for up to
:data:`~npuzzle.pdb.SEQUENTIAL_NODES` expansions, and a harder board's search goes on split below a frontier of the
root. The client keeps up to :data:`~npuzzle.pdb.parallel.IN_FLIGHT_PER_JOB` tasks per worker thread submitted,
the most promising first, as JSON (:class:`~npuzzle.pdb.Task`); a worker searches the task's subtree with the
run's tables (:class:`~npuzzle.cluster.tables.SplitPlugin`: loaded once per worker) and gives back its
:class:`~npuzzle.pdb.Answer`, taken in any order. A worker that dies costs its task a retry; once the coordinator
has proven a solution optimal, or on a limit or Ctrl-C, the run's plugin is unregistered, which marks it stopped on
every worker, and its tasks cancelled: a task running on a worker sees the mark between two slices of its search
(every :data:`SLICE_SECONDS`) and ends.
"""

from __future__ import annotations

import time
import uuid
from contextlib import suppress
from typing import Any

from distributed import Client, Future, KilledWorker, wait

from ..board import Board
from ..errors import ClusterError
from ..optimal.checkpoint import DEFAULT_REPORT_EVERY
from ..pdb import SEQUENTIAL_NODES, Answer, Coordinator, PdbTables, Task, solve_with_pdb, subtree_search
from ..pdb.parallel import IN_FLIGHT_PER_JOB
from ..progress import Limit, Search, SearchStopped
from .connect import lost, lost_error, worker_threads
from .tables import SplitPlugin, register, tables_source, worker_plugin

SLICE_SECONDS = 0.1
"""How often a task on a worker looks whether the run was stopped."""

WAIT_SECONDS = 0.25
"""The longest the client waits for an answer before it draws progress and checks the limits."""


def subtree_task(run: str, task: dict[str, Any]) -> dict[str, Any] | None:
    """On a worker: the answer (as JSON) of one task of the run ``run``, or None when the run was stopped first."""
    plugin = worker_plugin(run, SplitPlugin)
    search = subtree_search(plugin.tables(), Task.from_json(task), plugin.reflect, plugin.tt, SLICE_SECONDS)
    while True:
        try:
            next(search)
        except StopIteration as done:
            answer: Answer = done.value
            return answer.to_json()
        if plugin.stopped:
            plugin.tt = {}  # a task stopped halfway leaves entries that are not proven
            return None


def solve_on_cluster(
    client: Client,
    board: Board,
    goal: Board,
    tables: PdbTables,
    limit: Limit = Limit(),
    *,
    pdb: str | None,
    reflect: bool = True,
    sequential_nodes: int = SEQUENTIAL_NODES,
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Search:
    """:func:`npuzzle.pdb.solve_with_pdb` split over ``client``'s cluster (see the module text): the same result,
    with ``extra["jobs"]`` the worker threads it was split for. ``pdb`` is the tables' file (its bytes are sent to
    workers that have not the same file). Raises at once, as that search does, for tables that do not fit or an
    unsolvable board; :class:`~npuzzle.errors.ClusterError` when the scheduler is lost."""
    started = time.perf_counter()
    threads = worker_threads(client)
    first_limit = Limit(sequential_nodes, limit.seconds, limit.memory)
    if limit.nodes is not None and limit.nodes <= sequential_nodes:
        first_limit = limit
    first = solve_with_pdb(board, goal, tables, first_limit, reflect=reflect, report_every=report_every)
    alone = yield from first
    if alone.stopped != "node-limit" or first_limit is limit:
        return alone
    coordinator = Coordinator(
        board, goal, tables, alone, workers=threads, reflect=reflect, limit=limit, started=started
    )
    return (yield from _split(client, coordinator, pdb, threads, report_every))


def _split(client: Client, coordinator: Coordinator, pdb: str | None, threads: int, report_every: float) -> Search:
    run = f"npuzzle-split-{uuid.uuid4().hex[:12]}"
    address = str(client.scheduler.address) if client.scheduler is not None else "?"
    reflect = coordinator.use_reflection
    register(client, lambda source: SplitPlugin(run, source, reflect), tables_source(pdb))
    out: dict[Future[dict[str, Any] | None], Task] = {}
    try:
        reported = time.perf_counter()
        while coordinator.check() is None:
            while len(out) < IN_FLIGHT_PER_JOB * threads and (task := coordinator.next_task()) is not None:
                out[client.submit(subtree_task, run, task.to_json(), key=f"{run}-{task.bound}-{task.index}")] = task
            _take(coordinator, out, address, client)
            now = time.perf_counter()
            if coordinator.result is None and now - reported >= report_every:
                reported = now
                try:
                    yield coordinator.progress()
                except SearchStopped as stop:  # a cancel: every task is stopped on leaving
                    return coordinator.stop(stop.reason)
    finally:
        if not lost(client):  # best effort: a scheduler that went away forgets the run by itself
            with suppress(OSError, TimeoutError):
                client.unregister_worker_plugin(run)  # its teardown stops the run's tasks on every worker
                client.cancel(list(out))
    assert coordinator.result is not None
    return coordinator.result


def _take(
    coordinator: Coordinator, out: dict[Future[dict[str, Any] | None], Task], address: str, client: Client
) -> None:
    """Wait a little for answers and give the coordinator those that came; a task whose workers all died is handed
    out again."""
    try:
        done = wait(list(out), timeout=WAIT_SECONDS, return_when="FIRST_COMPLETED").done if out else set()
    except TimeoutError:
        done = set()
    for future in done:
        task = out.pop(future)
        try:
            answer = future.result()
        except KilledWorker:
            coordinator.release(task.bound, task.index)
            continue
        except Exception as exc:
            if lost(client):
                raise lost_error(address, exc) from None
            raise ClusterError(f"the cluster could not search a subtree: {exc}") from None
        if answer is not None and coordinator.take(Answer.from_json(answer)) is not None:
            return
