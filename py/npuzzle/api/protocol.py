"""The worker protocol said once: :data:`OPERATIONS` (each op's name, handler and session), and what dispatches on
it for an :class:`~npuzzle.api.Engine` (:func:`dispatch`, :func:`session_for`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import show_value
from ..solving.registry import Registry
from .analyse import AnalyseSession, op_analyse, op_reconstruction
from .context import Context
from .lab import LabCheckSession, LabDepthSession, op_lab_check, op_lab_depth, op_lab_examples
from .ops import Planned, op_apply, op_check, op_compare, op_hint, op_move, op_options, op_random, op_solve
from .optimal_moves import OptimalMovesSession, op_optimal_moves
from .requests import Reply, Request, RequestError, error_json
from .sessions import CompareSession, HintSession, Session, SolveSession
from .sliced import SlicedRun
from .split import SubtreeSession, op_subtree
from .watch import WatchSession, op_watch

LongRun = Session | SlicedRun[Any, Any]
"""A long operation running in slices: ``advance(seconds)``, ``cancel()``, ``done``."""


class RefusedSession(Session):
    """The session :func:`session_for` gives a request that no long operation takes (another op, or no JSON
    object): its first reply is the error that names the problem."""

    def _read(self, request: Request, context: Context) -> Planned:
        op = request.get("op")
        raise RequestError(
            f"unknown op {show_value(op)} for a long operation: expected one of {', '.join(sorted(LONG_OPS))}"
        )


@dataclass(frozen=True, slots=True)
class Operation:
    """One op of the worker protocol: its ``name``, the one-shot ``handler`` (its docstring gives the request and
    the reply) and the class that runs it in slices with progress (``session``; ``None``: one-shot only). Both
    take the request and the :class:`~npuzzle.api.context.Context` (the engine) it runs in."""

    name: str
    handler: Callable[[Request, Context], Reply]
    session: Callable[[str | Request, Context], LongRun] | None = None

    @property
    def long(self) -> bool:
        """Whether the page runs it as a long operation (in slices, with progress and cancel)."""
        return self.session is not None


def _plain(handler: Callable[[Request], Reply]) -> Callable[[Request, Context], Reply]:
    def run(request: Request, _context: Context) -> Reply:
        return handler(request)

    run.__doc__ = handler.__doc__
    return run


def _with_registry(handler: Callable[[Request, Registry | None], Reply]) -> Callable[[Request, Context], Reply]:
    def run(request: Request, context: Context) -> Reply:
        return handler(request, context.registry)

    run.__doc__ = handler.__doc__
    return run


OPERATIONS: tuple[Operation, ...] = (
    Operation("check", _plain(op_check)),
    Operation("random", _plain(op_random)),
    Operation("apply", _plain(op_apply)),
    Operation("move", _plain(op_move)),
    Operation("options", _with_registry(op_options)),
    Operation("solve", _with_registry(op_solve), SolveSession),
    Operation("compare", _with_registry(op_compare), CompareSession),
    Operation("hint", _with_registry(op_hint), HintSession),
    Operation("watch", _with_registry(op_watch), WatchSession),
    Operation("analyse", _with_registry(op_analyse), AnalyseSession),
    Operation("reconstruction", _plain(op_reconstruction)),
    Operation("subtree", op_subtree, SubtreeSession),
    Operation("optimal_moves", _with_registry(op_optimal_moves), OptimalMovesSession),
    Operation("lab_depth", _plain(op_lab_depth), LabDepthSession),
    Operation("lab_check", _plain(op_lab_check), LabCheckSession),
    Operation("lab_examples", _plain(op_lab_examples)),
)
"""Every op of the protocol, the one list of them: ``web/protocol.js``'s lists are checked against it
(``tests/test_protocol.py``)."""

OPS: dict[str, Operation] = {op.name: op for op in OPERATIONS}
"""The operations by name."""

LONG_OPS: frozenset[str] = frozenset(op.name for op in OPERATIONS if op.long)
"""The names of the operations the page runs in slices, with progress and cancel."""


def dispatch(request: Request, context: Context) -> Reply:
    """Run one request already decoded from JSON in ``context``; input errors become ``{"ok": false, ...}``
    replies."""
    try:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
        op = request.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise RequestError(f"unknown op {show_value(op)}: expected one of {', '.join(sorted(OPS))}")
        return OPS[op].handler(request, context)
    except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
        return error_json(exc)


def session_for(request: str | Request, context: Context) -> LongRun:
    """The session of a long request's op in ``context``; any other request (or text that is no JSON object) gets
    a :class:`RefusedSession`, whose first reply names the problem."""
    op = request.get("op") if isinstance(request, dict) else None
    operation = OPS.get(op) if isinstance(op, str) else None
    if operation is None or operation.session is None:
        return RefusedSession(request, context)
    return operation.session(request, context)
