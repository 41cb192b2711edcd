"""Peeling's line beam with the kernel compiled by numba keeps the pure-Python kernel's states: the same path,
counters and progress records."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from npuzzle import Board, goal_board, random_board, scramble
from npuzzle.nearoptimal import solve_big
from npuzzle.nearoptimal.beam import FAST_WIDTH
from npuzzle.nearoptimal.budget import Budget
from npuzzle.nearoptimal.peel import Placement, cell_distances, line_beam
from npuzzle.progress import Limit, Progress, SearchStopped, run

pytest.importorskip("numba")
from npuzzle.nearoptimal import beam_numba

BLOCK = "npuzzle.nearoptimal.beam_numba"


def job_of(board: Board, lines: list[list[int]]) -> Placement:
    """The placement of the goal's tiles of ``lines`` (cells) of ``board``, every cell free."""
    goal = goal_board(board.rows, board.cols).tiles
    cells = [cell for line in lines for cell in line]
    free = bytearray([1]) * (board.rows * board.cols)
    return Placement(list(board.tiles), board.rows, board.cols, free, [goal[c] for c in cells], cells)


def trace(
    job: Placement, width: int, *, python: bool, nodes: int | None = None, max_depth: int = 4000
) -> tuple[object, ...]:
    """Everything a line beam leaves behind: its path, the budget's counters and every progress record; by the
    pure-Python line beam when ``python``."""
    budget = Budget(Limit(nodes=nodes, memory=None), "near-optimal", "test")
    saved = sys.modules.get(BLOCK)
    if python:
        sys.modules[BLOCK] = None  # type: ignore[assignment]  # its import now fails
    try:
        records: list[Progress] = []
        path = run(line_beam(job, width, budget, max_depth, cell_distances(job.rows, job.cols)), records.append)
    finally:
        if python:
            sys.modules[BLOCK] = saved  # type: ignore[assignment]
    counters = (budget.expanded, budget.generated, budget.max_frontier, budget.stopped)
    return path, counters, [(r.nodes_expanded, r.nodes_generated, r.frontier) for r in records]


def rows_and_columns(rows: int, cols: int, row: int, col: int) -> list[list[int]]:
    """Row ``row`` and column ``col`` of a ``rows × cols`` board, as cells."""
    return [[row * cols + c for c in range(cols)], [r * cols + col for r in range(rows) if r != row]]


CASES = {
    "8x8, the first row": (random_board(8, 8, seed="line beam 1"), [list(range(8))], FAST_WIDTH, {}),
    "8x8, a row and a column": (random_board(8, 8, seed="line beam 2"), rows_and_columns(8, 8, 0, 0), 1000, {}),
    "10x10, a row and a column": (random_board(10, 10, seed="line beam 3"), rows_and_columns(10, 10, 9, 9), 2000, {}),
    "7x9, a column": (random_board(7, 9, seed="line beam 4"), [[r * 9 for r in range(7)]], 600, {}),
    "16x16, the first row": (scramble(goal_board(16, 16), 300, seed="line beam 5"), [list(range(16))], 300, {}),
    "node limit": (random_board(9, 9, seed="line beam 6"), rows_and_columns(9, 9, 0, 0), 800, {"nodes": 23_456}),
    "too deep": (random_board(8, 8, seed="line beam 7"), [list(range(8))], 500, {"max_depth": 20}),
}


@pytest.mark.parametrize("case", CASES)
def test_the_numba_line_beam_keeps_the_same_states_as_the_python_line_beam(case: str) -> None:
    board, lines, width, options = CASES[case]
    job = job_of(board, lines)
    expected = trace(job, width, python=True, **options)
    assert trace(job, width, python=False, **options) == expected
    path, _, records = expected
    if case in ("node limit", "too deep"):
        assert path is None and (records or case == "too deep")
    else:
        assert path and records


@pytest.mark.parametrize("bits", [24, 36])
def test_states_whose_hashes_collide_are_told_apart_by_their_bytes(monkeypatch: pytest.MonkeyPatch, bits: int) -> None:
    """24-bit hashes make hundreds of states share whole hashes; 36 bits, the high half the tables keep beside a
    number."""
    keys = beam_numba.zobrist_keys
    monkeypatch.setattr(beam_numba, "zobrist_keys", lambda *shape: keys(*shape) & ((1 << bits) - 1))
    for case in ("8x8, a row and a column", "7x9, a column"):
        board, lines, width, options = CASES[case]
        job = job_of(board, lines)
        assert trace(job, width, python=False, **options) == trace(job, width, python=True, **options)


def test_narrow_line_beams_and_boards_above_256_cells_stay_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    class Counted(beam_numba.LineKernel):
        def __init__(self, *args: Any) -> None:
            calls.append(len(args[2]))
            super().__init__(*args)

    monkeypatch.setattr(beam_numba, "LineKernel", Counted)
    board = random_board(8, 8, seed="line dispatch")
    for width in (FAST_WIDTH - 1, FAST_WIDTH):
        budget = Budget(Limit(memory=None), "near-optimal", "test")
        assert run(line_beam(job_of(board, [list(range(8))]), width, budget, 2000, cell_distances(8, 8)))
    big = scramble(goal_board(17, 17), 200, seed="line dispatch")
    goal = goal_board(17, 17).tiles
    moved = [cell for cell, tile in enumerate(big.tiles) if tile not in (0, goal[cell])][:4]
    budget = Budget(Limit(memory=None), "near-optimal", "test")
    assert run(line_beam(job_of(big, [moved]), 500, budget, 4000, None))
    assert calls == [64]  # the 8×8's wide beam


def test_a_stop_from_outside_leaves_the_same_counters() -> None:
    """A stop thrown into the line beam (Cancel, Ctrl-C) at its third progress record."""
    board, lines, width, _ = CASES["10x10, a row and a column"]
    job = job_of(board, lines)
    left = []
    for python in (True, False):
        saved = sys.modules.get(BLOCK)
        if python:
            sys.modules[BLOCK] = None  # type: ignore[assignment]
        budget = Budget(Limit(memory=None), "near-optimal", "test")
        search = line_beam(job, width, budget, 4000, cell_distances(10, 10))
        for _ in range(3):
            next(search)
        with pytest.raises(SearchStopped):
            search.throw(SearchStopped("cancelled"))
        if python:
            sys.modules[BLOCK] = saved  # type: ignore[assignment]
        left.append((budget.expanded, budget.generated, budget.max_frontier))
    assert left[0] == left[1] and left[0][0] > 0


def test_the_solver_gives_the_same_answer_with_the_compiled_line_beam(monkeypatch: pytest.MonkeyPatch) -> None:
    board = random_board(9, 9, seed="line beam or not")
    compiled = run(solve_big(board, budget=5))
    monkeypatch.setitem(sys.modules, BLOCK, None)
    python = run(solve_big(board, budget=5))
    assert compiled.moves == python.moves
    assert (compiled.nodes_expanded, compiled.nodes_generated) == (python.nodes_expanded, python.nodes_generated)
