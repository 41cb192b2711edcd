"""Watching a search: :func:`prepare` checks a request (board, goal, algorithm, heuristic, window) and gives a
:class:`Watch`, whose :meth:`Watch.search` runs the project's own A* or IDA* with a trace as observer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...board import Board
from ...errors import LimitError
from ...names import ALGORITHMS as NAMED_ALGORITHMS
from ...names import choose
from ...optimal.heuristics import Heuristic
from ...optimal.search import astar, idastar
from ...progress import Limit, Search, SearchResult
from ...solvability import check_reachable
from ...solving.registry import Registry, default_registry
from ...solving.solve import MAX_SEARCH_CELLS, heuristic_entry
from .astar import AstarTrace
from .heap import HASH_BINS
from .idastar import IdaTrace
from .record import MAX_COUNT, Step, Window, check_window

ALGORITHMS = ("astar", "idastar")
"""The searches that can be watched."""

WATCHABLE_HINT = "only A* and IDA* can be watched"
"""What an unknown algorithm's message adds for a watch."""


class Watch:
    """One watched search, checked and ready: :meth:`search` starts it (each call a fresh, identical run),
    :meth:`reply` words its outcome. ``start`` may be moved before :meth:`search` (a run to the end asks for the
    last steps once it knows how many there are: :func:`last_steps`)."""

    def __init__(
        self,
        board: Board,
        goal: Board,
        algorithm: str,
        heuristic: Heuristic,
        window: Window,
    ) -> None:
        self.board, self.goal, self.algorithm, self.heuristic, self.window = board, goal, algorithm, heuristic, window
        self.trace: AstarTrace | IdaTrace | None = None

    def plain(self, limit: Limit = Limit()) -> Search:
        """The same search without an observer (to count the steps of a run to the end)."""
        run = astar if self.algorithm == "astar" else idastar
        return run(self.board, self.goal, self.heuristic, limit)

    def search(self, limit: Limit = Limit()) -> Search:
        """Run the search with a fresh trace, stopping after the window's last step (or earlier at ``limit``)."""
        window = self.window
        window.steps.clear()
        nodes = window.end + 1  # the check comes before a node's children: expansion `end` completes
        bounded = replace(limit, nodes=nodes if limit.nodes is None else min(limit.nodes, nodes))
        if self.algorithm == "astar":
            trace = AstarTrace(window)
            self.trace = trace
            return astar(self.board, self.goal, self.heuristic, bounded, observer=trace)
        ida = IdaTrace(window, self.heuristic)
        self.trace = ida
        return idastar(self.board, self.goal, self.heuristic, bounded, observer=ida)

    def reply(self, result: SearchResult, limit: Limit = Limit(), plain: SearchResult | None = None) -> dict[str, Any]:
        """The op's result: the steps recorded, whether the search is ``done`` (the goal taken, or the search
        ended, within them), the counters after the last step run, the solution once done, ``per_iteration``
        (IDA*) or ``hash_bins`` (A*), and ``stopped``/``message`` when a limit (not the window) ended it. ``plain``:
        the counting run of a run to the end, whose limit stop (the window then ends where it stopped) is the
        watched run's."""
        trace, window = self.trace, self.window
        if trace is None:  # stopped before the watched search started (a cancel while counting the steps)
            trace = AstarTrace(window) if self.algorithm == "astar" else IdaTrace(window, self.heuristic)
        own_stop = result.stopped is not None and not (
            result.stopped == "node-limit" and (limit.nodes is None or limit.nodes > window.end)
        )
        finished = result.stopped is None or (own_stop and result.stopped != "cancelled")
        ended = finished and trace.last <= window.end
        if plain is not None and plain.stopped not in (None, "cancelled") and not own_stop:
            result, own_stop, ended = plain, True, True  # the watched run, not cancelled, ended where it did
        out: dict[str, Any] = {
            "ok": True,
            "algorithm": self.algorithm,
            "heuristic": self.heuristic.name,
            "from": window.start,
            "count": window.count,
            "steps": list(window.steps),
            "done": ended,
            "counters": dict(trace.counters),
            "moves": list(result.moves) if ended and result.moves is not None else None,
            "length": len(result.moves) if ended and result.moves is not None else None,
            "stopped": result.stopped if own_stop else None,
            "message": result.message if own_stop else None,
        }
        if isinstance(trace, IdaTrace):
            out["per_iteration"] = [list(pair) for pair in trace.per_iteration]
        else:
            out["hash_bins"] = HASH_BINS
        return out


def last_steps(result: SearchResult, count: int) -> int:
    """The ``from`` that records the last ``count`` steps of a run whose plain search gave ``result``: a solved
    run's steps are its expansions plus the goal taken; a run stopped by a limit completed one expansion fewer
    than it counted."""
    total = result.nodes_expanded + (1 if result.moves is not None else 0)
    if result.stopped is not None and total:
        total -= 1
    return max(0, total - count)


def prepare(
    board: Board,
    goal: Board,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    start: int = 0,
    count: int = 100,
    registry: Registry | None = None,
    sink: Callable[[Step], None] | None = None,
    most: int | None = MAX_COUNT,
) -> Watch:
    """Check a watch request and build its :class:`Watch`: steps ``start + 1 … start + count`` (``count`` at most
    ``most``; ``sink`` takes each step as it comes instead of keeping it). Raises
    :class:`~npuzzle.errors.UnknownNameError` naming an unknown algorithm or heuristic,
    :class:`~npuzzle.errors.LimitError` for a heuristic that does not fit the board, a board too big or a bad window;
    :class:`~npuzzle.errors.UnsolvableError` (with the parity reasoning) and :class:`~npuzzle.errors.GoalError` from
    :func:`~npuzzle.solvability.check_reachable`."""
    watchable = [choice for choice in NAMED_ALGORITHMS if choice.name in ALGORITHMS]
    algo = choose(algorithm, watchable, "algorithm", WATCHABLE_HINT).name
    check_window(start, count, most)
    check_reachable(board, goal)
    if board.size > MAX_SEARCH_CELLS:
        raise LimitError(
            f"a {board.rows}×{board.cols} board has {board.size:,} cells; A* and IDA* take boards of up to "
            f"{MAX_SEARCH_CELLS} cells (12×12)"
        )
    entry = heuristic_entry(registry if registry is not None else default_registry(), board, goal, heuristic)
    return Watch(board, goal, algo, entry.build(goal), Window(start, count, sink))
