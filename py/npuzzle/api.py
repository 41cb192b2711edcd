"""The JSON-in, JSON-out surface: the only module JavaScript calls.

:func:`handle` takes one request as a JSON string and returns one reply as a JSON string. Every reply has
``"ok"``; a failed request gives ``{"ok": false, "error": {"type": …, "message": …}}`` with the input error's
message (never a traceback).

Requests (``"op"`` selects one):

* ``{"op": "check", "board": TEXT, "goal"?: "default" | "blank-first" | TEXT}`` →
  ``{"ok": true, "board": BOARD, "goal": BOARD, "explanation": {...}, "lesson": {...}}`` where ``explanation``
  holds the fields of :class:`npuzzle.solvability.Explanation` and ``lesson`` those of :func:`npuzzle.lesson.lesson`
  (the rule's ways of counting; the reading order and the inversion pairs up to 8×8).
* ``{"op": "move", "board": TEXT, "tiles": [T, …]}`` → ``{"ok": true, "texts": [TEXT, …], "board": BOARD}``: the
  tiles slid one after the other, each move said in words (:func:`npuzzle.lesson.describe_move`), boards of up to
  1,024 cells.
* ``{"op": "random", "rows": R, "cols": C, "seed"?: S, "moves"?: K, "solvable"?: true, "goal"?: …}`` →
  ``{"ok": true, "board": BOARD}``; with ``moves`` the board is a scramble of K random moves from the goal.
* ``{"op": "apply", "board": TEXT, "moves": [tile or letter, …] | TEXT}`` → ``{"ok": true, "board": BOARD}``.

* ``{"op": "solve", "board": TEXT, "goal"?: …, "algorithm"?: "auto" | "astar" | "idastar" | "near-optimal",
  "heuristic"?: "auto" | "discrete" | "hamming" | "manhattan" | "walking-distance" | "linear-conflict" | "pdb",
  "max_nodes"?: N, "time_limit"?: S, "max_states"?: N, "budget"?: S}`` → ``{"type": "result", "ok": true,
  …SearchResult fields (moves, length,
  optimal, algorithm, heuristic, nodes_expanded, nodes_generated, max_frontier, iterations, seconds,
  lower_bound, stopped, message, extra)…, "ratio_bound": R, "letters": [U/D/L/R…], "board": BOARD,
  "goal": BOARD}``; ``moves``/``letters`` are ``null`` when a limit stopped the search (``stopped`` names it).
  An unsolvable board fails at once with its ``explanation``. What ``"auto"`` picks is :mod:`npuzzle.policy`
  (``docs/auto.md``); ``algorithm`` names the solver that answered. When that is ``near-optimal``, ``optimal`` is
  false unless proven, ``lower_bound`` is a proven bound on the optimal length and ``ratio_bound`` (length / lower
  bound) says the solution is at most that many times the optimal length. ``budget`` is the near-optimal solver's
  soft time budget in seconds (default 2; more
  time, shorter answers); optimal searches ignore it.
  ``max_states`` bounds the states an A* holds in memory (default 1,000,000; reaching it stops the search with
  ``stopped: "memory-limit"``). ``"workers"?: N`` (1 to :data:`MAX_WORKERS`) and ``"split_nodes"?: N`` ask a
  long solve (:meth:`Engine.start`) whose plan is IDA* on the engine's pattern database to split over N workers
  once the ordinary search has run that many expansions (:class:`npuzzle.pdb.split.Split`): its progress then
  carries ``split: {"workers", "idle"}`` and :meth:`Session.exchange` hands out tasks and takes the answers; its
  result's ``extra["jobs"]`` says how many workers it was split over. A one-shot ``solve`` checks them and does
  not split.
* ``{"op": "hint", "board": TEXT, "goal"?: …}`` → ``{"type": "result", "ok": true, "tile": T, "letter": U/D/L/R,
  "direction": "up" | "down" | "left" | "right", "optimal": B, "length": N, "message": TEXT, "algorithm",
  "heuristic", "nodes_expanded", "seconds", "board": BOARD, "goal": BOARD}``: the next move, the first of a
  shortest solution when one is proven within a second, else of a near-optimal one (:mod:`npuzzle.hint`);
  ``tile`` is ``null`` on a board that is already the goal.
* ``{"op": "compare", "board": TEXT, "goal"?: …, "max_nodes"?: N, "time_limit"?: S}`` → ``{"type": "result",
  "ok": true, "rows": [{heuristic, length, optimal, nodes_expanded, nodes_generated, max_frontier, seconds,
  stopped, message}, …], "board": BOARD, "goal": BOARD}``: A* with each heuristic, in auto's ranking order, each within
  the limits (default 250,000 expansions).

* ``{"op": "options", "rows": R, "cols": C, "goal"?: …}`` (or ``"board"`` instead of the shape) →
  ``{"ok": true, "algorithms": [{name, summary}], "heuristics": [{name, summary}], "default_algorithm",
  "default_heuristic", "default_optimal", "default_summary"}``: the choices ``solve`` accepts for that board
  (the registry's heuristics that fit, in auto's ranking order; optimal algorithms only up to 144 cells) and what
  ``"auto"`` picks (``default_optimal`` is false when that is, or may fall back to, the near-optimal solver;
  ``default_summary`` says so in words, in the texts of :mod:`npuzzle.policy`), so the page lists new solvers
  without changes.

* ``{"op": "subtree", "task": TASK, "search": KEY}`` (an :class:`Engine` with tables only; without them a
  ``PatternDatabaseError``) → ``{"ok": true, "answer": ANSWER}``: one task of a split search
  (:class:`npuzzle.pdb.split.Task`, :class:`~npuzzle.pdb.split.Answer`, as JSON objects with the same fields),
  searched with the engine's transposition table for the search ``KEY``; long with :meth:`Engine.start`
  (:class:`SubtreeSession`). The page's helper workers run it.

``BOARD`` is ``{"rows": R, "cols": C, "tiles": [...row-major, 0 = blank], "text": "1 2 3 / 4 5 6 / 7 8 0"}``
(``text`` only up to :data:`TEXT_LIMIT_CELLS` cells).

Long operations with progress and cancel: :func:`start` takes a ``solve``, ``hint`` or ``compare`` request and returns a
:class:`Session`; ``Session.advance(seconds)`` runs it for about that long and returns ``{"type": "progress",
…Progress fields…}`` (compare adds ``row``, ``rows``, the names of the heuristics it runs as ``heuristics`` and
the finished rows as ``done``), or the final
``{"type": "result", …}`` / ``{"type": "error", "ok": false, "error": {"type", "message"}}``;
``Session.cancel()`` stops it and returns ``{"type": "result", "ok": true, "stopped": "cancelled", …}``: with the
best solution found so far in ``moves`` (and ``letters``, ``length``, ``ratio_bound``) when the search had one,
else ``moves: null`` and the statistics so far.

Pattern databases: an :class:`Engine` holds the loaded tables (no module-level state). ``Engine.load_tables(bytes)``
reads a database file (the page downloads it) and replies ``{"ok": true, "name": "7/7-7", "heuristic":
"pdb-7/7-7+reflected", "size": BYTES, "seconds": S}`` or ``{"ok": false, "error": {"type":
"PatternDatabaseError", "message": …}}``; ``Engine.start_load(bytes)`` does the same in slices (the page's worker
answers requests between them). Afterwards its ``handle``/``start`` use the database: ``options`` lists
it for the boards it fits (4×4 with a corner-blank goal) and ``auto`` ranks it first (:mod:`npuzzle.policy`). The
module-level :func:`handle` and :func:`start` use no tables; in CPython, ``Engine.from_cache()`` loads the database
the command line would use (``--pdb``-like path, ``$NPUZZLE_PDB``, then the file ``npuzzle pdb build`` left in the
user's cache directory: :mod:`npuzzle.pdb.cache`), so ``Engine.from_cache().handle(…)`` solves 4×4 boards with it.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import replace
from typing import Any

from .board import Board, check_shape, moves_to_letters
from .errors import PatternDatabaseError, PuzzleError, UnsolvableError, cut, show_value
from .hint import describe_hint, hint_plan
from .lesson import describe_move, lesson
from .parse import json_depth, parse_board, parse_moves, parse_shape, resolve_goal
from .pdb.cache import locate, read_tables
from .pdb.database import FileSlices
from .pdb.split import SEQUENTIAL_NODES, Answer, Split, Task, subtree_search
from .pdb.tables import PdbTables, heuristic_name, load_tables_steps, useful_reflection
from .policy import too_big_summary
from .progress import Limit, Progress, Search, SearchResult, run, stop
from .randomize import random_board, scramble
from .solvability import Explanation, explain
from .solve import (
    ALGORITHM_NAMES,
    DEFAULT_COMPARE_NODES,
    MAX_SEARCH_CELLS,
    NEAR_OPTIMAL,
    NEAR_OPTIMAL_MAX_CELLS,
    Plan,
    Registry,
    auto_algorithm,
    check_limits,
    default_registry,
    plan,
    ratio_bound,
    registry_with_tables,
)

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


def op_check(request: Request) -> Reply:
    """Parse the board, resolve the goal, explain the verdict and give the lesson's figures."""
    board = read_board(request)
    goal = read_goal(request, board)
    explanation = explain(board, goal)
    return {
        "ok": True,
        "board": board_json(board),
        "goal": board_json(goal),
        "explanation": explanation.to_dict(),
        "lesson": lesson(board, explanation),
    }


