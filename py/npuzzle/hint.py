"""A hint: the next move from a board toward its goal, found in about a second.

The move is the first of a shortest solution wherever the optimal search (``auto``'s A* or IDA*, see
:mod:`npuzzle.policy`) proves one within :data:`HINT_SECONDS`; otherwise, and on boards too big for optimal search,
it is the first move of the near-optimal solver's answer, and the hint says so. In the multi-tile metric
(``metric="mtm"``) the hint is a line move: ``count`` tiles slid at once, ``tile`` the farthest of them (the one to
touch). :func:`hint_plan` plans the search (run it like any :class:`~npuzzle.solve.Plan`, with progress and
cancel); :func:`describe_hint` turns its result into the words and figures the page and the CLI show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import DIRECTION_WORDS, Board, Direction, moves_to_letters
from .interchange import write_notation
from .metric import count_moves, runs
from .progress import SearchResult
from .registry import Registry
from .solve import Plan, plan

HINT_SECONDS = 1.0
"""How long the optimal search may take before the hint falls back to the near-optimal solver."""

HINT_BUDGET = 1.0
"""The near-optimal solver's work budget for a hint, in units of :data:`npuzzle.nearoptimal.solver.WORK_UNIT` (half
the default: a hint is wanted sooner than a solution)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The next move (``tile`` slides ``direction``, with ``count − 1`` tiles before it in a line move), or none when
    the board is already the goal or the search was stopped first; ``optimal`` says whether it is the first move of a
    proven shortest solution of ``length`` moves (line moves in the multi-tile metric)."""

    tile: int | None
    letter: Direction | None
    optimal: bool
    length: int | None
    message: str
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        """The hint as JSON-ready fields."""
        return {
            "tile": self.tile,
            "letter": self.letter,
            "direction": None if self.letter is None else DIRECTION_WORDS[self.letter],
            "optimal": self.optimal,
            "length": self.length,
            "message": self.message,
            "count": self.count,
            "notation": None if self.letter is None else write_notation(self.letter * self.count),
        }


def hint_plan(
    board: Board,
    goal: Board,
    registry: Registry | None = None,
    seconds: float = HINT_SECONDS,
    budget: float = HINT_BUDGET,
    metric: str = "stm",
) -> Plan:
    """The search behind a hint: ``auto``'s optimal search for up to ``seconds``, then the near-optimal solver with a
    work ``budget`` (straight away on boards of more than 16 cells); in ``metric`` (:func:`npuzzle.solve.plan`).

    Raises :class:`~npuzzle.errors.UnsolvableError` when ``board`` cannot reach ``goal``, and
    :class:`~npuzzle.errors.LimitError` for a board too big for the near-optimal solver
    (:data:`~npuzzle.solve.NEAR_OPTIMAL_MAX_CELLS` cells).
    """
    return plan(board, goal, "auto", "auto", registry, budget, seconds, always_fall_back=True, metric=metric)


def describe_hint(chosen: Plan, result: SearchResult) -> Hint:
    """The hint given by ``result``, the answer of ``chosen`` (a :func:`hint_plan`)."""
    board = chosen.board
    if result.moves is None:
        return Hint(None, None, False, None, f"No hint: {result.message or 'the search stopped before an answer.'}")
    if not result.moves:
        return Hint(None, None, True, 0, "No hint needed: the board is already the goal.")
    letters = moves_to_letters(board, result.moves)
    mtm = result.extra.get("metric") == "mtm"
    count = runs(letters)[0][1] if mtm else 1
    tile = result.moves[count - 1]
    letter = letters[0]
    length = count_moves(letters, "mtm" if mtm else "stm")
    moves = f"{length} {'line ' if mtm else ''}move{'' if length == 1 else 's'}"
    if result.optimal:
        how = f"the first move of a shortest solution ({moves})"
    elif chosen.fallback_after is None:
        how = f"the first move of a near-optimal solution ({moves}; a board this big is beyond proving shortest)"
    else:
        how = (
            f"the first move of a near-optimal solution ({moves}; no shortest one was proven within "
            f"{chosen.fallback_after:g} s)"
        )
    what = f"{tile} {DIRECTION_WORDS[letter]}" if count == 1 else f"{tile} and the {count - 1} tiles before it "
    if count > 1:
        what += f"{DIRECTION_WORDS[letter]} ({write_notation(letter * count)})"
    return Hint(tile, letter, result.optimal, length, f"Hint: slide {what}: {how}.", count)
