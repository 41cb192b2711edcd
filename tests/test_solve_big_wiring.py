"""The near-optimal solver wired through the front door (``solve.plan``), the api and the CLI: ``auto`` picks it
for boards above 4×4, explicit choices are honoured, results carry a lower bound and the worst-case ratio, and
Ctrl-C stops a 10×10 solve with the statistics so far."""

from __future__ import annotations

import json
import math
import os
from dataclasses import replace
from io import StringIO
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from interrupt import interrupt_when
from npuzzle import UnknownNameError, api, goal_board, parse_board, random_board
from npuzzle.board import Board
from npuzzle.cli import main
from npuzzle.cli.common import EXIT_INVALID, EXIT_OK, EXIT_STOPPED, EXIT_UNSOLVABLE
from npuzzle.errors import LimitError
from npuzzle.nearoptimal import DEFAULT_BUDGET, budget_nodes, manhattan_linear_conflict
from npuzzle.parse import resolve_goal
from npuzzle.pdb import PdbTables, heuristic_name
from npuzzle.pdb.pure_builder import build_database
from npuzzle.policy import AUTO_OPTIMAL_NODES, NEAR_OPTIMAL, NEAR_OPTIMAL_MAX_CELLS
from npuzzle.progress import Limit, ratio_bound, run
from npuzzle.solving.fallback import Fallback
from npuzzle.solving.solve import plan

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


def cli(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    code = main(list(args), out=out, err=err, stdin=StringIO())
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("rows", "cols", "expected"), [(3, 3, "astar"), (4, 4, "idastar"), (5, 5, NEAR_OPTIMAL)])
def test_auto_picks_near_optimal_above_4x4_and_says_so(rows: int, cols: int, expected: str) -> None:
    """What each of auto's three choices says of itself (which boards get which: tests/test_policy.py's table)."""
    board = random_board(rows, cols, seed=rows * 100 + cols)
    chosen = plan(board, goal_board(rows, cols))
    assert chosen.algorithm == expected
    if expected == NEAR_OPTIMAL:
        assert chosen.heuristic == "group-tables" and chosen.optimal is False
        assert "not proven optimal" in chosen.summary and "above 4×4" in chosen.summary
    elif expected == "astar":
        assert chosen.optimal is True and chosen.fallback_after is None and "(optimal)" in chosen.summary
    else:  # optimal IDA* for a bounded number of nodes, then the near-optimal solver: not promised optimal
        assert chosen.optimal is False and chosen.fallback_after == AUTO_OPTIMAL_NODES
        assert f"(optimal) for up to {AUTO_OPTIMAL_NODES:,} nodes expanded, then near-optimal" in chosen.summary


def test_explicit_choices_are_honoured() -> None:
    board = random_board(5, 5, seed=1)
    goal = goal_board(5, 5)
    idastar = plan(board, goal, "idastar")
    assert (idastar.algorithm, idastar.heuristic, idastar.optimal) == ("idastar", "linear-conflict", True)
    assert plan(board, goal, "astar", "manhattan").algorithm == "astar"
    for spelling in ("near-optimal", "near_optimal", "Near-Optimal", "nearoptimal"):
        assert plan(board, goal, spelling).algorithm == NEAR_OPTIMAL
    # the near-optimal solver on a small board: a valid solution, never shorter than the optimum
    small = random_board(3, 3, seed=5)
    near = run(plan(small, goal_board(3, 3), NEAR_OPTIMAL, budget=0).start())
    best = run(plan(small, goal_board(3, 3), "astar").start())
    assert near.moves is not None and best.moves is not None
    assert small.apply(near.moves) == goal_board(3, 3)
    assert near.lower_bound <= best.length <= len(near.moves)  # type: ignore[operator]
    assert near.optimal == (len(near.moves) == near.lower_bound)


