"""Optimal solving in the multi-tile metric: the multiset databases (their index, both builders, the file), the IDA*
over line moves, and the front door's ``metric="mtm"``, each against a breadth-first search over line moves
(``tests/oracle.py``): every 3×3 state, and 4×4 scrambles of up to 8 line moves."""

from __future__ import annotations

import importlib
import io
import itertools
import json
import os
import random
from pathlib import Path

import pytest

from interrupt import interrupt_when
from npuzzle import Board, LimitError, goal_board, parse_board, run, solve
from npuzzle.api import Engine, handle
from npuzzle.cli import main
from npuzzle.errors import PatternDatabaseError
from npuzzle.optimal.metric import count_moves, count_tiles
from npuzzle.pdb import (
    LearnedBounds,
    MultisetDatabase,
    MultisetIndex,
    build_mtm_file,
    build_multiset,
    cache_dir,
    load_multiset_steps,
    locate_mtm,
    mtm_search,
    read_multiset,
    solve_with_multiset,
    within_lines,
)
from npuzzle.pdb.multiset import arrangements
from npuzzle.progress import ratio_bound
from npuzzle.research.exhaustive import DistanceTable
from npuzzle.solving.multitile import mtm_database, mtm_lower_bound, small_heuristic
from npuzzle.solving.registry import default_registry
from npuzzle.speedsolving.oracle import line_neighbours
from oracle import line_distance, line_distances

PY = Path(__file__).resolve().parents[1] / "py"

ROWS_OF_3 = ((1, 2, 3), (4, 5, 6), (7, 8))
HALVES_OF_4 = ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15))
FRINGE_4 = ((1, 2, 3, 4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15))


def line_scramble(goal: Board, moves: int, rng: random.Random) -> Board:
    """``moves`` random line moves from ``goal`` (each of 1 up to the edge's tiles, never two along one axis in a
    row)."""
    board, axis = goal, ""
    for _ in range(moves):
        z = board.blank_index
        r, c = divmod(z, board.cols)
        options = [
            letter * k
            for letter, (dr, dc) in (("U", (1, 0)), ("D", (-1, 0)), ("L", (0, 1)), ("R", (0, -1)))
            for k in range(1, max(board.rows, board.cols))
            if 0 <= r + dr * k < board.rows and 0 <= c + dc * k < board.cols and letter not in axis
        ]
        move = rng.choice(options)
        axis = "UD" if move[0] in "UD" else "LR"
        board = board.apply(move)
    return board


def home(rows: int, cols: int) -> Board:
    """The goal the databases are built for: tile t on cell t, the blank on cell 0."""
    return goal_board(rows, cols, "blank-first")


@pytest.mark.parametrize("builder", ["numpy", "numba"])
@pytest.mark.parametrize(
    ("rows", "cols", "partition"),
    [(3, 3, ROWS_OF_3), (2, 3, ((1,), (2,), (3,), (4,), (5,))), (4, 4, HALVES_OF_4), (2, 4, ((1, 2, 3), (4, 5, 6, 7)))],
)
def test_the_fast_builders_make_the_pure_builders_bytes(
    builder: str, rows: int, cols: int, partition: tuple[tuple[int, ...]]
) -> None:
    pytest.importorskip(builder)
    module = importlib.import_module(f"npuzzle.pdb.multiset_{builder}")

    pure = build_multiset(rows, cols, partition)
    index, data = module.build_residues(rows, cols, partition)
    assert data == pure.data and index.size == pure.index.size


def test_the_index_numbers_every_arrangement_once() -> None:
    index = MultisetIndex.of(3, 3, ((1, 2), (3, 4, 5), (6, 7, 8)))
    seen = set()
    for cells in set(itertools.permutations([0, 1, 1, 2, 2, 2, 3, 3, 3])):
        low, high = index.codes(cells)
        seen.add(index.low[low] + index.high[high])
    assert seen == set(range(index.size)) and index.size == 9 * 8 * 7 * 6 * 5 * 4 // (2 * 6)


def test_the_relabelled_distance_never_overestimates_and_is_exact_with_every_tile_alone() -> None:
    truth = line_distances(home(3, 3))
    coarse = build_multiset(3, 3, ROWS_OF_3)
    exact = build_multiset(3, 3, tuple((t,) for t in range(1, 9)))
    assert exact.name == "mtm-exact"
    for tiles, d in random.Random(1).sample(sorted(truth.items()), 3000):
        assert coarse.distance(tiles) <= d
        assert exact.distance(tiles) == d


