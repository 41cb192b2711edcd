"""Reaching a Dask cluster: ``--scheduler ADDRESS`` read (:func:`parse_scheduler`), a client connected to it or to a
local cluster started for the run (:func:`connect`), and a lost scheduler told apart from other failures."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from distributed import Client, LocalCluster

from ..errors import ClusterError, SchedulerAddressError, quote_input

LOCAL = "local:"
"""The prefix of a local cluster's address: ``local:N`` starts N worker processes on this machine for the run."""

CONNECT_SECONDS = 10.0
"""How long a client tries to reach a scheduler before it gives up."""

_ADDRESS = re.compile(r"^(?:[a-z]+://)?[^\s/:]+:\d+$")


@dataclass(frozen=True, slots=True)
class Scheduler:
    """Where to run: a scheduler's ``address``, or (``workers`` set) a local cluster of that many processes."""

    address: str
    workers: int | None = None


def parse_scheduler(text: str) -> Scheduler:
    """``local:N`` or a scheduler's address (``tcp://host:port``, ``host:port``); raises
    :class:`~npuzzle.errors.SchedulerAddressError` quoting anything else."""
    value = text.strip()
    if value.startswith(LOCAL):
        count = value[len(LOCAL) :]
        if not count.isdigit() or int(count) < 1:
            raise SchedulerAddressError(
                f"--scheduler local:N needs a number of workers of 1 or more, got {quote_input(text)}"
            )
        return Scheduler(value, int(count))
    if not _ADDRESS.match(value):
        raise SchedulerAddressError(
            f"--scheduler must be a Dask scheduler's address (tcp://host:port) or local:N, got {quote_input(text)}"
        )
    return Scheduler(value if "://" in value else "tcp://" + value)


@contextmanager
def connect(scheduler: Scheduler) -> Iterator[Client]:
    """A client of ``scheduler``'s cluster (a local one started here, one single-threaded process per worker, and
    closed on leaving); raises :class:`~npuzzle.errors.ClusterError` when the scheduler cannot be reached."""
    cluster: LocalCluster | None = None
    try:
        if scheduler.workers is not None:
            cluster = LocalCluster(
                n_workers=scheduler.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # its HTTP server: a free port, not 8787
                silence_logs=logging.CRITICAL,
            )
            client = Client(cluster)
        else:
            client = Client(scheduler.address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"cannot reach the Dask scheduler {scheduler.address!r}: {exc}") from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def lost(client: Client) -> bool:
    """Whether ``client`` has lost its scheduler, for now or for good (its futures are cancelled)."""
    return bool(client.status != "running")


def lost_error(scheduler: str, exc: BaseException) -> ClusterError:
    """The error a run ends with when its scheduler went away."""
    why = " ".join(str(exc).split())
    return ClusterError(
        f"lost the Dask scheduler {scheduler!r} ({type(exc).__name__}: {why}); the records written so far are "
        "complete lines: run again with --resume OUT to solve only the rest"
    )


def worker_threads(client: Client) -> int:
    """The worker threads ``client``'s cluster has now (at least 1: tasks wait for a worker that joins later)."""
    counts: dict[str, int] = client.nthreads()
    return max(1, sum(counts.values()))
