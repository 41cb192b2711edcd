"""Every optimal solution, in single-tile and line moves: the counts against a breadth-first search that counts the
shortest paths (``tests/oracle.py``): 3×3 states of every distance, four each, and every state their counts
remembered on the way (``tests/exhaustive_counts.py`` checks every 3×3 state, in minutes), and 4×4 states near the
goal; the listing (valid, optimal, distinct, as many as counted, in order); limits, stops and refusals."""

from __future__ import annotations

import io
import itertools
import json
import random
from collections.abc import Iterator

import pytest

from npuzzle import (
    Board,
    Limit,
    LimitError,
    UnsolvableError,
    count_optimal_solutions,
    goal_board,
    optimal_solutions,
    parse_board,
    run,
    stop,
)
from npuzzle.cli import main
from npuzzle.optimal.metric import count_tiles
from npuzzle.pdb import PdbSpace, PdbTables, build_multiset, home_map
from npuzzle.pdb.pure_builder import build_database
from npuzzle.solving.all_solutions import AllSolutions, SolutionCount
from npuzzle.solving.multitile import small_database
from npuzzle.solving.registry import Registry, default_registry, registry_with_tables
from oracle import path_counts

HALVES_OF_4 = ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15))
HARDEST_3X3 = "8 6 7 / 2 5 4 / 3 0 1"


def registry_for(rows: int, cols: int, metric: str) -> Registry:
    """The built-in registry, with a line-move table built once (not once per board) when ``metric`` is mtm."""
    if metric == "stm":
        return default_registry()
    database = small_database(rows, cols) if rows * cols <= 9 else build_multiset(rows, cols, HALVES_OF_4)
    return default_registry().with_mtm(database)


def sample_by_depth(truth: dict[tuple[int, ...], tuple[int, int]], per_depth: int, seed: int) -> list[tuple[int, ...]]:
    """``per_depth`` states of each distance (all of a distance that has fewer), seeded."""
    by_depth: dict[int, list[tuple[int, ...]]] = {}
    for tiles, (d, _) in truth.items():
        by_depth.setdefault(d, []).append(tiles)
    rng = random.Random(seed)
    return [t for d in sorted(by_depth) for t in rng.sample(sorted(by_depth[d]), min(per_depth, len(by_depth[d])))]


def remembered(all_solutions: AllSolutions) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """What the count remembered: each state's tiles, the moves left there and its count of optimal completions."""
    paths = all_solutions._paths
    assert paths is not None
    space = paths.space
    layout = space.layout  # type: ignore[attr-defined]
    original = getattr(space, "original", None)
    mapping = home_map(all_solutions.goal)
    assert mapping is not None
    for key, entry in paths.memo.items():
        tiles = layout.unpack(key)
        if original is not None:  # a database's space keeps home-labelled boards: rename them back
            tiles = tuple(original[tiles[mapping[0][c]]] for c in range(len(tiles)))
        yield tiles, entry & 255, entry >> 8


def check_memo(all_solutions: AllSolutions, truth: dict[tuple[int, ...], tuple[int, int]]) -> int:
    """Every state the count remembered against the truth: a positive count is the state's number of shortest paths
    at its distance, none means it is further than the moves left; how many were checked."""
    checked = 0
    for tiles, left, n in remembered(all_solutions):
        d, ways = truth[tiles]
        assert (d, ways) == (left, n) if n else d > left
        checked += 1
    return checked


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_every_3x3_distance_s_counts_match_breadth_first_search(metric: str) -> None:
    goal = goal_board(3, 3)
    truth = path_counts(goal, metric)
    registry = registry_for(3, 3, metric)
    checked = 0
    for tiles in sample_by_depth(truth, 4, seed=53):
        board = Board(3, 3, tiles)
        every = AllSolutions(board, goal, metric, registry)
        counted = run(every.count())
        assert (counted.length, counted.count) == truth[tiles]
        assert sum(n for _, n in counted.first_moves) == (counted.count if counted.length else 0)
        for moved, n in counted.first_moves:
            assert truth[board.apply(moved).tiles] == (counted.length - 1, n)
        checked += check_memo(every, truth)
    assert checked > 1000


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_the_hardest_3x3_s_solutions_are_listed_valid_optimal_distinct_and_counted(metric: str) -> None:
    board, goal = parse_board(HARDEST_3X3), goal_board(3, 3)
    truth = path_counts(goal, metric)[board.tiles]
    every = AllSolutions(board, goal, metric, registry_for(3, 3, metric))
    counted = run(every.count())
    listed = list(every.solutions())
    assert (counted.length, counted.count) == truth and len(listed) == len(set(listed)) == counted.count
    for moves in listed:
        assert board.apply(moves) == goal and count_tiles(board, moves, metric) == counted.length
    assert check_memo(every, path_counts(goal, metric)) > 0
    fresh = list(optimal_solutions(board, metric=metric, registry=registry_for(3, 3, metric)))
    assert fresh == listed  # one order, whether counted first or not
    firsts = [tiles for tiles, _ in counted.first_moves]
    assert firsts == sorted(firsts) and (metric == "mtm" or listed == sorted(listed))


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_4x4_boards_near_the_goal_match_breadth_first_search(metric: str) -> None:
    goal = goal_board(4, 4)
    truth = path_counts(goal, metric, 14 if metric == "stm" else 7)
    registry = registry_for(4, 4, metric)
    deepest = max(d for d, _ in truth.values())
    boards = [t for t in sample_by_depth(truth, 3, seed=4) if truth[t][0] >= deepest - 3]
    boards += sorted(truth, key=lambda t: (-truth[t][1], t))[:2]  # the most solutions
    heuristic = "linear-conflict" if metric == "stm" else "auto"  # walking distance's tables take 0.4 s each
    for tiles in boards:
        board = Board(4, 4, tiles)
        counted = count_optimal_solutions(board, metric=metric, registry=registry, heuristic=heuristic)
        assert (counted.length, counted.count) == truth[tiles]
        listed = list(optimal_solutions(board, metric=metric, registry=registry, heuristic=heuristic))
        assert len(set(listed)) == counted.count and all(board.apply(m) == goal for m in listed)
    assert max(truth[t][1] for t in boards) > 1


