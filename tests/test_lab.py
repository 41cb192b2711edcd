"""The course's lab: the textbook's table by depth (its counts against an independent count, its boards at their
exact depth, b* against the book's), the heuristic checks (the blank-counting trap and Manhattan × 2 caught,
Manhattan and linear conflict passed, dominance), a student's code and every way it can fail, and the CLI."""

from __future__ import annotations

import heapq
import io
import itertools
import json
from collections import Counter, deque
from pathlib import Path

import pytest

from npuzzle import goal_board, solve
from npuzzle.api import Engine
from npuzzle.board import Board
from npuzzle.cli import main
from npuzzle.course.depth_boards import SampleTable, TableBoards, WalkedBoards, board_source, sample_table
from npuzzle.course.depth_table import BOOK, BOOK_RUNS, depth_table, effective_branching, parse_runs
from npuzzle.course.heuristic_check import check_heuristic, dominance
from npuzzle.course.student import (
    EXAMPLES,
    HeuristicCodeError,
    StudentEstimate,
    StudentHeuristic,
    compile_heuristic,
    estimator,
)
from npuzzle.errors import LimitError
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.optimal.search import astar
from npuzzle.parse import parse_board
from npuzzle.progress import SearchStopped, run
from npuzzle.research.exhaustive import DistanceTable
from oracle import distances

GOAL = goal_board(3, 3)


@pytest.fixture(scope="module")
def table() -> DistanceTable:
    return DistanceTable.build(GOAL)


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


