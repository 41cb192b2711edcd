"""A* and IDA*: optimal lengths against oracle files and breadth-first distances, agreement between the two, limits,
cancel, the decrease-key heap, the solve front door and the long-operation API."""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Sequence
from itertools import pairwise

import pytest

from npuzzle import (
    Board,
    GoalError,
    LimitError,
    UnknownNameError,
    UnsolvableError,
    api,
    goal_board,
    parse_board,
    random_board,
    scramble,
)
from npuzzle.names import HEURISTIC_NAMES
from npuzzle.optimal.checkpoint import Checkpoint, SearchBug, verify
from npuzzle.optimal.heap import IndexedHeap
from npuzzle.optimal.heuristics import Manhattan, make_heuristic
from npuzzle.optimal.packing import Move
from npuzzle.optimal.search import ASTAR_CHECK_EVERY, IDA_CHECK_EVERY, astar, idastar
from npuzzle.optimal.walking_search import CHECK_EVERY as WALKING_CHECK
from npuzzle.optimal.walking_search import solve_with_walking_distance
from npuzzle.progress import Limit, Progress, Search, SearchResult, run
from npuzzle.research.instances import hardest8 as read_hardest8
from npuzzle.solving.fallback import Fallback
from npuzzle.solving.registry import HeuristicEntry, SolverEntry, default_registry
from npuzzle.solving.solve import compare, plan, solve
from oracle import distances

FAST_KORF = (79, 12, 42, 55, 97)
"""Korf instances IDA* + linear conflict solves in well under a second each (fewest nodes in korf100.txt)."""


def hardest8() -> list[tuple[str, Board]]:
    """The 31-move boards of hardest8.txt with the goal convention of their section."""
    return [(i.goal, i.board()) for i in read_hardest8()]


def solved(result: SearchResult, board: Board, goal: Board) -> int:
    assert result.moves is not None and result.stopped is None
    assert board.apply(result.moves) == goal
    return len(result.moves)


# Optimal lengths --------------------------------------------------------------------------------------------


def test_hardest8_file_has_both_conventions() -> None:
    kinds = [kind for kind, _ in hardest8()]
    assert kinds == ["default", "default", "blank-first", "blank-first"]


@pytest.mark.parametrize("index", range(4))
@pytest.mark.parametrize("algorithm", [astar, idastar])
def test_the_31_move_8_puzzles(index: int, algorithm: object) -> None:
    kind, board = hardest8()[index]
    goal = goal_board(3, 3, kind)  # type: ignore[arg-type]
    for name in ("manhattan", "linear-conflict"):
        result = run(algorithm(board, goal, make_heuristic(name, goal)))  # type: ignore[operator]
        assert solved(result, board, goal) == 31 and result.optimal and result.lower_bound == 31


def test_100_random_8_puzzles_match_breadth_first_distances() -> None:
    goal = goal_board(3, 3)
    dist = distances(goal)
    rng = random.Random(2024)
    for _ in range(100):
        board = random_board(3, 3, seed=rng.randrange(1 << 30))
        expected = dist[board.tiles]
        a = run(solve(board, goal, "astar", "linear-conflict"))
        i = run(solve(board, goal, "idastar", "manhattan"))
        assert solved(a, board, goal) == solved(i, board, goal) == expected
        assert a.optimal and i.optimal


@pytest.mark.slow
def test_weak_heuristics_are_optimal_too() -> None:
    goal = goal_board(3, 3, "blank-first")
    dist = distances(goal)
    rng = random.Random(5)
    for _ in range(6):
        board = scramble(goal, 22, seed=rng.randrange(1 << 30))
        for name in ("discrete", "hamming"):
            assert solved(run(solve(board, goal, "astar", name)), board, goal) == dist[board.tiles]


