"""Seeded fuzzing of every api operation and the command line's readers: prints how many cases ran, the slowest call
(a one-shot reply, a session's slice, a reader) and the largest memory peak; asserts nothing (``tests/test_fuzz.py``
asserts on the same cases).

    .venv/bin/python -m bench fuzz [--seeds 8] [--cases 400] [--heavy] [--memory]

A case is an api request (:meth:`npuzzle.api.Engine.handle`, or :meth:`~npuzzle.api.Engine.start` and
:data:`SLICE`-second ``advance`` calls, at most :data:`MAX_SLICES`, then ``cancel``) or a reader's call on a text
(:data:`READERS`), made from the seed alone: boards of every size from 2×2 to 60×60, move texts, reconstructions,
bench files, dataset rows, mangled with stray characters, other scripts' digits, huge numbers and wrong types. A case
*faults* when a reply's error is not an input error (:data:`INTERNAL`: ``InternalError``, ``MemoryError``) or a
reader raises anything but a :class:`~npuzzle.errors.PuzzleError`. :data:`HEAVY` is the catalogue of inputs that
once froze the page or the command line (issue 50), each named. Work is measured in CPU seconds of this process
(which a busy machine does not inflate); ``--memory`` also traces each case's memory peak (several times slower).
"""

from __future__ import annotations

import argparse
import json
import random
import string
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from npuzzle import api, goal_board
from npuzzle.board import Board
from npuzzle.errors import PuzzleError
from npuzzle.interchange import board_from_array, move_letters, read_form, read_notation, to_actions
from npuzzle.parse import parse_board, parse_moves, parse_shape, resolve_goal
from npuzzle.research.datafiles import rows_done
from npuzzle.research.dataset import COLUMN_NAMES, parse_scramble
from npuzzle.research.instances import parse_boards, parse_hardest8, parse_korf24, parse_korf100
from npuzzle.speedsolving.reconstruction import read_reconstruction
from npuzzle.speedsolving.scrambles import seed_text

from .common import machine

SLICE = 0.02
"""The seconds each ``advance`` of a session is given (the page gives 0.05)."""

MAX_SLICES = 4
"""The slices a session runs before it is cancelled: the fuzz is about input, not about finishing searches."""

SEEDS = 8
PER_SEED = 400
"""A run's cases: 400 from each of the seeds 0 to 7 (3,200; the test runs a seed a worker)."""

QUICK = {"max_nodes": 2_000, "budget": 0.05}
"""Limits a one-shot search request gets unless it names its own (a one-shot search runs to its end)."""

INTERNAL = frozenset({"InternalError", "MemoryError"})
"""The error types of a reply that are not an input error (:func:`npuzzle.api.requests.error_json`)."""

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 4), (5, 5), (4, 7), (10, 10), (60, 60)]
SHAPE_WEIGHTS = [6, 5, 3, 10, 3, 2, 3, 6, 2, 1, 1, 0.3]
"""Boards the cases are made on: mostly small (searches answer), some big (reading, moves and their caps)."""

ODD = ["٢", "²", "２", "߂", "\x00", "\u200b", "𝟙", "Ⅻ", "é", "\ufeff", "\r", "\t", "#", "/", ":", "-", "_", "\\"]
"""Characters a mangled text gains: other scripts' digits, controls, separators."""

NUMBERS: list[Any] = [0, 1, 2, 3, -1, 17, 2000, 2001, 10**9, 10**12, 2**53, 2**63, 2**64, -(2**63), 10**400, 0.5,
                      1e308, -0.0, float("nan"), float("inf")]  # fmt: skip
"""Numbers at the edges of the api's fields (10**400: beyond every cap; NaN and infinity: JSON as Python writes it)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One fuzz input: an api ``request`` (as a one-shot reply, or a ``session`` in slices) or a ``reader`` of
    :data:`READERS` called on ``args``; ``name`` says which, ``expect`` (heavy cases) the error type refused with, or
    ``ok``. A ``request`` given as a string is sent as it is (JSON text, or not)."""

    name: str
    request: object = None
    session: bool = False
    reader: str | None = None
    args: tuple[Any, ...] = ()
    expect: str | None = None

    def shown(self, most: int = 300) -> str:
        """The input, cut to ``most`` characters: enough to reproduce a small case, or to recognise a big one."""
        if self.reader is not None:
            text = repr(self.args)
        else:
            text = self.request if isinstance(self.request, str) else json.dumps(self.request)
        return text if len(text) <= most else f"{text[:most]}… ({len(text):,} characters)"


