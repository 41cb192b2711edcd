"""Whether a board can reach a goal, and why.

The rule (Johnson & Story 1879; see any AI course text on the 8- and 15-puzzle): read the tiles row by row,
skipping the blank, and count the *inversions* — pairs of tiles that stand in the wrong order.

* A horizontal move changes nothing in that reading.
* A vertical move lifts one tile over the ``cols − 1`` tiles between its old and new place, changing the inversion
  count by an amount of the same parity as ``cols − 1``, and moves the blank one row.

So on a board of **odd width** the parity of the inversion count never changes, and on a board of **even width**
the parity of ``inversions + blank row`` never changes. Two boards of the same shape (at least 2×2) can reach
each other exactly when that invariant agrees, which this module checks against the goal. For the default goal
(blank last) this gives the textbook rules: odd width — solvable iff the inversion count is even; even width —
solvable iff inversions + the blank's row counted from the bottom (1-based) is odd.

:func:`is_solvable` decides in O(n) from the permutation's cycle count; :func:`explain` also counts the inversions
exactly in O(n log n).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from .board import Board, goal_board
from .errors import GoalError

_LEAF = 64
_FAN = 16


def count_inversions(values: list[int]) -> int:
    """The number of pairs ``i < j`` with ``values[i] > values[j]``, in O(n log n).

    Sorted blocks are merged sixteen at a time; each merge counts the pairs it crosses with C-level ``bisect``.
    """
    total = 0
    runs: list[list[int]] = []
    for start in range(0, len(values), _LEAF):
        run: list[int] = []
        for x in values[start : start + _LEAF]:
            at = bisect_right(run, x)
            total += len(run) - at
            run.insert(at, x)
        runs.append(run)
    while len(runs) > 1:
        merged: list[list[int]] = []
        for g in range(0, len(runs), _FAN):
            group = runs[g : g + _FAN]
            prefix = group[0]
            for run in group[1:]:
                total += len(prefix) * len(run) - sum(map(partial(bisect_right, prefix), run))
                prefix.extend(run)
                prefix.sort()
            merged.append(prefix)
        runs = merged
    return total


def inversion_parity(board: Board) -> int:
    """The parity (0 or 1) of the board's inversion count, in O(n) from the cycles of its permutation."""
    n = board.size
    # Row-major tiles without the blank form a permutation of 1..n-1; parity = (length - cycles) mod 2.
    perm = [t - 1 for t in board.tiles if t != 0]
    seen = bytearray(n - 1)
    cycles = 0
    for start in range(n - 1):
        if seen[start]:
            continue
        cycles += 1
        i = start
        while not seen[i]:
            seen[i] = 1
            i = perm[i]
    return (n - 1 - cycles) & 1


def _invariant(board: Board, parity: int) -> int:
    if board.cols % 2 == 1:
        return parity
    blank_row_from_bottom = board.rows - board.blank_index // board.cols
    return (parity + blank_row_from_bottom) & 1


def _check_goal(board: Board, goal: Board) -> None:
    if (goal.rows, goal.cols) != (board.rows, board.cols):
        raise GoalError(f"the goal is {goal.rows}×{goal.cols} but the board is {board.rows}×{board.cols}")


def is_solvable(board: Board, goal: Board | None = None) -> bool:
    """True when ``board`` can be slid into ``goal`` (default: ``1 2 … n−1`` then the blank). O(n)."""
    goal = goal if goal is not None else goal_board(board.rows, board.cols)
    _check_goal(board, goal)
    goal_parity = 0 if _goal_kind(goal) != "custom" else inversion_parity(goal)
    return _invariant(board, inversion_parity(board)) == _invariant(goal, goal_parity)


@dataclass(frozen=True, slots=True)
class BoardInvariants:
    """What the rule reads off one board: its inversions and the blank's row (1-based, from top and bottom)."""

    inversions: int
    blank_row_from_top: int
    blank_row_from_bottom: int
    invariant: int
    """The quantity whose parity moves never change: inversions (odd width) or inversions + blank row from the
    bottom (even width)."""

    @classmethod
    def of(cls, board: Board) -> BoardInvariants:
        """Read the invariants of ``board`` (O(n log n) for the inversion count)."""
        named_goal = _goal_kind(board) != "custom"  # the named goals are sorted: no inversions to count
        inversions = 0 if named_goal else count_inversions([t for t in board.tiles if t != 0])
        top = board.blank_index // board.cols + 1
        bottom = board.rows - top + 1
        invariant = inversions if board.cols % 2 == 1 else inversions + bottom
        return cls(inversions, top, bottom, invariant)


