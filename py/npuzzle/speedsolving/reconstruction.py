"""A reconstruction: a solve written down so that anyone can replay it — the scramble, the moves in the
speedsolvers' notation and, when the solve was timed, the time of every move.

The text is one field a line, ``Name: value`` (names in any case, lines in any order, blank lines skipped)::

    Scramble: 8 6 7/2 5 4/3 0 1
    Moves: U2RD3L
    Times: 0 180 350 610 800 1000 1230
    Total: 1500
    Solve: 7 moves (4 line moves) in 1.500 s, 4.67 moves/s

``Scramble`` (the start, rows joined by ``/`` as Slidysim writes them) and ``Moves`` (single-tile letters, the
direction the tile moves, each with an optional repeat count: :func:`npuzzle.interchange.read_notation`) are
required. ``Goal`` is the goal when it is not the usual one (blank last); ``Seed`` the seed that dealt the scramble
(:func:`npuzzle.speedsolving.scrambles.deal`, for the goal), refused when it does not: a solve never claims a fair
scramble it was not dealt from; ``Times`` the milliseconds from the first move to each single-tile move (the first is 0:
the clock starts with the first move, as in Slidysim), one per move, never decreasing; ``Total`` the ms on the clock
when it stopped, when that was after the last move (a blindfolded solve's clock runs until Done), the solve's time
then. ``Solve`` is what the others add up to and is written for people: it is worked out again on reading, never
trusted. A paste of bare lines, without names, is read as the scramble, then the moves, then the times.

:func:`read_reconstruction` reads the text (every problem a :class:`~npuzzle.errors.ReconstructionError` or
:class:`~npuzzle.errors.MoveError` naming it), :func:`write_reconstruction` writes it; reading what was written
gives the same :class:`Reconstruction`. Both take the letters' convention (Slidysim's, the tile's direction, by default;
the blank's by a switch, never guessed: a text does not say which it uses).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeGuard

from ..board import Board, goal_board
from ..errors import LimitError, ReconstructionError, cut, plural, quote_input, show_value
from ..interchange import Convention, play_letters, read_notation, write_form, write_notation
from ..optimal.metric import count_moves
from ..parse import parse_board, resolve_goal
from .scrambles import deal, seed_text

MAX_TEXT_CHARS = 2_000_000
"""The longest reconstruction text read."""

MAX_TIME_DIGITS = 12
"""The most digits of a move's time in ms (just under 10¹² ms, some 31 years): a time is a whole number of ms from
0 to ``10 ** MAX_TIME_DIGITS - 1``, in a text or a list alike."""

FIELDS = ("scramble", "goal", "seed", "moves", "times", "total", "solve")
"""The field names, in the order they are written."""

_FIELD = re.compile(r"\s*([A-Za-z]+)\s*:\s*(.*?)\s*$")


@dataclass(frozen=True, slots=True)
class Reconstruction:
    """A solve written down: the ``board`` it started from, its ``goal``, the single-tile ``letters`` played (the
    direction the tile moves), the ``times`` in ms from the first move to each move (``None``: not timed, or no
    moves), the ``seed`` the board was dealt from (``None``: not dealt from a seed), the ``total`` ms on the clock when
    it stopped (``None``: at the last move) and the board the moves end at, ``end`` (:func:`reconstruction` plays
    them once, in place, and every property reads it)."""

    board: Board
    goal: Board
    letters: str
    times: tuple[int, ...] | None = None
    seed: str | None = None
    end: Board = field(kw_only=True)
    total: int | None = field(default=None, kw_only=True)

    @property
    def notation(self) -> str:
        """The moves in the speedsolvers' notation (``U2RD3L``)."""
        return write_notation(self.letters)

    @property
    def line_moves(self) -> int:
        """The moves counted in lines (the multi-tile metric)."""
        return count_moves(self.letters, "mtm")

    @property
    def seconds(self) -> float | None:
        """The solve's time: from its first move to the clock's stop, ``total``, or else to its last move (``None``
        when not timed)."""
        if not self.times:
            return None
        return (self.times[-1] if self.total is None else self.total) / 1000

    @property
    def tps(self) -> float | None:
        """Single-tile moves per second (``None`` when not timed or timed at 0)."""
        seconds = self.seconds
        return None if not seconds else round(len(self.letters) / seconds, 2)

    @property
    def solved(self) -> bool:
        """The moves end at the goal."""
        return self.end == self.goal

    def summary(self) -> str:
        """The ``Solve`` line: the moves in both metrics, and the time and moves per second when timed."""
        text = f"{plural(len(self.letters), 'move')} ({plural(self.line_moves, 'line move')})"
        if self.seconds is not None:
            text += f" in {self.seconds:.3f} s"
            if self.tps is not None:
                text += f", {self.tps:.2f} moves/s"
        return text if self.solved else f"{text}; does not reach the goal"


