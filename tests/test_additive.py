"""Additive tables with the blank for bigger boards (``npuzzle pdb build --shape``, ``solve --prove``): the compiled
build gives a plain breadth-first search's tables; their sum, in every corner the goal's blank may take and with the
reflected lookup, never exceeds the optimum and moves by ``delta`` as it does by ``initial``; IDA* over them runs the
same nodes compiled as in Python; the file reads back, refuses damage, and ``--prove`` uses it and says so; Ctrl-C
stops the build and leaves no file."""

from __future__ import annotations

import io
import itertools
import json
import os
import random
from collections import deque
from pathlib import Path

import pytest

from interrupt import PY, interrupt_when
from npuzzle import Board, goal_board, run, scramble
from npuzzle.board import neighbours
from npuzzle.cli import main
from npuzzle.errors import PatternDatabaseError
from npuzzle.nearoptimal import raised_bound, solve_big
from npuzzle.optimal import search
from npuzzle.optimal.heuristics import LinearConflict
from npuzzle.optimal.packing import Layout
from npuzzle.optimal.search import idastar
from npuzzle.pdb import additive, additive_build
from npuzzle.pdb.additive import AdditiveTables, decode, placements, rank, table_file_name
from npuzzle.pdb.additive_heuristic import AdditiveHeuristic
from npuzzle.progress import Limit

pytest.importorskip("numba")
from npuzzle.pdb.additive_numba import build_table

THREE = ((1, 2, 3), (4, 5), (6, 7, 8))
FOUR = ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15))


def plain_table(rows: int, cols: int, cells: tuple[int, ...]) -> bytes:
    """The table by a plain 0-1 breadth-first search over (placement, blank), a dict of states."""
    n, near = rows * cols, neighbours(rows, cols)
    seen: dict[tuple[tuple[int, ...], int], int] = {}
    queue: deque[tuple[tuple[int, ...], int]] = deque()
    for blank in range(n):
        if blank not in cells:
            seen[cells, blank] = 0
            queue.append((cells, blank))
    while queue:
        placed, blank = queue.popleft()
        depth = seen[placed, blank]
        for cell in near[blank]:
            if cell in placed:
                state, cost = (tuple(blank if c == cell else c for c in placed), cell), 1
            else:
                state, cost = (placed, cell), 0
            if state not in seen or seen[state] > depth + cost:
                seen[state] = depth + cost
                (queue.append if cost else queue.appendleft)(state)
    table = bytearray([additive.NEW]) * placements(n, len(cells))
    for (placed, _), depth in seen.items():
        table[rank(placed, n)] = min(table[rank(placed, n)], depth)
    return bytes(table)


def tables(rows: int, cols: int, groups: tuple[tuple[int, ...], ...]) -> AdditiveTables:
    return AdditiveTables(rows, cols, groups, tuple(build_table(rows, cols, g) for g in groups))


@pytest.mark.parametrize(
    ("rows", "cols", "cells"), [(3, 3, (1, 2, 3)), (3, 3, (4, 5, 6, 7, 8)), (3, 4, (3, 7, 11)), (4, 4, (1, 2, 5, 6))]
)
def test_the_compiled_build_gives_a_plain_searchs_table(rows: int, cols: int, cells: tuple[int, ...]) -> None:
    assert build_table(rows, cols, cells) == plain_table(rows, cols, cells)


def test_ranks_are_dense_and_in_the_cells_order() -> None:
    ranks = [rank(p, 6) for p in itertools.permutations(range(6), 3)]
    assert ranks == list(range(placements(6, 3)))


@pytest.mark.parametrize("corner", [0, 2, 6, 8])
def test_the_estimate_never_exceeds_the_optimum_in_any_corner(corner: int) -> None:
    built = tables(3, 3, THREE)
    order = list(range(1, 9))
    goal = Board(3, 3, tuple(0 if c == corner else order.pop(0) for c in range(9)))
    rng = random.Random(corner)
    for _ in range(12):
        board = scramble(goal, rng.randrange(10, 40), seed=rng.randrange(1 << 30))
        best = run(idastar(board, goal, LinearConflict(goal)))
        estimate = AdditiveHeuristic(built, goal).initial(board.tiles)
        assert estimate == built.estimate(board.tiles, goal.tiles) <= len(best.moves or ())
    assert len(AdditiveHeuristic(built, goal).views) == 2  # a square: the symmetry and its reflection