def test_sizes_and_bad_choices_get_clear_messages() -> None:
    big = random_board(13, 13, seed=2)
    with pytest.raises(LimitError, match=r"144 cells.*near-optimal"):
        plan(big, goal_board(13, 13), "idastar")
    assert plan(big, goal_board(13, 13), "auto").algorithm == NEAR_OPTIMAL
    too_big = random_board(21, 20, seed=3)
    with pytest.raises(LimitError, match=f"21×20 board has 420 cells.*up to {NEAR_OPTIMAL_MAX_CELLS} cells"):
        plan(too_big, goal_board(21, 20))
    board = random_board(5, 5, seed=1)
    with pytest.raises(LimitError, match="own group-tables heuristic, not 'manhattan'"):
        plan(board, goal_board(5, 5), NEAR_OPTIMAL, "manhattan")
    with pytest.raises(LimitError, match=r"budget must be a number of work units .* got -1"):
        plan(board, goal_board(5, 5), budget=-1)
    with pytest.raises(UnknownNameError, match=r"unknown algorithm 'greedy'.*near-optimal"):
        plan(board, goal_board(5, 5), "greedy")


@pytest.mark.parametrize(
    ("rows", "cols", "goal"),
    [
        (5, 5, "default"),
        pytest.param(3, 7, "blank-first", marks=pytest.mark.slow),
        (6, 6, "default"),
        (5, 9, "blank-first"),
        (4, 6, "2 1 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 0 17 18 / 19 20 21 22 23 16"),
    ],
)
def test_api_solve_reports_a_lower_bound_and_the_ratio(rows: int, cols: int, goal: str) -> None:
    target = resolve_goal(goal, rows, cols)
    board = random_board(rows, cols, seed=rows * cols, goal=target)
    reply = ask({"op": "solve", "board": board.format(), "goal": goal, "budget": 0.3})
    assert reply["ok"] is True and reply["algorithm"] == NEAR_OPTIMAL and reply["heuristic"] == "group-tables"
    length, lower = reply["length"], reply["lower_bound"]
    assert reply["moves"] is not None and len(reply["moves"]) == length
    assert board.apply(reply["moves"]) == target == board.apply(reply["letters"])
    assert 0 < lower <= length
    assert lower == max(manhattan_linear_conflict(board.tiles, target.tiles, rows, cols), lower)
    assert reply["optimal"] is (length == lower)
    assert reply["ratio_bound"] == pytest.approx(length / lower, abs=1e-4)
    assert reply["extra"]["ratio_bound"] == reply["ratio_bound"] and reply["extra"]["budget"] == 0.3
    if not reply["optimal"]:
        assert "not proven optimal" in reply["message"]


def test_api_budget_field_is_checked() -> None:
    board = random_board(5, 5, seed=9).format()
    bad = ask({"op": "solve", "board": board, "budget": "lots"})
    assert bad["ok"] is False and "'budget'" in bad["error"]["message"]
    negative = ask({"op": "solve", "board": board, "budget": -2})
    assert negative["ok"] is False and "-2" in negative["error"]["message"]
    explicit = ask({"op": "solve", "board": board, "algorithm": "idastar", "max_nodes": 1000})
    assert explicit["algorithm"] == "idastar" and explicit["stopped"] == "node-limit"


def test_api_options_list_near_optimal_with_the_auto_default() -> None:
    five = ask({"op": "options", "rows": 5, "cols": 5})
    assert five["default_algorithm"] == NEAR_OPTIMAL and five["default_heuristic"] == "group-tables"
    assert five["default_optimal"] is False and "not proven optimal" in five["default_summary"]
    assert [a["name"] for a in five["algorithms"]] == ["astar", "idastar", NEAR_OPTIMAL]
    # the page learns the near-optimal solver's own heuristic from here (it takes no other), for any shape
    assert [a.get("heuristic") for a in five["algorithms"]] == [None, None, "group-tables"]
    four = ask({"op": "options", "rows": 4, "cols": 4})
    assert four["default_algorithm"] == "idastar" and four["default_optimal"] is False  # no database: may fall back
    assert "then near-optimal" in four["default_summary"]
    three = ask({"op": "options", "rows": 3, "cols": 3})
    assert three["default_algorithm"] == "astar" and three["default_optimal"] is True
    assert [a["name"] for a in ask({"op": "options", "rows": 13, "cols": 13})["algorithms"]] == [NEAR_OPTIMAL]
    huge = ask({"op": "options", "rows": 25, "cols": 25})
    assert huge["ok"] is True and huge["algorithms"] == [] and "too big" in huge["default_summary"]


