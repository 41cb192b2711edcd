"""``npuzzle dataset`` and :mod:`npuzzle.research.dataset`: every row's length against the breadth-first oracle on 3×3
boards, the solver's against a textbook A* on 4×4 walks, files read back with pyarrow, CSV and JSON lines, resuming, and
the messages for bad settings."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from interrupt import SEES_PROCESSES, dataset_in_two_workers, interrupt_when, left_behind, marked
from npuzzle import Board, __version__, goal_board
from npuzzle.cli import main
from npuzzle.course.reference import SlidingPuzzle, astar
from npuzzle.errors import OutputError, plural
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.progress import Limit, run
from npuzzle.research.datafiles import open_writer, parts_folder, read_about, read_rows
from npuzzle.research.dataset import COLUMN_NAMES, DatasetSpec, dataset_rows
from npuzzle.research.exhaustive import DistanceTable, all_states
from npuzzle.solving.records import proved
from npuzzle.solving.registry import default_registry
from npuzzle.solving.solve import plan
from npuzzle.speedsolving.scrambles import deal
from oracle import distances


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


def board_of(row: dict[str, object]) -> Board:
    return Board(int(str(row["rows"])), int(str(row["cols"])), tuple(row["tiles"]))  # type: ignore[arg-type]


def check_rows_against_the_oracle(rows: list[dict[str, object]], goal: Board) -> None:
    """Every row's length is the breadth-first distance and its moves lead to the goal in that many moves."""
    truth = distances(goal)
    for row in rows:
        board = board_of(row)
        assert row["length"] == truth[board.tiles] == len(str(row["moves"])), row
        assert row["optimal"] is True and row["lower_bound"] == row["length"]
        assert board.apply(list(str(row["moves"]))) == goal


def test_a_seed_makes_the_same_boards_on_every_python() -> None:
    """Board i comes from the seed 'SEED/i' through the standard library's ``random`` (string seeds hashed with
    SHA-512), so a dataset begun on one Python is resumed on another: these tiles were the same on CPython 3.11, 3.12
    and 3.13."""
    assert DatasetSpec(4, 4, 2, seed="1").board(0).tiles == (6, 3, 5, 0, 11, 15, 2, 10, 9, 13, 8, 4, 14, 1, 7, 12)
    assert DatasetSpec(4, 4, 2, seed="1").board(1).tiles == (0, 8, 13, 10, 6, 5, 4, 3, 2, 7, 14, 11, 12, 9, 1, 15)
    assert DatasetSpec(3, 3, 2, walk=12, seed="w").board(1).tiles == (0, 6, 2, 1, 7, 3, 5, 4, 8)


def test_the_breadth_first_search_streams_every_state_once_with_an_optimal_solution() -> None:
    for goal in (goal_board(2, 3), goal_board(3, 2, "blank-first"), goal_board(2, 4)):
        states = list(all_states(goal))
        truth = distances(goal)
        assert len(states) == len(truth) == len({b.tiles for b, _ in states})
        assert all(len(path) == truth[board.tiles] and board.apply(list(path)) == goal for board, path in states)
        assert [len(path) for _, path in states] == sorted(len(path) for _, path in states)  # by distance
        table = DistanceTable.build(goal)
        assert all(b.apply(list(table.optimal_letters(b))) == goal for b, _ in states[1::7])


@pytest.mark.slow
def test_the_whole_8_puzzle_in_parquet_read_back_with_pyarrow(tmp_path: Path) -> None:
    out = tmp_path / "all.parquet"
    code, _, err = run_cli("dataset", "--shape", "3x3", "--all", "--out", str(out))
    assert code == 0 and "181,440 rows written" in err and "181,440 of 181,440 boards done (181,440 solved)" in err
    table = pq.read_table(out)
    assert table.column_names == list(COLUMN_NAMES) and table.num_rows == 181_440
    rows = table.to_pylist()
    assert [row["index"] for row in rows] == list(range(181_440))
    check_rows_against_the_oracle(rows, goal_board(3, 3))
    assert {row["algorithm"] for row in rows} == {"bfs"} and max(row["length"] for row in rows) == 31
    assert not parts_folder(out).exists()


