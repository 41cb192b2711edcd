"""Faults outside ``npuzzle`` made on purpose for the fault tests (``tests/test_*_faults.py``): a disk that fills up,
and a look at a run's worker processes."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Mapping, Sequence

from interrupt import HANG_SECONDS, live_processes_with

FILE_SIZE_CAPPED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
from npuzzle.cli import main
sys.exit(main(sys.argv[2:]))
"""
"""``npuzzle`` with its files capped at ``argv[1]`` bytes: past it a write fails as on a full disk (EFBIG; Python
ignores SIGXFSZ)."""


def run_capped(limit: int, args: Sequence[str], env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``npuzzle ARGS`` (the checkout's, in ``env``) with its files capped at ``limit`` bytes."""
    return subprocess.run(
        [sys.executable, "-c", FILE_SIZE_CAPPED, str(limit), *args],
        capture_output=True, text=True, env=env, timeout=HANG_SECONDS, check=False,
    )  # fmt: skip


def workers_of(parent: int, marker: str, count: int) -> list[int]:
    """The worker processes of the run ``parent`` (its processes hold ``marker``), once ``count`` of them are up."""
    deadline = time.monotonic() + HANG_SECONDS
    while True:
        workers = [pid for pid in live_processes_with(marker) if pid != parent]
        if len(workers) >= count or time.monotonic() > deadline:
            return workers
        time.sleep(0.05)
