"""The near-optimal solver's work budget: counted in nodes expanded, not timed, so the same
board and options give the same answer on any machine, under any load, with or without a roomy hard limit; the
budget's bad values get clear messages; the default's answers on Korf & Felner's 24-puzzles stay near the optimum."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

import npuzzle.nearoptimal.budget as budget_module
from npuzzle import Board, LimitError, api, goal_board, random_board
from npuzzle.cli import main
from npuzzle.cli.common import EXIT_INVALID
from npuzzle.nearoptimal.solver import (
    CORE_CELLS,
    DEFAULT_BUDGET,
    WIDE_BUDGET,
    WIDE_CORE_CELLS,
    WORK_UNIT,
    budget_nodes,
    core_cells,
    solve_big,
)
from npuzzle.progress import Clock, Limit, SearchResult, run
from npuzzle.research.instances import korf24
from npuzzle.solving.solve import plan

ROOT = Path(__file__).resolve().parents[1]


def solve(board: Board, goal: Board, budget: float | None = DEFAULT_BUDGET, limit: Limit | None = None) -> SearchResult:
    result = run(solve_big(board, goal, budget=budget, limit=limit))
    assert result.moves is not None and board.apply(result.moves) == goal
    return result


class CrawlingClock:
    """A clock on a machine a thousand times slower than this one: every reading is 1000× the real time elapsed,
    plus a second per reading (a busy neighbour that takes the processor between any two readings)."""

    readings = 0

    def __init__(self) -> None:
        self.real = Clock()

    def elapsed(self) -> float:
        CrawlingClock.readings += 1
        return 1000 * self.real.elapsed() + CrawlingClock.readings


def test_the_work_budget_is_states_expanded() -> None:
    assert budget_nodes(DEFAULT_BUDGET) == round(DEFAULT_BUDGET * WORK_UNIT)
    assert budget_nodes(0) == 0 and budget_nodes(0.5) == WORK_UNIT // 2
    instance = korf24()[0]
    board, goal = instance.board(), instance.goal_board()
    # the beam is paced to three quarters of the budget; improving the answer then stops at its last expansion
    result = solve(board, goal, budget=1.0)
    assert "windows_saved" in result.extra["phases"] and result.nodes_expanded == budget_nodes(1.0)
    beam_only = solve(board, goal, budget=0)  # nothing left for improving it
    assert "windows_saved" not in beam_only.extra["phases"] and beam_only.nodes_expanded < result.nodes_expanded
    assert (result.extra["budget"], beam_only.extra["budget"]) == (1.0, 0)  # what each ran with, for a caller to scale


@pytest.mark.parametrize(
    ("rows", "cols", "budget"),
    [(5, 5, DEFAULT_BUDGET), (6, 6, 0.3), pytest.param(3, 8, DEFAULT_BUDGET, marks=pytest.mark.slow)],
)
def test_the_answer_does_not_depend_on_the_clock(
    rows: int, cols: int, budget: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a clock's pacing a slow or loaded machine would get narrower beams and fewer sweeps: with this clock
    the 5×5 and the 3×8 at the default budget would get other, longer answers."""
    board, goal = random_board(rows, cols, seed=rows * cols + 7), goal_board(rows, cols)
    here = solve(board, goal, budget)
    CrawlingClock.readings = 0
    monkeypatch.setattr(budget_module, "Clock", CrawlingClock)
    slow = solve(board, goal, budget)
    assert CrawlingClock.readings > 0  # the solver did read the crawling clock (its progress records' elapsed)
    assert slow.moves == here.moves
    assert (slow.nodes_expanded, slow.extra) == (here.nodes_expanded, here.extra)


