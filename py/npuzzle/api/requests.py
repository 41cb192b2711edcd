"""Reading the api's requests and writing its replies (:mod:`npuzzle.api` is what the page calls): typed fields
that name what is wrong with them, boards and goals, limits, and the replies of solves, compares and failures."""

from __future__ import annotations

import json
from typing import Any, Protocol

from ..board import Board
from ..course.compare_board import CompareBoard
from ..course.student import student_entry
from ..errors import PuzzleError, UnsolvableError, cut, show_value
from ..parse import json_depth, parse_board, resolve_goal
from ..progress import Limit, SearchResult
from ..solvability import Explanation
from ..solving.registry import Registry, default_registry
from ..solving.solve import check_limits, result_json

Request = dict[str, Any]
Reply = dict[str, Any]


class RequestError(PuzzleError):
    """The request itself is malformed (not JSON, unknown op, a missing or mistyped field)."""


TEXT_LIMIT_CELLS = 10_000
"""Boards above this many cells are sent without ``text`` (the page builds it from the tiles when it needs it),
which halves the reply for a 1000×1000 board."""


def board_json(board: Board) -> dict[str, Any]:
    """A board as the JSON object the page reads: rows, cols, tiles and, up to :data:`TEXT_LIMIT_CELLS` cells,
    its one-line text."""
    out: dict[str, Any] = {"rows": board.rows, "cols": board.cols, "tiles": list(board.tiles)}
    if board.size <= TEXT_LIMIT_CELLS:
        out["text"] = board.format(one_line=True)
    return out


def error_json(exc: BaseException) -> Reply:
    """A failed reply naming the error's class and message (input errors keep their own message)."""
    if isinstance(exc, PuzzleError):
        return {"ok": False, "error": {"type": type(exc).__name__, "message": str(exc)}}
    if isinstance(exc, MemoryError):
        return {"ok": False, "error": {"type": "MemoryError", "message": "out of memory: try a smaller request"}}
    return {"ok": False, "error": {"type": "InternalError", "message": f"internal error ({type(exc).__name__}): {exc}"}}


def field(request: Request, name: str, kind: type, default: Any = ...) -> Any:
    """Read a typed field of a request; raises :class:`RequestError` naming a missing or mistyped field."""
    if name not in request or request[name] is None:
        if default is ...:
            raise RequestError(f"the request has no {name!r} field")
        return default
    value = request[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise RequestError(f"field {name!r} must be a whole number, got {show_value(value)}")
    if not isinstance(value, kind):
        raise RequestError(f"field {name!r} must be of type {kind.__name__}, got {show_value(value)}")
    return value


def with_student(request: Request, registry: Registry | None) -> Registry | None:
    """``registry`` (the default when None) with a student's heuristic added, named ``yours``, when the request's
    ``code`` gives its source (:func:`~npuzzle.course.student.student_entry`); else ``registry`` as it was."""
    code = field(request, "code", str, None)
    if code is None:
        return registry
    return (registry if registry is not None else default_registry()).with_heuristic(student_entry(code))


def read_board(request: Request) -> Board:
    """The request's ``board`` field: text, or a ``BOARD`` object with rows, cols and tiles."""
    value = request.get("board")
    if isinstance(value, dict):
        tiles = field(value, "tiles", list)
        for index, tile in enumerate(tiles):
            if isinstance(tile, bool) or not isinstance(tile, int):
                raise RequestError(f"board tile {index + 1} must be a whole number, got {cut(json.dumps(tile))}")
        return Board(field(value, "rows", int), field(value, "cols", int), tuple(tiles))
    return parse_board(field(request, "board", str))


def goal_spec(request: Request) -> str | Board | None:
    """The request's ``goal`` field as :func:`~npuzzle.parse.resolve_goal` takes it: absent (``None``), a name or
    board text, or ``{"board": TEXT or BOARD}``; raises :class:`RequestError` naming any other value."""
    goal = request.get("goal")
    if isinstance(goal, dict):
        inner = goal.get("board")
        return read_board(goal) if isinstance(inner, dict) else field(goal, "board", str)
    if goal is not None and not isinstance(goal, str):
        raise RequestError(f"field 'goal' must be 'default', 'blank-first' or a board, got {show_value(goal)}")
    return goal


def read_goal(request: Request, board: Board) -> Board:
    """The request's ``goal`` field resolved for ``board``'s shape (default goal when absent)."""
    return resolve_goal(goal_spec(request), board.rows, board.cols)


API_MEMORY_LIMIT = 1_000_000
"""States an A* of the api may hold (its memory use: docs/benchmarks.md): a browser tab must never run out of
memory, so the page stops a search here with a message instead."""


def read_limit(request: Request) -> Limit:
    """The request's ``max_nodes`` (whole number ≥ 1), ``time_limit`` (seconds > 0) and ``max_states`` (states
    held in memory, default :data:`API_MEMORY_LIMIT`) as a :class:`Limit`."""
    max_nodes = field(request, "max_nodes", int, None)
    max_states = field(request, "max_states", int, API_MEMORY_LIMIT)
    time_limit = request.get("time_limit")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))):
        raise RequestError(f"field 'time_limit' must be a number of seconds, got {time_limit!r}")
    return check_limits(max_nodes, time_limit, max_states)


