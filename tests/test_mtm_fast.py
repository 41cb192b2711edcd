"""The line-move IDA* iteration compiled by numba expands the pure-Python loop's nodes in its order: the same
solution, the same nodes iteration by iteration, the same first moves skipped, the same learned bounds kept; run in
slices as small as one node it stops and goes on where it stood, and honours the node limit exactly."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from interrupt import HANG_SECONDS, PY, interrupt_when
from npuzzle import Board, goal_board, run
from npuzzle.pdb import LearnedBounds, build_multiset, mtm_search, solve_with_multiset, within_lines
from npuzzle.pdb.mtm_search import LEARNED_MOST
from npuzzle.pdb.multiset import MultisetDatabase
from npuzzle.progress import Limit, Progress, SearchResult
from npuzzle.speedsolving.oracle import line_neighbours
from oracle import line_distances
from test_mtm import HALVES_OF_4, ROWS_OF_3, line_scramble

pytest.importorskip("numba")
from npuzzle.pdb import mtm_numba


@pytest.fixture(scope="module")
def coarse() -> MultisetDatabase:
    return build_multiset(3, 3, ROWS_OF_3)


@pytest.fixture(scope="module")
def halves() -> MultisetDatabase:
    return build_multiset(4, 4, HALVES_OF_4)


def choose(patch: pytest.MonkeyPatch, compiled: bool) -> list[int]:
    """Searches run compiled on any board (else the pure-Python loop) while ``patch`` lasts; the compiled slices run,
    their node allowances in a list."""
    slices: list[int] = []
    if compiled:
        patch.setattr(mtm_search, "COMPILED_FROM_CELLS", 0)
        sliced = mtm_numba.CompiledIteration.run
        patch.setattr(mtm_numba.CompiledIteration, "run", lambda it, nodes: slices.append(nodes) or sliced(it, nodes))
    else:
        patch.setattr(mtm_search, "compiled_module", lambda name: None)
    return slices


def solved(board: Board, goal: Board, database: MultisetDatabase, *, compiled: bool, **options: object) -> SearchResult:
    with pytest.MonkeyPatch.context() as patch:
        slices = choose(patch, compiled)
        result = run(solve_with_multiset(board, goal, database, **options))  # type: ignore[arg-type]
    assert bool(slices) == (compiled and board != goal)
    return result


def same_search(a: SearchResult, b: SearchResult) -> None:
    assert a.moves == b.moves
    assert a.extra["per_iteration"] == b.extra["per_iteration"]
    assert (a.nodes_expanded, a.nodes_generated, a.stopped) == (b.nodes_expanded, b.nodes_generated, b.stopped)


def test_the_compiled_iteration_expands_the_same_nodes_on_3x3_states(coarse: MultisetDatabase) -> None:
    goal = goal_board(3, 3)
    truth = line_distances(goal)
    for tiles in sorted(truth)[::397]:
        board = Board(3, 3, tiles)
        compiled = solved(board, goal, coarse, compiled=True)
        same_search(compiled, solved(board, goal, coarse, compiled=False))
        assert compiled.extra["line_moves"] == truth[tiles]


def test_the_compiled_iteration_expands_the_same_nodes_on_4x4_scrambles(halves: MultisetDatabase) -> None:
    goal = goal_board(4, 4)
    rng = random.Random(7)
    for moves in (3, 8, 12, 16, 16):
        board = line_scramble(goal, moves, rng)
        same_search(solved(board, goal, halves, compiled=True), solved(board, goal, halves, compiled=False))


def test_slices_of_one_node_go_on_where_they_stopped(halves: MultisetDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    goal = goal_board(4, 4)
    board = line_scramble(goal, 14, random.Random(3))
    whole = solved(board, goal, halves, compiled=True)
    monkeypatch.setattr(mtm_search, "COMPILED_CHECK_EVERY", 1)
    records: list[Progress] = []
    search = solve_with_multiset(board, goal, halves, report_every=0)
    sliced = run(search, on_progress=records.append)
    same_search(sliced, whole)
    assert len(records) >= whole.nodes_expanded  # a record after every node


def test_the_node_limit_stops_both_at_the_same_node(halves: MultisetDatabase) -> None:
    goal = goal_board(4, 4)
    board = line_scramble(goal, 16, random.Random(5))
    limit = Limit(nodes=777)
    compiled = solved(board, goal, halves, compiled=True, limit=limit)
    same_search(compiled, solved(board, goal, halves, compiled=False, limit=limit))
    assert compiled.stopped == "node-limit" and compiled.nodes_expanded == 777


def test_the_compiled_bounded_search_skips_the_same_first_moves(coarse: MultisetDatabase) -> None:
    goal = goal_board(3, 3)
    truth = line_distances(goal)
    for tiles in sorted(truth)[::1013]:
        board = Board(3, 3, tiles)
        near = list(line_neighbours(board))
        for bound in (truth[tiles] - 1, truth[tiles]):
            far = frozenset(b for b in near if truth[b.tiles] > bound - 1)
            answers = []
            for compiled in (True, False):
                with pytest.MonkeyPatch.context() as patch:
                    choose(patch, compiled)
                    answers.append(run(within_lines(board, goal, coarse, bound, avoid=far)))
            assert answers[0] == answers[1], (tiles, bound)


@pytest.mark.parametrize("most", [LEARNED_MOST, 40])
def test_the_compiled_iteration_keeps_and_reads_learned_bounds_as_the_python_loop_does(
    coarse: MultisetDatabase, halves: MultisetDatabase, most: int
) -> None:
    """Searches sharing learned bounds, one table per side: the same answers and nodes search after search, and as
    many bounds kept (a full table only reads)."""
    goal3, goal4 = goal_board(3, 3), goal_board(4, 4)
    truth = line_distances(goal3)
    rng = random.Random(11)
    tasks = [(Board(3, 3, tiles), goal3, coarse, truth[tiles]) for tiles in sorted(truth)[::2011]]
    tasks += [(b, goal4, halves, None) for b in (line_scramble(goal4, m, rng) for m in (10, 14, 16))]
    tables = {compiled: (LearnedBounds(most), LearnedBounds(most)) for compiled in (True, False)}
    seen: dict[bool, list[object]] = {True: [], False: []}
    for compiled, (learned3, learned4) in tables.items():
        with pytest.MonkeyPatch.context() as patch:
            choose(patch, compiled)
            for board, goal, database, d in tasks:
                learned = learned3 if database is coarse else learned4
                result = run(solve_with_multiset(board, goal, database, learned=learned))
                seen[compiled].append((result.moves, result.extra["per_iteration"], result.nodes_generated))
                if d is not None:
                    seen[compiled].append(run(within_lines(board, goal, database, d - 1, learned=learned)))
    assert seen[True] == seen[False]
    assert [len(t) for t in tables[True]] == [len(t) for t in tables[False]]
    assert min(len(t) for t in tables[True]) > 0 and max(len(t) for t in tables[True]) <= most


def test_ctrl_c_stops_a_compiled_line_move_solve_between_slices(tmp_path: Path, halves: MultisetDatabase) -> None:
    """A real Ctrl-C once the compiled search is under way (its progress line shows nodes): the process ends at once
    with the interrupted message, no traceback."""
    table = tmp_path / "halves.pdb"
    table.write_bytes(halves.encode())
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(PY)}
    hard = "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3"  # Korf's first 15-puzzle: far beyond the coarse table
    args = ["solve", "--metric", "mtm", "--mtm-pdb", str(table), "--goal", "blank-first", hard]
    stopped = interrupt_when(args, ready="expanded", env=env)
    assert stopped.returncode == 3, stopped.stderr
    assert "mtm-8-7" in stopped.stderr and "interrupted" in stopped.stderr and "Traceback" not in stopped.stderr
    assert "Not solved" in stopped.stdout and stopped.seconds < HANG_SECONDS


def test_small_searches_leave_numba_unloaded(tmp_path: Path) -> None:
    """An 8-puzzle's line-move solve and a short IDA* finish in milliseconds: they do not pay numba's start (Python's
    ``-X importtime`` lists every module a process imports)."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(PY)}
    for options in (["--metric", "mtm"], ["--algorithm", "idastar", "--heuristic", "manhattan"]):
        args = [sys.executable, "-X", "importtime", "-m", "npuzzle", "solve", *options, "8 6 7 / 2 5 4 / 3 0 1"]
        done = subprocess.run(args, capture_output=True, text=True, env=env)
        imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
        assert done.returncode == 0 and "npuzzle.cli" in imported and "numba" not in imported, options
