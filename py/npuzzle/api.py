"""The JSON-in, JSON-out surface: the only module JavaScript calls.

:func:`handle` takes one request as a JSON string and returns one reply as a JSON string. Every reply has
``"ok"``; a failed request gives ``{"ok": false, "error": {"type": …, "message": …}}`` with the input error's
message (never a traceback).

Requests (``"op"`` selects one):

* ``{"op": "check", "board": TEXT, "goal"?: "default" | "blank-first" | TEXT}`` →
  ``{"ok": true, "board": BOARD, "goal": BOARD, "explanation": {...}}`` where ``explanation`` holds the fields of
  :class:`npuzzle.solvability.Explanation`.
* ``{"op": "random", "rows": R, "cols": C, "seed"?: S, "moves"?: K, "solvable"?: true, "goal"?: …}`` →
  ``{"ok": true, "board": BOARD}``; with ``moves`` the board is a scramble of K random moves from the goal.
* ``{"op": "apply", "board": TEXT, "moves": [tile or letter, …] | TEXT}`` → ``{"ok": true, "board": BOARD}``.

``BOARD`` is ``{"rows": R, "cols": C, "tiles": [...row-major, 0 = blank], "text": "1 2 3 / 4 5 6 / 7 8 0"}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .board import Board
from .errors import PuzzleError
from .parse import parse_board, parse_moves, parse_shape, resolve_goal
from .randomize import random_board, scramble
from .solvability import explain

Request = dict[str, Any]
Reply = dict[str, Any]


class RequestError(PuzzleError):
    """The request itself is malformed (not JSON, unknown op, a missing or mistyped field)."""


def board_json(board: Board) -> dict[str, Any]:
    """A board as the JSON object the page reads: rows, cols, tiles and one-line text."""
    return {"rows": board.rows, "cols": board.cols, "tiles": list(board.tiles), "text": board.format(one_line=True)}


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
        raise RequestError(f"field {name!r} must be a whole number, got {value!r}")
    if not isinstance(value, kind):
        raise RequestError(f"field {name!r} must be of type {kind.__name__}, got {value!r}")
    return value


def read_board(request: Request) -> Board:
    """The request's ``board`` field: text, or a ``BOARD`` object with rows, cols and tiles."""
    value = request.get("board")
    if isinstance(value, dict):
        return Board(field(value, "rows", int), field(value, "cols", int), tuple(field(value, "tiles", list)))
    return parse_board(field(request, "board", str))


def read_goal(request: Request, board: Board) -> Board:
    """The request's ``goal`` field resolved for ``board``'s shape (default goal when absent)."""
    goal = request.get("goal")
    if isinstance(goal, dict):
        goal = field(goal, "board", str)
    if goal is not None and not isinstance(goal, str):
        raise RequestError(f"field 'goal' must be 'default', 'blank-first' or a board, got {goal!r}")
    return resolve_goal(goal, board.rows, board.cols)


def op_check(request: Request) -> Reply:
    """Parse the board, resolve the goal and explain the verdict."""
    board = read_board(request)
    goal = read_goal(request, board)
    return {
        "ok": True,
        "board": board_json(board),
        "goal": board_json(goal),
        "explanation": explain(board, goal).to_dict(),
    }


def op_random(request: Request) -> Reply:
    """A random solvable (or unsolvable) board, or a scramble of ``moves`` random moves from the goal."""
    if "shape" in request:
        rows, cols = parse_shape(field(request, "shape", str))
    else:
        rows, cols = field(request, "rows", int), field(request, "cols", int)
    goal_spec = request.get("goal")
    goal = resolve_goal(goal_spec if isinstance(goal_spec, str) else None, rows, cols)
    seed = request.get("seed")
    moves = field(request, "moves", int, None)
    if moves is not None:
        board = scramble(goal, moves, seed=seed)
    else:
        board = random_board(rows, cols, seed=seed, solvable=field(request, "solvable", bool, True), goal=goal)
    return {"ok": True, "board": board_json(board)}


def op_apply(request: Request) -> Reply:
    """Apply a move list (tile numbers and/or U/D/L/R) to the board."""
    board = read_board(request)
    moves = request.get("moves", [])
    seq = parse_moves(moves) if isinstance(moves, str) else list(moves)
    return {"ok": True, "board": board_json(board.apply(seq))}


OPS: dict[str, Callable[[Request], Reply]] = {"check": op_check, "random": op_random, "apply": op_apply}
"""The one-shot operations by name."""


def dispatch(request: Request) -> Reply:
    """Run one request already decoded from JSON; input errors become ``{"ok": false, ...}`` replies."""
    try:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be a JSON object, got {request!r}")
        op = request.get("op")
        if op not in OPS:
            raise RequestError(f"unknown op {op!r}: expected one of {', '.join(sorted(OPS))}")
        return OPS[op](request)
    except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
        return error_json(exc)


def handle(request_json: str) -> str:
    """Run one request given as a JSON string and return the reply as a JSON string."""
    try:
        request = json.loads(request_json)
    except json.JSONDecodeError as exc:
        return json.dumps(error_json(RequestError(f"the request is not valid JSON: {exc.msg}")))
    return json.dumps(dispatch(request))