def test_solutions_are_lazy_and_come_in_the_order_of_their_tiles() -> None:
    board = parse_board("0 1 2 / 3 4 5 / 6 7 8")
    first_three = list(itertools.islice(optimal_solutions(board, goal=goal_board(3, 3, "blank-first")), 3))
    assert first_three == [()]
    board = parse_board(HARDEST_3X3)
    listed = list(itertools.islice(optimal_solutions(board), 5))
    assert listed == sorted(listed) and len(listed) == 5


def test_a_limit_or_a_stop_says_how_far_the_count_got() -> None:
    board = parse_board(HARDEST_3X3)
    limited = count_optimal_solutions(board, limit=Limit(nodes=3000))
    assert limited.count is None and limited.stopped == "node-limit"
    assert "node limit" in limited.message and limited.to_dict(board)["count"] is None
    for records in (1, 3, 10):  # in the optimal search or in the count: either way it says what it knows
        search = AllSolutions(board).count(report_every=0.0)
        for _ in range(records):
            next(search)
        ended = stop(search, lambda last: pytest.fail("the count returns what it knows"))
        assert isinstance(ended, SolutionCount) and ended.stopped == "cancelled" and ended.count is None
        if ended.length is None:
            assert ended.message == "stopped by a cancel request before the optimal length was found"
        else:
            assert ended.length == 31


def test_the_count_remembers_no_more_states_than_its_limit_allows_and_counts_the_same() -> None:
    board = parse_board(HARDEST_3X3)
    free = count_optimal_solutions(board)
    capped = count_optimal_solutions(board, limit=Limit(memory=10))
    assert capped.count == free.count == 40 and capped.remembered <= 10 < free.remembered


def test_refusals_name_the_problem() -> None:
    with pytest.raises(UnsolvableError):
        optimal_solutions(parse_board("2 1 3 / 4 5 6 / 7 8 0"))
    with pytest.raises(LimitError, match="unknown metric 'lines'"):
        count_optimal_solutions(parse_board(HARDEST_3X3), metric="lines")
    with pytest.raises(LimitError, match="optimal solving in line moves needs"):
        optimal_solutions(parse_board("1 2 3 4 / 5 6 7 8 / 9 10 0 11"), metric="mtm")
    assert count_optimal_solutions(goal_board(3, 3)).count == 1


def test_the_command_line_counts_lists_and_refuses() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--count", HARDEST_3X3], out=out, err=err) == 0
    text = out.getvalue()
    assert text.startswith("40 optimal solutions of 31 single-tile moves") and "L (29), R (6), D (5)" in text
    out = io.StringIO()
    assert main(["solve", "--all", "--max-solutions", "3", "--json", "--metric", "mtm", HARDEST_3X3], out=out) == 0
    record = json.loads(out.getvalue())
    assert (record["count"], record["length"], record["listed"], record["complete"]) == (2, 20, 2, True)
    board = parse_board(HARDEST_3X3)
    assert [s["moves"] for s in record["solutions"]] == [list(m) for m in optimal_solutions(board, metric="mtm")]
    out = io.StringIO()
    assert main(["solve", "--all", "--max-solutions", "2", HARDEST_3X3], out=out) == 0
    assert "Listed 2 of 40" in out.getvalue()
    out = io.StringIO()
    assert main(["solve", "--count", "--max-nodes", "2000", HARDEST_3X3], out=out) == 3
    assert out.getvalue().startswith("Not counted: IDA* stopped at the node limit")
    err = io.StringIO()
    assert main(["solve", "--all", "--algorithm", "astar", HARDEST_3X3], err=err) == 2
    assert "drop --algorithm astar" in err.getvalue()
    out = io.StringIO()
    assert main(["solve", "--count", "2 1 3 / 4 5 6 / 7 8 0"], out=out) == 1 and "Not solvable" in out.getvalue()


@pytest.mark.parametrize(
    "partition",
    [((1, 2, 3, 5), (4, 6, 7, 8)), ((1, 2, 3), (4, 5, 6, 7), (5, 6, 7, 8))],
    ids=["disjoint", "alternatives"],
)
def test_a_pattern_database_counts_with_its_own_lookups(partition: tuple[tuple[int, ...], ...]) -> None:
    goal = goal_board(3, 3)
    truth = path_counts(goal, "stm")
    registry = registry_with_tables(PdbTables.of(build_database(3, 3, partition)))
    for tiles in sample_by_depth(truth, 2, seed=7):
        every = AllSolutions(Board(3, 3, tiles), goal, "stm", registry)
        counted = run(every.count())
        assert (counted.length, counted.count) == truth[tiles] and isinstance(every._paths.space, PdbSpace)  # type: ignore[union-attr]
        check_memo(every, truth)


def test_a_4x4_pattern_database_counts_boards_near_the_goal() -> None:
    goal = goal_board(4, 4)
    truth = path_counts(goal, "stm", 14)
    triples = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15))
    registry = registry_with_tables(PdbTables.of(build_database(4, 4, triples)))
    boards = sorted(truth, key=lambda t: (-truth[t][1], t))[:3] + sample_by_depth(truth, 1, seed=9)[-4:]
    for tiles in boards:
        assert count_optimal_solutions(Board(4, 4, tiles), registry=registry).count == truth[tiles][1]
