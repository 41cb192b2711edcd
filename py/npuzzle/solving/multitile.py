"""Solving in the multi-tile metric (MTM: a whole line slid at once is one move), the choices behind
``solve(…, metric="mtm")``.

Proven optimal where a multiset database fits (:mod:`npuzzle.pdb.multiset`, IDA* over line moves:
:func:`npuzzle.pdb.mtm_search.solve_with_multiset`): boards of up to :data:`EXACT_MAX_CELLS` cells (the 8-puzzle)
with a small table built on the spot (:func:`small_partition`: a few tiles paired, a twentieth of a second), the
15-puzzle with the database ``npuzzle pdb build --metric mtm`` makes (a :class:`~npuzzle.solving.registry.Registry`'s
``mtm``). Both need a
goal with the blank in a corner. Elsewhere the answer is a single-tile solution (the ``stm`` plan's) counted in line
moves, with a lower bound in line moves: not proven optimal, so named ``near-optimal``. ``auto`` on the 15-puzzle
gives the optimal search :data:`MTM_AUTO_NODES` expanded before it falls back so (a random 15-puzzle's optimal MTM
search takes seconds to minutes in CPython: docs/benchmarks-speedsolving.md).

:func:`mtm_choice` makes the choice from the ``stm`` plan (:func:`npuzzle.solving.solve.plan` turns it into a ``Plan``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from ..board import Board
from ..errors import LimitError
from ..optimal.metric import count_tiles
from ..pdb import (
    MultisetDatabase,
    build_multiset,
    multiset_fits,
    multiset_heuristic_name,
    relabelling_name,
    solve_with_multiset,
)
from ..policy import FALLBACK_LIMIT_SHARE, NEAR_OPTIMAL, FallbackRule, allowance_words
from ..progress import STOP_WORDS, Clock, Limit, Search, SearchResult, SearchStopped, best_so_far, preparing, result_at
from .fallback import Fallback, optimal_phase

EXACT_MAX_CELLS = 9
"""Boards of up to this many cells get a table made on the spot (the 8-puzzle's: 45,360 entries, 0.04 s in
CPython)."""

MTM_AUTO_NODES = 4_000_000
"""How many nodes ``auto``'s optimal MTM search on the 15-puzzle expands before the answer falls back to a single-tile
solution counted in line moves: work, not time, so the answer is the same on any machine; chosen as about the 10 s
of CPython it used to allow (node counts: docs/benchmarks-log.md)."""

MTM_FALLBACK = FallbackRule(MTM_AUTO_NODES, FALLBACK_LIMIT_SHARE, 0)
"""``auto``'s way out of the optimal MTM search: on boards above :data:`EXACT_MAX_CELLS` cells, or on any with
:attr:`~npuzzle.solving.fallback.Fallback.always` (a small board's exact table runs on otherwise, whatever its rank)."""

LINES_HEURISTIC = "line-count"
"""How results name the fallback's estimate: the single-tile solution's lines, with :func:`mtm_lower_bound`."""


def small_partition(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The classes of a small board's table (home labelling): each row's tiles paired from its right end, a tile
    left over alone: ``(1 2) (3) (4 5) (6) (7 8)`` on the 8-puzzle. Strong enough that IDA* solves any 8-puzzle in
    milliseconds, small enough to build in a twentieth of a second."""
    out: list[tuple[int, ...]] = []
    for r in range(rows):
        row = [t for t in range(r * cols, (r + 1) * cols) if t]
        while row:
            out.append(tuple(row[-2:]))
            row = row[:-2]
    return tuple(sorted(out))


def small_database(rows: int, cols: int) -> MultisetDatabase:
    """The table of a board of at most :data:`EXACT_MAX_CELLS` cells (:func:`small_partition`), built now."""
    return build_multiset(rows, cols, small_partition(rows, cols))


def small_heuristic(rows: int, cols: int) -> str:
    """The name of :func:`small_database`'s estimate (``"mtm-2-2-2-1-1+transposed"`` on the 8-puzzle), without
    building it."""
    return relabelling_name(rows, cols, small_partition(rows, cols))


def provable(board: Board, goal: Board, loaded: MultisetDatabase | None) -> str | None:
    """The name of the estimate that proves optimal MTM answers for ``board`` → ``goal`` (``loaded``'s where it
    fits, :func:`small_heuristic`'s on boards of up to :data:`EXACT_MAX_CELLS` cells with a corner-blank goal), or
    ``None``; nothing is built."""
    if loaded is not None and multiset_fits(board, goal, loaded):
        return multiset_heuristic_name(loaded)
    corners = {0, goal.cols - 1, goal.size - goal.cols, goal.size - 1}
    if board.size <= EXACT_MAX_CELLS and goal.blank_index in corners:
        return small_heuristic(board.rows, board.cols)
    return None


def mtm_database(board: Board, goal: Board, loaded: MultisetDatabase | None) -> MultisetDatabase | None:
    """The multiset database that proves optimal MTM answers for ``board`` → ``goal`` (see :func:`provable`):
    ``loaded``, or a small board's table built now, or ``None``."""
    if loaded is not None and multiset_fits(board, goal, loaded):
        return loaded
    if provable(board, goal, None) is None:
        return None
    return small_database(board.rows, board.cols)


def mtm_lower_bound(board: Board, goal: Board) -> int:
    """A lower bound on the line moves from ``board`` to ``goal``, for any shape: a vertical line move moves at most
    ``rows − 1`` tiles one row each, so it lowers the tiles' summed row distances by at most that; likewise columns.
    O(cells)."""
    where = {t: divmod(c, goal.cols) for c, t in enumerate(goal.tiles)}
    down = across = 0
    for c, t in enumerate(board.tiles):
        if t:
            r, k = divmod(c, board.cols)
            gr, gk = where[t]
            down += abs(r - gr)
            across += abs(k - gk)
    return -(-down // (board.rows - 1)) + -(-across // (board.cols - 1))


class StmPlan(Protocol):
    """What :func:`mtm_choice` reads of the single-tile plan (a :class:`npuzzle.solving.solve.Plan`)."""

    @property
    def algorithm(self) -> str: ...

    @property
    def heuristic(self) -> str: ...

    def start(self, limit: Limit = ...) -> Search: ...


@dataclass(frozen=True, slots=True)
class MtmChoice:
    """What ``metric="mtm"`` runs: the algorithm and heuristic names, how to start it, the summary and the nodes
    expanded after which the optimal search gives way (``None``: it does not)."""

    algorithm: str
    heuristic: str
    start: Callable[[Limit], Search]
    summary: str
    fallback_after: float | None = None


def mtm_choice(
    board: Board,
    goal: Board,
    algorithm: str,
    heuristic: str,
    loaded: MultisetDatabase | None,
    stm: StmPlan,
    fallback: Fallback = Fallback(),
) -> MtmChoice:
    """The MTM search for ``board`` → ``goal`` (names already checked: ``algorithm`` one of ``auto``, ``idastar``,
    ``near-optimal``): the optimal IDA* on a fitting multiset database, for :data:`MTM_AUTO_NODES` (or
    ``fallback.nodes``) expanded first when ``auto`` falls back (always on the 15-puzzle, and on any board with
    ``fallback.always``), else the ``stm``
    plan's answer counted in line moves. Raises :class:`~npuzzle.errors.LimitError` for ``idastar`` with no database
    that fits, or a heuristic other than ``auto``, ``mtm`` or the database's."""
    proven = provable(board, goal, loaded) if algorithm != NEAR_OPTIMAL else None
    name = proven or LINES_HEURISTIC
    if heuristic.strip().lower() not in ("auto", "mtm", name):
        raise LimitError(
            f"the heuristic {heuristic!r} counts single-tile moves: in the multi-tile metric use 'auto' (the "
            "multiset pattern database where one fits)"
        )
    lines = _counted(board, goal, stm.start)
    counted = f"a single-tile solution ({stm.algorithm} + {stm.heuristic}) counted in line moves, not proven optimal"
    if proven is None:
        if algorithm == "idastar":
            raise LimitError(
                f"optimal solving in line moves needs a board of up to {EXACT_MAX_CELLS} cells or the 15-puzzle "
                "with its MTM database (npuzzle pdb build --metric mtm), and a goal with the blank in a corner: "
                "use algorithm auto for a short answer with a lower bound"
            )
        return MtmChoice(NEAR_OPTIMAL, LINES_HEURISTIC, lines, f"near-optimal in line moves: {counted}")

    def optimal(limit: Limit) -> Search:
        database = mtm_database(board, goal, loaded)  # a small board's table is made here, not when planning
        assert database is not None  # provable() said so
        return solve_with_multiset(board, goal, database, limit)

    how = f"IDA* over line moves + the multiset pattern database {name}: optimal in line moves"
    rule = MTM_FALLBACK if algorithm == "auto" else None
    taken = fallback.by_rule(rule, runs_on=board.size <= EXACT_MAX_CELLS)
    if taken is not None:
        nodes = int(taken.nodes)

        def counted_from(rest: Limit, proven: int) -> Search:
            return as_line_moves(stm.start(rest), board, goal, proven)

        def both(limit: Limit) -> Search:
            return _optimal_then_lines(optimal, counted_from, nodes, limit)

        return MtmChoice("idastar", name, both, f"{how}, for up to {allowance_words(nodes)}; then {counted}", nodes)
    return MtmChoice("idastar", name, optimal, how)


def _counted(board: Board, goal: Board, start: Callable[[Limit], Search]) -> Callable[[Limit], Search]:
    """``start``'s single-tile search with its answer counted in line moves."""

    def run(limit: Limit) -> Search:
        return as_line_moves(start(limit), board, goal, 0)

    return run


def as_line_moves(search: Search, board: Board, goal: Board, proven: int) -> Search:
    """``search`` (a single-tile solver) with its result in line-move terms: ``algorithm`` ``near-optimal`` unless
    its line count meets the lower bound (the larger of ``proven`` and :func:`mtm_lower_bound`),
    ``extra["line_moves"]``; a stop before any answer gives that bound and no moves."""
    lower = max(proven, mtm_lower_bound(board, goal))
    try:
        result: SearchResult = yield from search
    except SearchStopped as stop:
        message = (
            f"stopped ({STOP_WORDS[stop.reason]}) before an answer; the solution needs at least {lower} line moves"
        )
        started = preparing(NEAR_OPTIMAL, LINES_HEURISTIC, 0.0)
        return result_at(started, stop.reason, message, lower, {"metric": "mtm", "line_moves": None})
    extra = dict(result.extra, metric="mtm", solved_with=f"{result.algorithm} + {result.heuristic}")
    if result.moves is None:
        return replace(result, lower_bound=lower, extra=dict(extra, line_moves=None))
    count = count_tiles(board, result.moves, "mtm")
    optimal = count == lower
    extra["line_moves"] = count
    message = (
        f"{count} line moves: optimal, as the lower bound proves"
        if optimal
        else f"{count} line moves, not proven optimal: the solution needs at least {lower} line moves"
    )
    return replace(
        result,
        optimal=optimal,
        algorithm=result.algorithm if optimal else NEAR_OPTIMAL,
        lower_bound=lower,
        message=message if result.stopped is None else best_so_far(result.stopped, message),
        extra=extra,
    )


def _optimal_then_lines(
    optimal: Callable[[Limit], Search], lines: Callable[[Limit, int], Search], nodes: int, limit: Limit
) -> Search:
    """The optimal MTM search for ``nodes`` expanded (or half the hard time limit, if sooner), then ``lines``, the
    line-counted single-tile answer, for the rest of the limits with the optimal search's proven bound. The
    caller's own node limit, reached in the optimal phase, ends the search there."""
    clock = Clock()
    phase = yield from optimal_phase(optimal, nodes, FALLBACK_LIMIT_SHARE, limit)
    first, rest = phase.result, phase.rest
    if rest is None:
        return first
    ended = f"within {allowance_words(nodes)}" if first.stopped == "node-limit" else f"in {phase.cap:g} s"
    second: SearchResult = yield from lines(rest, first.lower_bound)
    return replace(
        second,
        nodes_expanded=first.nodes_expanded + second.nodes_expanded,
        nodes_generated=first.nodes_generated + second.nodes_generated,
        seconds=clock.elapsed(),
        message=f"optimal search over line moves did not finish {ended}; {second.message}",
    )
