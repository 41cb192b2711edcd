"""The beam's kernel compiled by numba keeps the pure-Python kernel's states: the same path, counters and progress
records; its written-out rules (linear conflicts, ties) agree with the rules they copy."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

import pytest

from npuzzle import Board, goal_board, random_board, scramble
from npuzzle.nearoptimal import beam, solve_big
from npuzzle.nearoptimal.beam import FAST_MAX_LINE, FAST_WIDTH, BoardKernel, Kernel, beam_search, best_first, run_depths
from npuzzle.nearoptimal.budget import Budget
from npuzzle.optimal.heuristics import conflict_moves
from npuzzle.progress import Limit, Progress, SearchStopped, run
from test_nearopt_beam import replay_on

pytest.importorskip("numba")
import numpy as np

from npuzzle.nearoptimal import beam_numba

Kernels = Callable[[int, int, bytes, bytes], Kernel]
KERNELS: dict[str, Kernels] = {"python": BoardKernel, "numba": beam_numba.BoardKernel}


def trace(
    kernel: Kernels,
    board: Board,
    goal: Board,
    width: int,
    *,
    nodes: int | None = None,
    soft_nodes: int | None = None,
    finish_by: int | None = None,
    max_depth: int = 2000,
    min_width: int = 1,
) -> tuple[object, ...]:
    """Everything a beam leaves behind: its path, the budget's counters and every progress record."""
    budget = Budget(Limit(nodes=nodes, memory=None), "near-optimal", "test", soft_nodes)
    first, last = bytes(board.tiles), bytes(goal.tiles)
    search = run_depths(
        kernel(board.rows, board.cols, first, last), budget, max_depth, width,
        beam.Pace(finish_by, min_width, soft_nodes is not None), report_depth=True,
    )  # fmt: skip
    records: list[Progress] = []
    path = run(search, records.append)
    counters = (budget.expanded, budget.generated, budget.max_frontier, budget.bound, budget.stopped)
    return path, counters, [(r.nodes_expanded, r.nodes_generated, r.frontier, r.bound) for r in records]


BLANK_FIRST = Board(5, 5, tuple(range(25)))

CASES = {
    "5x5": (random_board(5, 5, seed="numpy beam 1"), goal_board(5, 5), 600, {}),
    "5x5, blank first": (random_board(5, 5, seed="numpy beam 2", goal=BLANK_FIRST), BLANK_FIRST, 800, {}),
    "4x7": (random_board(4, 7, seed="numpy beam 3"), goal_board(4, 7), 500, {}),
    "7x3": (random_board(7, 3, seed="numpy beam 4"), goal_board(7, 3), 500, {}),
    "6x6 paced": (
        random_board(6, 6, seed="numpy beam 5"),
        goal_board(6, 6),
        3000,
        {"finish_by": 90_000, "min_width": 100},
    ),
    "6x6 near the goal": (scramble(goal_board(6, 6), 60, seed="numpy beam 6"), goal_board(6, 6), 2000, {}),
    "soft budget spent": (random_board(6, 6, seed="numpy beam 7"), goal_board(6, 6), 1000, {"soft_nodes": 31_234}),
    "node limit": (random_board(5, 5, seed="numpy beam 8"), goal_board(5, 5), 700, {"nodes": 12_345}),
    "too deep": (random_board(5, 5, seed="numpy beam 9"), goal_board(5, 5), 500, {"max_depth": 30}),
    "2x6, width 1": (random_board(2, 6, seed="numpy beam 10"), goal_board(2, 6), 1, {}),
    "4x9, lines found by search": (scramble(goal_board(4, 9), 200, seed="numpy beam 12"), goal_board(4, 9), 500, {}),
    "3x15, the longest lines": (scramble(goal_board(3, 15), 100, seed="numpy beam 14"), goal_board(3, 15), 250, {}),
    "10x10 near the goal": (scramble(goal_board(10, 10), 80, seed="numpy beam 13"), goal_board(10, 10), 300, {}),
    "one move away": (scramble(goal_board(4, 4), 1, seed="numpy beam 11"), goal_board(4, 4), 50, {"max_depth": 1}),
}


@functools.cache
def python_trace(case: str) -> tuple[object, ...]:
    """The pure-Python kernel's :func:`trace` of a case."""
    board, goal, width, options = CASES[case]
    return trace(BoardKernel, board, goal, width, **options)


@pytest.mark.parametrize("case", CASES)
def test_the_numba_kernel_keeps_the_same_states_as_the_python_kernel(case: str) -> None:
    board, goal, width, options = CASES[case]
    expected = python_trace(case)
    assert trace(beam_numba.BoardKernel, board, goal, width, **options) == expected
    path, _, records = expected
    if case in ("soft budget spent", "node limit", "too deep"):
        assert path is None and records
    elif case != "2x6, width 1":  # a beam of width 1 may wander off
        assert path is not None and replay_on(board, path) == goal


