"""A real Dask cluster for the tests: a scheduler and workers started as separate processes on 127.0.0.1
(``python -m distributed.cli.dask_scheduler``, ``…dask_worker``), each stopped when the test ends, however it ends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

HANG_SECONDS = 120.0
"""How long a process may take to start or to stop before the test calls it a hang."""


@dataclass
class Cluster:
    """A running cluster: the scheduler's ``address`` and process, and the worker processes (one thread each, no
    nanny: killing one kills the worker)."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    logs: Path = Path()
    files: list[BinaryIO] = field(default_factory=list)

    def add_worker(self, env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
        """Start one more worker (in ``env``, else the tests' environment); it joins in the background."""
        log = open(self.logs / f"worker-{len(self.workers)}.log", "wb")  # noqa: SIM115 - closed with the cluster
        self.files.append(log)
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--nthreads", "1", "--no-nanny",
             "--no-dashboard", "--host", "127.0.0.1"],
            stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ if env is None else env),
        )  # fmt: skip
        self.workers.append(worker)
        return worker

    def wait_for_workers(self, count: int) -> None:
        """Block until the scheduler has ``count`` workers."""
        from distributed import Client

        with Client(self.address, timeout=HANG_SECONDS) as client:
            client.wait_for_workers(count, timeout=HANG_SECONDS)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(HANG_SECONDS / 4)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def dask_cluster(folder: Path, workers: int = 2, env: Mapping[str, str] | None = None) -> Iterator[Cluster]:
    """A scheduler on 127.0.0.1 (a free port, read from its scheduler file in ``folder``) and ``workers`` workers
    joined to it; every process stopped on leaving."""
    folder.mkdir(parents=True, exist_ok=True)
    address_file = folder / "scheduler.json"
    log = open(folder / "scheduler.log", "wb")  # noqa: SIM115 - closed with the cluster
    scheduler = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
         "--no-dashboard", "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(address_file)],
        stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ if env is None else env),
    )  # fmt: skip
    cluster = Cluster("", scheduler, logs=folder, files=[log])
    try:
        deadline = time.monotonic() + HANG_SECONDS
        while not address_file.exists() or not address_file.read_text().strip():
            if scheduler.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the scheduler did not start: {(folder / 'scheduler.log').read_text()[-800:]}")
            time.sleep(0.05)
        cluster.address = json.loads(address_file.read_text())["address"]
        for _ in range(workers):
            cluster.add_worker(env)
        cluster.wait_for_workers(workers)
        yield cluster
    finally:
        for process in [*cluster.workers, scheduler]:
            _stop(process)
        for file in cluster.files:
            file.close()
