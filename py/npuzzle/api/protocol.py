"""The worker protocol said once: :data:`OPERATIONS` (each op's name, handler, session and needs), and the entry
points that dispatch on it (:func:`handle`, :func:`start`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import show_value
from ..pdb import PdbTables
from ..registry import Registry
from .analyse import AnalyseSession, op_analyse
from .ops import Planned, op_apply, op_check, op_compare, op_hint, op_move, op_options, op_random, op_solve
from .requests import (
    Reply,
    Request,
    RequestError,
    decode_request,
    error_json,
)
from .sessions import CompareSession, HintSession, Session, SolveSession
from .split import op_subtree
from .watch import WatchSession, op_watch


class NotLong(Session):
    """The session :func:`start` gives a request that is not a long operation: its first reply is the error."""

    def _read(self, request: Request, registry: Registry | None) -> Planned:
        op = request.get("op")
        if isinstance(op, str) and op in LONG_OPS:  # long on an Engine with tables only (subtree): it says why
            OPS[op].handler(request, registry)
        raise RequestError(
            f"unknown op {show_value(op)} for a long operation: expected one of {', '.join(sorted(LONG_OPS))}"
        )


@dataclass(frozen=True, slots=True)
class Operation:
    """One op of the worker protocol: its ``name``, the one-shot ``handler`` (its docstring gives the request and
    the reply), the :class:`Session` class that runs it in slices with progress (``None``: one-shot only), and
    whether it ``needs_tables`` (a pattern database loaded into an :class:`Engine`)."""

    name: str
    handler: Callable[[Request, Registry | None], Reply]
    session: type[Session] | None = None
    needs_tables: bool = False

    @property
    def long(self) -> bool:
        """Whether the page runs it as a long operation (in slices, with progress and cancel)."""
        return self.session is not None or self.needs_tables


def _no_registry(handler: Callable[[Request], Reply]) -> Callable[[Request, Registry | None], Reply]:
    def run(request: Request, _registry: Registry | None = None) -> Reply:
        return handler(request)

    run.__doc__ = handler.__doc__
    return run


OPERATIONS: tuple[Operation, ...] = (
    Operation("check", _no_registry(op_check)),
    Operation("random", _no_registry(op_random)),
    Operation("apply", _no_registry(op_apply)),
    Operation("move", _no_registry(op_move)),
    Operation("options", op_options),
    Operation("solve", op_solve, SolveSession),
    Operation("compare", op_compare, CompareSession),
    Operation("hint", op_hint, HintSession),
    Operation("watch", op_watch, WatchSession),
    Operation("analyse", op_analyse, AnalyseSession),
    Operation("subtree", _no_registry(op_subtree), needs_tables=True),
)
"""Every op of the protocol, the one list of them: ``web/protocol.js``'s lists are checked against it
(``tests/test_protocol.py``). The ``subtree`` op runs in slices on an :class:`Engine` with tables
(:class:`~npuzzle.api.split.SubtreeSession`)."""

OPS: dict[str, Operation] = {op.name: op for op in OPERATIONS}
"""The operations by name."""

LONG_OPS: frozenset[str] = frozenset(op.name for op in OPERATIONS if op.long)
"""The names of the operations the page runs in slices, with progress and cancel."""


def dispatch(request: Request, registry: Registry | None = None) -> Reply:
    """Run one request already decoded from JSON; input errors become ``{"ok": false, ...}`` replies."""
    try:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
        op = request.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise RequestError(f"unknown op {show_value(op)}: expected one of {', '.join(sorted(OPS))}")
        return OPS[op].handler(request, registry)
    except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
        return error_json(exc)


def handle(request_json: str, registry: Registry | None = None) -> str:
    """Run one request given as a JSON string and return the reply as a JSON string (``registry``: the heuristics
    to offer, default :func:`npuzzle.registry.default_registry`; :class:`Engine` passes its own)."""
    try:
        request = decode_request(request_json)
    except RequestError as exc:
        return json.dumps(error_json(exc))
    return json.dumps(dispatch(request, registry))


def session_for(request: str | Request, registry: Registry | None = None, tables: PdbTables | None = None) -> Session:
    """The :class:`Session` of a long request's op; any other request (or text that is no JSON object) gets
    :class:`NotLong`, whose first reply names the problem."""
    op = request.get("op") if isinstance(request, dict) else None
    operation = OPS.get(op) if isinstance(op, str) else None
    kind = operation.session if operation is not None and operation.session is not None else NotLong
    return kind(request, registry, tables)


def start(request_json: str) -> Session:
    """Begin a long operation (``{"op": "solve", …}``, ``"hint"``, ``"compare"`` or ``"watch"``) without
    running it yet.

    An invalid request or an unsolvable board gives a session whose first :meth:`Session.advance` returns the
    error at once (for an unsolvable board with its ``explanation``); no search is started.
    """
    decoded = decoded_or_none(request_json)
    return session_for(decoded if isinstance(decoded, dict) else request_json)


def decoded_or_none(request_json: str) -> object:
    """The request decoded, or ``None`` when it cannot be (the caller's own decoding then names the error)."""
    try:
        decoded: object = decode_request(request_json)
    except RequestError:
        return None
    return decoded
