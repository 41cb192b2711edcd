"""What the near-optimal solver's results say in words: a solution against its proven lower bound, and a search
stopped before or during its work."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import plural
from ..progress import STOP_WORDS, best_so_far
from .budget import Budget


def ratio_words(length: int, lower: int) -> str:
    """A found solution of ``length`` moves against the proven ``lower`` bound, in words."""
    if length == lower:
        return "solved optimally: the length equals the lower bound"
    return f"solved, not proven optimal: at most {length / lower:.3f}× the optimal length"


def stopped_message(reason: str, expanded: int, lower: int) -> str:
    """The message of a near-optimal search stopped (``reason``) before it had a solution, after expanding
    ``expanded`` states, on a board that needs at least ``lower`` moves."""
    return (
        f"The near-optimal search was stopped ({STOP_WORDS[reason]}) after expanding {expanded:,} nodes, before it "
        f"found a solution; the solution needs at least {plural(lower, 'move')}."
    )


def solved_words(moves: Sequence[int], lower: int, budget: Budget) -> str:
    """What a found solution says: proven optimal or its worst ratio, and whether a stop cut its shortening short
    (a limit reached during shortening is then said, not kept as the answer's ``stopped``)."""
    message = ratio_words(len(moves), lower)
    if budget.requested:
        message = best_so_far(budget.stopped or "cancelled", message)
    elif budget.stopped is not None:
        message += f" (improvement cut short: {STOP_WORDS[budget.stopped]})"
        budget.stopped = None
    return message