@dataclass(slots=True)
class Outcome:
    """What one case did: its calls' CPU seconds (``slowest``: the largest one, and its wall-clock twin), the reply
    or raised error's type (``answer``: ``ok``, a type name, or ``progress`` for a session cancelled), the fault if
    any, and the memory peak in bytes (``None`` untraced)."""

    case: Case
    calls: int = 0
    slowest: float = 0.0
    slowest_wall: float = 0.0
    answer: str = ""
    fault: str | None = None
    peak: int | None = None
    replies: list[str] = field(default_factory=list)


def _timed(outcome: Outcome, call: Callable[[], Any]) -> Any:
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        return call()
    finally:
        outcome.calls += 1
        spent = time.process_time() - cpu
        if spent >= outcome.slowest:
            outcome.slowest, outcome.slowest_wall = spent, time.perf_counter() - wall


def _read_reply(outcome: Outcome, text: str) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(text)
    error = reply.get("error") if isinstance(reply, dict) else None
    if isinstance(error, dict):
        outcome.answer = str(error.get("type"))
        if outcome.answer in INTERNAL or not isinstance(error.get("message"), str):
            outcome.fault = f"{error.get('type')}: {error.get('message')}"
    elif isinstance(reply, dict):
        outcome.answer = "ok" if reply.get("type") != "progress" else "progress"
    return reply


def run_case(case: Case, *, memory: bool = False) -> Outcome:
    """Run ``case`` on a fresh engine and measure it (``memory``: under :mod:`tracemalloc`, which it starts and
    stops)."""
    outcome = Outcome(case)
    if memory:
        tracemalloc.start()
    try:
        if case.reader is not None:
            _run_reader(case, outcome)
        else:
            _run_request(case, outcome)
    finally:
        if memory:
            outcome.peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    return outcome


def _run_reader(case: Case, outcome: Outcome) -> None:
    try:
        _timed(outcome, lambda: READERS[case.reader or ""](*case.args))
        outcome.answer = "ok"
    except PuzzleError as exc:
        outcome.answer = type(exc).__name__
    except Exception as exc:  # the fault the fuzz looks for: a reader's traceback
        outcome.answer = type(exc).__name__
        outcome.fault = f"{type(exc).__name__}: {str(exc)[:300]}"


def _run_request(case: Case, outcome: Outcome) -> None:
    engine = api.Engine()
    text = case.request if isinstance(case.request, str) else json.dumps(case.request)
    if not case.session:
        _read_reply(outcome, _timed(outcome, lambda: engine.handle(text)))
        return
    session = _timed(outcome, lambda: engine.start(text))
    for _ in range(MAX_SLICES):
        reply = _read_reply(outcome, _timed(outcome, lambda: session.advance(SLICE)))
        if reply.get("type") != "progress" or outcome.fault:
            return
    _read_reply(outcome, _timed(outcome, session.cancel))


def _dataset_file(text: str, suffix: str) -> object:
    """:func:`npuzzle.research.datafiles.rows_done` on ``text`` written to a file (``suffix``: ``.csv`` or
    ``.jsonl``)."""
    with tempfile.TemporaryDirectory(prefix="npuzzle-fuzz-") as folder:
        path = Path(folder) / f"rows{suffix}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return rows_done(path)


def _tables(data: bytes) -> object:
    """:meth:`npuzzle.api.Engine.load_tables` on ``data``; raises :class:`RuntimeError` for an internal error."""
    reply = json.loads(api.Engine().load_tables(data))
    error = reply.get("error") or {}
    if error.get("type") in INTERNAL:
        raise RuntimeError(error.get("message"))
    return reply