def test_the_same_board_twice_and_with_a_roomy_hard_limit_gives_the_same_moves() -> None:
    board, goal = random_board(6, 6, seed=12), goal_board(6, 6)
    first = solve(board, goal, 0.3)
    assert solve(board, goal, 0.3).moves == first.moves
    for roomy in (Limit(nodes=first.nodes_expanded + 1), Limit(seconds=3600.0), Limit(memory=10**8)):
        limited = solve(board, goal, 0.3, roomy)
        assert limited.stopped is None and limited.moves == first.moves
    # a node limit below the work of the first beam stops the search: the hard limit is the outer stop
    short = run(solve_big(board, goal, budget=0.3, limit=Limit(nodes=first.nodes_expanded // 10)))
    assert short.stopped == "node-limit"


def test_another_process_and_hash_seed_gives_the_same_moves(tmp_path: Path) -> None:
    board = random_board(5, 6, seed=4).format(one_line=True)
    answers = []
    for seed in ("1", "2"):
        env = dict(
            os.environ,
            PYTHONPATH=str(ROOT / "py"),
            PYTHONHASHSEED=seed,
            HOME=str(tmp_path),
            XDG_CACHE_HOME=str(tmp_path / "cache"),
        )
        done = subprocess.run(
            [sys.executable, "-m", "npuzzle", "solve", board, "--budget", "0.3", "--json"],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
            check=True,
        )
        answers.append(json.loads(done.stdout)["moves"])
    assert answers[0] == answers[1] and answers[0]


@pytest.mark.parametrize("bad", [-1, -0.5, float("inf"), float("nan"), 2e6, "2", True, None])
def test_a_bad_budget_is_refused_with_a_message_that_quotes_it(bad: object) -> None:
    board = random_board(5, 5, seed=1)
    if bad is not None:
        with pytest.raises(LimitError, match=r"the budget must be a number of work units from 0 to .* got "):
            plan(board, goal_board(5, 5), budget=bad)  # type: ignore[arg-type]
    reply: dict[str, Any] = json.loads(api.handle(json.dumps({"op": "solve", "board": board.format(), "budget": bad})))
    if bad is None:
        assert reply["ok"] is True  # null: the default
        return
    assert reply["ok"] is False and "budget" in reply["error"]["message"] and repr(bad) in reply["error"]["message"]


@pytest.mark.parametrize("text", ["-1", "lots", "inf", "1e7"])
def test_the_cli_refuses_a_bad_budget_with_exit_2(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    out, err = StringIO(), StringIO()
    board = random_board(5, 5, seed=1).format(one_line=True)
    code = main(["solve", board, "--budget", text], out=out, err=err, stdin=StringIO())
    said = f"argument --budget: {text!r} is not a number of work units from 0 to 1,000,000"
    printed = err.getvalue() + capsys.readouterr().err  # argparse writes to sys.stderr
    assert code == EXIT_INVALID and said in printed and "Traceback" not in printed


@pytest.mark.slow
@pytest.mark.parametrize("index", [0, 5, 6])  # the three longest answers of the first ten
def test_the_default_budget_stays_within_a_quarter_of_the_optimum_on_24_puzzles(index: int) -> None:
    instance = korf24()[index]
    board, goal = instance.board(), instance.goal_board()
    result = solve(board, goal)
    assert result.lower_bound <= instance.optimal <= len(result.moves or ())
    assert len(result.moves or ()) <= 1.25 * instance.optimal, f"instance {instance.ident}"


def test_a_budget_from_wide_budget_up_leaves_a_7x7_whole_and_a_smaller_one_peels_it() -> None:
    assert core_cells(None) == core_cells(budget_nodes(DEFAULT_BUDGET)) == CORE_CELLS
    assert core_cells(budget_nodes(WIDE_BUDGET)) == WIDE_CORE_CELLS
    board = random_board(7, 7, seed=3)
    # a node limit that stops the search inside the region's beam, after the region is chosen
    wide = run(solve_big(board, budget=WIDE_BUDGET, limit=Limit(nodes=20_000)))
    assert wide.moves is None and wide.stopped == "node-limit"
    assert wide.extra["core"] == "7×7 region" and wide.extra["phases"]["peel"] == 0
    narrow = run(solve_big(board, budget=DEFAULT_BUDGET))
    assert narrow.extra["core"] == "6×6 region" and narrow.extra["phases"]["peel"] > 0
