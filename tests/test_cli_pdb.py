"""``npuzzle pdb build`` / ``npuzzle pdb info`` and finding the database without flags (npuzzle.pdb.cache)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interrupt import interrupt_when
from npuzzle.cli import main
from npuzzle.pdb.build import NUMPY_COMMAND, build_file, file_name, search_rounds
from npuzzle.pdb.cache import PDB_ENV, cache_dir, locate
from npuzzle.pdb.pure_builder import build_table_data

PY = Path(__file__).resolve().parent.parent / "py"
BOARD_4X4 = "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3"


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


def test_the_cache_directory_per_platform() -> None:
    home = Path("/home/ada")
    assert cache_dir({"XDG_CACHE_HOME": "/tmp/x"}, "linux", home) == Path("/tmp/x/npuzzle")
    assert cache_dir({}, "linux", home) == home / ".cache" / "npuzzle"
    assert cache_dir({}, "darwin", home) == home / "Library" / "Caches" / "npuzzle"
    assert cache_dir({"LOCALAPPDATA": "C:/Users/ada/AppData/Local"}, "win32", home) == Path(
        "C:/Users/ada/AppData/Local/npuzzle/Cache"
    )
    assert cache_dir({"XDG_CACHE_HOME": "/tmp/x"}, "darwin", home) == Path("/tmp/x/npuzzle")  # XDG wins everywhere


def test_the_override_order(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    assert locate(None, env).path is None
    folder = tmp_path / "npuzzle"
    folder.mkdir()
    (folder / file_name("6-6-3")).write_bytes(b"x")
    assert locate(None, env).path == folder / file_name("6-6-3")
    (folder / file_name("7-7-7")).write_bytes(b"x")
    assert locate(None, env).path == folder / file_name("7-7-7")  # the strongest first
    assert locate(None, {**env, PDB_ENV: "/db"}).origin == f"${PDB_ENV}"
    assert locate("/given", {**env, PDB_ENV: "/db"}).path == Path("/given")


def test_info_without_a_database_says_how_to_get_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(PDB_ENV, raising=False)
    code, out, _ = run_cli("pdb", "info")
    assert code == 0 and "no pattern database found" in out and "npuzzle pdb build" in out
    assert str(tmp_path / "npuzzle") in out
    assert "no additive tables for the 5×5: `npuzzle pdb build --shape 5x5` makes them" in out


@pytest.mark.slow
def test_build_into_the_cache_then_info_and_solve_find_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numpy")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(PDB_ENV, raising=False)
    code, out, err = run_cli("pdb", "build", "--partition", "5-5-5")
    path = tmp_path / "npuzzle" / file_name("5-5-5")
    assert code == 0 and out.strip() == str(path) and path.exists()
    assert "table 1 2 3 4 5" in err and "wrote" in err  # progress on stderr
    code, out, _ = run_cli("pdb", "info")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert code == 0 and "partition 5-5-5" in out and digest in out and "(from the cache)" in out
    code, out, err = run_cli("solve", "--json", BOARD_4X4)
    reply = json.loads(out)
    assert code == 0 and reply["heuristic"].startswith("pdb-") and reply["length"] == 51 and reply["optimal"]
    assert "no pattern database" not in err
    code, out, err = run_cli("pdb", "build", "--partition", "5-5-5")  # a valid file is kept
    assert code == 0 and "up to date" in err


def test_a_4x4_solve_without_a_database_says_how_to_get_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(PDB_ENV, raising=False)
    code, _, err = run_cli("solve", "--json", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")
    assert code == 0 and "`npuzzle pdb build` makes one" in err
    code, _, err = run_cli("solve", "--json", "1 2 3 / 4 5 6 / 7 0 8")  # not a 4×4: nothing to say
    assert code == 0 and "pattern database" not in err


def test_an_unusable_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.pdb"
    bad.write_bytes(b"not a database")
    code, out, _ = run_cli("pdb", "info", "--pdb", str(bad))
    assert code == 2 and "not a usable pattern database" in out
    code, _, err = run_cli("solve", "--pdb", str(bad), BOARD_4X4)
    assert code == 2 and str(bad) in err


def test_build_writes_nothing_half_done_when_interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import npuzzle.pdb.build as builder

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt  # Ctrl-C while the first table is searched, where a build spends its time

    monkeypatch.setattr(builder, "build_table_data", interrupted)
    monkeypatch.setattr(builder, "has_numpy", lambda: False)
    said: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        build_file(tmp_path, "6-6-3", say=said.append)
    assert list(tmp_path.iterdir()) == []
    assert any(NUMPY_COMMAND in text and "pip install 'npuzzle[fast]'" in text for text in said), said


def build_env(tmp_path: Path) -> dict[str, str]:
    """A process's environment with its home and cache in ``tmp_path`` and no database named."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(PY)}
    env.pop(PDB_ENV, None)
    return env


