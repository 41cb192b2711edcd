"""The instance sets the package ships, read by ``npuzzle.research.instances``: counts, known lines, malformed lines."""

from __future__ import annotations

import re

import pytest

from npuzzle import is_solvable
from npuzzle.errors import PuzzleError
from npuzzle.research.instances import (
    InstanceFileError,
    hardest8,
    korf24,
    korf100,
    parse_hardest8,
    parse_korf24,
    parse_korf100,
)


def test_korf100_counts_and_first_line() -> None:
    instances = korf100()
    assert [i.ident for i in instances] == list(range(1, 101))
    assert sum(i.optimal for i in instances) == 5305
    first = instances[0]
    assert (first.ident, first.optimal, first.manhattan_nodes) == (1, 57, 276361933)
    assert first.tiles == (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)
    assert first.goal == "blank-first" and first.board().rows == 4
    assert all(sorted(i.tiles) == list(range(16)) and is_solvable(i.board(), i.goal_board()) for i in instances)


def test_korf24_counts_and_first_line() -> None:
    instances = korf24()
    assert [i.ident for i in instances] == list(range(1, 51))
    assert sum(i.optimal for i in instances) == 5039
    assert all(sorted(i.tiles) == list(range(25)) and i.manhattan_nodes is None for i in instances)
    assert all(is_solvable(i.board(), i.goal_board()) for i in instances)


def test_hardest8_both_conventions() -> None:
    instances = hardest8()
    assert [(i.ident, i.goal, i.optimal) for i in instances] == [
        (1, "default", 31),
        (2, "default", 31),
        (3, "blank-first", 31),
        (4, "blank-first", 31),
    ]
    assert instances[1].tiles == (8, 6, 7, 2, 5, 4, 3, 0, 1)
    assert all(is_solvable(i.board(), i.goal_board()) for i in instances)


def test_comments_and_blank_lines_are_skipped() -> None:
    text = "# a comment\n\n  # indented comment\n7 40 30 12345 | " + " ".join(map(str, range(16))) + "\n"
    (only,) = parse_korf100(text)
    assert (only.ident, only.optimal, only.manhattan_nodes, only.tiles) == (7, 40, 12345, tuple(range(16)))


@pytest.mark.parametrize(
    ("parse", "line"),
    [
        (parse_korf100, "1 57 41 276361933 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"),  # no bar
        (parse_korf100, "1 57 41 | 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"),  # a field missing
        (parse_korf100, "1 57 41 276361933 | 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10"),  # 15 tiles
        (parse_korf100, "1 57 x 276361933 | 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"),
        (parse_korf24, "1 95 " + " ".join(map(str, range(24)))),
        (parse_korf24, "1 ninety " + " ".join(map(str, range(25)))),
        (parse_hardest8, "# goal 1 2 3 4 5 6 7 8 0\n6 4 7 8 5 0 3 2  # 31 moves"),
        (parse_hardest8, "# goal 1 2 3 4 5 6 7 8 0\n6 4 7 8 5 0 3 2 1"),  # no length
    ],
)
def test_a_malformed_line_is_quoted(parse: object, line: str) -> None:
    number, bad = len(line.splitlines()), line.splitlines()[-1]
    with pytest.raises(InstanceFileError, match=f"line {number} is not .*: {re.escape(repr(bad))}$") as caught:
        parse(line)  # type: ignore[operator]
    assert isinstance(caught.value, PuzzleError) and isinstance(caught.value, ValueError)


def test_hardest8_needs_a_known_goal_line_first() -> None:
    with pytest.raises(InstanceFileError, match="before any '# goal' line: '6 4 7"):
        parse_hardest8("6 4 7 8 5 0 3 2 1  # 31 moves\n")
    with pytest.raises(InstanceFileError, match="neither default nor blank-first: '# goal 2 1"):
        parse_hardest8("# goal 2 1 3 4 5 6 7 8 0\n")
