"""The JSON-in, JSON-out surface: the only module JavaScript calls (the page's worker keeps one :class:`Engine`).

:meth:`Engine.handle` (and :func:`handle`, the same on a fresh engine) takes one request as a JSON string, ``{"op":
NAME, …fields}``, and returns one reply as a JSON string. Every reply has ``"ok"``; a failed request gives ``{"ok":
false, "error": {"type": …, "message": …}}`` with the input error's message (never a traceback). The ops are
:data:`OPERATIONS`, the one list of them: each handler's docstring gives its request's fields and its reply. ``BOARD``
in a reply is ``{"rows": R, "cols": C, "tiles": [...row-major, 0 = blank], "text": "1 2 3 / 4 5 6 / 7 8 0"}`` (``text``
up to :data:`~npuzzle.api.requests.TEXT_LIMIT_CELLS` cells).

Long operations (:data:`LONG_OPS`) run in slices with progress and cancel: :meth:`Engine.start` (and :func:`start`)
returns a :class:`Session` (or a :class:`SubtreeSession`); ``advance(seconds)`` runs it for about that long and returns
``{"type": "progress", …Progress fields…}`` or the final ``{"type": "result", …}`` / ``{"type": "error", …}``;
``cancel()`` stops it with ``stopped: "cancelled"`` and the best solution so far, if any, else the statistics so far.

An :class:`Engine` holds a loaded pattern database (no module-level state): ``load_tables(bytes)`` or, in slices,
``start_load(bytes)``; its ``handle``/``start`` then offer the database's heuristic (``auto`` ranks it first), split a
``solve`` with ``workers`` and run the ``subtree`` op of a split search. In CPython, ``Engine.from_cache()`` loads the
database the command line would use (:mod:`npuzzle.pdb.cache`).
"""

from __future__ import annotations

from .context import Context
from .engine import Engine, TableLoad, file_slices, handle, start
from .protocol import LONG_OPS, OPERATIONS, OPS, LongRun, Operation, RefusedSession, dispatch, session_for
from .requests import Reply, Request, RequestError, read_board
from .sessions import CompareSession, HintSession, Session, SolveSession
from .split import SubtreeSession
from .watch import WatchSession

__all__ = [
    "LONG_OPS",
    "OPERATIONS",
    "OPS",
    "CompareSession",
    "Context",
    "Engine",
    "HintSession",
    "LongRun",
    "Operation",
    "RefusedSession",
    "Reply",
    "Request",
    "RequestError",
    "Session",
    "SolveSession",
    "SubtreeSession",
    "TableLoad",
    "WatchSession",
    "dispatch",
    "file_slices",
    "handle",
    "read_board",
    "session_for",
    "start",
]
