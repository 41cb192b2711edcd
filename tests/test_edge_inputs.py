"""Inputs at the edge (issue 50), each a named regression case: a move text, a move list, a scramble's moves, a
reconstruction's times or a bench file's known length past its cap is refused at once with a message that quotes
it (never a traceback, a MemoryError or an OverflowError), only ASCII digits count, and a move list is played once,
in place (no board copy a move)."""

from __future__ import annotations

import io
import json
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import npuzzle.board as board_module
from npuzzle import MoveError, api, goal_board, parse_board
from npuzzle.board import MAX_MOVES, Replay
from npuzzle.cli import main
from npuzzle.cli.common import EXIT_INVALID
from npuzzle.errors import LimitError, ReconstructionError
from npuzzle.interchange import move_letters, move_tiles, read_notation
from npuzzle.nearoptimal import stopped_message
from npuzzle.parse import parse_moves
from npuzzle.randomize import MAX_SCRAMBLE_MOVES
from npuzzle.research.dataset import DatasetSpec
from npuzzle.speedsolving.reconstruction import reconstruction

BOARD = goal_board(4, 4)


def call(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


@contextmanager
def bounded(seconds: float = 1.0, megabytes: float = 50.0) -> Iterator[None]:
    """The block must take at most ``seconds`` of this process's CPU (work: a busy machine does not inflate it as
    it does the wall clock) and allocate at most ``megabytes`` at its peak."""
    tracemalloc.start()
    began = time.process_time()
    try:
        yield
    finally:
        took = time.process_time() - began
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert took < seconds, f"{took:.2f} s"
    assert peak < megabytes * 1e6, f"{peak / 1e6:.0f} MB"


@pytest.mark.parametrize("text", ["D99999999", "R999999999", "R" + "9" * 20, "U" + "9" * 5000, "U5000000 D5000001"])
@pytest.mark.parametrize("read", [move_letters, move_tiles])
def test_a_move_string_standing_for_too_many_moves_is_refused_before_it_is_expanded(
    text: str, read: Callable[[Any, str], object]
) -> None:
    with bounded(), pytest.raises(MoveError, match=f"stands for more than {MAX_MOVES:,} single-tile moves"):
        read(BOARD, text)


def test_the_notation_and_a_move_string_share_one_cap() -> None:
    with pytest.raises(MoveError, match=f"more than {MAX_MOVES:,}"):
        read_notation("U5000000 D5000001")
    assert len(read_notation("U5000000D5000000")) == MAX_MOVES  # at the cap: read
    with bounded(), pytest.raises(MoveError, match=f"more than {MAX_MOVES:,}"):
        parse_moves("U" * (MAX_MOVES + 1))


@pytest.mark.parametrize("digit", ["٢", "²", "２", "߂"])  # Arabic-Indic, superscript, full-width, NKo two
def test_only_ascii_digits_count_a_move(digit: str) -> None:
    with pytest.raises(MoveError, match="is not a move"):
        read_notation("U" + digit)
    with pytest.raises(MoveError, match="neither a tile number"):
        move_letters(BOARD, "D" + digit)
    with pytest.raises(MoveError, match="neither a tile number"):
        parse_moves("D" + digit)


def test_the_api_apply_is_capped_and_its_moves_are_checked_before_they_are_played() -> None:
    board = goal_board(25, 25).format(one_line=True)
    with bounded(seconds=5, megabytes=400):
        reply = call({"op": "apply", "board": board, "moves": "U" * (MAX_MOVES + 1)})
    assert reply["error"]["type"] == "MoveError" and f"more than {MAX_MOVES:,}" in reply["error"]["message"]
    reply = call({"op": "apply", "board": board, "moves": ["D", "U"] * (MAX_MOVES // 2) + ["D"]})
    assert reply["error"]["type"] == "MoveError" and "field 'moves' (10,000,001 moves)" in reply["error"]["message"]


@pytest.mark.parametrize(
    ("fields", "kind", "fragment"),
    [
        ({"moves": 10**7}, "LimitError", "field 'moves' must be from 0 to 100,000 random moves, got 10000000"),
        ({"moves": 10**400}, "LimitError", "(401 digits)"),
        ({"moves": -1}, "LimitError", "got -1"),
        ({"moves": 5, "seed": -1}, "LimitError", "a seed is a whole number from 0 to"),
        ({"moves": 5, "seed": "x" * 100}, "LimitError", "a seed is a whole number from 0 to"),
        ({"moves": 5, "solvable": "no"}, "RequestError", "field 'solvable' must be of type bool"),
        ({"moves": 5, "solvable": False}, "RequestError", "always make a board that can reach it"),
    ],
)
def test_the_api_random_checks_every_field_before_it_makes_a_move(
    fields: dict[str, Any], kind: str, fragment: str
) -> None:
    with bounded(seconds=0.5):
        reply = call({"op": "random", "rows": 25, "cols": 25, **fields})
    assert reply["error"]["type"] == kind and fragment in reply["error"]["message"], reply


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--moves", str(MAX_SCRAMBLE_MOVES + 1)], f"K must be from 0 to {MAX_SCRAMBLE_MOVES:,} random moves, got "),
        (["--moves", "10000000"], "got 10000000 (for a thorough shuffle, leave out --moves"),
        (["--moves", "9" * 5000], "got '" + "9" * 40 + "'… (5,000 characters)"),
        (["--moves", "-1"], "got '-1'"),
        (["--moves", "5", "--seed", "x" * 100], "a seed is a whole number from 0 to"),
        (["--seed", " 7"], "a seed is a whole number from 0 to"),
        (["--moves", "5", "--unsolvable"], "always solvable: drop --unsolvable"),
    ],
)
def test_the_cli_random_has_the_api_s_cap_and_checks_before_it_makes_a_move(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = io.StringIO()
    with bounded(seconds=0.5):
        code = main(["random", "--shape", "25x25", *args], out=io.StringIO(), err=err, stdin=io.StringIO())
    said = err.getvalue() + capsys.readouterr().err  # argparse writes its own errors to stderr
    assert code == EXIT_INVALID and fragment in said, said


def test_the_one_cap_of_random_moves_holds_for_the_api_the_cli_and_datasets() -> None:
    assert call({"op": "random", "rows": 3, "cols": 3, "moves": MAX_SCRAMBLE_MOVES})["ok"]
    assert main(["random", "--shape", "3x3", "--moves", str(MAX_SCRAMBLE_MOVES)], out=io.StringIO()) == 0
    with pytest.raises(LimitError, match=rf"walk:K's K must be from 0 to {MAX_SCRAMBLE_MOVES:,} random moves"):
        DatasetSpec(3, 3, 10, walk=MAX_SCRAMBLE_MOVES + 1)


@pytest.mark.parametrize(
    ("times", "fragment"),
    [
        ([0, 10**400], "time 2 (1000000000000000000000000000000000000000… (401 digits)) is not a whole number"),
        ([0, 10**12], "is not a whole number of milliseconds from 0 to 999,999,999,999"),
        ([0, -5], "time 2 (-5) is not a whole number"),
        ([0, 1.5], "time 2 (1.5) is not a whole number"),
        ([0, float("nan")], "time 2 (nan) is not a whole number"),
        ([0], "there is 1 time for 2 moves: give each move its time"),
        ([0, 5, 9], "there are 3 times for 2 moves"),
    ],
)
def test_a_reconstruction_s_times_are_whole_milliseconds_within_a_cap(times: list[object], fragment: str) -> None:
    reply = call({"op": "reconstruction", "board": "1 2 3/4 5 6/0 7 8", "moves": "LL", "times": times})
    assert reply["error"] == {"type": "ReconstructionError", "message": reply["error"]["message"]}
    assert fragment in reply["error"]["message"]


def test_one_move_is_said_in_the_singular() -> None:
    with pytest.raises(ReconstructionError, match="there are 2 times for 1 move: "):
        reconstruction(parse_board("1 2 3/4 5 6/7 0 8"), "L", None, [0, 10])
    assert stopped_message("time-limit", 10, 1).endswith("needs at least 1 move.")


def test_a_bench_file_s_known_length_of_5000_digits_is_refused_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "boards.txt"
    path.write_text("# goal default\n1 2 3/4 5 6/7 0 8  # " + "9" * 5000 + " moves\n", encoding="utf-8")
    assert main(["bench", str(path)]) == EXIT_INVALID
    err = capsys.readouterr().err
    assert "line 2: a known length of 999999999999… (5,000 digits) moves is more than any solve" in err
    assert "Traceback" not in err


def test_a_reconstruction_is_played_once_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    moves = 20_000
    copies: list[int] = []
    plays: list[int] = []
    real_copy, real_play = board_module.unchecked_board, Replay.play

    def copy(rows: int, cols: int, tiles: tuple[int, ...]) -> board_module.Board:
        copies.append(len(tiles))
        return real_copy(rows, cols, tiles)

    def play(self: Replay, move: int | str) -> board_module.Direction:
        plays.append(1)
        return real_play(self, move)

    monkeypatch.setattr(board_module, "unchecked_board", copy)
    monkeypatch.setattr(Replay, "play", play)
    text = f"Scramble: {BOARD.format(one_line=True)}\nMoves: " + "DU" * (moves // 2)
    reply = call({"op": "reconstruction", "text": text})
    assert reply["ok"] and reply["solved"] and reply["moves"] == moves
    assert len(plays) == moves  # one replay (four before: reading, solved, the summary twice)
    assert len(copies) < 10  # no board copy a move (the scramble, the goal, the end …)
    copies.clear()
    plays.clear()
    reply = call({"op": "apply", "board": BOARD.format(one_line=True), "moves": "DU" * (moves // 2)})
    assert reply["ok"] and len(plays) == moves and len(copies) < 10


@pytest.mark.parametrize("op", ["solve", "hint", "compare", "watch", "analyse"])
def test_a_time_limit_too_big_for_a_float_is_refused_naming_its_digits(op: str) -> None:
    request = {"op": op, "board": "1 2 3/4 5 6/7 0 8", "moves": "L", "time_limit": 10**400}
    reply = call(request)  # was internal error (OverflowError): int too large to convert to float
    assert reply["error"]["type"] == "LimitError", reply
    assert "seconds up to about 1.8e308, got 1000000000000000000000000000000000000000… (401 digits)" in str(reply)
    session = api.start(json.dumps(request))
    assert json.loads(session.advance(0.05))["error"]["type"] == "LimitError"