def reconstruction(
    board: Board,
    moves: str | Sequence[int | str],
    goal: Board | None = None,
    times: Sequence[object] | None = None,
    seed: object = None,
    total: object = None,
) -> Reconstruction:
    """A :class:`Reconstruction` checked: ``moves`` (single-tile letters, the tile's direction, or a sequence of
    tiles and letters: :func:`~npuzzle.interchange.move_letters`) playable from ``board`` (played once, in place),
    ``times`` (if any) one whole number of ms per move, from 0 at the first, never decreasing, each of at most
    :data:`MAX_TIME_DIGITS` digits; ``total`` (if any) the ms on the clock when it stopped, a whole number as
    those, at least the last move's time and given only with the times (one equal to it is not kept: the clock
    stopped at the last move, as without a total); ``seed`` (if any) a seed
    (:func:`npuzzle.speedsolving.scrambles.seed_text`, kept as it writes it) that deals ``board`` for ``goal``
    (:func:`npuzzle.speedsolving.scrambles.deal`, O(cells)): else a :class:`~npuzzle.errors.ReconstructionError` naming
    both boards."""
    goal = goal if goal is not None else goal_board(board.rows, board.cols)
    dealt_from = None if seed is None or seed == "" else _checked_seed(seed, board, goal)  # O(cells), first
    letters, end = play_letters(board, moves)  # a MoveError names the first move that cannot be played
    checked = None if not times else _checked_times(times, len(letters))  # no moves: nothing timed
    clock = None if total is None else _checked_total(total, checked)
    return Reconstruction(board, goal, letters, checked, dealt_from, end=end, total=clock)


def _checked_seed(seed: object, board: Board, goal: Board) -> str:
    """The seed as the scrambles' key writes it, when it deals ``board`` for ``goal``."""
    try:
        text = seed_text(seed)
    except LimitError as exc:
        raise ReconstructionError(f"the Seed is not one: {exc}") from None
    dealt = deal(board.rows, board.cols, text, goal).board
    if dealt != board:
        raise ReconstructionError(
            f"seed {text} deals {cut(write_form(dealt, 'slidysim'))}, not the scramble "
            f"{cut(write_form(board, 'slidysim'))}: a solve with a Seed claims the fair scramble of that seed, so "
            "give the seed that dealt it, or leave the Seed out"
        )
    return text


def _checked_times(times: Sequence[object], moves: int) -> tuple[int, ...]:
    if len(times) != moves:
        raise ReconstructionError(
            f"there {'is' if len(times) == 1 else 'are'} {plural(len(times), 'time')} for "
            f"{plural(moves, 'move')}: give each move its time"
        )
    checked: list[int] = []
    for at, ms in enumerate(times):
        if not _whole_ms(ms):
            raise ReconstructionError(
                f"time {at + 1} ({show_value(ms, unit='digits')}) is not a whole number of milliseconds from 0 to "
                f"{10**MAX_TIME_DIGITS - 1:,}"
            )
        if at == 0 and ms != 0:
            raise ReconstructionError(f"the first move's time must be 0 (the clock starts with it), got {ms}")
        if at and ms < checked[-1]:
            raise ReconstructionError(f"time {at + 1} ({ms} ms) comes before time {at} ({checked[-1]} ms)")
        checked.append(ms)
    return tuple(checked)