@dataclass(frozen=True, slots=True)
class Explanation:
    """The whole reasoning behind a verdict: the board's and the goal's invariants, the rule, and the verdict."""

    solvable: bool
    rows: int
    cols: int
    goal: str
    """``"default"``, ``"blank-first"`` or ``"custom"``."""
    inversions: int
    blank_row_from_top: int
    blank_row_from_bottom: int
    width_even: bool
    goal_inversions: int
    goal_blank_row_from_top: int
    goal_blank_row_from_bottom: int
    rule: str
    """The rule for this width, in one sentence."""
    reason: str
    """The rule applied to this board and goal, with the numbers."""

    def to_dict(self) -> dict[str, Any]:
        """The explanation as a JSON-able dict (same field names)."""
        return asdict(self)

    def __str__(self) -> str:
        verdict = "Solvable" if self.solvable else "Not solvable"
        return f"{verdict}. {self.reason}"


def _goal_kind(goal: Board) -> str:
    if goal == goal_board(goal.rows, goal.cols, "default"):
        return "default"
    if goal == goal_board(goal.rows, goal.cols, "blank-first"):
        return "blank-first"
    return "custom"


def explain(board: Board, goal: Board | None = None) -> Explanation:
    """Decide solvability and return the reasoning: inversions, blank rows, the rule and the verdict.

    Agrees with :func:`is_solvable` by construction (the same invariant, computed from the exact count).
    """
    goal = goal if goal is not None else goal_board(board.rows, board.cols)
    _check_goal(board, goal)
    mine = BoardInvariants.of(board)
    theirs = BoardInvariants.of(goal)
    solvable = (mine.invariant - theirs.invariant) % 2 == 0
    kind = _goal_kind(goal)
    even = board.cols % 2 == 0
    s = "" if mine.inversions == 1 else "s"
    if not even:
        rule = (
            f"The width {board.cols} is odd, so a move never changes the parity of the inversion count: "
            "the board is solvable exactly when its inversion count has the same parity as the goal's."
        )
        board_part = f"The board has {mine.inversions} inversion{s} ({_parity(mine.inversions)})"
        goal_part = f"the goal has {theirs.inversions} ({_parity(theirs.inversions)})"
    else:
        rule = (
            f"The width {board.cols} is even, so a vertical move changes the inversion count by an odd number and "
            "the blank's row by one: inversions + the blank's row counted from the bottom keeps its parity, and "
            "the board is solvable exactly when that sum has the same parity as the goal's."
        )
        board_part = (
            f"The board has {mine.inversions} inversion{s} and the blank on row {mine.blank_row_from_bottom} from "
            f"the bottom (row {mine.blank_row_from_top} from the top): {mine.inversions} + "
            f"{mine.blank_row_from_bottom} = {mine.invariant} ({_parity(mine.invariant)})"
        )
        goal_part = (
            f"the goal gives {theirs.inversions} + {theirs.blank_row_from_bottom} = {theirs.invariant} "
            f"({_parity(theirs.invariant)})"
        )
    verdict = "same parity, so it is solvable" if solvable else "different parity, so it is not solvable"
    reason = f"{board_part}; {goal_part}: {verdict}."
    return Explanation(
        solvable=solvable,
        rows=board.rows,
        cols=board.cols,
        goal=kind,
        inversions=mine.inversions,
        blank_row_from_top=mine.blank_row_from_top,
        blank_row_from_bottom=mine.blank_row_from_bottom,
        width_even=even,
        goal_inversions=theirs.inversions,
        goal_blank_row_from_top=theirs.blank_row_from_top,
        goal_blank_row_from_bottom=theirs.blank_row_from_bottom,
        rule=rule,
        reason=reason,
    )


def _parity(value: int) -> str:
    return "even" if value % 2 == 0 else "odd"
