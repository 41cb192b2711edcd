"""The solve front door: pick an algorithm and a heuristic, refuse unsolvable boards, start the search.

:func:`solve` returns a running :data:`~npuzzle.progress.Search` (drive it with :func:`npuzzle.progress.run` or
step it yourself); :func:`compare` runs A* with each heuristic in turn, the experiment of the course text.

Choosing: ``algorithm="auto"`` takes A* for boards of up to 9 cells (A* fits in memory there), IDA* up to 16
cells (4×4, 3×5, 2×8), and the **near-optimal** solver (:func:`npuzzle.nearoptimal.solver.solve_big`) above that: boards
above 4×4 (5×5, 3×7, 10×10 …) are solved quickly but *not proven optimal*, with a proven lower bound. On 10-16
cells that no loaded pattern database fits, with ``heuristic="auto"`` too (IDA* is then guided by walking
distance on a 4×4, linear conflict elsewhere), IDA* runs for :data:`AUTO_OPTIMAL_SECONDS` and, if it has not
finished, the near-optimal solver answers instead (see :func:`plan`), so every board up to 10×10 gets an answer
within seconds; a heuristic named explicitly keeps the search optimal however long it takes. An
explicit ``algorithm="astar"`` or ``"idastar"`` is always honoured (up to :data:`MAX_SEARCH_CELLS`);
``heuristic="auto"`` takes the strongest heuristic of the :class:`Registry` that fits the board.

**Hook for stronger heuristics** (pattern databases, issue 4): :func:`default_registry` lists the heuristics and
specialised solvers by name. Add a :class:`HeuristicEntry` (a factory from the goal board, a ``fits(board,
goal)`` availability check, and a ``strength`` that ranks it for ``"auto"``) and, if a whole solver should take
over for some boards, a :class:`SolverEntry` for an ``(algorithm, heuristic)`` pair. Registries are immutable
values: :meth:`Registry.with_heuristic` and :meth:`Registry.with_solver` return extended copies, and every
function here takes an optional ``registry``. :func:`registry_with_tables` adds the pattern-database heuristic and
its specialised IDA* (:func:`npuzzle.pdb.search.solve_with_pdb`) for loaded tables: ``auto`` then picks it for the
boards it fits (4×4 with a corner-blank goal).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, replace

from .nearoptimal.solver import (
    DEFAULT_SECONDS,
    HEURISTIC as NEAR_OPTIMAL_HEURISTIC,
    manhattan_linear_conflict,
    solve_big,
    stopped_message,
)
from .board import Board
from .errors import LimitError
from .heuristics import HEURISTIC_NAMES, Heuristic, make_heuristic
from .pdb.search import PdbHeuristic, PdbTables, heuristic_name, pdb_fits, solve_with_pdb
from .progress import Clock, Limit, Progress, Search, SearchResult, SearchStopped, StopReason
from .search import astar, idastar, result_from_progress
from .solvability import check_reachable
from .walking import HEURISTIC as WALKING, solve_with_walking_distance, walking_fits

ALGORITHM_NAMES: tuple[str, ...] = ("auto", "astar", "idastar", "near-optimal")
"""The algorithm choices: ``auto``, ``astar``, ``idastar`` (optimal) and ``near-optimal`` (short, not proven
optimal; see :mod:`npuzzle.nearoptimal.solver`)."""

NEAR_OPTIMAL = "near-optimal"
"""The name of the near-optimal algorithm (:func:`npuzzle.nearoptimal.solver.solve_big`)."""

OPTIMAL_MAX_CELLS = 16
"""``algorithm="auto"`` searches optimally up to this many cells (4×4, 3×5, 2×8) and solves bigger boards
near-optimally: an optimal pure-Python search of a random 3×6 or 5×5 takes minutes to hours."""

NEAR_OPTIMAL_MAX_CELLS = 400
"""The largest board (in cells: 20×20, 10×40 …) the near-optimal solver accepts. With the default 2 s budget a
10×10 takes about 2 s of CPython and a 20×20 about 10-16 s (2×200 up to about 20 s); above this size its time
grows fast (a 32×32 takes minutes) and its solutions drift far from optimal, so bigger boards are refused with a
message."""

AUTO_OPTIMAL_SECONDS = 3.0
"""How long ``algorithm="auto"`` lets the optimal IDA* run on a board of 10 to 16 cells without a fitting pattern
database (2×8, 3×5, 2×7, a 4×4 before the database is loaded …) before it gives up proving optimality and answers
with the near-optimal solver instead: most such boards finish within it, and a random 2×8 can take minutes."""

FALLBACK_LIMIT_SHARE = 0.5
"""With a hard time limit, the optimal phase of that fallback gets at most this share of it, so the near-optimal
solver has the rest to answer within the limit."""

ASTAR_MAX_CELLS = 9
"""``algorithm="auto"`` uses A* up to this many cells (the 8-puzzle, 2×4), IDA* above."""

MAX_SEARCH_CELLS = 144
"""The largest board (in cells, 12×12) the generic A*/IDA* accept: their tables grow as cells², and an optimal
solution above 5×5 is out of reach anyway. Larger boards need a registered :class:`SolverEntry`."""

DEFAULT_COMPARE_NODES = 250_000
"""The default node limit per heuristic for :func:`compare` (enough for every 8-puzzle with any heuristic)."""

SearchFunction = Callable[[Board, Board, Heuristic, Limit], Search]
_ALGORITHMS: dict[str, SearchFunction] = {"astar": astar, "idastar": idastar}
_ALGORITHM_ALIASES = {"nearoptimal": NEAR_OPTIMAL, "near": NEAR_OPTIMAL}


@dataclass(frozen=True, slots=True)
class HeuristicEntry:
    """A heuristic the front door can build by name.

    ``build(goal)`` makes it for a goal board; ``fits(board, goal)`` says whether it can be used there (shape,
    data files present); ``strength`` ranks entries for ``heuristic="auto"`` (higher is stronger) and orders
    the lists; ``auto_rank(board, goal)``, when given, replaces ``strength`` in ``auto``'s choice for that board
    (a heuristic measured faster on some shapes only).
    """

    name: str
    build: Callable[[Board], Heuristic]
    fits: Callable[[Board, Board], bool]
    strength: int
    summary: str
    auto_rank: Callable[[Board, Board], int] | None = None


@dataclass(frozen=True, slots=True)
class SolverEntry:
    """A specialised solver that replaces the generic search for one ``(algorithm, heuristic)`` pair.

    ``run(board, goal, limit)`` must return a :data:`Search` that keeps the shared contract (progress records,
    limits, a verified :class:`SearchResult`); ``fits(board, goal)`` says where it applies.
    """

    algorithm: str
    heuristic: str
    run: Callable[[Board, Board, Limit], Search]
    fits: Callable[[Board, Board], bool]


def _always(board: Board, goal: Board) -> bool:
    return True


def _builder(name: str) -> Callable[[Board], Heuristic]:
    def build(goal: Board) -> Heuristic:
        return make_heuristic(name, goal)

    return build


_SUMMARIES = {
    "discrete": "0 on the goal, 1 elsewhere",
    "hamming": "tiles off their goal cell",
    "manhattan": "sum of tile distances to their goal cells",
    "linear-conflict": "Manhattan + 2 per tile that must leave its goal row or column",
    "walking-distance": "Takahashi's walking distance: row and column moves of tiles past each other; up to 4×4",
}


@dataclass(frozen=True, slots=True)
class Registry:
    """The heuristics and specialised solvers available by name (an immutable value)."""

    heuristics: tuple[HeuristicEntry, ...]
    solvers: tuple[SolverEntry, ...] = ()

    def with_heuristic(self, entry: HeuristicEntry) -> Registry:
        """A copy with ``entry`` added (replacing an entry of the same name)."""
        kept = tuple(e for e in self.heuristics if e.name != entry.name)
        return replace(self, heuristics=kept + (entry,))

    def with_solver(self, entry: SolverEntry) -> Registry:
        """A copy with ``entry`` added in front (it wins over earlier solvers for the same pair)."""
        return replace(self, solvers=(entry,) + self.solvers)

    def names(self) -> tuple[str, ...]:
        """The heuristic names in ``auto``'s ranking order (by ``strength``, lowest first)."""
        return tuple(e.name for e in sorted(self.heuristics, key=lambda e: e.strength))

    def fitting_names(self, board: Board, goal: Board) -> tuple[str, ...]:
        """The names of the heuristics that fit ``board`` and ``goal``, in ``auto``'s ranking order (lowest first)."""
        return tuple(n for n in self.names() if self.heuristic(n).fits(board, goal))

    def heuristic(self, name: str) -> HeuristicEntry:
        """The entry called ``name``; raises :class:`LimitError` naming the choices."""
        key = name.strip().lower().replace("_", "-")
        for entry in self.heuristics:
            if entry.name == key:
                return entry
        if key == PDB_ALIAS:
            for entry in self.heuristics:
                if entry.name.startswith(PDB_ALIAS + "-"):
                    return entry
            raise LimitError(f"unknown heuristic {name!r}: no pattern database is loaded (CLI: --pdb FILE or "
                             f"NPUZZLE_PDB); use one of auto, {', '.join(self.names())}")
        raise LimitError(f"unknown heuristic {name!r}: use one of auto, {', '.join(self.names())}")

    def strongest(self, board: Board, goal: Board) -> HeuristicEntry:
        """The strongest entry that fits ``board`` and ``goal``."""
        fitting = [e for e in self.heuristics if e.fits(board, goal)]
        if not fitting:
            raise LimitError(f"no heuristic fits a {board.rows}×{board.cols} board")
        return max(fitting, key=lambda e: e.strength if e.auto_rank is None else e.auto_rank(board, goal))

    def solver(self, algorithm: str, heuristic: str, board: Board, goal: Board) -> SolverEntry | None:
        """The first specialised solver for the pair that fits the board, if any."""
        for entry in self.solvers:
            if entry.algorithm == algorithm and entry.heuristic == heuristic and entry.fits(board, goal):
                return entry
        return None


