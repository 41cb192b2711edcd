"""The speedsolvers' notation (letters with repeat counts, ``U2RD3L``) and the two ways of counting moves: read and
written back to the same text, Slidysim's convention by default and the blank's by a switch, never a guess."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from npuzzle import MoveError, goal_board, parse_board
from npuzzle.interchange import MAX_NOTATION_MOVES, NOTATION_SOURCE, read_notation, write_notation
from npuzzle.optimal.metric import count_moves, count_tiles, metric_name, runs

DOC = Path(__file__).resolve().parents[1] / "docs" / "speedsolving.md"


def doc_examples() -> list[str]:
    """The move texts in the ``notation`` code blocks of docs/speedsolving.md (one per line, before any ``#``)."""
    blocks = re.findall(r"```text notation\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [line.split("#")[0].strip() for block in blocks for line in block.splitlines() if line.split("#")[0].strip()]


def test_slidysims_own_example_reads_as_its_readme_says() -> None:
    example = "URDL2UR2DLUR2ULURDL2URDLUL"  # Slidysim's readme: the solution format
    letters = read_notation(example)
    assert letters == "URDLLURRDLURRULURDLLURDLUL"
    assert write_notation(letters) == example
    assert "tile moves to the top" in NOTATION_SOURCE


@pytest.mark.parametrize("text", ["U2RD3L", "", "R", "L100", "D3R3U3L3", "URDL2UR2DLUR2ULURDL2URDLUL"])
def test_text_to_moves_to_text(text: str) -> None:
    assert write_notation(read_notation(text)) == text
    assert write_notation(read_notation(write_notation(read_notation(text), "blank"), "blank")) == text


def test_the_examples_in_the_docs_round_trip_and_play() -> None:
    examples = doc_examples()
    assert len(examples) >= 4, "docs/speedsolving.md lists its notation examples in ```text notation blocks"
    for text in examples:
        assert write_notation(read_notation(text)) == text.replace(" ", "")


def test_the_blank_convention_is_the_other_direction() -> None:
    board = parse_board("1 2 3 / 4 5 6 / 7 0 8")
    assert board.apply(read_notation("L")) == goal_board(3, 3)  # tile 8 slides left
    assert board.apply(read_notation("R", "blank")) == goal_board(3, 3)  # the blank moves right
    assert read_notation("U2RD3L", "blank") == "DDLUUUR"
    assert write_notation("DDLUUUR", "blank") == "U2RD3L"


def test_spaces_and_lower_case_are_read_and_written_canonically() -> None:
    assert read_notation(" u2 r d3  l ") == "UURDDDL"
    assert write_notation(read_notation("u2 r d3 l")) == "U2RD3L"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("U0", "repeats a move 0 times"),
        ("UX2", "'X' at character 2 is not a move"),
        ("2U", "'2' at character 1 is not a move"),
        ("U,R", "',' at character 2"),
        ("R99999999", f"more than {MAX_NOTATION_MOVES:,}"),
        ("R" + "9" * 5000, "more than"),
    ],
)
def test_what_is_not_the_notation_is_named_never_guessed(text: str, fragment: str) -> None:
    with pytest.raises(MoveError, match=re.escape(fragment)):
        read_notation(text)


def test_an_unknown_convention_or_letter_is_refused() -> None:
    with pytest.raises(MoveError, match="unknown letter convention 'tiles'"):
        read_notation("U", "tiles")  # type: ignore[arg-type]
    with pytest.raises(MoveError, match="other than U, D, L, R"):
        write_notation("UXR")


@given(st.text(alphabet="UDLR", max_size=60), st.sampled_from(["tile", "blank"]))
def test_any_letters_round_trip(letters: str, convention: str) -> None:
    text = write_notation(letters, convention)  # type: ignore[arg-type]
    assert read_notation(text, convention) == letters  # type: ignore[arg-type]
    assert not re.search(r"([UDLR])\d*\1", text)  # a run is written once: no letter follows itself


def test_u2_is_two_moves_in_stm_and_one_in_mtm() -> None:
    assert count_moves(read_notation("U2"), "stm") == 2
    assert count_moves(read_notation("U2"), "mtm") == 1
    assert count_moves(read_notation("U2RD3L"), "stm") == 7
    assert count_moves(read_notation("U2RD3L"), "mtm") == 4
    assert runs("UURDDDL") == [("U", 2), ("R", 1), ("D", 3), ("L", 1)]
    board = parse_board("1 2 3 / 4 5 6 / 0 7 8")
    assert count_tiles(board, [7, 8], "mtm") == 1 and count_tiles(board, [7, 8], "stm") == 2


def test_metric_names() -> None:
    assert metric_name(" MTM ") == "mtm" and metric_name("stm") == "stm"
    with pytest.raises(ValueError, match="unknown metric 'lines'"):
        metric_name("lines")
