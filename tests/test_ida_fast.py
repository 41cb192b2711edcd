"""IDA* with Manhattan distance or linear conflicts, its iterations compiled by numba, expands the pure-Python loop's
nodes in its order: the same path, the same nodes iteration by iteration, the same largest stack; a run that turns
compiled part way gives the same; run in slices as small as one node it goes on where it stood, and it stops at the
node limit on the same node with the same bound."""

from __future__ import annotations

import pytest

from npuzzle import Board, goal_board, random_board, run, scramble
from npuzzle.optimal import search
from npuzzle.optimal.heuristics import Hamming, LinearConflict, Manhattan
from npuzzle.optimal.search import idastar
from npuzzle.progress import Limit, Progress, SearchResult

pytest.importorskip("numba")
from npuzzle.optimal import ida_numba

HEURISTICS = [Manhattan, LinearConflict]


def searched(board: Board, goal: Board, heuristic: type[Manhattan], after: int | None, limit: Limit = Limit()) -> tuple:
    """The search's answer and counters, compiled from ``after`` nodes on (``None``: never; then no slice runs)."""
    slices: list[int] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "COMPILED_AFTER", 1 << 62 if after is None else after)
        sliced = ida_numba.CompiledIteration.run
        patch.setattr(ida_numba.CompiledIteration, "run", lambda it, nodes: slices.append(nodes) or sliced(it, nodes))
        result: SearchResult = run(idastar(board, goal, heuristic(goal), limit))
    if after in (0, None):
        assert bool(slices) == (after == 0)
    return (
        result.moves,
        result.lower_bound,
        result.stopped,
        result.nodes_expanded,
        result.nodes_generated,
        result.max_frontier,
        result.iterations,
        result.extra.get("per_iteration"),
        result.message,
    )


def boards() -> list[tuple[Board, Board]]:
    """Boards of five shapes, two goals, both blank corners."""
    out = [(random_board(3, 3, seed=seed), goal_board(3, 3)) for seed in range(6)]
    out += [(scramble(goal_board(4, 4), 40, seed=seed), goal_board(4, 4)) for seed in range(3)]
    first = goal_board(2, 5, "blank-first")
    out += [(random_board(2, 5, seed=1, goal=first), first), (random_board(3, 4, seed=2), goal_board(3, 4))]
    five = goal_board(5, 5, "blank-first")
    out += [(scramble(five, 30, seed=4), five)]
    return out


@pytest.mark.parametrize("heuristic", HEURISTICS, ids=lambda h: h.name)
def test_the_compiled_iterations_expand_the_pure_python_nodes(heuristic: type[Manhattan]) -> None:
    for board, goal in boards():
        plain = searched(board, goal, heuristic, None)
        assert searched(board, goal, heuristic, 0) == plain, board
        assert searched(board, goal, heuristic, 300) == plain, board  # turning compiled after an iteration or two
        assert plain[0] is not None and board.apply(plain[0]) == goal


@pytest.mark.parametrize("heuristic", HEURISTICS, ids=lambda h: h.name)
def test_the_node_limit_stops_both_on_the_same_node(heuristic: type[Manhattan]) -> None:
    board, goal = random_board(4, 4, seed=2), goal_board(4, 4)
    limited = searched(board, goal, heuristic, 0, Limit(nodes=54_321))
    assert limited == searched(board, goal, heuristic, None, Limit(nodes=54_321))
    assert limited[2] == "node-limit" and limited[3] == 54_321 and limited[0] is None


def test_slices_of_one_node_go_on_where_they_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    board, goal = scramble(goal_board(4, 4), 36, seed=6), goal_board(4, 4)
    whole = searched(board, goal, LinearConflict, 0)
    monkeypatch.setattr(search, "COMPILED_AFTER", 0)
    monkeypatch.setattr(search, "COMPILED_CHECK_EVERY", 1)
    records: list[Progress] = []
    result = run(idastar(board, goal, LinearConflict(goal), report_every=0), on_progress=records.append)
    assert (result.moves, result.nodes_expanded, result.nodes_generated, result.max_frontier) == (
        whole[0],
        whole[3],
        whole[4],
        whole[5],
    )
    assert len(records) >= whole[3] - search.IDA_CHECK_EVERY  # a record after about every node
    assert all(r.frontier >= 0 for r in records)


def test_other_heuristics_goals_and_observed_searches_stay_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    goal, other = goal_board(3, 3), goal_board(3, 3, "blank-first")
    assert search.may_compile(Manhattan(goal), goal, None) and search.may_compile(LinearConflict(goal), goal, None)
    assert not search.may_compile(Hamming(goal), goal, None)
    assert not search.may_compile(Manhattan(other), goal, None)  # made for another goal: its own h, in Python
    board = random_board(3, 3, seed=1)
    monkeypatch.setattr(search, "COMPILED_AFTER", 0)
    foreign = run(idastar(board, goal, Manhattan(other), Limit(nodes=50_000)))
    assert foreign.nodes_expanded == 50_000 and foreign.stopped == "node-limit"