def test_delta_follows_the_estimate_move_by_move() -> None:
    built = tables(3, 3, THREE)
    for goal in (goal_board(3, 3), goal_board(3, 3, "blank-first")):
        heuristic, layout = AdditiveHeuristic(built, goal), Layout.of(3, 3)
        board = scramble(goal, 30, seed=7)
        for step in range(40):
            state = layout.pack(board.tiles)
            z = board.blank_index
            move = random.Random(step).choice(layout.moves[z])
            tile, child = layout.slide(state, move)
            after = Board(3, 3, layout.unpack(child))
            change = heuristic.delta(state, child, tile, move)
            assert change == heuristic.initial(after.tiles) - heuristic.initial(board.tiles)
            board = after


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["default", "blank-first"])
def test_ida_over_the_tables_runs_the_same_nodes_compiled_and_in_python(kind: str) -> None:
    built = tables(4, 4, FOUR)
    goal = goal_board(4, 4, kind)
    for seed in (1, 2):
        board = scramble(goal, 60, seed=seed)
        runs = []
        for compiled in (True, False):
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(search, "COMPILED_CHECK_EVERY", 97)  # many slices: each goes on where the last stopped
                if not compiled:
                    patch.setattr(search, "compiled_module", lambda name: None)
                result = run(idastar(board, goal, AdditiveHeuristic(built, goal), Limit(nodes=40_000)))
            runs.append(
                (
                    result.moves,
                    result.lower_bound,
                    result.nodes_expanded,
                    result.nodes_generated,
                    result.iterations,
                    result.extra.get("per_iteration"),
                )
            )
        assert runs[0] == runs[1]
        assert runs[0][0] is not None and len(runs[0][0]) == len(
            run(idastar(board, goal, LinearConflict(goal))).moves or ()
        )


def test_the_file_reads_back_and_refuses_damage(tmp_path: Path) -> None:
    built = tables(3, 3, THREE)
    data = built.encode()
    assert decode(data) == built
    broken = bytearray(data)
    broken[-5] ^= 1
    with pytest.raises(PatternDatabaseError, match="damaged"):
        decode(bytes(broken), "tables.add")
    with pytest.raises(PatternDatabaseError, match="cut short"):
        decode(data[:-3])
    with pytest.raises(PatternDatabaseError, match="not an additive tables file"):
        decode(b"NPUZPDB\x1a....")
    header, tail = data.split(b"\n", 1)
    head = json.loads(header[len(additive.MAGIC) :])
    for change, said in (
        ({"crc32": [1, *head["crc32"]]}, "CRC-32s, not one a group"),
        ({"groups": [[1.0, 2, 3], *head["groups"][1:]]}, "must split the cells"),
        ({"rows": "3"}, "unreadable header"),
    ):
        with pytest.raises(PatternDatabaseError, match=said):
            decode(additive.MAGIC + json.dumps({**head, **change}).encode() + b"\n" + tail, "tables.add")


def test_build_writes_the_file_once_and_the_command_names_what_it_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(additive.PARTITIONS, (3, 3), {"3-2-3": THREE})
    said: list[str] = []
    path = additive_build.build_additive_file(tmp_path, 3, 3, "3-2-3", say=said.append)
    assert path.name == table_file_name(3, 3, "3-2-3") == "8puzzle-3-2-3.add"
    assert decode(path.read_bytes()) == tables(3, 3, THREE)
    assert "of memory" in said[0]
    additive_build.build_additive_file(tmp_path, 3, 3, "3-2-3", say=said.append)
    assert said[-1].endswith("up to date")
    err = io.StringIO()
    assert main(["pdb", "build", "--shape", "4x4", "--out", str(tmp_path)], out=io.StringIO(), err=err) == 2
    builds = "--shape 5x5 --partition 6-6-6-6, --shape 6x6 --partition 5-5-5-5-5-5-5, --shape 3x3"
    assert f"no tables for --shape 4x4; what it builds: {builds}" in err.getvalue()
    err = io.StringIO()
    assert (
        main(["pdb", "build", "--shape", "3x3", "--jobs", "2", "--out", str(tmp_path)], out=io.StringIO(), err=err) == 2
    )
    assert "--jobs is for the 15-puzzle's tables; --shape builds with numba on every core" in err.getvalue()


