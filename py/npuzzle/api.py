"""The JSON-in, JSON-out surface: the only module JavaScript calls.

:func:`handle` takes one request as a JSON string, ``{"op": NAME, …fields}``, and returns one reply as a JSON
string. Every reply has ``"ok"``; a failed request gives ``{"ok": false, "error": {"type": …, "message": …}}``
with the input error's message (never a traceback). The ops are :data:`OPERATIONS`, the one list of them: each
handler's docstring gives its request's fields and its reply. ``BOARD`` in a reply is ``{"rows": R, "cols": C,
"tiles": [...row-major, 0 = blank], "text": "1 2 3 / 4 5 6 / 7 8 0"}`` (``text`` up to
:data:`~npuzzle.api_requests.TEXT_LIMIT_CELLS` cells).

Long operations (:data:`LONG_OPS`) run in slices with progress and cancel: :func:`start` returns a
:class:`Session`; ``advance(seconds)`` runs it for about that long and returns ``{"type": "progress", …Progress
fields…}`` or the final ``{"type": "result", …}`` / ``{"type": "error", …}``; ``cancel()`` stops it with
``stopped: "cancelled"`` and the best solution so far, if any, else the statistics so far.

An :class:`Engine` holds a loaded pattern database (no module-level state): ``load_tables(bytes)`` or, in slices,
``start_load(bytes)``; its ``handle``/``start`` then offer the database's heuristic (``auto`` ranks it first) and run
the ``subtree`` op of a split search. In CPython, ``Engine.from_cache()`` loads the database the command line
would use (:mod:`npuzzle.pdb.cache`).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from .api_requests import (
    Reply,
    Request,
    RequestError,
    board_json,
    compare_reply,
    compare_row,
    decode_request,
    error_json,
    failure_reply,
    field,
    goal_spec,
    read_board,
    read_goal,
    read_limit,
    solve_reply,
)
from .api_split import SubtreeSession, board_shape, op_subtree, read_split
from .board import Board, check_shape
from .errors import show_value
from .hint import describe_hint, hint_plan
from .lesson import describe_move, lesson
from .parse import parse_moves, parse_shape, resolve_goal
from .pdb.cache import locate, read_tables
from .pdb.database import FileSlices
from .pdb.split import Answer, Split, Task
from .pdb.tables import PdbTables, heuristic_name, load_tables_steps
from .policy import NEAR_OPTIMAL, NEAR_OPTIMAL_MAX_CELLS, too_big_summary
from .progress import Limit, Progress, Search, SearchResult, run, stop
from .randomize import random_board, scramble
from .solvability import explain
from .solve import (
    ALGORITHM_NAMES,
    DEFAULT_COMPARE_NODES,
    MAX_SEARCH_CELLS,
    Plan,
    Registry,
    auto_algorithm,
    compare_plans,
    default_registry,
    plan,
    registry_with_tables,
)


def op_check(request: Request) -> Reply:
    """``{"board": TEXT, "goal"?: "default" | "blank-first" | TEXT}`` → ``{"ok": true, "board": BOARD, "goal":
    BOARD, "explanation": {...}, "lesson": {...}}``: the verdict (the fields of
    :class:`npuzzle.solvability.Explanation`) and the rule's ways of counting (:func:`npuzzle.lesson.lesson`;
    the reading order and the inversion pairs up to 8×8)."""
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
    """``{"board": TEXT, "tiles": [T, …]}`` → ``{"ok": true, "texts": [TEXT, …], "board": BOARD}``: the tiles slid
    one after the other, each move said in words (:func:`npuzzle.lesson.describe_move`), boards of up to
    :data:`MAX_MOVE_CELLS` cells."""
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
    """``{"rows": R, "cols": C (or "shape": "RxC"), "seed"?: S, "moves"?: K, "solvable"?: true, "goal"?: …}`` →
    ``{"ok": true, "board": BOARD}``: a uniformly random board, or with ``moves`` a scramble of K random moves
    from the goal."""
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
    """``{"board": TEXT, "moves": [tile or letter, …] | TEXT}`` → ``{"ok": true, "board": BOARD}``: the moves
    (tile numbers and/or U/D/L/R) applied."""
    board = read_board(request)
    moves = request.get("moves", [])
    if not isinstance(moves, (str, list)):
        raise RequestError(
            f"field 'moves' must be a list of tile numbers and/or letters U, D, L, R, or text such as 'UULDR', "
            f"got {show_value(moves)}"
        )
    seq = parse_moves(moves) if isinstance(moves, str) else moves
    return {"ok": True, "board": board_json(board.apply(seq))}


@dataclass(frozen=True, slots=True)
class Planned:
    """What a search request asks for, read and checked: the board, the goal, the plans to run in turn (one, or
    one per heuristic for compare) and the limit each runs within."""

    board: Board
    goal: Board
    plans: list[Plan]
    limit: Limit


def plan_solve(request: Request, registry: Registry | None = None) -> Planned:
    """A ``solve`` request's one plan (``algorithm``, ``heuristic``, ``budget``)."""
    board, goal, limit = _board_goal_limit(request)
    algorithm = field(request, "algorithm", str, "auto")
    heuristic = field(request, "heuristic", str, "auto")
    budget = request.get("budget")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))):
        raise RequestError(f"field 'budget' must be a number of work units, got {budget!r}")
    registry = registry if registry is not None else default_registry()
    return Planned(board, goal, [plan(board, goal, algorithm, heuristic, registry, budget=budget)], limit)


