"""The beams in numpy and compiled by numba keep the pure-Python beam's states: the same path, counters and progress
records."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Generator

import pytest

from npuzzle import Board, goal_board, random_board, scramble
from npuzzle.nearoptimal import beam, solve_big
from npuzzle.nearoptimal.beam import FAST_MAX_LINE, FAST_WIDTH, beam_search, python_beam
from npuzzle.nearoptimal.budget import Budget
from npuzzle.progress import Limit, Progress, SearchStopped, run
from test_nearopt_beam import replay_on

pytest.importorskip("numpy")
from npuzzle.nearoptimal import beam_numpy

FAST = {"numpy": beam_numpy.numpy_beam}
try:
    from npuzzle.nearoptimal import beam_numba
except ImportError:  # without numba, the numpy beam alone
    pass
else:
    FAST["numba"] = beam_numba.numba_beam

Search = Callable[..., Generator[Progress, None, list[int] | None]]


def trace(
    search: Search,
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
    soft = soft_nodes is not None
    search_run = search(board.rows, board.cols, first, last, width, budget, max_depth, finish_by, min_width, soft)
    records = []
    while True:
        try:
            records.append(next(search_run))
        except StopIteration as stop:
            path = stop.value
            break
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
    """The pure-Python beam's :func:`trace` of a case (the same for every fast beam it is compared with)."""
    board, goal, width, options = CASES[case]
    return trace(python_beam, board, goal, width, **options)


@pytest.mark.parametrize("fast", FAST)
@pytest.mark.parametrize("case", CASES)
def test_the_fast_beams_keep_the_same_states_as_the_python_beam(case: str, fast: str) -> None:
    board, goal, width, options = CASES[case]
    expected = python_trace(case)
    assert trace(FAST[fast], board, goal, width, **options) == expected
    path, _, records = expected
    if case in ("soft budget spent", "node limit", "too deep"):
        assert path is None and records
    elif case != "2x6, width 1":  # a beam of width 1 may wander off
        assert path is not None and replay_on(board, path) == goal


COLLIDING = [("numpy", 3), ("numpy", 12), ("numpy", 16), ("numba", 16), ("numba", 36)]


@pytest.mark.parametrize(("fast", "bits"), [pair for pair in COLLIDING if pair[0] in FAST])
def test_states_whose_hashes_collide_are_told_apart_by_their_bytes(
    monkeypatch: pytest.MonkeyPatch, fast: str, bits: int
) -> None:
    """With 3-bit hashes every depth has children whose hash matches another state's; with 12 or 16 bits only
    some depths do, among the kept states as well as the children (numba's tables, which place a state by its hash's
    low bits, are given 16 bits at least); 36 bits share the high half that numba's tables keep beside a number. The
    bytes decide, as in Python."""
    keys = beam_numpy.zobrist_keys
    module = sys.modules[FAST[fast].__module__]
    monkeypatch.setattr(module, "zobrist_keys", lambda n: keys(n) & ((1 << bits) - 1))
    for case in ("5x5", "6x6 near the goal", "soft budget spent", "4x9, lines found by search"):
        board, goal, width, options = CASES[case]
        assert trace(FAST[fast], board, goal, width, **options) == python_trace(case)


def test_a_hash_shared_by_two_states_is_decided_by_their_bytes() -> None:
    """Children Y, X, Y, Z whose hashes are 5, 7, 7, 5 (so X and the second Y share one, Y and Z another), and X kept
    at an earlier depth: the first Y and Z are new, X and the second Y are not."""
    import numpy as np

    x, y, z = (np.frombuffer(bytes(t), np.uint8) for t in ((1, 2, 0), (2, 0, 1), (0, 1, 2)))
    children = np.stack([y, x, y, z])
    hashes = np.array([5, 7, 7, 5], np.uint64)
    kept = [(np.array([7], np.uint64), np.stack([x]))]
    assert beam_numpy._new_states(children, hashes, kept).tolist() == [0, 3]


def test_a_stop_from_outside_leaves_the_same_counters() -> None:
    """A stop thrown into the search (Cancel, Ctrl-C) at its third progress record."""
    board, goal = CASES["6x6 paced"][:2]
    left = []
    for search in (python_beam, *FAST.values()):
        budget = Budget(Limit(memory=None), "near-optimal", "test")
        search_run = search(6, 6, bytes(board.tiles), bytes(goal.tiles), 1000, budget, 2000, None, 1, False)
        for _ in range(3):
            next(search_run)
        with pytest.raises(SearchStopped):
            search_run.throw(SearchStopped("cancelled"))
        left.append((budget.expanded, budget.generated, budget.max_frontier, budget.bound))
    assert left[0][0] > 0 and all(counters == left[0] for counters in left)


def test_wide_beams_on_boards_with_short_lines_go_to_the_fast_beam(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    fast = beam.fast_beam()
    assert fast is not None

    def counted(*args: object) -> Generator[Progress, None, list[int] | None]:
        calls.append(args[4])  # type: ignore[arg-type]
        return (yield from fast(*args))  # type: ignore[arg-type]

    monkeypatch.setattr(beam, "fast_beam", lambda: counted)
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
        assert run_path(beam_search(rows, cols, board.tiles, goal_board(rows, cols).tiles, width, budget, 2000))
    assert calls == [FAST_WIDTH, 600]


def test_the_fast_beam_is_numbas_else_numpys_else_none(monkeypatch: pytest.MonkeyPatch) -> None:
    if "numba" in FAST:
        assert beam.fast_beam() is FAST["numba"]
    monkeypatch.setitem(sys.modules, "npuzzle.nearoptimal.beam_numba", None)  # its import now fails
    assert beam.fast_beam() is beam_numpy.numpy_beam
    monkeypatch.setitem(sys.modules, "npuzzle.nearoptimal.beam_numpy", None)
    assert beam.fast_beam() is None


def run_path(search: Generator[Progress, None, list[int] | None]) -> list[int] | None:
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value


def test_each_beam_gives_the_solver_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    board = random_board(6, 6, seed="numpy or not")
    answers = [run(solve_big(board, budget=3))]
    for module in ("beam_numba", "beam_numpy"):
        monkeypatch.setitem(sys.modules, f"npuzzle.nearoptimal.{module}", None)  # its import now fails
        answers.append(run(solve_big(board, budget=3)))
    assert all(answer.moves == answers[0].moves for answer in answers)
    counters = {(answer.nodes_expanded, answer.nodes_generated) for answer in answers}
    assert len(counters) == 1
