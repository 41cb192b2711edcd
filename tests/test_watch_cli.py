"""``npuzzle watch`` through its real entry point: one line per expansion, JSON lines, exit codes, Ctrl-C."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from interrupt import interrupt_when
from npuzzle import api

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
HARD = "8 6 7 / 2 5 4 / 3 0 1"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "npuzzle", "watch", *args], capture_output=True, text=True, env=ENV, timeout=120
    )


def test_one_line_per_expansion_then_the_counters() -> None:
    result = run(HARD, "--steps", "7")
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and result.stderr == ""
    assert len(lines) == 8 and [line.split()[0] for line in lines[:7]] == [f"#{n}" for n in range(1, 8)]
    assert lines[0] == "#1 took 8 6 7/2 5 4/3 0 1 g=0 h=21 f=21; pushed 3, skipped 0; heap 3 (max 3)"
    assert lines[-1].startswith("expanded 7, generated ") and lines[-1].endswith("--from 7 goes on")
    later = run(HARD, "--steps", "3", "--from", "4").stdout.splitlines()
    assert later[:3] == lines[4:7]


def test_json_lines_are_the_ops_steps() -> None:
    result = run(HARD, "--steps", "5", "--from", "40", "--json")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    reply = json.loads(api.handle(json.dumps({"op": "watch", "board": HARD, "from": 40, "count": 5})))
    assert (
        result.returncode == 0
        and records[:5] == reply["steps"]
        and records[5]["summary"]["counters"] == reply["counters"]
    )


def test_a_short_run_reaches_the_goal() -> None:
    result = run("1 2 3 / 4 5 6 / 0 7 8", "--algorithm", "idastar", "--heuristic", "linear-conflict")
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and len(lines) == 4
    assert lines[0].startswith("#1 iteration 1 bound 2 (root) took 1 2 3/4 5 6/0 7 8 g=0 h=2 f=2; pushed 1, cut 1")
    assert lines[2].startswith("#3 iteration 1 bound 2 (from #2) took the goal 1 2 3/4 5 6/7 8 0 g=2 h=0 f=2")
    assert lines[3].endswith("iterations (bound, nodes): 2 2; goal taken: solved in 2 moves")


def test_bad_input_exits_2_with_a_message() -> None:
    for args, says in (
        (["1 2 2 / 4 5 6 / 0 7 8"], "tile 2 appears twice"),
        ([HARD, "--heuristic", "euclid"], "unknown heuristic 'euclid'; use one of discrete"),
        ([HARD, "--steps", "0"], "'0' must be at least 1"),
        ([HARD, "--from", "-3"], "must be 0 or more"),
        (
            [
                "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24 0",
                "--heuristic",
                "walking-distance",
            ],
            "the walking-distance heuristic is not available for a 5×5 board",
        ),
        ([], "watch needs a BOARD"),
    ):
        result = run(*args)
        assert result.returncode == 2 and says in result.stderr and "Traceback" not in result.stderr, args
    unsolvable = run("2 1 3 / 4 5 6 / 7 8 0")
    assert unsolvable.returncode == 1 and unsolvable.stdout.startswith("Not solvable:")


def test_ctrl_c_stops_a_long_replay_cleanly() -> None:
    board = "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3"
    stopped = interrupt_when(
        ["watch", board, "--goal", "blank-first", "--heuristic", "discrete", "--from", "100000000"], "expanded", ENV
    )
    assert stopped.returncode == 3, stopped.stderr
    assert "interrupted" in stopped.stderr and "Traceback" not in stopped.stderr
    assert "stopped (cancelled)" in stopped.stdout and stopped.stdout.startswith("expanded ")