@pytest.mark.slow
@pytest.mark.parametrize("builder", ["pure", "numpy"])
def test_a_real_ctrl_c_stops_the_build_and_leaves_no_file(tmp_path: Path, builder: str) -> None:
    if builder == "numpy":
        pytest.importorskip("numpy")
    out = tmp_path / "out"
    options = ["--partition", "5-5-5", "--pure"] if builder == "pure" else ["--partition", "6-6-3", "--jobs", "1"]
    # a real SIGINT once the first table is being searched; it stops in about a second
    stopped = interrupt_when(
        ["pdb", "build", "--out", str(out), *options], ready=": searching", env=build_env(tmp_path)
    )
    code, said = stopped.returncode, stopped.stderr
    assert code == 3, said
    assert "pdb build interrupted" in said and "no half-written file" in said and "Traceback" not in said
    assert list(out.iterdir()) == []


@pytest.mark.slow
def test_each_table_reports_its_search_as_it_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    build_table_data(3, 3, (1, 2, 3, 4, 5), seen.append)
    depths = [int(text.split(",")[0].split()[1]) for text in seen]
    assert depths == sorted(depths) and len(set(depths)) > 5 and "% of its layer" in seen[-1]
    numpy_builder = pytest.importorskip("npuzzle.pdb.numpy_builder")
    seen.clear()
    numpy_builder.build_compact(3, 3, (1, 2, 3, 4, 5), 1, seen.append)
    assert any(text.startswith("depth 10,") for text in seen) and any("compact order" in text for text in seen)
    import npuzzle.pdb.build as builder

    monkeypatch.setattr(builder, "PROGRESS_SECONDS", 0.0)  # every tick shown
    said: list[str] = []
    build_file(tmp_path, "5-5-5", say=said.append)
    assert any(text.startswith("  table 6 7 8 9 10: depth 5,") for text in said)


@pytest.mark.slow
def test_the_tables_built_side_by_side_are_the_same_bytes(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    one = build_file(tmp_path / "one", "5-5-5", jobs=1).read_bytes()
    assert build_file(tmp_path / "two", "5-5-5", jobs=2).read_bytes() == one  # one table on two threads, then two
    assert build_file(tmp_path / "three", "5-5-5", jobs=3).read_bytes() == one  # all three at once


def test_search_rounds_share_the_cores() -> None:
    assert search_rounds(3, 1) == [([0], 1), ([1], 1), ([2], 1)]
    assert search_rounds(3, 2) == [([0], 2), ([1, 2], 1)]  # the last two finish, and compress, together
    assert search_rounds(3, 4) == [([0, 1, 2], 1)]
    assert search_rounds(4, 2) == [([0, 1], 1), ([2, 3], 1)]


def test_jobs_must_be_one_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run_cli("pdb", "build", "--jobs", "0")  # argparse writes its usage message to stderr itself
    assert code == 2 and "--jobs must be a whole number of 1 or more, got '0'" in capsys.readouterr().err


def test_the_tests_run_in_a_home_of_their_own() -> None:
    """conftest.py points HOME and the XDG folders at a temporary home: the user's cache (a database built there)
    and config are never read, here nor in the processes the tests start."""
    home = Path(os.environ["HOME"])
    assert home.name.startswith("npuzzle-tests-home-") and Path.home() == home
    assert cache_dir() == home / ".cache" / "npuzzle" and "NPUZZLE_PDB" not in os.environ
    info = subprocess.run(
        [sys.executable, "-m", "npuzzle", "pdb", "info"], capture_output=True, text=True, check=False, timeout=120
    )
    assert str(home / ".cache" / "npuzzle") in info.stdout + info.stderr