def test_api_session_progress_and_cancel_keep_the_true_lower_bound() -> None:
    board = random_board(10, 10, seed=4)
    session = api.start(json.dumps({"op": "solve", "board": board.format()}))
    first = json.loads(session.advance(0))  # the first record: peeling's first line, long before any answer
    assert first["type"] == "progress" and first["algorithm"] == NEAR_OPTIMAL
    final = json.loads(session.cancel())
    assert final["stopped"] == "cancelled" and final["moves"] is None and final["ratio_bound"] is None
    # the progress bound is the beam's depth; the cancelled result states the real bound on the optimum
    assert final["lower_bound"] == manhattan_linear_conflict(board.tiles, goal_board(10, 10).tiles, 10, 10)
    assert "near-optimal" in final["message"] and "at least" in final["message"]


@pytest.mark.slow
def test_a_10x10_through_the_api_spends_no_more_than_the_default_budget() -> None:
    board = random_board(10, 10, seed=11)
    reply = ask({"op": "solve", "board": board.format()})
    assert reply["algorithm"] == NEAR_OPTIMAL and reply["moves"] is not None
    assert board.apply(reply["moves"]) == goal_board(10, 10)
    assert 0 < reply["lower_bound"] <= reply["length"] and reply["optimal"] is False
    assert 0 < reply["nodes_expanded"] <= budget_nodes(DEFAULT_BUDGET)


def test_cli_near_optimal_json_and_text() -> None:
    board = random_board(5, 5, seed=21).format(one_line=True)
    code, out, _ = cli("solve", board, "--algorithm", "near-optimal", "--budget", "0.3", "--json")
    assert code == EXIT_OK
    record = json.loads(out)
    assert record["algorithm"] == NEAR_OPTIMAL and record["solvable"] is True
    assert 0 < record["lower_bound"] <= record["length"]
    assert record["ratio_bound"] == pytest.approx(record["length"] / record["lower_bound"], abs=1e-4)
    assert record["optimal"] is (record["length"] == record["lower_bound"])
    assert Board(5, 5, tuple(record["tiles"])).apply(record["letters"]) == goal_board(5, 5)

    code, out, _ = cli("solve", board, "--budget", "0.3")  # auto
    assert code == EXIT_OK
    lines = out.splitlines()
    assert lines[0].startswith("Solved in ") and "(not proven optimal) with near-optimal + group-tables" in lines[0]
    statement = next(line for line in lines if line.startswith("Not proven optimal:"))
    assert "at least" in statement and "lower bound" in statement and "× the optimal length" in statement
    assert any(line.startswith("Largest frontier: ") for line in lines)


def test_cli_exit_codes() -> None:
    board = random_board(5, 5, seed=22)
    unsolvable = random_board(5, 5, seed=22, solvable=False).format(one_line=True)
    assert cli("solve", unsolvable)[0] == EXIT_UNSOLVABLE
    assert cli("solve", board.format(one_line=True), "--budget", "-1")[0] == EXIT_INVALID  # argparse says why
    code, _, err = cli("solve", board.format(one_line=True), "--algorithm", "near-optimal", "--heuristic", "hamming")
    assert code == EXIT_INVALID and "group-tables" in err
    big = random_board(10, 10, seed=23).format(one_line=True)
    code, out, _ = cli("solve", big, "--time-limit", "0.05", "--json")
    assert code == EXIT_STOPPED
    assert json.loads(out)["stopped"] == "time-limit"
    code, _, err = cli("solve", random_board(21, 20, seed=1).format(one_line=True))
    assert code == EXIT_INVALID and "420 cells" in err


@pytest.mark.slow
def test_ctrl_c_stops_a_10x10_solve_and_prints_the_statistics() -> None:
    board = random_board(10, 10, seed=24).format(one_line=True)
    stopped = interrupt_when(["solve", board, "--budget", "60", "--json"], ready="expanded", env=ENV)
    assert stopped.returncode == EXIT_STOPPED, stopped.stderr
    assert "interrupted" in stopped.stderr and "Traceback" not in stopped.stderr
    record = json.loads(stopped.stdout)
    assert record["stopped"] == "cancelled" and record["algorithm"] == NEAR_OPTIMAL
    assert record["nodes_expanded"] > 0 and record["lower_bound"] > 0


