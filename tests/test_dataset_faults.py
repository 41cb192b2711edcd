"""``npuzzle dataset`` when something outside it fails: the disk full, a permission lost, another run on the same file,
a row there twice, its process killed. Each fault ends with a message naming the file and the cause and its own exit
code, no traceback, the rows written before kept and readable, no process left behind, and ``--resume`` going on to
the same dataset a run without the fault writes."""

from __future__ import annotations

import errno
import io
import os
import re
import shutil
import signal
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from faults import run_capped
from interrupt import (
    HANG_SECONDS,
    SEES_PROCESSES,
    dataset_in_two_workers,
    interrupt_when,
    left_behind,
    live_processes_with,
    marked,
)
from npuzzle.cli import main
from npuzzle.parallel.writelock import lock_path, writing
from npuzzle.research import datafiles
from npuzzle.research.datafiles import parts_folder, read_rows
from npuzzle.research.dataset import COLUMN_NAMES, DatasetSpec, dataset_rows

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
EXIT_OUTPUT = 5


def run_cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    code = main(list(argv), out=io.StringIO(), err=err, stdin=io.StringIO())
    return code, err.getvalue()


def kept_count(err: str) -> int:
    """The rows the message says this run wrote and kept."""
    found = re.search(r"npuzzle: stopped: (\d+) rows? of this run written and kept; --resume goes on", err)
    assert found is not None, err
    return int(found.group(1))


def timeless(path: Path) -> list[dict[str, object]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in read_rows(path)]


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
@pytest.mark.parametrize("suffix", ["jsonl", "csv"])
def test_a_full_disk_names_the_file_keeps_whole_rows_and_resume_goes_on(tmp_path: Path, suffix: str) -> None:
    out, straight = tmp_path / f"d.{suffix}", tmp_path / f"straight.{suffix}"
    args = ["dataset", "--shape", "3x3", "--count", "40", "--seed", "f"]
    limit = 3000  # about ten rows of the 40
    run = run_capped(limit, [*args, "--out", str(out)], ENV)
    assert run.returncode == EXIT_OUTPUT and "Traceback" not in run.stderr, run.stderr
    assert f"npuzzle: cannot write the dataset {str(out)!r}: {os.strerror(errno.EFBIG)}\n" in run.stderr
    kept = kept_count(run.stderr)
    data = out.read_bytes()
    assert 0 < kept < 40 and len(data) <= limit and data.endswith(b"\n")  # the row cut off by the cap is gone
    assert [row["index"] for row in read_rows(out)] == list(range(kept))

    code, err = run_cli(*args, "--out", str(out), "--resume")
    assert code == 0 and f"{kept} rows of 40 already in" in err and f"{40 - kept} rows written" in err
    assert run_cli(*args, "--out", str(straight))[0] == 0
    assert timeless(out) == timeless(straight)


