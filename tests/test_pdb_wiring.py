"""The pattern database wired into the front door: registry and ``auto``, the api's Engine, the CLI's ``--pdb``
and ``bench korf100``. Uses the table file the site build makes (``.cache/pdb/15puzzle-7-7-7.pdb``, 7/7-7); the test
command builds the site first, so under CI the file must exist."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from npuzzle.api import Engine, handle
from npuzzle.board import Board, goal_board
from npuzzle.cli import main
from npuzzle.errors import PatternDatabaseError, UnknownNameError
from npuzzle.pdb.tables import PdbTables, heuristic_name, load_tables
from npuzzle.progress import run
from npuzzle.research.instances import korf100
from npuzzle.solving.registry import default_registry, registry_with_tables
from npuzzle.solving.solve import plan
from shipped_pdb import PDB_FILE, require_shipped_pdb

QUICK = (12, 19, 30)
"""Korf instances the 7/7-7 IDA* solves in a few milliseconds (ids)."""

require_shipped_pdb()


@pytest.fixture(scope="module")
def data() -> bytes:
    return PDB_FILE.read_bytes()


@pytest.fixture(scope="module")
def tables(data: bytes) -> PdbTables:
    return load_tables(data)


def instance(ident: int) -> tuple[Board, int]:
    inst = next(i for i in korf100() if i.ident == ident)
    return Board(4, 4, inst.tiles), inst.optimal


def test_korf100_ships_with_the_package() -> None:
    instances = korf100()
    assert [i.ident for i in instances] == list(range(1, 101))
    assert all(len(i.tiles) == 16 and sorted(i.tiles) == list(range(16)) for i in instances)
    assert instances[0].optimal == 57


@pytest.mark.slow
def test_auto_picks_the_pattern_database_for_4x4(tables: PdbTables) -> None:
    registry = registry_with_tables(tables)
    name = heuristic_name(tables)
    board, optimal = instance(QUICK[0])
    for goal_name in ("blank-first", "default"):
        goal = goal_board(4, 4, goal_name)
        chosen = plan(board if goal_name == "blank-first" else goal, goal, registry=registry)
        assert (chosen.algorithm, chosen.heuristic) == ("idastar", name)
    chosen = plan(board, goal_board(4, 4, "blank-first"), registry=registry)
    result = run(chosen.start())
    assert result.length == optimal and result.heuristic == name
    # without tables, auto takes the built-in heuristic measured fastest on a 4×4 (README, "Walking distance")
    assert plan(board, goal_board(4, 4, "blank-first")).heuristic == "walking-distance"
    # with tables, a goal without a corner blank (the database does not fit) falls back to it too
    odd_goal = Board(4, 4, (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    assert plan(odd_goal, odd_goal, registry=registry).heuristic == "walking-distance"


@pytest.mark.slow
def test_other_heuristics_stay_available_and_3x3_is_unchanged(tables: PdbTables) -> None:
    registry = registry_with_tables(tables)
    board = Board(4, 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15))
    goal = goal_board(4, 4, "default")
    result = run(plan(board, goal, "idastar", "manhattan", registry).start())
    assert result.heuristic == "manhattan" and result.length == 2
    small = Board(3, 3, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    assert plan(small, goal_board(3, 3, "default"), registry=registry).heuristic == "linear-conflict"
    assert heuristic_name(tables) not in registry.fitting_names(small, goal_board(3, 3, "default"))
    with pytest.raises(UnknownNameError, match=r"unknown heuristic .pdb.: no pattern database is loaded"):
        plan(board, goal, "idastar", "pdb", default_registry())
    assert plan(board, goal, "idastar", "pdb", registry).heuristic == heuristic_name(tables)


@pytest.mark.slow
def test_engine_loads_good_bytes_and_auto_uses_them(data: bytes) -> None:
    engine = Engine()
    reply = json.loads(engine.load_tables(data))
    assert reply["ok"] and reply["name"] == "7/7-7" and reply["size"] == len(data)
    assert reply["heuristic"] == "pdb-7/7-7+reflected"
    options = json.loads(engine.handle(json.dumps({"op": "options", "rows": 4, "cols": 4})))
    assert options["default_heuristic"] == reply["heuristic"]
    assert reply["heuristic"] in [h["name"] for h in options["heuristics"]]
    assert "linear-conflict" in [h["name"] for h in options["heuristics"]]
    plain = json.loads(handle(json.dumps({"op": "options", "rows": 4, "cols": 4})))
    assert plain["default_heuristic"] == "walking-distance"  # the module-level api has no tables
    board, optimal = instance(QUICK[1])
    session = engine.start(json.dumps({"op": "solve", "board": " ".join(map(str, board.tiles)), "goal": "blank-first"}))
    while True:
        out = json.loads(session.advance(0.2))
        if out["type"] != "progress":
            break
    assert out["ok"] and out["length"] == optimal and out["heuristic"] == reply["heuristic"]


@pytest.mark.slow
def test_engine_loads_in_slices_and_answers_requests_between_them(data: bytes) -> None:
    engine = Engine()
    load = engine.start_load(data)
    fractions: list[float] = []
    check = json.dumps({"op": "check", "board": "1 2 3 / 4 5 6 / 7 0 8"})
    while True:
        out = json.loads(load.advance(0.005))
        if out.get("type") != "progress":
            break
        fractions.append(out["fraction"])
        assert engine.tables is None  # nothing is offered before the whole file is verified
        assert json.loads(engine.handle(check))["explanation"]["solvable"] is True
    assert out["ok"] and out["name"] == "7/7-7" and out["size"] == len(data)
    assert len(fractions) > 20 and fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert engine.tables is not None
    assert json.loads(load.advance(1.0)) == out  # a finished load keeps its reply
    board, optimal = instance(QUICK[2])
    session = engine.start(json.dumps({"op": "solve", "board": " ".join(map(str, board.tiles)), "goal": "blank-first"}))
    while (result := json.loads(session.advance(0.2)))["type"] == "progress":
        pass
    assert result["length"] == optimal and result["heuristic"] == out["heuristic"]


@pytest.mark.slow
def test_a_damaged_file_fails_its_sliced_load_with_the_same_message(data: bytes) -> None:
    bad = bytearray(data)
    bad[len(bad) - 100] ^= 0x5A  # inside the last table: found only after many slices
    engine = Engine()
    load = engine.start_load(bytes(bad))
    steps = 0
    while (out := json.loads(load.advance(0.005))).get("type") == "progress":
        steps += 1
    assert steps > 10
    assert out == json.loads(Engine().load_tables(bytes(bad)))
    assert out["ok"] is False and out["error"]["message"].startswith("pattern database: table 3")
    assert engine.tables is None


@pytest.mark.parametrize("damage", ["truncated", "corrupt", "garbage", "empty"])
def test_engine_rejects_bad_bytes_and_keeps_working(data: bytes, damage: str) -> None:
    if damage == "truncated":
        bad = data[: len(data) // 3]
    elif damage == "corrupt":
        flipped = bytearray(data)
        flipped[len(flipped) // 2] ^= 0x5A
        bad = bytes(flipped)
    elif damage == "garbage":
        bad = b"<html>not found</html>"
    else:
        bad = b""
    engine = Engine()
    reply = json.loads(engine.load_tables(bad))
    assert reply["ok"] is False and reply["error"]["type"] == "PatternDatabaseError"
    assert reply["error"]["message"].startswith("pattern database")
    assert engine.tables is None
    options = json.loads(engine.handle(json.dumps({"op": "options", "rows": 4, "cols": 4})))
    assert options["default_heuristic"] == "walking-distance"  # the built-in choice for a 4×4


def test_engine_rejects_non_bytes() -> None:
    reply = json.loads(Engine().load_tables("not bytes"))
    assert reply["ok"] is False and "bytes" in reply["error"]["message"]


@pytest.mark.slow
def test_engine_from_cache_finds_the_database_the_cli_would(tmp_path: Path) -> None:
    cache = tmp_path / "npuzzle"
    cache.mkdir()
    (cache / PDB_FILE.name).symlink_to(PDB_FILE)
    engine = Engine.from_cache(env={"XDG_CACHE_HOME": str(tmp_path)})  # no flag, no variable: the cache
    assert engine.tables is not None and heuristic_name(engine.tables) == "pdb-7/7-7+reflected"
    board, optimal = instance(QUICK[0])
    request = {"op": "solve", "board": " ".join(map(str, board.tiles)), "goal": "blank-first"}
    reply = json.loads(engine.handle(json.dumps(request)))
    assert reply["ok"] and reply["length"] == optimal and reply["heuristic"] == "pdb-7/7-7+reflected"
    assert Engine.from_cache(env={"XDG_CACHE_HOME": str(tmp_path / "empty")}).tables is None  # none: no tables


def test_engine_from_cache_names_a_file_it_cannot_use(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdb"
    bad.write_bytes(b"<html>not found</html>")
    with pytest.raises(PatternDatabaseError, match=r"'.*bad\.pdb' \(\$NPUZZLE_PDB\) is not a usable pattern database"):
        Engine.from_cache(env={"NPUZZLE_PDB": str(bad)})
    with pytest.raises(PatternDatabaseError, match=r"cannot read the pattern database '.*missing\.pdb' \(--pdb\)"):
        Engine.from_cache(str(tmp_path / "missing.pdb"), env={})


def cli(*args: str, env: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = os.environ.pop("NPUZZLE_PDB", None)
    if env is not None:
        os.environ["NPUZZLE_PDB"] = env
    try:
        code = main(list(args), out=out, err=err)
    finally:
        os.environ.pop("NPUZZLE_PDB", None)
        if old is not None:
            os.environ["NPUZZLE_PDB"] = old
    return code, out.getvalue(), err.getvalue()


@pytest.mark.slow
def test_cli_solve_with_pdb_finds_the_optimal_length() -> None:
    for ident in QUICK[1:]:  # each run loads the tables (seconds)
        board, optimal = instance(ident)
        code, out, _ = cli(
            "solve", "--pdb", str(PDB_FILE), "--goal", "blank-first", "--json", " ".join(map(str, board.tiles))
        )
        record = json.loads(out)
        assert code == 0 and record["length"] == optimal and record["optimal"]
        assert record["heuristic"] == "pdb-7/7-7+reflected"
    board, optimal = instance(QUICK[0])
    code, out, _ = cli("solve", "--goal", "blank-first", "--json", " ".join(map(str, board.tiles)), env=str(PDB_FILE))
    assert code == 0 and json.loads(out)["length"] == optimal


def test_cli_rejects_a_bad_pdb_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdb"
    bad.write_bytes(PDB_FILE.read_bytes()[:5000])
    code, _, err = cli("solve", "--pdb", str(bad), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    assert code == 2 and "bad.pdb" in err and "truncated" in err and "Traceback" not in err
    code, _, err = cli("solve", "--pdb", str(tmp_path / "missing.pdb"), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    assert code == 2 and "cannot read the pattern database" in err


@pytest.mark.slow
def test_cli_bench_korf100_prints_rows_and_checks_lengths() -> None:
    code, out, _ = cli("bench", "korf100", "--pdb", str(PDB_FILE), "--limit", "3")
    assert code == 0
    lines = out.splitlines()
    rows = [line.split() for line in lines[1:4]]
    expected = korf100()[:3]
    assert [int(r[0]) for r in rows] == [i.ident for i in expected]
    assert [int(r[2]) for r in rows] == [i.optimal for i in expected]
    assert "all optimal lengths match the file" in out and "median" in out and "max" in out
    code, out, _ = cli("bench", "korf100", "--limit", "2", "--json", env=str(PDB_FILE))
    record = json.loads(out)
    assert code == 0 and record["instances"] == 2 and record["mismatches"] == []
    assert [r["length"] for r in record["rows"]] == [i.optimal for i in expected[:2]]
    assert record["total_seconds"] >= record["max_seconds"] > 0


def test_cli_bench_needs_a_database() -> None:
    code, _, err = cli("bench", "korf100", "--limit", "1")
    assert code == 2 and "needs a pattern database" in err
