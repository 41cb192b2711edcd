"""A near-optimal answer's lower bound raised by IDA* with linear conflicts (``solve --prove N``): the bound IDA*
proves in the nodes given, the ratio and words that follow from it, an optimal solution when IDA* finds one, the bound
reached when stopped, and the answer untouched where there is nothing to prove."""

from __future__ import annotations

import io
import json
import os
from dataclasses import replace
from pathlib import Path

from interrupt import HANG_SECONDS, PY, interrupt_when
from npuzzle import Board, goal_board, run, scramble
from npuzzle.cli import main
from npuzzle.nearoptimal import raised_bound, solve_big
from npuzzle.optimal.heuristics import LinearConflict
from npuzzle.optimal.search import idastar
from npuzzle.progress import Limit, SearchResult, stop

FIVE = goal_board(5, 5, "blank-first")
HARD = Board(5, 5, (14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22, 13))
"""Korf & Felner's first 24-puzzle (95 moves): no IDA* of these tests finishes it."""


def near(board: Board) -> SearchResult:
    return run(solve_big(board, FIVE, budget=0))


def test_the_bound_is_what_ida_proves_in_the_nodes_given() -> None:
    answer = near(HARD)
    raised = run(raised_bound(HARD, FIVE, answer, 30_000))
    ida = run(idastar(HARD, FIVE, LinearConflict(FIVE), Limit(nodes=30_000)))
    assert ida.moves is None and ida.lower_bound > answer.lower_bound
    assert raised.lower_bound == ida.lower_bound and raised.moves == answer.moves and not raised.optimal
    proof = {"nodes": 30_000, "bound": ida.lower_bound, "raised": True, "heuristic": "linear-conflict"}
    assert raised.extra["proof"] == proof
    ratio = round(len(answer.moves or ()) / ida.lower_bound, 4)
    assert raised.extra["ratio_bound"] == ratio and f"at most {ratio:.3f}×" in raised.message


def test_an_optimal_solution_found_on_the_way_replaces_the_answer() -> None:
    board = scramble(FIVE, 24, seed=3)
    answer = near(board)
    raised = run(raised_bound(board, FIVE, answer, 2_000_000))
    optimum = run(idastar(board, FIVE, LinearConflict(FIVE)))
    assert raised.optimal and raised.moves == optimum.moves and raised.lower_bound == len(optimum.moves or ())
    assert raised.extra["ratio_bound"] == 1.0 and "solved optimally" in raised.message
    assert board.apply(raised.moves or ()) == FIVE


def test_a_stop_keeps_the_answer_with_the_bound_of_the_iteration_running() -> None:
    answer = near(HARD)
    proving = raised_bound(HARD, FIVE, answer, 10_000_000)
    first = next(proving)  # IDA*'s first record: its first bound, the start's estimate
    stopped = stop(proving, lambda record: answer)
    assert stopped.stopped == "cancelled" and stopped.moves == answer.moves
    assert stopped.lower_bound == max(answer.lower_bound, first.bound or 0)
    assert stopped.message.startswith("stopped early (cancelled)")


def test_nothing_to_prove_leaves_the_answer_as_it_is() -> None:
    answer = near(scramble(FIVE, 6, seed=1))
    assert answer.optimal and run(raised_bound(Board(5, 5, FIVE.tiles), FIVE, answer, 1000)) is answer
    hard = near(HARD)
    assert run(raised_bound(HARD, FIVE, hard, 0)) is hard


def test_a_line_move_answer_is_left_alone_and_a_time_limit_cut_is_said() -> None:
    answer = near(HARD)
    lines = replace(answer, extra={**answer.extra, "metric": "mtm"})
    assert run(raised_bound(HARD, FIVE, lines, 1000)) is lines
    cut = run(raised_bound(HARD, FIVE, answer, 10**9, Limit(seconds=answer.seconds + 0.001)))
    assert cut.stopped is None and "the bound's proof cut short by the time limit" in cut.message
    assert cut.lower_bound >= answer.lower_bound and cut.moves == answer.moves


def test_solve_prove_raises_the_printed_bound_and_refuses_a_batch() -> None:
    tiles = " ".join(map(str, HARD.tiles))
    out = io.StringIO()
    assert main(["solve", "--goal", "blank-first", "--budget", "0", "--json", tiles], out=out) == 0
    plain = json.loads(out.getvalue())
    out = io.StringIO()
    args = ["solve", "--goal", "blank-first", "--budget", "0", "--prove", "30000", tiles]
    assert main(args, out=out) == 0
    text = out.getvalue()
    assert "IDA* with linear conflicts raised the bound to" in text and "in 30,000 nodes expanded" in text
    assert "--prove N raises" not in text  # the hint is for an answer whose bound was not raised
    assert f"at least {plain['lower_bound']} moves" not in text
    err = io.StringIO()
    assert main(["solve", "--batch", "-", "--prove", "5"], out=io.StringIO(), err=err) == 2
    assert "--prove goes with one board" in err.getvalue()
    err = io.StringIO()
    assert main(["solve", "--prove", "5", "1 2 3 / 4 5 6 / 7 0 8"], out=io.StringIO(), err=err) == 0
    assert "--prove raises the bound of a near-optimal answer in single-tile moves only; this one came from astar" in (
        err.getvalue()
    )
    err = io.StringIO()
    assert main(["solve", "--count", "--prove", "5", "1 2 3 / 4 5 6 / 7 0 8"], out=io.StringIO(), err=err) == 2
    assert "it does not go with --count or --all" in err.getvalue()


def test_ctrl_c_ends_the_proof_with_the_answer_and_the_bound_reached(tmp_path: Path) -> None:
    """A real Ctrl-C once the proof is under way: the answer is printed with the bound reached, exit 3."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(PY)}
    tiles = " ".join(map(str, HARD.tiles))
    args = ["solve", "--goal", "blank-first", "--budget", "0", "--prove", "1000000000", tiles]
    stopped = interrupt_when(args, ready="raising the bound", env=env)
    assert stopped.returncode == 3, stopped.stderr
    assert "Solved in" in stopped.stdout and "Stopped early (cancelled)" in stopped.stdout
    assert "IDA* with linear conflicts raised the bound to" in stopped.stdout
    assert "interrupted" in stopped.stderr and "Traceback" not in stopped.stderr
    assert stopped.seconds < HANG_SECONDS
