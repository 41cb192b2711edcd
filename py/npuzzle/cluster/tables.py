"""The 15-puzzle's pattern database on every worker of a Dask cluster, loaded once per worker and run.

The client registers a plugin for the run (:class:`TablesPlugin`: a batch's :class:`BatchPlugin`, a split search's
:class:`SplitPlugin`) with what the client knows of the database (:class:`TablesSource`: its file, that file's
identity, and its bytes). A worker loads the tables the first time a task needs them (a batch's board:
:func:`npuzzle.solving.records.wants_tables`), from the first of: the client's file where
the worker sees the same file (one machine, a shared disk), the worker's own database (``$NPUZZLE_PDB``, its cache:
:func:`npuzzle.pdb.locate`) when it is the same file or the client has none, the bytes the client sent (inflated:
seconds). A worker left with none raises :class:`~npuzzle.errors.TablesMissingError` naming the fix, which ends the
run: never a silent fall back to answers that are not optimal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from distributed import Client, Worker, WorkerPlugin, get_worker

from ..errors import PatternDatabaseError, TablesMissingError
from ..pdb import PdbTables, check_file, load_tables_steps, locate, read_tables
from ..progress import run
from ..solving.records import BatchOptions, Registries


@dataclass(frozen=True, slots=True)
class TablesSource:
    """The client's database: its file ``path``, the file's ``identity`` (size and header CRC, which covers every
    table's CRC) and its ``data`` (sent to workers that lack it; read from ``path`` by :func:`register` only when
    one does). All None: the client has none."""

    path: str | None = None
    identity: tuple[int, int] | None = None
    data: bytes | None = None


def tables_source(path: str | None) -> TablesSource:
    """What a client sends of the database file ``path`` (None: it has none): its path and identity (only the
    header is read here)."""
    if path is None:
        return TablesSource()
    header = check_file(path)
    return TablesSource(path, (header.size, header.crc))


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        header = check_file(path)
    except PatternDatabaseError:
        return None
    return header.size, header.crc


class TablesPlugin(WorkerPlugin):
    """A run on a worker: its ``name`` and the database's :class:`TablesSource`, the tables loaded once, on first
    use, by the rules of the module text (thread-safe: a worker may run tasks in several threads)."""

    idempotent = False

    def __init__(self, name: str, source: TablesSource) -> None:
        self.name = name
        self.source = source
        self.address = "?"
        self._tables: PdbTables | None = None
        self._lock = threading.Lock()

    def setup(self, worker: Worker) -> None:
        self.address = str(worker.address)

    def tables(self) -> PdbTables:
        """The tables, loaded on the first call; raises :class:`~npuzzle.errors.TablesMissingError` on a worker
        that has none and was sent none."""
        with self._lock:
            if self._tables is None:
                self._tables = self._load()
            return self._tables

    def file(self) -> tuple[Path, str] | None:
        """The database file this worker loads the tables from (and where it was found), if it has one."""
        source = self.source
        if source.path is not None and _identity(Path(source.path)) == source.identity:
            return Path(source.path), "the client's file"
        own = locate()
        if (
            own.path is not None
            and own.path.exists()
            and (source.identity is None or _identity(own.path) == source.identity)
        ):
            return own.path, own.origin
        return None

    def _load(self) -> PdbTables:
        source = self.source
        found = self.file()
        if found is not None:
            return read_tables(*found)
        if source.data is not None:
            tables: PdbTables = run(load_tables_steps(source.data))
            return tables
        own = locate()
        where = "" if own.path is None else f" (none at {str(own.path)!r}, {own.origin})"
        raise TablesMissingError(
            f"the Dask worker {self.address} has no pattern database{where} and the client sent none: run "
            "`npuzzle pdb build` on the worker's machine, or on the client's (which then sends its database to "
            "every worker)"
        )


class BatchPlugin(TablesPlugin):
    """A batch run on a worker: its options, and the registries its boards are solved with."""

    def __init__(self, name: str, options: BatchOptions, source: TablesSource) -> None:
        super().__init__(name, source)
        self.options = options
        self.registries = Registries(options, self.tables)

    def __reduce__(self) -> tuple[type[BatchPlugin], tuple[str, BatchOptions, TablesSource]]:
        return BatchPlugin, (self.name, self.options, self.source)  # sent without its lock and tables


class SplitPlugin(TablesPlugin):
    """A split search on a worker: whether it uses the reflected lookup, the worker's transposition table (kept
    across its tasks while each ran to its end: :func:`npuzzle.pdb.subtree_search`), and whether the run is over."""

    def __init__(self, name: str, source: TablesSource, reflect: bool) -> None:
        super().__init__(name, source)
        self.reflect = reflect
        self.tt: dict[bytes, int] = {}
        self.stopped = False
        """Set when the run ends (the client unregisters the plugin): its tasks still running end too."""

    def teardown(self, worker: Worker) -> None:
        self.stopped = True

    def __reduce__(self) -> tuple[type[SplitPlugin], tuple[str, TablesSource, bool]]:
        return SplitPlugin, (self.name, self.source, self.reflect)


_P = TypeVar("_P", bound=TablesPlugin)


def register(client: Client, plugin: Callable[[TablesSource], TablesPlugin], source: TablesSource) -> None:
    """Register the run's plugin on every worker: first without the database's bytes, and again with them (the same
    name replaces it) only when a worker has not the client's file (:meth:`TablesPlugin.file`): workers that share
    the client's disk or have the same file in their cache are not sent 25 MB each (nor is the file read). A worker
    that joins later gets the plugin as last registered."""
    first = plugin(replace(source, data=None))
    client.register_plugin(first, name=first.name)
    if source.path is None:
        return
    found = client.run(_has_file, first.name)
    if not all(found.values()):
        data = source.data if source.data is not None else Path(source.path).read_bytes()
        client.register_plugin(plugin(replace(source, data=data)), name=first.name)


def _has_file(name: str, dask_worker: Worker) -> bool:
    plugin = dask_worker.plugins[name]
    return isinstance(plugin, TablesPlugin) and plugin.file() is not None


def worker_plugin(name: str, kind: type[_P]) -> _P:
    """In a task: this worker's plugin of the run ``name``."""
    plugin = get_worker().plugins[name]
    assert isinstance(plugin, kind)
    return plugin