MAX_MOVE_CELLS = 1024
"""The biggest board ``move`` describes (the page's grid): each move is explained afresh, O(n log n)."""


def op_move(request: Request) -> Reply:
    """Slide ``tiles`` one after the other and say what each move did to the rule's figures (:mod:`npuzzle.lesson`)."""
    board = read_board(request)
    if board.size > MAX_MOVE_CELLS:
        raise RequestError(f"move describes boards of up to {MAX_MOVE_CELLS:,} cells, got {board.size:,}")
    tiles = field(request, "tiles", list)
    if not 1 <= len(tiles) <= board.rows + board.cols:
        raise RequestError(f"field 'tiles' must list 1 to {board.rows + board.cols} tiles, got {len(tiles)}")
    texts = []
    for tile in tiles:
        if isinstance(tile, bool) or not isinstance(tile, int):
            raise RequestError(f"field 'tiles' must hold whole numbers, got {show_value(tile)}")
        texts.append(describe_move(board, tile))
        board = board.slide(tile)
    return {"ok": True, "texts": texts, "board": board_json(board)}


def op_random(request: Request) -> Reply:
    """A random solvable (or unsolvable) board, or a scramble of ``moves`` random moves from the goal."""
    if "shape" in request:
        rows, cols = parse_shape(field(request, "shape", str))
    else:
        rows, cols = field(request, "rows", int), field(request, "cols", int)
    goal = resolve_goal(goal_spec(request), rows, cols)
    seed = request.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RequestError(f"field 'seed' must be a whole number or a string, got {show_value(seed)}")
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
    if not isinstance(moves, (str, list)):
        raise RequestError(
            f"field 'moves' must be a list of tile numbers and/or letters U, D, L, R, or text such as 'UULDR', "
            f"got {show_value(moves)}"
        )
    seq = parse_moves(moves) if isinstance(moves, str) else moves
    return {"ok": True, "board": board_json(board.apply(seq))}


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


