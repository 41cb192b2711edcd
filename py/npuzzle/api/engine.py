"""The api with state: an :class:`Engine` holds a loaded pattern database (and a split helper's transposition
table); :class:`TableLoad` loads one in slices. :func:`handle` and :func:`start` are the same calls on a fresh
engine, without tables."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Generator, Mapping
from importlib import resources

from ..nearoptimal import data_files
from ..pdb import (
    FileSlices,
    MultisetDatabase,
    PdbTables,
    heuristic_name,
    is_multiset_file,
    load_multiset_steps,
    load_tables_steps,
    locate,
    locate_mtm,
    multiset_heuristic_name,
    read_multiset,
    read_tables,
)
from ..progress import Ended, TimeSlice
from ..solving.registry import Registry, default_registry, registry_with_tables
from .protocol import LongRun, dispatch, session_for
from .requests import RequestError, decode_request, error_json, read_board


def file_slices(data: object) -> bytes | bytearray | memoryview | FileSlices:
    """A pattern-database file as :func:`~npuzzle.pdb.loading.load_database` reads it: ``bytes`` as they are, a
    Pyodide proxy of a JavaScript ``Uint8Array`` (or ``ArrayBuffer``) as :class:`~npuzzle.pdb.loading.FileSlices`
    that copy a megabyte at a time out of it, so the whole file is never copied into the WebAssembly memory (which
    never shrinks). Raises :class:`~npuzzle.api.requests.RequestError` for anything else."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        return data
    length = getattr(data, "byteLength", None)
    cut = getattr(data, "subarray", None)  # a Uint8Array's view of a part (an ArrayBuffer's slice copies it)
    if cut is None:
        cut = getattr(data, "slice", None)
    if isinstance(length, int) and callable(cut):
        return FileSlices(length, lambda start, end: _proxy_bytes(cut(start, end)))
    to_bytes = getattr(data, "to_bytes", None)  # another JsProxy with bytes
    if callable(to_bytes):
        converted = to_bytes()
        if isinstance(converted, (bytes, bytearray, memoryview)):
            return converted
    raise RequestError(f"pattern-database data must be bytes, got {type(data).__name__}")


def _proxy_bytes(part: object) -> bytes:
    converted = getattr(part, "to_bytes", lambda: None)()
    if not isinstance(converted, bytes):
        raise RequestError(f"pattern-database data: a slice of it gave {type(converted).__name__}, not bytes")
    return converted


class TableLoad:
    """A pattern-database load done in time slices (:meth:`Engine.start_load`), so the page's worker can answer
    requests in between: call :meth:`advance` until its reply is not ``{"type": "progress", …}``. The file is the
    single-tile tables or, by its first bytes, the multi-tile metric's multiset database."""

    def __init__(self, engine: Engine, data: object) -> None:
        self._engine = engine
        self._seconds = 0.0
        self._reply: str | None = None
        self._size = 0
        try:
            raw = file_slices(data)
            self._size = raw.size if isinstance(raw, FileSlices) else len(raw)
            self._steps: Generator[float, None, PdbTables | MultisetDatabase] = (
                load_multiset_steps(raw) if is_multiset_file(raw) else load_tables_steps(raw)
            )
        except Exception as exc:  # every failure becomes a reply
            self._reply = json.dumps(error_json(exc))

    def advance(self, seconds: float) -> str:
        """Work for about ``seconds``; reply as JSON: ``{"type": "progress", "fraction"}`` while unfinished, then
        (and on every later call) the reply of :meth:`Engine.load_tables`. The engine takes the tables only once
        they are complete and verified."""
        if self._reply is not None:
            return self._reply
        started = time.perf_counter()
        try:
            step = TimeSlice(seconds).run(self._steps)
            self._seconds += time.perf_counter() - started
            if not isinstance(step, Ended):
                return json.dumps({"type": "progress", "fraction": round(step, 4)})
            loaded: PdbTables | MultisetDatabase = step.value
            if isinstance(loaded, MultisetDatabase):
                self._engine.install_mtm(loaded)
                about = {"metric": "mtm", "name": loaded.name, "heuristic": multiset_heuristic_name(loaded)}
                rows, cols = loaded.rows, loaded.cols
            else:
                self._engine.install(loaded)
                about = {"metric": "stm", "name": loaded.name, "heuristic": heuristic_name(loaded)}
                rows, cols = loaded.database.rows, loaded.database.cols
            reply: dict[str, object] = {"ok": True, **about, "rows": rows, "cols": cols}
            reply.update(size=self._size, seconds=round(self._seconds, 3))
            self._reply = json.dumps(reply)
        except Exception as exc:  # every failure becomes a reply
            self._reply = json.dumps(error_json(exc))
        return self._reply