def test_ratio_bound_helper() -> None:
    board = random_board(3, 3, seed=8)
    optimal = run(plan(board, goal_board(3, 3)).start())
    assert ratio_bound(optimal) == 1.0
    stopped = run(plan(random_board(10, 10, seed=8), goal_board(10, 10)).start(Limit(nodes=10)))
    assert stopped.moves is None and ratio_bound(stopped) is None
    near = replace(optimal, moves=(1,) * 10, optimal=False, lower_bound=8)
    assert ratio_bound(near) == 1.25
    assert ratio_bound(replace(near, lower_bound=0)) is None  # no finite ratio over a zero bound
    assert ratio_bound(replace(near, moves=(), lower_bound=0)) == 1.0  # the empty solution is optimal
    big = run(plan(random_board(6, 6, seed=8), goal_board(6, 6)).start())
    assert big.extra["ratio_bound"] == ratio_bound(big) == round(len(big.moves or ()) / big.lower_bound, 4)


# ---- auto on 10-16 cells: IDA* for a bounded number of nodes, then the near-optimal solver ----

HARD_2X8 = random_board(2, 8, seed=1)  # IDA* + linear conflict needs far more than AUTO_OPTIMAL_NODES on it


def test_auto_falls_back_to_near_optimal_when_idastar_does_not_finish() -> None:
    goal = goal_board(2, 8)
    chosen = plan(HARD_2X8, goal, budget=0.3, fallback=Fallback(100_000))
    assert chosen.algorithm == "idastar" and chosen.fallback_after == 100_000 and chosen.optimal is False
    assert "then near-optimal" in chosen.summary
    records = []
    result = run(chosen.start(), records.append)
    assert result.algorithm == NEAR_OPTIMAL and result.moves is not None and result.stopped is None
    assert HARD_2X8.apply(result.moves) == goal
    proved = result.extra["optimal_search"]["lower_bound"]
    assert proved > manhattan_linear_conflict(HARD_2X8.tiles, goal.tiles, 2, 8)  # IDA* got past its first bound
    assert result.lower_bound >= proved and result.lower_bound <= len(result.moves)
    assert result.optimal is (len(result.moves) == result.lower_bound)
    assert "did not finish within 100,000 nodes expanded" in result.message and "near-optimal answer" in result.message
    assert result.extra["optimal_search"]["nodes_expanded"] == 100_000  # counted exactly: no clock in it
    assert result.extra["optimal_search"]["stopped"] == "node-limit"
    # one progress stream across the switch: both solvers, cumulative counts and elapsed time
    assert {r.algorithm for r in records} == {"idastar", NEAR_OPTIMAL}
    assert all(a.elapsed <= b.elapsed and a.nodes_expanded <= b.nodes_expanded for a, b in pairwise(records))
    assert result.nodes_expanded >= records[-1].nodes_expanded


def test_auto_stays_optimal_where_it_is_quick_and_explicit_idastar_stays_pure() -> None:
    board = random_board(3, 3, seed=5)
    small = plan(board, goal_board(3, 3), fallback=Fallback(1))
    assert small.algorithm == "astar" and small.fallback_after is None
    assert run(small.start()).optimal
    easy = scramble_of(goal_board(2, 8), 12)
    quick = run(plan(easy, goal_board(2, 8), fallback=Fallback(100_000)).start())
    assert quick.algorithm == "idastar" and quick.optimal
    explicit = plan(HARD_2X8, goal_board(2, 8), "idastar", fallback=Fallback(1))
    assert explicit.fallback_after is None
    assert run(explicit.start(Limit(nodes=20_000))).stopped == "node-limit"


def scramble_of(goal: Board, moves: int) -> Board:
    from npuzzle import scramble

    return scramble(goal, moves, seed=3)