def solve_reply(board: Board, goal: Board, result: SearchResult) -> Reply:
    """The final reply of a solve: the result's fields, U/D/L/R ``letters`` and the start and goal boards."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(result.to_dict())
    reply["ratio_bound"] = ratio_bound(result)
    reply["letters"] = None if result.moves is None else moves_to_letters(board, result.moves)
    reply["board"] = board_json(board)
    reply["goal"] = board_json(goal)
    return reply


def compare_row(result: SearchResult) -> dict[str, Any]:
    """One row of the compare table: heuristic, length, vertices visited, largest heap, seconds, stopped."""
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


def compare_reply(board: Board, goal: Board, results: list[SearchResult], stopped: str | None = None) -> Reply:
    """The final reply of a compare: the table ``rows`` (one per heuristic run) and the boards."""
    return {
        "type": "result",
        "ok": True,
        "stopped": stopped,
        "rows": [compare_row(r) for r in results],
        "board": board_json(board),
        "goal": board_json(goal),
    }


def failure_reply(exc: BaseException) -> Reply:
    """An ``{"type": "error", "ok": false, ...}`` reply; an unsolvable board also carries its ``explanation``."""
    reply: Reply = {"type": "error"}
    reply.update(error_json(exc))
    if isinstance(exc, UnsolvableError) and isinstance(exc.explanation, Explanation):
        reply["explanation"] = exc.explanation.to_dict()
    return reply


def _plans(request: Request, registry: Registry | None = None) -> tuple[str, Board, Board, list[Plan], Limit]:
    registry = registry if registry is not None else default_registry()
    op = request.get("op")
    board = read_board(request)
    goal = read_goal(request, board)
    limit = read_limit(request)
    if op == "solve":
        algorithm = field(request, "algorithm", str, "auto")
        heuristic = field(request, "heuristic", str, "auto")
        budget = request.get("budget")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))):
            raise RequestError(f"field 'budget' must be a number of seconds, got {budget!r}")
        return "solve", board, goal, [plan(board, goal, algorithm, heuristic, registry, budget=budget)], limit
    if op == "hint":
        return "hint", board, goal, [hint_plan(board, goal, registry)], limit
    if op == "compare":
        if limit.nodes is None:
            limit = replace(limit, nodes=DEFAULT_COMPARE_NODES)
        # the course's table: the built-in heuristics only, whether or not a pattern database is loaded
        builtin = default_registry()
        plans = [plan(board, goal, "astar", name, builtin) for name in builtin.fitting_names(board, goal)]
        return "compare", board, goal, plans, limit
    raise RequestError(f"unknown op {op!r} for a long operation: expected 'solve', 'hint' or 'compare'")


def op_solve(request: Request, registry: Registry | None = None) -> Reply:
    """Solve in one call (no progress, no cancel): the reply of :meth:`Session.advance` at the end (``workers``
    is checked but not used: a split needs a transport, :meth:`Session.exchange`)."""
    read_split(request)
    _, board, goal, plans, limit = _plans(request, registry)
    return solve_reply(board, goal, run(plans[0].start(limit)))


def hint_reply(chosen: Plan, result: SearchResult) -> Reply:
    """The final reply of a hint: the :class:`~npuzzle.hint.Hint`'s fields, the search's name and figures, and the
    boards."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(describe_hint(chosen, result).to_dict())
    reply.update(algorithm=result.algorithm, heuristic=result.heuristic, nodes_expanded=result.nodes_expanded)
    reply.update(seconds=round(result.seconds, 3), board=board_json(chosen.board), goal=board_json(chosen.goal))
    return reply