WALKING_AUTO_SHAPES: tuple[tuple[int, int], ...] = ((4, 4),)
"""The shapes where ``heuristic="auto"`` picks walking distance over linear conflict (when no pattern database
fits): measured with ``scripts/bench_search.py --walking`` in CPython (README, "Walking distance"), its IDA* took
in total a third of the time of IDA* + linear conflict on twelve of Korf's 4×4 instances (it wins big on the hard
ones, loses 0.3-0.5 s of table building on the easy ones), but was slower on random 3×4 and 4×3 boards (IDA*) and
on 3×3 and 2×4 boards (A*)."""


def _walking_auto_rank(board: Board, goal: Board) -> int:
    return len(HEURISTIC_NAMES) if (board.rows, board.cols) in WALKING_AUTO_SHAPES else HEURISTIC_NAMES.index(WALKING)


def default_registry() -> Registry:
    """The built-in heuristics (:data:`npuzzle.heuristics.HEURISTIC_NAMES`): each fits every board except
    ``walking-distance`` (boards of up to 4 rows and 4 columns, :func:`npuzzle.walking.walking_fits`), for which
    a :class:`SolverEntry` makes IDA* run the specialised :func:`npuzzle.walking.solve_with_walking_distance`
    (A* uses the generic :class:`npuzzle.walking.WalkingDistance`). Ranked for ``auto`` in that order, except that
    walking distance ranks above linear conflict on the :data:`WALKING_AUTO_SHAPES` (4×4), where it was measured
    faster; pattern databases rank above both.

    Pattern databases (issue 4) register here: add their :class:`HeuristicEntry` (and :class:`SolverEntry`)
    to the returned value.
    """
    entries = tuple(
        HeuristicEntry(name, _builder(name), _always, strength, _SUMMARIES[name]) if name != WALKING else
        HeuristicEntry(name, _builder(name), walking_fits, strength, _SUMMARIES[name], _walking_auto_rank)
        for strength, name in enumerate(HEURISTIC_NAMES)
    )
    return Registry(entries, (SolverEntry("idastar", WALKING, solve_with_walking_distance, walking_fits),))


