"""A hint: the next move from a board toward its goal, the first move of the answer Solve's ``auto`` gives.

The move is the first of a shortest solution wherever the optimal search (``auto``'s A* or IDA*, see
:mod:`npuzzle.policy`) proves one within ``auto``'s work allowance (:data:`npuzzle.policy.AUTO_OPTIMAL_NODES` nodes
expanded, the same as Solve's, so that a hint and a solve of the same board agree on its length and on whether it
is proven shortest, on any machine); otherwise, and on boards too big for optimal search, it is the first move of
the near-optimal solver's answer with Solve's work budget, and the hint says so. Unlike Solve, a hint gives way
within that allowance even where a pattern database guides the search. In the multi-tile metric
(``metric="mtm"``) the hint is a line move: ``count`` tiles slid at once, ``tile`` the farthest of them (the one to
touch). :func:`hint_plan` plans the search (run it like any :class:`~npuzzle.solving.solve.Plan`, with progress and
cancel); :func:`describe_hint` turns its result into the words and figures the page and the CLI show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import DIRECTION_WORDS, Board, Direction, moves_to_letters
from ..interchange import write_notation
from ..optimal.metric import count_moves, runs
from ..policy import allowance_words
from ..progress import SearchResult
from ..solving.fallback import Fallback
from ..solving.registry import Registry
from ..solving.solve import Plan, plan


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
    nodes: int | None = None,
    budget: float | None = None,
    metric: str = "stm",
) -> Plan:
    """The search behind a hint: ``auto``'s optimal search for up to ``nodes`` expanded (default: ``auto``'s own
    allowance), then the near-optimal solver with a work ``budget`` (default: Solve's; straight away on boards of
    more than 16 cells); in ``metric`` (:func:`npuzzle.solving.solve.plan`).

    Raises :class:`~npuzzle.errors.UnsolvableError` when ``board`` cannot reach ``goal``, and
    :class:`~npuzzle.errors.LimitError` for a board too big for the near-optimal solver
    (:data:`~npuzzle.solving.solve.NEAR_OPTIMAL_MAX_CELLS` cells).
    """
    return plan(board, goal, "auto", "auto", registry, budget, Fallback(nodes, always=True), metric)


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
        timed = result.extra.get("optimal_search", {}).get("stopped") == "time-limit"
        within = "the time limit's share" if timed else f"the hint's search of {allowance_words(chosen.fallback_after)}"
        how = f"the first move of a near-optimal solution ({moves}; no shortest one was proven within {within})"
    what = f"{tile} {DIRECTION_WORDS[letter]}" if count == 1 else f"{tile} and the {count - 1} tiles before it "
    if count > 1:
        what += f"{DIRECTION_WORDS[letter]} ({write_notation(letter * count)})"
    return Hint(tile, letter, result.optimal, length, f"Hint: slide {what}: {how}.", count)
