"""A solve analysed against the optimum: the distance to the goal before and after each move, the mistakes, the
moves lost.

:func:`analyse` takes a start, the moves played (the speedsolvers' notation ``U2RD3L``, or tiles and letters) and a
metric (:mod:`npuzzle.optimal.metric`), and gives an :class:`Analysis`: in STM every single-tile move, in MTM every line
move (a run of one letter), with the optimal distance before and after it. A move that does not lower the distance
is a **mistake**, shown with every optimal move from where it was played; a move *loses* ``after − before + 1`` moves
(0 for an optimal move; in STM a mistake loses 2, in MTM 1 or 2), and the total is what the solve spent beyond the
optimum (for a finished solve: its length minus the start's distance).

Exact where an optimal solver answers fast: boards of up to 9 cells (A* in STM; in MTM the small multiset table of
:func:`npuzzle.solving.multitile.small_database`), and the 15-puzzle with the metric's database (the single-tile pattern
database, or the multi-tile metric's multiset database) and a goal with a corner blank. There, one optimal solution
is held at all times: a move along it lowers the distance by one with no search; any other move costs one bounded
search, "is there a solution of ``d − 1`` moves?" (in MTM then "of ``d``?"), one IDA* iteration; without one, the
distance is ``d + 1`` (in STM successive distances differ by exactly one), and the move back plus the held solution
is optimal. At a mistake, the moves to a neighbour one closer to the goal are the optimal ones there: the held
solution's first move is one, a neighbour already analysed or known to be farther costs nothing, and any other one
bounded search, "is there a solution of ``d − 1`` moves from there?". What one analysis proves is kept
(:class:`~npuzzle.speedsolving.oracle.Proofs`): a position met again is not searched below its known bound, a search
asked again is not run again, and a bounded search in line moves does not enter a neighbour already known to be too
far (a neighbour of a position analysed is at least its distance less one from the goal); the answers are the same,
found in fewer nodes. Elsewhere (bigger boards) only a lower bound at each position and the near-optimal solver's
length from the start are given, and no move is marked: a mistake would not be proven.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..board import Board, moves_to_letters
from ..errors import MoveError, plural
from ..interchange import Convention, convert_letters, move_letters, read_notation, write_notation
from ..optimal.metric import Metric, count_moves, metric_name, runs
from ..progress import STOP_WORDS, Clock, Limit, Progress, SearchResult, SearchStopped, StopReason, stop
from ..solvability import check_reachable
from ..solving.registry import Registry, default_registry
from ..solving.solve import plan
from .oracle import Bounded, Letters, Oracle, Proofs, exact_oracle, line_neighbours, moves_from
from .walked_bounds import WalkedBounds

MAX_ANALYSED_MOVES = 100_000
"""The most single-tile moves a solve analysed or reconstructed may hold."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the solve (a single tile in STM, a line in MTM) in notation, the distance ``before`` and
    ``after`` it (lower bounds where the analysis is not exact), an optimal move from ``before`` (``best``, exact
    analyses only), whether it is a ``mistake``, the moves it ``lost``, and for a mistake every optimal move from
    ``before`` (``optimal_moves``, in notation; empty at the goal; ``None`` for other moves)."""

    move: str
    before: int
    after: int
    best: str | None = None
    mistake: bool = False
    lost: int | None = None
    optimal_moves: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict with the same field names."""
        return {
            "move": self.move,
            "before": self.before,
            "after": self.after,
            "best": self.best,
            "mistake": self.mistake,
            "lost": self.lost,
            "optimal_moves": None if self.optimal_moves is None else list(self.optimal_moves),
        }