def failing(after: int, error: OSError, real: object) -> object:
    """A stand-in for a pyarrow writer that works ``after`` times, then writes a few bytes and raises ``error``."""
    calls = [0]

    def write(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        if calls[0] > after:
            where = next(a for a in args if isinstance(a, (str, os.PathLike)))  # write_table's 2nd, ParquetWriter's 1st
            Path(where).write_bytes(b"PAR1 half")
            raise error
        return real(*args, **kwargs)  # type: ignore[operator]

    return write


@pytest.mark.parametrize(
    ("function", "after", "error", "named"),
    [
        ("write_table", 2, OSError(errno.ENOSPC, "No space left"), "d.parquet.parts/part-000000000010.parquet"),
        ("ParquetWriter", 0, PermissionError(errno.EACCES, "Permission denied"), "d.parquet"),
    ],
)
def test_a_parquet_part_or_the_join_that_fails_leaves_whole_parts_that_resume_joins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, function: str, after: int, error: OSError, named: str
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(datafiles, "PART_ROWS", 5)
    monkeypatch.setattr(datafiles, "PART_SECONDS", 1e9)  # parts by rows only, however slow the machine
    args = ["dataset", "--shape", "2x3", "--count", "23", "--seed", "p", "--out", "d.parquet"]
    monkeypatch.setattr(pq, function, failing(after, error, getattr(pq, function)))
    code, err = run_cli(*args)
    assert code == EXIT_OUTPUT and "Traceback" not in err
    assert f"npuzzle: cannot write the dataset {named!r}: {os.strerror(error.errno)}\n" in err
    kept = kept_count(err)
    assert kept == (10 if function == "write_table" else 23)
    assert not Path("d.parquet").exists() and not list(Path().glob("**/*.tmp"))  # no half-written file
    assert sorted(row["index"] for row in read_rows(Path("d.parquet"))) == list(range(kept))

    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    code, err = run_cli(*args, "--resume")
    assert code == 0 and f"{kept} rows of 23 already in" in err
    assert [row["index"] for row in pq.read_table("d.parquet").to_pylist()] == list(range(23))
    assert not parts_folder(Path("d.parquet")).exists()


@pytest.mark.skipif(sys.platform == "win32", reason="no lock is taken on Windows")
def test_a_file_another_run_writes_is_refused_with_that_run_named_and_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    args = ["dataset", "--shape", "3x3", "--count", "6", "--out", str(out)]
    with writing(out):  # as another run would hold it (a second open file of the lock conflicts as another process)
        code, err = run_cli(*args)
        assert code == EXIT_OUTPUT and "Traceback" not in err
        assert f"npuzzle: {str(out)!r} is being written by another run (process {os.getpid()}: " in err
        assert f"its lock: {str(lock_path(out))!r}): wait for it to end, or stop it, or give another output file" in err
        assert not out.exists()
    assert not lock_path(out).exists()  # removed by the run that held it
    lock_path(out).write_text("999999999\nnpuzzle dataset … (killed with kill -9)\n")  # held by no one
    assert run_cli(*args)[0] == 0
    assert len(list(read_rows(out))) == 6 and not lock_path(out).exists()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="a terminal, and the lock")