def plan_hint(request: Request, registry: Registry | None = None) -> Planned:
    """A ``hint`` request's one plan (:func:`npuzzle.hint.hint_plan`)."""
    board, goal, limit = _board_goal_limit(request)
    return Planned(
        board, goal, [hint_plan(board, goal, registry if registry is not None else default_registry())], limit
    )


def plan_compare(request: Request, registry: Registry | None = None) -> Planned:
    """A ``compare`` request's plans: A* with each built-in heuristic that fits, whether or not a pattern database
    is loaded (``registry`` is not used), each within the limit (default :data:`DEFAULT_COMPARE_NODES` nodes)."""
    board, goal, limit = _board_goal_limit(request)
    if limit.nodes is None:
        limit = replace(limit, nodes=DEFAULT_COMPARE_NODES)
    return Planned(board, goal, compare_plans(board, goal), limit)


def _board_goal_limit(request: Request) -> tuple[Board, Board, Limit]:
    board = read_board(request)
    return board, read_goal(request, board), read_limit(request)


def op_solve(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "algorithm"?: "auto" | "astar" | "idastar" | "near-optimal", "heuristic"?:
    "auto" | a name of :func:`op_options`, "max_nodes"?: N, "time_limit"?: S, "max_states"?: N, "budget"?: B,
    "workers"?: N, "split_nodes"?: N}`` → ``{"type": "result", "ok": true, …SearchResult fields…, "ratio_bound",
    "letters", "board": BOARD, "goal": BOARD}`` (:func:`~npuzzle.api_requests.solve_reply`).

    ``moves``/``letters`` are ``null`` when a limit stopped the search (``stopped`` names it); an unsolvable board
    fails at once with its ``explanation``. What ``auto`` picks: :mod:`npuzzle.policy`. ``budget`` is the
    near-optimal solver's work budget, in units of :data:`~npuzzle.nearoptimal.solver.WORK_UNIT` states expanded.
    ``max_states`` caps the states an A* holds (default 1,000,000). ``workers`` (1 to
    :data:`~npuzzle.api_split.MAX_WORKERS`) and ``split_nodes`` let a long solve on an :class:`Engine`'s pattern
    database split (:class:`SolveSession`); in one call they are checked, not used.
    """
    read_split(request)
    asked = plan_solve(request, registry)
    return solve_reply(asked.board, asked.goal, run(asked.plans[0].start(asked.limit)))


def hint_reply(chosen: Plan, result: SearchResult) -> Reply:
    """The final reply of a hint: the :class:`~npuzzle.hint.Hint`'s fields, the search's name and figures, and the
    boards."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(describe_hint(chosen, result).to_dict())
    reply.update(algorithm=result.algorithm, heuristic=result.heuristic, nodes_expanded=result.nodes_expanded)
    reply.update(seconds=round(result.seconds, 3), board=board_json(chosen.board), goal=board_json(chosen.goal))
    return reply


def op_hint(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …}`` → ``{"type": "result", "ok": true, "tile": T, "letter", "direction",
    "optimal", "length", "message", "algorithm", "heuristic", "nodes_expanded", "seconds", "board", "goal"}``: the
    next move, the first of a shortest solution when one is proven within a second, else of a near-optimal one
    (:mod:`npuzzle.hint`); ``tile`` is ``null`` on a board that is already the goal."""
    asked = plan_hint(request, registry)
    return hint_reply(asked.plans[0], run(asked.plans[0].start(asked.limit)))


def op_compare(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "max_nodes"?: N, "time_limit"?: S}`` → ``{"type": "result", "ok": true,
    "rows": [{heuristic, length, optimal, nodes_expanded, nodes_generated, max_frontier, seconds, stopped,
    message}, …], "board", "goal"}``: A* with each built-in heuristic that fits, in auto's ranking order, each
    within the limits (default 250,000 expansions; :func:`plan_compare`)."""
    asked = plan_compare(request, registry)
    return compare_reply(asked.board, asked.goal, [run(p.start(asked.limit)) for p in asked.plans])