READERS: dict[str, Callable[..., object]] = {
    "board": parse_board,
    "moves": parse_moves,
    "notation": read_notation,
    "move_letters": move_letters,
    "reconstruction": read_reconstruction,
    "bench_file": parse_boards,
    "korf100": parse_korf100,
    "korf24": parse_korf24,
    "hardest8": parse_hardest8,
    "form": read_form,
    "array": board_from_array,
    "shape": parse_shape,
    "goal": resolve_goal,
    "scramble": parse_scramble,
    "seed": seed_text,
    "actions": to_actions,
    "dataset": _dataset_file,
    "tables": _tables,
}
"""The command line's readers by name: board text, moves, the notation, reconstructions, ``bench FILE`` and the
instance sets' files, the interchange forms, shapes, goals, dataset options and files, and a pattern database's
bytes as the api loads them."""


class Maker:
    """The inputs of the cases, drawn from one seeded :class:`random.Random`."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def shape(self) -> tuple[int, int]:
        return self.rng.choices(SHAPES, SHAPE_WEIGHTS)[0]

    def board(self, shape: tuple[int, int] | None = None) -> Board:
        """A board of ``shape``: a short walk from the goal (a search answers) or any permutation."""
        rows, cols = shape or self.shape()
        goal = goal_board(rows, cols)
        if rows * cols > 16 or self.rng.random() < 0.5:
            return Board(rows, cols, goal.apply(self.walk(goal, self.rng.randrange(0, 40))).tiles)
        tiles = list(goal.tiles)
        self.rng.shuffle(tiles)
        return Board(rows, cols, tuple(tiles))

    def walk(self, board: Board, length: int) -> str:
        """``length`` random legal moves on ``board`` as U/D/L/R letters (each the direction the tile moves)."""
        letters = []
        for _ in range(length):
            letter = self.rng.choice(sorted(board.movable_tiles()))
            letters.append(letter)
            board = board.slide(letter)
        return "".join(letters)

    def notation(self, letters: str) -> str:
        """``letters`` in the speedsolvers' notation, runs counted (``U3RD``)."""
        out, i = [], 0
        while i < len(letters):
            j = i
            while j < len(letters) and letters[j] == letters[i]:
                j += 1
            out.append(letters[i] + (str(j - i) if j - i > 1 else ""))
            i = j
        return "".join(out)

    def mangle(self, text: str) -> str:
        """``text`` with a few edits, often none: a stray character, a huge number, a cut, a doubled or lost
        part."""
        rng = self.rng
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            at = rng.randrange(len(text) + 1)
            kind = rng.randrange(7)
            if kind == 0:
                text = text[:at] + rng.choice(ODD) + text[at:]
            elif kind == 1:
                text = text[:at] + rng.choice(["9" * 25, "9" * 5000, "-3", "1e9", "0x10", "1_0"]) + text[at:]
            elif kind == 2:
                text = text[:at]
            elif kind == 3:
                text = text[:at] + text[rng.randrange(at + 1) :]
            elif kind == 4:
                text = text[:at] + rng.choice(string.printable) + text[at + 1 :]
            elif kind == 5:
                text = text[:at] + text[at : at + 40] * rng.randrange(2, 50) + text[at:]
            else:
                text = text[:at] + rng.choice(["U", "D", "L", "R", "u", "2", " ", "\n", "/", ","]) + text[at:]
        return text

    def junk(self) -> Any:
        """A JSON value of the wrong kind or at an edge."""
        rng = self.rng
        kind = rng.randrange(6)
        if kind == 0:
            return rng.choice(NUMBERS)
        if kind == 1:
            return rng.choice([None, True, False, "", [], {}, [[]], {"rows": 2}, "auto"])
        if kind == 2:
            return self.mangle("".join(rng.choice(string.printable + "".join(ODD)) for _ in range(rng.randrange(20))))
        if kind == 3:
            return [rng.choice(NUMBERS + ["U", "x", None]) for _ in range(rng.randrange(6))]
        if kind == 4:
            return {
                "board": self.mangle(self.board().format(one_line=True)),
                "tiles": [1, 2],
                "rows": rng.choice(NUMBERS),
            }
        return self.mangle(self.board().format(one_line=True))

    def board_field(self, board: Board) -> Any:
        """``board`` as a request names it: text (mangled at times) or a ``BOARD`` object (tiles at times wrong)."""
        rng = self.rng
        if rng.random() < 0.2:
            tiles: list[Any] = list(board.tiles)
            if rng.random() < 0.4 and tiles:
                tiles[rng.randrange(len(tiles))] = rng.choice(NUMBERS + ["3", None, True])
            rows, cols = board.rows, board.cols
            if rng.random() < 0.2:
                rows, cols = rng.choice(NUMBERS), rng.choice(NUMBERS)
            return {"rows": rows, "cols": cols, "tiles": tiles}
        text = board.format(one_line=rng.random() < 0.7)
        return self.mangle(text) if rng.random() < 0.3 else text

    def moves_field(self, board: Board, length: int | None = None) -> Any:
        """Moves on ``board``: legal letters, the notation, tile numbers, or mangled text."""
        rng = self.rng
        letters = self.walk(board, rng.randrange(0, 60) if length is None else length)
        kind = rng.randrange(5)
        if kind == 0:
            return letters
        if kind == 1:
            return self.mangle(self.notation(letters))
        if kind == 2:
            return list(letters)
        if kind == 3:
            return [rng.choice([*range(-1, board.size + 1), "U", "x", 2**64]) for _ in range(rng.randrange(8))]
        return rng.choice(["D99999999", "R" + "9" * 20, "U٢", "U5000000 D5000001", "U" + "9" * 5000, "LU-2", "L0"])

    def reconstruction_text(self) -> str:
        rng = self.rng
        board = self.board((rng.choice([3, 4, 5]), rng.choice([3, 4, 5])))
        letters = self.walk(board, rng.randrange(0, 50))
        lines = [f"Scramble: {'/'.join(' '.join(map(str, row)) for row in board.row_lists())}"]
        if rng.random() < 0.3:
            lines.append(f"Seed: {rng.choice([7, 2**64, 'abc', 'x' * 100])}")
        lines.append(f"Moves: {self.notation(letters)}")
        if rng.random() < 0.5:
            times = sorted(rng.randrange(0, 10**5) for _ in letters)
            lines.append(f"Times: {' '.join(map(str, times))}")
        return self.mangle("\n".join(lines))

    def request(self, op: str) -> dict[str, Any]:
        """A request of ``op``, mostly well formed, its fields drawn for the op, then perhaps one made wrong."""
        rng = self.rng
        small = rng.random() < 0.8 or op not in ("check", "apply", "options", "random", "reconstruction", "move")
        board = self.board(rng.choice(SHAPES[:8]) if small and op in api.LONG_OPS else None)
        request: dict[str, Any] = {"op": op, "board": self.board_field(board)}
        if rng.random() < 0.3:
            request["goal"] = rng.choice(
                ["default", "blank-first", self.mangle(goal_board(board.rows, board.cols).format())]
            )
        if op == "random":
            del request["board"]
            rows, cols = self.shape()
            request.update(
                {"rows": rows, "cols": cols} if rng.random() < 0.7 else {"shape": self.mangle(f"{rows}x{cols}")}
            )
            for name, value in [
                ("seed", rng.choice([7, "abc", 2**64 - 1, 2**64])),
                ("moves", rng.choice([0, 5, 1000, 10**5])),
            ]:
                if rng.random() < 0.4:
                    request[name] = value
            if rng.random() < 0.2:
                request["solvable"] = rng.random() < 0.5
        elif op in ("apply", "analyse"):
            request["moves"] = self.moves_field(board)
        elif op == "move":
            request["tiles"] = [rng.randrange(-1, board.size + 1) for _ in range(rng.randrange(0, 4))]
        elif op == "options" and rng.random() < 0.5:
            del request["board"]
            request["rows"], request["cols"] = self.shape()
        elif op == "reconstruction":
            if rng.random() < 0.5:
                request = {"op": op, "text": self.reconstruction_text()}
            else:
                letters = self.walk(board, rng.randrange(0, 40))
                request["moves"] = self.notation(letters) if rng.random() < 0.5 else list(letters)
                if rng.random() < 0.5:
                    request["times"] = sorted(rng.randrange(0, 10**6) for _ in letters)
                if rng.random() < 0.3:
                    request["total_ms"] = rng.choice([*NUMBERS, 10**6])
                if rng.random() < 0.3:
                    request["seed"] = rng.choice([7, "abc", "x" * 100])
        elif op == "solve":
            request["algorithm"] = rng.choice(["auto", "astar", "idastar", "near-optimal", "IDA*", "nope"])
            request["heuristic"] = rng.choice(["auto", "manhattan", "linear-conflict", "walking-distance", "pdb", "lc"])
            if rng.random() < 0.3:
                request["metric"] = rng.choice(["stm", "mtm", "x"])
            if rng.random() < 0.2:
                request.update(workers=rng.choice([1, 2, 65]), split_nodes=rng.choice([1, 10**13]))
        elif op == "watch":
            request.update({"from": rng.choice([0, 5, 10**6]), "count": rng.choice([1, 100, 2000, 2001])})
            request["algorithm"] = rng.choice(["astar", "idastar"])
            request["to_end"] = rng.random() < 0.3
        elif op == "compare":
            request["on_the_way"] = rng.random() < 0.5
        elif op == "hint" and rng.random() < 0.3:
            request["metric"] = "mtm"
        elif op == "subtree":
            request = {"op": op, "search": "fuzz", "task": {"bound": 40, "index": 0, "tiles": list(range(16))}}
        if op in ("analyse", "reconstruction") and rng.random() < 0.2:
            request["convention"] = rng.choice(["tile", "blank", "x"])
        for name in ("max_nodes", "time_limit", "max_states", "budget"):
            if rng.random() < 0.05:
                request[name] = rng.choice(NUMBERS)
        if rng.random() < 0.15:  # one field made wrong, or dropped
            name = rng.choice(sorted(request))
            if rng.random() < 0.3:
                del request[name]
            else:
                request[name] = self.junk()
        return request

    def reader_args(self, reader: str) -> tuple[Any, ...]:
        """Arguments for the reader ``reader`` of :data:`READERS`."""
        rng = self.rng
        board = self.board()
        if reader in ("board", "form"):
            text = self.mangle(board.format(one_line=rng.random() < 0.5))
            return (text,) if reader == "board" else (text, rng.choice(["korf", "deepcubea", "slidysim", "x"]))
        if reader in ("moves", "notation", "move_letters", "actions"):
            moves = self.moves_field(board)
            text = moves if isinstance(moves, str) else " ".join(map(str, moves))
            if reader == "move_letters":
                return (board, text)
            if reader == "notation":
                return (text, rng.choice(["tile", "blank"]))
            return (self.mangle(text),)
        if reader == "reconstruction":
            return (self.reconstruction_text(), rng.choice(["tile", "blank"]))
        if reader in ("bench_file", "korf100", "korf24", "hardest8"):
            lines = [f"# goal {rng.choice(['default', 'blank-first'])}"] if reader == "bench_file" else []
            for i in range(rng.randrange(1, 5)):
                known = f"  # {rng.choice([0, 12, 80, 10**7, 10**7 + 1, 10**30])} moves" if rng.random() < 0.5 else ""
                one = self.board((4, 4) if reader == "korf100" else (5, 5) if reader == "korf24" else (3, 3))
                lines.append(
                    f"{one.format(one_line=True)}{known}"
                    if reader == "bench_file"
                    else f"{i + 1} {rng.randrange(100)} {' '.join(map(str, one.tiles))}"
                )
            return (self.mangle("\n".join(lines)),)
        if reader == "array":
            rows: Any = board.row_lists() if rng.random() < 0.5 else list(board.tiles)
            return (self.junk() if rng.random() < 0.2 else rows,)
        if reader == "shape":
            rows_, cols_ = self.shape()
            return (self.mangle(f"{rows_}x{cols_}"),)
        if reader == "goal":
            text = rng.choice(["default", "blank-first", self.mangle(goal_board(3, 3).format())])
            return (text, rng.choice([3, 4]), 3)
        if reader == "scramble":
            return (self.mangle(rng.choice(["random", "walk:30", "walk:" + "9" * 12, "walk:٣"])),)
        if reader == "seed":
            return (rng.choice([*NUMBERS, "abc", "x" * 65, "٣", True]),)
        if reader == "tables":
            magic = rng.choice([b"NPUZPDB\x1a", b"NPUZMTM\x1a", b"NPUZMAP\x1a", b""])
            return (magic + rng.randbytes(rng.choice([0, 4, 16, 64, 1024])),)
        return self.dataset_args(board)

    def dataset_args(self, board: Board) -> tuple[Any, ...]:
        rng = self.rng
        row = {"index": 0, "rows": board.rows, "cols": board.cols, "tiles": list(board.tiles), "goal": "default"}
        if rng.random() < 0.5:
            lines = [
                json.dumps({**row, "index": i if rng.random() < 0.9 else self.junk()})
                for i in range(rng.randrange(1, 4))
            ]
            return (self.mangle("\n".join(lines) + "\n"), ".jsonl")
        cells = [
            str(row.get(name, "")) if name != "tiles" else " ".join(map(str, board.tiles)) for name in COLUMN_NAMES
        ]
        if rng.random() < 0.1:
            cells[rng.randrange(len(cells))] = "9" * rng.choice([30, 5000, 200_000])
        return (self.mangle(",".join(COLUMN_NAMES) + "\n" + ",".join(cells) + "\n"), ".csv")


