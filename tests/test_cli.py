"""The command line through its real entry point (``python -m npuzzle``), exit codes included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.slow
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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[1,2,3],[4,5,6],[7,"8",0]]', 'npuzzle: "8" at row 3, column 2 is a string, not a number: in JSON write'),
        ("1 2 3 / / 4 5 6 / 7 8 0", "npuzzle: row 2 of '1 2 3 / / 4 5 6 / 7 8 0' is empty (nothing between two '/')"),
    ],
)
def test_a_string_tile_and_an_empty_row_are_input_errors(text: str, message: str) -> None:
    for command in ("check", "solve"):
        result = run(command, text)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.startswith(message), result.stderr


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


@pytest.mark.slow
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


def test_deep_json_and_huge_numbers_are_invalid_input_not_tracebacks() -> None:
    deep = "[" * 1000 + "]" * 1000
    result = run("check", deep)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == (
        "npuzzle: the JSON is nested 1,000 levels deep; a board is a flat list of numbers or a list of rows "
        "(2 levels), such as [[1, 2], [3, 0]]\n"
    )
    huge = "1" * 5000
    for text, where in ((f"[{huge},2,3,0]", "position 1"), (f"1 2 / 3 {huge}", "row 2, column 2")):
        result = run("check", text)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert f"at {where} is too large" in result.stderr and len(result.stderr) < 300


def test_batch_goes_on_after_deep_json_and_huge_numbers() -> None:
    huge = "1" * 5000
    lines = "[" * 1000 + "]" * 1000 + f"\n[{huge},2,3,0]\n{huge} 2 3 0\n1 2 3 0\n"
    result = run("check", "--batch", "-", stdin=lines)
    assert "Traceback" not in result.stderr and result.returncode == 2
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 4
    assert "nested 1,000 levels deep" in records[0]["error"]
    assert "at position 1 is too large" in records[1]["error"] and "at position 1 is too large" in records[2]["error"]
    assert all(len(r["input"]) < 300 for r in records[:3])  # the echoed input is cut short too
    assert records[3]["solvable"] is True


def test_a_closed_stdout_ends_quietly() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before npuzzle writes anything
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    try:
        result = subprocess.run(
            [sys.executable, "-m", "npuzzle", "check", "1 2 3 / 4 5 6 / 7 8 0"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert result.stderr == ""
    assert result.returncode == 141  # 128 + SIGPIPE, as a shell reports for a writer whose reader went away


def test_an_explicit_shape_that_differs_from_the_rows_is_an_error() -> None:
    result = run("check", "--shape", "2x3", "1 2 / 3 0")
    assert result.returncode == 2
    assert "the rows given make a 2×2 board, but the shape 2×3 was asked for" in result.stderr


def test_batch_applies_the_shape_and_refuses_a_board_argument() -> None:
    result = run("check", "--shape", "2x3", "--batch", "-", stdin="1 2 3 4 5 0\n2 1 3 4 5 0\n")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0
    assert [(r["rows"], r["cols"], r["solvable"]) for r in records] == [(2, 3, True), (2, 3, False)]
    result = run("check", "9 9 9", "--batch", "-", stdin="1 2 3 0\n")
    assert result.returncode == 2 and result.stdout == ""
    assert "check takes a BOARD or --batch FILE, not both (got the BOARD '9 9 9' and --batch '-')" in result.stderr


@pytest.mark.slow
def test_a_mistyped_file_name_is_called_so(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    for name in ("nope.txt", "boards/b1", "./b"):
        result = subprocess.run(
            [sys.executable, "-m", "npuzzle", "check", name],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert result.returncode == 2
        assert result.stderr.startswith(f"npuzzle: no such file '{name}', and it is not a board either: ")
    # board text is not mistaken for a file name
    assert "no such file" not in run("check", "1,2,x,x").stderr
    assert "no such file" not in run("check", "1 2 / 3 y").stderr


def test_counts_are_singular_or_plural() -> None:
    from npuzzle.errors import plural

    assert (plural(1, "move"), plural(0, "move"), plural(2, "move"), plural(1200, "move")) == (
        "1 move",
        "0 moves",
        "2 moves",
        "1,200 moves",
    )
    result = run("solve", "1 2 / 0 3")
    assert result.returncode == 0
    assert result.stdout.startswith("Solved in 1 move (optimal)")
