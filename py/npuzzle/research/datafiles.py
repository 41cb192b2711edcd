"""Dataset files: rows of :mod:`npuzzle.research.dataset` written as JSON lines, CSV or Parquet, read back, and resumed.

The format follows the file's suffix (:data:`FORMATS`). JSON lines and CSV are written a whole line at a time, straight
to the file, so a run cut short leaves complete lines (a line cut off mid-way is dropped when the run goes on:
:mod:`npuzzle.research.linefile`). Parquet (the ``npuzzle[parquet]`` extra, pyarrow, imported only here and only when a
Parquet file is written or read) is written as part files in ``FILE.parts/`` (:data:`PART_ROWS` rows or
:data:`PART_SECONDS` seconds each, each renamed into place whole), joined into ``FILE`` in index order (rows solved
again by a resumed run follow the others) when the dataset is complete, with how it was made in its metadata
(:func:`read_about`); a run cut short leaves the parts, which the next run with ``resume`` goes on from. A write that
fails (the disk full, no permission) raises :class:`~npuzzle.errors.OutputError` naming the file and the cause, once:
what was written before stays readable (a line the disk had room for only in part is cut off again, a part is there
whole or not at all). Columns and their types: :data:`npuzzle.research.dataset.COLUMNS`; in CSV a list of tiles is
written as numbers separated by spaces and an empty cell is a null."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..errors import OutputError, quote_input, quote_path
from .dataset import COLUMN_NAMES, COLUMNS, DatasetError, Row
from .linefile import LineFile, Place, cannot_write, note_place, whole_lines

if TYPE_CHECKING:
    import pyarrow as pa

Format = Literal["jsonl", "csv", "parquet"]
FORMATS: dict[str, Format] = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet"}
"""The file suffixes a dataset may have, and the format each means."""

PART_ROWS = 10_000
"""The most rows in one Parquet part file."""
PART_SECONDS = 60.0
"""A Parquet part is written at least this often (seconds), so a run cut short loses at most that much work."""


def file_format(path: Path) -> Format:
    """The format of ``path`` by its suffix; raises :class:`~npuzzle.research.dataset.DatasetError` naming the
    choices."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise DatasetError(
            f"the dataset file {quote_path(path)} must end in {', '.join(FORMATS)} (its suffix names the format)"
        )
    return fmt


def parts_folder(path: Path) -> Path:
    """Where a Parquet dataset's part files are kept until it is complete: ``FILE.parts``."""
    return path.with_name(path.name + ".parts")


def started(path: Path) -> bool:
    """Whether a dataset file (or a Parquet dataset's parts) is already there."""
    return path.exists() or (file_format(path) == "parquet" and parts_folder(path).exists())