def cases(seed: int, count: int) -> list[Case]:
    """``count`` cases made from ``seed``: a third readers' calls, the rest api requests, each op as often (long ops
    half as one-shot replies with :data:`QUICK` limits, half as sessions)."""
    maker = Maker(seed)
    ops = [op.name for op in api.OPERATIONS]
    out = []
    for _ in range(count):
        if maker.rng.random() < 1 / 3:
            reader = maker.rng.choice(sorted(READERS))
            out.append(Case(f"read {reader}", reader=reader, args=maker.reader_args(reader)))
            continue
        op = maker.rng.choice(ops)
        request = maker.request(op)
        session = op in api.LONG_OPS and maker.rng.random() < 0.5
        if op in api.LONG_OPS and not session:
            request = {**QUICK, **request}
        sent: object = maker.mangle(json.dumps(request)) if maker.rng.random() < 0.05 else request
        out.append(Case(f"{op} {'session' if session else 'reply'}", request=sent, session=session))
    return out


def _big(rows: int, cols: int) -> str:
    return goal_board(rows, cols).format(one_line=True)


def _asked(name: str, expect: str, op: str, session: bool = False, **fields: Any) -> Case:
    return Case(name, {"op": op, **fields}, session, expect=expect)


_BOARD, _LINK, _GOAL = "1 2 3/4 5 6/7 0 8", "DU" * 50_000, goal_board(4, 4)
_DIGITS = "# goal default\n1 2 3/4 5 6/7 0 8  # " + "9" * 5000 + " moves\n"