def op_hint(request: Request, registry: Registry | None = None) -> Reply:
    """A hint in one call (no progress, no cancel): the next move from the board, :mod:`npuzzle.hint`."""
    _, _, _, plans, limit = _plans(request, registry)
    return hint_reply(plans[0], run(plans[0].start(limit)))


def op_compare(request: Request, registry: Registry | None = None) -> Reply:
    """Run the compare table in one call: A* with each heuristic within the node limit."""
    _, board, goal, plans, limit = _plans(request, registry)
    return compare_reply(board, goal, [run(p.start(limit)) for p in plans])


MAX_WORKERS = 64
"""The most workers a solve may be split over (the page asks for at most one per core)."""


def read_split(request: Request) -> tuple[int, int]:
    """The request's ``workers`` (1 to :data:`MAX_WORKERS`, default 1) and ``split_nodes`` (the expansions of
    the ordinary search before it splits, default :data:`~npuzzle.pdb.split.SEQUENTIAL_NODES`)."""
    workers = field(request, "workers", int, 1)
    if not 1 <= workers <= MAX_WORKERS:
        raise RequestError(f"field 'workers' must be from 1 to {MAX_WORKERS}, got {show_value(workers)}")
    nodes = field(request, "split_nodes", int, SEQUENTIAL_NODES)
    if not 1 <= nodes <= 10**12:
        raise RequestError(f"field 'split_nodes' must be from 1 to 10**12, got {show_value(nodes, unit='digits')}")
    return workers, nodes


MAX_SEARCH_KEY = 100
"""The longest ``search`` key of a ``subtree`` request."""


NO_TABLES = "the subtree op needs the pattern database: load it into an Engine first"


def _subtree_fields(request: Request) -> tuple[dict[str, Any], str]:
    key = field(request, "search", str)
    if not 1 <= len(key) <= MAX_SEARCH_KEY:
        raise RequestError(f"field 'search' must be 1 to {MAX_SEARCH_KEY} characters, got {show_value(key)}")
    return field(request, "task", dict), key


def read_subtree(request: Request, tables: PdbTables | None) -> tuple[Task, str]:
    """The ``subtree`` request's ``task`` (:meth:`~npuzzle.pdb.split.Task.from_json`, for the tables' shape) and
    ``search`` key; raises :class:`~npuzzle.errors.PatternDatabaseError` when no tables are loaded."""
    value, key = _subtree_fields(request)
    if tables is None:
        raise PatternDatabaseError(NO_TABLES)
    return Task.from_json(value, tables.database.rows, tables.database.cols), key


def op_subtree(request: Request) -> Reply:
    """A ``subtree`` request without tables (the module-level :func:`handle`): its fields checked, then refused
    with :class:`~npuzzle.errors.PatternDatabaseError` (:class:`Engine` runs it)."""
    _subtree_fields(request)
    raise PatternDatabaseError(NO_TABLES)