def solve_reply(board: Board, goal: Board, result: SearchResult, metric: object = None) -> Reply:
    """The final reply of a solve: the result's fields (:func:`~npuzzle.solving.solve.result_json`: ``letters``,
    ``notation``, ``tile_moves``, ``line_moves`` …) in the ``metric`` it was asked in, and the start and goal
    boards."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(result_json(board, result, None if metric is None else str(metric)))
    reply["board"] = board_json(board)
    reply["goal"] = board_json(goal)
    return reply


def compare_row(result: SearchResult) -> dict[str, Any]:
    """One row of the compare table: heuristic, length, nodes expanded, largest heap, seconds, stopped."""
    return {
        "heuristic": result.heuristic,
        "length": result.length,
        "optimal": result.optimal,
        "nodes_expanded": result.nodes_expanded,
        "nodes_generated": result.nodes_generated,
        "max_frontier": result.max_frontier,
        "seconds": result.seconds,
        "stopped": result.stopped,
        "message": result.message,
    }


def compare_reply(
    board: Board,
    goal: Board,
    results: list[SearchResult],
    stopped: str | None = None,
    origin: CompareBoard | None = None,
) -> Reply:
    """The final reply of a compare: the table ``rows`` (one per heuristic run), the boards, and ``from``: the board
    asked about and the moves before ``board`` on its way to the goal, when ``origin`` says another was compared
    (:func:`~npuzzle.api.ops.op_compare`)."""
    return {
        "type": "result",
        "ok": True,
        "stopped": stopped,
        "rows": [compare_row(r) for r in results],
        "board": board_json(board),
        "goal": board_json(goal),
        "from": None
        if origin is None or not origin.moves_before
        else {"board": board_json(origin.board), "moves": origin.moves_before},
    }


class Record(Protocol):
    """A progress record of a long op (a search's :class:`~npuzzle.progress.Progress`, an analysis's)."""

    def to_dict(self) -> dict[str, Any]: ...


def progress_reply(record: Record) -> Reply:
    """A long op's reply while it runs: ``{"type": "progress", …the record's fields…}``."""
    reply: Reply = {"type": "progress"}
    reply.update(record.to_dict())
    return reply


def failure_reply(exc: BaseException) -> Reply:
    """An ``{"type": "error", "ok": false, ...}`` reply; an unsolvable board also carries its ``explanation``."""
    reply: Reply = {"type": "error"}
    reply.update(error_json(exc))
    if isinstance(exc, UnsolvableError) and isinstance(exc.explanation, Explanation):
        reply["explanation"] = exc.explanation.to_dict()
    return reply


MAX_REQUEST_DEPTH = 8
"""How deeply a request's JSON may nest (a request with a ``BOARD`` goal needs 4 levels)."""


def decode_request(request_json: str) -> Any:
    """Decode a request's JSON text; raises :class:`RequestError` when it is not valid JSON, nests deeper than
    :data:`MAX_REQUEST_DEPTH` (measured first, without recursion: decoding recurses once per level) or holds a
    number over the interpreter's digit limit."""
    depth = json_depth(request_json)
    if depth > MAX_REQUEST_DEPTH:
        raise RequestError(f"the request is nested {depth:,} levels deep; at most {MAX_REQUEST_DEPTH} are accepted")
    try:
        return json.loads(request_json)
    except json.JSONDecodeError as exc:
        raise RequestError(f"the request is not valid JSON: {exc.msg}") from None
    except ValueError:  # an integer over the digit limit
        raise RequestError("the request holds a number of more than 4,300 digits, which no field accepts") from None


def request_object(request: str | Request) -> Request:
    """A long op's request as its session is given it (JSON text, or the object the caller decoded already): the
    JSON object, else a :class:`RequestError`."""
    if isinstance(request, str):  # JSON text; a dict was decoded by the caller
        request = decode_request(request)
    if not isinstance(request, dict):
        raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
    return request