@pytest.mark.parametrize("bits", [16, 36])
def test_states_whose_hashes_collide_are_told_apart_by_their_bytes(monkeypatch: pytest.MonkeyPatch, bits: int) -> None:
    """With 16-bit hashes some depths have children whose hash matches another state's, among the kept states as well
    as the children (the tables place a state by its hash's low bits); 36 bits share the high half that the tables
    keep beside a number. The bytes decide, as in Python."""
    keys = beam_numba.zobrist_keys
    monkeypatch.setattr(beam_numba, "zobrist_keys", lambda *shape: keys(*shape) & ((1 << bits) - 1))
    for case in ("5x5", "6x6 near the goal", "soft budget spent", "4x9, lines found by search"):
        board, goal, width, options = CASES[case]
        assert trace(beam_numba.BoardKernel, board, goal, width, **options) == python_trace(case)


def test_the_compiled_line_conflicts_are_the_rule_of_conflict_moves() -> None:
    """The numba kernel's conflicts gained by a tile entering a line (written out: patience sorting on bits) are
    the difference of :func:`~npuzzle.optimal.heuristics.conflict_moves` with and without it, for every line of 2 to
    15."""
    rng = np.random.default_rng(3)
    for length in range(2, 16):
        for _ in range(40):
            line = rng.permutation(2 * length)[:length].astype(np.uint8)  # tiles 0 … 2·length − 1, 0 the blank
            owner = (np.arange(2 * length) % 2).astype(np.int32)  # odd tiles belong to line 1
            place = rng.permutation(2 * length).astype(np.int32) % length
            at = int(rng.integers(length))
            tile = int(line[at])
            if tile == 0 or owner[tile] != 1:
                continue
            places = [int(place[t]) for t in line if t and owner[t] == 1]
            without = [int(place[t]) for t in line if t and t != tile and owner[t] == 1]
            gained = beam_numba._conflicts_gained(line, 0, 1, length, 1, owner, place, at, tile)
            assert gained == conflict_moves(places) - conflict_moves(without)


def test_the_compiled_cut_is_the_tie_rule() -> None:
    """The numba kernel keeps the children best_first names: the lowest estimates, ties in the order made."""
    kernel = beam_numba.BoardKernel(3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8]), bytes([1, 2, 3, 4, 5, 6, 7, 8, 0]))
    keys = [5, 3, 5, 3]  # as many as one state's room: four children
    kernel.count = len(keys)
    kernel.out_key[: len(keys)] = keys
    kernel.out_parent[: len(keys)] = 0
    kernel.out_move[: len(keys)] = 7 | 8 << 8 | 8 << 16  # the blank from cell 7 to 8
    kernel.out_hash[: len(keys)] = made = np.arange(len(keys), dtype=np.uint64)
    kernel.keep(3, 1)
    assert made[best_first(keys, 3)].tolist() == kernel.hashes.tolist() == [1, 3, 0]


def test_a_stop_from_outside_leaves_the_same_counters() -> None:
    """A stop thrown into the search (Cancel, Ctrl-C) at its third progress record."""
    board, goal = CASES["6x6 paced"][:2]
    left = []
    for kernel in KERNELS.values():
        budget = Budget(Limit(memory=None), "near-optimal", "test")
        search_run = run_depths(kernel(6, 6, bytes(board.tiles), bytes(goal.tiles)), budget, 2000, 1000)
        for _ in range(3):
            next(search_run)
        with pytest.raises(SearchStopped):
            search_run.throw(SearchStopped("cancelled"))
        left.append((budget.expanded, budget.generated, budget.max_frontier, budget.bound))
    assert left[0][0] > 0 and all(counters == left[0] for counters in left)


def test_wide_beams_on_boards_with_short_lines_go_to_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    class Counted(beam_numba.BoardKernel):
        def __init__(self, rows: int, cols: int, first: bytes, goal: bytes) -> None:
            calls.append(rows * cols)
            super().__init__(rows, cols, first, goal)

    monkeypatch.setattr(beam_numba, "BoardKernel", Counted)
    wide = 1 + FAST_MAX_LINE
    shapes = (
        (5, 5, FAST_WIDTH),
        (5, 5, FAST_WIDTH - 1),
        (3, FAST_MAX_LINE, 600),
        (3, wide, FAST_WIDTH),
        (wide, 3, 600),
    )
    for rows, cols, width in shapes:
        board = scramble(goal_board(rows, cols), 20, seed="dispatch")
        budget = Budget(Limit(memory=None), "near-optimal", "test")
        assert run(beam_search(rows, cols, board.tiles, goal_board(rows, cols).tiles, width, budget, 2000))
    assert calls == [25, 3 * FAST_MAX_LINE]


def test_the_compiled_kernels_are_numbas_else_none(monkeypatch: pytest.MonkeyPatch) -> None:
    assert beam.compiled_kernels() is beam_numba
    monkeypatch.setitem(sys.modules, "npuzzle.nearoptimal.beam_numba", None)  # its import now fails
    assert beam.compiled_kernels() is None


def test_each_kernel_gives_the_solver_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    board = random_board(6, 6, seed="numpy or not")
    answers = [run(solve_big(board, budget=3))]
    monkeypatch.setitem(sys.modules, "npuzzle.nearoptimal.beam_numba", None)  # its import now fails
    answers.append(run(solve_big(board, budget=3)))
    assert answers[0].moves == answers[1].moves
    counters = {(answer.nodes_expanded, answer.nodes_generated) for answer in answers}
    assert len(counters) == 1
