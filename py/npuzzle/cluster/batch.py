"""``npuzzle solve --batch … --scheduler``: a batch's boards solved on a Dask cluster's workers, each as a task that
runs the same one-line-to-one-record function as the worker processes (:func:`npuzzle.solving.records.worker_record`),
the records given back in input order.

The client keeps up to :data:`~npuzzle.parallel.workers.AHEAD` + 1 boards per worker thread submitted (the count of
threads read again every :data:`REFRESH_SECONDS`, as workers come and go) and waits for the first one not yet given
back. A worker that dies costs its boards a retry on another worker (the scheduler's doing: it gives up on a board whose
workers died three times, ``distributed.scheduler.allowed-failures``); a board still gets exactly one record.
Closing the generator cancels the boards not done; a lost scheduler raises :class:`~npuzzle.errors.ClusterError`.
A Ctrl-C is held back while the client works (raised at once, it can land in one of distributed's finalizers, which
swallows it, and the run goes on) and raised as ``KeyboardInterrupt`` by the wait for a record, which looks for it every
:data:`POLL_SECONDS`.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Generator
from contextlib import suppress

from distributed import Client, Future, KilledWorker, wait

from ..errors import ClusterError, TablesMissingError
from ..parallel.interrupts import HeldInterrupts, interrupts_held
from ..parallel.workers import AHEAD
from ..solving.records import BatchOptions, Record, worker_record
from .connect import lost, lost_error, worker_threads
from .tables import BatchPlugin, register, tables_source, worker_plugin

REFRESH_SECONDS = 2.0
"""How often the client asks the scheduler how many worker threads there are."""

POLL_SECONDS = 0.25
"""How often the wait for a board's record looks for a Ctrl-C held back: the longest a Ctrl-C waits to be obeyed."""


def _result(future: Future[Record], interrupts: HeldInterrupts) -> Record:
    """``future``'s record, waited for in slices of :data:`POLL_SECONDS`; a Ctrl-C held back is raised before each."""
    interrupts.check()
    while not future.done():
        with suppress(TimeoutError):
            wait([future], timeout=POLL_SECONDS)
        interrupts.check()
    record: Record = future.result()
    return record


def board_task(run: str, number: int, text: str) -> Record:
    """On a worker: the record of one board line, with the run's options and tables (:class:`BatchPlugin`)."""
    plugin = worker_plugin(run, BatchPlugin)
    return worker_record(number, text, plugin.options, plugin.registries)


def batch_on_cluster(
    client: Client, boards: list[tuple[int, str]], options: BatchOptions
) -> Generator[Record, None, None]:
    """The records of ``boards`` ((line number, text) pairs) solved on ``client``'s cluster, in input order (see
    the module text). Raises :class:`~npuzzle.errors.TablesMissingError` when a worker needs the pattern database
    and has none, :class:`~npuzzle.errors.ClusterError` when the scheduler is lost."""
    if not boards:
        return
    run = f"npuzzle-batch-{uuid.uuid4().hex[:12]}"
    address = str(client.scheduler.address) if client.scheduler is not None else "?"
    futures: dict[int, Future[Record]] = {}
    register(client, lambda source: BatchPlugin(run, options, source), tables_source(options.pdb))
    try:
        with interrupts_held() as interrupts:
            threads, asked = worker_threads(client), time.monotonic()
            sent = 0
            for index in range(len(boards)):
                if time.monotonic() - asked > REFRESH_SECONDS:
                    threads, asked = worker_threads(client), time.monotonic()
                while sent < len(boards) and sent - index < threads * (1 + AHEAD):
                    number, text = boards[sent]
                    futures[sent] = client.submit(board_task, run, number, text, key=f"{run}-{sent}")
                    sent += 1
                future = futures.pop(index)
                try:
                    record = _result(future, interrupts)
                except TablesMissingError:
                    raise
                except KilledWorker as exc:
                    raise ClusterError(
                        f"line {boards[index][0]}: every worker that took its board died ({exc}); the records before "
                        "it are written: run again with --resume OUT once the workers are sound"
                    ) from None
                except Exception as exc:
                    if lost(client):
                        raise lost_error(address, exc) from None
                    raise ClusterError(f"the cluster could not solve line {boards[index][0]}: {exc}") from None
                yield record
    finally:
        if not lost(client):  # best effort: a scheduler that went away forgets the run by itself
            with suppress(OSError, TimeoutError):
                if futures:
                    client.cancel(list(futures.values()))
                client.unregister_worker_plugin(run)