@dataclass(frozen=True, slots=True)
class AnalysisProgress:
    """Where a running analysis is: ``analysed`` of ``total`` moves, the nodes its searches expanded, the seconds."""

    analysed: int
    total: int
    nodes_expanded: int
    elapsed: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict with the same field names."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Analysis:
    """An analysed solve (the module text). ``distances`` has one entry per position, the start first (exact when
    ``exact``, else lower bounds); ``optimal`` is the start's distance (``None`` where not exact), ``near_optimal``
    the near-optimal solver's length from the start (inexact analyses); ``stopped`` names the limit or cancel that
    ended it early (then only the first ``len(steps)`` moves are analysed); ``source`` says what gave the
    distances."""

    metric: Metric
    exact: bool
    source: str
    moves: int
    distances: tuple[int, ...]
    steps: tuple[Step, ...]
    solved: bool
    optimal: int | None = None
    near_optimal: int | None = None
    stopped: StopReason | None = None
    nodes_expanded: int = 0
    seconds: float = 0.0

    @property
    def mistakes(self) -> tuple[int, ...]:
        """The numbers (from 1) of the moves marked as mistakes."""
        return tuple(number for number, step in enumerate(self.steps, start=1) if step.mistake)

    @property
    def lost(self) -> int | None:
        """The moves lost in all (``None`` where the analysis is not exact)."""
        return sum(step.lost or 0 for step in self.steps) if self.exact else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the fields (``distances`` a list of ints, ``steps`` a list of objects), ``mistakes``,
        ``lost`` and the ``summary``."""
        out = {field.name: getattr(self, field.name) for field in fields(self)}
        out["steps"] = [step.to_dict() for step in self.steps]
        out["distances"] = list(self.distances)
        out["mistakes"] = list(self.mistakes)
        out["lost"] = self.lost
        out["summary"] = self.summary()
        return out

    def summary(self) -> str:
        """The analysis in words: the text alternative of its chart."""
        unit = "line move" if self.metric == "mtm" else "move"
        done = len(self.steps)
        if not self.distances:
            return "Nothing analysed."
        played = plural(self.moves, unit)
        head = f"{done:,} of {played} analysed" if done < self.moves else played
        if self.exact:
            start = f"the start is {plural(self.distances[0], unit)} from the goal"
            marks = len(self.mistakes)
            lost = plural(self.lost or 0, unit)  # a number when exact
            text = f"{head}; {start}; {plural(marks, 'mistake')}, {lost} lost."
            if marks:
                shown = ", ".join(str(n) for n in self.mistakes[:20]) + (" …" if marks > 20 else "")
                text += f" Mistakes at moves {shown}." if marks > 1 else f" The mistake is at move {shown}."
        else:
            near = "" if self.near_optimal is None else f", a near-optimal solution has {self.near_optimal:,}"
            least = plural(self.distances[0], unit)
            text = f"{head}; the start needs at least {least}{near} (not exact: no mistakes marked)."
        ends = "ends at the goal" if self.solved else "does not reach the goal"
        text += f" The solve {ends}."
        if self.stopped is not None:
            text += f" Stopped early ({STOP_WORDS[self.stopped]})."
        return text


def played_letters(board: Board, moves: str | Sequence[int | str], convention: Convention = "tile") -> Letters:
    """The single-tile letters of ``moves`` played from ``board``: a text in the speedsolvers' notation (read with
    ``convention``, never guessed) or a sequence of tiles and letters; raises
    :class:`~npuzzle.errors.MoveError` naming the first move that cannot be played there."""
    return move_letters(board, read_played(moves, convention))


def read_played(moves: str | Sequence[int | str], convention: Convention = "tile") -> str | Sequence[int | str]:
    """The solve ``moves`` read, not yet played: a text's single-tile letters (the speedsolvers' notation, read with
    ``convention``), or the sequence as it is; raises :class:`~npuzzle.errors.MoveError` for more than
    :data:`MAX_ANALYSED_MOVES`."""
    if isinstance(moves, str):
        return read_notation(moves, convention, MAX_ANALYSED_MOVES)  # refused before its runs are expanded
    if len(moves) > MAX_ANALYSED_MOVES:
        raise MoveError(f"a solve of at most {MAX_ANALYSED_MOVES:,} moves is read, got {len(moves):,}")
    return moves


Analysing = Generator[AnalysisProgress, None, Analysis]
"""A running analysis: yields progress, returns the :class:`Analysis`; stop it with
:func:`npuzzle.progress.stop`-style ``throw(SearchStopped(reason))``, which returns what is analysed so far."""


def analyse(
    board: Board,
    goal: Board,
    moves: str | Sequence[int | str],
    metric: str = "stm",
    registry: Registry | None = None,
    limit: Limit = Limit(),
    convention: Convention = "tile",
) -> Analysing:
    """Analyse the solve ``moves`` from ``board`` towards ``goal`` in ``metric`` (the module text): a generator
    yielding :class:`AnalysisProgress` and returning the :class:`Analysis`. ``moves`` is a text in the
    speedsolvers' notation (in ``convention``) or tiles and letters; ``registry`` brings the 15-puzzle's
    databases (``tables``, ``mtm``); ``limit`` bounds the searches in all (a limit or a throw of
    :class:`~npuzzle.progress.SearchStopped` ends it with the moves analysed so far).

    Raises at once: :class:`~npuzzle.errors.MoveError` naming a move that cannot be played,
    :class:`~npuzzle.errors.UnsolvableError` for a start that cannot reach the goal,
    :class:`~npuzzle.errors.LimitError` for an unknown metric.
    """
    chosen = metric_name(metric)
    check_reachable(board, goal)
    letters = played_letters(board, moves, convention)
    plays = list(letters) if chosen == "stm" else [letter * count for letter, count in runs(letters)]
    registry = registry if registry is not None else default_registry()
    oracle = exact_oracle(board, goal, chosen, registry)
    if oracle is None:
        return _bounded(board, goal, chosen, plays, registry, limit)
    return _exact(board, goal, chosen, plays, oracle, limit)


class _Budget:
    """The analysis' limit shared by its searches: what is left of it, and the nodes spent."""

    def __init__(self, limit: Limit) -> None:
        self.limit, self.clock, self.nodes = limit, Clock(), 0

    def left(self) -> Limit:
        limit = self.limit
        nodes = None if limit.nodes is None else max(1, limit.nodes - self.nodes)
        seconds = None if limit.seconds is None else max(1e-3, limit.seconds - self.clock.elapsed())
        return replace(limit, nodes=nodes, seconds=seconds)

    def check_time(self) -> None:
        """Raise :class:`~npuzzle.progress.SearchStopped` (``"time-limit"``) once the limit's seconds are spent."""
        if self.limit.seconds is not None and self.clock.elapsed() >= self.limit.seconds:
            raise SearchStopped("time-limit")

    def run(self, search: Bounded, done: int, total: int) -> Generator[AnalysisProgress, None, Letters | None]:
        """``search`` driven with its progress shown as the analysis'; its nodes counted."""
        before = self.nodes
        while True:
            try:
                record = next(search)
            except StopIteration as end:
                found: Letters | None = end.value[0]
                self.nodes = before + end.value[1]
                return found
            yield AnalysisProgress(done, total, before + record.nodes_expanded, self.clock.elapsed())