_ALGORITHM_SUMMARIES = {
    "astar": "A*: best-first with an updatable heap; memory grows with the search",
    "idastar": "IDA*: iterative deepening on f; little memory",
    NEAR_OPTIMAL: "near-optimal: peel edge lines, beam search on the last 5×5 with pattern tables, shorten; "
    "fast on big boards, not proven optimal (a lower bound is given)",
}


def op_options(request: Request, registry: Registry | None = None) -> Reply:
    """The algorithm and heuristic names ``solve`` accepts for a board (or a shape) and what ``auto`` picks."""
    if "board" in request:
        board = read_board(request)
        goal = read_goal(request, board)
    else:
        rows, cols = field(request, "rows", int), field(request, "cols", int)
        check_shape(rows, cols)  # before the goal board is allocated
        goal = read_goal(request, Board(rows, cols, tuple(range(1, rows * cols)) + (0,)))
        board = goal
    registry = registry if registry is not None else default_registry()
    fitting = [registry.heuristic(name) for name in registry.names()]
    fitting = [entry for entry in fitting if entry.fits(board, goal)]

    def fits(name: str) -> bool:
        return board.size <= (NEAR_OPTIMAL_MAX_CELLS if name == NEAR_OPTIMAL else MAX_SEARCH_CELLS)

    algorithms = [a for a in ALGORITHM_NAMES if a != "auto" and fits(a)]
    if fits(auto_algorithm(goal)):
        chosen = plan(goal, goal, "auto", "auto", registry)  # what "auto" resolves to for this shape and goal
        defaults = (chosen.algorithm, chosen.heuristic, chosen.optimal, chosen.summary)
    else:
        defaults = (auto_algorithm(goal), "auto", False, too_big_summary())
    return {
        "ok": True,
        "rows": board.rows,
        "cols": board.cols,
        "algorithms": [{"name": a, "summary": _ALGORITHM_SUMMARIES.get(a, "")} for a in algorithms],
        "heuristics": [{"name": e.name, "summary": e.summary} for e in fitting],
        "default_algorithm": defaults[0],
        "default_heuristic": defaults[1],
        "default_optimal": defaults[2],
        "default_summary": defaults[3],
    }


OPS: dict[str, Callable[[Request], Reply]] = {
    "check": op_check,
    "random": op_random,
    "apply": op_apply,
    "move": op_move,
    "solve": op_solve,
    "hint": op_hint,
    "compare": op_compare,
    "options": op_options,
    "subtree": op_subtree,
}
"""The one-shot operations by name."""


REGISTRY_OPS: dict[str, Callable[[Request, Registry | None], Reply]] = {
    "solve": op_solve,
    "hint": op_hint,
    "compare": op_compare,
    "options": op_options,
}
"""The one-shot operations that depend on the loaded heuristics (an :class:`Engine` passes its registry)."""


def dispatch(request: Request, registry: Registry | None = None) -> Reply:
    """Run one request already decoded from JSON; input errors become ``{"ok": false, ...}`` replies."""
    try:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
        op = request.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise RequestError(f"unknown op {show_value(op)}: expected one of {', '.join(sorted(OPS))}")
        if op in REGISTRY_OPS:
            return REGISTRY_OPS[op](request, registry)
        return OPS[op](request)
    except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
        return error_json(exc)


def handle(request_json: str, registry: Registry | None = None) -> str:
    """Run one request given as a JSON string and return the reply as a JSON string (``registry``: the heuristics
    to offer, default :func:`npuzzle.solve.default_registry`; :class:`Engine` passes its own)."""
    try:
        request = decode_request(request_json)
    except RequestError as exc:
        return json.dumps(error_json(exc))
    return json.dumps(dispatch(request, registry))


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


