"""``npuzzle solve --batch … --scheduler`` and :func:`npuzzle.research.batch.solve_batch` given a Dask client, on real
Dask processes: a ``LocalCluster``, and a scheduler and workers started as separate processes on 127.0.0.1
(:mod:`dask_cluster`). The records equal those of worker processes (``--jobs``); a killed worker costs a retry, a
killed scheduler ends the run with exit 4 and whole lines that ``--resume`` goes on from; a worker without the
pattern database stops the run naming the fix; Ctrl-C stops every process."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from npuzzle.cli import main
from npuzzle.research.batch import BatchOptions, solve_batch
from npuzzle.research.instances import korf100
from shipped_pdb import PDB_FILE, require_shipped_pdb

if os.environ.get("CI") != "true":
    pytest.importorskip("distributed")  # the test extra installs it; CI must have it

from dask_cluster import HANG_SECONDS, Cluster, dask_cluster
from interrupt import interrupt_when, live_processes_with
from npuzzle.cluster import BatchPlugin, connect, parse_scheduler, tables_source
from npuzzle.cluster.batch import board_task
from npuzzle.cluster.tables import register

require_shipped_pdb()
pytestmark = pytest.mark.slow

EASY = sorted(korf100(), key=lambda i: i.manhattan_nodes or 0)[:8]
"""Korf's instances that the 7/7-7 tables solve in milliseconds."""

MIXED = [
    "8 6 7 / 2 5 4 / 3 0 1  # 31 moves",
    "",
    "1 2 3 / 4 5 6 / 8 7 0",
    "1 2 2",
    "# a comment line",
    "1 2 / 3 0",
    "1 2 3 4 / 5 6 7 0",
    "not a board",
    "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15",
]
"""Boards of several shapes (solvable, unsolvable), bad lines, blank and comment lines."""

LINES = [" ".join(map(str, i.tiles)) + f"  # Korf {i.ident}" for i in EASY] + MIXED

SLOW_BOARD = " ".join(map(str, EASY[0].tiles))
"""A board that IDA* with Manhattan distance solves in about a second (Korf's easiest): long enough that a worker
or the scheduler can be killed while boards are being solved."""

SLOW_ARGS = ["--goal", "blank-first", "--algorithm", "idastar", "--heuristic", "manhattan"]


def comparable(record: dict[str, object]) -> str:
    """A record as JSON, without its timing."""
    return json.dumps({key: value for key, value in record.items() if key != "seconds"})


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


def npuzzle(*argv: str, env: dict[str, str] | None = None, **kwargs: object) -> subprocess.Popen[str]:
    """``python -m npuzzle ARGV`` as a separate process (stdout and stderr piped unless given)."""
    options: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True}
    options.update(kwargs)
    return subprocess.Popen([sys.executable, "-m", "npuzzle", *argv], env=env, **options)  # type: ignore[call-overload]


def wait_for_lines(path: Path, count: int, process: subprocess.Popen[str]) -> int:
    """Block until ``path`` holds ``count`` whole lines (or ``process`` ended); the lines it holds."""
    deadline = time.monotonic() + HANG_SECONDS
    while time.monotonic() < deadline:
        lines = path.read_text().count("\n") if path.exists() else 0
        if lines >= count or process.poll() is not None:
            return lines
        time.sleep(0.02)
    raise AssertionError(f"{path} never held {count} lines")