class Engine:
    """The api with state: the heuristics on offer and the pattern database loaded into it (none at first); it is
    the :class:`~npuzzle.api.context.Context` every op runs in.

    The page's worker keeps one engine: :meth:`load_tables` (or :meth:`start_load`) once the file is downloaded,
    then :meth:`handle` for one-shot requests and :meth:`start` for long ones, which then offer and pick the
    database's heuristic. ``registry`` is the base on offer (default :func:`npuzzle.solving.registry.default_registry`).
    """

    def __init__(self, registry: Registry | None = None) -> None:
        self._tables: PdbTables | None = None
        self._mtm: MultisetDatabase | None = None
        self._base = registry if registry is not None else default_registry()
        self._registry = self._base
        self._subtree_key: str | None = None
        self._subtree_tt: dict[bytes, int] = {}
        self._subtree_clean = True

    @classmethod
    def from_cache(cls, path: str | None = None, env: Mapping[str, str] | None = None) -> Engine:
        """An engine with the pattern database the command line finds (:func:`npuzzle.pdb.cache.locate`: ``path``,
        then :data:`~npuzzle.pdb.cache.PDB_ENV` in ``env`` (default ``os.environ``), then the user's cache
        directory), or without tables when there is none; raises :class:`PatternDatabaseError` naming the file
        when the one found cannot be read or is not a valid database."""
        engine = cls()
        located = locate(path, env)
        if located.path is not None:
            engine.install(read_tables(located.path, located.origin))
        mtm = locate_mtm(env) if path is None else None
        if mtm is not None and mtm.path is not None:
            engine.install_mtm(read_multiset(mtm.path, mtm.origin))
        return engine

    @property
    def tables(self) -> PdbTables | None:
        """The loaded pattern database, if any."""
        return self._tables

    @property
    def registry(self) -> Registry:
        """The heuristics and solvers on offer (the default ones plus the loaded database's)."""
        return self._registry

    def load_tables(self, data: object) -> str:
        """Load a pattern-database file's bytes (``bytes``, or a Pyodide proxy of a ``Uint8Array``) and reply as
        JSON: ``{"ok": true, "name", "heuristic", "rows", "cols", "size", "seconds"}`` (``rows`` × ``cols``: the
        shape of the boards the tables serve) or ``{"ok": false, "error": …}``; a
        failed load keeps the engine as it was. :meth:`start_load` does the same in time slices."""
        return self.start_load(data).advance(math.inf)

    def start_load(self, data: object) -> TableLoad:
        """Begin loading a pattern-database file's bytes; :meth:`TableLoad.advance` does the work in slices."""
        return TableLoad(self, data)

    def install(self, tables: PdbTables) -> None:
        """Offer ``tables`` from now on (what a finished :class:`TableLoad` does)."""
        self._tables = tables
        self._registry = registry_with_tables(tables, self._base)
        if self._mtm is not None:
            self._registry = self._registry.with_mtm(self._mtm)

    def install_mtm(self, database: MultisetDatabase) -> None:
        """Solve optimally in the multi-tile metric with ``database`` from now on (a finished :class:`TableLoad` of
        its file)."""
        self._mtm = database
        self._registry = self._registry.with_mtm(database)

    def subtree_table(self, key: str) -> dict[bytes, int]:
        """The transposition table for the tasks of the split search ``key`` (a helper worker's, kept across its
        tasks): a fresh one for a new key, or when the last task that wrote into it did not end
        (:meth:`subtree_ended`: it was cancelled or interrupted halfway)."""
        if key != self._subtree_key or not self._subtree_clean:
            self._subtree_key, self._subtree_tt = key, {}
        self._subtree_clean = False
        return self._subtree_tt

    def subtree_ended(self) -> None:
        """The task searching with the table ran to its end: its entries hold."""
        self._subtree_clean = True

    def handle(self, request_json: str) -> str:
        """Run one request given as a JSON string in this engine (its heuristics and tables) and return the reply as
        a JSON string: every op of :data:`~npuzzle.api.protocol.OPERATIONS`, a long one run to its end."""
        try:
            request = decode_request(request_json)
        except RequestError as exc:
            return json.dumps(error_json(exc))
        return json.dumps(dispatch(request, self))

    def start(self, request_json: str) -> LongRun:
        """Begin a long operation (``{"op": "solve", …}``, ``"hint"``, ``"compare"``, ``"watch"`` or ``"subtree"``)
        in this engine without running it yet: its session (:class:`~npuzzle.api.Session`, or a
        :class:`~npuzzle.api.split.SubtreeSession`), whose :meth:`advance` runs it in slices.

        An invalid request or an unsolvable board gives a session whose first ``advance`` returns the error at
        once (for an unsolvable board with its ``explanation``); no search is started. A ``solve`` with
        ``workers`` above 1 on the tables splits (:meth:`~npuzzle.api.SolveSession.exchange`).
        """
        request = decoded_or_none(request_json)
        return session_for(request if isinstance(request, dict) else request_json, self)


def handle(request_json: str, registry: Registry | None = None) -> str:
    """:meth:`Engine.handle` on a fresh engine without tables (``registry``: the heuristics to offer, default
    :func:`npuzzle.solving.registry.default_registry`)."""
    return Engine(registry).handle(request_json)


def start(request_json: str) -> LongRun:
    """:meth:`Engine.start` on a fresh engine without tables."""
    return Engine().start(request_json)


def data_needed(request_json: str) -> str:
    """The package data files the search of a request's board reads that this installation lacks, as a JSON list of
    ``{"file": "npuzzle/…", "path": where it belongs}`` (empty for an installed package, which has them all).

    The site's wheel leaves such files out (the near-optimal solver's 5×5 tables: a first visit does not need
    them); the page's worker asks before it starts a long request and writes each file in place first. A request
    without a readable board needs nothing here (its own run names the problem).
    """
    request = decoded_or_none(request_json)
    try:
        board = read_board(request) if isinstance(request, dict) else None
    except ValueError:
        board = None
    if board is None:
        return "[]"
    package = resources.files("npuzzle")
    missing = [name for name in data_files(board.rows, board.cols) if not package.joinpath(name).is_file()]
    return json.dumps([{"file": f"npuzzle/{name}", "path": str(package.joinpath(name))} for name in missing])


def decoded_or_none(request_json: str) -> object:
    """The request decoded, or ``None`` when it cannot be (the caller's own decoding then names the error)."""
    try:
        decoded: object = decode_request(request_json)
    except RequestError:
        return None
    return decoded