class Session:
    """A long operation (``solve``, ``hint`` or ``compare``) run in time slices: the page's worker calls :meth:`advance`
    until it gets a ``result`` or an ``error``, and :meth:`cancel` to stop.

    Build one with :func:`start`. Every method returns a JSON string and never raises.
    """

    def __init__(self, request_json: str, registry: Registry | None = None, tables: PdbTables | None = None) -> None:
        self._final: Reply | None = None
        self._kind = "solve"
        self._plans: list[Plan] = []
        self._results: list[SearchResult] = []
        self._search: Search | None = None
        self._last: Progress | None = None
        self._limit = Limit()
        self._board: Board | None = None
        self._goal: Board | None = None
        self._tables = tables
        self._workers, self._split_nodes = 1, SEQUENTIAL_NODES
        self._split: Split | None = None
        try:
            request = decode_request(request_json)
            if not isinstance(request, dict):
                raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
            if request.get("op") == "solve":
                self._workers, self._split_nodes = read_split(request)
            self._kind, self._board, self._goal, self._plans, self._limit = _plans(request, registry)
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)

    def _start(self) -> Search:
        """The next plan's search: split over the workers (:class:`~npuzzle.pdb.split.Split`) for a solve asked
        for with ``workers`` above 1 whose plan is IDA* on this session's pattern database."""
        chosen = self._plans[len(self._results)]
        tables = self._tables
        if (
            self._kind == "solve"
            and self._workers > 1
            and tables is not None
            and chosen.algorithm == "idastar"
            and chosen.heuristic == heuristic_name(tables)
            and chosen.fallback_after is None
        ):
            self._split = Split(
                chosen.board, chosen.goal, tables, self._limit, workers=self._workers,
                sequential_nodes=self._split_nodes,
            )  # fmt: skip
            return self._split.search
        return chosen.start(self._limit)

    @property
    def done(self) -> bool:
        """True once a result or an error has been returned (further calls repeat it)."""
        return self._final is not None

    def _finish(self) -> Reply:
        assert self._board is not None and self._goal is not None
        if self._kind == "solve":
            return solve_reply(self._board, self._goal, self._results[0])
        if self._kind == "hint":
            return hint_reply(self._plans[0], self._results[0])
        stopped = "cancelled" if any(r.stopped == "cancelled" for r in self._results) else None
        return compare_reply(self._board, self._goal, self._results, stopped)

    def _progress(self, record: Progress) -> Reply:
        reply: Reply = {"type": "progress"}
        reply.update(record.to_dict())
        if self._kind == "compare":
            reply["row"] = len(self._results)
            reply["rows"] = len(self._plans)
            reply["heuristics"] = [p.heuristic for p in self._plans]
            reply["done"] = [compare_row(r) for r in self._results]
        if self._split is not None and self._split.coordinator is not None:
            reply["split"] = {"workers": self._workers, "idle": self._split.idle}
        return reply

    def advance(self, seconds: float) -> str:
        """Run for up to about ``seconds`` (plus one progress interval, ~20 ms) and return the latest state:
        ``{"type": "progress", …}``, ``{"type": "result", "ok": true, …}`` or ``{"type": "error", …}``."""
        if self._final is not None:
            return json.dumps(self._final)
        deadline = time.perf_counter() + max(0.0, float(seconds))
        try:
            while True:
                if self._search is None:
                    self._search = self._start()
                try:
                    record = next(self._search)
                except StopIteration as stop:
                    self._results.append(stop.value)
                    self._search = None
                    if len(self._results) == len(self._plans):
                        self._final = self._finish()
                        return json.dumps(self._final)
                    continue
                self._last = record
                if time.perf_counter() >= deadline or (self._split is not None and self._split.idle):
                    return json.dumps(self._progress(record))
        except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
            self._search = None
            self._final = failure_reply(exc)
            return json.dumps(self._final)

    def cancel(self) -> str:
        """Stop now; returns ``{"type": "result", "ok": true, "stopped": "cancelled", …}``: with the best solution
        so far in ``moves`` when the search has one (the near-optimal solver while it shortens its answer), else
        ``moves: null`` and the statistics so far (or the final reply if the operation had already ended)."""
        if self._final is not None:
            return json.dumps(self._final)
        try:
            plan_now = self._plans[len(self._results)]
            last = self._last if self._last is not None and self._last.heuristic == plan_now.heuristic else None
            if self._search is not None:
                search, self._search = self._search, None
                self._results.append(stop(search, plan_now.stopped, last))
            else:
                self._results.append(plan_now.stopped(last))
            self._final = self._finish()
        except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
            self._final = failure_reply(exc)
        return json.dumps(self._final)

    def exchange(self, message_json: str) -> str:
        """The split search's messages with the workers that help it (the page's primary worker carries them to
        and from its helper workers, which run the ``subtree`` op); JSON in, JSON out, never raises.

        ``{"want": "task"}`` → ``{"ok": true, "task": TASK | null}``: the next task to hand out
        (:meth:`npuzzle.pdb.split.Coordinator.next_task`; null when there is none now, the search has not split,
        or it has ended). ``{"answer": ANSWER}``: a helper's answer (the ``subtree`` op's); ``{"running":
        ANSWER}``: its count so far in a task it has not finished (``cells`` null); ``{"lost": TASK}``: a task
        whose helper was lost, to be handed out again. Each replies ``{"ok": true}`` (answers after the end are
        dropped) or ``{"ok": false, "error": …}`` naming a malformed message or an answer to no task. Once an
        answer proves the result, the next :meth:`advance` returns it.
        """
        try:
            message = decode_request(message_json)
            if not isinstance(message, dict) or len(message) != 1:
                raise RequestError(f"a split message must be an object with one field, got {show_value(message)}")
            ((kind, value),) = message.items()
            if kind not in ("want", "answer", "running", "lost"):
                raise RequestError(f"unknown split message {show_value(kind)}: expected want, answer, running, lost")
            coordinator = self._split.coordinator if self._split is not None else None
            if kind == "want":
                if value != "task":
                    raise RequestError(f"a 'want' message asks for 'task', got {show_value(value)}")
                task = coordinator.next_task() if coordinator is not None and self._final is None else None
                return json.dumps({"ok": True, "task": None if task is None else task.to_json()})
            if coordinator is None:
                raise RequestError("this search has not been split: it has no tasks")
            if kind == "lost":
                task = Task.from_json(value, *_shape(self._board))
                coordinator.release(task.bound, task.index)
            elif kind == "running":
                count = Answer.from_json(value)
                coordinator.running(count.bound, count.index, count.expanded, count.generated)
            elif self._final is None:
                coordinator.take(Answer.from_json(value))
            return json.dumps({"ok": True})
        except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
            return json.dumps(error_json(exc))


