"""Ctrl-C (or another signal) to a real ``npuzzle`` process at a known moment, not after a guessed sleep.

The process's stderr is a terminal (a pseudo-terminal), so the CLI draws its live progress line there; the signal is
sent once that line shows the work under way, however slowly a busy machine started the process.
:func:`live_processes_with` then finds any process the run left behind.
"""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[1] / "py"
"""This checkout's package folder: the ``npuzzle`` a run under test imports (not one installed elsewhere)."""

HANG_SECONDS = 120.0
"""How long a step may take before the test calls it a hang (generous: for a stuck process, not a slow one)."""


@dataclass(frozen=True)
class Interrupted:
    """What the process did: its exit code, its stdout, everything its terminal showed on stderr (``\\r\\n`` read
    as ``\\n``), and the seconds from the signal to its exit."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float


def default_sigint() -> None:
    """In the child before exec: SIGINT and SIGTERM back to their defaults, so that Python installs its
    KeyboardInterrupt handler (and npuzzle its SIGTERM one) even when the tests run with them ignored (a background job
    of a non-interactive shell ignores SIGINT, and a child would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def interrupt_when(
    args: Sequence[str],
    ready: str,
    env: Mapping[str, str],
    signum: int = signal.SIGINT,
    meanwhile: Callable[[int], object] | None = None,
) -> Interrupted:
    """Run ``python -m npuzzle ARGS`` (this checkout's, in ``env``); once its stderr shows ``ready``, call
    ``meanwhile`` with its process id (a second run, a look at its workers) and send it ``signum`` (Ctrl-C's SIGINT
    unless told); wait for it to end."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "npuzzle", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=follower,
        env={**env, "PYTHONPATH": str(PY)},
        preexec_fn=default_sigint,
    )
    os.close(follower)
    shown = bytearray()
    seen = threading.Event()

    def drain() -> None:  # the terminal is read all along: a full pty buffer would block the process
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the process closed its end
                break
            if not chunk:
                break
            shown.extend(chunk)
            if ready.encode() in shown:
                seen.set()

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        if not seen.wait(HANG_SECONDS):
            raise AssertionError(f"{ready!r} never showed on stderr: {shown.decode(errors='replace')[-500:]!r}")
        if meanwhile is not None:
            meanwhile(process.pid)
        sent = time.perf_counter()
        process.send_signal(signum)
        stdout, _ = process.communicate(timeout=HANG_SECONDS)
        seconds = time.perf_counter() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(HANG_SECONDS)
        os.close(leader)
    text = shown.decode(errors="replace").replace("\r\n", "\n")
    return Interrupted(process.returncode, stdout.decode(), text, seconds)


SEES_PROCESSES = pytest.mark.skipif(
    not Path("/proc/self/environ").exists(), reason="finds a run's processes through /proc"
)
"""Skips a test that looks for processes left behind where :func:`live_processes_with` cannot."""


def dataset_in_two_workers(out: Path, count: int, seed: str) -> list[str]:
    """The arguments of an ``npuzzle dataset`` run into ``out`` that solves ``count`` 8-puzzles in two worker processes
    by IDA* with Manhattan distance: slow enough (seconds) to be stopped mid-way."""
    return ["dataset", "--shape", "3x3", "--count", str(count), "--seed", seed, "--algorithm", "idastar",
            "--heuristic", "manhattan", "--jobs", "2", "--out", str(out)]  # fmt: skip


def marked(env: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """A marker for one run, ``NAME=VALUE`` and unique, and ``env`` with it: the run's processes, workers included,
    inherit it, and :func:`live_processes_with` finds them by it."""
    value = uuid.uuid4().hex
    return f"{MARKER_NAME}={value}", {**env, MARKER_NAME: value}


MARKER_NAME = "NPUZZLE_TEST_RUN"


def left_behind(marker: str) -> list[int]:
    """The processes still holding ``marker`` once they had :data:`HANG_SECONDS` to end (polled): none, unless a
    run left some behind."""
    deadline = time.monotonic() + HANG_SECONDS
    while live_processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return live_processes_with(marker)


def live_processes_with(marker: str) -> list[int]:
    """The processes whose environment holds ``marker`` (Linux: /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found