def test_two_runs_of_one_file_at_once_the_second_refused_and_no_row_written_twice(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    args = dataset_in_two_workers(out, 300, "two")
    second: list[tuple[int, int, str]] = []

    def resume_it_meanwhile(pid: int) -> None:  # while the first run writes: what the issue saw write 1,494 repeats
        second.append((pid, *run_cli(*args, "--resume")))

    result = interrupt_when(args, "boards done (", ENV, meanwhile=resume_it_meanwhile)
    assert result.returncode == 3 and "Traceback" not in result.stderr
    [(pid, code, err)] = second
    assert code == EXIT_OUTPUT and "Traceback" not in err
    assert f"npuzzle: {str(out)!r} is being written by another run (process {pid}: " in err
    assert "dataset --shape 3x3 --count 300" in err
    code, err = run_cli(*args, "--resume")
    assert code == 0 and not lock_path(out).exists()
    assert [row["index"] for row in read_rows(out)] == list(range(300))


@pytest.mark.parametrize(("suffix", "header"), [("jsonl", 0), ("csv", 1)])
def test_a_row_twice_in_a_file_is_refused_on_resume_naming_both_lines(tmp_path: Path, suffix: str, header: int) -> None:
    out = tmp_path / f"d.{suffix}"
    args = ["dataset", "--shape", "3x3", "--seed", "t", "--out", str(out)]
    assert run_cli(*args, "--count", "10")[0] == 0
    with open(out, "a", encoding="utf-8") as file:
        file.write(out.read_text().splitlines(keepends=True)[header + 3])  # row 3 again, as a second run wrote it
    before = out.read_bytes()
    code, err = run_cli(*args, "--count", "12", "--resume")
    assert code == 2 and "Traceback" not in err
    first, again = header + 4, header + 11
    assert (
        f"npuzzle: row 3 of the dataset is there twice: on line {first} of {str(out)!r} and on line {again} of "
        f"{str(out)!r} (a file copied under another name, or two runs that wrote at once?): remove one, then "
        "--resume goes on\n"
    ) in err
    assert out.read_bytes() == before  # nothing written


HEADER = ",".join(COLUMN_NAMES)


@pytest.mark.parametrize(
    ("name", "text", "fragment"),
    [
        ("d.jsonl", '{"index": true, "tiles": []}\n', 'line 1 of {path} is not a dataset row: \'{{"index": true'),
        ("d.csv", HEADER.replace("cols", "col\rs") + "\n", "line 1 of {path} is not a dataset row (csv: new-line"),
        ("d.csv", f"{HEADER}\n0,3,3,{'9' * 200_000}\n", "line 2 of {path} is not a dataset row (csv: field larger"),
    ],
    ids=["index true", "a stray carriage return", "a cell of 200,000 characters"],
)
def test_a_file_resume_cannot_read_is_named_with_its_line_and_exit_2(
    tmp_path: Path, name: str, text: str, fragment: str
) -> None:
    out = tmp_path / name
    out.write_text(text, encoding="utf-8", newline="")  # was a ValueError or csv.Error traceback, exit 1
    code, err = run_cli("dataset", "--shape", "3x3", "--count", "2", "--out", str(out), "--resume")
    assert code == 2 and "Traceback" not in err, err
    assert fragment.format(path=repr(str(out))) in err


def test_a_parquet_part_copied_under_another_name_is_refused_on_resume_naming_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "d.parquet"
    args = ["dataset", "--shape", "2x3", "--count", "20", "--seed", "c", "--out", str(out)]
    monkeypatch.setattr(datafiles, "PART_ROWS", 5)
    monkeypatch.setattr(datafiles, "PART_SECONDS", 1e9)
    writer = datafiles.open_writer(out)
    for row in dataset_rows(DatasetSpec(2, 3, 12, seed="c")):
        writer.write(row)
    writer.close(complete=False)  # what a run cut short leaves: parts of rows 0-4 and 5-9, 10-11 in a third
    part = parts_folder(out) / "part-000000000005.parquet"
    copy = parts_folder(out) / "part-000000000005 (copy).parquet"
    shutil.copy(part, copy)
    code, err = run_cli(*args, "--resume")
    assert code == 2 and "Traceback" not in err
    assert "npuzzle: row 5 of the dataset is there twice: in " in err
    assert f"in {str(copy)!r}" in err and f"in {str(part)!r}" in err
    assert not out.exists() and len(list(parts_folder(out).iterdir())) == 4  # nothing written, nothing joined


@pytest.mark.slow
@SEES_PROCESSES
def test_workers_end_when_their_parent_is_killed_and_resume_takes_its_file_over(tmp_path: Path) -> None:
    out = tmp_path / "killed.jsonl"
    args = dataset_in_two_workers(out, 300, "k")
    marker, env = marked(ENV)
    running: list[list[int]] = []

    def workers_at_work(_pid: int) -> None:  # the parent and its two workers, before the parent is killed
        deadline = time.monotonic() + HANG_SECONDS
        while len(live_processes_with(marker)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        running.append(live_processes_with(marker))

    try:
        result = interrupt_when(args, "boards done (", env, signal.SIGKILL, workers_at_work)
        assert result.returncode == -signal.SIGKILL and len(running[0]) == 3
        assert left_behind(marker) == []  # the workers noticed their parent gone, and ended
    finally:
        for pid in live_processes_with(marker):  # a failed run's orphans: not left to the machine
            os.kill(pid, signal.SIGKILL)
    assert lock_path(out).exists()  # left by the killed run, its lock gone with it
    code, err = run_cli(*args, "--resume")
    assert code == 0 and "Traceback" not in err and not lock_path(out).exists()
    assert [row["index"] for row in read_rows(out)] == list(range(300))