PDB_STRENGTH = 100
"""The pattern-database heuristic's rank for ``heuristic="auto"``: above every built-in heuristic."""

PDB_ALIAS = "pdb"
"""A short name for the loaded pattern-database heuristic (``heuristic="pdb"``), whatever its partition."""


def registry_with_tables(tables: PdbTables, registry: Registry | None = None) -> Registry:
    """``registry`` (default :func:`default_registry`) plus the pattern database ``tables``.

    Adds a :class:`HeuristicEntry` named by :func:`npuzzle.pdb.search.heuristic_name` (``"pdb-7/7-7+reflected"``),
    strongest of all, fitting the boards :func:`npuzzle.pdb.search.pdb_fits` accepts (the tables' shape and a goal
    with the blank in a corner), and a :class:`SolverEntry` so that IDA* with it runs the specialised
    :func:`npuzzle.pdb.search.solve_with_pdb`. A* with it uses the generic :class:`~npuzzle.pdb.search.PdbHeuristic`.
    """
    base = registry if registry is not None else default_registry()
    name = heuristic_name(tables)

    def build(goal: Board) -> Heuristic:
        return PdbHeuristic(tables, goal)

    def fits(board: Board, goal: Board) -> bool:
        return pdb_fits(board, goal, tables)

    def run_pdb(board: Board, goal: Board, limit: Limit) -> Search:
        return solve_with_pdb(board, goal, tables, limit)

    summary = (f"additive pattern database {tables.name} (+ reflected lookup): the strongest, "
               f"{tables.database.rows}×{tables.database.cols} only")
    entry = HeuristicEntry(name, build, fits, PDB_STRENGTH, summary)
    return base.with_heuristic(entry).with_solver(SolverEntry("idastar", name, run_pdb, fits))