@pytest.mark.parametrize("ident", [pytest.param(i, marks=pytest.mark.slow) if i == 97 else i for i in FAST_KORF])
def test_korf_instances_with_idastar_and_linear_conflict(ident: int, korf100: list[tuple[int, int, list[int]]]) -> None:
    _, length, tiles = next(row for row in korf100 if row[0] == ident)
    board, goal = Board(4, 4, tuple(tiles)), goal_board(4, 4, "blank-first")
    result = run(solve(board, goal, "idastar", "linear-conflict"))
    assert (result.algorithm, result.heuristic) == ("idastar", "linear-conflict")
    assert solved(result, board, goal) == length and result.optimal
    # without a pattern database: the specialised walking-distance IDA*, given all the nodes it needs (auto's
    # fallback to near-optimal after its work allowance would stop the hard ones)
    auto = run(solve(board, goal, fallback=Fallback(10**12)))
    assert (auto.algorithm, auto.heuristic) == ("idastar", "walking-distance")
    assert solved(auto, board, goal) == length and auto.optimal


def test_astar_and_idastar_agree_on_many_shapes_and_goals() -> None:
    rng = random.Random(11)
    for rows, cols in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (5, 5)]:
        for _ in range(3):
            goal = random_board(rows, cols, seed=rng.randrange(1 << 30))  # a custom goal
            board = scramble(goal, 18 if rows * cols > 12 else 60, seed=rng.randrange(1 << 30))
            lengths = set()
            for search in (astar, idastar):
                for name in ("manhattan", "linear-conflict"):
                    lengths.add(solved(run(search(board, goal, make_heuristic(name, goal))), board, goal))
            assert len(lengths) == 1, (board, goal, lengths)


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (2, 4), (4, 2)])
def test_non_square_boards_with_custom_goals_match_breadth_first(shape: tuple[int, int]) -> None:
    rng = random.Random(shape[0] * 10 + shape[1])
    goal = random_board(*shape, seed=rng.randrange(1 << 30))
    dist = distances(goal)
    for _ in range(15):
        board = random_board(*shape, seed=rng.randrange(1 << 30), goal=goal)
        for algorithm in ("astar", "idastar"):
            assert solved(run(solve(board, goal, algorithm)), board, goal) == dist[board.tiles]


def test_a_board_at_its_goal_needs_no_moves() -> None:
    goal = goal_board(4, 4)
    for algorithm in ("astar", "idastar"):
        result = run(solve(goal, goal, algorithm))
        assert result.moves == () and result.optimal and result.nodes_expanded == 0


# Front door -------------------------------------------------------------------------------------------------


def test_unsolvable_boards_are_refused_before_any_search() -> None:
    board = parse_board("2 1 3 / 4 5 6 / 7 8 0")
    with pytest.raises(UnsolvableError, match=r"1 inversion \(odd\).*not solvable") as info:
        solve(board, goal_board(3, 3))
    assert info.value.explanation is not None
    with pytest.raises(UnsolvableError):
        compare(board, goal_board(3, 3))


def test_auto_choices_and_bad_names() -> None:
    assert (plan(goal_board(3, 3), goal_board(3, 3)).algorithm, plan(goal_board(3, 3), goal_board(3, 3)).heuristic) == (
        "astar",
        "linear-conflict",
    )
    assert plan(goal_board(4, 4), goal_board(4, 4)).algorithm == "idastar"
    assert plan(goal_board(2, 5), goal_board(2, 5), "A*", "Manhattan").algorithm == "astar"
    with pytest.raises(UnknownNameError, match="unknown algorithm 'bfs'; use one of auto, astar, idastar, near-opt"):
        solve(goal_board(3, 3), goal_board(3, 3), "bfs")
    with pytest.raises(UnknownNameError, match="unknown heuristic 'pdb': no pattern database is loaded"):
        solve(goal_board(3, 3), goal_board(3, 3), "astar", "pdb")
    assert not issubclass(UnknownNameError, LimitError) and issubclass(UnknownNameError, ValueError)
    board = parse_board("8 6 7 / 2 5 4 / 3 0 1")
    aliased = plan(board, goal_board(3, 3), "IDA*", "lc")  # the aliases of npuzzle.names, through the planner
    assert (aliased.algorithm, aliased.heuristic) == ("idastar", "linear-conflict")
    assert plan(random_board(5, 5, seed=1), goal_board(5, 5), "near").algorithm == "near-optimal"
    big = random_board(40, 40, seed=1)
    with pytest.raises(LimitError, match="40×40 board has 1,600 cells"):
        solve(big, goal_board(40, 40))