HEAVY: tuple[Case, ...] = (
    _asked("near-optimal on '3 1/2 0'", "ok", "solve", True, board="3 1/2 0", algorithm="near-optimal"),
    _asked("near-optimal on a 2×3", "ok", "solve", True, board="4 1 2/5 3 0", algorithm="near-optimal"),
    _asked("reconstruction of a 4×4 with 3 M moves", "MoveError", "reconstruction", board=_big(4, 4),
           moves="D3U3" * 500_000),
    _asked("reconstruction text of 2 M characters", "ReconstructionError", "reconstruction",
           text=f"Scramble: {_big(4, 4)}\nMoves: " + "D3U3" * 500_000),
    _asked("reconstruction of a 100×100 from a link of 100 k moves", "ok", "reconstruction", board=_big(100, 100),
           moves=_LINK),
    _asked("reconstruction with a 400-digit time", "ReconstructionError", "reconstruction", board=_BOARD, moves="LR",
           times=[0, 10**400]),
    _asked("reconstruction with a seed of a million characters", "ReconstructionError", "reconstruction",
           text=f"Scramble: {_big(3, 3)}\nSeed: {'7' * 1_000_000}\nMoves: DU"),
    _asked("analyse of a 20×20 with 100 k moves in slices", "ok", "analyse", True, board=_big(20, 20), moves=_LINK),
    _asked("apply on a 25×25 with 10,000,001 moves", "MoveError", "apply", board=_big(25, 25), moves="U" * 10_000_001),
    _asked("random with moves 10**7", "LimitError", "random", rows=4, cols=4, moves=10**7),
    Case("move_letters('D99999999')", reader="move_letters", args=(_GOAL, "D99999999"), expect="MoveError"),
    Case("move_letters('R999999999')", reader="move_letters", args=(_GOAL, "R999999999"), expect="MoveError"),
    Case("move_letters('R' + 20 digits)", reader="move_letters", args=(_GOAL, "R" + "9" * 20), expect="MoveError"),
    Case("notation 'U٢' (an Arabic-Indic two)", reader="notation", args=("U٢",), expect="MoveError"),
    Case("moves 'D٢'", reader="moves", args=("D٢",), expect="MoveError"),
    Case("bench FILE with a 5,000-digit '# N moves'", reader="bench_file", args=(_DIGITS,), expect="InstanceFileError"),
    Case("a request nested 100,000 deep", "[" * 100_000 + "]" * 100_000, expect="RequestError"),
    Case("a request with a 5,000-digit number", '{"op": "random", "rows": ' + "9" * 5000 + "}", expect="RequestError"),
)  # fmt: skip
"""The inputs that once froze the page's worker or the command line, or ended in a traceback (issue 50), each named:
every one is refused with an input error (``expect``) or answered (``ok``) in bounded work."""


