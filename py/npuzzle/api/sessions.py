"""Long operations run in time slices, one :class:`Session` subclass per op: progress, the final reply, cancel;
a split solve's messages are :class:`SolveSession`'s own."""

from __future__ import annotations

import json

from ..board import Board
from ..errors import show_value
from ..pdb import Answer, Split, SplitJob, Task
from ..progress import Ended, Limit, Progress, Search, SearchResult, TimeSlice, stop
from ..solving.registry import registry_with_tables
from ..solving.solve import Plan
from .context import Context
from .ops import Planned, hint_reply, plan_compare, plan_hint, plan_solve
from .requests import (
    Reply,
    Request,
    RequestError,
    compare_reply,
    compare_row,
    decode_request,
    error_json,
    failure_reply,
    progress_reply,
    request_object,
    solve_reply,
)
from .split import read_split


class Session:
    """A long operation run in time slices: the page's worker calls :meth:`advance` until it gets a ``result``
    or an ``error``, and :meth:`cancel` to stop. One subclass per op (:class:`SolveSession`, :class:`HintSession`,
    :class:`CompareSession`, :class:`~npuzzle.api.watch.WatchSession`) reads its request and words its replies.

    Build one with :meth:`Engine.start` (``request``: its JSON text, or the object it decodes to, when the caller
    has decoded it already; ``context``: the engine). Every method returns a JSON string and never raises.
    """

    def __init__(self, request: str | Request, context: Context) -> None:
        self._final: Reply | None = None
        self._asked: Planned | None = None
        self._results: list[SearchResult] = []
        self._search: Search | None = None
        self._last: Progress | None = None
        try:
            self._asked = self._read(request_object(request), context)
        except Exception as exc:  # every failure becomes a reply
            self._final = failure_reply(exc)

    def _read(self, request: Request, context: Context) -> Planned:
        """The request's board, goal, plans and limit (each subclass reads its own op)."""
        raise NotImplementedError

    def _start(self, chosen: Plan, limit: Limit) -> Search:
        """The search of the next plan."""
        return chosen.start(limit)

    def _finish(self, asked: Planned) -> Reply:
        """The final reply, once every plan has its result."""
        raise NotImplementedError

    def _progress(self, record: Progress) -> Reply:
        return progress_reply(record)

    def _waiting(self) -> bool:
        """Whether the search waits on others (a split's helpers): the slice then ends at once."""
        return False

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
        time_slice = TimeSlice(seconds)
        try:
            while True:
                if self._search is None:
                    self._search = self._start(asked.plans[len(self._results)], asked.limit)
                step = time_slice.run(self._search, self._waiting)
                if not isinstance(step, Ended):
                    self._last = step
                    return json.dumps(self._progress(step))
                self._results.append(step.value)
                self._search = None
                if len(self._results) == len(asked.plans):
                    self._final = self._finish(asked)
                    return json.dumps(self._final)
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


class SolveSession(Session):
    """A ``solve`` run in slices; with ``workers`` above 1 and IDA* on the context's pattern database, split over
    the workers: the registry's pattern-database solver (:func:`npuzzle.solving.registry.registry_with_tables`, the one
    the command line uses too) runs this session's :class:`~npuzzle.pdb.split.Split`, whose progress then carries
    ``split`` and whose tasks :meth:`exchange` carries."""

    def __init__(self, request: str | Request, context: Context) -> None:
        self._workers = 1
        self._split: Split | None = None
        self._metric: object = None
        super().__init__(request, context)

    def _read(self, request: Request, context: Context) -> Planned:
        workers, split_nodes = read_split(request)
        registry, tables = context.registry, context.tables
        if workers > 1 and tables is not None:

            def split(board: Board, goal: Board, limit: Limit) -> Search:
                job = SplitJob(board, goal, tables, limit, workers=workers, sequential_nodes=split_nodes)
                self._split = Split(job)
                return self._split.search

            registry = registry_with_tables(tables, registry, split=split)
        self._workers = workers
        self._metric = request.get("metric")
        return plan_solve(request, registry)

    def _progress(self, record: Progress) -> Reply:
        reply = super()._progress(record)
        if self._split is not None and self._split.coordinator is not None:
            reply["split"] = {"workers": self._workers, "idle": self._split.idle}
        return reply

    def _waiting(self) -> bool:
        return self._split is not None and self._split.idle

    def _finish(self, asked: Planned) -> Reply:
        return solve_reply(asked.board, asked.goal, self._results[0], self._metric)

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
                board = coordinator.board
                task = Task.from_json(value, board.rows, board.cols)
                coordinator.release(task.bound, task.index)
            elif kind == "running":
                count = Answer.from_json(value)
                coordinator.running(count.bound, count.index, count.expanded, count.generated)
            elif self._final is None:
                coordinator.take(Answer.from_json(value))
            return json.dumps({"ok": True})
        except Exception as exc:  # every failure becomes a reply: the page must never see a traceback
            return json.dumps(error_json(exc))


class HintSession(Session):
    """A ``hint`` run in slices."""

    def _read(self, request: Request, context: Context) -> Planned:
        return plan_hint(request, context.registry)

    def _finish(self, asked: Planned) -> Reply:
        return hint_reply(asked.plans[0], self._results[0])


class CompareSession(Session):
    """A ``compare`` run in slices, one heuristic after the other: its progress adds ``row`` (the one running),
    ``rows``, the ``heuristics`` it runs and the finished rows as ``done``."""

    def _read(self, request: Request, context: Context) -> Planned:
        return plan_compare(request, context.registry)

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
        return compare_reply(asked.board, asked.goal, self._results, stopped, asked.asked)
