"""One hard 15-puzzle solved optimally by several processes: IDA* whose every iteration is split below the root.

:func:`solve_with_pdb_parallel` first runs the ordinary search (:func:`~npuzzle.pdb.search.solve_with_pdb`) for
up to :data:`SEQUENTIAL_NODES` expansions: most boards end there, before any process starts. A harder board's
search goes on from the bound it reached, split: the *frontier* is every path of ``d`` moves from the root that
never steps straight back (``d`` the smallest depth with at least :data:`FRONTIER_PER_JOB` paths per process, below
the root's estimate), and each IDA* iteration with bound ``B`` hands the workers every frontier node whose own
``d + h`` is at most ``B``, the most promising (lowest f, the largest subtrees) first; a worker searches the node's
subtree to ``B − d`` more moves (:func:`~npuzzle.pdb.search.subtree_iteration`, with a transposition table kept for
all its subtrees). The first bound at which a subtree holds a solution is the optimal length: every smaller bound
was searched through in every subtree, and every optimal solution passes through exactly one frontier node (its
first ``d`` moves never step back). The other workers are then stopped at once, as on a cancel or a limit.

The workers are processes (``fork`` where the platform has it, so they share the parent's loaded tables; else they
are sent a copy). Progress counts the nodes of finished subtrees; limits are checked between them, about every
``report_every`` seconds.
"""

from __future__ import annotations

import multiprocessing
import queue
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue

from ..board import Board
from ..checkpoint import DEFAULT_REPORT_EVERY, limit_message, tiles_moved, verify
from ..progress import Limit, Progress, Search, SearchResult, SearchStopped, StopReason
from ..workers import leave_interrupts_to_the_parent, running
from .search import ALGORITHM, _Run, home_board, solve_with_pdb, subtree_iteration
from .tables import PdbTables, heuristic_name, useful_reflection

SEQUENTIAL_NODES = 200_000
"""Expansions the ordinary search gets before the split one starts (about a second in CPython)."""

FRONTIER_PER_JOB = 48
"""Frontier nodes per worker process at least (more balance the load, each costs a set-up per iteration)."""

Task = tuple[int, int, tuple[int, ...], int | None, int]
"""What a worker is handed: (iteration, frontier index, home-labelled tiles, the blank's previous cell, budget)."""
Answer = tuple[int, int, list[int] | None, int, int]
"""What it hands back: (iteration, frontier index, the blank's cells along a solution or None, expanded,
generated)."""


@dataclass(frozen=True, slots=True)
class _Node:
    """A frontier node: the blank's cells from the root to it, its tiles, and ``d + h`` (its own f)."""

    cells: tuple[int, ...]
    tiles: tuple[int, ...]
    f: int

    @property
    def prev(self) -> int | None:
        """The blank's cell before this node (None: the node is the root)."""
        return self.cells[-2] if len(self.cells) > 1 else None