def _exact(board: Board, goal: Board, metric: Metric, plays: list[Letters], oracle: Oracle, limit: Limit) -> Analysing:
    budget = _Budget(limit)
    total = len(plays)
    distances: list[int] = []
    steps: list[Step] = []
    stopped: StopReason | None = None

    def result() -> Analysis:
        at_goal = board.apply("".join(play for play in plays[: len(steps)])) == goal
        return Analysis(
            metric,
            True,
            oracle.source,
            total,
            tuple(distances),
            tuple(steps),
            at_goal and len(steps) == total,
            distances[0] if distances else None,
            stopped=stopped,
            nodes_expanded=budget.nodes,
            seconds=round(budget.clock.elapsed(), 3),
        )

    try:
        yield AnalysisProgress(0, total, 0, 0.0)
        held = yield from budget.run(oracle.solve(board, budget.left()), 0, total)
        assert held is not None  # a full solve finds a solution or raises
        d = count_moves(held, metric)
        distances.append(d)
        current = board
        proofs = Proofs(board, d, metric)
        for number, play in enumerate(plays):
            first = _first_move(held, metric)
            after = current.apply(play)
            if first == play:
                held, nd = held[len(play) :], d - 1
            else:
                nd, held = yield from _after(oracle, after, d, metric, play, held, budget, number, total, proofs)
            proofs.know(after, nd, metric)
            better = None
            if nd >= d:
                better = yield from _optimal_moves(oracle, current, d, metric, first, budget, number, total, proofs)
            steps.append(Step(write_notation(play), d, nd, write_notation(first) or None, nd >= d, nd - d + 1, better))
            distances.append(nd)
            d, current = nd, after
            yield AnalysisProgress(number + 1, total, budget.nodes, budget.clock.elapsed())
    except SearchStopped as stop:
        stopped = stop.reason
    return result()


def _first_move(held: Letters, metric: Metric) -> Letters:
    """The first move of an optimal solution: its first letter (STM) or its first run (MTM)."""
    if not held:
        return ""
    if metric == "stm":
        return held[0]
    letter, count = runs(held)[0]
    return letter * count


def _after(
    oracle: Oracle,
    after: Board,
    d: int,
    metric: Metric,
    play: Letters,
    held: Letters,
    budget: _Budget,
    number: int,
    total: int,
    proofs: Proofs,
) -> Generator[AnalysisProgress, None, tuple[int, Letters]]:
    """The distance after a move off the held solution, and an optimal solution from there: ``d − 1`` or (MTM)
    ``d`` when a bounded search finds one, else ``d + 1`` with the move undone. What ``proofs`` knows is not searched
    again: a bound below ``after``'s lower bound (no solution that short), a search made before (the same answer),
    and, in the search, a first move to a position more than the bound less one from the goal."""
    for bound in (d - 1, d) if metric == "mtm" else (d - 1,):
        found = yield from _within(oracle, after, bound, budget, number, total, proofs)
        if found is not None:
            return bound, found
    return d + 1, convert_letters(play[::-1]) + held