def children(tiles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Up, down, left, right: the blank's neighbours on the 3×3, in the searches' order."""
    blank = tiles.index(0)
    r, c = divmod(blank, 3)
    out = []
    for cell, inside in ((blank - 3, r > 0), (blank + 3, r < 2), (blank - 1, c > 0), (blank + 1, c < 2)):
        if inside:
            swapped = list(tiles)
            swapped[blank], swapped[cell] = swapped[cell], 0
            out.append(tuple(swapped))
    return out


def bfs_generated(start: tuple[int, ...], goal: tuple[int, ...]) -> int:
    """Breadth-first search counted the book's way, written apart from the lab's: every successor made until the
    goal is made."""
    seen, queue, made = {start}, deque([start]), 0
    while queue:
        for child in children(queue.popleft()):
            made += 1
            if child in seen:
                continue
            if child == goal:
                return made
            seen.add(child)
            queue.append(child)
    raise AssertionError("no path")


def astar_generated(start: tuple[int, ...], goal: tuple[int, ...], h: object) -> int:
    """A* counted the book's way, written apart from the lab's: a heap of (f, order put), stale entries skipped."""
    estimate = h.initial  # type: ignore[attr-defined]
    g, order, made = {start: 0}, itertools.count(), 0
    heap = [(estimate(start), next(order), start)]
    while heap:
        f, _, state = heapq.heappop(heap)
        if f > g[state] + estimate(state):
            continue  # a stale entry: the state was put again at a lower f
        if state == goal:
            return made
        for child in children(state):
            made += 1
            if child not in g or g[state] + 1 < g[child]:
                g[child] = g[state] + 1
                heapq.heappush(heap, (g[child] + estimate(child), next(order), child))
    raise AssertionError("no path")


def test_b_star_gives_the_book_s_figures_from_its_node_counts() -> None:
    for key, (nodes, b_star) in BOOK[12].items():
        assert round(effective_branching(nodes, 12), 2) == b_star, key
    assert effective_branching(2, 1) == pytest.approx(2)  # N + 1 = 1 + b: two children at depth 1
    assert effective_branching(12, 2) == pytest.approx(3)  # 13 = 1 + 3 + 9


def test_the_boards_are_at_their_depth_and_the_seed_decides_them(table: DistanceTable) -> None:
    truth = distances(GOAL)
    for depth in (1, 5, 12, 31):
        boards = list(TableBoards(table).boards(depth, 6, "s"))
        assert all(truth[board.tiles] == depth for board in boards)
        assert boards == list(TableBoards(table).boards(depth, 6, "s"))
    assert list(TableBoards(table).boards(12, 6, "s")) != list(TableBoards(table).boards(12, 6, "t"))
    assert len(set(TableBoards(table).boards(1, 5, "s"))) == 2  # only two boards are one move away: repeats


def test_on_the_15_puzzle_the_boards_come_from_walks_proven_at_their_depth() -> None:
    goal = goal_board(4, 4)
    source = board_source(goal)
    assert isinstance(source, WalkedBoards)
    boards = list(source.boards(10, 3, "s"))
    assert boards == list(source.boards(10, 3, "s")) and len(set(boards)) == 3
    for board in boards:
        assert run(solve(board, goal, "idastar", "linear-conflict")).length == 10
    runs = parse_runs("bfs,astar:manhattan", lambda name: make_heuristic(name, goal))
    result = run(depth_table(source, [6, 18], 2, runs, most=20_000))
    bfs, astar = result.rows[1].cells["bfs"], result.rows[1].cells["astar manhattan"]
    assert bfs.nodes is None and bfs.finished == 0  # breadth-first search reached its cap: the book's "—"
    assert astar.finished == 2 and astar.nodes is not None and result.rows[0].cells["bfs"].finished == 2
    with pytest.raises(
        LimitError, match="boards 31 moves from the goal are not drawn on this shape: depths go from 1 to 30"
    ):
        run(depth_table(source, [31], 2, runs))
    with pytest.raises(LimitError, match="at most 16 cells \\(the 15-puzzle\\), not a 5×5 board"):
        board_source(goal_board(5, 5))
    assert isinstance(board_source(GOAL), TableBoards)


def test_the_table_s_counts_match_an_independent_count(table: DistanceTable) -> None:
    runs = parse_runs(BOOK_RUNS + ",idastar:manhattan", lambda name: make_heuristic(name, GOAL))
    result = run(depth_table(TableBoards(table), [4, 9], 5, runs, seed="check"))
    misplaced, manhattan = make_heuristic("hamming", GOAL), make_heuristic("manhattan", GOAL)
    for row in result.rows:
        boards = list(TableBoards(table).boards(row.depth, 5, "check"))
        bfs = sum(bfs_generated(board.tiles, GOAL.tiles) for board in boards) / 5
        h1 = sum(astar_generated(board.tiles, GOAL.tiles, misplaced) for board in boards) / 5
        h2 = sum(astar_generated(board.tiles, GOAL.tiles, manhattan) for board in boards) / 5
        assert row.cells["bfs"].nodes == bfs
        assert row.cells["astar hamming"].nodes == h1
        assert row.cells["astar manhattan"].nodes == h2
        assert all(cell.finished == 5 and cell.longer == 0 for cell in row.cells.values())
        assert row.cells["idastar manhattan"].nodes is not None
    assert result.runs == ("bfs", "astar hamming", "astar manhattan", "idastar manhattan")


def test_an_overestimate_shows_as_longer_paths_and_a_stop_keeps_the_depths_done(table: DistanceTable) -> None:
    runs = parse_runs("idastar:example:manhattan-x2", lambda name: estimator(name, GOAL))
    result = run(depth_table(TableBoards(table), [12], 20, runs))
    assert result.rows[0].cells["idastar example:manhattan-x2"].longer > 0
    steps = depth_table(TableBoards(table), [2, 4, 6], 3, parse_runs("bfs", lambda name: make_heuristic(name, GOAL)))
    for record in steps:
        if record.depth == 4:
            break
    try:
        steps.throw(SearchStopped("cancelled"))
    except StopIteration as done:
        stopped = done.value
    assert stopped.stopped == "cancelled" and [row.depth for row in stopped.rows] == [2]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"depths": [32]}, "no board of this shape is 32 moves from the goal: depths go from 1 to 31"),
        ({"depths": [0]}, "no board of this shape is 0 moves"),
        ({"boards": 0}, "0 boards a depth: give 1 to 1,000"),
    ],
)
def test_a_request_out_of_range_is_named(table: DistanceTable, request_: dict[str, object], message: str) -> None:
    depths = request_.get("depths", [2])
    boards = request_.get("boards", 2)
    with pytest.raises(LimitError, match=message):
        run(depth_table(TableBoards(table), depths, boards, parse_runs("bfs", lambda name: make_heuristic(name, GOAL))))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spec", "admissible", "consistent"),
    [
        ("example:misplaced-with-blank", False, False),
        ("example:manhattan-x2", False, False),
        ("example:manhattan", True, True),
        ("linear-conflict", True, True),
    ],
)
def test_the_checks_catch_the_traps_and_pass_the_good_ones(
    table: DistanceTable, spec: str, admissible: bool, consistent: bool
) -> None:
    _, report = run(check_heuristic(estimator(spec, GOAL), table))
    assert (report.admissible, report.consistent) == (admissible, consistent)
    assert report.states == 181_440 and report.goal_value == 0
    truth = distances(GOAL)
    for breach in report.breaches:  # each breach shown is real
        assert truth[breach.board.tiles] == breach.distance
        if breach.kind == "overestimates":
            assert breach.h > breach.distance
        if breach.kind == "inconsistent":
            assert breach.neighbour is not None and breach.h_neighbour is not None
            assert breach.h > 1 + breach.h_neighbour and breach.neighbour.tiles in children(breach.board.tiles)
    if not admissible:
        assert report.counts["overestimates"] > 0 and any(b.kind == "overestimates" for b in report.breaches)


@pytest.fixture(scope="module")
def sample() -> SampleTable:
    return run(sample_table(goal_board(4, 4), per_depth=3))


def test_the_15_puzzle_s_sample_holds_boards_at_their_proven_distances(sample: SampleTable) -> None:
    goal = goal_board(4, 4)
    assert sample.farthest == 30 and sample.distances[sample.layout.pack(goal.tiles)] == 0
    by_depth = Counter(sample.distances.values())
    assert set(by_depth) == set(range(31)) and max(by_depth.values()) == 3  # near the goal fewer boards exist
    for state, d in list(sample.distances.items())[::10]:  # proven again by another optimal search
        board = Board(4, 4, sample.layout.unpack(state))
        assert run(solve(board, goal, "idastar", "manhattan")).length == d
    assert run(sample_table(goal, per_depth=3)).distances == sample.distances  # the same for the same seed


@pytest.mark.parametrize(
    ("spec", "admissible"),
    [
        ("example:misplaced-with-blank", False),
        ("example:manhattan-x2", False),
        ("manhattan", True),
        ("linear-conflict", True),
    ],
)
def test_on_the_15_puzzle_the_sample_catches_the_traps(sample: SampleTable, spec: str, admissible: bool) -> None:
    _, report = run(check_heuristic(estimator(spec, goal_board(4, 4)), sample))
    assert report.admissible == admissible and report.consistent == admissible
    assert report.states == len(sample.distances)
    for breach in report.breaches:
        assert sample.distances[sample.layout.pack(breach.board.tiles)] == breach.distance
        if breach.kind == "inconsistent":  # a neighbour outside the sample is estimated too
            assert breach.h_neighbour is not None and breach.h > 1 + breach.h_neighbour


def test_a_student_s_misplaced_tiles_is_the_built_in_one_and_manhattan_dominates_it(table: DistanceTable) -> None:
    theirs, _ = run(check_heuristic(estimator("example:misplaced", GOAL), table))
    ours, _ = run(check_heuristic(make_heuristic("hamming", GOAL), table))
    manhattan, report = run(check_heuristic(make_heuristic("manhattan", GOAL), table))
    assert theirs == ours
    compared = dominance(manhattan, ours, table)
    assert compared.a_at_least_b == 1.0 and compared.b_at_least_a < 0.01
    assert compared.mean_ratio_a == pytest.approx(report.mean_ratio) and compared.mean_ratio_a > compared.mean_ratio_b


def test_a_heuristic_that_is_wrong_on_the_goal_or_negative_is_caught() -> None:
    small = DistanceTable.build(goal_board(2, 3))
    for source, kind in (
        ("def h(board, goal):\n    return 1\n", "goal"),
        ("def h(b, g):\n    return -1\n", "negative"),
    ):
        _, report = run(check_heuristic(StudentEstimate(compile_heuristic(source), small.goal), small))
        assert report.counts[kind] > 0 and not report.consistent  # type: ignore[index]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def h(board, goal)\n    return 0\n", "line 1: expected ':' — the code does not compile"),
        ("x = 1\n", "the code defines no function h(board, goal)"),
        (
            "import nothing_here\n",
            "line 1: ModuleNotFoundError: No module named 'nothing_here' (while the code was run)",
        ),
        (
            "def h(board, goal):\n    x = 0\n    return 1 / x\n",
            "line 3: ZeroDivisionError: division by zero (h of the board ",
        ),
        ("def h(board, goal):\n    return 'far'\n", "returned \"'far'\", not a number: return a whole number"),
        ("def h(board, goal):\n    return float('nan')\n", "returned nan: return a whole number"),
        ("def h(board, goal):\n    return 2.5\n", "returned 2.5, not a whole number of moves: round it down"),
        ("def h(board, goal):\n    return 10 ** 30\n", "no board here is that far from its goal"),
        ("def h(board, goal):\n    return True\n", "not a number"),
        (
            "def h(board, goal):\n    return h(board, goal)\n",
            "h calls itself without end on the board 1 2 3 / 4 5 6 / 7 8 0",
        ),
    ],
)
def test_every_way_a_student_s_code_fails_is_a_sentence(source: str, message: str) -> None:
    with pytest.raises(HeuristicCodeError) as caught:
        StudentEstimate(compile_heuristic(source), GOAL).initial(GOAL.tiles)
    assert message in str(caught.value)


def test_a_whole_float_is_taken_and_an_unknown_example_is_named() -> None:
    assert StudentEstimate(compile_heuristic("def h(b, g):\n    return 3.0\n"), GOAL).initial(GOAL.tiles) == 3
    with pytest.raises(HeuristicCodeError, match="'example:nope' is no example: the examples are example:misplaced"):
        estimator("example:nope", GOAL)
    assert set(EXAMPLES) == {"misplaced", "misplaced-with-blank", "manhattan", "manhattan-x2"}


def test_the_cli_prints_the_table_and_the_checks(tmp_path: Path) -> None:
    code, out, _ = run_cli("lab", "depth", "--depths", "2-12:10", "--boards", "3", "--json")
    record = json.loads(out)
    assert code == 0 and [row["depth"] for row in record["rows"]] == [2, 12]
    assert record["rows"][1]["book"]["bfs"] == {"nodes": 2672, "b_star": 1.8}
    code, out, _ = run_cli("lab", "depth", "--depths", "12", "--boards", "2")
    assert code == 0 and "book" in out and "2,672 (1.80)" in out and "every successor generated" in out

    mine = tmp_path / "mine.py"
    mine.write_text(EXAMPLES["misplaced-with-blank"].code, encoding="utf-8")
    code, out, _ = run_cli("lab", "check", str(mine), "--against", "manhattan", "--shape", "2x3")
    assert code == 0 and "NOT admissible" in out and "manhattan over all 360 boards: admissible and consistent" in out
    assert f"manhattan ≥ {mine} on" in out

    code, out, _ = run_cli("lab", "check", "example:manhattan-x2", "--shape", "4x4")
    assert code == 0 and out.startswith("example:manhattan-x2 over a sample of ") and "NOT admissible" in out
    assert "up to 10 at each distance from 1 to 30" in out
    code, _, err = run_cli("lab", "check", "manhattan", "--shape", "5x5")
    assert code == 2 and "a heuristic is checked on boards of at most 16 cells (the 15-puzzle), not a 5×5" in err

    broken = tmp_path / "broken.py"
    broken.write_text("def h(board, goal):\n    return board[5]\n", encoding="utf-8")
    code, _, err = run_cli("lab", "check", str(broken))
    assert code == 2 and "line 2: IndexError: tuple index out of range" in err

    code, out, _ = run_cli(
        "lab", "depth", "--shape", "4x4", "--depths", "8", "--boards", "2", "--runs", "astar:manhattan"
    )
    assert code == 0 and "astar manhattan" in out
    assert not [line for line in out.splitlines() if line.split()[:1] == ["book"]]  # the book's rows: the 8-puzzle's
    code, _, err = run_cli("lab", "depth", "--depths", "3-x")
    assert code == 2 and "'3-x' is not a depth" in err
    code, _, err = run_cli("lab", "depth", "--depths", "9-3")
    assert code == 2 and "'9-3' holds no depth" in err
    examples = json.loads(Engine().handle(json.dumps({"op": "lab_examples"})))["examples"]
    assert [e["name"] for e in examples] == list(EXAMPLES) and examples[1]["title"].endswith("(a trap)")
    code, _, err = run_cli("lab", "depth", "--runs", "dfs")
    assert code == 2 and "'dfs' is not a run" in err
    code, _, err = run_cli("lab", "check", str(tmp_path / "missing.py"))
    assert code == 2 and "cannot read the heuristic file" in err


def test_the_page_s_ops_give_the_table_and_the_checks_in_slices_and_stop_on_cancel() -> None:
    engine = Engine()
    mine = "def h(board, goal):\n    return 0 if board == goal else 1\n"
    reply = json.loads(engine.handle(json.dumps({"op": "lab_depth", "depths": "4,12", "boards": 3})))
    assert reply["ok"] and [row["depth"] for row in reply["rows"]] == [4, 12] and reply["runs"][0] == "bfs"
    assert reply["rows"][1]["book"]["astar manhattan"] == {"nodes": 84, "b_star": 1.28}

    session = engine.start(
        json.dumps({"op": "lab_check", "heuristic": "mine", "against": "manhattan", "code": {"mine": mine}})
    )
    first = json.loads(session.advance(0.01))
    assert first["type"] == "progress" and first["heuristic"] == "mine" and 0 <= first["share"] < 1
    while not session.done:
        final = json.loads(session.advance(0.5))
    assert final["ok"] and [h["name"] for h in final["heuristics"]] == ["mine", "manhattan"]
    assert final["heuristics"][0]["admissible"] and final["heuristics"][0]["mean_ratio"] < 0.1
    assert final["dominance"]["b_at_least_a"] == 1.0 and final["sample"] is None and final["states"] == 181_440

    session = engine.start(json.dumps({"op": "lab_check", "heuristic": "manhattan", "shape": "4x4"}))
    first = json.loads(session.advance(0.001))  # the sample drawn first, then the checks
    assert first["type"] == "progress" and first["heuristic"] == "" and first["share"] <= 0.5
    while not session.done:
        final = json.loads(session.advance(0.5))
    assert final["ok"] and final["heuristics"][0]["admissible"] and final["states"] == final["sample"]["boards"]
    assert final["sample"]["per_depth"] == 10 and final["sample"]["farthest"] == 30

    session = engine.start(json.dumps({"op": "lab_depth", "depths": [20, 22], "boards": 50}))
    assert json.loads(session.advance(0.01))["type"] == "progress"
    stopped = json.loads(session.cancel())
    assert stopped["stopped"] == "cancelled" and stopped["rows"] == []

    for request, message in (
        ({"op": "lab_check", "heuristic": "mine", "code": {"mine": "def h(b, g)\n"}}, "line 1: expected ':'"),
        ({"op": "lab_depth", "depths": [40]}, "no board of this shape is 40 moves from the goal"),
        ({"op": "lab_depth", "depths": "12-x"}, "'12-x' is not a depth"),
        ({"op": "lab_depth", "depths": 12}, "field 'depths' must be the solution depths"),
        ({"op": "lab_check", "heuristic": "manhattan", "shape": "3x6"}, "boards of at most 16 cells"),
    ):
        reply = json.loads(engine.handle(json.dumps(request)))
        assert not reply["ok"] and message in reply["error"]["message"], reply


def test_a_student_s_heuristic_runs_in_compare_beside_the_built_in_ones() -> None:
    engine = Engine()
    request = {"op": "compare", "board": "8 6 7 / 2 5 4 / 3 0 1", "code": EXAMPLES["manhattan"].code}
    reply = json.loads(engine.handle(json.dumps(request)))
    rows = {row["heuristic"]: row for row in reply["rows"]}
    assert list(rows)[-1] == "yours" and reply["ok"]
    mine, theirs = rows["yours"], rows["manhattan"]
    assert (
        (mine["length"], mine["nodes_expanded"])
        == (theirs["length"], theirs["nodes_expanded"])
        == (31, mine["nodes_expanded"])
    )
    assert theirs["optimal"] and not mine["optimal"]  # a student's heuristic is not known to be admissible
    broken = {**request, "code": "def h(board, goal):\n    return board[3][0]\n"}
    reply = json.loads(engine.handle(json.dumps(broken)))
    assert not reply["ok"] and "line 2: IndexError: tuple index out of range" in reply["error"]["message"]


def test_a_student_s_heuristic_is_worked_out_once_a_board_in_a_search() -> None:
    source = "seen = []\n\n" + EXAMPLES["manhattan"].code.replace(
        "def h(board, goal):\n", "def h(board, goal):\n    seen.append(board)\n", 1
    )
    h = compile_heuristic(source)
    board = parse_board("8 6 7 / 2 5 4 / 3 0 1")
    result = run(astar(board, goal_board(3, 3), StudentHeuristic(h, goal_board(3, 3))))
    seen = h.__globals__["seen"]  # type: ignore[attr-defined]
    assert len(result.moves or ()) == 31 and len(seen) > 1000
    assert len(seen) == len(set(seen))  # each board's h once


def test_a_student_s_heuristic_is_watched_beside_the_built_in_ones() -> None:
    engine = Engine()
    request = {"op": "watch", "board": "8 6 7 / 2 5 4 / 3 0 1", "count": 50}
    theirs = json.loads(engine.handle(json.dumps({**request, "heuristic": "manhattan"})))
    mine = json.loads(engine.handle(json.dumps({**request, "heuristic": "yours", "code": EXAMPLES["manhattan"].code})))
    assert mine["ok"] and mine["heuristic"] == "yours" and len(mine["steps"]) == 50
    assert mine["steps"] == theirs["steps"] and mine["counters"] == theirs["counters"]
    unknown = json.loads(engine.handle(json.dumps({**request, "heuristic": "yours"})))  # no code: no such heuristic
    assert not unknown["ok"] and "yours" in unknown["error"]["message"]
    broken = {**request, "heuristic": "yours", "code": "def h(board, goal):\n    return board[3][0]\n"}
    reply = json.loads(engine.handle(json.dumps(broken)))
    assert not reply["ok"] and "line 2: IndexError" in reply["error"]["message"], reply