def check_limits(max_nodes: int | None = None, time_limit: float | None = None,
                 memory: int | None = Limit().memory) -> Limit:
    """A :class:`Limit` from user values; raises :class:`LimitError` quoting a negative or zero value."""
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1):
        raise LimitError(f"the node limit must be a whole number of at least 1, got {max_nodes!r}")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                   or not time_limit > 0 or time_limit != time_limit):
        raise LimitError(f"the time limit must be a number of seconds above 0, got {time_limit!r}")
    if memory is not None and memory < 1:
        raise LimitError(f"the memory limit must be at least 1 state, got {memory!r}")
    return Limit(nodes=max_nodes, seconds=None if time_limit is None else float(time_limit), memory=memory)


def require_solvable(board: Board, goal: Board) -> None:
    """Raise :class:`UnsolvableError` (with the parity reasoning) unless ``board`` can reach ``goal``, and
    :class:`GoalError` for a goal of another shape: :func:`npuzzle.solvability.check_reachable`, under the name the
    front door has always used."""
    check_reachable(board, goal)


@dataclass(frozen=True, slots=True)
class Plan:
    """What :func:`plan` chose: the algorithm and heuristic names, and how to start the search."""

    board: Board
    goal: Board
    algorithm: str
    heuristic: str
    _start: Callable[[Limit], Search]
    summary: str = ""
    """One line on what was chosen and why, e.g. ``"near-optimal (not proven optimal) for boards above 4×4"``."""
    fallback_after: float | None = None
    """Seconds after which the optimal search gives way to the near-optimal solver (``auto`` on 10-16 cells
    without a pattern database, see :data:`AUTO_OPTIMAL_SECONDS`); ``None``: no fallback."""

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
        expanded = 0 if last is None else last.nodes_expanded
        return SearchResult(
            None, False, self.algorithm, self.heuristic, expanded, 0 if last is None else last.nodes_generated,
            0 if last is None else max(last.max_frontier, last.frontier), 0, 0.0 if last is None else last.elapsed,
            lower, stopped=reason, message=stopped_message(reason, expanded, lower),
        )


def ratio_bound(result: SearchResult) -> float | None:
    """How many times the optimal length the result's solution is at most: length over lower bound (1.0 for a
    proven optimal or empty solution), or ``None`` without a solution or a positive lower bound."""
    if result.moves is None:
        return None
    if result.optimal or not result.moves:
        return 1.0
    if result.lower_bound <= 0:
        return None
    return round(len(result.moves) / result.lower_bound, 4)