def solve_with_pdb_parallel(
    board: Board,
    goal: Board,
    tables: PdbTables,
    limit: Limit = Limit(),
    *,
    jobs: int,
    reflect: bool = True,
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Search:
    """:func:`~npuzzle.pdb.search.solve_with_pdb` over ``jobs`` processes (see the module text); the same
    result, with ``extra["jobs"]``. Raises at once, as it does, for tables that do not fit or an unsolvable board,
    and ``ValueError`` for ``jobs`` below 1."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs!r}")
    start, original = home_board(board, goal, tables)
    use_reflection = reflect and useful_reflection(tables.database)
    return _split(board, goal, tables, start, original, use_reflection, limit, report_every, jobs)


def _split(
    board: Board,
    goal: Board,
    tables: PdbTables,
    start: Sequence[int],
    original: Sequence[int],
    use_reflection: bool,
    limit: Limit,
    report_every: float,
    jobs: int,
) -> Search:
    started = time.perf_counter()
    first_limit = Limit(SEQUENTIAL_NODES, limit.seconds, limit.memory)
    if jobs == 1 or (limit.nodes is not None and limit.nodes <= SEQUENTIAL_NODES):
        first_limit = limit
    alone = yield from solve_with_pdb(
        board, goal, tables, first_limit, reflect=use_reflection, report_every=report_every
    )
    if alone.stopped != "node-limit" or first_limit is limit:
        return alone
    name = heuristic_name(tables.database, use_reflection)
    bound: int = alone.extra["bound"]
    expanded, generated = alone.nodes_expanded, alone.nodes_generated
    *finished, (_, partial) = alone.extra["per_iteration"]
    done: list[tuple[int, int]] = list(finished)
    frontier = _frontier(tables, start, use_reflection, jobs)

    def finish(moves: tuple[int, ...] | None, reason: StopReason | None) -> SearchResult:
        message = "" if reason is None else limit_message(ALGORITHM, name, reason, limit, expanded, 0, bound)
        return SearchResult(
            moves,
            moves is not None,
            ALGORITHM,
            name,
            expanded,
            generated,
            0 if moves is None else len(moves),
            len(done) + 1,
            time.perf_counter() - started,
            bound if moves is None else len(moves),
            stopped=reason,
            message=message,
            extra={"bound": bound, "jobs": jobs, "frontier": len(frontier), "per_iteration": list(done)},
        )

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    tasks: Queue[Task | None] = context.Queue()
    answers: Queue[Answer] = context.Queue()
    workers: list[BaseProcess] = [
        context.Process(target=_worker, args=(tables, use_reflection, tasks, answers), daemon=True) for _ in range(jobs)
    ]
    with running(workers, tasks, answers):
        reported = time.perf_counter()
        before = expanded - partial  # the iteration the ordinary search left unfinished is searched again whole
        while True:
            eligible = [i for i, node in enumerate(frontier) if node.f <= bound]
            for i in eligible:
                depth = len(frontier[i].cells) - 1
                tasks.put((bound, i, frontier[i].tiles, frontier[i].prev, bound - depth))
            waiting = len(eligible)
            while waiting:
                try:
                    at_bound, i, ended, more, made = answers.get(timeout=report_every)
                except queue.Empty:
                    at_bound = -1
                if at_bound == bound:
                    waiting -= 1
                    expanded += more
                    generated += made
                    if ended is not None:
                        cells = [*frontier[i].cells, *ended[1:]]
                        moves = tuple(original[t] for t in tiles_moved(start, cells))
                        done.append((bound, expanded - before))
                        return finish(verify(board, goal, moves), None)
                now = time.perf_counter()
                reason: StopReason | None = None
                if limit.seconds is not None and now - started >= limit.seconds:
                    reason = "time-limit"
                elif limit.nodes is not None and expanded >= limit.nodes:
                    reason = "node-limit"
                if reason is not None:
                    done.append((bound, expanded - before))  # the unfinished iteration so far
                    return finish(None, reason)
                if now - reported >= report_every:
                    reported = now
                    try:
                        yield Progress(
                            ALGORITHM, name, expanded, generated, 0, bound, len(done) + 1, now - started,
                            per_iteration=tuple(done),
                        )  # fmt: skip
                    except SearchStopped as stopped:  # a cancel: the workers stop on leaving ``running``
                        done.append((bound, expanded - before))
                        return finish(None, stopped.reason)
            done.append((bound, expanded - before))
            before = expanded
            bound += 2


def _frontier(tables: PdbTables, start: Sequence[int], use_reflection: bool, jobs: int) -> list[_Node]:
    """The non-backtracking paths from the root, one level deeper at a time until there are at least
    :data:`FRONTIER_PER_JOB` per job (and the paths stay shorter than the root's estimate), sorted by their f."""
    cols = tables.database.cols
    n = len(start)
    root = _Run(tables, start, use_reflection, Limit(), 1.0)
    h0 = max(root.h0, root.r0)
    level: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((list(start).index(0),), tuple(start))]
    depth = 0
    while len(level) < FRONTIER_PER_JOB * jobs and depth + 1 < h0:
        depth += 1
        deeper = []
        for cells, tiles in level:
            z = cells[-1]
            for q in (z - cols, z + cols, z - 1, z + 1):
                if not 0 <= q < n or (q in (z - 1, z + 1) and q // cols != z // cols):
                    continue
                if len(cells) > 1 and q == cells[-2]:
                    continue
                child = list(tiles)
                child[z], child[q] = child[q], 0
                deeper.append(((*cells, q), tuple(child)))
        level = deeper
    nodes = []
    for cells, tiles in level:
        run = _Run(tables, tiles, use_reflection, Limit(), 1.0)
        nodes.append(_Node(cells, tiles, depth + max(run.h0, run.r0)))
    return sorted(nodes, key=lambda node: node.f)


def _worker(tables: PdbTables, use_reflection: bool, tasks: Queue[Task | None], answers: Queue[Answer]) -> None:
    """A worker process: search the subtrees handed to it until told to stop (None); Ctrl-C is the parent's."""
    leave_interrupts_to_the_parent()
    tt: dict[bytes, int] = {}
    while (task := tasks.get()) is not None:
        bound, index, tiles, prev, budget = task
        ended, expanded, generated = subtree_iteration(tables, tiles, prev, budget, use_reflection, tt)
        answers.put((bound, index, ended, expanded, generated))