@pytest.mark.slow
def test_every_3x3_state_in_line_moves() -> None:
    """The breadth-first table in line moves, and the front door's optimal solver, against the oracle on all
    181,440 states."""
    goal = goal_board(3, 3)
    truth = line_distances(goal)
    table = DistanceTable.build(goal, "mtm")
    assert len(truth) == len(table) == 181_440 and table.diameter == 24  # the 8-puzzle needs 24 line moves at most
    database = mtm_database(Board(3, 3, goal.tiles), goal, None)
    assert database is not None
    for tiles, d in truth.items():
        board = Board(3, 3, tiles)
        assert table.distance(board) == d
        result = run(solve_with_multiset(board, goal, database))
        assert result.extra["line_moves"] == d == count_tiles(board, result.moves or (), "mtm")


def test_ida_over_line_moves_is_optimal_on_3x3_states() -> None:
    goal = goal_board(3, 3)
    truth = line_distances(goal)
    coarse = build_multiset(3, 3, ROWS_OF_3)
    for tiles, d in random.Random(2).sample(sorted(truth.items()), 400):
        board = Board(3, 3, tiles)
        result = run(solve_with_multiset(board, goal, coarse))
        assert result.optimal and result.extra["line_moves"] == d == count_tiles(board, result.moves or (), "mtm")
        assert board.apply(result.moves or ()) == goal and mtm_lower_bound(board, goal) <= d


def test_the_front_door_solves_3x3_optimally_in_line_moves() -> None:
    goal = goal_board(3, 3)
    truth = line_distances(goal)
    for tiles, d in random.Random(3).sample(sorted(truth.items()), 60):
        board = Board(3, 3, tiles)
        result = run(solve(board, goal, metric="mtm"))
        assert result.heuristic == small_heuristic(3, 3) and result.optimal and result.extra["line_moves"] == d
        assert count_tiles(board, result.moves or (), "mtm") == d


@pytest.mark.parametrize("partition", [HALVES_OF_4, FRINGE_4])
def test_4x4_scrambles_of_up_to_8_line_moves(partition: tuple[tuple[int, ...], ...]) -> None:
    goal = goal_board(4, 4)
    database = build_multiset(4, 4, partition)
    rng = random.Random(4)
    for moves in [1, 2, 3, 5, 8, 8, 8]:
        board = line_scramble(goal, moves, rng)
        d = line_distance(board, goal)
        result = run(solve_with_multiset(board, goal, database))
        assert d is not None and result.extra["line_moves"] == d <= moves
        assert board.apply(result.moves or ()) == goal


def test_the_bounded_search_answers_exactly_at_its_bound() -> None:
    goal = goal_board(3, 3)
    coarse = build_multiset(3, 3, ROWS_OF_3)
    board = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))
    d = line_distances(goal)[board.tiles]
    assert run(within_lines(board, goal, coarse, d - 1))[0] is None
    found, nodes = run(within_lines(board, goal, coarse, d))
    assert found is not None and count_tiles(board, found, "mtm") == d and nodes > 0


def test_the_bounded_search_avoiding_far_neighbours_finds_the_same_solution_in_fewer_nodes() -> None:
    goal = goal_board(3, 3)
    coarse = build_multiset(3, 3, ROWS_OF_3)
    truth = line_distances(goal)
    saved = 0
    for tiles in sorted(truth)[::97]:
        board = Board(3, 3, tiles)
        near = list(line_neighbours(board))
        for bound in (truth[tiles] - 1, truth[tiles]):
            far = frozenset(b for b in near if truth[b.tiles] > bound - 1)
            plain, nodes = run(within_lines(board, goal, coarse, bound))
            avoiding, fewer = run(within_lines(board, goal, coarse, bound, avoid=far))
            assert avoiding == plain and fewer <= nodes, (tiles, bound)
            saved += nodes - fewer
    assert saved > 0


