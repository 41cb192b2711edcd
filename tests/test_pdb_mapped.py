"""The search form of a database file (npuzzle.pdb.mapped): written on the first load, memory-mapped by the next,
made again when stale or damaged, checked in full by ``pdb info``; and ``solve`` loading the tables only for a
search that uses them."""

from __future__ import annotations

import io
import json
import pickle
from pathlib import Path

import pytest

from npuzzle import Board, api, goal_board
from npuzzle.cli import main
from npuzzle.errors import PatternDatabaseError
from npuzzle.pdb import cache
from npuzzle.pdb.cache import read_tables
from npuzzle.pdb.mapped import MappedFormError, map_tables, mapped_path, verify_mapped
from npuzzle.pdb.pure_builder import build_database
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.pdb.tables import PdbTables, load_tables
from npuzzle.progress import run

SMALL = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15))
"""A 4×4 database of 3-tile tables: built in a second by the pure-Python builder."""
OTHER = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11), (12, 13), (14, 15))
BOARD = "5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12"
"""A 4×4 board 9 moves from the default goal."""


@pytest.fixture(scope="module")
def small_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return build_database(4, 4, SMALL).encode()


def database_file(folder: Path, data: bytes) -> Path:
    path = folder / "db.pdb"
    path.write_bytes(data)
    return path


def loaded(path: Path) -> tuple[PdbTables, list[str]]:
    said: list[str] = []
    return read_tables(path, "--pdb", said.append), said


def solution(tables: PdbTables) -> tuple[int, ...] | None:
    board = Board(4, 4, tuple(int(t) for t in BOARD.replace("/", " ").split()))
    result = run(solve_with_pdb(board, goal_board(4, 4), tables))
    return result.moves


def test_the_first_load_writes_the_search_form_and_the_next_maps_it(tmp_path: Path, small_file: bytes) -> None:
    path = database_file(tmp_path, small_file)
    first, said = loaded(path)
    form = mapped_path(path)
    assert form.exists() and any(f"wrote {form}" in text for text in said)
    assert first.mapped is None  # inflated from the .pdb
    second, said = loaded(path)
    assert said == [] and second.mapped == str(form)
    reference = load_tables(small_file)
    assert bytes(second.database.data) == bytes(reference.database.data)
    assert list(second.index.base) == list(reference.index.base)
    assert solution(second) == solution(reference) and len(solution(second) or ()) == 9
    again = pickle.loads(pickle.dumps(second))  # a process that receives them maps the file again
    assert again.mapped == str(form) and solution(again) == solution(reference)
    assert verify_mapped(form, None).name == reference.name


def test_a_stale_search_form_is_made_again_from_its_database(tmp_path: Path, small_file: bytes) -> None:
    path = database_file(tmp_path, small_file)
    loaded(path)
    path.write_bytes(build_database(4, 4, OTHER).encode())  # the database changed: its search form is stale
    tables, said = loaded(path)
    assert any("is stale" in text and "making it again from db.pdb" in text for text in said)
    assert tables.database.partition == OTHER
    mapped, said = loaded(path)
    assert said == [] and mapped.database.partition == OTHER


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[: len(data) // 2], "truncated or damaged"),
        (lambda data: data + b"\0", "truncated or damaged"),
        (lambda data: data[:20] + bytes([data[20] ^ 1]) + data[21:], "damaged header"),
        (lambda data: b"", "is not a search form"),
    ],
)
def test_a_damaged_search_form_is_named_and_made_again(
    tmp_path: Path, small_file: bytes, damage: object, message: str
) -> None:
    path = database_file(tmp_path, small_file)
    loaded(path)
    form = mapped_path(path)
    form.write_bytes(damage(form.read_bytes()))  # type: ignore[operator]
    with pytest.raises(MappedFormError, match=message):
        map_tables(form, None)
    tables, said = loaded(path)
    assert any(str(form) in text and message in text for text in said)
    assert solution(tables) == solution(load_tables(small_file))
    assert loaded(path)[1] == []  # made again: whole