def test_a_client_gives_the_records_of_worker_processes(tmp_path: Path) -> None:
    options = BatchOptions(goal="blank-first", pdb=str(PDB_FILE))
    expected = [comparable(r) for r in solve_batch(LINES, options, jobs=2)]
    gone = tmp_path / "gone.pdb"  # the client's file as a worker on another machine sees it: not there
    sent = replace(tables_source(str(PDB_FILE)), path=str(gone), data=PDB_FILE.read_bytes())
    with connect(parse_scheduler("local:2")) as client:
        got = [comparable(r) for r in solve_batch(LINES, options, client)]
        plugins = client.run(lambda dask_worker: [n for n in dask_worker.plugins if n.startswith("npuzzle")])
        register(client, lambda source: BatchPlugin("npuzzle-test-bytes", options, source), sent)
        files = client.run(lambda dask_worker: dask_worker.plugins["npuzzle-test-bytes"].file())
        record = client.submit(board_task, "npuzzle-test-bytes", 1, " ".join(map(str, EASY[0].tiles))).result()
    assert got == expected
    assert [json.loads(r)["line"] for r in got] == [n for n, line in enumerate(LINES, 1) if line.split("#")[0].strip()]
    assert all(not names for names in plugins.values())  # the run's plugin (and the tables it sent) is gone
    assert list(files.values()) == [None, None]  # no file of their own (the tests' home is empty): the bytes sent
    assert record["length"] == EASY[0].optimal and record["optimal"] and str(record["heuristic"]).startswith("pdb-")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler and two workers as processes of their own, shared by the module's tests (a test that kills a
    worker starts another)."""
    with dask_cluster(tmp_path_factory.mktemp("cluster")) as running:
        yield running


def test_a_scheduler_and_workers_of_their_own_give_the_records_of_jobs(tmp_path: Path, cluster: Cluster) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text("\n".join(LINES) + "\n")
    args = ["solve", "--batch", str(batch), "--goal", "blank-first", "--pdb", str(PDB_FILE)]
    code, out, err = run_cli(*args, "--jobs", "2")
    process = npuzzle(*args, "--scheduler", cluster.address)
    cluster_out, cluster_err = process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == code == 2  # lines that are not boards
    assert [comparable(json.loads(line)) for line in cluster_out.splitlines()] == [
        comparable(json.loads(line)) for line in out.splitlines()
    ]
    summary = "15 of 15 boards done (9 solved, 4 unsolvable, 2 error)"
    assert summary in err and summary in cluster_err and "Traceback" not in cluster_err


def test_a_killed_worker_costs_a_retry_not_the_run(tmp_path: Path, cluster: Cluster) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text(f"{SLOW_BOARD}\n" * 10)
    out = tmp_path / "out.jsonl"
    live = [worker for worker in cluster.workers if worker.poll() is None]
    for _ in range(2 - len(live)):
        live.append(cluster.add_worker())
    cluster.wait_for_workers(2)
    with open(out, "w") as sink:
        process = npuzzle("solve", "--batch", str(batch), *SLOW_ARGS, "--scheduler", cluster.address, stdout=sink)
        try:
            done = wait_for_lines(out, 1, process)
            live[0].send_signal(signal.SIGKILL)  # it was solving a board: each worker has three
            _, err = process.communicate(timeout=HANG_SECONDS)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            cluster.add_worker()  # for the module's next test
    assert done < 10  # killed mid-run
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert process.returncode == 0, err
    assert [r["line"] for r in records] == list(range(1, 11))  # every board once
    assert all(r["length"] == EASY[0].optimal and r["optimal"] for r in records)


def test_a_lost_scheduler_ends_the_run_and_resume_goes_on(tmp_path: Path) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text(f"{SLOW_BOARD}\n" * 10 + "1 2 2\n")
    out = tmp_path / "out.jsonl"
    with dask_cluster(tmp_path / "cluster", workers=1) as own:
        process = npuzzle("solve", "--batch", str(batch), *SLOW_ARGS, "--scheduler", own.address, "--resume",
                          str(out))  # fmt: skip
        try:
            done = wait_for_lines(out, 1, process)
            own.scheduler.send_signal(signal.SIGKILL)
            _, err = process.communicate(timeout=HANG_SECONDS)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert done < 10 and process.returncode == 4, err
    assert f"lost the Dask scheduler {own.address!r}" in err and "--resume" in err and "Traceback" not in err
    text = out.read_text()
    assert text.endswith("\n") and all(json.loads(line)["length"] == EASY[0].optimal for line in text.splitlines())
    first = len(text.splitlines())
    code, _, err = run_cli("solve", "--batch", str(batch), *SLOW_ARGS, "--jobs", "2", "--resume", str(out))
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert (
        code == 2 and f"{first} board{'s' if first > 1 else ''} of 11 already in" in err
    )  # the bad line's record makes it 2
    assert sorted(r["line"] for r in records) == list(range(1, 12))
    assert "11 of 11 boards done (10 solved, 1 error)" in err


def test_a_worker_without_the_database_names_the_fix(tmp_path: Path) -> None:
    home = tmp_path / "empty-home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    env.pop("NPUZZLE_PDB", None)
    batch = tmp_path / "boards.txt"
    batch.write_text("1 2 3 / 4 5 6 / 7 0 8\n" + " ".join(map(str, EASY[0].tiles)) + "\n")
    process = npuzzle("solve", "--batch", str(batch), "--goal", "blank-first", "--scheduler", "local:1", env=env)
    out, err = process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == 2
    assert "has no pattern database" in err and "`npuzzle pdb build`" in err and "Traceback" not in err
    assert [json.loads(line)["line"] for line in out.splitlines()] == [1]  # never a 4×4 answer without the tables


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the cluster's processes through /proc")
def test_ctrl_c_stops_the_run_and_every_process(tmp_path: Path) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text(f"{SLOW_BOARD}\n" * 400)  # more than a loaded machine finishes before the Ctrl-C lands
    marker = f"NPUZZLE_TEST_RUN={uuid.uuid4().hex}"
    name, value = marker.split("=")
    env = {**os.environ, name: value}
    result = interrupt_when(
        ["solve", "--batch", str(batch), *SLOW_ARGS, "--scheduler", "local:2"], "boards done (", env
    )
    assert result.returncode == 3 and "npuzzle: interrupted" in result.stderr and "Traceback" not in result.stderr
    assert all(json.loads(line)["length"] == EASY[0].optimal for line in result.stdout.splitlines())
    deadline = time.monotonic() + HANG_SECONDS
    while live_processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live_processes_with(marker) == []


def test_bad_scheduler_and_resume_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text("1 2 3 / 4 5 6 / 7 0 8\n")
    for value in ("local:0", "local:two", "no port", "http://example/x"):
        code, _, err = run_cli("solve", "--batch", str(batch), "--scheduler", value)
        assert code == 2 and "--scheduler" in err and repr(value)[1:-1] in err
    code, _, err = run_cli("solve", "1 2 3 / 4 5 6 / 7 0 8", "--resume", str(tmp_path / "out"))
    assert code == 2 and "--resume goes with --batch" in err
    capsys.readouterr()
    code, _, _ = run_cli("solve", "--batch", str(batch), "--jobs", "2", "--scheduler", "local:2")  # argparse's own
    assert code == 2 and "--scheduler: not allowed with argument --jobs" in capsys.readouterr().err
