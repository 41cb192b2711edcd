"""The split search's bookkeeping without its transport: IDA* on one hard 15-puzzle, each iteration's work cut into
subtrees below a frontier of the root, handed out as JSON-able tasks and taken back as answers in any order.

:class:`Coordinator` is a small state machine. The *frontier* (:func:`frontier`) is every path of ``d`` moves from
the root that never steps straight back (``d`` the smallest depth with at least :data:`FRONTIER_PER_JOB` paths per
worker, below the root's estimate). An iteration with bound ``B`` is one :class:`Task` per frontier node whose own
``d + h`` is at most ``B``, in the order the ordinary search visits them (best first near the root: its last
iteration meets the solution within thousands of nodes, and so does the split); a worker searches the node's
subtree to ``B − d`` more moves (:func:`subtree_search`) and gives back an :class:`Answer`: the blank's cells along a
solution of exactly that length, or none, and the nodes it took. :meth:`Coordinator.next_task` pulls the next
task; once every task of the lowest unfinished iteration is handed out it opens the next one (up to
:data:`LOOKAHEAD` iterations ahead), so a worker never idles at an iteration's tail while others finish it.

The proof: a solution found at bound ``B`` is optimal once every iteration below ``B`` has all its answers without
one (every optimal solution passes through exactly one frontier node, whose f is at most its length, and an
iteration that finishes without a solution proves there is none of that length). A solution at a deeper bound is
kept until then and never beats a shallower one; answers are taken in any order and each task's only once.

The transports: :mod:`npuzzle.pdb.parallel` (the command line's processes) and :class:`Split`, a search generator
whose caller hands part of the tasks to other workers (the page's helper Web Workers, through
``npuzzle.api.SolveSession.exchange`` and the ``subtree`` op) while it searches the rest itself.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Sequence
from dataclasses import KW_ONLY, dataclass, field
from itertools import pairwise

from ..board import Board
from ..errors import SplitError, show_value
from ..optimal.checkpoint import DEFAULT_REPORT_EVERY, limit_message, tiles_moved, verify
from ..optimal.ida_counts import ALGORITHM
from ..progress import Limit, Progress, Search, SearchResult, SearchStopped, StopReason, run
from .loop_disjoint import deepen_disjoint
from .loop_general import deepen_general
from .search import home_board, solve_with_pdb
from .search_run import SearchRun
from .tables import PdbTables, heuristic_name, useful_reflection
from .tasks import Answer, Task

SEQUENTIAL_NODES = 200_000
"""Expansions the ordinary search gets before the split one starts: most boards end there, before any other worker
is asked for anything."""

FRONTIER_PER_JOB = 48
"""Frontier nodes per worker at least (more balance the load, each costs a set-up per iteration)."""

LOOKAHEAD = 1
"""Iterations beyond the lowest unfinished one whose tasks may be handed out (to workers that would idle)."""


@dataclass(frozen=True, slots=True)
class FrontierNode:
    """A frontier node: the blank's cells from the root to it, its tiles, and ``d + h`` (its own f)."""

    cells: tuple[int, ...]
    tiles: tuple[int, ...]
    f: int

    @property
    def prev(self) -> int | None:
        """The blank's cell before this node (None: the node is the root)."""
        return self.cells[-2] if len(self.cells) > 1 else None


