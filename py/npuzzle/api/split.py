"""The api's side of a split search (:mod:`npuzzle.pdb.split`): a solve's ``workers`` and ``split_nodes``, and
the ``subtree`` op a helper worker runs, one task at a time, in time slices (:class:`SubtreeSession`). The solving
side, :meth:`npuzzle.api.SolveSession.exchange`, hands the tasks out and takes the answers."""

from __future__ import annotations

import json
import math
from collections.abc import Generator

from ..errors import PatternDatabaseError, show_value
from ..pdb import SEQUENTIAL_NODES, Answer, PdbTables, Task, subtree_search, useful_reflection
from ..progress import Progress
from .context import Context
from .requests import Reply, Request, RequestError, field, progress_reply
from .sliced import SlicedRun

MAX_SPLIT_WORKERS = 64
"""The most workers a ``solve`` request may ask to be split over: a sanity bound on the field (the page itself asks
for at most one per core, and fewer as memory allows)."""


def read_split(request: Request) -> tuple[int, int]:
    """The request's ``workers`` (1 to :data:`MAX_SPLIT_WORKERS`, default 1) and ``split_nodes`` (the expansions of
    the ordinary search before it splits, default :data:`~npuzzle.pdb.split.SEQUENTIAL_NODES`)."""
    workers = field(request, "workers", int, 1)
    if not 1 <= workers <= MAX_SPLIT_WORKERS:
        raise RequestError(f"field 'workers' must be from 1 to {MAX_SPLIT_WORKERS}, got {show_value(workers)}")
    nodes = field(request, "split_nodes", int, SEQUENTIAL_NODES)
    if not 1 <= nodes <= 10**12:
        raise RequestError(f"field 'split_nodes' must be from 1 to 10**12, got {show_value(nodes, unit='digits')}")
    return workers, nodes


MAX_SEARCH_KEY = 100
"""The longest ``search`` key of a ``subtree`` request."""


NO_TABLES = "the subtree op needs the pattern database: load it into an Engine first"


def read_subtree(request: Request, tables: PdbTables | None) -> tuple[Task, str]:
    """The ``subtree`` request's ``task`` (:meth:`~npuzzle.pdb.tasks.Task.from_json`, for the tables' shape) and
    ``search`` key; raises :class:`~npuzzle.errors.PatternDatabaseError` when no tables are loaded."""
    key = field(request, "search", str)
    if not 1 <= len(key) <= MAX_SEARCH_KEY:
        raise RequestError(f"field 'search' must be 1 to {MAX_SEARCH_KEY} characters, got {show_value(key)}")
    value = field(request, "task", dict)
    if tables is None:
        raise PatternDatabaseError(NO_TABLES)
    return Task.from_json(value, tables.database.rows, tables.database.cols), key


def op_subtree(request: Request, context: Context) -> Reply:
    """``{"task": TASK, "search": KEY}`` → ``{"ok": true, "answer": ANSWER}``: one task of a split search
    (:class:`~npuzzle.pdb.tasks.Task`, :class:`~npuzzle.pdb.tasks.Answer` as JSON objects with the same fields)
    run to its end on the context's tables (a helper worker's engine: :class:`SubtreeSession` runs it in slices);
    without tables it is refused with :class:`~npuzzle.errors.PatternDatabaseError`."""
    reply: Reply = json.loads(SubtreeSession(request, context).advance(math.inf))
    reply.pop("type", None)
    return reply


class SubtreeSession(SlicedRun[Progress, Answer]):
    """A ``subtree`` request run in time slices on a helper worker (:meth:`Engine.start`): one task of a split
    search (:func:`npuzzle.pdb.split.subtree_search`) with the context's transposition table for that ``search``
    key. :meth:`advance` returns ``{"type": "progress", …Progress fields…, "running": ANSWER}`` (the task's count
    so far, ``cells`` null) until ``{"type": "result", "ok": true, "answer": ANSWER}``; :meth:`cancel` stops it
    (``{"type": "result", "ok": true, "stopped": "cancelled", "answer": null}``) and drops the table, whose entries
    would claim subtrees the task never finished. Every method returns a JSON string and never raises."""

    def __init__(self, request: str | Request, context: Context) -> None:
        self._context = context
        super().__init__(request, context)

    def _read(self, request: Request, context: Context) -> Generator[Progress, None, Answer]:
        tables = context.tables
        self._task, key = read_subtree(request, tables)
        assert tables is not None  # read_subtree raised otherwise
        reflect = useful_reflection(tables.database)
        return subtree_search(tables, self._task, reflect, context.subtree_table(key))

    def _progress(self, record: Progress) -> Reply:
        reply = progress_reply(record)
        count = Answer(self._task.bound, self._task.index, None, record.nodes_expanded, record.nodes_generated)
        reply["running"] = count.to_json()
        return reply

    def _ended(self, value: Answer) -> Reply:
        self._context.subtree_ended()
        return {"type": "result", "ok": True, "answer": value.to_json()}

    def cancel(self) -> str:
        """Stop now (see the class text); the final reply if the task had ended."""
        if self._final is None:
            if self._running is not None:
                self._running.close()
                self._running = None
            self._final = {"type": "result", "ok": True, "stopped": "cancelled", "answer": None}
        return json.dumps(self._final)
