"""Benchmark instance sets with known optimal lengths, shipped with the package: one reader per file.

* :func:`korf100`: Korf's 100 random 15-puzzles (Korf 1985), ``data/korf100.txt``, read by :func:`parse_korf100`
  (``id length manhattan_h0 ida_md_nodes | 16 tiles`` per line);
* :func:`korf24`: Korf & Felner's 50 random 24-puzzles (Korf & Felner 2002), ``data/korf24_50.txt``, read by
  :func:`parse_korf24` (``id length 25 tiles`` per line);
* :func:`hardest8`: the four 31-move 8-puzzles, two for each goal convention, ``data/hardest8.txt``, read by
  :func:`parse_hardest8` (``9 tiles  # 31 moves`` per line, under a ``# goal …`` line naming the convention);
* :func:`korf100_mtm`: Korf's 100 with their optimal lengths in line moves, ``data/korf100-mtm.txt`` (read by
  :func:`parse_boards`, under ``# goal blank-first`` and ``# metric mtm`` lines);
* :func:`hardest8_mtm`: the 8-puzzles farthest in line moves (24, one for each goal convention),
  ``data/hardest8-mtm.txt``, in the same format under a ``# metric mtm`` line;
* :func:`hardest15_mtm`: the 16 15-puzzles farthest in line moves (43, published by Norskog & Davidson 2010),
  ``data/hardest15-mtm.txt``, read by :func:`parse_boards`;
* :func:`parse_boards`: a plain-text file of one's own, one board per line with an optional known length.

:data:`SETS` names the shipped sets (what ``npuzzle bench SET`` takes) with their goal conventions. Every
:class:`Instance` holds an id, the optimal length (``None`` where a file of one's own gives none), the tiles
(row-major, 0 = blank), its goal (Korf's sets use ``blank-first``, ``0 1 2 …``) and the metric its length is
counted in (single-tile moves unless a ``# metric mtm`` line says line moves). Lines starting with ``#`` and
blank lines are comments; a malformed line raises :class:`InstanceFileError` quoting it. Sources: ``data/README.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from math import isqrt

from ..board import MAX_MOVES, Board, GoalName
from ..errors import PuzzleError, cut, quote_input
from ..optimal.metric import Metric, metric_name
from ..parse import parse_board, resolve_goal


class InstanceFileError(PuzzleError):
    """A benchmark instance file has a malformed line."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One benchmark instance: its id, the known optimal length (``None``: not given), the tiles (row-major, 0 =
    blank; a square board unless ``shape`` says otherwise) and the goal they are measured against (``default``,
    ``blank-first`` or a board's text); ``manhattan_nodes`` is the node count of IDA* with Manhattan distance where
    the file gives it (Korf's 100), else ``None``; ``metric`` is what the length counts: single-tile moves
    (``stm``) or line moves (``mtm``)."""

    ident: int
    optimal: int | None
    tiles: tuple[int, ...]
    goal: GoalName | str = "blank-first"
    manhattan_nodes: int | None = None
    shape: tuple[int, int] | None = None
    metric: Metric = "stm"

    @property
    def side(self) -> int:
        """Rows (= columns) of a square board."""
        return isqrt(len(self.tiles))

    def board(self) -> Board:
        """The instance as a :class:`~npuzzle.board.Board`."""
        rows, cols = self.shape or (self.side, self.side)
        return Board(rows, cols, self.tiles)

    def goal_board(self) -> Board:
        """The goal the optimal length is measured against."""
        board = self.board()
        return resolve_goal(self.goal, board.rows, board.cols)


def _numbers(text: str) -> list[int]:
    return [int(t) for t in text.split()]


def _lines(text: str) -> list[tuple[int, str]]:
    """The ``(line number, line)`` pairs of ``text`` that are neither blank nor ``#`` comments."""
    return [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def _bad(number: int, line: str, form: str) -> InstanceFileError:
    return InstanceFileError(f"line {number} is not '{form}': {quote_input(line, 80)}")


def parse_korf100(text: str) -> list[Instance]:
    """The instances of a text in Korf's 15-puzzle format, ``id length manhattan_h0 ida_md_nodes | 16 tiles``
    (blank-first goal); raises :class:`InstanceFileError` quoting a malformed line."""
    form = "id length manhattan_h0 ida_md_nodes | 16 tiles"
    out: list[Instance] = []
    for number, line in _lines(text):
        try:
            head, tail = line.split("|")
            fields, tiles = _numbers(head), tuple(_numbers(tail))
        except ValueError:
            raise _bad(number, line, form) from None
        if len(fields) != 4 or len(tiles) != 16:
            raise _bad(number, line, form)
        out.append(Instance(fields[0], fields[1], tiles, "blank-first", fields[3]))
    return out


def parse_korf24(text: str) -> list[Instance]:
    """The instances of a text in Korf & Felner's 24-puzzle format, ``id length 25 tiles`` (blank-first goal);
    raises :class:`InstanceFileError` quoting a malformed line."""
    out: list[Instance] = []
    for number, line in _lines(text):
        try:
            fields = _numbers(line)
        except ValueError:
            raise _bad(number, line, "id length 25 tiles") from None
        if len(fields) != 27:
            raise _bad(number, line, "id length 25 tiles")
        out.append(Instance(fields[0], fields[1], tuple(fields[2:])))
    return out


_GOAL_LINE = re.compile(r"#\s*goal\s+([0-9 ]+[0-9])")
_MOVES = re.compile(r"#\s*([0-9]+)\s+moves\s*$")


_METRIC_LINE = re.compile(r"#\s*metric\s+(\S+)\s*$")


def parse_hardest8(text: str) -> list[Instance]:
    """The positions of a text in the hardest-8-puzzles format: ``9 tiles  # N moves`` per line, each under a
    ``# goal 1 2 … 8 0`` (default) or ``# goal 0 1 … 8`` (blank-first) line, the lengths in single-tile moves unless
    a ``# metric mtm`` line above says line moves; ids count from 1 in file order. Raises
    :class:`InstanceFileError` quoting a malformed line, an unknown metric or a position before any goal line."""
    names: tuple[GoalName, ...] = ("default", "blank-first")
    goals = {resolve_goal(name, 3, 3).tiles: name for name in names}
    goal: GoalName | None = None
    metric: Metric = "stm"
    out: list[Instance] = []
    for number, line in enumerate(text.splitlines(), start=1):
        named_metric = _METRIC_LINE.match(line.strip())
        if named_metric:
            metric = _metric(named_metric.group(1), number, line)
            continue
        header = _GOAL_LINE.match(line.strip())
        if header:
            named = goals.get(tuple(_numbers(header.group(1))))
            if named is None:
                raise InstanceFileError(
                    f"line {number} names a goal that is neither default nor blank-first: {quote_input(line, 80)}"
                )
            goal = named
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        board, _, comment = line.partition("#")
        moves = _MOVES.match("#" + comment)
        try:
            tiles = tuple(_numbers(board))
        except ValueError:
            raise _bad(number, line, "9 tiles  # N moves") from None
        if len(tiles) != 9 or moves is None:
            raise _bad(number, line, "9 tiles  # N moves")
        if goal is None:
            raise InstanceFileError(f"line {number} comes before any '# goal' line: {quote_input(line, 80)}")
        out.append(Instance(len(out) + 1, int(moves.group(1)), tiles, goal, metric=metric))
    return out


def _metric(word: str, number: int, line: str) -> Metric:
    """The metric a ``# metric`` line names (:func:`~npuzzle.optimal.metric.metric_name`); raises
    :class:`InstanceFileError` quoting any other."""
    try:
        return metric_name(word)
    except PuzzleError as exc:
        raise InstanceFileError(f"line {number}: {exc}: {quote_input(line, 80)}") from None


def _data(name: str) -> str:
    return resources.files("npuzzle").joinpath("data", name).read_text(encoding="utf-8")


def korf100() -> list[Instance]:
    """Korf's 100 15-puzzles with their optimal lengths and Manhattan IDA* node counts (``data/korf100.txt``)."""
    return parse_korf100(_data("korf100.txt"))


def korf24() -> list[Instance]:
    """Korf & Felner's 50 24-puzzles with their published optimal lengths (``data/korf24_50.txt``)."""
    return parse_korf24(_data("korf24_50.txt"))


def hardest8() -> list[Instance]:
    """The four 31-move 8-puzzles: two for the default goal, then two for blank-first (``data/hardest8.txt``)."""
    return parse_hardest8(_data("hardest8.txt"))


def korf100_mtm() -> list[Instance]:
    """Korf's 100 15-puzzles with their optimal lengths in line moves (``data/korf100-mtm.txt``, computed by this
    package's line-move IDA*: ``docs/benchmarks-speedsolving.md``)."""
    return parse_boards(_data("korf100-mtm.txt"))


def hardest8_mtm() -> list[Instance]:
    """The 8-puzzles farthest from the goal in line moves, 24 (the radius in that metric): one for the default goal,
    one for blank-first (``data/hardest8-mtm.txt``)."""
    return parse_hardest8(_data("hardest8-mtm.txt"))


def hardest15_mtm() -> list[Instance]:
    """The 16 15-puzzles 43 line moves from the goal, the most there are (Norskog & Davidson 2010; published
    lengths, ``data/hardest15-mtm.txt``)."""
    return parse_boards(_data("hardest15-mtm.txt"))


_KNOWN = re.compile(r"#\s*([0-9]+)(?:\s+moves?)?\s*$")  # ASCII digits: \d and int() read other scripts' too


def parse_boards(text: str, goal: str | None = None) -> list[Instance]:
    """The boards of a plain-text file of one's own: one board per line as ``npuzzle`` reads a board on one line
    (``1 2 3 / 4 5 6 / 7 8 0``, or a flat square list), optionally followed by ``# N`` or ``# N moves``, its known
    optimal length; a ``# goal NAME`` line (``default``, ``blank-first`` or a board) sets the goal of the lines
    below it, else ``goal`` does, and a ``# metric mtm`` line counts their lengths in line moves (``stm``: single
    tiles, the default); ids count from 1. Raises :class:`InstanceFileError` quoting a line that is not a
    board, and for a board with no goal stated."""
    current = goal
    metric: Metric = "stm"
    out: list[Instance] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            header = stripped.lstrip("#").strip()
            if header.lower().startswith("goal "):
                current = header[5:].strip()
            elif header.lower().startswith("metric "):
                metric = _metric(header[7:], number, line)
            continue
        if not stripped:
            continue
        board_text, _, comment = stripped.partition("#")
        known = _KNOWN.match("#" + comment) if comment.strip() else None
        try:
            board = parse_board(board_text)
            if current is None:
                raise InstanceFileError(
                    f"line {number} has no goal: state one with a '# goal default' (or blank-first, or a board) line "
                    "above it, or give the goal"
                )
            resolve_goal(current, board.rows, board.cols)
        except InstanceFileError:
            raise
        except PuzzleError as exc:
            raise InstanceFileError(f"line {number}: {exc}: {quote_input(line, 80)}") from None
        if comment.strip() and known is None:
            raise _bad(number, line, "BOARD  # N moves")
        optimal = _known_length(known.group(1), number, line) if known else None
        out.append(Instance(len(out) + 1, optimal, board.tiles, current, None, (board.rows, board.cols), metric))
    return out


def _known_length(digits: str, number: int, line: str) -> int:
    """The known optimal length ``digits`` of line ``number``; raises :class:`InstanceFileError` quoting the line
    when it is more than :data:`~npuzzle.board.MAX_MOVES` (read only when its digits are few enough to be
    such a number)."""
    if len(digits) > len(str(MAX_MOVES)) or int(digits) > MAX_MOVES:
        raise InstanceFileError(
            f"line {number}: a known length of {cut(digits, 12, 'digits')} moves is more than any solve "
            f"({MAX_MOVES:,} moves at most): {quote_input(line, 80)}"
        )
    return int(digits)


@dataclass(frozen=True, slots=True)
class InstanceSet:
    """A shipped benchmark set: its name (what ``npuzzle bench`` takes), a title, its goal convention in words, and
    how to read it."""

    name: str
    title: str
    convention: str
    read: Callable[[], list[Instance]]


SETS: dict[str, InstanceSet] = {
    s.name: s
    for s in (
        InstanceSet("korf100", "Korf's 100 random 15-puzzles (1985)", "blank first (0 1 2 … 15), Korf's", korf100),
        InstanceSet(
            "korf24", "Korf & Felner's 50 random 24-puzzles (2002)", "blank first (0 1 2 … 24), Korf's", korf24
        ),
        InstanceSet(
            "hardest8",
            "the four 31-move 8-puzzles, the hardest there are",
            "two for the blank last (1 2 … 8 0), two for the blank first",
            hardest8,
        ),
        InstanceSet(
            "korf100-mtm",
            "Korf's 100 random 15-puzzles (1985) in line moves",
            "blank first (0 1 2 … 15), Korf's",
            korf100_mtm,
        ),
        InstanceSet(
            "hardest8-mtm",
            "the 8-puzzles farthest in line moves (24), one for each goal",
            "one for the blank last (1 2 … 8 0), one for the blank first",
            hardest8_mtm,
        ),
        InstanceSet(
            "hardest15-mtm",
            "the 16 15-puzzles farthest in line moves (43, Norskog & Davidson 2010)",
            "blank last (1 2 … 15 0)",
            hardest15_mtm,
        ),
    )
}
"""The benchmark sets shipped with the package, by name."""
