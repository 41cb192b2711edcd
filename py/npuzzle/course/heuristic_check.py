"""A heuristic checked on every state of a small board (the 8-puzzle's 181,440), or on a sample of a bigger one's with
their distances proven (:func:`~npuzzle.course.depth_boards.sample_table`), against the exact distances, as the
course asks of one (Berkeley CS188's checks): zero on the goal, never negative, admissible (never above the true
distance) and consistent (across every move, h(s) ≤ 1 + h(s')); and two heuristics compared: how often one is at least
the other (dominance) and how close each comes to the truth (the mean h/h*).

:func:`estimates` works out the heuristic on every state (the slow part, with progress), :func:`check` and
:func:`dominance` read those values against :data:`Distances` (the exhaustive
:class:`~npuzzle.research.exhaustive.DistanceTable` or a :class:`~npuzzle.course.depth_boards.SampleTable`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..board import Board, unchecked_board
from ..progress import mapped
from ..research.exhaustive import DistanceTable
from .depth_boards import SampleTable, checked_boards
from .reference import Estimator

Kind = Literal["goal", "negative", "overestimates", "inconsistent"]

EXAMPLES = 5
"""How many breaches of each kind a report shows (the worst first)."""

SLICE = 2_000
"""States estimated between two progress records."""


Distances = DistanceTable | SampleTable
"""Boards with their exact distances (``distances``, by packed state in ``layout``): every state, or a sample."""


def estimates(estimator: Estimator, table: Distances) -> Generator[float, None, dict[int, int]]:
    """The estimate of every state of ``table``, by its packed state; yields the fraction done every :data:`SLICE`
    states."""
    unpack, out = table.layout.unpack, {}
    total = len(table.distances)
    for number, state in enumerate(table.distances):
        out[state] = estimator.initial(unpack(state))
        if number % SLICE == SLICE - 1:
            yield (number + 1) / total
    return out


@dataclass(frozen=True, slots=True)
class Breach:
    """A state where the heuristic breaks a rule: the ``board``, its estimate ``h`` and true ``distance``; for an
    inconsistent one the ``neighbour`` one move away with its estimate ``h_neighbour`` (h > 1 + h_neighbour)."""

    kind: Kind
    board: Board
    h: int
    distance: int
    neighbour: Board | None = None
    h_neighbour: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values."""
        return {
            "kind": self.kind,
            "board": list(self.board.tiles),
            "h": self.h,
            "distance": self.distance,
            "neighbour": None if self.neighbour is None else list(self.neighbour.tiles),
            "h_neighbour": self.h_neighbour,
        }


