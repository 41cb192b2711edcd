"""``npuzzle solve`` and ``npuzzle compare`` through the real entry point (``python -m npuzzle``), exit codes
included, and Ctrl-C (SIGINT) keeping the statistics."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interrupt import interrupt_when
from npuzzle import goal_board, parse_board

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
HARD8 = "8 6 7 / 2 5 4 / 3 0 1"
KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", *args], input=stdin, capture_output=True, text=True, env=ENV, timeout=120
    )


def test_solve_prints_moves_length_and_statistics() -> None:
    result = run("solve", HARD8)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Solved in 31 moves (optimal) with A* + linear-conflict."
    tiles = lines[1].split(":", 1)[1].split()
    letters = lines[2].split(":", 1)[1].strip()
    board = parse_board(HARD8)
    assert board.apply([int(t) for t in tiles]) == goal_board(3, 3) == board.apply(list(letters))
    assert any(line.startswith("Nodes expanded: ") for line in lines)
    assert any(line.startswith("Maximum heap size: ") for line in lines)
    assert result.stderr == ""  # no progress line when stderr is not a terminal


def test_solve_json_fields() -> None:
    result = run(
        "solve",
        "--json",
        "--algorithm",
        "idastar",
        "--heuristic",
        "manhattan",
        "--goal",
        "blank-first",
        "8 0 6 / 5 4 7 / 2 3 1",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["length"] == 31 and len(data["moves"]) == 31 and data["optimal"] is True
    assert (data["algorithm"], data["heuristic"]) == ("idastar", "manhattan")
    for key in ("nodes_expanded", "max_frontier", "seconds", "iterations", "letters"):
        assert key in data
    board = parse_board("8 0 6 / 5 4 7 / 2 3 1")
    assert board.apply(data["moves"]) == goal_board(3, 3, "blank-first")


def test_solve_non_square_with_a_custom_goal() -> None:
    result = run("solve", "--json", "--goal", "0 1 2 3 / 4 5 6 7", "4 1 2 3 / 5 6 7 0")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and data["length"] == 4 and data["letters"] == ["R", "R", "R", "D"]
    assert parse_board("4 1 2 3 / 5 6 7 0").apply(data["moves"]) == parse_board("0 1 2 3 / 4 5 6 7")


@pytest.mark.slow
def test_solve_exit_codes() -> None:
    unsolvable = run("solve", "2 1 3 / 4 5 6 / 7 8 0")
    assert unsolvable.returncode == 1 and unsolvable.stdout.startswith("Not solvable: The board has 1 inversion")
    as_json = run("solve", "--json", "2 1 3 / 4 5 6 / 7 8 0")
    assert as_json.returncode == 1 and json.loads(as_json.stdout)["solvable"] is False
    invalid = run("solve", "1 2 3 / 4 5 5 / 7 8 0")
    assert invalid.returncode == 2 and "tile 5 appears twice" in invalid.stderr and "Traceback" not in invalid.stderr
    assert run("solve", HARD8, "--heuristic", "euclid").returncode == 2
    assert run("solve", HARD8, "--max-nodes", "0").returncode == 2
    limited = run("solve", "--json", KORF1, "--goal", "blank-first", "--max-nodes", "5000")
    data = json.loads(limited.stdout)
    assert limited.returncode == 3 and data["stopped"] == "node-limit" and data["moves"] is None
    assert data["nodes_expanded"] == 5000
    timed = run("solve", KORF1, "--goal", "blank-first", "--algorithm", "astar", "--time-limit", "0.3")
    assert timed.returncode == 3 and "time limit" in timed.stdout and "Try IDA*" in timed.stdout


def test_ctrl_c_stops_cleanly_with_the_statistics() -> None:
    args = [KORF1, "--goal", "blank-first", "--heuristic", "hamming", "--time-limit", "600"]
    stopped = interrupt_when(["solve", *args], ready="expanded", env=ENV)
    assert stopped.returncode == 3, stopped.stderr
    assert "stopped at a cancel request" in stopped.stdout and "Nodes expanded: " in stopped.stdout
    assert "interrupted" in stopped.stderr and "Traceback" not in stopped.stderr


@pytest.mark.slow
def test_compare_prints_the_course_table() -> None:
    result = run("compare", HARD8, "--max-nodes", "50000")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].split()[:4] == ["heuristic", "length", "nodes", "expanded"]
    rows = {line.split()[0]: line for line in lines[2:]}
    assert set(rows) == {"discrete", "hamming", "manhattan", "walking-distance", "linear-conflict"}
    assert "stopped: node limit reached" in rows["discrete"] and "—" in rows["discrete"]
    assert rows["linear-conflict"].split()[1] == "31" and "stopped" not in rows["linear-conflict"]
    data = json.loads(run("compare", "--json", "1 2 3 / 4 5 6 / 0 7 8").stdout)
    assert [row["length"] for row in data["rows"]] == [2] * 5
    assert run("compare", "2 1 3 / 4 5 6 / 7 8 0").returncode == 1


COMPARE_SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5), (5, 3), (4, 5), (5, 5)]


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols"), COMPARE_SHAPES, ids=[f"{r}x{c}" for r, c in COMPARE_SHAPES])
def test_compare_gives_the_pages_rows_on_every_shape(rows: int, cols: int) -> None:
    """The CLI's table and --json and the page's compare (the api) run the same heuristics with the same
    figures, on square and non-square boards up to 5×5 (walking distance only where it fits)."""
    import io

    from npuzzle import api, scramble
    from npuzzle.cli import main

    board = scramble(goal_board(rows, cols), 10, seed=rows * 10 + cols).format(one_line=True)
    shape = f"{rows}x{cols}"
    page = json.loads(api.handle(json.dumps({"op": "compare", "board": board, "rows": rows, "cols": cols})))
    assert page["ok"], page
    out, err = io.StringIO(), io.StringIO()
    assert main(["compare", "--json", "--shape", shape, board], out=out, err=err) == 0, err.getvalue()
    cli_rows = json.loads(out.getvalue())["rows"]
    figures = ("heuristic", "length", "nodes_expanded", "max_frontier")
    assert [[r[k] for k in figures] for r in cli_rows] == [[r[k] for k in figures] for r in page["rows"]]
    names = [r["heuristic"] for r in page["rows"]]
    assert ("walking-distance" in names) == (max(rows, cols) <= 4)
    assert {"discrete", "hamming", "manhattan", "linear-conflict"} <= set(names)
    out = io.StringIO()
    assert main(["compare", "--shape", shape, board], out=out, err=io.StringIO()) == 0
    table = [line.split() for line in out.getvalue().splitlines()[2:]]
    assert [(line[0], int(line[1]), int(line[2].replace(",", ""))) for line in table] == [
        (r["heuristic"], r["length"], r["nodes_expanded"]) for r in page["rows"]
    ]
