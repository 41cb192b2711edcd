"""``npuzzle solve --batch FILE --resume OUT``: the records a run already wrote into OUT, so that a run cut short
(Ctrl-C, a lost scheduler, a killed process) goes on with only the boards that have none."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import PuzzleError, cut, quote_input
from ..parse import parse_board
from ..records import INPUT_SHOWN, Record
from .common import UsageError


def read_done(path: Path, boards: dict[int, str], shape: tuple[int, int] | None) -> list[Record]:
    """The records in ``path`` (none when it does not exist yet), after cutting off a last line written only in
    part; raises :class:`UsageError` for a line that is not a record, or a record of a line that is not
    ``boards``'s (``{line number: text}``) board: OUT is another batch's."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise UsageError(f"cannot read --resume file {quote_input(str(path))}: {exc.strerror or exc}") from None
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) < len(data):
        with open(path, "r+b") as handle:  # a record cut off mid-line: its board is solved again
            handle.truncate(len(whole))
    done: list[Record] = []
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
        done.append(record)
    return done


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
