"""One board's pattern-database search split over processes (:mod:`npuzzle.pdb.parallel`): optimal lengths, limits,
and every worker gone after a solve, a limit or a cancel. Uses the site build's 7/7-7 file, as test_pdb_wiring."""

from __future__ import annotations

import io
import json
import multiprocessing
import time

import pytest

from npuzzle.board import Board, goal_board
from npuzzle.cli import main
from npuzzle.parse import parse_board
from npuzzle.pdb import parallel
from npuzzle.pdb.parallel import solve_with_pdb_parallel
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.pdb.tables import PdbTables
from npuzzle.progress import Limit, run, stop
from npuzzle.research.instances import korf100
from shipped_pdb import PDB_FILE, require_shipped_pdb

HARD = "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"
"""An 80-move position (Korf's goal): tens of seconds, so a test can stop it while the workers search."""

require_shipped_pdb()


@pytest.fixture
def split_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """Split after a few hundred expansions, so that quick boards exercise the workers too."""
    monkeypatch.setattr(parallel, "SEQUENTIAL_NODES", 300)


def workers_gone(within: float = 60.0) -> bool:
    """Whether every worker process has ended within ``within`` seconds (generous: a hang, not a slow machine)."""
    deadline = time.monotonic() + within
    while multiprocessing.active_children():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.mark.slow
@pytest.mark.usefixtures("split_early")
def test_the_split_search_finds_korfs_optimal_lengths(tables: PdbTables) -> None:
    goal = goal_board(4, 4, "blank-first")
    for inst in [i for i in korf100() if i.ident in (1, 60, 82)]:
        result = run(solve_with_pdb_parallel(Board(4, 4, tuple(inst.tiles)), goal, tables, jobs=2))
        assert (result.length, result.optimal, result.extra["jobs"]) == (inst.optimal, True, 2), inst.ident
        assert result.extra["frontier"] >= 2 * parallel.FRONTIER_PER_JOB
        assert sum(nodes for _, nodes in result.extra["per_iteration"]) == result.nodes_expanded
    assert workers_gone()


@pytest.mark.usefixtures("split_early")
def test_the_default_goal_and_one_job(tables: PdbTables) -> None:
    board = parse_board("12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3")
    split = run(solve_with_pdb_parallel(board, goal_board(4, 4), tables, jobs=2))
    assert split.length == 51 and split.optimal and board.apply(split.moves) == goal_board(4, 4)
    alone = run(solve_with_pdb_parallel(board, goal_board(4, 4), tables, jobs=1))
    plain = run(solve_with_pdb(board, goal_board(4, 4), tables))
    assert (alone.moves, alone.nodes_expanded) == (plain.moves, plain.nodes_expanded)  # one job: the ordinary search
    assert "jobs" not in alone.extra
    with pytest.raises(ValueError, match="jobs must be at least 1, got 0"):
        solve_with_pdb_parallel(board, goal_board(4, 4), tables, jobs=0)


@pytest.mark.usefixtures("split_early")
def test_cancel_stops_every_worker_at_once(tables: PdbTables) -> None:
    search = solve_with_pdb_parallel(parse_board(HARD), goal_board(4, 4, "blank-first"), tables, jobs=2)
    while len(multiprocessing.active_children()) < 2:
        next(search)
    next(search)
    result = stop(search, lambda last: pytest.fail("the split search should answer a cancel itself"))
    assert workers_gone(), "a worker outlived the cancel"
    assert result.stopped == "cancelled" and result.moves is None and result.lower_bound >= 66


@pytest.mark.usefixtures("split_early")
def test_a_time_limit_stops_the_workers_with_a_lower_bound(tables: PdbTables) -> None:
    board = parse_board(HARD)
    result = run(solve_with_pdb_parallel(board, goal_board(4, 4, "blank-first"), tables, Limit(seconds=1.5), jobs=2))
    assert result.moves is None and result.stopped == "time-limit" and not result.optimal
    assert 66 <= result.lower_bound <= 80 and "time limit" in result.message
    assert workers_gone()


@pytest.mark.usefixtures("split_early")
def test_cli_solve_splits_a_4x4_over_jobs() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["solve", "--json", "--jobs", "2", "--pdb", str(PDB_FILE), "--goal", "blank-first",
         " ".join(map(str, korf100()[81].tiles))],
        out=out, err=err,
    )  # fmt: skip
    reply = json.loads(out.getvalue())
    assert code == 0 and reply["length"] == korf100()[81].optimal and reply["optimal"] and reply["extra"]["jobs"] == 2
    assert workers_gone()