_ALGORITHM_SUMMARIES = {
    "astar": "A*: best-first with an updatable heap; memory grows with the search",
    "idastar": "IDA*: iterative deepening on f; little memory",
    NEAR_OPTIMAL: "near-optimal: peel edge lines, beam search on the last 5×5 with pattern tables, shorten; "
    "fast on big boards, not proven optimal (a lower bound is given)",
}


def op_options(request: Request, registry: Registry | None = None) -> Reply:
    """``{"rows": R, "cols": C, "goal"?: …}`` (or ``"board"`` instead of the shape) → ``{"ok": true,
    "algorithms": [{name, summary}], "heuristics": [{name, summary}], "default_algorithm", "default_heuristic",
    "default_optimal", "default_summary"}``: the choices ``solve`` accepts for that board (the registry's
    heuristics that fit, in auto's ranking order; optimal algorithms up to 144 cells) and what ``auto`` picks
    (``default_optimal`` false when that is, or may fall back to, the near-optimal solver), so the page lists new
    solvers without changes."""
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


class Session:
    """A long operation run in time slices: the page's worker calls :meth:`advance` until it gets a ``result``
    or an ``error``, and :meth:`cancel` to stop. One subclass per op (:class:`SolveSession`, :class:`HintSession`,
    :class:`CompareSession`) reads its request and words its replies.

    Build one with :func:`start` (``request``: its JSON text, or the object it decodes to, when the caller has
    decoded it already). Every method returns a JSON string and never raises.
    """

    def __init__(
        self, request: str | Request, registry: Registry | None = None, tables: PdbTables | None = None
    ) -> None:
        self._final: Reply | None = None
        self._asked: Planned | None = None
        self._results: list[SearchResult] = []
        self._search: Search | None = None
        self._last: Progress | None = None
        self._tables = tables
        self._split: Split | None = None
        try:
            if isinstance(request, str):  # JSON text; a dict was decoded by the caller
                request = decode_request(request)
            if not isinstance(request, dict):
                raise RequestError(f"a request must be a JSON object, got {show_value(request)}")
            self._asked = self._read(request, registry)
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)

    def _read(self, request: Request, registry: Registry | None) -> Planned:
        """The request's board, goal, plans and limit (each subclass reads its own op)."""
        raise NotImplementedError

    def _start(self, chosen: Plan, limit: Limit) -> Search:
        """The search of the next plan."""
        return chosen.start(limit)

    def _finish(self, asked: Planned) -> Reply:
        """The final reply, once every plan has its result."""
        raise NotImplementedError

    def _progress(self, record: Progress) -> Reply:
        reply: Reply = {"type": "progress"}
        reply.update(record.to_dict())
        return reply

    @property
    def done(self) -> bool:
        """True once a result or an error has been returned (further calls repeat it)."""
        return self._final is not None

    def advance(self, seconds: float) -> str:
        """Run for up to about ``seconds`` (plus one progress interval, ~20 ms) and return the latest state:
        ``{"type": "progress", …}``, ``{"type": "result", "ok": true, …}`` or ``{"type": "error", …}``."""
        if self._final is not None or self._asked is None:
            return json.dumps(self._final)
        asked = self._asked
        deadline = time.perf_counter() + max(0.0, float(seconds))
        try:
            while True:
                if self._search is None:
                    self._search = self._start(asked.plans[len(self._results)], asked.limit)
                try:
                    record = next(self._search)
                except StopIteration as stop:
                    self._results.append(stop.value)
                    self._search = None
                    if len(self._results) == len(asked.plans):
                        self._final = self._finish(asked)
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
        if self._final is not None or self._asked is None:
            return json.dumps(self._final)
        try:
            plan_now = self._asked.plans[len(self._results)]
            last = self._last if self._last is not None and self._last.heuristic == plan_now.heuristic else None
            if self._search is not None:
                search, self._search = self._search, None
                self._results.append(stop(search, plan_now.stopped, last))
            else:
                self._results.append(plan_now.stopped(last))
            self._final = self._finish(self._asked)
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
            board = self._asked.board if self._asked is not None else None
            if kind == "lost":
                task = Task.from_json(value, *board_shape(board))
                coordinator.release(task.bound, task.index)
            elif kind == "running":
                count = Answer.from_json(value)
                coordinator.running(count.bound, count.index, count.expanded, count.generated)
            elif self._final is None:
                coordinator.take(Answer.from_json(value))
            return json.dumps({"ok": True})
        except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
            return json.dumps(error_json(exc))


