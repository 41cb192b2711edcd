"""``npuzzle bench SET|FILE``: every shipped set by name, against its published lengths (optimal and near-optimal
solvers, both goal conventions), and a plain-text file of one's own with its goal and known lengths."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from npuzzle import Board, goal_board
from npuzzle.board import GoalName
from npuzzle.cli import main
from npuzzle.interchange import convert_goal
from npuzzle.research.exhaustive import DistanceTable
from npuzzle.research.instances import (
    SETS,
    InstanceFileError,
    hardest8,
    hardest8_mtm,
    hardest15_mtm,
    korf24,
    korf100,
    korf100_mtm,
    parse_boards,
)
from npuzzle.solvability import check_reachable
from npuzzle.speedsolving.oracle import line_neighbours
from oracle import distances
from shipped_pdb import MTM_FILE, PDB_FILE


def bench(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["bench", *argv], out=out, err=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


def test_every_shipped_set_is_offered_with_its_goal_convention() -> None:
    assert set(SETS) == {"korf100", "korf24", "hardest8", "korf100-mtm", "hardest8-mtm", "hardest15-mtm"}
    assert [len(s.read()) for s in SETS.values()] == [100, 50, 4, 100, 2, 16]
    assert all("blank" in s.convention for s in SETS.values())


@pytest.mark.parametrize("goal", [None, "default", "blank-first"])
def test_the_hardest_8_puzzles_give_their_31_moves_in_either_convention(goal: str | None) -> None:
    code, out, _ = bench("hardest8", "--json", *(["--goal", goal] if goal else []))
    record = json.loads(out)
    assert code == 0 and record["mismatches"] == [] and record["all_proven_optimal"]
    assert [r["length"] for r in record["rows"]] == [31] * 4 and record["total_published"] == 124


@pytest.mark.parametrize("goal", ["default", "blank-first"])
def test_the_line_move_radius_of_the_8_puzzle_is_24_and_the_set_holds_every_position_there(goal: GoalName) -> None:
    table = DistanceTable.build(goal_board(3, 3, goal), "mtm")  # every one of the 181,440 states
    farthest = {table.layout.unpack(state) for state, d in table.distances.items() if d == 24}
    assert len(table) == 181_440 and table.diameter == 24
    shipped = [i for i in hardest8_mtm() if i.goal == goal]
    assert {i.tiles for i in shipped} == farthest and {(i.optimal, i.metric) for i in shipped} == {(24, "mtm")}


@pytest.mark.parametrize("goal", [None, "default", "blank-first"])
def test_the_farthest_8_puzzles_in_line_moves_give_their_24_in_either_convention(goal: str | None) -> None:
    code, out, _ = bench("hardest8-mtm", "--json", *(["--goal", goal] if goal else []))
    record = json.loads(out)
    assert code == 0 and record["mismatches"] == [] and record["all_proven_optimal"] and record["metric"] == "mtm"
    assert [r["length"] for r in record["rows"]] == [24, 24] and record["total_published"] == 48
    code, out, _ = bench("hardest8-mtm")
    assert code == 0 and "lengths in line moves" in out


def test_a_file_says_its_lengths_are_line_moves_with_a_metric_line(tmp_path: Path) -> None:
    boards = tmp_path / "mine.txt"
    boards.write_text("# goal default\n# metric mtm\n8 6 7 / 2 5 4 / 3 0 1  # 20\n", encoding="utf-8")
    code, out, _ = bench(str(boards), "--json")
    record = json.loads(out)
    assert code == 0 and record["metric"] == "mtm" and record["rows"][0]["length"] == 20
    boards.write_text("# goal default\n# metric xtm\n8 6 7 / 2 5 4 / 3 0 1\n", encoding="utf-8")
    code, _, err = bench(str(boards))
    assert code == 2 and "line 2: unknown metric 'xtm'" in err and "'# metric xtm'" in err


def test_korfs_100_in_line_moves_are_korfs_boards_each_no_longer_than_in_single_tiles() -> None:
    single, lines = korf100(), korf100_mtm()
    assert [i.tiles for i in lines] == [i.tiles for i in single] and {i.metric for i in lines} == {"mtm"}
    assert all(i.goal == "blank-first" and i.optimal is not None for i in lines)
    assert all((line.optimal or 0) <= (tile.optimal or 0) for line, tile in zip(lines, single, strict=True))
    assert sum(i.optimal or 0 for i in lines) == 3206


@pytest.mark.skipif(not MTM_FILE.exists(), reason="the line-move tables are not built")
def test_korfs_first_15_puzzle_in_line_moves_with_the_line_move_tables() -> None:
    code, out, _ = bench("korf100-mtm", "--limit", "1", "--solver", "optimal", "--mtm-pdb", str(MTM_FILE), "--json")
    record = json.loads(out)
    assert code == 0 and record["all_proven_optimal"] and record["rows"][0]["length"] == 33
    assert record["heuristic"].startswith("mtm-5-4-4-2") and record["metric"] == "mtm"


def test_the_15_puzzles_farthest_in_line_moves_have_the_structure_their_finders_state() -> None:
    """Norskog & Davidson: 16 positions at 43, two their own mirror image along the main diagonal, the others in
    seven mirror pairs, four pairs one line move apart (the transcription checked; the 43 is theirs)."""
    shipped = hardest15_mtm()
    boards = [i.board() for i in shipped]
    tiles = {b.tiles for b in boards}
    assert len(tiles) == 16 and {(i.optimal, i.metric, i.goal) for i in shipped} == {(43, "mtm", "default")}
    goal = goal_board(4, 4)
    for board in boards:
        check_reachable(board, goal)
    mirrored = {b.tiles: mirror_diagonal(b).tiles for b in boards}
    assert set(mirrored.values()) == tiles and sum(a == b for a, b in mirrored.items()) == 2
    apart = {frozenset((b.tiles, c.tiles)) for b in boards for c in line_neighbours(b) if c.tiles in tiles}
    assert len(apart) == 4


def mirror_diagonal(board: Board) -> Board:
    """``board`` mirrored along its main diagonal, each tile renamed for its goal cell's mirror (default goal)."""
    n = board.cols

    def renamed(tile: int) -> int:
        return 0 if tile == 0 else ((tile - 1) % n) * n + (tile - 1) // n + 1

    return Board(n, n, tuple(renamed(board.tiles[(c % n) * n + c // n]) for c in range(n * n)))


def test_a_set_posed_for_the_other_goal_keeps_every_distance() -> None:
    for instance in hardest8():
        other: GoalName = "blank-first" if instance.goal == "default" else "default"
        turned = convert_goal(instance.board(), "default" if other == "blank-first" else "blank-first", other)
        assert distances(goal_board(3, 3, other))[turned.tiles] == instance.optimal == 31


@pytest.mark.skipif(not PDB_FILE.exists(), reason="the 7/7-7 tables are not built")
@pytest.mark.parametrize("goal", [None, "default"])
def test_korfs_100_with_the_tables_against_the_published_lengths(goal: str | None) -> None:
    args = ["korf100", "--limit", "4", "--pdb", str(PDB_FILE), "--json", *(["--goal", goal] if goal else [])]
    code, out, _ = bench(*args)
    record = json.loads(out)
    assert code == 0 and [r["length"] for r in record["rows"]] == [i.optimal for i in korf100()[:4]]
    assert record["heuristic"].startswith("pdb-") and record["mismatches"] == []


def test_the_near_optimal_solver_is_held_between_the_bound_and_the_published_length() -> None:
    code, out, _ = bench("korf24", "--solver", "near-optimal", "--budget", "0", "--limit", "2")
    published = [i.optimal for i in korf24()[:2]]
    rows = [line.split() for line in out.splitlines()[1:3]]
    assert code == 0 and [int(r[1]) for r in rows] == published
    assert all(int(r[5]) <= int(r[1]) <= int(r[2]) for r in rows)  # lower bound <= published <= length
    assert "every lower bound <= published <= length" in out and "ratio" in out


def test_a_file_of_ones_own_with_goals_and_known_lengths(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text(
        "# goal blank-first\n1 0 2 3 4 5 6 7 8  # 1 move\n"
        "# goal default\n1 2 3 / 4 5 6 / 0 7 8  # 2\n1 2 / 3 0\n"
        "8 6 7 / 2 5 4 / 3 0 1  # 30\n"  # a wrong known length: found out
    )
    code, out, _ = bench(str(mine), "--json")
    record = json.loads(out)
    assert code == 1 and record["mismatches"] == [4]
    assert [(r["optimal"], r["length"]) for r in record["rows"]] == [(1, 1), (2, 2), (None, 0), (30, 31)]
    with pytest.raises(InstanceFileError, match="line 1 has no goal: state one with a '# goal default'"):
        parse_boards("1 2 3 / 4 5 6 / 7 0 8\n")
    assert parse_boards("1 2 3 / 4 5 6 / 7 0 8\n", "default")[0].goal == "default"
    (tmp_path / "bad.txt").write_text("# goal default\n1 2 3 / 4 5 6 / 7 8 8\n")
    code, _, err = bench(str(tmp_path / "bad.txt"))
    assert code == 2 and "line 2: tile 8 appears twice" in err
    code, _, err = bench("korf99")
    sets = "korf100, korf24, hardest8, korf100-mtm, hardest8-mtm, hardest15-mtm"
    assert code == 2 and f"'korf99' is neither a benchmark set ({sets}) nor a file" in err


def test_a_file_with_no_boards_or_no_lengths_and_a_set_all_stopped_say_so(tmp_path: Path) -> None:
    (tmp_path / "none.txt").write_text("# goal default\n# only comments\n\n")
    code, out, err = bench(str(tmp_path / "none.txt"))
    assert code == 2 and out == "" and "holds no boards" in err and "Traceback" not in err
    (tmp_path / "unknown.txt").write_text("# goal default\n1 2 3 / 4 5 6 / 0 7 8\n")
    code, out, _ = bench(str(tmp_path / "unknown.txt"))
    assert code == 0 and "every length proven optimal; none to hold against a published length" in out
    assert f"set: {tmp_path / 'unknown.txt'}; 1 board\n" in out
    code, out, _ = bench("korf24", "--solver", "optimal", "--time-limit", "0.05", "--limit", "1")
    assert code == 3 and "no length found; none to hold against a published length; 1 STOPPED: [1]" in out
    assert "lower bound <= published" not in out
