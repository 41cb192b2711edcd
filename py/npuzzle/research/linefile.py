"""Output files of whole lines that a run appends to and a later run goes on with: a dataset's JSON lines or CSV
(:mod:`npuzzle.research.datafiles`) and ``npuzzle solve --batch --resume OUT``'s records (:mod:`npuzzle.cli.resume`).

The rules they share, said once here: a line is appended whole or not at all (one the disk took only in part is cut
off again, and the write raises :class:`~npuzzle.errors.OutputError` naming the file and the cause); read back, a
last line a killed run cut off mid-way is cut from the file (:func:`whole_lines`), and a row there twice is refused
with both places named (:func:`note_place`): going on would count it once and leave it in the output twice. One run
writes a file at a time: :mod:`npuzzle.parallel.writelock`.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from ..errors import OutputError, RepeatedRowError, os_cause, quote_path

Place = tuple[Path, int | None]
"""Where a row was read: its file, and its line (None where a file has no lines: a Parquet part)."""


def cannot_write(what: str, path: Path, exc: OSError) -> OutputError:
    """The error of a file that could not be written: ``what`` it is (``the dataset``), the file and the cause."""
    return OutputError(f"cannot write {what} {quote_path(path)}: {os_cause(exc)}")


class LineFile:
    """Appends whole lines to ``path`` (created when missing), straight to the file: no buffer holds a line back, so
    a run cut short leaves whole lines. ``what`` names the file in messages. Opening, a write or closing that fails
    raises :class:`~npuzzle.errors.OutputError` (after a failed write the file ends with whole lines as before it,
    and the file is closed)."""

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what
        try:
            self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            self.size = os.fstat(self._fd).st_size
        except OSError as exc:
            raise cannot_write(what, path, exc) from None

    def append(self, line: str) -> None:
        """Append ``line`` (ending in a newline) whole; when the disk takes only part of it, cut that part off again,
        close the file and raise :class:`~npuzzle.errors.OutputError`."""
        if self._fd is None:
            raise OutputError(f"{self.what} {quote_path(self.path)} was closed after a failed write")
        data = line.encode()
        try:
            written = 0
            while written < len(data):
                written += os.write(self._fd, data[written:])
        except OSError as exc:
            with suppress(OSError):
                os.ftruncate(self._fd, self.size)  # the file ends with whole lines, as before this one
            with suppress(OSError):
                os.close(self._fd)
            self._fd = None
            raise cannot_write(self.what, self.path, exc) from None
        self.size += written

    def close(self) -> None:
        """Close the file (again: nothing)."""
        fd, self._fd = self._fd, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError as exc:
                raise cannot_write(self.what, self.path, exc) from None


def whole_lines(path: Path, data: bytes, what: str) -> bytes:
    """``data``, the bytes of ``path``, up to its last newline; a last line cut off mid-way (a run killed while
    writing it) is also cut from the file, so that the lines appended next start on a line of their own. Raises
    :class:`~npuzzle.errors.OutputError` when the file cannot be cut."""
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) < len(data):
        try:
            with open(path, "r+b") as handle:
                handle.truncate(len(whole))
        except OSError as exc:
            raise cannot_write(what, path, exc) from None
    return whole


def shown(place: Place) -> str:
    """A :data:`Place` for a message: ``in 'FILE'`` or ``on line N of 'FILE'``."""
    file, line = place
    return f"in {quote_path(file)}" if line is None else f"on line {line:,} of {quote_path(file)}"


def note_place(places: dict[int, Place], key: int, place: Place, what: str) -> None:
    """Note in ``places`` that the row ``key`` (``what`` names it: ``row 5 of the dataset``) was read at ``place``;
    raises :class:`~npuzzle.errors.RepeatedRowError` naming both places when it was read before."""
    first = places.setdefault(key, place)
    if first is not place:
        raise RepeatedRowError(
            f"{what} is there twice: {shown(first)} and {shown(place)} (a file copied under another name, or two "
            "runs that wrote at once?): remove one, then --resume goes on"
        )
