"""The 15-puzzle's pattern database on every worker of a Dask cluster, loaded once per worker and run.

The client registers a :class:`BatchPlugin` for the run: the batch's options and what the client knows of the
database (:class:`TablesSource`: its file, that file's identity, and its bytes). A worker loads the tables the first
time one of its boards needs them (:func:`npuzzle.records.wants_tables`), from the first of: the client's file where
the worker sees the same file (one machine, a shared disk), the worker's own database (``$NPUZZLE_PDB``, its cache:
:func:`npuzzle.pdb.locate`) when it is the same file or the client has none, the bytes the client sent (inflated:
seconds). A worker left with none raises :class:`~npuzzle.errors.TablesMissingError` naming the fix, which ends the
run: never a silent fall back to answers that are not optimal.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from distributed import Worker, WorkerPlugin, get_worker

from ..errors import PatternDatabaseError, TablesMissingError
from ..pdb import PdbTables, check_file, load_tables_steps, locate, read_header, read_tables
from ..progress import run
from ..records import BatchOptions, Registries


@dataclass(frozen=True, slots=True)
class TablesSource:
    """The client's database: its file ``path``, the file's ``identity`` (size and header CRC, which covers every
    table's CRC) and its ``data`` (sent to workers that lack it). All None: the client has none."""

    path: str | None = None
    identity: tuple[int, int] | None = None
    data: bytes | None = None


def tables_source(path: str | None) -> TablesSource:
    """What a client sends of the database file ``path`` (None: it has none): the file's bytes and identity."""
    if path is None:
        return TablesSource()
    data = Path(path).read_bytes()
    header = read_header(data)
    return TablesSource(path, (header.size, header.crc), data)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        header = check_file(path)
    except PatternDatabaseError:
        return None
    return header.size, header.crc


class BatchPlugin(WorkerPlugin):
    """One batch run on a worker: its options, and the pattern database's registries loaded once, on first use, by
    the rules of the module text (thread-safe: a worker may run boards in several threads)."""

    idempotent = False

    def __init__(self, name: str, options: BatchOptions, source: TablesSource) -> None:
        self.name = name
        self.options = options
        self.source = source
        self.address = "?"
        self.registries = Registries(options, self.tables)
        self._tables: PdbTables | None = None
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[type[BatchPlugin], tuple[str, BatchOptions, TablesSource]]:
        return BatchPlugin, (self.name, self.options, self.source)  # sent without its lock and tables

    def setup(self, worker: Worker) -> None:
        self.address = str(worker.address)

    def tables(self) -> PdbTables:
        """The tables, loaded on the first call; raises :class:`~npuzzle.errors.TablesMissingError` on a worker
        that has none and was sent none."""
        with self._lock:
            if self._tables is None:
                self._tables = self._load()
            return self._tables

    def _load(self) -> PdbTables:
        source = self.source
        if source.path is not None and _identity(Path(source.path)) == source.identity:
            return read_tables(source.path)
        own = locate()
        if (
            own.path is not None
            and own.path.exists()
            and (source.identity is None or _identity(own.path) == source.identity)
        ):
            return read_tables(own.path, own.origin)
        if source.data is not None:
            tables: PdbTables = run(load_tables_steps(source.data))
            return tables
        where = "" if own.path is None else f" (none at {str(own.path)!r}, {own.origin})"
        raise TablesMissingError(
            f"the Dask worker {self.address} has no pattern database{where} and the client sent none: run "
            "`npuzzle pdb build` on the worker's machine, or on the client's (which then sends its database to "
            "every worker)"
        )


def batch_plugin(name: str) -> BatchPlugin:
    """In a task: this worker's plugin of the run ``name``."""
    plugin = get_worker().plugins[name]
    assert isinstance(plugin, BatchPlugin)
    return plugin