def _shape(board: Board | None) -> tuple[int, int]:
    return (4, 4) if board is None else (board.rows, board.cols)


class SubtreeSession:
    """A ``subtree`` request run in time slices on a helper worker (:meth:`Engine.start`): one task of a split
    search (:func:`npuzzle.pdb.split.subtree_search`) with the engine's transposition table for that ``search``
    key. :meth:`advance` returns ``{"type": "progress", …Progress fields…, "running": ANSWER}`` (the task's count
    so far, ``cells`` null) until ``{"type": "result", "ok": true, "answer": ANSWER}``; :meth:`cancel` stops it
    (``{"type": "result", "ok": true, "stopped": "cancelled", "answer": null}``) and drops the table, whose entries
    would claim subtrees the task never finished. Every method returns a JSON string and never raises."""

    def __init__(self, engine: Engine, request: object) -> None:
        self._engine = engine
        self._final: Reply | None = None
        self._search: Generator[Progress, None, Answer] | None = None
        try:
            if not isinstance(request, dict):
                raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
            tables = engine.tables
            self._task, key = read_subtree(request, tables)
            assert tables is not None  # read_subtree raised otherwise
            reflect = useful_reflection(tables.database)
            self._search = subtree_search(tables, self._task, reflect, engine.subtree_table(key))
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)

    @property
    def done(self) -> bool:
        """True once a result or an error has been returned (further calls repeat it)."""
        return self._final is not None

    def advance(self, seconds: float) -> str:
        """Search for up to about ``seconds``; the latest state as JSON (see the class text)."""
        if self._final is not None or self._search is None:
            return json.dumps(self._final)
        deadline = time.perf_counter() + max(0.0, float(seconds))
        try:
            while True:
                record = next(self._search)
                if time.perf_counter() >= deadline:
                    reply: Reply = {"type": "progress"}
                    reply.update(record.to_dict())
                    count = Answer(self._task.bound, self._task.index, None, record.nodes_expanded,
                                   record.nodes_generated)  # fmt: skip
                    reply["running"] = count.to_json()
                    return json.dumps(reply)
        except StopIteration as stop:
            self._engine.subtree_ended()
            self._final = {"type": "result", "ok": True, "answer": stop.value.to_json()}
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)
        self._search = None
        return json.dumps(self._final)

    def cancel(self) -> str:
        """Stop now (see the class text); the final reply if the task had ended."""
        if self._final is None:
            if self._search is not None:
                self._search.close()
                self._search = None
            self._final = {"type": "result", "ok": True, "stopped": "cancelled", "answer": None}
        return json.dumps(self._final)


def start(request_json: str) -> Session:
    """Begin a long operation (``{"op": "solve", …}``, ``{"op": "hint", …}`` or ``{"op": "compare", …}``) without
    running it yet.

    An invalid request or an unsolvable board gives a session whose first :meth:`Session.advance` returns the
    error at once (for an unsolvable board with its ``explanation``); no search is started.
    """
    return Session(request_json)