def watch_shortening(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """A list that gets an item once the near-optimal solver starts shortening its answer (it has one then)."""
    import npuzzle.nearoptimal.solver as bigsolve

    entered: list[bool] = []
    original = bigsolve.improve_windows

    def watched(*args: Any, **kwargs: Any) -> Any:
        entered.append(True)
        return (yield from original(*args, **kwargs))

    monkeypatch.setattr(bigsolve, "improve_windows", watched)
    return entered


@pytest.mark.slow
def test_a_cancel_in_the_fallback_phase_returns_the_best_answer_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    from npuzzle.progress import stop

    entered = watch_shortening(monkeypatch)
    goal = goal_board(2, 8)
    chosen = plan(HARD_2X8, goal, budget=60, fallback=Fallback(100_000))
    search = chosen.start()
    last = next(search)
    while not entered:
        last = next(search)
    result = stop(search, chosen.stopped, last)
    assert result.stopped == "cancelled" and result.algorithm == NEAR_OPTIMAL and result.moves is not None
    assert HARD_2X8.apply(result.moves) == goal
    assert result.lower_bound >= result.extra["optimal_search"]["lower_bound"]
    assert "best so far" in result.message and "did not finish" in result.message


@pytest.mark.slow
def test_api_cancel_while_shortening_replies_with_the_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    entered = watch_shortening(monkeypatch)
    board = random_board(5, 5, seed=41)
    session = api.start(json.dumps({"op": "solve", "board": board.format(), "budget": 60}))
    while not entered:
        assert json.loads(session.advance(0.01))["type"] == "progress"
    final = json.loads(session.cancel())
    assert final["type"] == "result" and final["ok"] is True and final["stopped"] == "cancelled"
    assert final["moves"] is not None and board.apply(final["moves"]) == goal_board(5, 5)
    assert len(final["letters"]) == final["length"] and final["ratio_bound"] is not None
    assert "best so far" in final["message"]


@pytest.mark.slow
def test_a_hard_limit_that_is_not_reached_changes_nothing() -> None:
    board = random_board(10, 10, seed=42)
    chosen = plan(board, goal_board(10, 10), budget=0.2)
    free = run(chosen.start())
    assert free.moves is not None and board.apply(free.moves) == goal_board(10, 10)
    # the work budget paces the phases; the clock is only the outer stop, so a roomy limit gives the same answer
    for roomy in (Limit(seconds=3600), Limit(nodes=free.nodes_expanded + 1)):
        limited = run(chosen.start(roomy))
        assert limited.stopped is None and limited.moves == free.moves


def test_a_cancel_during_the_optimal_phase_of_the_fallback_reports_the_ida_statistics() -> None:
    from npuzzle.progress import stop

    goal = goal_board(2, 8)
    chosen = plan(HARD_2X8, goal)
    assert chosen.fallback_after == AUTO_OPTIMAL_NODES
    search = chosen.start()
    records = [next(search) for _ in range(3)]
    result = stop(search, chosen.stopped, records[-1])
    assert result.stopped == "cancelled" and result.moves is None
    assert result.algorithm == "idastar" and result.heuristic == "linear-conflict"
    assert result.nodes_expanded == records[-1].nodes_expanded > 0
    assert 0 < result.lower_bound <= 76  # IDA*'s bound so far; the near-optimal solver never started


# ---- the shortest answer within a hard time limit, in one request (near_optimal_at_limit: the page's history) ----


def test_near_optimal_at_limit_lets_every_optimal_plan_give_way_and_changes_no_other() -> None:
    board = random_board(3, 3, seed=5)
    chosen = plan(board, goal_board(3, 3), fallback=Fallback(at_time_limit=True))
    assert chosen.algorithm == "astar" and chosen.fallback_after == math.inf and chosen.optimal is False
    assert "for up to 50% of the time limit, then near-optimal" in chosen.summary
    quick = run(chosen.start(Limit(seconds=600)))
    assert quick.algorithm == "astar" and quick.optimal  # finished within its share: the optimal answer as it is
    assert run(chosen.start()).optimal  # no hard time limit: the optimal search runs to its end
    named = plan(board, goal_board(3, 3), "idastar", "manhattan", fallback=Fallback(at_time_limit=True))
    assert named.fallback_after == math.inf
    auto_rule = plan(HARD_2X8, goal_board(2, 8), fallback=Fallback(at_time_limit=True))
    assert auto_rule.fallback_after == AUTO_OPTIMAL_NODES  # auto's own fallback, as without the flag
    big = random_board(6, 6, seed=2)
    assert (
        plan(big, goal_board(6, 6), fallback=Fallback(at_time_limit=True)).summary
        == plan(big, goal_board(6, 6)).summary
    )


def test_near_optimal_at_limit_gives_way_when_a_stars_memory_runs_out_too() -> None:
    board = parse_board("15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0")  # 80 moves: A* cannot hold its states
    goal = goal_board(4, 4, "blank-first")
    chosen = plan(board, goal, "astar", "manhattan", budget=0, fallback=Fallback(at_time_limit=True))
    result = run(chosen.start(Limit(memory=2_000, seconds=600)))
    assert result.algorithm == NEAR_OPTIMAL and result.moves is not None and board.apply(result.moves) == goal
    assert result.extra["optimal_search"]["algorithm"] == "astar" and "reached its memory limit" in result.message
    alone = run(plan(board, goal, "astar", "manhattan").start(Limit(memory=2_000)))
    assert alone.moves is None and alone.stopped == "memory-limit"  # without the flag: no answer, as before


@pytest.fixture(scope="module")
def weak_tables() -> PdbTables:
    """4×4 tables of 3 tiles each, built in a second or two: they fit as the site's do, and leave a hard 15-puzzle
    far out of IDA*'s reach in seconds."""
    return PdbTables.of(build_database(4, 4, ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15))))


