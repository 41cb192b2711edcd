"""``npuzzle solve --batch FILE --resume OUT``: the records a run already wrote into OUT, so that a run cut short
(Ctrl-C, a lost scheduler or worker, a full disk, a killed process) goes on with only the boards that have none; and
what ``solve --batch`` and ``dataset`` say when a fault stops them (:func:`stopped`). The file rules both commands
share (whole lines, a row twice refused) are :mod:`npuzzle.research.linefile`'s."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from ..errors import ClusterError, OutputError, PuzzleError, cut, quote_input
from ..parse import parse_board
from ..research.linefile import Place, note_place, whole_lines
from ..solving.records import INPUT_SHOWN, Record
from .common import EXIT_CLUSTER, EXIT_OUTPUT, UsageError

WHAT = "the --resume file"
"""How messages name ``solve --batch``'s OUT: ``cannot write the --resume file 'out.jsonl': …``."""


def read_done(path: Path, boards: dict[int, str], shape: tuple[int, int] | None) -> list[Record]:
    """The records in ``path`` (none when it does not exist yet), after cutting off a last line written only in
    part; raises :class:`UsageError` for a line that is not a record, or a record of a line that is not
    ``boards``'s (``{line number: text}``) board: OUT is another batch's; and
    :class:`~npuzzle.errors.RepeatedRowError` for a board's record there twice."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise UsageError(f"cannot read --resume file {quote_input(str(path))}: {exc.strerror or exc}") from None
    whole = whole_lines(path, data, WHAT)  # a record cut off mid-line: its board is solved again
    done: list[Record] = []
    places: dict[int, Place] = {}
    for number, line in enumerate(whole.decode("utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        where = f"line {number} of --resume file {quote_input(str(path))}"
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if not isinstance(record, dict) or not isinstance(record.get("line"), int):
            raise UsageError(f"{where} is not a record of `npuzzle solve --batch`: {quote_input(line)}")
        text = boards.get(record["line"])
        if text is None or not _same_board(record, text, shape):
            raise UsageError(
                f"{where} is the record of another board (input line {record['line']}): is it this batch's output?"
            )
        note_place(places, record["line"], (path, number), f"the record of input line {record['line']:,}")
        done.append(record)
    return done


def stopped(err: TextIO, exc: ClusterError | OutputError, kept: str) -> int:
    """Say on ``err`` why a run that writes a file stopped (``exc``: the file cannot be written, or the workers are
    lost) and what it kept (``kept``: ``12 rows``); the exit code, 5 or 4. ``--resume`` goes on from there."""
    if isinstance(exc, OutputError):
        err.write(
            f"npuzzle: {exc}\nnpuzzle: stopped: {kept} of this run written and kept; --resume goes on once the file "
            "can be written\n"
        )
        return EXIT_OUTPUT
    err.write(f"npuzzle: {exc}\nnpuzzle: stopped: {kept} of this run written and kept; --resume goes on\n")
    return EXIT_CLUSTER


def _same_board(record: Record, text: str, shape: tuple[int, int] | None) -> bool:
    """Whether ``record`` can be the record of the board line ``text`` (its tiles, or the input it quotes)."""
    if "input" in record:
        return record["input"] == cut(text, INPUT_SHOWN)
    if "tiles" in record:
        try:
            return record["tiles"] == list(parse_board(text, shape).tiles)
        except PuzzleError:
            return False
    return True  # an unsolvable board's record names no tiles
