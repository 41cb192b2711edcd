"""``npuzzle solve --batch FILE --resume OUT`` when something outside it fails, under the rules ``npuzzle dataset``
follows (``tests/test_dataset_faults.py``; :mod:`npuzzle.research.linefile`, :mod:`npuzzle.parallel.writelock`): the
disk full, another run on OUT, a record there twice; and a worker process killed (as the system kills one when memory
runs out) under both commands. Each ends with a message naming the file or the worker and its own exit code, no
traceback, what was written kept, no process left behind, and ``--resume`` going on to what a run without the fault
writes."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from faults import run_capped, workers_of
from interrupt import SEES_PROCESSES, dataset_in_two_workers, interrupt_when, left_behind, live_processes_with, marked
from npuzzle.cli import main
from npuzzle.parallel.writelock import lock_path, writing
from npuzzle.randomize import random_board
from npuzzle.research.datafiles import read_rows

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
EXIT_WORKERS_LOST = 4
EXIT_OUTPUT = 5


def run_cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    code = main(list(argv), out=io.StringIO(), err=err, stdin=io.StringIO())
    return code, err.getvalue()


def boards_file(folder: Path, count: int, seed: str) -> Path:
    """A batch of ``count`` random 8-puzzles, one a line."""
    path = folder / f"boards-{seed}.txt"
    path.write_text("".join(random_board(3, 3, seed=f"{seed}/{i}").format(one_line=True) + "\n" for i in range(count)))
    return path


def batch_args(boards: Path, jobs: int = 1) -> list[str]:
    return ["solve", "--batch", str(boards), "--algorithm", "idastar", "--heuristic", "manhattan", "--jobs", str(jobs)]


def records(path: Path) -> list[dict[str, object]]:
    """OUT's records by input line, without their timing."""
    read = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in read), key=lambda r: int(str(r["line"])))


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_names_the_file_keeps_whole_records_and_resume_goes_on(tmp_path: Path) -> None:
    boards, out, straight = boards_file(tmp_path, 30, "f"), tmp_path / "out.jsonl", tmp_path / "straight.jsonl"
    limit = 6000  # about eight records of the 30
    run = run_capped(limit, [*batch_args(boards), "--resume", str(out)], ENV)
    assert run.returncode == EXIT_OUTPUT and "Traceback" not in run.stderr, run.stderr
    assert f"npuzzle: cannot write the --resume file {str(out)!r}: {os.strerror(errno.EFBIG)}\n" in run.stderr
    found = re.search(
        r"npuzzle: stopped: (\d+) records? of this run written and kept; --resume goes on once", run.stderr
    )
    assert found is not None, run.stderr
    kept = int(found.group(1))
    data = out.read_bytes()
    assert 0 < kept < 30 and len(data) <= limit and data.endswith(b"\n")  # the record cut off by the cap is gone
    assert [r["line"] for r in records(out)] == list(range(1, kept + 1))

    code, err = run_cli(*batch_args(boards), "--resume", str(out))
    assert code == 0 and f"{kept} boards of 30 already in" in err
    assert run_cli(*batch_args(boards), "--resume", str(straight))[0] == 0
    assert records(out) == records(straight)


@pytest.mark.skipif(sys.platform == "win32", reason="no lock is taken on Windows")
def test_an_output_another_run_writes_is_refused_with_that_run_named_and_left_alone(tmp_path: Path) -> None:
    boards, out = boards_file(tmp_path, 4, "l"), tmp_path / "out.jsonl"
    with writing(out):  # as another run would hold it
        code, err = run_cli(*batch_args(boards), "--resume", str(out))
        assert code == EXIT_OUTPUT and "Traceback" not in err
        assert f"npuzzle: {str(out)!r} is being written by another run (process {os.getpid()}: " in err
        assert not out.exists()
    assert run_cli(*batch_args(boards), "--resume", str(out))[0] == 0
    assert len(records(out)) == 4 and not lock_path(out).exists()


def test_a_record_twice_is_refused_on_resume_naming_both_lines(tmp_path: Path) -> None:
    boards, out = boards_file(tmp_path, 6, "t"), tmp_path / "out.jsonl"
    assert run_cli(*batch_args(boards), "--resume", str(out))[0] == 0
    with open(out, "a", encoding="utf-8") as file:
        file.write(out.read_text().splitlines(keepends=True)[3])  # line 4's record again, as a second run wrote it
    before = out.read_bytes()
    code, err = run_cli(*batch_args(boards), "--resume", str(out))
    assert code == 2 and "Traceback" not in err
    assert (
        f"npuzzle: the record of input line 4 is there twice: on line 4 of {str(out)!r} and on line 7 of {str(out)!r} "
        "(a file copied under another name, or two runs that wrote at once?): remove one, then --resume goes on\n"
    ) in err
    assert out.read_bytes() == before  # nothing written


@pytest.mark.slow
@SEES_PROCESSES
@pytest.mark.parametrize("command", ["solve --batch", "dataset"])
def test_a_worker_killed_ends_the_run_naming_it_and_resume_goes_on(tmp_path: Path, command: str) -> None:
    """What the system's out-of-memory killer does to one worker (SIGKILL): the parent, which would have waited for
    that worker's board for good, names the worker and the signal, keeps what it wrote and exits 4."""
    if command == "dataset":
        out = tmp_path / "d.jsonl"
        args, unit = dataset_in_two_workers(out, 300, "w"), "row"
    else:
        out = tmp_path / "out.jsonl"
        args, unit = [*batch_args(boards_file(tmp_path, 300, "w"), jobs=2), "--resume", str(out)], "record"
    marker, env = marked(ENV)
    killed: list[int] = []

    def kill_a_worker(parent: int) -> None:
        workers = workers_of(parent, marker, 2)
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)
        killed.append(workers[0])

    try:
        result = interrupt_when(args, "boards done (", env, 0, kill_a_worker)  # signal 0: the kill is the fault
        assert result.returncode == EXIT_WORKERS_LOST and "Traceback" not in result.stderr, result.stderr
        assert re.search(
            rf"npuzzle: worker process [12] of 2 \(process {killed[0]}\) was killed by SIGKILL \(the system kills a "
            r"process so when memory runs out, as kill -9 does\)\n",
            result.stderr,
        ), result.stderr
        found = re.search(
            rf"npuzzle: stopped: (\d+) {unit}s? of this run written and kept; --resume goes on\n", result.stderr
        )
        assert found is not None, result.stderr
        assert left_behind(marker) == []  # the other worker stopped with the run
    finally:
        for pid in live_processes_with(marker):
            os.kill(pid, signal.SIGKILL)
    kept = int(found.group(1))
    code, err = run_cli(*args, "--resume") if command == "dataset" else run_cli(*args)
    assert code == 0 and "Traceback" not in err and not lock_path(out).exists()
    if command == "dataset":
        assert [row["index"] for row in read_rows(out)] == list(range(300))
    else:
        assert [r["line"] for r in records(out)] == list(range(1, 301))
    assert kept < 300
