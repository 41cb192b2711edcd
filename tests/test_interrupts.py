"""A Ctrl-C held back inside :func:`npuzzle.parallel.interrupts.interrupts_held` and handed on where the code checks."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from multiprocessing.queues import Queue
from pathlib import Path
from types import FrameType

import pytest

from interrupt import HANG_SECONDS
from npuzzle.parallel.interrupts import interrupts_held, terminating_as_interrupt
from npuzzle.research.batch import solve_batch
from npuzzle.solving.records import BatchOptions

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread only"
)


class Pressed(Exception):
    """Raised by the test's own SIGINT handler: a Ctrl-C that escapes fails the test instead of ending the run."""


@pytest.fixture
def raising_handler() -> Iterator[None]:
    def press(_signal: int, _frame: FrameType | None) -> None:
        raise Pressed

    previous = signal.signal(signal.SIGINT, press)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_ctrl_c_inside_the_block_waits_for_the_check(raising_handler: None) -> None:
    handler = signal.getsignal(signal.SIGINT)
    with interrupts_held() as interrupts:
        signal.raise_signal(signal.SIGINT)
        assert interrupts.pending  # nothing raised where the signal came
        with pytest.raises(Pressed):
            interrupts.check()
    assert signal.getsignal(signal.SIGINT) is handler


def test_leaving_the_block_hands_on_a_ctrl_c_not_checked_yet(raising_handler: None) -> None:
    finished = False
    with pytest.raises(Pressed), interrupts_held():
        signal.raise_signal(signal.SIGINT)
        finished = True
    assert finished


def test_python_s_default_handler_raises_keyboard_interrupt_at_the_check() -> None:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with interrupts_held() as interrupts:
            signal.raise_signal(signal.SIGINT)
            with pytest.raises(KeyboardInterrupt):
                interrupts.check()
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_handler_that_returns_is_called_once_per_ctrl_c_and_the_next_is_held_again() -> None:
    calls: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: calls.append(signum))
    try:
        with interrupts_held() as interrupts:
            interrupts.check()
            assert calls == []
            signal.raise_signal(signal.SIGINT)
            assert calls == []
            interrupts.check()
            assert calls == [signal.SIGINT] and not interrupts.pending
            signal.raise_signal(signal.SIGINT)
            assert calls == [signal.SIGINT] and interrupts.pending
        assert calls == [signal.SIGINT, signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, previous)


def test_an_error_on_its_way_out_is_not_replaced_by_a_held_ctrl_c(raising_handler: None) -> None:
    with pytest.raises(ValueError, match="bad"), interrupts_held():
        signal.raise_signal(signal.SIGINT)
        raise ValueError("bad")


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupts_held() as interrupts:
            assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
            signal.raise_signal(signal.SIGINT)
            assert not interrupts.pending
    finally:
        signal.signal(signal.SIGINT, previous)


def test_outside_the_main_thread_nothing_changes(raising_handler: None) -> None:
    handler = signal.getsignal(signal.SIGINT)
    seen: list[object] = []

    def elsewhere() -> None:
        with interrupts_held() as interrupts:
            seen.append(signal.getsignal(signal.SIGINT))
            interrupts.check()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [handler]


sigterm_is_default = pytest.mark.skipif(
    signal.getsignal(signal.SIGTERM) != signal.SIG_DFL, reason="the test runner handles SIGTERM itself"
)


def raise_sigterm() -> None:
    """SIGTERM to this process, once :func:`terminating_as_interrupt` is sure to catch it (never the test run's end)."""
    assert signal.getsignal(signal.SIGTERM) != signal.SIG_DFL
    signal.raise_signal(signal.SIGTERM)


@sigterm_is_default
def test_a_sigterm_is_a_ctrl_c_held_back_and_handed_on_as_one(raising_handler: None) -> None:
    with terminating_as_interrupt():
        with pytest.raises(Pressed):
            raise_sigterm()
        with interrupts_held() as interrupts:
            raise_sigterm()
            assert interrupts.pending  # nothing raised where the signal came
            with pytest.raises(Pressed):
                interrupts.check()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


@sigterm_is_default
def test_a_sigterm_raises_keyboard_interrupt_where_ctrl_c_is_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with terminating_as_interrupt(), pytest.raises(KeyboardInterrupt):
            raise_sigterm()
    finally:
        signal.signal(signal.SIGINT, previous)


STOPPED_AT_ONCE = """
import multiprocessing, sys, threading
from npuzzle.parallel.interrupts import terminating_as_interrupt
from npuzzle.parallel.workers import Lifeline, running, start_worker

def wait_as_a_worker(lifeline):
    start_worker(lifeline)
    threading.Event().wait()

if __name__ == "__main__":
    context = multiprocessing.get_context(sys.argv[1])
    for _ in range(5):
        lifeline = Lifeline(context)
        workers = [context.Process(target=wait_as_a_worker, args=(lifeline,), daemon=True) for _ in range(3)]
        with terminating_as_interrupt(), running(workers, lifeline=lifeline):
            pass  # stopped the moment they are started, before they can have set anything
        print(*(worker.exitcode for worker in workers))
"""
"""Workers started and stopped at once, where the parent handles SIGTERM: every ``terminate()`` must end one."""


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_workers_stopped_the_moment_they_start_end_though_the_parent_handles_sigterm(
    tmp_path: Path, method: str
) -> None:
    script = tmp_path / "stopped_at_once.py"  # a file: spawned workers import their target from it
    script.write_text(STOPPED_AT_ONCE)
    run = subprocess.run(
        [sys.executable, str(script), method],
        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "py")), timeout=HANG_SECONDS,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(-signal.SIGTERM)] * 15


def test_a_ctrl_c_while_the_batch_hands_out_boards_stops_it_between_two_waits(
    raising_handler: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = os.getpid()
    put = Queue.put
    inside: list[str] = []

    def put_then_ctrl_c(queue: Queue[object], item: object, *args: object, **kwargs: object) -> None:
        put(queue, item, *args, **kwargs)
        if os.getpid() == parent and not inside:  # the parent, once: workers put their records too
            try:
                signal.raise_signal(signal.SIGINT)  # as if it came inside the queue's own lock handling
                inside.append("held")
            except Pressed:
                inside.append("raised")
                raise

    monkeypatch.setattr(Queue, "put", put_then_ctrl_c)
    before = set(threading.enumerate())
    records = solve_batch(["1 2 3 4 5 6 0 7 8"] * 20, BatchOptions(algorithm="idastar"), jobs=2)
    with pytest.raises(Pressed):
        next(records)
    assert inside == ["held"]
    assert multiprocessing.active_children() == []
    for feeder in set(threading.enumerate()) - before:  # each queue's feeder thread ends once told the queue is closed
        feeder.join(timeout=60)
        assert not feeder.is_alive(), feeder.name
