"""The solve front door: pick an algorithm and a heuristic, refuse unsolvable boards, start the search.

:func:`solve` returns a running :data:`~npuzzle.progress.Search` (drive it with :func:`npuzzle.progress.run` or
step it yourself); :func:`compare` runs A* with each heuristic in turn, the experiment of the course text.

Choosing: what ``algorithm="auto"`` and ``heuristic="auto"`` pick for which board, goal and loaded tables, and
when ``auto``'s optimal search gives way to the near-optimal solver, is the data of :mod:`npuzzle.policy` (read as
tables in ``docs/auto.md``); :func:`plan` decides from it. An explicit ``algorithm="astar"`` or ``"idastar"`` is
always honoured (up to :data:`MAX_SEARCH_CELLS`), and a heuristic named explicitly keeps the search optimal however
long it takes.

The heuristics and solvers on offer are a :class:`~npuzzle.solving.registry.Registry` (:mod:`npuzzle.solving.registry`);
every function here takes an optional ``registry`` (default: the built-in one).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from typing import Any

from .. import policy
from ..board import Board, moves_to_letters
from ..errors import LimitError, show_value
from ..interchange import write_notation
from ..names import ALGORITHMS, AUTO, Choice, choose, name_key
from ..nearoptimal import (
    DEFAULT_BUDGET,
    budget_nodes,
    manhattan_linear_conflict,
    solve_big,
    stopped_message,
)
from ..nearoptimal import (
    HEURISTIC as NEAR_OPTIMAL_HEURISTIC,
)
from ..optimal.checkpoint import result_from_progress
from ..optimal.heuristics import Heuristic
from ..optimal.metric import count_moves, metric_name
from ..optimal.search import astar, idastar
from ..policy import NEAR_OPTIMAL, NEAR_OPTIMAL_MAX_CELLS, FallbackRule
from ..progress import (
    Clock,
    Limit,
    Progress,
    Search,
    SearchResult,
    StopReason,
    preparing,
    ratio_bound,
    result_at,
)
from ..solvability import check_reachable
from .fallback import Fallback, optimal_then_near
from .multitile import mtm_choice
from .registry import HeuristicEntry, Registry, default_registry

MAX_SEARCH_CELLS = 144
"""The largest board (in cells, 12×12) the generic A*/IDA* accept: their tables grow as cells², and an optimal
solution above 5×5 is out of reach anyway. Larger boards need a registered :class:`SolverEntry`."""

DEFAULT_COMPARE_NODES = 250_000
"""The default node limit per heuristic for :func:`compare` (enough for every 8-puzzle with any heuristic)."""

SearchFunction = Callable[[Board, Board, Heuristic, Limit], Search]
_ALGORITHMS: dict[str, SearchFunction] = {"astar": astar, "idastar": idastar}


def check_limits(
    max_nodes: int | None = None, time_limit: float | None = None, memory: int | None = Limit().memory
) -> Limit:
    """A :class:`Limit` from user values; raises :class:`LimitError` quoting a negative or zero value."""
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1):
        raise LimitError(f"the node limit must be a whole number of at least 1, got {max_nodes!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit > 0
        or time_limit != time_limit
    ):
        raise LimitError(f"the time limit must be a number of seconds above 0, got {show_value(time_limit)}")
    if isinstance(time_limit, int) and time_limit > sys.float_info.max:
        shown = show_value(time_limit, unit="digits")
        raise LimitError(f"the time limit must be a number of seconds up to about 1.8e308, got {shown}")
    if memory is not None and memory < 1:
        raise LimitError(f"the memory limit must be at least 1 state, got {memory!r}")
    return Limit(nodes=max_nodes, seconds=None if time_limit is None else float(time_limit), memory=memory)


@dataclass(frozen=True, slots=True)
class Plan:
    """What :func:`plan` chose: the algorithm and heuristic names, and how to start the search."""

    board: Board
    goal: Board
    algorithm: str
    heuristic: str
    _start: Callable[[Limit], Search]
    summary: str = ""
    """One line on what was chosen and why (the texts of :mod:`npuzzle.policy`)."""
    fallback_after: float | None = None
    """Nodes expanded after which the optimal search gives way to the near-optimal solver
    (:class:`npuzzle.policy.FallbackRule`; with a hard time limit, at its share of it if sooner); ``math.inf``: only at
    that share; ``None``: no fallback."""

    @property
    def optimal(self) -> bool:
        """True when the chosen search always proves its answer optimal (A*, IDA*); False for ``near-optimal``
        and for an optimal search that may fall back to it (:attr:`fallback_after`)."""
        return self.algorithm != NEAR_OPTIMAL and self.fallback_after is None

    def start(self, limit: Limit = Limit()) -> Search:
        """Start the search (a generator: nothing runs until it is iterated)."""
        return self._start(limit)

    def stopped(self, last: Progress | None, reason: StopReason = "cancelled") -> SearchResult:
        """The result of this plan's search stopped from outside (cancel, Ctrl-C) after progress ``last``.

        For ``near-optimal`` the progress ``bound`` is the beam's depth, not a bound on the optimal length, so the
        lower bound is recomputed from the start (Manhattan + linear conflict, O(cells)).
        """
        if self.algorithm != NEAR_OPTIMAL:
            return result_from_progress(last, self.algorithm, self.heuristic, reason)
        b, g = self.board, self.goal
        lower = manhattan_linear_conflict(b.tiles, g.tiles, b.rows, b.cols)
        # the plan's algorithm and heuristic and 0 iterations, whatever the last record says
        counted = preparing(self.algorithm, self.heuristic, 0.0)
        if last is not None:
            counted = replace(last, algorithm=self.algorithm, heuristic=self.heuristic, iteration=0)
        return result_at(counted, reason, stopped_message(reason, counted.nodes_expanded, lower), lower)


def result_json(board: Board, result: SearchResult, metric: str | None = None) -> dict[str, Any]:
    """A result as JSON, the same for ``solve --json``, batches and the api: its fields, in one metric (``metric``,
    the one asked; ``None``: the one it was solved in, ``"mtm"`` when ``extra["metric"]`` says so): ``length``,
    ``lower_bound`` and :func:`~npuzzle.progress.ratio_bound` count that metric's moves, and ``tile_moves`` and
    ``line_moves`` give both counts by name; the moves as U/D/L/R ``letters`` and in the speedsolvers'
    ``notation`` (``U2RD3L``). Each count is ``None`` without a solution."""
    out = result.to_dict()
    solved_in = "mtm" if result.extra.get("metric") == "mtm" else "stm"
    metric = solved_in if metric is None else metric_name(metric)
    letters = None if result.moves is None else moves_to_letters(board, result.moves)
    lines = None if letters is None else count_moves(letters, "mtm")
    out["metric"] = metric
    out["tile_moves"] = result.length
    out["line_moves"] = lines
    out["length"] = lines if metric == "mtm" else result.length
    out["ratio_bound"] = ratio_bound(result)
    out["letters"] = letters
    out["notation"] = None if letters is None else write_notation(letters)
    return out


def check_budget(budget: float | None) -> float | None:
    """The near-optimal solver's soft work budget in units (``None``: its default); raises :class:`LimitError`
    quoting a value that is not one (:func:`npuzzle.nearoptimal.solver.budget_nodes`)."""
    if budget is None:
        return None
    budget_nodes(budget)
    return float(budget)


def algorithm_name(algorithm: str) -> str:
    """``algorithm`` as one of :data:`~npuzzle.names.ALGORITHM_NAMES`, by its name or an alias
    (:func:`npuzzle.names.choose`); raises :class:`~npuzzle.errors.UnknownNameError` quoting it and listing the
    choices."""
    return choose(algorithm, ALGORITHMS, "algorithm").name


def heuristic_entry(registry: Registry, board: Board, goal: Board, heuristic: str) -> HeuristicEntry:
    """The registry's entry for ``heuristic`` on ``board`` → ``goal`` (``auto``: the strongest that fits); raises
    :class:`~npuzzle.errors.UnknownNameError` naming an unknown heuristic and :class:`LimitError` one that does not
    fit the board."""
    choices: tuple[Choice | HeuristicEntry, ...] = (AUTO, *registry.ranked())
    chosen = choose(heuristic, choices, "heuristic", registry.missing_hint(heuristic))
    if not isinstance(chosen, HeuristicEntry):
        return registry.strongest(board, goal)
    if not chosen.fits(board, goal):
        raise LimitError(f"the {chosen.name} heuristic is not available for a {board.rows}×{board.cols} board")
    return chosen


def auto_algorithm(board: Board) -> str:
    """What ``algorithm="auto"`` picks for ``board``: the rule of :data:`npuzzle.policy.ALGORITHM_RULES` for its
    number of cells."""
    return policy.algorithm_rule(board.size).algorithm


def _near_optimal_plan(
    board: Board, goal: Board, heuristic: str | Heuristic, budget: float | None, chosen_by_auto: bool
) -> Plan:
    if not (isinstance(heuristic, str) and name_key(heuristic) in (AUTO.name, name_key(NEAR_OPTIMAL_HEURISTIC))):
        name = heuristic if isinstance(heuristic, str) else heuristic.name
        raise LimitError(
            f"the near-optimal solver uses its own {NEAR_OPTIMAL_HEURISTIC} heuristic, not {name!r}: choose "
            f"heuristic auto, or an optimal algorithm (astar, idastar) for the {name} heuristic"
        )
    if board.size > NEAR_OPTIMAL_MAX_CELLS:
        raise LimitError(
            f"a {board.rows}×{board.cols} board has {board.size:,} cells; the near-optimal solver takes boards of up "
            f"to {NEAR_OPTIMAL_MAX_CELLS} cells (20×20): bigger ones take ever longer and drift far from optimal"
        )
    work = DEFAULT_BUDGET if budget is None else budget

    def start_near(limit: Limit) -> Search:
        return solve_big(board, goal, budget=work, limit=limit)

    summary = policy.near_optimal_summary(work, chosen_by_auto, board.size)
    return Plan(board, goal, NEAR_OPTIMAL, NEAR_OPTIMAL_HEURISTIC, start_near, summary)


def plan(
    board: Board,
    goal: Board,
    algorithm: str = "auto",
    heuristic: str | Heuristic = "auto",
    registry: Registry | None = None,
    budget: float | None = None,
    fallback: Fallback = Fallback(),
    metric: str = "stm",
) -> Plan:
    """Resolve ``auto`` choices and check the request, without searching; ``metric="mtm"`` counts a whole line slid
    at once as one move (:func:`npuzzle.solving.multitile.mtm_choice` chooses, from this function's ``stm`` plan).

    ``budget`` is the near-optimal solver's soft work budget in units of
    :data:`npuzzle.nearoptimal.solver.WORK_UNIT` states expanded (default
    :data:`npuzzle.nearoptimal.solver.DEFAULT_BUDGET`): it paces its phases and keeps shortening its answer until it
    is spent (big boards may run past it), so that its answer is the same on any machine; the hard limits of the
    :class:`Limit` (``time_limit``, ``max_nodes``) end any search. Optimal searches ignore it.

    ``auto`` choices follow :mod:`npuzzle.policy` (``docs/auto.md``). Where its rule has a
    :class:`~npuzzle.policy.FallbackRule`, the optimal search expands up to its allowance (the rule's
    :data:`~npuzzle.policy.AUTO_OPTIMAL_NODES`, or ``fallback.nodes``), then, if it has not finished, the
    near-optimal solver with ``budget`` (:attr:`Plan.fallback_after`): its answer has ``optimal`` false (unless its
    length meets the bound), ``algorithm="near-optimal"``, the better of the two lower bounds and a message saying so;
    progress records keep flowing with cumulative counts and ``elapsed``. No clock decides these choices: the same
    board gets the same answer on any machine, under any load. ``fallback``
    (:class:`~npuzzle.solving.fallback.Fallback`) may also ask to fall back where the rule lets a pattern database run
    on (``always``), or, with ``at_time_limit``, give every other optimal plan (A* on small boards, a pattern database's
    IDA*, a named algorithm) :data:`~npuzzle.policy.FALLBACK_LIMIT_SHARE` of the hard time limit, then (or as soon as
    A*'s memory limit stops it) the near-optimal solver the rest, with the same combined answer
    (:func:`npuzzle.solving.fallback.optimal_then_near`; :attr:`Plan.fallback_after` is ``math.inf``); without a hard
    time limit that optimal search runs to its end (or to its memory limit).

    Raises :class:`UnsolvableError` for a board that cannot reach the goal (the search is never started),
    :class:`GoalError` for a goal of another shape, :class:`~npuzzle.errors.UnknownNameError` for an unknown
    algorithm or heuristic (quoting it and listing the choices) and :class:`LimitError` for a heuristic that does
    not fit the board, a bad budget or a board too big for the chosen algorithm.
    """
    registry = registry if registry is not None else default_registry()
    budget = check_budget(budget)
    algo = algorithm_name(algorithm)
    check_reachable(board, goal)
    if metric_name(metric) == "mtm":
        if algo == "astar" or not isinstance(heuristic, str):
            raise LimitError("in the multi-tile metric the search is IDA* with heuristic auto: use algorithm auto")
        lines = replace(fallback, always=False)
        stm = plan(board, goal, "auto" if algo != NEAR_OPTIMAL else algo, "auto", registry, budget, lines)
        c = mtm_choice(board, goal, algo, heuristic, registry.mtm, stm, fallback)
        return Plan(board, goal, c.algorithm, c.heuristic, c.start, c.summary, c.fallback_after)
    chosen_by_auto = algo == "auto"
    rule = policy.algorithm_rule(board.size)
    if chosen_by_auto:
        algo = rule.algorithm
    if algo == NEAR_OPTIMAL:
        return _near_optimal_plan(board, goal, heuristic, budget, chosen_by_auto)
    name, strength, start = _optimal_search(board, goal, algo, heuristic, registry)
    by_auto = chosen_by_auto and strength is not None and name_key(str(heuristic)) == AUTO.name
    way_out = rule.fallback if by_auto else None
    runs_on = way_out is not None and strength is not None and strength >= way_out.unless_strength
    taken = fallback.by_rule(way_out, runs_on) or fallback.at_limit()
    if taken is not None:
        return _fallback_plan(board, goal, algo, name, start, budget, taken)
    return Plan(board, goal, algo, name, start, policy.optimal_summary(algo, name))


def _optimal_search(
    board: Board, goal: Board, algo: str, heuristic: str | Heuristic, registry: Registry
) -> tuple[str, int | None, Callable[[Limit], Search]]:
    """The optimal search ``algo`` with ``heuristic`` (a name, ``auto`` or an object): its heuristic's name, its
    strength (``None`` for an object given) and its start, a solver of the registry's where one serves the board
    (a pattern database's), else the generic search. Raises :class:`LimitError` for a board too big for it."""
    search = _ALGORITHMS[algo]
    if isinstance(heuristic, str):
        entry = heuristic_entry(registry, board, goal, heuristic)
        special = registry.solver(algo, entry.name, board, goal)
        if special is not None:
            run_special = special.run
            return entry.name, entry.strength, lambda limit: run_special(board, goal, limit)
    if board.size > MAX_SEARCH_CELLS:
        raise LimitError(
            f"a {board.rows}×{board.cols} board has {board.size:,} cells; optimal search (A*, IDA*) takes boards of "
            f"up to {MAX_SEARCH_CELLS} cells (12×12), and even 6×6 is far beyond reach: use algorithm near-optimal "
            "(or auto)"
        )
    if not isinstance(heuristic, str):
        given = heuristic
        return given.name, None, lambda limit: search(board, goal, given, limit)
    steps = entry.build_steps
    if steps is not None:
        algorithm, name = algo, entry.name
        return name, entry.strength, lambda limit: _built_then_searched(board, goal, steps, algorithm, name, limit)
    build = entry.build
    return entry.name, entry.strength, lambda limit: search(board, goal, build(goal), limit)


def _built_then_searched(
    board: Board,
    goal: Board,
    steps: Callable[[Board], Generator[None, None, Heuristic]],
    algorithm: str,
    name: str,
    limit: Limit,
) -> Search:
    """The search ``algorithm`` once its heuristic is built in ``steps``: a progress record (no node expanded yet)
    after each step, so a stop is heard while the tables are built (it ends the search with no answer)."""
    clock = Clock()
    building = steps(goal)
    while True:
        try:
            next(building)
        except StopIteration as built:
            heuristic: Heuristic = built.value
            break
        yield preparing(algorithm, name, clock.elapsed())
    result: SearchResult = yield from _ALGORITHMS[algorithm](board, goal, heuristic, limit)
    return result


def _fallback_plan(
    board: Board,
    goal: Board,
    algorithm: str,
    heuristic: str,
    start_optimal: Callable[[Limit], Search],
    budget: float | None,
    taken: FallbackRule,
) -> Plan:
    near = _near_optimal_plan(board, goal, "auto", budget, True)
    first, share = taken.nodes, taken.limit_share
    work = DEFAULT_BUDGET if budget is None else budget

    def start_both(limit: Limit) -> Search:
        return optimal_then_near(start_optimal, near.start, first, share, limit)

    summary = policy.fallback_summary(algorithm, heuristic, first, work, share)
    return Plan(board, goal, algorithm, heuristic, start_both, summary, fallback_after=first)


def solve(
    board: Board,
    goal: Board,
    algorithm: str = "auto",
    heuristic: str | Heuristic = "auto",
    limit: Limit = Limit(),
    registry: Registry | None = None,
    budget: float | None = None,
    fallback: Fallback = Fallback(),
    metric: str = "stm",
) -> Search:
    """Start a search from ``board`` to ``goal`` and return it (a generator): :func:`plan` then
    :meth:`Plan.start`, with ``auto`` resolved by :mod:`npuzzle.policy`; ``budget``, ``fallback`` and ``metric`` as
    for :func:`plan`.

    Checks first and raises at once: :class:`UnsolvableError` whose message holds the parity reasoning,
    :class:`~npuzzle.errors.UnknownNameError` for an unknown algorithm or heuristic. ``heuristic`` may also be a
    :class:`~npuzzle.optimal.heuristics.Heuristic` object.
    """
    return plan(board, goal, algorithm, heuristic, registry, budget, fallback, metric).start(limit)


Compare = Generator[Progress, None, list[SearchResult]]
"""A running comparison: yields the progress of each search in turn, returns one result per heuristic."""


def compare(
    board: Board,
    goal: Board,
    limit: Limit = Limit(nodes=DEFAULT_COMPARE_NODES),
    heuristics: tuple[str, ...] | None = None,
    registry: Registry | None = None,
) -> Compare:
    """Run A* with each heuristic (in ``auto``'s ranking order, lowest first) on ``board`` within ``limit`` each:
    the course's table.

    Raises :class:`UnsolvableError` at once for a board that cannot reach the goal. Each result holds the
    length (``None`` when the limit was hit, with ``stopped`` set), the nodes expanded (``nodes_expanded``),
    the largest heap (``max_frontier``) and the time.
    """
    return _compare(compare_plans(board, goal, heuristics, registry), limit)


def compare_plans(
    board: Board, goal: Board, heuristics: tuple[str, ...] | None = None, registry: Registry | None = None
) -> list[Plan]:
    """The A* plans of the course's table, the one choice of what a comparison runs (:func:`compare`, the CLI's
    ``compare``, the api's): ``heuristics`` when given, else every heuristic of ``registry`` (default: the
    built-in ones) that fits ``board`` and ``goal``, in ``auto``'s ranking order.

    Raises :class:`UnsolvableError` for a board that cannot reach the goal,
    :class:`~npuzzle.errors.UnknownNameError` for a named heuristic that is unknown and :class:`LimitError` for one
    that does not fit.
    """
    registry = registry if registry is not None else default_registry()
    names = heuristics if heuristics is not None else registry.fitting_names(board, goal)
    return [plan(board, goal, "astar", name, registry) for name in names]


def _compare(plans: list[Plan], limit: Limit) -> Compare:
    results: list[SearchResult] = []
    for p in plans:
        result = yield from p.start(limit)
        results.append(result)
    return results