class PlainManhattan:
    """A heuristic that only follows the protocol (no tables): exercises the searches' generic path."""

    name = "plain-manhattan"
    admissible = True

    def __init__(self, goal: Board) -> None:
        self.inner = Manhattan(goal)
        self.calls = 0

    def initial(self, tiles: Sequence[int]) -> int:
        return self.inner.initial(tiles)

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        self.calls += 1
        return self.inner.distance[tile][move.dst] - self.inner.distance[tile][move.src]


def test_registry_hook_for_stronger_heuristics_and_solvers() -> None:
    goal = goal_board(3, 3)
    board = hardest8()[0][1]
    entry = HeuristicEntry("plain", PlainManhattan, lambda b, g: b.size == 9, 99, "test entry")
    registry = default_registry().with_heuristic(entry)
    chosen = plan(board, goal, "idastar", "auto", registry)
    assert chosen.heuristic == "plain"
    assert solved(run(chosen.start()), board, goal) == 31
    with pytest.raises(LimitError, match="not available for a 4×4"):
        plan(goal_board(4, 4), goal_board(4, 4), "idastar", "plain", registry)
    assert plan(goal_board(4, 4), goal_board(4, 4), "auto", "auto", registry).heuristic == "walking-distance"

    started: list[Board] = []

    def special(b: Board, g: Board, limit: Limit) -> object:
        started.append(b)
        return astar(b, g, make_heuristic("manhattan", g), limit)

    registry2 = registry.with_solver(SolverEntry("idastar", "plain", special, lambda b, g: True))  # type: ignore[arg-type]
    result = run(plan(board, goal, "idastar", "plain", registry2).start())
    assert started == [board] and result.algorithm == "astar" and solved(result, board, goal) == 31


def test_a_protocol_only_heuristic_works_in_both_searches() -> None:
    goal = goal_board(3, 3, "blank-first")
    board = hardest8()[2][1]
    for search in (astar, idastar):
        h = PlainManhattan(goal)
        result = run(solve(board, goal, search.__name__, h))
        assert solved(result, board, goal) == 31 and result.heuristic == "plain-manhattan" and h.calls > 0


@pytest.mark.slow
def test_compare_runs_each_heuristic_with_astar() -> None:
    goal = goal_board(3, 3)
    board = scramble(goal, 30, seed=3)
    results = run(compare(board, goal))
    assert [r.heuristic for r in results] == list(HEURISTIC_NAMES)
    assert all(r.algorithm == "astar" and r.optimal for r in results)
    assert len({r.length for r in results}) == 1
    visited = [r.nodes_expanded for r in results]
    assert visited[0] >= visited[1] >= visited[2] >= visited[3]  # stronger heuristics visit fewer vertices


# Limits and cancel ------------------------------------------------------------------------------------------


def test_astar_node_limit_stops_with_its_message() -> None:
    board, goal = hardest8()[1][1], goal_board(3, 3)
    result = run(solve(board, goal, "astar", "hamming", Limit(nodes=500)))
    assert result.stopped == "node-limit" and result.moves is None and not result.optimal
    assert result.nodes_expanded == 500
    assert "node limit (500 nodes expanded)" in result.message
    assert "Try IDA*" in result.message and "stronger heuristic" in result.message
    assert 0 < result.lower_bound <= 31


def test_astar_memory_limit_and_idastar_node_limit() -> None:
    board, goal = hardest8()[0][1], goal_board(3, 3)
    result = run(astar(board, goal, make_heuristic("discrete", goal), Limit(memory=2_000)))
    assert result.stopped == "memory-limit" and "memory limit" in result.message
    assert result.extra["states_held"] < 2_000 + 1_024
    result = run(idastar(board, goal, make_heuristic("hamming", goal), Limit(nodes=3_000)))
    assert result.stopped == "node-limit" and result.nodes_expanded == 3_000 and result.lower_bound <= 31


