"""A near-optimal answer's lower bound raised by search: IDA* with linear conflicts (or a stronger admissible
estimate: the 5×5's or 6×6's additive tables, :class:`~npuzzle.pdb.AdditiveHeuristic`) from the board, for a stated
number of nodes. Each iteration of IDA* that ends without a solution proves the optimum longer
than its bound, so the bound it stands at when the nodes are spent is proven; should it find a solution first, that
one is optimal and becomes the answer. Counted, not timed: the same board and nodes give the same bound on any
machine; compiled by numba where installed (:mod:`npuzzle.optimal.ida_numba`: the same nodes, about ten times as
fast), so that tens of millions of nodes take seconds (``docs/benchmarks-big-boards.md``, "The lower bound").
"""

from __future__ import annotations

from dataclasses import replace

from ..board import Board
from ..optimal.heuristics import Heuristic, LinearConflict
from ..optimal.search import idastar
from ..progress import STOP_WORDS, Limit, Search, SearchResult, SearchStopped, StopReason, ratio_bound
from .words import ratio_words


def raised_bound(
    board: Board,
    goal: Board,
    answer: SearchResult,
    nodes: int,
    limit: Limit = Limit(),
    heuristic: Heuristic | None = None,
) -> Search:
    """``answer`` (a near-optimal solver's in single-tile moves, for ``board`` → ``goal``) with its lower bound raised
    by IDA* with ``heuristic`` (admissible, made for ``goal``; linear conflicts when ``None``) for at most ``nodes``
    nodes expanded, and within what is left of ``limit``'s seconds
    after the answer's: :func:`with_bound`. A stop (:class:`~npuzzle.progress.SearchStopped`) ends the proof with the
    bound of the iteration running. ``answer`` as it is when it has no solution, is optimal already, counts line
    moves (a single-tile bound says nothing of them) or ``nodes`` is 0."""
    if answer.moves is None or answer.optimal or nodes <= 0 or answer.extra.get("metric") == "mtm":
        return answer
    seconds = None if limit.seconds is None else max(limit.seconds - answer.seconds, 0.001)
    estimate = heuristic or LinearConflict(goal)
    search = idastar(board, goal, estimate, Limit(nodes=nodes, seconds=seconds))
    while True:
        try:
            record = next(search)
        except StopIteration as done:
            found: SearchResult = done.value
            cut = "time limit" if found.stopped == "time-limit" else None
            return with_bound(answer, found.lower_bound, found.nodes_expanded, found.moves, cut=cut, by=estimate.name)
        try:
            yield record
        except SearchStopped as stop:  # the bound of the iteration running is proven: every shorter one ended
            search.close()
            return with_bound(
                answer, record.bound or 0, record.nodes_expanded, None, stopped=stop.reason, by=estimate.name
            )


def with_bound(
    answer: SearchResult,
    bound: int,
    nodes: int,
    optimum: tuple[int, ...] | None,
    stopped: StopReason | None = None,
    cut: str | None = None,
    by: str = LinearConflict.name,
) -> SearchResult:
    """``answer`` with the lower bound ``bound`` IDA* proved in ``nodes`` (or its ``optimum``, found, as the answer):
    the bound, ``optimal``, ``ratio_bound`` and the message's ratio updated, ``extra["proof"]`` the nodes, the bound and
    whether it rose and the heuristic ``by``; ``stopped`` when a stop ended the proof, ``cut`` the limit that cut it
    short."""
    moves = answer.moves or ()
    before = ratio_words(len(moves), answer.lower_bound)
    if optimum is not None and len(optimum) <= len(moves):
        lower = len(optimum)
        raised = replace(answer, moves=optimum, optimal=True, algorithm="idastar", heuristic=by)
    else:
        lower = max(answer.lower_bound, bound)
        raised = replace(answer, optimal=len(moves) == lower)
    words = ratio_words(len(raised.moves or ()), lower) + (
        f" (the bound's proof cut short by the {cut})" if cut else ""
    )
    if before in answer.message:
        message = answer.message.replace(before, words)
    else:
        message = f"{words}; {answer.message}" if answer.message else words
    if stopped is not None:
        message = f"stopped early ({STOP_WORDS[stopped]}): {message}"
    proof = {"nodes": nodes, "bound": bound, "raised": lower > answer.lower_bound, "heuristic": by}
    extra = {**answer.extra, "proof": proof}
    raised = replace(raised, lower_bound=lower, message=message, stopped=stopped, extra=extra)
    extra["ratio_bound"] = ratio_bound(raised)
    return raised