def _report(outcomes: list[Outcome], memory: bool) -> None:
    """Print the slowest call of each kind, the largest peak (``memory``) and every fault with its input."""
    kinds = {
        "session call (start, a slice or cancel)": [o for o in outcomes if o.case.session],
        "one-shot reply": [o for o in outcomes if not o.case.session and o.case.reader is None],
        "reader call": [o for o in outcomes if o.case.reader],
    }
    for title, chosen in kinds.items():
        if chosen:
            worst = max(chosen, key=lambda o: o.slowest)
            took = f"{worst.slowest * 1000:.0f} ms CPU ({worst.slowest_wall * 1000:.0f} ms wall)"
            print(f"slowest {title}: {took}, {worst.case.name}: {worst.case.shown(160)}")
    if memory and outcomes:
        worst = max(outcomes, key=lambda o: o.peak or 0)
        print(f"largest memory peak: {(worst.peak or 0) / 1e6:.1f} MB, {worst.case.name}: {worst.case.shown(160)}")
    for outcome in outcomes:
        if outcome.fault:
            print(f"FAULT {outcome.case.name}: {outcome.fault}\n  input: {outcome.case.shown()}")


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Fuzz the api and the readers; print the count and the slowest call.")
    parser.add_argument("--seeds", type=int, default=SEEDS, help=f"seeds 0 to N − 1 (default {SEEDS}: the test's)")
    parser.add_argument("--cases", type=int, default=PER_SEED, help=f"cases a seed (default {PER_SEED})")
    parser.add_argument("--heavy", action="store_true", help="also run the catalogue of heavy inputs, one by one")
    parser.add_argument("--memory", action="store_true", help="trace each case's memory peak (several times slower)")
    args = parser.parse_args(argv)
    print(machine())
    began = time.perf_counter()
    outcomes = [run_case(c, memory=args.memory) for seed in range(args.seeds) for c in cases(seed, args.cases)]
    took = time.perf_counter() - began
    sessions = sum(o.case.session for o in outcomes)
    faults = sum(bool(o.fault) for o in outcomes)
    calls = sum(o.calls for o in outcomes)
    print(f"{len(outcomes):,} cases ({sessions:,} sessions, {calls:,} calls) in {took:.1f} s: {faults} faults")
    _report(outcomes, args.memory)
    for case in HEAVY if args.heavy else ():
        o = run_case(case, memory=args.memory)
        peak = "" if o.peak is None else f", peak {o.peak / 1e6:.0f} MB"
        print(f"{case.name}: {o.answer} (expected {case.expect}), {o.calls} calls, slowest {o.slowest:.3f} s CPU{peak}")
    return 0