@pytest.mark.parametrize("search", [astar, idastar])
def test_public_searches_refuse_unsolvable_boards_and_other_shapes_at_once(search: object) -> None:
    board, goal = parse_board("2 1 3 / 4 5 6 / 7 8 0"), goal_board(3, 3)
    with pytest.raises(UnsolvableError, match=r"1 inversion \(odd\)") as info:
        search(board, goal, make_heuristic("manhattan", goal))  # type: ignore[operator]  # raises: no generator yet
    assert info.value.explanation is not None
    goal16 = goal_board(4, 4)
    tiles = list(random_board(4, 4, seed=5).tiles)
    a, b = [i for i, t in enumerate(tiles) if t][:2]
    tiles[a], tiles[b] = tiles[b], tiles[a]  # one transposition of tiles flips the parity: unsolvable
    with pytest.raises(UnsolvableError, match="not solvable"):
        search(Board(4, 4, tuple(tiles)), goal16, make_heuristic("linear-conflict", goal16))  # type: ignore[operator]
    with pytest.raises(GoalError, match="the goal is 2×4 but the board is 3×3"):
        search(parse_board("1 2 3 / 4 5 6 / 0 7 8"), goal_board(2, 4), make_heuristic("manhattan", goal_board(2, 4)))  # type: ignore[operator]


@pytest.mark.parametrize(
    ("algorithm", "heuristic", "advice"),
    [
        ("astar", "hamming", "Try IDA* (it needs almost no memory) or a stronger heuristic (linear-conflict)."),
        ("astar", "manhattan", "or a stronger heuristic (linear-conflict)."),
        ("astar", "linear-conflict", "Try IDA* (it needs almost no memory)."),
        ("astar", "walking-distance", "Try IDA* (it needs almost no memory)."),
        ("idastar", "manhattan", "Allow more nodes or time, or use a stronger heuristic (linear-conflict)."),
        ("idastar", "linear-conflict", "Allow more nodes or time."),
    ],
)
def test_limit_messages_suggest_only_a_stronger_heuristic_than_the_one_in_use(
    algorithm: str, heuristic: str, advice: str
) -> None:
    board, goal = Board(4, 4, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)), goal_board(4, 4, "blank-first")
    search = astar if algorithm == "astar" else idastar
    result = run(search(board, goal, make_heuristic(heuristic, goal), Limit(nodes=300)))
    assert result.stopped == "node-limit" and result.message.endswith(advice), result.message
    if heuristic in ("linear-conflict", "walking-distance"):
        assert "stronger heuristic" not in result.message


def test_time_limit() -> None:
    board, goal = Board(4, 4, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)), goal_board(4, 4, "blank-first")
    for algorithm in ("astar", "idastar"):
        result = run(solve(board, goal, algorithm, "hamming", Limit(seconds=0.3)))
        assert result.stopped == "time-limit" and "time limit (0.3 s)" in result.message
        assert result.seconds >= 0.3 and result.moves is None


def _reporting_always(algorithm: str, heuristic: str, board: Board, goal: Board) -> tuple[Search, int]:
    """The search with a progress record at every check (``report_every`` 0), and its check interval."""
    if (algorithm, heuristic) == ("idastar", "walking-distance"):  # the specialised solver
        return solve_with_walking_distance(board, goal, report_every=0.0), WALKING_CHECK
    search = astar if algorithm == "astar" else idastar
    every = ASTAR_CHECK_EVERY if algorithm == "astar" else IDA_CHECK_EVERY
    return search(board, goal, make_heuristic(heuristic, goal), report_every=0.0), every