def test_damaged_table_bytes_are_found_by_the_full_check(tmp_path: Path, small_file: bytes) -> None:
    path = database_file(tmp_path, small_file)
    loaded(path)
    form = mapped_path(path)
    data = bytearray(form.read_bytes())
    data[-1] ^= 0xFF  # the last byte of the last section: the check of every start does not read it
    form.write_bytes(bytes(data))
    with pytest.raises(MappedFormError, match="tail_rank section fails its CRC-32"):
        verify_mapped(form, None)
    out = io.StringIO()
    assert main(["pdb", "info", "--pdb", str(path)], out=out, err=io.StringIO()) == 0
    assert "fails its CRC-32; the next solve makes it again" in out.getvalue()


def test_a_search_form_that_cannot_be_written_costs_only_time(tmp_path: Path, small_file: bytes) -> None:
    path = database_file(tmp_path, small_file)
    mapped_path(path).mkdir()  # in the way, even for root
    tables, said = loaded(path)
    assert any("cannot write" in text and "every start inflates db.pdb again" in text for text in said)
    assert solution(tables) == solution(load_tables(small_file))


def test_engine_from_cache_maps_the_search_form(tmp_path: Path, small_file: bytes) -> None:
    path = database_file(tmp_path, small_file)
    api.Engine.from_cache(str(path), {})
    engine = api.Engine.from_cache(str(path), {})
    assert engine.tables is not None and engine.tables.mapped == str(mapped_path(path))
    reply = json.loads(engine.handle(json.dumps({"op": "solve", "board": BOARD})))
    assert reply["length"] == 9 and reply["heuristic"].startswith("pdb-")


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "options",
    [
        ["--heuristic", "hamming"],
        ["--algorithm", "astar", "--heuristic", "manhattan"],
        ["--algorithm", "near-optimal"],
        pytest.param(  # no corner blank: the tables do not fit (walking distance for this goal: seconds)
            ["--goal", "1 2 3 4 / 5 0 6 7 / 8 9 10 11 / 12 13 14 15"], marks=pytest.mark.slow
        ),
    ],
)
def test_solve_loads_the_database_only_when_its_search_uses_it(tmp_path: Path, options: list[str]) -> None:
    bad = tmp_path / "bad.pdb"
    bad.write_bytes(b"not a database")
    board = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15"
    if "--goal" in options:
        board = "1 2 3 4 / 5 6 0 7 / 8 9 10 11 / 12 13 14 15"
    code, out, err = run_cli("solve", "--json", "--pdb", str(bad), *options, board)
    assert code == 0 and json.loads(out)["length"] == 1 and "bad.pdb" not in err
    code, _, err = run_cli("solve", "--json", "--pdb", str(bad), "1 2 3 / 4 5 6 / 7 0 8")
    assert code == 0  # a 3×3 never loads it either
    code, _, err = run_cli("solve", "--json", "--pdb", str(bad), board if "--goal" not in options else "1 2 3")
    if "--goal" not in options:
        assert code == 2 and "bad.pdb' (--pdb) is not a usable pattern database" in err  # auto uses it: loaded


def test_ctrl_c_while_the_tables_load_prints_the_statistics(
    tmp_path: Path, small_file: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = database_file(tmp_path, small_file)

    def interrupted(*args: object) -> object:
        raise KeyboardInterrupt  # Ctrl-C while the file is inflated

    monkeypatch.setattr(cache, "load_tables", interrupted)
    code, out, err = run_cli("solve", "--pdb", str(path), BOARD)
    assert code == 3 and "interrupted while loading the pattern database" in err
    assert "Not solved" in out and "Nodes expanded: 0" in out
    code, out, _ = run_cli("solve", "--json", "--pdb", str(path), BOARD)
    assert code == 3 and json.loads(out)["stopped"] == "cancelled"
    assert not mapped_path(path).exists()


def test_an_unusable_database_is_still_refused_with_a_search_form_beside_it(tmp_path: Path, small_file: bytes) -> None:
    path = database_file(tmp_path, small_file)
    loaded(path)
    path.write_bytes(small_file[:100])
    with pytest.raises(PatternDatabaseError, match=r"db\.pdb' \(--pdb\) is not a usable pattern database"):
        loaded(path)
