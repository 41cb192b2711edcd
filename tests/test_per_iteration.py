"""IDA*'s figures per iteration (bound, nodes expanded in it), for the page's chart: reported by every IDA*-style
search in its progress and in its result, summing to the total."""

from __future__ import annotations

from pathlib import Path

import pytest

from npuzzle.board import goal_board
from npuzzle.parse import parse_board
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.pdb.tables import load_tables
from npuzzle.progress import Progress, SearchResult, run
from npuzzle.solving.solve import solve

EXAMPLE = parse_board("12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3")
PDB = Path(__file__).resolve().parent.parent / ".cache" / "pdb" / "15puzzle-7-7-7.pdb"


def check(result: SearchResult, records: list[Progress]) -> None:
    per = [tuple(pair) for pair in result.extra["per_iteration"]]
    assert len(per) == result.iterations
    assert sum(nodes for _, nodes in per) == result.nodes_expanded
    bounds = [bound for bound, _ in per]
    assert bounds == sorted(set(bounds)) and bounds[-1] == result.length
    for record in records:  # each progress record lists the iterations finished by then, in the same figures
        assert per[: len(record.per_iteration)] == list(record.per_iteration)
        assert sum(nodes for _, nodes in record.per_iteration) <= record.nodes_expanded


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "walking-distance"])
def test_idastar_reports_every_iteration(heuristic: str) -> None:
    board = parse_board("8 6 7 / 2 5 4 / 3 0 1") if heuristic != "walking-distance" else EXAMPLE
    goal = goal_board(board.rows, board.cols)
    records: list[Progress] = []
    result = run(solve(board, goal, algorithm="idastar", heuristic=heuristic), records.append)
    check(result, records)


@pytest.mark.slow
@pytest.mark.skipif(not PDB.exists(), reason="the pattern database is built by npm test / scripts/build_site.py")
def test_the_pattern_database_search_reports_every_iteration() -> None:
    records: list[Progress] = []
    result = run(solve_with_pdb(EXAMPLE, goal_board(4, 4), load_tables(PDB.read_bytes())), records.append)
    check(result, records)


def test_a_search_without_iterations_reports_none() -> None:
    records: list[Progress] = []
    result = run(solve(EXAMPLE, goal_board(4, 4), algorithm="astar", heuristic="linear-conflict"), records.append)
    assert "per_iteration" not in result.extra and all(r.per_iteration == () for r in records)