@pytest.mark.parametrize(
    ("algorithm", "heuristic"),
    [
        ("astar", "hamming"),
        ("idastar", "hamming"),
        ("idastar", "linear-conflict"),
        ("idastar", "walking-distance"),  # the specialised solver, its table building included
        pytest.param("astar", "walking-distance", marks=pytest.mark.slow),
    ],
)
def test_progress_is_steady_and_closing_stops_at_once(algorithm: str, heuristic: str) -> None:
    """A search reads the clock, checks its limits and may report every few hundred to few thousand expansions
    (its check interval): that bounds how much work a cooperative cancel (the page's worker, which stops asking
    between records) can wait for. Bounded here in expansions, on any machine; what it costs in milliseconds
    (the 200 ms target) is measured by ``python -m bench page``, docs/benchmarks.md."""
    board, goal = Board(4, 4, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)), goal_board(4, 4, "blank-first")
    search, every = _reporting_always(algorithm, heuristic, board, goal)
    records: list[Progress] = []
    for record in search:
        records.append(record)
        if record.nodes_expanded >= 50 * every:
            break
    search.close()
    nodes = [r.nodes_expanded for r in records]
    assert nodes == sorted(nodes) and nodes[-1] >= 50 * every
    assert max(b - a for a, b in pairwise(nodes)) <= every  # never more than one interval between two records
    assert inspect.getgeneratorstate(search) == "GEN_CLOSED"  # nothing more runs
    with pytest.raises(StopIteration):
        next(search)


def test_progress_comes_at_the_default_pace_not_at_every_check() -> None:
    """With the default ``report_every`` (20 ms), a search yields far fewer records than it makes checks."""
    board, goal = Board(4, 4, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)), goal_board(4, 4, "blank-first")
    search = idastar(board, goal, make_heuristic("manhattan", goal), Limit(nodes=2_000 * IDA_CHECK_EVERY))
    records = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(search)
            records += 1
    assert done.value.value.stopped == "node-limit" and records < 2_000


# Building blocks --------------------------------------------------------------------------------------------


def test_indexed_heap_decrease_key_against_a_reference() -> None:
    rng = random.Random(1)
    heap = IndexedHeap[int]()
    reference: dict[int, int] = {}
    for step in range(5_000):
        action = rng.random()
        if action < 0.45 or not reference:
            item = rng.randrange(10**6)
            if item not in reference:
                key = rng.randrange(1000)
                heap.push(key, item)
                reference[item] = key
        elif action < 0.75:
            item = rng.choice(list(reference))
            key = reference[item] - rng.randrange(50)
            heap.decrease(item, key)
            reference[item] = key
        else:
            key, item = heap.pop()
            assert key == min(reference.values()) and reference.pop(item) == key
        assert len(heap) == len(reference)
        if step % 250 == 0:
            assert all(heap.items[heap.where[i]] == i and heap.key_of(i) == k for i, k in reference.items())
            assert all(heap.keys[(i - 1) >> 1] <= heap.keys[i] for i in range(1, len(heap)))


def test_verify_rejects_a_path_that_misses_the_goal() -> None:
    goal = goal_board(3, 3)
    board = parse_board("1 2 3 / 4 5 6 / 0 7 8")
    assert verify(board, goal, [7, 8]) == (7, 8)
    with pytest.raises(SearchBug, match="ends at"):
        verify(board, goal, [7])
    with pytest.raises(SearchBug, match="illegal"):
        verify(board, goal, [5])


# The long-operation API -------------------------------------------------------------------------------------


def test_session_solve_round_trip() -> None:
    board = hardest8()[0][1]
    session = api.start(
        json.dumps(
            {"op": "solve", "board": board.format(one_line=True), "algorithm": "idastar", "heuristic": "manhattan"}
        )
    )
    replies = []
    while True:
        reply = json.loads(session.advance(0.0))
        replies.append(reply)
        if reply["type"] != "progress":
            break
    assert replies[0]["type"] == "progress" and replies[0]["algorithm"] == "idastar"
    final = replies[-1]
    assert final["type"] == "result" and final["ok"] is True and final["length"] == 31 and final["optimal"]
    assert final["heuristic"] == "manhattan" and final["board"]["tiles"] == list(board.tiles)
    assert board.apply(final["letters"]) == goal_board(3, 3) == board.apply(final["moves"])
    assert json.loads(session.advance(1.0)) == final and json.loads(session.cancel()) == final