def frontier(tables: PdbTables, start: Sequence[int], use_reflection: bool, jobs: int) -> list[FrontierNode]:
    """The non-backtracking paths from the home-labelled ``start``, one level deeper at a time until there are at
    least :data:`FRONTIER_PER_JOB` per job (and the paths stay shorter than the root's estimate), in the order the
    ordinary search visits them near the root: at every level the children best first (the smallest h +
    h_reflected, then the cell), so that the last iteration meets its solution as early as that search does."""
    cols = tables.database.cols
    n = len(start)
    root = SearchRun(tables, start, use_reflection, Limit(), 1.0)
    h0 = max(root.h0, root.r0)
    # a path: the blank's cells, its tiles, its rank (per move: the child's h + h_reflected and cell), its f
    level: list[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...], int]] = [
        ((list(start).index(0),), tuple(start), (), h0)
    ]
    depth = 0
    while len(level) < FRONTIER_PER_JOB * jobs and depth + 1 < h0:
        depth += 1
        deeper = []
        for cells, tiles, rank, _ in level:
            z = cells[-1]
            for q in (z - cols, z + cols, z - 1, z + 1):
                if not 0 <= q < n or (q in (z - 1, z + 1) and q // cols != z // cols):
                    continue
                if len(cells) > 1 and q == cells[-2]:
                    continue
                child = list(tiles)
                child[z], child[q] = child[q], 0
                run = SearchRun(tables, child, use_reflection, Limit(), 1.0)
                deeper.append(((*cells, q), tuple(child), (*rank, (run.h0 + run.r0, q)), depth + max(run.h0, run.r0)))
        level = deeper
    level.sort(key=lambda path: path[2])
    return [FrontierNode(cells, tiles, f) for cells, tiles, _, f in level]


def subtree_search(
    tables: PdbTables,
    task: Task,
    use_reflection: bool,
    tt: dict[bytes, int],
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Generator[Progress, None, Answer]:
    """One task searched in slices: yields a :class:`~npuzzle.progress.Progress` of the subtree (its own nodes)
    about every ``report_every`` seconds and returns the :class:`Answer`. ``tt`` is the worker's transposition
    table, kept across its tasks of one search (an entry stays true for any later budget) but only while every task
    that wrote into it ran to its end: drop it after a task stopped halfway."""
    run = SearchRun(tables, task.tiles, use_reflection, Limit(memory=None), report_every, task.prev, tt)
    run.bound = task.budget
    deepen = deepen_disjoint if run.disjoint else deepen_general
    ended = yield from deepen(run, task.budget)
    cells = tuple(ended) if isinstance(ended, list) else None
    return Answer(task.bound, task.index, cells, run.expanded, run.generated)


def answer_task(tables: PdbTables, task: Task, use_reflection: bool, tt: dict[bytes, int]) -> Answer:
    """:func:`subtree_search` in one call (a worker process's, or a test's)."""
    return run(subtree_search(tables, task, use_reflection, tt, math.inf))


@dataclass(frozen=True, slots=True)
class SplitJob:
    """One board's split search as asked: what :func:`ordinary_first` and :class:`Split` start from. Checked on
    creation: ``ValueError`` for ``workers`` below 1, and what :func:`~npuzzle.pdb.search.solve_with_pdb` raises
    for tables that do not fit or an unsolvable board."""

    board: Board
    goal: Board
    tables: PdbTables
    limit: Limit = Limit()
    _: KW_ONLY
    workers: int
    sequential_nodes: int = SEQUENTIAL_NODES
    """Expansions of the ordinary search before the split (:data:`SEQUENTIAL_NODES`)."""
    reflect: bool = True
    report_every: float = DEFAULT_REPORT_EVERY

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError(f"workers must be at least 1, got {self.workers!r}")
        home_board(self.board, self.goal, self.tables)


def ordinary_first(job: SplitJob) -> Generator[Progress, None, SearchResult | Coordinator]:
    """The start of a split search: the ordinary search for up to ``job.sequential_nodes`` expansions (all of it
    with one worker, or under a node limit within that many). Returns its result when it ends there, else the
    :class:`Coordinator` that goes on from the bound it reached."""
    started = time.perf_counter()
    limit, workers = job.limit, job.workers
    first_limit = Limit(job.sequential_nodes, limit.seconds, limit.memory)
    if workers == 1 or (limit.nodes is not None and limit.nodes <= job.sequential_nodes):
        first_limit = limit
    first = solve_with_pdb(
        job.board, job.goal, job.tables, first_limit, reflect=job.reflect, report_every=job.report_every
    )
    alone = yield from first
    if alone.stopped != "node-limit" or first_limit is limit:
        return alone
    return Coordinator(
        job.board, job.goal, job.tables, alone, workers=workers, reflect=job.reflect, limit=limit, started=started
    )


@dataclass(slots=True)
class _Iteration:
    """One iteration's tasks: the frontier indices not handed out yet (the first in frontier order last, for ``pop``),
    those handed out and not answered, and the nodes its answers took."""

    waiting: list[int]
    out: set[int] = field(default_factory=set)
    nodes: int = 0


class Coordinator:
    """The split search of ``board`` after the ordinary search ``first`` stopped at its node limit (see the module
    text): :meth:`next_task`, :meth:`take`, :meth:`release`, :meth:`running`, :meth:`check` and :meth:`stop`.

    ``first`` is that search's result (its ``extra["bound"]`` and ``per_iteration``: the iteration it left
    unfinished is searched again whole, its nodes counted in it); ``started`` the ``time.perf_counter()`` when the
    whole solve began. Raises as :func:`~npuzzle.pdb.search.solve_with_pdb` does for tables that do not fit or an
    unsolvable board, and ``ValueError`` for ``workers`` below 1.
    """

    def __init__(
        self,
        board: Board,
        goal: Board,
        tables: PdbTables,
        first: SearchResult,
        *,
        workers: int,
        reflect: bool = True,
        limit: Limit = Limit(),
        started: float | None = None,
        lookahead: int = LOOKAHEAD,
    ) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers!r}")
        self.board, self.goal, self.limit, self.workers, self.lookahead = board, goal, limit, workers, lookahead
        self.started = time.perf_counter() if started is None else started
        self.start, self.original = home_board(board, goal, tables)
        self.use_reflection = reflect and useful_reflection(tables.database)
        self.name = heuristic_name(tables.database, self.use_reflection)
        self.cols = tables.database.cols
        self.frontier = frontier(tables, self.start, self.use_reflection, workers)
        self.expanded, self.generated = first.nodes_expanded, first.nodes_generated
        *finished, (bound, partial) = first.extra["per_iteration"]
        self.bound: int = first.extra["bound"]
        """The lowest iteration not finished: every smaller bound is proven to hold no solution."""
        self.done: list[tuple[int, int]] = list(finished)
        self.iterations: dict[int, _Iteration] = {}
        self.handed: set[tuple[int, int]] = set()
        self.answered: set[tuple[int, int]] = set()
        self.busy: dict[tuple[int, int], tuple[int, int]] = {}
        """Nodes expanded and generated so far in tasks handed out and not answered (for progress and limits)."""
        self.found: tuple[int, tuple[int, ...]] | None = None
        """The shallowest solution answered so far: its bound and the blank's cells from the root."""
        self.result: SearchResult | None = None
        """The search's end once proven (or stopped); then no more tasks are handed out."""
        self._open(self.bound, partial if bound == self.bound else 0)
        self._settle()

    def _open(self, bound: int, nodes: int = 0) -> _Iteration:
        eligible = [i for i, node in enumerate(self.frontier) if node.f <= bound]
        iteration = self.iterations[bound] = _Iteration(eligible[::-1], nodes=nodes)
        return iteration

    def _task(self, bound: int, index: int) -> Task:
        node = self.frontier[index]
        self.iterations[bound].out.add(index)
        self.handed.add((bound, index))
        return Task(bound, index, node.tiles, node.prev, bound - (len(node.cells) - 1))

    def next_task(self) -> Task | None:
        """The next task to hand out: the first in frontier order not handed out of the lowest open iteration, else of
        the next one opened for it (at most :data:`LOOKAHEAD` ahead, never at or beyond a solution's bound);
        ``None`` when there is none now (or the search has ended)."""
        if self.result is not None:
            return None
        for bound in sorted(self.iterations):
            iteration = self.iterations[bound]
            if iteration.waiting:
                return self._task(bound, iteration.waiting.pop())
        while len(self.iterations) <= self.lookahead:
            bound = max(self.iterations) + 2
            if self.found is not None and bound >= self.found[0]:
                return None
            iteration = self._open(bound)
            if iteration.waiting:
                return self._task(bound, iteration.waiting.pop())
        return None

    def wanted(self, task: Task) -> bool:
        """False once the task cannot change the result (the search ended, or a solution is known at a smaller
        bound): its worker may drop it (and, having stopped halfway, its transposition table)."""
        return self.result is None and (self.found is None or task.bound < self.found[0])

    def take(self, answer: Answer) -> SearchResult | None:
        """Take a worker's answer (in any order); returns the result once it is proven, else ``None``. Raises
        :class:`SplitError` for an answer to a task never handed out, answered before, or whose solution is not
        a path of the task's length from its node."""
        key = (answer.bound, answer.index)
        if key not in self.handed:
            raise SplitError(f"no task ({answer.bound}, {answer.index}) was handed out")
        if key in self.answered:
            raise SplitError(f"task ({answer.bound}, {answer.index}) was answered already")
        self.answered.add(key)
        self.busy.pop(key, None)
        if self.result is not None:
            return self.result
        self.expanded += answer.expanded
        self.generated += answer.generated
        iteration = self.iterations.get(answer.bound)
        if iteration is not None:
            iteration.out.discard(answer.index)
            iteration.nodes += answer.expanded
        if answer.cells is not None:
            cells = self._path(answer)
            if self.found is None or answer.bound < self.found[0]:
                self.found = (answer.bound, cells)
        self._settle()
        return self.result

    def _path(self, answer: Answer) -> tuple[int, ...]:
        node = self.frontier[answer.index]
        cells = answer.cells
        assert cells is not None
        budget = answer.bound - (len(node.cells) - 1)
        n = len(self.start)
        steps_ok = all(
            0 <= b < n and (abs(a - b) == self.cols or (abs(a - b) == 1 and a // self.cols == b // self.cols))
            for a, b in pairwise(cells)
        )
        if len(cells) != budget + 1 or cells[0] != node.cells[-1] or not steps_ok:
            raise SplitError(
                f"the answer to task ({answer.bound}, {answer.index}) is not a path of {budget} moves from cell "
                f"{node.cells[-1]}: {show_value(list(cells))}"
            )
        return (*node.cells, *cells[1:])

    def release(self, bound: int, index: int) -> None:
        """Hand a task out again (its worker was lost before answering); ignored for a task not out."""
        iteration = self.iterations.get(bound)
        key = (bound, index)
        if iteration is None or index not in iteration.out or key in self.answered:
            return
        iteration.out.discard(index)
        iteration.waiting.append(index)  # the next to go
        self.handed.discard(key)
        self.busy.pop(key, None)

    def running(self, bound: int, index: int, expanded: int, generated: int) -> None:
        """A worker's count so far in a task it has not answered (progress and limits include it)."""
        key = (bound, index)
        if key in self.handed and key not in self.answered:
            self.busy[key] = (expanded, generated)

    def _settle(self) -> None:
        """Close the finished iterations from the lowest up; the result once a solution's bound is the lowest."""
        while self.result is None:
            if self.found is not None and self.found[0] == self.bound:
                moves = tuple(self.original[t] for t in tiles_moved(self.start, self.found[1]))
                self.result = self._finish(verify(self.board, self.goal, moves), None)
                return
            iteration = self.iterations[self.bound]
            if iteration.waiting or iteration.out:
                return
            self.done.append((self.bound, iteration.nodes))
            del self.iterations[self.bound]
            self.bound += 2
            if self.bound not in self.iterations:
                self._open(self.bound)

    def counts(self) -> tuple[int, int]:
        """Nodes expanded and generated: the answers' and the ordinary search's, and the running tasks' so far."""
        return (
            self.expanded + sum(e for e, _ in self.busy.values()),
            self.generated + sum(g for _, g in self.busy.values()),
        )

    def check(self) -> SearchResult | None:
        """Stop (and return the result) when a bound of the limit is reached, else ``None``."""
        if self.result is not None:
            return self.result
        reason: StopReason | None = None
        if self.limit.seconds is not None and time.perf_counter() - self.started >= self.limit.seconds:
            reason = "time-limit"
        elif self.limit.nodes is not None and self.counts()[0] >= self.limit.nodes:
            reason = "node-limit"
        return None if reason is None else self.stop(reason)

    def stop(self, reason: StopReason = "cancelled") -> SearchResult:
        """End the search now (a cancel or a limit): the result without a solution, the lowest unfinished bound as
        its lower bound (or the result already proven)."""
        if self.result is None:
            self.result = self._finish(None, reason)
        return self.result

    def progress(self) -> Progress:
        """The progress record now: the nodes summed over the workers, the lowest unfinished bound."""
        expanded, generated = self.counts()
        return Progress(
            algorithm=ALGORITHM,
            heuristic=self.name,
            nodes_expanded=expanded,
            nodes_generated=generated,
            frontier=0,
            bound=self.bound,
            iteration=len(self.done) + 1,
            elapsed=time.perf_counter() - self.started,
            per_iteration=tuple(self.done),
        )

    def _finish(self, moves: tuple[int, ...] | None, reason: StopReason | None) -> SearchResult:
        expanded, generated = self.counts()
        message = (
            "" if reason is None else limit_message(ALGORITHM, self.name, reason, self.limit, expanded, 0, self.bound)
        )
        running = [(b, it.nodes + sum(e for (k, _), (e, _) in self.busy.items() if k == b))
                   for b, it in sorted(self.iterations.items())]  # fmt: skip
        per_iteration = self.done + [(b, nodes) for b, nodes in running if b == self.bound or nodes]
        return SearchResult(
            moves=moves,
            optimal=moves is not None,
            algorithm=ALGORITHM,
            heuristic=self.name,
            nodes_expanded=expanded,
            nodes_generated=generated,
            max_frontier=0 if moves is None else len(moves),
            iterations=len(per_iteration),
            seconds=time.perf_counter() - self.started,
            lower_bound=self.bound if moves is None else len(moves),
            stopped=reason,
            message=message,
            extra={
                "bound": self.bound,
                "jobs": self.workers,
                "frontier": len(self.frontier),
                "per_iteration": per_iteration,
            },
        )


class Split:
    """The split search of one board as a search generator (:attr:`search`) whose caller hands part of the tasks
    to other workers: the page's primary worker gives them to its helper Web Workers (``npuzzle.api.SolveSession``).

    :attr:`search` first runs the ordinary search for up to ``sequential_nodes`` expansions (most boards end there;
    with ``workers`` 1 it is all there is); then it makes :attr:`coordinator` and searches tasks itself, one at a
    time in slices, while the caller pulls others with ``coordinator.next_task()`` and gives their answers back with
    ``coordinator.take``. Each record it yields sums the nodes of every worker; :attr:`idle` is true when it has no
    task of its own (all are out): the caller then waits for answers instead of calling ``next`` in a loop. A
    :class:`~npuzzle.progress.SearchStopped` (cancel) thrown in ends it with the nodes so far. Raises at once, as
    :func:`~npuzzle.pdb.search.solve_with_pdb` does, for tables that do not fit or an unsolvable board.
    """

    def __init__(self, job: SplitJob) -> None:
        self.job = job
        self.coordinator: Coordinator | None = None
        """The bookkeeping once the search has split (``None`` during the ordinary search)."""
        self.idle = False
        self.search: Search = self._search()

    def _search(self) -> Search:
        first = yield from ordinary_first(self.job)
        if isinstance(first, SearchResult):
            return first
        coordinator = self.coordinator = first
        tt: dict[bytes, int] = {}
        task: Task | None = None
        mine: Generator[Progress, None, Answer] | None = None
        while True:
            ended = coordinator.check()
            if ended is not None:
                return ended
            if task is not None and not coordinator.wanted(task):
                task = mine = None
                tt = {}  # stopped halfway: its entries may claim subtrees it never finished
            if mine is None:
                task = coordinator.next_task()
                if task is not None:
                    mine = subtree_search(self.job.tables, task, coordinator.use_reflection, tt, self.job.report_every)
            self.idle = mine is None
            if mine is not None and task is not None:
                try:
                    record = next(mine)
                except StopIteration as stop:
                    task = mine = None
                    coordinator.take(stop.value)
                    continue
                coordinator.running(task.bound, task.index, record.nodes_expanded, record.nodes_generated)
            try:
                yield coordinator.progress()
            except SearchStopped as stopped:
                return coordinator.stop(stopped.reason)