class SolveSession(Session):
    """A ``solve`` run in slices; with ``workers`` above 1 and IDA* on the session's pattern database, split over
    the workers (:class:`~npuzzle.pdb.split.Split`: its progress then carries ``split``)."""

    def _read(self, request: Request, registry: Registry | None) -> Planned:
        self._workers, self._split_nodes = read_split(request)
        return plan_solve(request, registry)

    def _start(self, chosen: Plan, limit: Limit) -> Search:
        tables = self._tables
        if (
            self._workers > 1
            and tables is not None
            and chosen.algorithm == "idastar"
            and chosen.heuristic == heuristic_name(tables)
            and chosen.fallback_after is None
        ):
            self._split = Split(
                chosen.board, chosen.goal, tables, limit, workers=self._workers, sequential_nodes=self._split_nodes
            )
            return self._split.search
        return chosen.start(limit)

    def _progress(self, record: Progress) -> Reply:
        reply = super()._progress(record)
        if self._split is not None and self._split.coordinator is not None:
            reply["split"] = {"workers": self._workers, "idle": self._split.idle}
        return reply

    def _finish(self, asked: Planned) -> Reply:
        return solve_reply(asked.board, asked.goal, self._results[0])


class HintSession(Session):
    """A ``hint`` run in slices."""

    def _read(self, request: Request, registry: Registry | None) -> Planned:
        return plan_hint(request, registry)

    def _finish(self, asked: Planned) -> Reply:
        return hint_reply(asked.plans[0], self._results[0])


class CompareSession(Session):
    """A ``compare`` run in slices, one heuristic after the other: its progress adds ``row`` (the one running),
    ``rows``, the ``heuristics`` it runs and the finished rows as ``done``."""

    def _read(self, request: Request, registry: Registry | None) -> Planned:
        return plan_compare(request, registry)

    def _progress(self, record: Progress) -> Reply:
        reply = super()._progress(record)
        plans = self._asked.plans if self._asked is not None else []
        reply["row"] = len(self._results)
        reply["rows"] = len(plans)
        reply["heuristics"] = [p.heuristic for p in plans]
        reply["done"] = [compare_row(r) for r in self._results]
        return reply

    def _finish(self, asked: Planned) -> Reply:
        stopped = "cancelled" if any(r.stopped == "cancelled" for r in self._results) else None
        return compare_reply(asked.board, asked.goal, self._results, stopped)


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
    Operation("subtree", _no_registry(op_subtree), needs_tables=True),
)
"""Every op of the protocol, the one list of them: ``web/protocol.js``'s lists are checked against it
(``tests/test_protocol.py``). The ``subtree`` op runs in slices on an :class:`Engine` with tables
(:class:`~npuzzle.api_split.SubtreeSession`)."""

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
    to offer, default :func:`npuzzle.solve.default_registry`; :class:`Engine` passes its own)."""
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
    """Begin a long operation (``{"op": "solve", …}``, ``{"op": "hint", …}`` or ``{"op": "compare", …}``) without
    running it yet.

    An invalid request or an unsolvable board gives a session whose first :meth:`Session.advance` returns the
    error at once (for an unsolvable board with its ``explanation``); no search is started.
    """
    decoded = _decoded(request_json)
    return session_for(decoded if isinstance(decoded, dict) else request_json)


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
        if not isinstance(request, dict):
            return handle(request_json, self._registry)  # its own decoding names what is wrong
        if request.get("op") == "subtree":
            reply = json.loads(SubtreeSession(self, request).advance(math.inf))
            reply.pop("type", None)
            return json.dumps(reply)
        return json.dumps(dispatch(request, self._registry))  # decoded once, not again

    def start(self, request_json: str) -> Session | SubtreeSession:
        """:func:`start` with this engine's heuristics and tables: a ``solve`` with ``workers`` above 1 splits
        (:meth:`Session.exchange`), and a ``subtree`` request gives a
        :class:`~npuzzle.api_split.SubtreeSession`."""
        request = _decoded(request_json)
        if not isinstance(request, dict):
            return session_for(request_json)  # its own decoding names what is wrong
        if request.get("op") == "subtree":
            return SubtreeSession(self, request)
        return session_for(request, self._registry, self._tables)  # decoded once, not again


def _decoded(request_json: str) -> object:
    """The request decoded, or ``None`` when it cannot be (the caller's own decoding then names the error)."""
    try:
        decoded: object = decode_request(request_json)
    except RequestError:
        return None
    return decoded
