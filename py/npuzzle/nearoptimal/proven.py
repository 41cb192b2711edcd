"""A near-optimal answer's lower bound raised by search: IDA* with Manhattan distance and linear conflicts from the
board, for a stated number of nodes. Each iteration of IDA* that ends without a solution proves the optimum longer
than its bound, so the bound it stands at when the nodes are spent is proven; should it find a solution first, that
one is optimal and becomes the answer. Counted, not timed: the same board and nodes give the same bound on any
machine; compiled by numba where installed (:mod:`npuzzle.optimal.ida_numba`: the same nodes, about ten times as
fast), so that tens of millions of nodes take seconds (``docs/benchmarks-big-boards.md``, "The lower bound").
"""

from __future__ import annotations

from dataclasses import replace

from ..board import Board
from ..optimal.heuristics import LinearConflict
from ..optimal.search import idastar
from ..progress import Limit, Search, SearchResult, SearchStopped, StopReason, ratio_bound
from .solver import ratio_words


def raised_bound(board: Board, goal: Board, answer: SearchResult, nodes: int, limit: Limit = Limit()) -> Search:
    """``answer`` (a near-optimal solver's, for ``board`` → ``goal``) with its lower bound raised by IDA* with linear
    conflicts for at most ``nodes`` nodes expanded (within ``limit``'s seconds): the bound, ``ratio_bound`` and the
    message updated, ``extra["proof"]`` the nodes and the bound IDA* reached; an optimal solution, when IDA* finds one,
    in place of the answer's moves. A stop (:class:`~npuzzle.progress.SearchStopped`) ends the proof with the bound
    reached. ``answer`` as it is when it has no solution or is optimal already, or ``nodes`` is 0."""
    if answer.moves is None or answer.optimal or nodes <= 0:
        return answer
    search = idastar(board, goal, LinearConflict(goal), Limit(nodes=nodes, seconds=limit.seconds))
    stopped: StopReason | None = None
    while True:
        try:
            record = next(search)
        except StopIteration as done:
            found: SearchResult = done.value
            expanded, bound, moves = found.nodes_expanded, found.lower_bound, found.moves
            break
        try:
            yield record
        except SearchStopped as stop:  # the bound of the iteration running is proven: every shorter one ended
            search.close()
            stopped = stop.reason
            expanded, bound, moves = record.nodes_expanded, record.bound or 0, None
            break
    lower = max(answer.lower_bound, bound)
    shorter = moves is not None and len(moves) <= len(answer.moves)
    final = moves if shorter and moves is not None else answer.moves
    extra = {**answer.extra, "proof": {"nodes": expanded, "bound": bound}}
    raised = replace(
        answer,
        moves=final,
        optimal=shorter or len(final) == lower,
        lower_bound=len(final) if shorter else lower,
        message=(f"stopped early ({stopped}): " if stopped else "")
        + ratio_words(len(final), len(final) if shorter else lower),
        stopped=stopped,
        extra=extra,
    )
    extra["ratio_bound"] = ratio_bound(raised)
    return raised