def _optimal_moves(
    oracle: Oracle,
    here: Board,
    d: int,
    metric: Metric,
    first: Letters,
    budget: _Budget,
    number: int,
    total: int,
    proofs: Proofs,
) -> Generator[AnalysisProgress, None, tuple[str, ...]]:
    """Every optimal move from ``here``, ``d`` from the goal, in notation (in the order of
    :func:`~npuzzle.speedsolving.oracle.moves_from`): the moves to a neighbour ``d − 1`` from the goal. The held
    solution's ``first`` move is one; a neighbour analysed already, or known to be farther, costs nothing; any other
    one bounded search, "is there a solution of ``d − 1`` moves from there?"."""
    optimal: list[str] = []
    for move, child in moves_from(here, metric):
        if move == first:
            good = True
        elif child in proofs.exact:
            good = proofs.exact[child] == d - 1
        else:
            good = (yield from _within(oracle, child, d - 1, budget, number, total, proofs)) is not None
        if good:
            optimal.append(write_notation(move))
    return tuple(optimal)


def _within(
    oracle: Oracle, board: Board, bound: int, budget: _Budget, number: int, total: int, proofs: Proofs
) -> Generator[AnalysisProgress, None, Letters | None]:
    """A solution from ``board`` of at most ``bound`` moves, or ``None``, by one bounded search; what ``proofs``
    knows is not searched again (a bound below ``board``'s lower bound has no solution, a search made before has
    the same answer; in the search, a first move to a position more than ``bound − 1`` from the goal is skipped),
    and what the search proves is kept."""
    if bound < proofs.lower.get(board, 0):
        return None
    found = proofs.found.get((board, bound))
    if found is None:
        avoid = frozenset(c for c in line_neighbours(board) if proofs.lower.get(c, 0) > bound - 1)
        found = yield from budget.run(oracle.within(board, bound, budget.left(), avoid), number, total)
    if found is None:
        proofs.lower[board] = bound + 1
    else:
        proofs.found[board, bound] = found
    return found


SLICE_CELLS = 20_000
"""The cells :func:`_bounded` reads between two progress records (about a millisecond or two), so a session's
``advance`` returns on time and a stop is heard on any board."""


def _bounded(
    board: Board, goal: Board, metric: Metric, plays: list[Letters], registry: Registry, limit: Limit
) -> Analysing:
    """Lower bounds at every position (:class:`~npuzzle.speedsolving.walked_bounds.WalkedBounds`, linear in the moves),
    then the near-optimal length from the start within what is left of ``limit``."""
    budget = _Budget(limit)
    total = len(plays)
    walk = WalkedBounds(board, goal)
    bound = walk.mtm if metric == "mtm" else walk.stm
    distances = [bound()]
    steps: list[Step] = []
    stopped: StopReason | None = None
    near: SearchResult | None = None
    try:
        yield AnalysisProgress(0, total, 0, 0.0)
        read = 0
        for play in plays:
            for letter in play:
                read += walk.play(letter)
            distances.append(bound())
            steps.append(Step(write_notation(play), distances[-2], distances[-1]))
            if read >= SLICE_CELLS:
                read = 0
                budget.check_time()
                yield AnalysisProgress(len(steps), total, 0, budget.clock.elapsed())
    except SearchStopped as stop:
        stopped = stop.reason
    if stopped is None:
        near, stopped = yield from _near_optimal(board, goal, metric, registry, budget, total)
    length = None
    if near is not None and near.moves is not None:
        length = count_moves(moves_to_letters(board, near.moves), metric)
    if near is not None and near.lower_bound > distances[0]:  # the solver proved more than the bound says
        distances[0] = near.lower_bound
        steps[:1] = [replace(step, before=distances[0]) for step in steps[:1]]
    return Analysis(
        metric,
        False,
        "lower bounds ("
        + ("line moves by rows and columns" if metric == "mtm" else "Manhattan + linear conflict")
        + ")",
        total,
        tuple(distances),
        tuple(steps),
        len(steps) == total and walk.at_goal(goal),
        length if near is not None and near.optimal else None,
        length,
        stopped,
        0 if near is None else near.nodes_expanded,
        round(budget.clock.elapsed(), 3),
    )


def _near_optimal(
    board: Board, goal: Board, metric: Metric, registry: Registry, budget: _Budget, total: int
) -> Generator[AnalysisProgress, None, tuple[SearchResult | None, StopReason | None]]:
    """The near-optimal solver's run from the start within what is left of the budget, its progress shown as the
    analysis' (all moves analysed): its result (its best so far when stopped; ``None`` when it has none) and the
    reason it stopped."""
    search: Generator[Progress, None, SearchResult | None] = plan(
        board, goal, "auto", "auto", registry, metric=metric
    ).start(budget.left())
    try:
        while True:
            try:
                record = next(search)
            except StopIteration as end:
                near: SearchResult = end.value
                return near, near.stopped
            yield AnalysisProgress(total, total, record.nodes_expanded, budget.clock.elapsed())
    except SearchStopped as request:  # the near-optimal solver answers a stop with its best so far, if it has one
        best: SearchResult | None = stop(search, lambda _: None, None, request.reason)
        return best, request.reason
