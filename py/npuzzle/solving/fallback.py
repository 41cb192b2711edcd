"""The fallback: an optimal search that gives way to the near-optimal solver when its work allowance runs out, and
the one answer made of the two (:func:`optimal_then_near`), and what a caller asks of it (:class:`Fallback`: when a
plan of :func:`npuzzle.solving.solve.plan` falls back, from ``auto``'s rule of :mod:`npuzzle.policy`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from typing import Any

from ..errors import LimitError, plural
from ..policy import FALLBACK_LIMIT_SHARE, FallbackRule, allowance_words
from ..progress import (
    ALGORITHM_TITLES,
    STOP_WORDS,
    Clock,
    Limit,
    Progress,
    Search,
    SearchResult,
    SearchStopped,
    best_so_far,
    ratio_bound,
)


@dataclass(frozen=True, slots=True)
class Fallback:
    """What a caller asks of the optimal search's way out to the near-optimal solver: ``nodes``, its allowance where
    ``auto``'s rule falls back (``None``: the rule's own); ``always``, fall back even where the rule lets a strong
    heuristic (a pattern database) run on, for answers wanted within that work (:mod:`npuzzle.speedsolving.hint`);
    ``at_time_limit``, the shortest answer to be had within a hard time limit: every optimal plan that would not fall
    back gets :data:`~npuzzle.policy.FALLBACK_LIMIT_SHARE` of the limit (no allowance of nodes), then the
    near-optimal solver the rest. The default asks for ``auto``'s rule as it is.

    Raises :class:`~npuzzle.errors.LimitError` for ``nodes`` that is not a whole number of at least 1."""

    nodes: int | None = None
    always: bool = False
    at_time_limit: bool = False

    def __post_init__(self) -> None:
        nodes = self.nodes
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
            raise LimitError(
                f"the optimal search's allowance before the fallback must be a whole number of nodes of at least 1, "
                f"got {nodes!r}"
            )

    def by_rule(self, rule: FallbackRule | None, runs_on: bool) -> FallbackRule | None:
        """The fallback a search that ``auto`` chose takes under its ``rule`` (``None``: the rule has none), with
        this request's allowance: none where ``runs_on`` (its heuristic is strong enough to run to the end) unless
        :attr:`always` is asked."""
        if rule is None or (runs_on and not self.always):
            return None
        return rule if self.nodes is None else replace(rule, nodes=self.nodes)

    def at_limit(self) -> FallbackRule | None:
        """The fallback of a plan that would not fall back by rule: at its share of the hard time limit when
        :attr:`at_time_limit` is asked, else none."""
        return FallbackRule(math.inf, FALLBACK_LIMIT_SHARE, 0) if self.at_time_limit else None


@dataclass(frozen=True, slots=True)
class OptimalPhase:
    """How a fallback's optimal phase ended: its ``result``; the limits ``rest`` for the phase after it (``None``:
    there is none: the search finished, or the caller's own node limit ended it); its ``cap`` of seconds and the
    seconds ``spent``."""

    result: SearchResult
    rest: Limit | None
    cap: float | None
    spent: float


def optimal_phase(
    start_optimal: Callable[[Limit], Search], first_nodes: float, share: float, limit: Limit
) -> Generator[Progress, None, OptimalPhase]:
    """The optimal search of a fallback (:func:`optimal_then_near`, the line-move metric's), for ``first_nodes``
    expanded (``math.inf``: no allowance of its own) or ``share`` of the hard time limit if one is given and runs out
    sooner; it gives way when one of those, or its memory limit, stops it."""
    clock = Clock()
    own = not math.isinf(first_nodes) and (limit.nodes is None or first_nodes < limit.nodes)
    nodes = int(first_nodes) if own else limit.nodes
    cap = None if limit.seconds is None else share * limit.seconds
    # a stop during the optimal search passes through it (it has no answer to give): progress.stop then builds the
    # result from the last record with Plan.stopped, as for a plain search
    first: SearchResult = yield from start_optimal(replace(limit, nodes=nodes, seconds=cap))
    spent = clock.elapsed()
    if first.stopped not in ("time-limit", "memory-limit") and not (own and first.stopped == "node-limit"):
        return OptimalPhase(first, None, cap, spent)  # finished (optimal), or stopped by the caller's node limit
    rest = replace(
        limit,
        seconds=None if limit.seconds is None else max(limit.seconds - spent, 1e-3),
        nodes=None if limit.nodes is None else max(1, limit.nodes - first.nodes_expanded),
    )
    return OptimalPhase(first, rest, cap, spent)


def optimal_then_near(
    start_optimal: Callable[[Limit], Search],
    start_near: Callable[[Limit], Search],
    first_nodes: float,
    share: float,
    limit: Limit,
) -> Search:
    """The optimal search for ``first_nodes`` expanded (``math.inf``: no allowance of its own), or ``share`` of the
    hard time limit if one is given and runs out sooner; if it does not finish within that, or its memory limit (A*'s
    states held) stops it, the near-optimal solver for the rest of the hard limits. Without a hard time limit no
    clock decides anything: the same board gets the same answer on any machine. The answer is the near-optimal one
    with the better of the two lower bounds (``optimal`` when its length meets it), the optimal search's figures in
    ``extra["optimal_search"]`` (its ``stopped``: what ended it), the counts of both and a message saying what
    happened; progress records flow on with cumulative counts and ``elapsed``. A
    :class:`~npuzzle.progress.SearchStopped` ends either phase (the second returns its best answer); the caller's
    own node limit, reached in the optimal phase, ends the search there."""
    clock = Clock()
    phase = yield from optimal_phase(start_optimal, first_nodes, share, limit)
    first, rest, cap, spent = phase.result, phase.rest, phase.cap, phase.spent
    if rest is None:
        return first
    second: SearchResult = yield from _relayed(start_near(rest), first, spent)
    lower = max(first.lower_bound, second.lower_bound)
    extra = dict(second.extra)
    extra["optimal_search"] = optimal_search_record(first)
    combined = replace(
        second,
        optimal=second.moves is not None and len(second.moves) == lower,
        lower_bound=lower,
        nodes_expanded=first.nodes_expanded + second.nodes_expanded,
        nodes_generated=first.nodes_generated + second.nodes_generated,
        max_frontier=max(first.max_frontier, second.max_frontier),
        iterations=first.iterations + second.iterations,
        seconds=clock.elapsed(),
        message=_message(first, second, lower, allowance_words(first_nodes), cap, share),
        extra=extra,
    )
    if second.moves is not None:
        extra["ratio_bound"] = ratio_bound(combined)
    return combined


def _relayed(near: Search, first: SearchResult, spent: float) -> Search:
    """The near-optimal search's run after ``first``: its progress records with the counts and seconds of both, a
    stop passed on to it (it answers with its best so far, or none); returns its result."""
    request_now: SearchStopped | None = None
    while True:
        try:
            record = near.send(None) if request_now is None else near.throw(request_now)
        except StopIteration as done:
            second: SearchResult = done.value
            return second
        try:
            yield replace(
                record,
                elapsed=spent + record.elapsed,
                nodes_expanded=first.nodes_expanded + record.nodes_expanded,
                nodes_generated=first.nodes_generated + record.nodes_generated,
            )
        except SearchStopped as request:
            request_now = request


def _message(
    first: SearchResult, second: SearchResult, lower: int, allowance: str, cap: float | None, share: float
) -> str:
    """What the combined answer says: how the optimal search ended (its ``allowance`` of nodes, its ``cap`` of
    seconds, ``share`` of the time limit, or its memory) and what the near-optimal one found."""
    title = ALGORITHM_TITLES.get(first.algorithm, first.algorithm)
    if first.stopped == "node-limit":
        ended = f"did not finish within {allowance}"
    elif first.stopped == "time-limit":
        ended = f"did not finish in {cap:g} s ({share:.0%} of the time limit)"
    else:
        ended = "reached its memory limit"
    proved = plural(first.lower_bound, "move")
    why = f"optimal search ({title} + {first.heuristic}) {ended} (it proved at least {proved})"
    if second.moves is None:
        stopped = STOP_WORDS[second.stopped or "cancelled"]
        return (
            f"{why}; the near-optimal search was then stopped ({stopped}) before it found a solution; "
            f"the solution needs at least {plural(lower, 'move')}"
        )
    length = len(second.moves)
    if length == lower:
        message = f"{why}; near-optimal answer, and optimal after all: the length equals the lower bound"
    else:
        message = f"{why}; near-optimal answer, not proven optimal: at most {length / lower:.3f}× the optimal length"
    if second.stopped is not None:  # only a stop from outside leaves it set on an answer
        message = best_so_far(second.stopped, message)
    return message


def optimal_search_record(first: SearchResult) -> dict[str, Any]:
    """What an answer's ``extra["optimal_search"]`` says of the optimal search tried for it: its algorithm,
    heuristic, seconds, nodes expanded, lower bound and what stopped it (``None``: it finished)."""
    return {
        "algorithm": first.algorithm,
        "heuristic": first.heuristic,
        "seconds": round(first.seconds, 3),
        "nodes_expanded": first.nodes_expanded,
        "lower_bound": first.lower_bound,
        "stopped": first.stopped,
    }
