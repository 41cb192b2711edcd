"""What every optimal search checks while it runs, and how its answer is checked: one piece for all of them.

A*, IDA* (:mod:`npuzzle.optimal.search`), the walking-distance IDA* (:mod:`npuzzle.optimal.walking_search`) and the
pattern-database IDA* (:mod:`npuzzle.pdb.search`) count expansions in their hot loops and, every
:attr:`Checkpoint.every` of them, call :meth:`Checkpoint.check`: it reads the clock once, says which bound of the
:class:`~npuzzle.progress.Limit` is reached (nodes, seconds, states held) and whether a progress record is due
(about every ``report_every`` seconds). The loop keeps only the next count to check at in a local variable, so
the check costs one integer comparison per expansion. :func:`limit_message` words every stop the same way, for a
limit reached inside a search and for a stop requested from outside (:func:`result_from_progress`, which
:func:`npuzzle.progress.stop` falls back to). :func:`verify` replays every solution on the board before it is
returned, and :func:`tiles_moved` turns a path of blank cells into the tiles slid.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any, Protocol

from ..board import Board
from ..progress import ALGORITHM_TITLES, STOP_WORDS, Limit, Progress, SearchResult, StopReason, preparing, result_at

DEFAULT_REPORT_EVERY = 0.02
"""Seconds between progress records (about 50 a second)."""

STRONGER: dict[str, str] = {
    "discrete": "linear-conflict",
    "hamming": "linear-conflict",
    "manhattan": "linear-conflict",
}
"""For each heuristic, the stronger one a limit message suggests; heuristics not listed (linear-conflict,
walking-distance, the pattern databases) have no generic stronger one, and the message suggests only IDA* or
more nodes and time. (On a 4×4 the pattern database is stronger still, where it is loaded.)"""


class SearchBug(RuntimeError):
    """A search produced a path that does not lead to the goal: an internal error, never an input error."""


class Checkpoint:
    """The periodic check of one search run: its limits, its progress cadence and its clock.

    Use from a hot loop as::

        check_at = checkpoint.next_at
        ...
        expanded += 1
        if expanded >= check_at:
            reason = checkpoint.check(expanded, held)
            if reason is not None:
                return ...  # a SearchResult with stopped=reason and limit_message(...)
            check_at = checkpoint.next_at
            if checkpoint.report_due():
                yield Progress(..., checkpoint.now - checkpoint.start)

    ``every`` is how many expansions pass between two checks (the clock is read only then); the node limit, when
    nearer, is checked exactly. ``start`` (default: now) is when the search began, set-up included.
    """

    __slots__ = ("every", "last_report", "limit", "memory", "next_at", "now", "report_every", "start")

    def __init__(
        self, limit: Limit, report_every: float, every: int, *, bounds_memory: bool = False, start: float | None = None
    ) -> None:
        self.limit = limit
        self.memory = limit.memory if bounds_memory else None
        """The states-held cap :meth:`check` applies: ``limit.memory`` for a search that holds states (A*), else
        ``None`` (IDA* holds only its path)."""
        self.report_every = report_every
        self.every = every
        self.now = self.last_report = time.perf_counter()
        self.start = self.now if start is None else start
        """When the search started (``time.perf_counter``): its time limit and elapsed times count from here."""
        self.next_at = every if limit.nodes is None else min(every, limit.nodes)

    def check(self, expanded: int, held: int = 0) -> StopReason | None:
        """Read the clock; the limit reached after ``expanded`` expansions with ``held`` states in memory (node
        limit first, then time, then memory), else ``None`` with the next check scheduled."""
        self.now = now = time.perf_counter()
        nodes, seconds = self.limit.nodes, self.limit.seconds
        if nodes is not None and expanded >= nodes:
            return "node-limit"
        if seconds is not None and now - self.start >= seconds:
            return "time-limit"
        if self.memory is not None and held >= self.memory:
            return "memory-limit"
        next_at = expanded + self.every
        self.next_at = next_at if nodes is None or next_at <= nodes else nodes
        return None

    def report_due(self) -> bool:
        """Whether a progress record is due at the time the last :meth:`check` read (then it counts as sent)."""
        if self.now - self.last_report >= self.report_every:
            self.last_report = self.now
            return True
        return False

    def elapsed(self) -> float:
        """Seconds since the search started, read now."""
        return time.perf_counter() - self.start


def _advice(algorithm: str, heuristic: str) -> str:
    stronger = STRONGER.get(heuristic)
    if algorithm == "astar":
        if stronger is None:
            return " Try IDA* (it needs almost no memory)."
        return f" Try IDA* (it needs almost no memory) or a stronger heuristic ({stronger})."
    if stronger is None:
        return " Allow more nodes or time."
    return f" Allow more nodes or time, or use a stronger heuristic ({stronger})."


def limit_message(
    algorithm: str,
    heuristic: str,
    reason: StopReason,
    limit: Limit,
    expanded: int,
    held: int,
    bound: int,
    unit: str = "moves",
) -> str:
    """How a search that stopped for ``reason`` says so: what stopped it, the proven lower ``bound`` (in ``unit``:
    ``"line moves"`` in the multi-tile metric), and (for a limit, not a cancel) what to try instead."""
    name = ALGORITHM_TITLES[algorithm]
    if reason == "node-limit":
        what = f"the node limit ({limit.nodes:,} nodes expanded)"
    elif reason == "time-limit":
        what = f"the time limit ({limit.seconds:g} s) after expanding {expanded:,} nodes"
    elif reason == "memory-limit":
        what = f"the memory limit ({held:,} states held; limit {limit.memory:,}) after expanding {expanded:,} nodes"
    else:
        what = f"a cancel request after expanding {expanded:,} nodes"
    text = f"{name} stopped at {what}; the solution needs at least {bound} {unit}."
    if reason == "cancelled":
        return text
    return text + _advice(algorithm, heuristic)


def result_from_progress(
    last: Progress | None, algorithm: str, heuristic: str, reason: StopReason = "cancelled"
) -> SearchResult:
    """The result of a search stopped from outside (cancel, Ctrl-C), built from its last progress record."""
    if last is None:
        started = preparing(algorithm, heuristic, 0.0)
        return result_at(started, reason, f"the search was stopped ({STOP_WORDS[reason]}) before it started", 0)
    bound = last.bound if last.bound is not None else 0
    message = limit_message(last.algorithm, last.heuristic, reason, Limit(), last.nodes_expanded, last.frontier, bound)
    return result_at(last, reason, message, bound)


class IdaRun(Protocol):
    """What :func:`ida_result` reads of a tuned IDA*'s run (:class:`npuzzle.pdb.search_run.SearchRun`,
    :class:`npuzzle.pdb.mtm_search.MtmRun`): its heuristic's name, counters, bound, checkpoint and progress record."""

    name: str
    expanded: int
    generated: int
    max_depth: int
    iterations: int
    bound: int
    checkpoint: Checkpoint

    def progress(self, depth: int) -> Progress:
        """The progress record at the last checkpoint, ``depth`` moves deep."""


