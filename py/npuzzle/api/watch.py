"""The ``watch`` op: a window of the project's own A* or IDA* expansions as steps
(:mod:`npuzzle.course.watch`), one-shot (:func:`op_watch`) or in slices (:class:`WatchSession`)."""

from __future__ import annotations

from ..course.watch import MAX_COUNT, Watch, last_steps, prepare
from ..progress import Limit, Progress, Search, run
from ..solving.registry import Registry
from ..solving.solve import Plan
from .context import Context
from .ops import Planned
from .requests import Reply, Request, RequestError, field, read_board, read_goal, read_limit, with_student
from .sessions import Session


def read_watch(request: Request, registry: Registry | None = None) -> tuple[Watch, bool, Limit]:
    """A ``watch`` request read and checked: its :class:`~npuzzle.course.watch.Watch`, ``to_end`` and limit."""
    board = read_board(request)
    goal = read_goal(request, board)
    start = field(request, "from", int, 0)
    count = field(request, "count", int, 100)
    if start < 0:
        raise RequestError(f"field 'from' must be a whole number of at least 0, got {start}")
    if not 1 <= count <= MAX_COUNT:
        raise RequestError(f"field 'count' must be a whole number from 1 to {MAX_COUNT:,}, got {count:,}")
    algorithm = field(request, "algorithm", str, "astar")
    heuristic = field(request, "heuristic", str, "manhattan")
    to_end = field(request, "to_end", bool, False)
    limit = read_limit(request)
    return prepare(board, goal, algorithm, heuristic, start, count, with_student(request, registry)), to_end, limit


def op_watch(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "algorithm"?: "astar" | "idastar", "heuristic"?: NAME (default manhattan), "code"?:
    TEXT (a student's heuristic, then the heuristic ``yours``), "from"?: S (default 0), "count"?: C (1 to 2,000,
    default 100), "to_end"?: bool, "max_nodes"?, "time_limit"?,
    "max_states"?}`` → ``{"type": "result", "ok": true, "algorithm", "heuristic", "from", "count", "steps": [STEP,
    …], "done", "counters", "moves", "length", "stopped", "message", "per_iteration" (IDA*) | "hash_bins" (A*)}``:
    steps ``from + 1 … from + count`` of the search (with ``to_end``, its last ``count`` steps), each with its
    ``words`` (:mod:`npuzzle.course.watch`; the fields: ``docs/watch.md``). Deterministic: the same request gives the
    same steps."""
    watch, to_end, limit = read_watch(request, registry)
    plain = run(watch.plain(limit)) if to_end else None
    if plain is not None:
        watch.window.start = last_steps(plain, watch.window.count)
    reply: Reply = {"type": "result"}
    reply.update(watch.reply(run(watch.search(limit)), limit, plain))
    return reply


class WatchSession(Session):
    """A ``watch`` run in slices: with ``to_end``, first the plain search to count its steps, then the watched
    one from the window that ends there; progress adds ``pass`` and ``passes``."""

    def _read(self, request: Request, context: Context) -> Planned:
        self._watch, self._to_end, limit = read_watch(request, context.registry)
        w = self._watch
        self._watched = Plan(w.board, w.goal, w.algorithm, w.heuristic.name, w.search)
        plans = [self._watched]
        if self._to_end:
            plans.insert(0, Plan(w.board, w.goal, w.algorithm, w.heuristic.name, w.plain))
        return Planned(w.board, w.goal, plans, limit)

    def _start(self, chosen: Plan, limit: Limit) -> Search:
        if self._to_end and chosen is self._watched:
            self._watch.window.start = last_steps(self._results[0], self._watch.window.count)
        return chosen.start(limit)

    def _progress(self, record: Progress) -> Reply:
        reply = super()._progress(record)
        reply["pass"] = len(self._results) + 1
        reply["passes"] = 2 if self._to_end else 1
        return reply

    def _finish(self, asked: Planned) -> Reply:
        reply: Reply = {"type": "result"}
        plain = self._results[0] if self._to_end and len(self._results) == 2 else None
        reply.update(self._watch.reply(self._results[-1], asked.limit, plain))
        return reply