def test_random_8_puzzles_by_the_solver_in_two_processes(tmp_path: Path) -> None:
    out = tmp_path / "random.jsonl"
    code, _, _ = run_cli("dataset", "--shape", "3x3", "--count", "40", "--seed", "7", "--label", "search",
                         "--jobs", "2", "--goal", "blank-first", "--out", str(out))  # fmt: skip
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 0 and [row["index"] for row in rows] == list(range(40))
    check_rows_against_the_oracle(rows, goal_board(3, 3, "blank-first"))
    assert {row["algorithm"] for row in rows} == {"astar"} and all(row["nodes_expanded"] > 0 for row in rows)
    spec = DatasetSpec(3, 3, 40, seed="7", goal="blank-first")
    assert [tuple(row["tiles"]) for row in rows] == [spec.board(i).tiles for i in range(40)]  # board i from 7/i
    bfs = list(dataset_rows(spec, label="bfs"))
    assert [row["length"] for row in bfs] == [row["length"] for row in rows]


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_walks_on_the_15_puzzle_against_a_textbook_astar(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"walks.{suffix}"
    code, _, _ = run_cli(
        "dataset",
        "--shape",
        "4x4",
        "--count",
        "6",
        "--scramble",
        "walk:18",
        "--out",
        str(out),
        "--jobs",
        "1",
        "--algorithm",
        "idastar",
    )  # fmt: skip (no tables here: IDA* is named)
    rows = pq.read_table(out).to_pylist() if suffix == "parquet" else list(read_rows(out))
    goal = goal_board(4, 4)
    assert code == 0 and len(rows) == 6
    for row in rows:
        board = board_of(row)
        found = astar(SlidingPuzzle(board, goal, make_heuristic("manhattan", goal)))
        assert row["length"] == len(found.path) - 1 <= 18 and row["optimal"] is True
        assert board.apply(list(str(row["moves"]))) == goal


def test_a_4x4_dataset_without_the_tables_is_refused_with_the_command_to_build_them(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    code, _, err = run_cli("dataset", "--shape", "4x4", "--count", "3", "--out", str(out))
    assert code == 2 and "Traceback" not in err and not out.exists()
    assert "a 4×4 dataset is labelled with the pattern database, and there is none here" in err
    assert "`npuzzle pdb build`" in err and "--algorithm near-optimal" in err and "--algorithm idastar" in err
    named = run_cli("dataset", "--shape", "4x4", "--count", "2", "--out", str(out), "--algorithm", "near-optimal")
    assert named[0] == 0 and all(row["algorithm"] == "near-optimal" for row in read_rows(out))


def test_rows_beyond_the_tables_are_proven_optimal_where_ida_finishes_within_auto_s_allowance(tmp_path: Path) -> None:
    out = tmp_path / "walks.jsonl"
    code, _, err = run_cli("dataset", "--shape", "5x5", "--count", "1", "--scramble", "walk:50", "--out", str(out),
                           "--jobs", "1")  # fmt: skip
    assert code == 0, err
    for row in read_rows(out):  # the near-optimal answer of 40 moves, over a bound of 30, proven by IDA*
        assert row["optimal"] is True and row["algorithm"] == "idastar" and row["length"] == row["lower_bound"]
        board, goal = board_of(row), goal_board(5, 5)
        assert board.apply(list(str(row["moves"]))) == goal
        near = run(plan(board, goal, "near-optimal").start())
        assert int(str(row["nodes_expanded"])) > near.nodes_expanded  # the row counts the work of both


def test_a_proof_that_does_not_finish_keeps_the_near_optimal_answer_with_the_better_bound() -> None:
    board = deal(5, 5, 7).board
    goal = goal_board(5, 5)
    registry = default_registry()
    near = run(plan(board, goal, "near-optimal", registry=registry).start())
    assert not near.optimal
    kept = proved(board, goal, registry, near, Limit(nodes=50_000))
    assert kept.moves == near.moves and not kept.optimal and kept.lower_bound >= near.lower_bound
    assert kept.extra["optimal_search"]["stopped"] == "node-limit"
    assert kept.nodes_expanded == near.nodes_expanded + kept.extra["optimal_search"]["nodes_expanded"]


def test_a_named_solver_labels_small_boards_instead_of_the_breadth_first_search(tmp_path: Path) -> None:
    out = tmp_path / "named.jsonl"
    code, _, _ = run_cli("dataset", "--shape", "3x3", "--count", "5", "--algorithm", "idastar", "--heuristic", "md",
                         "--out", str(out))  # fmt: skip
    rows = list(read_rows(out))
    assert code == 0 and {(row["algorithm"], row["heuristic"]) for row in rows} == {("idastar", "manhattan")}
    check_rows_against_the_oracle(rows, goal_board(3, 3))


def test_csv_and_json_lines_hold_the_same_rows(tmp_path: Path) -> None:
    rows = {}
    for suffix in ("csv", "jsonl"):
        out = tmp_path / f"d.{suffix}"
        assert run_cli("dataset", "--shape", "2x3", "--count", "9", "--seed", "s", "--out", str(out))[0] == 0
        rows[suffix] = list(read_rows(out))
    assert rows["csv"] == rows["jsonl"] and len(rows["csv"]) == 9
    assert all(row["seconds"] is None and row["nodes_expanded"] is None for row in rows["csv"])  # bfs rows


@pytest.mark.parametrize(
    ("old", "new"),
    [(",true,", ",maybe,"), (",bfs,", ",bfs,extra,"), (",3,3,", ",3,three,"), ("1,3,3,", ",3,3,")],
)
def test_a_damaged_csv_row_is_named_when_resuming(
    tmp_path: Path, old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = Path("d.csv")
    args = ["dataset", "--shape", "3x3", "--count", "4", "--out", str(out)]
    assert run_cli(*args)[0] == 0
    lines = out.read_text().splitlines(keepends=True)
    lines[2] = lines[2].replace(old, new, 1)
    out.write_text("".join(lines))
    code, _, err = run_cli(*args, "--resume")
    assert code == 2 and "Traceback" not in err
    assert f"npuzzle: line 3 of 'd.csv' is not a dataset row: '{lines[2][:4]}" in err


@pytest.mark.parametrize("suffix", ["parquet", "jsonl", "csv"])
def test_resuming_goes_on_with_the_rows_the_file_lacks(tmp_path: Path, suffix: str) -> None:
    whole, partial = tmp_path / f"whole.{suffix}", tmp_path / f"partial.{suffix}"
    args = ["dataset", "--shape", "3x3", "--seed", "r", "--label", "search", "--jobs", "1"]
    assert run_cli(*args, "--count", "30", "--out", str(whole))[0] == 0
    assert run_cli(*args, "--count", "12", "--out", str(partial))[0] == 0
    if suffix != "parquet":
        with open(partial, "a", encoding="utf-8") as file:
            file.write('{"index": 12, "til')  # a line cut off by a killed run
    code, _, err = run_cli(*args, "--count", "30", "--out", str(partial))
    assert code == 2 and "--resume" in err  # never overwritten
    code, _, err = run_cli(*args, "--count", "30", "--out", str(partial), "--resume")
    assert code == 0 and "12 rows of 30 already in" in err and "18 rows written" in err

    def timeless(path: Path) -> list[dict[str, object]]:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in read_rows(path)]

    assert timeless(partial) == timeless(whole)
    code, _, err = run_cli(*args[:4], "other", *args[5:], "--count", "30", "--out", str(partial), "--resume")
    assert code == 2 and "row 0 of the file holds other tiles than this dataset's board 0" in err


@pytest.mark.parametrize("suffix", ["parquet", "jsonl", "csv"])
def test_resuming_solves_again_the_rows_a_limit_stopped(tmp_path: Path, suffix: str) -> None:
    out, whole = tmp_path / f"d.{suffix}", tmp_path / f"whole.{suffix}"
    args = ["dataset", "--shape", "3x3", "--count", "12", "--seed", "s", "--label", "search", "--jobs", "1"]
    code, _, err = run_cli(*args, "--out", str(out), "--max-nodes", "20")
    stopped = [row["index"] for row in read_rows(out) if row["stopped"]]
    assert code == 3 and 0 < len(stopped) < 12, err
    code, _, err = run_cli(*args, "--out", str(out), "--resume")
    assert code == 0, err
    assert f"{len(stopped)} rows a limit stopped taken out of {out} to be solved again" in err
    assert f"{len(stopped)} rows written" in err
    assert run_cli(*args, "--out", str(whole))[0] == 0

    def timeless(path: Path) -> list[dict[str, object]]:
        rows = [{k: v for k, v in row.items() if k != "seconds"} for row in read_rows(path)]
        return sorted(rows, key=lambda row: int(str(row["index"])))

    assert timeless(out) == timeless(whole) and not any(row["stopped"] for row in timeless(out))
    assert run_cli(*args, "--out", str(out), "--resume")[2].count("taken out") == 0  # nothing left to retry


def test_a_parquet_dataset_says_how_to_make_it_again(tmp_path: Path) -> None:
    out, again = tmp_path / "d.parquet", tmp_path / "again.parquet"
    args = ["dataset", "--shape", "3x3", "--count", "9", "--seed", "m", "--label", "search", "--jobs", "1"]
    assert run_cli(*args, "--out", str(out), "--max-nodes", "20")[0] == 3  # some rows stopped
    assert run_cli(*args, "--out", str(out), "--resume")[0] == 0  # taken out and solved again
    about = read_about(out)
    assert about is not None and about["npuzzle"] == __version__ and about["metric"] == "stm"
    assert (about["shape"], about["count"], about["scramble"], about["seed"], about["goal"]) == (
        "3x3",
        9,
        "random",
        "m",
        "default",
    )
    assert (about["label"], about["algorithm"], about["max_nodes"], about["tables"]) == ("search", "auto", None, None)
    command = shlex.split(str(about["command"]))
    assert command[:2] == ["npuzzle", "dataset"]
    assert command == ["npuzzle", *args, "--out", str(out), "--resume"]  # the run that completed it
    assert run_cli(*command[1:-3], "--out", str(again))[0] == 0  # its command, to another file: the same rows

    def timeless(path: Path) -> list[dict[str, object]]:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in read_rows(path)]

    assert timeless(again) == sorted(timeless(out), key=lambda row: int(str(row["index"])))


def test_a_damaged_part_file_is_named_whole_with_what_to_do(tmp_path: Path) -> None:
    out = tmp_path / "d.parquet"
    writer = open_writer(out)
    for row in dataset_rows(DatasetSpec(2, 3, 5, seed="p")):
        writer.write(row)
    writer.close(complete=False)  # what a run cut short leaves: its parts
    (part,) = parts_folder(out).iterdir()
    part.write_bytes(part.read_bytes()[:100])  # cut short, as a disk that lost its end could leave it
    args = ["dataset", "--shape", "2x3", "--count", "5", "--seed", "p", "--out", str(out), "--resume"]
    code, _, err = run_cli(*args)
    assert code == 2 and "Traceback" not in err
    assert f"cannot read the part file {str(part)!r} (cut short or damaged?)" in err
    assert "remove it, and --resume solves its rows again" in err
    part.unlink()
    code, _, err = run_cli(*args)
    assert code == 0 and "5 rows written" in err and len(list(read_rows(out))) == 5


def test_an_interrupted_parquet_run_leaves_parts_that_resume_joins(tmp_path: Path) -> None:
    out = tmp_path / "d.parquet"
    spec = DatasetSpec(2, 3, 20, seed="p")
    rows = dataset_rows(spec)
    writer = open_writer(out)
    for _ in range(7):
        writer.write(next(rows))
    writer.close(complete=False)  # what Ctrl-C leaves: the parts, no file
    assert not out.exists() and len(list(read_rows(out))) == 7
    code, _, err = run_cli("dataset", "--shape", "2x3", "--count", "20", "--seed", "p", "--out", str(out), "--resume")
    assert code == 0 and "13 rows written" in err and not parts_folder(out).exists()
    assert [row["index"] for row in pq.read_table(out).to_pylist()] == list(range(20))


def test_a_larger_count_grows_a_complete_parquet_dataset(tmp_path: Path) -> None:
    out = tmp_path / "grow.parquet"
    args = ["dataset", "--shape", "2x3", "--seed", "g", "--out", str(out)]
    assert run_cli(*args, "--count", "5")[0] == 0
    code, _, err = run_cli(*args, "--count", "9", "--resume")
    assert code == 0 and "5 rows of 9 already in" in err and "4 rows written" in err
    rows = pq.read_table(out).to_pylist()
    assert [row["index"] for row in rows] == list(range(9)) and not parts_folder(out).exists()
    assert [row["tiles"] for row in rows] == [list(board.tiles) for _, board in DatasetSpec(2, 3, 9, seed="g").boards()]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--shape", "4x4", "--all", "--out", "x.jsonl"], "at most 9 cells (3×3), not a 4×4 board"),
        (["--shape", "3x3", "--count", "3", "--out", "x.txt"], "must end in .jsonl, .ndjson, .csv, .parquet"),
        (["--shape", "3x3", "--count", "3", "--scramble", "shuffle", "--out", "x.csv"], "'random' or 'walk:K'"),
        (["--shape", "3x3", "--count", "3", "--goal", "1 2 3", "--out", "x.csv"], "goal:"),
        (["--shape", "5x5", "--count", "2", "--label", "bfs", "--out", "x.csv"], "at most 9 cells"),
        (["--shape", "3x3", "--all", "--seed", "5", "--out", "x.csv"], "--all takes every state in order of distance"),
        (["--shape", "3x3", "--all", "--scramble", "walk:3", "--out", "x.csv"], "--scramble and --seed draw boards"),
        (
            ["--shape", "3x3", "--count", "2", "--label", "bfs", "--heuristic", "md", "--out", "x.csv"],
            "label bfs labels every row by one breadth-first search, not by algorithm 'auto' with heuristic 'manhattan",
        ),
    ],
)
def test_bad_settings_are_named(tmp_path: Path, argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("dataset", *argv)
    assert code == 2 and message in err and "Traceback" not in err and out == ""
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_file_that_cannot_be_written_or_read_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for out in ("nowhere/d.csv", "nowhere/d.parquet"):
        code, _, err = run_cli("dataset", "--shape", "3x3", "--count", "3", "--out", out)
        assert code == 2 and f"npuzzle: cannot write the dataset '{out}': there is no folder nowhere" in err
    Path("folder.jsonl").mkdir()
    code, _, err = run_cli("dataset", "--shape", "3x3", "--count", "3", "--out", "folder.jsonl", "--resume")
    assert code == 2 and "npuzzle: cannot read the dataset 'folder.jsonl': " in err and "Traceback" not in err
    with pytest.raises(OutputError, match=r"cannot write the dataset 'folder\.jsonl': Is a directory"):
        open_writer(Path("folder.jsonl"))
    assert [p.name for p in tmp_path.iterdir()] == ["folder.jsonl"]  # nothing written


@pytest.mark.slow
def test_the_dask_cluster_writes_the_rows_worker_processes_write(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    args = ["dataset", "--shape", "3x3", "--count", "25", "--seed", "d", "--label", "search"]
    assert run_cli(*args, "--jobs", "2", "--out", str(tmp_path / "jobs.parquet"))[0] == 0
    assert run_cli(*args, "--scheduler", "local:2", "--out", str(tmp_path / "dask.parquet"))[0] == 0
    jobs, dask = (pq.read_table(tmp_path / f"{way}.parquet").drop(["seconds"]) for way in ("jobs", "dask"))
    assert jobs.equals(dask) and jobs.num_rows == 25


@pytest.mark.slow
@SEES_PROCESSES
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_or_sigterm_keeps_the_rows_so_far_stops_every_process_and_resume_goes_on(
    tmp_path: Path, signum: int
) -> None:
    out = tmp_path / "stopped.parquet"
    args = dataset_in_two_workers(out, 200, "c")
    marker, env = marked(os.environ)
    result = interrupt_when(args, "boards done (", env, signum)
    assert result.returncode == 3 and "Traceback" not in result.stderr
    written = re.search(r"npuzzle: interrupted: (\d+) rows? written; --resume goes on", result.stderr)
    assert written is not None and 0 < int(written.group(1)) < 200
    assert not out.exists() and len(list(read_rows(out))) == int(written.group(1))  # the parts hold them
    assert left_behind(marker) == []
    code, _, err = run_cli(*args, "--resume")
    assert code == 0 and f"{plural(int(written.group(1)), 'row')} of 200 already in" in err  # "1 row" too
    rows = pq.read_table(out).to_pylist()
    assert [row["index"] for row in rows] == list(range(200)) and not parts_folder(out).exists()
    check_rows_against_the_oracle(rows, goal_board(3, 3))