def file_slices(data: object) -> bytes | bytearray | memoryview | FileSlices:
    """A pattern-database file as :func:`~npuzzle.pdb.database.load_database` reads it: ``bytes`` as they are, a
    Pyodide proxy of a JavaScript ``Uint8Array`` (or ``ArrayBuffer``) as :class:`~npuzzle.pdb.database.FileSlices`
    that copy a megabyte at a time out of it, so the whole file is never copied into the WebAssembly memory (which
    never shrinks). Raises :class:`~npuzzle.errors.RequestError` for anything else."""
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
    requests in between: call :meth:`advance` until its reply is not ``{"type": "progress", …}``."""

    def __init__(self, engine: Engine, data: object) -> None:
        self._engine = engine
        self._seconds = 0.0
        self._reply: str | None = None
        self._size = 0
        try:
            raw = file_slices(data)
            self._size = raw.size if isinstance(raw, FileSlices) else len(raw)
            self._steps = load_tables_steps(raw)
        except Exception as exc:  # every failure becomes a reply
            self._reply = json.dumps(error_json(exc))

    def advance(self, seconds: float) -> str:
        """Work for about ``seconds``; reply as JSON: ``{"type": "progress", "fraction"}`` while unfinished, then
        (and on every later call) the reply of :meth:`Engine.load_tables`. The engine takes the tables only once
        they are complete and verified."""
        if self._reply is not None:
            return self._reply
        started = time.perf_counter()
        deadline = started + seconds
        try:
            while True:
                fraction = next(self._steps)
                if time.perf_counter() >= deadline:
                    self._seconds += time.perf_counter() - started
                    return json.dumps({"type": "progress", "fraction": round(fraction, 4)})
        except StopIteration as stop:
            tables: PdbTables = stop.value
            self._seconds += time.perf_counter() - started
            self._engine.install(tables)
            self._reply = json.dumps(
                {
                    "ok": True,
                    "name": tables.name,
                    "heuristic": heuristic_name(tables),
                    "rows": tables.database.rows,
                    "cols": tables.database.cols,
                    "size": self._size,
                    "seconds": round(self._seconds, 3),
                }
            )
        except Exception as exc:  # every failure becomes a reply
            self._reply = json.dumps(error_json(exc))
        return self._reply


class Engine:
    """The api with state: the pattern database loaded into it (none at first).

    The page's worker keeps one engine: :meth:`load_tables` once the file is downloaded, then :meth:`handle` and
    :meth:`start` as with the module-level functions, which then offer and pick the database's heuristic.
    """

    def __init__(self) -> None:
        self._tables: PdbTables | None = None
        self._registry = default_registry()
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
        JSON: ``{"ok": true, "name", "heuristic", "size", "seconds"}`` or ``{"ok": false, "error": …}``; a
        failed load keeps the engine as it was. :meth:`start_load` does the same in time slices."""
        return self.start_load(data).advance(math.inf)

    def start_load(self, data: object) -> TableLoad:
        """Begin loading a pattern-database file's bytes; :meth:`TableLoad.advance` does the work in slices."""
        return TableLoad(self, data)

    def install(self, tables: PdbTables) -> None:
        """Offer ``tables`` from now on (what a finished :class:`TableLoad` does)."""
        self._tables = tables
        self._registry = registry_with_tables(tables)

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
        """:func:`handle` with this engine's heuristics and tables (``subtree`` runs one task of a split search to
        its end: ``{"ok": true, "answer": ANSWER}``)."""
        request = _decoded(request_json)
        if isinstance(request, dict) and request.get("op") == "subtree":
            reply = json.loads(SubtreeSession(self, request).advance(math.inf))
            reply.pop("type", None)
            return json.dumps(reply)
        return handle(request_json, self._registry)

    def start(self, request_json: str) -> Session | SubtreeSession:
        """:func:`start` with this engine's heuristics and tables: a ``solve`` with ``workers`` above 1 splits
        (:meth:`Session.exchange`), and a ``subtree`` request gives a :class:`SubtreeSession`."""
        request = _decoded(request_json)
        if isinstance(request, dict) and request.get("op") == "subtree":
            return SubtreeSession(self, request)
        return Session(request_json, self._registry, self._tables)


def _decoded(request_json: str) -> object:
    """The request decoded, or ``None`` when it cannot be (the caller's own decoding then names the error)."""
    try:
        decoded: object = decode_request(request_json)
    except RequestError:
        return None
    return decoded
