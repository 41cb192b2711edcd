"""Batch solving (``npuzzle solve --batch``, :mod:`npuzzle.research.batch`): input order, error lines, worker
processes."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from npuzzle.cli import main
from npuzzle.errors import PatternDatabaseError, WorkerLostError
from npuzzle.research import batch
from npuzzle.research.batch import BatchOptions, solve_batch
from npuzzle.solving import records as per_line

LINES = [
    "8 6 7 / 2 5 4 / 3 0 1  # 31 moves",
    "",
    "1 2 3 / 4 5 6 / 8 7 0",
    "1 2 2",
    "1 2 3 / 4 5 6 / 7 0 8",
    "# a comment line",
    "6 4 7 / 8 5 0 / 3 2 1",
    "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15",
]
OPTIONS = BatchOptions(algorithm="idastar", heuristic="linear-conflict")


def comparable(record: dict[str, object]) -> dict[str, object]:
    """A record without its timing."""
    return {key: value for key, value in record.items() if key != "seconds"}


def test_one_record_per_board_line_in_input_order() -> None:
    records = list(solve_batch(LINES, OPTIONS))
    assert [r["line"] for r in records] == [1, 3, 4, 5, 7, 8]
    assert [r.get("length") for r in records] == [31, None, None, 1, 31, 1]
    assert records[1]["solvable"] is False and "inversion" in str(records[1]["message"])
    assert records[2] == {
        "line": 4,
        "error": "3 numbers were given; the smallest board is 2×2 (4 numbers)",
        "input": "1 2 2",
    }
    assert all(r["optimal"] for r in records if "length" in r)


def test_workers_give_the_same_records_in_the_same_order() -> None:
    alone = [comparable(r) for r in solve_batch(LINES, OPTIONS, jobs=1)]
    shared = [comparable(r) for r in solve_batch(LINES, OPTIONS, jobs=3)]
    assert shared == alone
    assert multiprocessing.active_children() == []  # the workers are gone


def test_closing_the_records_stops_the_workers() -> None:
    records = solve_batch(["8 6 7 / 2 5 4 / 3 0 1"] * 12, OPTIONS, jobs=2)
    assert next(records)["length"] == 31
    records.close()
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_worker_killed_ends_the_records_naming_it_not_a_wait_for_good() -> None:
    records = solve_batch(["8 6 7 / 2 5 4 / 3 0 1"] * 12, OPTIONS, jobs=2)
    assert next(records)["length"] == 31
    victim = multiprocessing.active_children()[0]
    os.kill(victim.pid or 0, signal.SIGKILL)  # as the system does to a process when memory runs out
    with pytest.raises(
        WorkerLostError, match=rf"worker process [12] of 2 \(process {victim.pid}\) was killed by SIGKILL"
    ):
        list(records)
    assert multiprocessing.active_children() == []  # the other worker stopped


def test_the_tables_are_read_once_per_process_and_only_for_a_search_that_uses_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    checks: list[str] = []

    def fake_check(path: str) -> object:
        checks.append(path)
        raise PatternDatabaseError("not a database")

    monkeypatch.setattr(batch, "check_file", fake_check)
    with pytest.raises(PatternDatabaseError):
        list(solve_batch(["1 2 3 / 4 5 6 / 7 0 8"], BatchOptions(pdb=str(tmp_path / "x.pdb"))))
    assert checks == [str(tmp_path / "x.pdb")]  # checked up front, before any board

    loads: list[int] = []
    monkeypatch.setattr(per_line, "read_tables", lambda path: loads.append(1))
    monkeypatch.setattr(per_line, "registry_with_tables", lambda tables: object())
    board3, board4 = (per_line.parse_board(text) for text in ("1 2 3 / 4 5 6 / 7 0 8", LINES[-1]))
    goal3, goal4 = (per_line.resolve_goal("default", b.rows, b.cols) for b in (board3, board4))
    for options in (
        BatchOptions(pdb="t.pdb", heuristic="manhattan"),
        BatchOptions(pdb="t.pdb", algorithm="near-optimal"),
    ):
        per_line.Registries(options).for_board(board4, goal4)
    assert loads == []  # a search that does not use the tables never waits for them
    registries = per_line.Registries(BatchOptions(pdb="tables.pdb"))
    registries.for_board(board3, goal3)
    assert loads == []  # a 3×3 never waits for the tables
    first, second = registries.for_board(board4, goal4), registries.for_board(board4, goal4)
    assert loads == [1] and first is second


def test_a_bad_pattern_database_is_named_before_any_board(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdb"
    bad.write_bytes(b"<html>")
    with pytest.raises(PatternDatabaseError, match=r"bad\.pdb' is not a usable pattern database"):
        solve_batch(LINES, BatchOptions(pdb=str(bad)))


def test_jobs_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="jobs must be at least 1, got 0"):
        solve_batch(LINES, OPTIONS, jobs=0)


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def test_cli_batch_from_stdin_with_workers() -> None:
    code, out, err = run_cli(
        "solve", "--batch", "-", "--jobs", "2", "--algorithm", "idastar", "--heuristic", "manhattan",
        stdin="\n".join(LINES),
    )  # fmt: skip
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 3, 4, 5, 7, 8]
    assert [r.get("length") for r in records] == [31, None, None, 1, 31, 1]
    assert code == 2  # a line was not a board
    assert "6 of 6 boards done (4 solved, 1 unsolvable, 1 error)" in err


def test_cli_batch_exit_codes_and_usage(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("1 2 3 / 4 5 6 / 7 0 8\n1 2 3 / 4 5 6 / 8 7 0\n")
    code, out, _ = run_cli("solve", "--batch", str(good), "--jobs", "1")
    assert code == 1 and len(out.splitlines()) == 2  # one unsolvable board, no malformed line
    code, _, err = run_cli("solve", "--batch", str(tmp_path / "none.txt"))
    assert code == 2 and "cannot read batch file" in err and "none.txt" in err
    code, _, err = run_cli("solve", "--batch", str(good), "1 2 3 / 4 5 6 / 7 0 8")
    assert code == 2 and "not both" in err
    hard = tmp_path / "hard.txt"
    hard.write_text("8 6 7 / 2 5 4 / 3 0 1\n1 2 3 / 4 5 6 / 8 7 0\n")
    code, out, _ = run_cli("solve", "--batch", str(hard), "--max-nodes", "5", "--algorithm", "astar")
    first = json.loads(out.splitlines()[0])
    assert code == 3 and first["stopped"] == "node-limit" and first["moves"] is None  # a limit outranks unsolvable


def test_resume_appends_only_the_missing_records_and_refuses_another_batchs_output(tmp_path: Path) -> None:
    batch = tmp_path / "boards.txt"
    batch.write_text("\n".join(LINES) + "\n")
    code, full, _ = run_cli("solve", "--batch", str(batch), "--jobs", "1", *OPTIONS_ARGS)
    records = full.splitlines()
    out = tmp_path / "out.jsonl"
    out.write_text(records[0] + "\n" + records[2] + "\n" + records[3][:25])  # a run cut short mid-line
    again, _, err = run_cli("solve", "--batch", str(batch), "--jobs", "1", *OPTIONS_ARGS, "--resume", str(out))
    assert again == code == 2 and "2 boards of 6 already in" in err and "6 of 6 boards done" in err
    resumed = out.read_text().splitlines()
    assert sorted(map(comparable_line, resumed)) == sorted(map(comparable_line, records))
    assert [json.loads(line)["line"] for line in resumed] == [1, 4, 3, 5, 7, 8]  # the cut line solved again
    code, _, err = run_cli("solve", "--batch", str(batch), "--resume", str(out), *OPTIONS_ARGS)
    assert code == 2 and "6 boards of 6 already in" in err  # nothing left to do
    other = tmp_path / "other.txt"
    other.write_text("1 2 3 / 4 5 6 / 7 0 8\n" * 8)
    code, _, err = run_cli("solve", "--batch", str(other), "--resume", str(out))
    assert code == 2 and "is the record of another board (input line 1)" in err
    out.write_text("not json\n")
    code, _, err = run_cli("solve", "--batch", str(batch), "--resume", str(out))
    assert code == 2 and "line 1 of --resume file" in err and "is not a record" in err


OPTIONS_ARGS = ["--algorithm", "idastar", "--heuristic", "linear-conflict"]


def comparable_line(line: str) -> str:
    return json.dumps(comparable(json.loads(line)))