def test_session_cancel_returns_the_statistics_so_far() -> None:
    request = {
        "op": "solve",
        "board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "goal": "blank-first",
        "heuristic": "hamming",
    }
    session = api.start(json.dumps(request))
    progress = json.loads(session.advance(0.3))
    assert progress["type"] == "progress" and progress["nodes_expanded"] > 0
    final = json.loads(session.cancel())  # how soon a cancel takes effect: the progress-gap test above
    assert final["type"] == "result" and final["ok"] is True and final["stopped"] == "cancelled"
    assert final["moves"] is None and final["nodes_expanded"] >= progress["nodes_expanded"]
    assert "cancel" in final["message"] and session.done


def test_session_errors_and_unsolvable_boards() -> None:
    reply = json.loads(api.start(json.dumps({"op": "solve", "board": "2 1 3 / 4 5 6 / 7 8 0"})).advance(5))
    assert reply["type"] == "error" and reply["ok"] is False
    assert reply["error"]["type"] == "UnsolvableError" and "1 inversion" in reply["error"]["message"]
    assert reply["explanation"]["solvable"] is False
    for request, fragment in [
        ("{nope", "not valid JSON"),
        (json.dumps({"op": "solve", "board": "1 2 3"}), "3 numbers were given; the smallest board is 2×2"),
        (json.dumps({"op": "solve", "board": "1 2 3 4 5 6 7 8 0", "heuristic": "zero"}), "unknown heuristic"),
        (json.dumps({"op": "solve", "board": "1 2 3 4 5 6 7 8 0", "max_nodes": -1}), "node limit"),
        (json.dumps({"op": "solve", "board": "1 2 3 4 5 6 7 8 0", "time_limit": "soon"}), "time_limit"),
        (
            json.dumps({"op": "check", "board": "1 2 3 4 5 6 7 8 0"}),
            "expected one of analyse, compare, hint, lab_check, lab_depth, optimal_moves, solve, subtree, watch",
        ),
    ]:
        session = api.start(request)
        reply = json.loads(session.advance(1))
        assert reply["type"] == "error" and fragment in reply["error"]["message"], reply
        assert json.loads(session.cancel()) == reply


def test_session_compare_streams_rows_and_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    # A record at every clock check (not every ~20 ms), so that every row streams however fast the machine is.
    monkeypatch.setattr(Checkpoint, "report_due", lambda self: True)
    board = hardest8()[0][1]
    session = api.start(json.dumps({"op": "compare", "board": board.format(one_line=True), "max_nodes": 20_000}))
    seen_rows = set()
    while True:
        reply = json.loads(session.advance(0))
        if reply["type"] != "progress":
            break
        seen_rows.add(reply["row"])
        assert reply["rows"] == len(HEURISTIC_NAMES) and len(reply["done"]) == reply["row"]
    assert reply["type"] == "result" and [r["heuristic"] for r in reply["rows"]] == list(HEURISTIC_NAMES)
    by_name = {r["heuristic"]: r for r in reply["rows"]}
    assert by_name["discrete"]["stopped"] == "node-limit" and by_name["discrete"]["length"] is None
    assert by_name["linear-conflict"]["length"] == 31 and by_name["linear-conflict"]["stopped"] is None
    assert seen_rows == set(range(len(HEURISTIC_NAMES)))


def test_one_shot_handle_solve_and_compare() -> None:
    reply = json.loads(api.handle(json.dumps({"op": "solve", "board": "1 2 3 / 4 5 6 / 0 7 8"})))
    assert reply["ok"] is True and reply["moves"] == [7, 8] and reply["letters"] == ["L", "L"]
    reply = json.loads(api.handle(json.dumps({"op": "compare", "board": "1 2 3 / 4 5 6 / 0 7 8"})))
    assert reply["ok"] is True and [r["length"] for r in reply["rows"]] == [2] * len(HEURISTIC_NAMES)
    reply = json.loads(api.handle(json.dumps({"op": "solve", "board": "2 1 3 / 4 5 6 / 7 8 0"})))
    assert reply["ok"] is False and reply["error"]["type"] == "UnsolvableError"