@pytest.mark.slow
def test_the_page_asks_for_the_combined_answer_in_one_request(weak_tables: PdbTables) -> None:
    engine = api.Engine()
    engine.install(weak_tables)
    hardest = "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"  # 80 moves: the pattern database's IDA* cannot finish
    request = {"op": "solve", "board": hardest, "goal": "blank-first", "workers": 1, "time_limit": 4, "budget": 0}
    session = engine.start(json.dumps({**request, "near_optimal_at_limit": True}))
    algorithms = set()
    while (reply := json.loads(session.advance(0.05)))["type"] == "progress":
        algorithms.add(reply["algorithm"])
    assert reply["ok"] and algorithms == {"idastar", NEAR_OPTIMAL}
    first = reply["extra"]["optimal_search"]
    assert (first["algorithm"], first["heuristic"]) == ("idastar", heuristic_name(weak_tables))
    assert reply["algorithm"] == NEAR_OPTIMAL and reply["moves"] is not None and reply["stopped"] is None
    board = parse_board(hardest)
    assert board.apply(reply["moves"]) == goal_board(4, 4, "blank-first")
    assert first["lower_bound"] <= reply["lower_bound"] <= reply["length"]  # the better of the two bounds
    assert reply["optimal"] == (reply["length"] == reply["lower_bound"])
    assert reply["ratio_bound"] == round(reply["length"] / reply["lower_bound"], 4)
    assert "did not finish in 2 s" in reply["message"]
    alone = json.loads(engine.handle(json.dumps({**request, "time_limit": 1})))  # without the flag: no answer
    assert alone["moves"] is None and alone["stopped"] == "time-limit" and alone["algorithm"] == "idastar"


def test_data_needed_names_the_5x5_tables_where_a_search_reads_them_and_the_package_lacks_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's wheel leaves the 5×5 tables out; the api says which boards' searches read them and where they
    belong, so the worker can write them in place first. An installed package has them: nothing is needed."""

    def request(rows: int, cols: int) -> str:
        return json.dumps({"op": "solve", "board": random_board(rows, cols, seed=7).format(one_line=True)})

    assert json.loads(api.data_needed(request(5, 5))) == []  # this installation has them
    monkeypatch.setattr(api.engine.resources, "files", lambda package: tmp_path)  # a package without them
    five = [{"file": "npuzzle/data/groups-5x5.bin", "path": str(tmp_path / "data" / "groups-5x5.bin")}]
    assert json.loads(api.data_needed(request(5, 5))) == five  # the one board whose region is a 5×5
    for rows, cols in ((3, 3), (4, 4), (4, 7), (7, 4), (2, 30), (6, 6), (5, 7), (12, 9)):  # regions of other shapes
        assert json.loads(api.data_needed(request(rows, cols))) == [], (rows, cols)
    for bad in ("not json", json.dumps({"op": "solve", "board": "1 2 / 3"}), json.dumps({"op": "subtree"})):
        assert json.loads(api.data_needed(bad)) == []  # the request's own run names the problem