def test_learned_bounds_give_the_same_answers_in_fewer_nodes_and_are_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searches sharing :class:`LearnedBounds` (an analysis' solve and bounded iterations) answer as searches
    without, in fewer nodes in all; each bound kept is a proof: the board, reached by a move along one axis, is at
    least that far from the goal by every first move along the other axis. A full table only reads. (The
    pure-Python loop's tables; the compiled loop keeps the same bounds: ``test_mtm_fast.py``.)"""
    monkeypatch.setattr(mtm_search, "compiled_module", lambda name: None)
    goal = home(3, 3)
    coarse = build_multiset(3, 3, ROWS_OF_3)
    truth = line_distances(goal)
    learned, small = LearnedBounds(), LearnedBounds(most=40)
    plain_nodes = learned_nodes = 0
    for tiles in sorted(truth)[::499]:
        board = Board(3, 3, tiles)
        plain = run(solve_with_multiset(board, goal, coarse))
        shared = run(solve_with_multiset(board, goal, coarse, learned=learned))
        assert shared.moves == plain.moves == run(solve_with_multiset(board, goal, coarse, learned=small)).moves
        plain_nodes, learned_nodes = plain_nodes + plain.nodes_expanded, learned_nodes + shared.nodes_expanded
        for bound in (truth[tiles] - 1, truth[tiles]):
            assert (
                run(within_lines(board, goal, coarse, bound, learned=learned))[0]
                == (run(within_lines(board, goal, coarse, bound))[0])
            )
    assert learned_nodes < plain_nodes and len(learned) > 0 and len(small) <= 40
    for axis, table in enumerate(learned.by_axis):
        for key, bound in table.items():
            board = Board(3, 3, tuple(key))
            z = board.blank_index
            other_axis = [c for c in line_neighbours(board) if (c.blank_index // 3 == z // 3) == (axis == 0)]
            assert all(1 + truth[c.tiles] >= bound for c in other_axis), (key, axis, bound)


def test_the_file_round_trips_and_damage_is_named() -> None:
    database = build_multiset(3, 3, ROWS_OF_3)
    data = database.encode()
    loaded = run(load_multiset_steps(data))
    assert loaded == database and loaded.name == "mtm-3-3-2"
    bad = bytearray(data)
    bad[-5] ^= 0xFF
    for damaged, fragment in [
        (b"NPUZPDB\x1a" + data[8:], "not a multiset"),
        (data[:-10], "expected"),
        (bytes(bad), "inflate|CRC"),
        (data[:8] + b"\x09\x00" + data[10:], "version 9"),
    ]:
        with pytest.raises(PatternDatabaseError, match=fragment):
            run(load_multiset_steps(damaged))


def test_a_bigger_board_gets_a_line_counted_answer_and_a_bound() -> None:
    board = Board(3, 4, (1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11))
    goal = goal_board(3, 4)
    result = run(solve(board, goal, metric="mtm"))
    assert result.moves is not None and board.apply(result.moves) == goal
    lines = count_tiles(board, result.moves, "mtm")
    assert result.extra["line_moves"] == lines and result.lower_bound <= lines
    assert result.lower_bound == mtm_lower_bound(board, goal) == 2 and result.optimal == (lines == 2)
    with pytest.raises(LimitError, match="optimal solving in line moves needs"):
        run(solve(board, goal, "idastar", metric="mtm"))
    with pytest.raises(LimitError, match="counts single-tile moves"):
        run(solve(Board(3, 3, tuple(range(1, 9)) + (0,)), goal_board(3, 3), heuristic="manhattan", metric="mtm"))
    with pytest.raises(LimitError, match="IDA"):
        run(solve(board, goal, "astar", metric="mtm"))


def test_a_line_counted_answer_s_ratio_bound_counts_lines_as_its_bound_does() -> None:
    board = parse_board("12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3")
    result = run(solve(board, goal_board(4, 4), "near-optimal", metric="mtm"))
    assert result.moves is not None and not result.optimal
    lines = result.extra["line_moves"]
    assert lines < len(result.moves) and ratio_bound(result) == round(lines / result.lower_bound, 4)


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_a_solve_s_json_counts_one_metric_and_names_both_counts(metric: str) -> None:
    """``length``, ``lower_bound`` and ``ratio_bound`` in the metric asked (a consumer may divide one by another),
    ``tile_moves`` and ``line_moves`` by name; the same in the api and ``solve --json``."""
    text = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"
    request = {"op": "solve", "board": text, "algorithm": "near-optimal", "metric": metric}
    reply = json.loads(handle(json.dumps(request)))
    out = io.StringIO()
    assert main(["solve", "--json", "--algorithm", "near-optimal", "--metric", metric, text], out=out) == 0
    for record in (reply, json.loads(out.getvalue())):
        letters = record["letters"]
        assert record["metric"] == metric and record["tile_moves"] == len(letters) == len(record["moves"])
        assert record["line_moves"] == count_moves(letters, "mtm") < record["tile_moves"]
        assert record["length"] == record["line_moves" if metric == "mtm" else "tile_moves"]
        assert record["lower_bound"] <= record["length"] and not record["optimal"]
        assert record["ratio_bound"] == round(record["length"] / record["lower_bound"], 4)
    small = json.loads(handle(json.dumps({"op": "solve", "board": "1 2 3 / 4 5 6 / 0 7 8", "metric": metric})))
    assert (small["length"], small["tile_moves"], small["line_moves"]) == ((1 if metric == "mtm" else 2), 2, 1)


def test_an_engine_loads_the_multiset_file_and_solves_with_it() -> None:
    database = build_multiset(4, 4, HALVES_OF_4)
    engine = Engine()
    reply = json.loads(engine.load_tables(database.encode()))
    assert reply["ok"] and reply["metric"] == "mtm" and reply["name"] == "mtm-8-7"
    assert engine.registry.mtm == database
    board = line_scramble(goal_board(4, 4), 6, random.Random(5))
    solved = json.loads(engine.handle(json.dumps({"op": "solve", "board": list_board(board), "metric": "mtm"})))
    assert solved["ok"] and solved["optimal"] and solved["metric"] == "mtm"
    assert solved["line_moves"] == line_distance(board, goal_board(4, 4))
    assert default_registry().mtm is None


def list_board(board: Board) -> dict[str, object]:
    return {"rows": board.rows, "cols": board.cols, "tiles": list(board.tiles)}


def test_the_multiset_database_checks_its_size() -> None:
    database = build_multiset(3, 3, ROWS_OF_3)
    with pytest.raises(PatternDatabaseError, match="do not hold"):
        MultisetDatabase(3, 3, ROWS_OF_3, database.data[:-1], database.index)
    with pytest.raises(PatternDatabaseError, match="puts each of the tiles"):
        MultisetIndex.of(3, 3, ((1, 2), (3, 4)))


@pytest.mark.slow
def test_a_real_ctrl_c_stops_the_mtm_build_and_leaves_no_file(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "out"
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(PY)}
    stopped = interrupt_when(["pdb", "build", "--metric", "mtm", "--out", str(out)], ready="depth ", env=env)
    assert stopped.returncode == 3, stopped.stderr
    assert "pdb build interrupted" in stopped.stderr and "Traceback" not in stopped.stderr
    assert list(out.iterdir()) == []


def test_the_finest_line_move_tables_in_the_cache_are_the_ones_used(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    folder = cache_dir(env)
    folder.mkdir()
    assert locate_mtm(env).path is None
    for name in ("15puzzle-mtm-5-4-4-2.pdb", "15puzzle-mtm-4-4-3-2-2.pdb"):
        (folder / name).write_bytes(b"")
        assert locate_mtm(env).path == folder / name
    (folder / "15puzzle-mtm-4-4-3-2-2.pdb").unlink()
    assert locate_mtm(env).path == folder / "15puzzle-mtm-5-4-4-2.pdb"
    assert locate_mtm({**env, "NPUZZLE_MTM_PDB": "mine.pdb"}).path == Path("mine.pdb")


@pytest.mark.parametrize(("metric", "partition"), [("mtm", "7-7-7"), ("stm", "4-4-3-2-2")])
def test_pdb_build_names_a_partition_of_the_other_metric(tmp_path: Path, metric: str, partition: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["pdb", "build", "--metric", metric, "--partition", partition, "--out", str(tmp_path)]
    assert main(args, out=out, err=err) == 2
    assert f"--partition {partition} is not one of the {metric} metric's" in err.getvalue()
    assert list(tmp_path.iterdir()) == []


def test_line_move_tables_the_page_does_not_ship_are_stored_to_load_sooner(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    path = build_mtm_file(tmp_path, HALVES_OF_4)
    database = read_multiset(path)
    assert database.data == build_multiset(4, 4, HALVES_OF_4).data
    assert path.stat().st_size > len(database.data)  # a stored zlib stream: its data and a few bytes more


@pytest.mark.parametrize(
    ("rows", "cols", "partition"),
    [(3, 3, ROWS_OF_3), (4, 4, HALVES_OF_4), (4, 4, FRINGE_4), (2, 4, ((1, 2, 3), (4, 5, 6, 7)))],
)
def test_the_arrangements_counted_are_those_the_index_numbers(
    rows: int, cols: int, partition: tuple[tuple[int, ...], ...]
) -> None:
    assert arrangements(partition) == MultisetIndex.of(rows, cols, partition).size