def _pyarrow() -> tuple[Any, Any]:
    """``pyarrow`` and ``pyarrow.parquet``; raises :class:`~npuzzle.research.dataset.DatasetError` naming the extra when
    they are not installed."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError as exc:
        raise DatasetError(
            f"Parquet files need pyarrow ({exc}): pip install 'pyarrow>=15' (in npuzzle's checkout: pip install -e "
            "'.[parquet]')"
        ) from None
    return pyarrow, pyarrow.parquet


def arrow_schema() -> pa.Schema:
    """The Parquet schema of :data:`~npuzzle.research.dataset.COLUMNS` (tiles as a list of int16)."""
    pa, _ = _pyarrow()
    kinds = {"int": pa.int64(), "float": pa.float64(), "bool": pa.bool_(), "str": pa.string()}
    fields = [pa.field(c.name, pa.list_(pa.int16()) if c.kind == "ints" else kinds[c.kind]) for c in COLUMNS]
    return pa.schema(fields)


class DatasetWriter:
    """Appends rows to a dataset file; :meth:`close` with ``complete`` says whether the dataset is whole. A write or
    close that fails raises :class:`~npuzzle.errors.OutputError` and leaves the writer closed (closing it again does
    nothing); :attr:`saved` counts the rows of this writer that are in the file."""

    saved: int = 0

    def write(self, row: Row) -> None:
        raise NotImplementedError

    def close(self, complete: bool) -> None:
        raise NotImplementedError


WHAT = "the dataset"
"""How messages name a dataset file: ``cannot write the dataset 'd.jsonl': …``."""


class _LineWriter(DatasetWriter):
    """JSON lines or CSV: one whole line per row, written straight to the file
    (:class:`~npuzzle.research.linefile.LineFile`)."""

    def __init__(self, path: Path, fmt: Format) -> None:
        self._fmt = fmt
        self._file = LineFile(path, WHAT)
        if fmt == "csv" and self._file.size == 0:
            self._file.append(",".join(COLUMN_NAMES) + "\n")

    def write(self, row: Row) -> None:
        self._file.append(json.dumps(row) + "\n" if self._fmt == "jsonl" else _csv_line(row))
        self.saved += 1

    def close(self, complete: bool) -> None:
        self._file.close()


def _csv_line(row: Row) -> str:
    cells = []
    for column in COLUMNS:
        value = row[column.name]
        if value is None:
            cells.append("")
        elif column.kind == "ints":
            cells.append(" ".join(map(str, value)))  # type: ignore[call-overload]
        elif column.kind == "bool":
            cells.append("true" if value else "false")
        else:
            cells.append(str(value))
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerow(cells)
    return text.getvalue()


METADATA_KEY = b"npuzzle"
"""The key of a Parquet dataset's metadata (:func:`open_writer`'s ``about``, as JSON), in every part and the file."""


def read_about(path: Path) -> dict[str, Any] | None:
    """What a Parquet dataset file says of how it was made (:func:`open_writer`'s ``about``), ``None`` when it
    says nothing."""
    _, pq = _pyarrow()
    metadata = pq.read_schema(path).metadata or {}
    return json.loads(metadata[METADATA_KEY]) if METADATA_KEY in metadata else None


class _ParquetWriter(DatasetWriter):
    """Parquet: rows gathered into part files, joined into the file when the dataset is complete."""

    def __init__(self, path: Path, about: dict[str, Any] | None = None) -> None:
        self._pa, self._pq = _pyarrow()
        schema = arrow_schema()
        self._schema = schema if about is None else schema.with_metadata({METADATA_KEY: json.dumps(about)})
        self._path = path
        self._parts = parts_folder(path)
        if path.exists():  # a complete dataset grown by a later run: its file becomes the first part
            shutil.rmtree(self._parts, ignore_errors=True)  # parts left by a run stopped while joining them
            self._parts.mkdir()
            os.replace(path, self._parts / "part-complete.parquet")
        self._parts.mkdir(exist_ok=True)
        self._rows: list[Row] = []
        self._since = time.monotonic()
        self._closed = False

    def write(self, row: Row) -> None:
        if self._closed:
            raise OutputError(f"{WHAT} {quote_path(self._path)} was closed after a failed write")
        self._rows.append(row)
        if len(self._rows) >= PART_ROWS or time.monotonic() - self._since >= PART_SECONDS:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            name = f"part-{int(str(self._rows[0]['index'])):012d}.parquet"
            table = self._pa.Table.from_pylist(self._rows, schema=self._schema)
            self._rows = []
            self._write_whole(self._parts / name, lambda temporary: self._pq.write_table(table, temporary))
            self.saved += table.num_rows
        self._since = time.monotonic()

    def _write_whole(self, path: Path, write: Callable[[Path], object]) -> None:
        """``write`` a file to ``path + '.tmp'`` and rename it into place, so that it is there whole or not at all;
        when that fails, remove the half-written file, close the writer and raise its
        :class:`~npuzzle.errors.OutputError`."""
        try:
            _replace_whole(path, write)
        except OutputError:
            self._closed = True
            raise

    def close(self, complete: bool) -> None:
        if self._closed:
            return
        self._flush()
        self._closed = True
        if complete:
            self._write_whole(self._path, self._join)
            shutil.rmtree(self._parts, ignore_errors=True)  # left over, a later run joins them again

    def _join(self, joined_path: Path) -> None:
        """Write the parts' rows into one file at ``joined_path``, part after part, each in index order."""
        with self._pq.ParquetWriter(joined_path, self._schema) as joined:
            for part in _part_files(self._parts):
                table = self._pq.read_table(part, schema=self._schema)
                joined.write_table(table.sort_by("index"))


def _part_files(folder: Path) -> list[Path]:
    """The part files of ``folder`` in index order (a half-written ``.tmp`` is not one)."""
    return sorted(folder.glob("part-*.parquet"), key=_first_index)


def _first_index(part: Path) -> int:
    stem = part.stem.removeprefix("part-")
    return -1 if not stem.isdigit() else int(stem)


def open_writer(path: Path, about: dict[str, Any] | None = None) -> DatasetWriter:
    """A writer appending to the dataset file ``path`` (created when missing), in its suffix's format; a Parquet
    file and its parts carry ``about`` (how the dataset is made: :func:`read_about`) in their metadata. Raises
    :class:`~npuzzle.errors.OutputError` naming the file when it cannot be written (no such folder, no permission,
    no room)."""
    fmt = file_format(path)
    try:
        return _ParquetWriter(path, about) if fmt == "parquet" else _LineWriter(path, fmt)
    except OSError as exc:
        raise cannot_write(WHAT, path, exc) from None


def read_rows(path: Path, columns: Sequence[str] | None = None) -> Iterator[Row]:
    """The rows of a dataset file, in file order (a Parquet dataset still in parts: its parts' rows, in index
    order), with only ``columns`` where Parquet can read just those; a line cut off mid-way at the end of a
    JSON-lines or CSV file is left out. Raises
    :class:`~npuzzle.research.dataset.DatasetError` naming the file and line that is not a row."""
    for _, row in _placed_rows(path, columns):
        yield row


def _placed_rows(path: Path, columns: Sequence[str] | None) -> Iterator[tuple[Place, Row]]:
    """:func:`read_rows`, each row with its :data:`Place`."""
    fmt = file_format(path)
    if fmt == "parquet":
        yield from _parquet_rows(path, columns)
        return
    data = _read_bytes(path)
    whole = data[: data.rfind(b"\n") + 1].decode("utf-8", errors="replace")
    if fmt == "jsonl":
        yield from _json_rows(path, whole)
    else:
        yield from _csv_rows(path, whole)


def _read_bytes(path: Path) -> bytes:
    """The bytes of a JSON-lines or CSV dataset file; raises :class:`~npuzzle.research.dataset.DatasetError` naming
    it."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"cannot read the dataset {quote_path(path)}: {exc.strerror or exc}") from None


def _json_rows(path: Path, text: str) -> Iterator[tuple[Place, Row]]:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            row = None
        if not isinstance(row, dict) or type(row.get("index")) is not int or not isinstance(row.get("tiles"), list):
            raise DatasetError(f"line {number} of {quote_path(path)} is not a dataset row: {quote_input(line)}")
        yield (path, number), row


def _csv_rows(path: Path, text: str) -> Iterator[tuple[Place, Row]]:
    lines = _csv_lines(path, text)
    header = next(lines, None)
    if header is None:
        return
    if tuple(header) != COLUMN_NAMES:
        shown = quote_input(",".join(header))
        raise DatasetError(f"{quote_path(path)} is not a dataset's CSV: its header is {shown}")
    for number, cells in enumerate(lines, 2):
        try:
            row = {column.name: _cell(column.kind, cell) for column, cell in zip(COLUMNS, cells, strict=True)}
        except ValueError:
            row = {}
        if not isinstance(row.get("index"), int) or not isinstance(row.get("tiles"), list):
            raise DatasetError(
                f"line {number} of {quote_path(path)} is not a dataset row: {quote_input(','.join(cells))}"
            ) from None
        yield (path, number), row


def _csv_lines(path: Path, text: str) -> Iterator[list[str]]:
    """The cells of each line of a CSV file; raises :class:`~npuzzle.research.dataset.DatasetError` naming the file and
    line that the csv module cannot read (a stray carriage return, a cell over its size limit)."""
    reader = csv.reader(io.StringIO(text))
    while True:
        try:
            cells = next(reader, None)
        except csv.Error as exc:
            where = f"line {reader.line_num:,} of {quote_path(path)}"
            raise DatasetError(f"{where} is not a dataset row (csv: {exc})") from None
        if cells is None:
            return
        yield cells


def _cell(kind: str, text: str) -> object:
    if text == "":
        return None
    if kind == "ints":
        return [int(t) for t in text.split()]
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text)
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"not a bool: {text!r}")
        return text == "true"
    return text


def _parquet_rows(path: Path, columns: Sequence[str] | None) -> Iterator[tuple[Place, Row]]:
    _, pq = _pyarrow()
    files = [path] if path.exists() else _part_files(parts_folder(path)) if parts_folder(path).exists() else []
    for file in files:
        try:
            table = pq.read_table(file, columns=None if columns is None else list(columns))
        except (OSError, ValueError) as exc:
            if file == path:
                raise DatasetError(f"cannot read the Parquet file {quote_path(file)}: {exc}") from None
            raise DatasetError(
                f"cannot read the part file {quote_path(file)} (cut short or damaged?): {exc}; remove it, and "
                "--resume solves its rows again"
            ) from None
        for row in table.sort_by("index").to_pylist():
            yield (file, None), row


def rows_done(path: Path) -> dict[int, Row]:
    """Every row a dataset file (or its Parquet parts) holds already, by index, with its index, tiles, length and
    stopped columns: what a run with ``resume`` skips (none when the file is not there). A JSON-lines or CSV file's
    last line cut off mid-way is cut from the file, so that the rows appended next start on a line of their own. Raises
    :class:`~npuzzle.errors.RepeatedRowError` naming both places of a row that is there twice (a part file copied
    under another name, two runs that wrote at once): resuming would count it once and write the dataset with it
    twice (:mod:`npuzzle.research.linefile`, the rules shared with ``solve --batch --resume``)."""
    if not started(path):
        return {}
    if file_format(path) != "parquet" and path.exists():
        whole_lines(path, _read_bytes(path), WHAT)
    kept = ("index", "tiles", "length", "stopped")  # what resuming and its tally need: not whole rows in memory
    done: dict[int, Row] = {}
    places: dict[int, Place] = {}
    for place, row in _placed_rows(path, kept):
        index = int(str(row["index"]))
        note_place(places, index, place, f"row {index:,} of the dataset")
        done[index] = {key: row.get(key) for key in kept}
    return done


def drop_rows(path: Path, indexes: set[int]) -> None:
    """Take the rows numbered ``indexes`` out of the dataset file ``path`` (or its Parquet parts): each file that
    holds one is written again without it, under a temporary name renamed into place, so that a run cut short
    leaves it whole, as it was or as it is meant to be. What ``resume`` does to the rows a limit stopped, before it
    solves them again. Raises :class:`~npuzzle.errors.OutputError` naming a file that cannot be written."""
    if not indexes or not started(path):
        return
    if file_format(path) == "parquet":
        _, pq = _pyarrow()
        files = [path] if path.exists() else _part_files(parts_folder(path))
        for file in files:
            table = pq.read_table(file)  # its own schema, the metadata with it
            keep = [int(i) not in indexes for i in table.column("index").to_pylist()]
            if not all(keep):
                _replace_whole(file, partial(pq.write_table, table.filter(keep)))
        return
    lines = {number for (_, number), row in _placed_rows(path, None) if int(str(row["index"])) in indexes}
    kept = [line for number, line in enumerate(_read_bytes(path).splitlines(keepends=True), 1) if number not in lines]
    _replace_whole(path, lambda temporary: temporary.write_bytes(b"".join(kept)))


def _replace_whole(path: Path, write: Callable[[Path], object]) -> None:
    """``write`` ``path`` anew under ``path + '.tmp'`` and rename it into place; raises
    :class:`~npuzzle.errors.OutputError` (the temporary file removed) when that fails."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        write(temporary)
        os.replace(temporary, path)
    except OSError as exc:
        with suppress(OSError):
            temporary.unlink()
        raise cannot_write(WHAT, path, exc) from None


def tiles_by_index(rows: dict[int, Row]) -> dict[int, tuple[int, ...]]:
    """The tiles of each row of ``rows`` (:func:`rows_done`'s), by index: what
    :func:`npuzzle.research.dataset.dataset_rows` checks a resumed file's rows against."""
    out: dict[int, tuple[int, ...]] = {}
    for index, row in rows.items():
        tiles = row["tiles"]
        out[index] = tuple(int(t) for t in tiles) if isinstance(tiles, list) else ()
    return out