def ida_result(
    run: IdaRun,
    limit: Limit,
    moves: tuple[int, ...] | None,
    lower: int,
    reason: StopReason | None,
    extra: dict[str, Any],
    unit: str = "moves",
) -> SearchResult:
    """The result of a tuned IDA* run: ``moves`` (optimal when given), the proven ``lower`` bound, the counters,
    and for a ``reason`` the :func:`limit_message` (its bound in ``unit``)."""
    message = (
        "" if reason is None else limit_message("idastar", run.name, reason, limit, run.expanded, 0, run.bound, unit)
    )
    deepest = replace(run.progress(run.max_depth), elapsed=run.checkpoint.elapsed())
    return result_at(deepest, reason, message, lower, extra, moves=moves, optimal=moves is not None)


def tiles_moved(tiles: Sequence[int], blanks: Sequence[int]) -> list[int]:
    """The tiles slid, in order, when the blank walks through the cells ``blanks`` (its start cell first) on a
    board whose row-major cells hold ``tiles``."""
    board = list(tiles)
    moved: list[int] = []
    for at, cell in pairwise(blanks):
        tile = board[cell]
        moved.append(tile)
        board[at], board[cell] = tile, 0
    return moved


def verify(board: Board, goal: Board, moves: Sequence[int]) -> tuple[int, ...]:
    """Replay ``moves`` on ``board``; return them as a tuple if they reach ``goal``, else raise :class:`SearchBug`."""
    try:
        end = board.apply(moves)
    except ValueError as exc:
        raise SearchBug(f"the search returned an illegal path: {exc}") from None
    if end != goal:
        raise SearchBug(f"the search returned a path of {len(moves)} moves that ends at {end.format(one_line=True)}")
    return tuple(moves)