@dataclass(frozen=True, slots=True)
class Report:
    """A heuristic's checks over ``states`` states: its value on the goal, how many states break each rule
    (``counts``: negative and overestimates count states, inconsistent counts moves), the worst breaches of each
    kind (``breaches``, at most :data:`EXAMPLES` each), how many states it gets exactly right, and its mean h/h* over
    the states other than the goal."""

    states: int
    goal_value: int
    counts: dict[Kind, int]
    breaches: tuple[Breach, ...]
    exact: int
    mean_ratio: float

    @property
    def admissible(self) -> bool:
        """Never above the true distance."""
        return self.counts["overestimates"] == 0

    @property
    def consistent(self) -> bool:
        """h(s) ≤ 1 + h(s') across every move, and zero on the goal."""
        return self.counts["inconsistent"] == 0 and self.goal_value == 0

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values."""
        return {
            "states": self.states,
            "goal_value": self.goal_value,
            "counts": dict(self.counts),
            "admissible": self.admissible,
            "consistent": self.consistent,
            "breaches": [breach.to_dict() for breach in self.breaches],
            "exact": self.exact,
            "mean_ratio": self.mean_ratio,
        }


def check(values: dict[int, int], table: Distances, estimator: Estimator) -> Generator[float, None, Report]:
    """The checks of the estimates ``values`` (from :func:`estimates`) against ``table``'s distances, every move from
    each state included (a neighbour outside a sample is estimated here, into ``values``); yields the fraction done
    every :data:`SLICE` states."""
    layout, distances, goal = table.layout, table.distances, table.goal
    shape = goal.rows, goal.cols
    mask = layout.blank_mask
    found: dict[Kind, list[tuple[int, int, int]]] = {"negative": [], "overestimates": [], "inconsistent": []}
    ratio_sum, exact = 0.0, 0
    total = len(distances)
    for number, (state, d) in enumerate(distances.items()):  # every state and every move: about a second
        if number % SLICE == SLICE - 1:
            yield number / total
        h = values[state]
        exact += h == d
        if d:
            ratio_sum += h / d
        if h < 0:
            found["negative"].append((h, state, -1))
        if h > d:
            found["overestimates"].append((h - d, state, -1))
        for move in layout.moves[state & mask]:
            child = layout.slide(state, move)[1]
            h_child = values.get(child)
            if h_child is None:
                h_child = values[child] = estimator.initial(layout.unpack(child))
            if h > 1 + h_child:
                found["inconsistent"].append((h - 1 - h_child, state, child))
    goal_state = layout.pack(goal.tiles)
    breaches: list[Breach] = []
    if values[goal_state]:
        breaches.append(Breach("goal", goal, values[goal_state], 0))
    for kind, items in found.items():
        for _, state, child in sorted(items, key=lambda item: -item[0])[:EXAMPLES]:
            board = unchecked_board(*shape, layout.unpack(state))
            near = None if child < 0 else unchecked_board(*shape, layout.unpack(child))
            breaches.append(
                Breach(kind, board, values[state], distances[state], near, None if child < 0 else values[child])
            )
    counts: dict[Kind, int] = {"goal": int(values[goal_state] != 0)}
    counts.update({kind: len(items) for kind, items in found.items()})
    return Report(len(distances), values[goal_state], counts, tuple(breaches), exact, ratio_sum / (len(distances) - 1))


@dataclass(frozen=True, slots=True)
class Dominance:
    """Two heuristics a and b over every state: the shares of states where a ≥ b, b ≥ a and a = b, and each one's
    mean h/h* (the states other than the goal)."""

    a_at_least_b: float
    b_at_least_a: float
    equal: float
    mean_ratio_a: float
    mean_ratio_b: float


def dominance(a: dict[int, int], b: dict[int, int], table: Distances) -> Dominance:
    """How the estimates ``a`` and ``b`` (from :func:`estimates`) compare over ``table``'s states."""
    distances = table.distances
    n = len(distances)
    a_ge = b_ge = same = 0
    ra = rb = 0.0
    for state, d in distances.items():
        x, y = a[state], b[state]
        a_ge += x >= y
        b_ge += y >= x
        same += x == y
        if d:
            ra += x / d
            rb += y / d
    return Dominance(a_ge / n, b_ge / n, same / n, ra / (n - 1), rb / (n - 1))


def check_heuristic(estimator: Estimator, table: Distances) -> Generator[float, None, tuple[dict[int, int], Report]]:
    """:func:`estimates` then :func:`check`: the estimate of every state and the report; yields the fraction done
    (the estimates first, then the checks, each half of the way)."""
    values = yield from mapped(estimates(estimator, table), lambda done: done / 2)
    report = yield from mapped(check(values, table, estimator), lambda done: 0.5 + done / 2)
    return values, report


Checked = tuple[dict[int, int], Report]
"""A heuristic's value on every board checked, and its report."""

SAMPLE_SHARE = 0.5
"""The share of a sampled check's work that drawing the sample takes (for the progress shown)."""


def check_heuristics(
    goal: Board, estimators: Sequence[Estimator]
) -> Generator[tuple[int, float], None, tuple[Distances, list[Checked]]]:
    """The boards of ``goal``'s shape drawn (:func:`~npuzzle.course.depth_boards.checked_boards`), then each of
    ``estimators`` checked on them (:func:`check_heuristic`): the boards and each one's values and report. Yields
    which heuristic is being checked (its number; -1 while the sample is drawn) and the share of all the work done."""
    table = yield from mapped(checked_boards(goal), lambda done: (-1, done * SAMPLE_SHARE))
    start = SAMPLE_SHARE if isinstance(table, SampleTable) else 0.0
    count = len(estimators)
    checked = []
    for number, estimator in enumerate(estimators):
        step = _step(number, count, start)
        checked.append((yield from mapped(check_heuristic(estimator, table), step)))
    return table, checked


def _step(number: int, count: int, start: float) -> Callable[[float], tuple[int, float]]:
    """Where the ``number``-th of ``count`` checks is, ``done`` of its way, when the checks began at ``start`` of all
    the work."""
    return lambda done: (number, start + (1 - start) * (number + done) / count)
