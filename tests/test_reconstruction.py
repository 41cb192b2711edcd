"""Reconstructions (a scramble, its moves in the speedsolvers' notation, the time of each move): written and read
back to the same solve, in the library and through the api's ``reconstruction`` op; every malformed text named."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import MoveError, goal_board, parse_board
from npuzzle.api import handle
from npuzzle.errors import BoardError, ReconstructionError
from npuzzle.speedsolving.reconstruction import read_reconstruction, reconstruction, write_reconstruction
from npuzzle.speedsolving.scrambles import deal

EXAMPLE = """Scramble: 1 2 3/4 5 6/0 7 8
Seed: 50546
Moves: L2
Times: 0 250
Solve: 2 moves (1 line move) in 0.250 s, 8.00 moves/s
"""


def api(request: dict[str, object]) -> dict[str, object]:
    reply: dict[str, object] = json.loads(handle(json.dumps(request)))
    return reply


def random_walk(rows: int, cols: int, seed: int, length: int) -> tuple[str, list[int]]:
    """A scramble's random walk of ``length`` letters from seed ``seed``'s board, and rising times for it."""
    rng = random.Random(seed)
    board = deal(rows, cols, seed).board
    letters = ""
    for _ in range(length):
        letter = rng.choice(sorted(board.movable_tiles()))
        board = board.slide(letter)
        letters += letter
    times = [0]
    for _ in letters[1:]:
        times.append(times[-1] + rng.randrange(0, 400))
    return letters, times[: len(letters)]


def test_the_docs_example_reads_and_writes_back_to_itself() -> None:
    doc = Path(__file__).resolve().parents[1] / "docs" / "speedsolving.md"
    (text,) = re.findall(r"```text reconstruction\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    solve = read_reconstruction(text)
    assert solve.solved and write_reconstruction(solve) == text


def test_the_module_example_reads_and_writes_back_to_itself() -> None:
    solve = read_reconstruction(EXAMPLE)
    assert solve.board == parse_board("1 2 3 / 4 5 6 / 0 7 8") and solve.letters == "LL" and solve.seed == "50546"
    assert solve.solved and solve.times == (0, 250) and solve.seconds == 0.25 and solve.tps == 8.0
    assert write_reconstruction(solve) == EXAMPLE


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([(3, 3), (4, 4), (3, 5)]),
    st.integers(0, 10**6),
    st.integers(0, 80),
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 10**4)),
)
def test_text_to_solve_to_text(
    shape: tuple[int, int], seed: int, length: int, timed: bool, seeded: bool, after: int | None
) -> None:
    letters, times = random_walk(*shape, seed, length)
    board = deal(*shape, seed).board
    timed = timed and bool(times)
    total = times[-1] + after if timed and after is not None else None  # the clock stopped `after` ms later
    kept = None if total is None or after == 0 else total  # at the last move: as without a total
    solve = reconstruction(board, letters, None, times if timed else None, seed if seeded else None, total)
    text = write_reconstruction(solve)
    assert read_reconstruction(text) == solve
    assert write_reconstruction(read_reconstruction(text)) == text
    reply = api({"op": "reconstruction", "text": text})
    assert reply["ok"] and reply["text"] == text and reply["letters"] == letters
    made = api(
        {
            "op": "reconstruction",
            "board": board.format(one_line=True),
            "moves": letters,
            "times": times if timed else None,
            "total_ms": total,
            "seed": seed if seeded else None,
        }
    )
    assert made["text"] == text and made["total_ms"] == kept


def test_bare_lines_read_as_scramble_moves_and_times_and_the_blank_convention_by_a_switch() -> None:
    solve = read_reconstruction("5 3 8/1 0 2/4 7 6\nU R\n0 100\n")
    assert solve.letters == "UR" and solve.times == (0, 100)
    assert read_reconstruction("5 3 8/1 0 2/4 7 6\nD L", "blank").letters == "UR"


def test_the_blank_s_convention_is_written_and_read_by_the_same_switch() -> None:
    solve = read_reconstruction(EXAMPLE)
    text = write_reconstruction(solve, "blank")
    assert "Moves: R2\n" in text and read_reconstruction(text, "blank") == solve
    reply = api({"op": "reconstruction", "board": "1 2 3/4 5 6/0 7 8", "moves": ["L", "L"], "convention": "blank"})
    assert reply["letters"] == "LL" and reply["notation"] == "L2" and "Moves: R2" in reply["text"]
    assert api({"op": "reconstruction", "text": reply["text"], "convention": "blank"})["letters"] == "LL"


def test_a_goal_other_than_the_usual_one_is_written_and_the_summary_is_worked_out_again() -> None:
    blank_first = goal_board(3, 3, "blank-first")
    solve = reconstruction(blank_first.slide("L"), "R", blank_first)
    text = write_reconstruction(solve)
    assert "Goal: 0 1 2/3 4 5/6 7 8" in text and read_reconstruction(text) == solve
    lied = text.replace("1 move (1 line move)", "99 moves (1 line move)")
    assert write_reconstruction(read_reconstruction(lied)) == text


ONE_MOVE = "Scramble: 1 2 3/4 5 6/0 7 8\nMoves: L2\nTimes: "
"""A solve of one line move (two tiles), the times to follow."""


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("", ReconstructionError, "the reconstruction is empty"),
        ("Moves: U", ReconstructionError, "has no Scramble line"),
        ("Scramble: 1 2 3/4 5 6/7 8 0", ReconstructionError, "has no Moves line"),
        ("Scramble: 1 2 3/4 5 6/7 8 0\nMoves:\nColour: red", ReconstructionError, "'Colour: red' is not a field"),
        ("Scramble: 1 2 3/4 5 6/7 8 0\nMoves: \nMoves: U", ReconstructionError, "Moves is given twice"),
        ("Scramble: 1 2 3/4 5 6/7 8 0\nMoves: U", MoveError, "U"),
        (
            "Scramble: 1 2 3/4 5 6/7 0 8\nMoves: L\nTimes: 0 10",
            ReconstructionError,
            "there are 2 times for 1 move: give each move its time",
        ),
        (ONE_MOVE + "5 10", ReconstructionError, "first move's time must be 0"),
        (ONE_MOVE + "0 -1", ReconstructionError, "'-1' is not a whole number"),
        (ONE_MOVE + "0 1.5", ReconstructionError, "'1.5' is not a whole number"),
        ("Scramble: 1 2 3/4 5 6/0 7 8\nMoves: L X", MoveError, "'X' at character 3 is not a move"),
        ("Scramble: 1 2 3/4 5 6/0 7\nMoves: L", BoardError, "row 3 has 2 numbers"),
        ("a\nb\nc\nd", ReconstructionError, "4 lines without field names"),
    ],
)
def test_every_malformed_text_is_named(text: str, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=re.escape(fragment)):
        read_reconstruction(text)
    reply = api({"op": "reconstruction", "text": text})
    assert reply["ok"] is False and fragment in reply["error"]["message"]


def test_times_that_go_back_are_named_and_the_api_refuses_bad_fields() -> None:
    with pytest.raises(ReconstructionError, match=re.escape("time 3 (100 ms) comes before time 2 (200 ms)")):
        reconstruction(parse_board("1 2 3/4 5 6/0 7 8").slide("L").slide("R"), "LRL", None, [0, 200, 100])
    for request, fragment in [
        ({"board": "1 2 3/4 5 6/7 0 8", "moves": 5}, "field 'moves' must be the moves played"),
        ({"board": "1 2 3/4 5 6/7 0 8", "moves": "L", "times": "0"}, "field 'times' must be a list"),
        ({"board": "1 2 3/4 5 6/7 0 8", "moves": "L", "seed": True}, "field 'seed' must be a whole number"),
        ({"board": "1 2 3/4 5 6/7 0 8", "moves": "L", "convention": "tiles"}, "field 'convention' must be"),
    ]:
        reply = api({"op": "reconstruction", **request})
        assert reply["ok"] is False and fragment in reply["error"]["message"], reply


BLIND = {"op": "reconstruction", "board": "1 2 3/4 5 6/0 7 8", "moves": "L2", "times": [0, 250]}
"""A two-move solve whose last move came at 250 ms."""


def test_a_blindfolded_solve_s_clock_that_ran_past_the_last_move_is_its_time() -> None:
    reply = api({**BLIND, "total_ms": 1000})  # Done pressed 750 ms after the last move
    assert reply["ok"] and reply["total_ms"] == 1000 and reply["seconds"] == 1.0 and reply["tps"] == 2.0
    assert reply["times"] == [0, 250]
    assert "Times: 0 250\nTotal: 1000\nSolve: 2 moves (1 line move) in 1.000 s, 2.00 moves/s\n" in reply["text"]
    solve = read_reconstruction(reply["text"])
    assert solve.total == 1000 and solve.seconds == 1.0 and write_reconstruction(solve) == reply["text"]
    assert api({"op": "reconstruction", "text": reply["text"]}) == reply
    at_last = api({**BLIND, "total_ms": 250})  # the clock stopped with the last move: as without a total
    assert at_last == api(BLIND) and at_last["total_ms"] is None and "Total" not in at_last["text"]


def test_without_a_total_the_last_move_s_time_is_the_solve_s() -> None:
    for request in (BLIND, {**BLIND, "total_ms": None}):
        reply = api(request)
        assert reply["ok"] and reply["total_ms"] is None and reply["seconds"] == 0.25 and reply["tps"] == 8.0
        assert reply["text"] == EXAMPLE.replace("Seed: 50546\n", "")


@pytest.mark.parametrize(
    ("total", "fragment"),
    [
        (249, "the total time (249 ms) comes before the last move's time (250 ms)"),
        (1000.5, "the total time (1000.5) is not a whole number of milliseconds"),
        (True, "the total time (True) is not a whole number of milliseconds"),
        ("1000", "the total time ('1000') is not a whole number of milliseconds"),
        (-1, "the total time (-1) is not a whole number of milliseconds"),
        (10**12, "the total time (1000000000000) is not a whole number of milliseconds"),
    ],
)
def test_a_total_before_the_last_move_or_not_whole_ms_is_refused_quoting_it(total: object, fragment: str) -> None:
    with pytest.raises(ReconstructionError, match=re.escape(fragment)):
        reconstruction(parse_board(str(BLIND["board"])), "LL", None, [0, 250], None, total)
    reply = api({**BLIND, "total_ms": total})
    assert reply["ok"] is False and reply["error"]["type"] == "ReconstructionError"
    assert fragment in reply["error"]["message"]


def test_a_total_needs_the_times_and_a_text_s_total_is_read_as_whole_ms() -> None:
    fragment = "the total time (900 ms) is given without the moves' times: give both"
    reply = api({**BLIND, "times": None, "total_ms": 900})
    assert reply["ok"] is False and fragment in reply["error"]["message"]
    with pytest.raises(ReconstructionError, match=re.escape(fragment)):
        read_reconstruction("Scramble: 1 2 3/4 5 6/0 7 8\nMoves: L2\nTotal: 900")
    with pytest.raises(ReconstructionError, match=re.escape("the total time '1.5 s' is not a whole number")):
        read_reconstruction("Scramble: 1 2 3/4 5 6/0 7 8\nMoves: L2\nTimes: 0 250\nTotal: 1.5 s")
    with pytest.raises(ReconstructionError, match=re.escape("comes before the last move's time (250 ms)")):
        read_reconstruction("Scramble: 1 2 3/4 5 6/0 7 8\nMoves: L2\nTimes: 0 250\nTotal: 100")


def test_a_seed_that_does_not_deal_the_scramble_is_refused_naming_both_boards() -> None:
    """A reconstruction's Seed claims a fair scramble: one its seed did not deal would be a solve of a chosen board
    passed off as a fair one (as a speedsolver's leaderboard would take it), so it is refused, not kept unchecked."""
    fragment = (
        "seed 7 deals 0 7 8/6 3 1/5 4 2, not the scramble 1 2 3/4 5 6/0 7 8: a solve with a Seed claims the fair "
        "scramble of that seed, so give the seed that dealt it, or leave the Seed out"
    )
    text = EXAMPLE.replace("Seed: 50546", "Seed: 7")
    with pytest.raises(ReconstructionError, match=re.escape(fragment)):
        read_reconstruction(text)
    with pytest.raises(ReconstructionError, match=re.escape(fragment)):
        reconstruction(parse_board("1 2 3/4 5 6/0 7 8"), "LL", seed=7)
    for request in ({"text": text}, {"board": "1 2 3/4 5 6/0 7 8", "moves": "L2", "seed": 7}):
        reply = api({"op": "reconstruction", **request})
        assert reply["ok"] is False and reply["error"]["type"] == "ReconstructionError"
        assert reply["error"]["message"] == fragment
    assert read_reconstruction(EXAMPLE.replace("Seed: 50546\n", "")).seed is None  # no seed: no claim, no check


@pytest.mark.parametrize(
    ("seed", "fragment"),
    [
        ("x" * 5000, "got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (5,000 characters)"),
        ("9" * 30, "got '999999999999999999999999999999'"),
        ("\u0007bell", "got '\\x07bell'"),
    ],
)
def test_a_seed_past_the_seeds_rule_is_refused_quoting_it(seed: str, fragment: str) -> None:
    for request in ({"text": f"Scramble: 1 2 3/4 5 6/0 7 8\nSeed: {seed}\nMoves: L2"}, {**BLIND, "seed": seed}):
        reply = api({"op": "reconstruction", **request})
        assert reply["ok"] is False and reply["error"]["message"].startswith("the Seed is not one: a seed is a whole")
        assert fragment in reply["error"]["message"] and len(reply["error"]["message"]) < 300


@pytest.mark.parametrize("goal", ["default", "blank-first"])
@pytest.mark.parametrize("seed", [42, "lucky day", 2**64 - 1])
def test_the_page_s_dealt_board_keeps_its_seed(goal: str, seed: int | str) -> None:
    """What the page does: Deal asks ``random`` for a seed's board, and the game's reconstruction passes that seed (as
    a string) with the board and the goal; a text of digits is the seed of its number."""
    dealt = api({"op": "random", "rows": 4, "cols": 4, "seed": seed, "goal": goal})
    board = dealt["board"]["text"]  # type: ignore[index]
    reply = api({"op": "reconstruction", "board": board, "goal": goal, "moves": "", "seed": str(dealt["seed"])})
    assert reply["ok"] and reply["seed"] == str(seed) and f"Seed: {seed}\n" in reply["text"], reply
    assert api({"op": "reconstruction", "text": reply["text"]}) == reply
