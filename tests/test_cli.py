"""The command line through its real entry point (``python -m npuzzle``), exit codes included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_check_solvable_prints_the_reasoning() -> None:
    result = run("check", "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3")
    assert result.returncode == 0
    assert result.stdout.startswith("Solvable (4×4, goal: default).")
    assert "Inversions: 49" in result.stdout
    assert "Blank row: 3 from the top, 2 from the bottom" in result.stdout


def test_check_unsolvable_exits_1() -> None:
    result = run("check", "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0")
    assert result.returncode == 1
    assert result.stdout.startswith("Not solvable")


def test_check_json_fields() -> None:
    result = run("check", "--json", "1 8 2 / 0 4 3 / 7 6 5")
    data = json.loads(result.stdout)
    assert result.returncode == 0
    assert data["solvable"] is True
    assert (data["rows"], data["cols"], data["inversions"]) == (3, 3, 10)
    assert (data["blank_row_from_top"], data["blank_row_from_bottom"]) == (2, 2)


def test_check_goal_blank_first_and_custom() -> None:
    korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    assert run("check", "--goal", "blank-first", korf1).returncode == 0
    assert run("check", "--goal", "default", korf1).returncode == 1
    assert run("check", "--goal", "3 2 1 0", "1 2 3 0").returncode == 1
    assert run("check", "--goal", "3 2 1 0", "3 0 1 2").returncode == 0


def test_check_reads_stdin_and_files(tmp_path: Path) -> None:
    assert run("check", "-", stdin="1 2 3\n4 5 6\n7 8 0\n").returncode == 0
    path = tmp_path / "board.txt"
    path.write_text("1 2 3\n4 5 6\n8 7 0\n")
    assert run("check", str(path)).returncode == 1


def test_invalid_input_exits_2_with_a_message_and_no_traceback() -> None:
    result = run("check", "1 2 3 / 4 5 5 / 7 8 0")
    assert result.returncode == 2
    assert result.stderr == "npuzzle: tile 5 appears twice (row 2, column 2 and row 2, column 3); missing: 6\n"
    assert "Traceback" not in result.stderr
    result = run("check", "--goal", "sideways", "1 2 3 0")
    assert result.returncode == 2 and "goal:" in result.stderr and "Traceback" not in result.stderr
    assert run("random", "--shape", "1x9").returncode == 2
    assert run("check").returncode == 2


def test_batch_goes_on_after_a_bad_line(tmp_path: Path) -> None:
    lines = "1 2 3 / 4 5 6 / 7 8 0\n\n# a comment\n1 2 3 / 4 5 6 / 7 8 8\n2 1 3 4 5 6 7 8 0\n[[1, 2], [3, 0]]\n"
    result = run("check", "--batch", "-", stdin=lines)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 4
    assert records[0]["solvable"] is True
    assert "tile 8 appears twice" in records[1]["error"]
    assert records[2]["solvable"] is False and records[2]["inversions"] == 1
    assert records[3]["solvable"] is True and records[3]["rows"] == 2
    assert result.returncode == 2  # one line was malformed


def test_random_board_is_repeatable_and_solvable_as_asked() -> None:
    from npuzzle import is_solvable, parse_board

    first = run("random", "--shape", "3x5", "--seed", "9")
    assert first.returncode == 0 and first.stdout == run("random", "--shape", "3x5", "--seed", "9").stdout
    board = parse_board(first.stdout)
    assert (board.rows, board.cols) == (3, 5) and is_solvable(board)
    bad = parse_board(run("random", "--shape", "4x4", "--unsolvable", "--seed", "2").stdout)
    assert not is_solvable(bad)
    scrambled = json.loads(run("random", "--shape", "4x4", "--moves", "20", "--seed", "1", "--json").stdout)
    assert (scrambled["rows"], scrambled["cols"]) == (4, 4)


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "check" in result.stdout and "random" in result.stdout