def _checked_total(total: object, times: tuple[int, ...] | None) -> int | None:
    if not _whole_ms(total):
        raise ReconstructionError(
            f"the total time ({show_value(total, unit='digits')}) is not a whole number of milliseconds from 0 to "
            f"{10**MAX_TIME_DIGITS - 1:,}"
        )
    if times is None:
        raise ReconstructionError(f"the total time ({total} ms) is given without the moves' times: give both")
    if total < times[-1]:
        raise ReconstructionError(
            f"the total time ({total} ms) comes before the last move's time ({times[-1]} ms): the clock stops at the "
            "last move or after it"
        )
    return None if total == times[-1] else total


def _whole_ms(value: object) -> TypeGuard[int]:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < 10**MAX_TIME_DIGITS


def read_reconstruction(text: str, convention: Convention = "tile") -> Reconstruction:
    """The reconstruction written in ``text`` (the module text), its moves read in ``convention``."""
    if len(text) > MAX_TEXT_CHARS:
        raise ReconstructionError(f"a reconstruction is at most {MAX_TEXT_CHARS:,} characters, got {len(text):,}")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ReconstructionError(
            "the reconstruction is empty: give the scramble and the moves (Scramble: …, Moves: …)"
        )
    named = [_FIELD.fullmatch(line) for line in lines]
    fields: dict[str, str] = {}
    if not any(match and match.group(1).lower() in FIELDS for match in named):
        if len(lines) > 3:
            raise ReconstructionError(
                f"{len(lines)} lines without field names: give the scramble, the moves and the times, one a line, "
                "or name them (Scramble: …, Moves: …, Times: …)"
            )
        fields = dict(zip(("scramble", "moves", "times"), (line.strip() for line in lines), strict=False))
    else:
        for line, match in zip(lines, named, strict=True):
            name = match.group(1).lower() if match else ""
            if name not in FIELDS:
                raise ReconstructionError(
                    f"the line {quote_input(line.strip())} is not a field of a reconstruction: each line is one of "
                    "Scramble, Goal, Seed, Moves, Times, Solve, then ':' and its value"
                )
            if name in fields:
                raise ReconstructionError(f"the field {name.capitalize()} is given twice")
            fields[name] = match.group(2) if match else ""
    for required in ("scramble", "moves"):
        if required not in fields:
            raise ReconstructionError(f"the reconstruction has no {required.capitalize()} line")
    board = parse_board(fields["scramble"])
    goal = resolve_goal(fields["goal"], board.rows, board.cols) if fields.get("goal") else None
    letters = read_notation(fields["moves"], convention)
    times = _read_times(fields["times"]) if fields.get("times") else None
    total = _read_total(fields["total"]) if fields.get("total") else None
    return reconstruction(board, letters, goal, times, fields.get("seed") or None, total)


def _read_times(text: str) -> list[int]:
    out: list[int] = []
    for token in text.replace(",", " ").split():
        if not token.isascii() or not token.isdigit() or len(token) > MAX_TIME_DIGITS:
            raise ReconstructionError(f"the times {quote_input(text)}: {token!r} is not a whole number of milliseconds")
        out.append(int(token))
    return out


def _read_total(text: str) -> int:
    token = text.strip()
    if not token.isascii() or not token.isdigit() or len(token) > MAX_TIME_DIGITS:
        raise ReconstructionError(f"the total time {quote_input(text)} is not a whole number of milliseconds")
    return int(token)


def write_reconstruction(solve: Reconstruction, convention: Convention = "tile") -> str:
    """The text of ``solve`` (the module text), its moves written in ``convention``: :func:`read_reconstruction`
    reads it back (in the same convention) to the same one."""
    lines = [f"Scramble: {write_form(solve.board, 'slidysim')}"]
    if solve.goal != goal_board(solve.board.rows, solve.board.cols):
        lines.append(f"Goal: {write_form(solve.goal, 'slidysim')}")
    if solve.seed is not None:
        lines.append(f"Seed: {solve.seed}")
    lines.append(f"Moves: {write_notation(solve.letters, convention)}")
    if solve.times is not None:
        lines.append(f"Times: {' '.join(str(ms) for ms in solve.times)}")
    if solve.total is not None:
        lines.append(f"Total: {solve.total}")
    lines.append(f"Solve: {solve.summary()}")
    return "\n".join(lines) + "\n"