def check_budget(budget: float | None) -> float | None:
    """The near-optimal solver's soft time budget in seconds (``None``: its default); raises :class:`LimitError`
    quoting a value that is not a number of seconds of at least 0."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 <= budget < float("inf"):
        raise LimitError(f"the time budget must be a number of seconds of at least 0, got {budget!r}")
    return float(budget)


def auto_algorithm(board: Board) -> str:
    """What ``algorithm="auto"`` picks for ``board``: A* up to :data:`ASTAR_MAX_CELLS` cells, IDA* up to
    :data:`OPTIMAL_MAX_CELLS`, ``near-optimal`` above."""
    if board.size <= ASTAR_MAX_CELLS:
        return "astar"
    return "idastar" if board.size <= OPTIMAL_MAX_CELLS else NEAR_OPTIMAL


def _near_optimal_plan(board: Board, goal: Board, heuristic: str | Heuristic, budget: float | None,
                       chosen_by_auto: bool) -> Plan:
    if not (isinstance(heuristic, str) and heuristic.strip().lower() in ("auto", NEAR_OPTIMAL_HEURISTIC)):
        name = heuristic if isinstance(heuristic, str) else heuristic.name
        raise LimitError(
            f"the near-optimal solver uses its own {NEAR_OPTIMAL_HEURISTIC} heuristic, not {name!r}: choose "
            f"heuristic auto, or an optimal algorithm (astar, idastar) for the {name} heuristic"
        )
    if board.size > NEAR_OPTIMAL_MAX_CELLS:
        raise LimitError(
            f"a {board.rows}×{board.cols} board has {board.size:,} cells; the near-optimal solver takes boards of up "
            f"to {NEAR_OPTIMAL_MAX_CELLS} cells (20×20, about 10-16 s): bigger ones would take minutes"
        )
    seconds = DEFAULT_SECONDS if budget is None else budget

    def start_near(limit: Limit) -> Search:
        return solve_big(board, goal, seconds=seconds, limit=limit)

    why = f"for boards above 4×4 (more than {OPTIMAL_MAX_CELLS} cells)" if chosen_by_auto else "as chosen"
    summary = f"near-optimal (not proven optimal) {why}; time budget {seconds:g} s"
    return Plan(board, goal, NEAR_OPTIMAL, NEAR_OPTIMAL_HEURISTIC, start_near, summary)


def plan(board: Board, goal: Board, algorithm: str = "auto", heuristic: str | Heuristic = "auto",
         registry: Registry | None = None, budget: float | None = None,
         optimal_seconds: float = AUTO_OPTIMAL_SECONDS) -> Plan:
    """Resolve ``auto`` choices and check the request, without searching.

    ``budget`` is the near-optimal solver's soft time budget in seconds (default
    :data:`npuzzle.nearoptimal.solver.DEFAULT_SECONDS`): it keeps shortening its answer until then (and may run past it on
    big boards; it is capped at a share of the hard ``time_limit`` of the :class:`Limit`, which ends any search).
    Optimal searches ignore it.

    With ``algorithm="auto"`` and ``heuristic="auto"``, a board of 10 to 16 cells that no loaded pattern database
    fits (a heuristic ranked below :data:`PDB_STRENGTH`) gets IDA* for ``optimal_seconds`` (default :data:`AUTO_OPTIMAL_SECONDS`), then,
    if it has not finished, the near-optimal solver with ``budget`` (:attr:`Plan.fallback_after`): its answer has
    ``optimal`` false (unless its length meets the bound), ``algorithm="near-optimal"``, the better of the two lower
    bounds and a message saying so; progress records keep flowing with cumulative counts and ``elapsed``.

    Raises :class:`UnsolvableError` for a board that cannot reach the goal (the search is never started),
    :class:`GoalError` for a goal of another shape and :class:`LimitError` for an unknown name, a heuristic
    that does not fit the board, a bad budget or a board too big for the chosen algorithm.
    """
    registry = registry if registry is not None else default_registry()
    budget = check_budget(budget)
    algo = algorithm.strip().lower().replace("*", "star").replace("-", "").replace("_", "")
    algo = _ALGORITHM_ALIASES.get(algo, algo)
    if algo not in ALGORITHM_NAMES:
        raise LimitError(f"unknown algorithm {algorithm!r}: use one of {', '.join(ALGORITHM_NAMES)}")
    require_solvable(board, goal)
    chosen_by_auto = algo == "auto"
    if chosen_by_auto:
        algo = auto_algorithm(board)
    if algo == NEAR_OPTIMAL:
        return _near_optimal_plan(board, goal, heuristic, budget, chosen_by_auto)
    search = _ALGORITHMS[algo]
    too_big = LimitError(
        f"a {board.rows}×{board.cols} board has {board.size:,} cells; optimal search (A*, IDA*) takes boards of up "
        f"to {MAX_SEARCH_CELLS} cells (12×12), and even 6×6 is far beyond reach: use algorithm near-optimal "
        f"(or auto)"
    )
    if not isinstance(heuristic, str):
        if board.size > MAX_SEARCH_CELLS:
            raise too_big
        given = heuristic

        def start_given(limit: Limit) -> Search:
            return search(board, goal, given, limit)

        return Plan(board, goal, algo, given.name, start_given, f"{algo} + {given.name} (optimal)")
    if heuristic.strip().lower() == "auto":
        entry = registry.strongest(board, goal)
    else:
        entry = registry.heuristic(heuristic)
        if not entry.fits(board, goal):
            raise LimitError(f"the {entry.name} heuristic is not available for a {board.rows}×{board.cols} board")
    special = registry.solver(algo, entry.name, board, goal)
    start: Callable[[Limit], Search]
    if special is not None:
        run_special = special.run

        def start_special(limit: Limit) -> Search:
            return run_special(board, goal, limit)

        start = start_special
    else:
        if board.size > MAX_SEARCH_CELLS:
            raise too_big
        build = entry.build

        def start_generic(limit: Limit) -> Search:
            return search(board, goal, build(goal), limit)

        start = start_generic
    # auto's IDA* gives way to the near-optimal solver after a while, unless a pattern database guides it (then
    # every board it fits finishes: the hardest 4×4 in about half a minute)
    if (chosen_by_auto and algo == "idastar" and heuristic.strip().lower() == "auto"
            and entry.strength < PDB_STRENGTH):
        return _fallback_plan(board, goal, entry.name, start, budget, optimal_seconds)
    return Plan(board, goal, algo, entry.name, start, f"{algo} + {entry.name} (optimal)")


def _fallback_plan(board: Board, goal: Board, heuristic: str, start_optimal: Callable[[Limit], Search],
                   budget: float | None, optimal_seconds: float) -> Plan:
    if isinstance(optimal_seconds, bool) or not isinstance(optimal_seconds, (int, float)) or not optimal_seconds > 0:
        raise LimitError(f"the optimal search's time before the fallback must be above 0 s, got {optimal_seconds!r}")
    near = _near_optimal_plan(board, goal, "auto", budget, True)
    first = float(optimal_seconds)
    seconds = DEFAULT_SECONDS if budget is None else budget

    def start_both(limit: Limit) -> Search:
        return _optimal_then_near(start_optimal, near.start, heuristic, first, limit)

    summary = (f"idastar + {heuristic} (optimal) for up to {first:g} s, then near-optimal (not proven optimal; "
               f"time budget {seconds:g} s) if it has not finished")
    return Plan(board, goal, "idastar", heuristic, start_both, summary, fallback_after=first)


def _optimal_then_near(start_optimal: Callable[[Limit], Search], start_near: Callable[[Limit], Search],
                       heuristic: str, first_seconds: float, limit: Limit) -> Search:
    """IDA* for ``first_seconds`` (or :data:`FALLBACK_LIMIT_SHARE` of the hard time limit, if sooner), then the
    near-optimal solver for the rest of the hard limit; a :class:`~npuzzle.progress.SearchStopped` ends either phase
    (the second returns its best answer)."""
    clock = Clock()
    cap = first_seconds if limit.seconds is None else min(first_seconds, FALLBACK_LIMIT_SHARE * limit.seconds)
    # a stop during IDA* passes through it (it has no answer to give): progress.stop then builds the result from
    # the last record with Plan.stopped, as for a plain IDA*
    first: SearchResult = yield from start_optimal(replace(limit, seconds=cap))
    if first.stopped != "time-limit":
        return first  # finished (optimal), or stopped by the caller's node limit
    spent = clock.elapsed()
    rest = replace(limit, seconds=None if limit.seconds is None else max(limit.seconds - spent, 1e-3),
                   nodes=None if limit.nodes is None else max(1, limit.nodes - first.nodes_expanded))
    near = start_near(rest)
    request_now: SearchStopped | None = None
    while True:
        try:
            record = near.send(None) if request_now is None else near.throw(request_now)
        except StopIteration as done:  # the near-optimal solver answers a stop with its best so far (or none)
            second: SearchResult = done.value
            break
        try:
            yield replace(record, elapsed=spent + record.elapsed, nodes_expanded=first.nodes_expanded
                          + record.nodes_expanded, nodes_generated=first.nodes_generated + record.nodes_generated)
        except SearchStopped as request:
            request_now = request
    lower = max(first.lower_bound, second.lower_bound)
    extra = dict(second.extra)
    extra["optimal_search"] = {"algorithm": "idastar", "heuristic": heuristic, "seconds": round(first.seconds, 3),
                               "nodes_expanded": first.nodes_expanded, "lower_bound": first.lower_bound}
    if second.moves is not None:
        extra["ratio_bound"] = round(len(second.moves) / lower, 4) if lower else 1.0
    why = f"optimal search (IDA* + {heuristic}) did not finish in {cap:g} s (it proved at least {first.lower_bound} moves)"
    if second.moves is None:
        message = (f"{why}; the near-optimal search was then stopped ({second.stopped}) before it found a solution; "
                   f"the solution needs at least {lower} moves")
    else:
        length = len(second.moves)
        if length == lower:
            message = f"{why}; near-optimal answer, and optimal after all: the length equals the lower bound"
        else:
            message = (f"{why}; near-optimal answer, not proven optimal: at most {length / lower:.3f}× the optimal "
                       f"length")
        if second.stopped is not None:  # only a stop from outside leaves it set on an answer
            message = f"stopped early ({second.stopped}): best so far; {message}"
    return replace(
        second,
        optimal=second.moves is not None and len(second.moves) == lower,
        lower_bound=lower,
        nodes_expanded=first.nodes_expanded + second.nodes_expanded,
        nodes_generated=first.nodes_generated + second.nodes_generated,
        max_frontier=max(first.max_frontier, second.max_frontier),
        iterations=first.iterations + second.iterations,
        seconds=clock.elapsed(),
        message=message,
        extra=extra,
    )


def solve(board: Board, goal: Board, algorithm: str = "auto", heuristic: str | Heuristic = "auto",
          limit: Limit = Limit(), registry: Registry | None = None, budget: float | None = None,
          optimal_seconds: float = AUTO_OPTIMAL_SECONDS) -> Search:
    """Start a search from ``board`` to ``goal`` and return it (a generator; see the module text): optimal up
    to 4×4 where it finishes in time, near-optimal above (for ``algorithm="auto"``); ``budget`` and
    ``optimal_seconds`` as for :func:`plan`.

    Checks first and raises at once: :class:`UnsolvableError` whose message holds the parity reasoning,
    :class:`LimitError` for an unknown algorithm or heuristic. ``heuristic`` may also be a
    :class:`~npuzzle.heuristics.Heuristic` object.
    """
    return plan(board, goal, algorithm, heuristic, registry, budget, optimal_seconds).start(limit)


Compare = Generator[Progress, None, list[SearchResult]]
"""A running comparison: yields the progress of each search in turn, returns one result per heuristic."""


def compare(board: Board, goal: Board, limit: Limit = Limit(nodes=DEFAULT_COMPARE_NODES),
            heuristics: tuple[str, ...] | None = None, registry: Registry | None = None) -> Compare:
    """Run A* with each heuristic (in ``auto``'s ranking order, lowest first) on ``board`` within ``limit`` each: the course's table.

    Raises :class:`UnsolvableError` at once for a board that cannot reach the goal. Each result holds the
    length (``None`` when the limit was hit, with ``stopped`` set), the vertices visited (``nodes_expanded``),
    the largest heap (``max_frontier``) and the time.
    """
    registry = registry if registry is not None else default_registry()
    names = heuristics if heuristics is not None else registry.fitting_names(board, goal)
    plans = [plan(board, goal, "astar", name, registry) for name in names]
    return _compare(plans, limit)


def _compare(plans: list[Plan], limit: Limit) -> Compare:
    results: list[SearchResult] = []
    for p in plans:
        result = yield from p.start(limit)
        results.append(result)
    return results