def test_prove_uses_the_tables_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    goal = goal_board(4, 4, "blank-first")
    built = tables(4, 4, FOUR)
    board = scramble(goal, 300, seed=11)
    answer = run(solve_big(board, goal, budget=0))
    raised = run(raised_bound(board, goal, answer, 20_000, heuristic=AdditiveHeuristic(built, goal)))
    ida = run(idastar(board, goal, AdditiveHeuristic(built, goal), Limit(nodes=20_000)))
    assert raised.extra["proof"]["heuristic"] == "additive-5-5-5"
    assert raised.lower_bound == max(answer.lower_bound, ida.lower_bound if ida.moves is None else len(ida.moves))
    path = tmp_path / table_file_name(4, 4, "5-5-5")
    path.write_bytes(built.encode())
    monkeypatch.setenv("NPUZZLE_ADDITIVE", str(path))
    out, err = io.StringIO(), io.StringIO()
    tiles = " ".join(map(str, board.tiles))
    assert (
        main(
            [
                "solve",
                "--goal",
                "blank-first",
                "--algorithm",
                "near",
                "--budget",
                "0",
                "--prove",
                "20000",
                "--shape",
                "4x4",
                tiles,
            ],
            out=out,
            err=err,
        )
        == 0
    )
    assert f"--prove raises the bound with the additive tables 5-5-5 ({path})" in err.getvalue()
    assert "IDA* with the additive 5-5-5 tables" in out.getvalue()
    monkeypatch.setitem(additive.PARTITIONS, (4, 4), {"5-5-5": FOUR})
    out = io.StringIO()
    assert main(["pdb", "info"], out=out, err=io.StringIO()) == 0
    assert f"additive tables for the 4×4: {path} (from $NPUZZLE_ADDITIVE), 5-5-5, " in out.getvalue()


@pytest.mark.slow
def test_ctrl_c_stops_the_build_and_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(PY)}
    stopped = interrupt_when(["pdb", "build", "--shape", "5x5", "--out", str(out)], ready="table 1: depth", env=env)
    assert stopped.returncode == 3, stopped.stderr
    assert "about 4.1 GB of memory" in stopped.stderr and "pdb build interrupted" in stopped.stderr
    assert "Traceback" not in stopped.stderr
    assert list(out.iterdir()) == []


def test_prove_says_why_it_cannot_use_the_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = tables(3, 3, THREE)
    with pytest.raises(PatternDatabaseError, match="the goal's blank in a corner, not on cell 4"):
        AdditiveHeuristic(built, Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8)))
    path = tmp_path / "mine.add"  # any name: the header says the shape
    path.write_bytes(built.encode())
    monkeypatch.setenv("NPUZZLE_ADDITIVE", str(path))
    board = " ".join(map(str, scramble(goal_board(4, 4), 40, seed=3).tiles))
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--algorithm", "near", "--prove", "1000", "--shape", "4x4", board], out=out, err=err) == 0
    assert f"{path} holds tables for a 3×3 board, not 4×4; --prove raises the bound with linear conflicts" in (
        err.getvalue()
    )
    assert "IDA* with linear conflicts" in out.getvalue()
    path.write_bytes(built.encode()[:-10])
    err = io.StringIO()
    assert main(["solve", "--algorithm", "near", "--prove", "1000", "--shape", "4x4", board], out=out, err=err) == 2
    assert f"{str(path)!r} ($NPUZZLE_ADDITIVE) is not a usable pattern database: the file is cut short" in (
        err.getvalue()
    )
    out = io.StringIO()
    assert main(["pdb", "info"], out=out, err=io.StringIO()) == 0
    assert "the file is cut short" in out.getvalue()
