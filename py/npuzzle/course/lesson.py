"""The parity rule at work on one board, for teaching: which pairs of tiles are the inversions, what one move does
to the count and to the blank's row, and the rule's two ways of counting the blank's row side by side.

Inversions here are those of :func:`npuzzle.solvability.explain`: pairs of tiles in reading order (row by row, the
blank skipped) whose numbers are in the wrong order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..board import DIRECTION_WORDS, Board
from ..solvability import Explanation, explain
from .proof import proof

MAX_LESSON_CELLS = 64
"""Boards up to this many cells (8×8) get their reading-order strip and inversion pairs (at most 2,016 pairs);
bigger ones only the counts."""


def reading_order(board: Board) -> list[int]:
    """The tiles row by row, the blank skipped."""
    return [t for t in board.tiles if t != 0]


def inversion_pairs(board: Board) -> list[tuple[int, int]]:
    """Every inversion as ``(a, b)``: ``a`` comes before ``b`` in reading order and ``a > b``. O(n²): for boards of
    up to :data:`MAX_LESSON_CELLS` cells."""
    order = reading_order(board)
    return [(a, b) for i, a in enumerate(order) for b in order[i + 1 :] if a > b]


def _parity(value: int) -> str:
    return "odd" if value % 2 else "even"


def describe_move(board: Board, tile: int) -> str:
    """What sliding ``tile`` does to the rule's figures, in one sentence, e.g. ``"11 moved down past 3 tiles:
    inversions 49 → 48; the blank moved up to row 3 from the bottom; 48 + 3 = 51 is still odd"``.

    Raises :class:`~npuzzle.errors.MoveError` when ``tile`` is not next to the blank.
    """
    letter = board.direction_of(tile)
    after = board.slide(tile)
    x0, x1 = explain(board), explain(after)
    before, now = x0.inversions, x1.inversions
    if letter in "LR":
        head = f"{tile} moved {DIRECTION_WORDS[letter]}: the reading order is unchanged, inversions stay {now}"
    else:
        passed = board.cols - 1
        tiles = f"{passed} tile{'' if passed == 1 else 's'}"
        head = f"{tile} moved {DIRECTION_WORDS[letter]} past {tiles}: inversions {before} → {now}"
    if not x1.width_even:
        return f"{head}; {now} is still {_parity(now)} (on an odd width the blank's row does not count)"
    row = x1.blank_row_from_bottom
    if letter in "LR":
        blank = f"the blank stays on row {row} from the bottom"
    else:
        blank = f"the blank moved {'down' if letter == 'U' else 'up'} to row {row} from the bottom"
    total = now + row
    return f"{head}; {blank}; {now} + {row} = {total} is still {_parity(total)}"


@dataclass(frozen=True, slots=True)
class Convention:
    """One way of writing the rule: what is added up (``terms``, e.g. ``"49 + 2"``), the sum, and the parity the
    goal's own sum has (the board is solvable exactly when the parities agree)."""

    name: str
    source: str
    terms: str
    total: int
    parity: str
    goal_parity: str

    @property
    def solvable(self) -> bool:
        """The board's sum has the goal's parity."""
        return self.parity == self.goal_parity


def conventions(x: Explanation) -> list[Convention]:
    """The rule's ways of counting for the explained board's width: on an even width, the blank's row from the
    bottom (as GeeksforGeeks writes it, any even width) and from the top (cp-algorithms' ``N + K``, written for
    4×4); on an odd width, the inversions alone. Each agrees with the explanation's verdict."""
    if not x.width_even:
        return [
            Convention(
                "inversions alone",
                "any odd width: the blank's row does not matter",
                f"{x.inversions}",
                x.inversions,
                _parity(x.inversions),
                _parity(x.goal_inversions),
            )
        ]
    bottom = x.inversions + x.blank_row_from_bottom
    top = x.inversions + x.blank_row_from_top
    return [
        Convention(
            "blank's row from the bottom",
            "GeeksforGeeks: any even width",
            f"{x.inversions} + {x.blank_row_from_bottom}",
            bottom,
            _parity(bottom),
            _parity(x.goal_inversions + x.goal_blank_row_from_bottom),
        ),
        Convention(
            "N + K, K the blank's row from the top",
            "cp-algorithms: the 4×4 board",
            f"{x.inversions} + {x.blank_row_from_top}",
            top,
            _parity(top),
            _parity(x.goal_inversions + x.goal_blank_row_from_top),
        ),
    ]


def lesson(board: Board, x: Explanation, goal: Board | None = None) -> dict[str, Any]:
    """The lesson's figures for ``board`` (explained by ``x``) as JSON-ready fields: ``conventions`` and
    ``agree_note`` always; ``strip`` (reading order) and ``pairs`` (the inversions) on boards of up to
    :data:`MAX_LESSON_CELLS` cells, and there, given the ``goal``, the ``proof`` that the rule suffices
    (:func:`~npuzzle.course.proof.proof`)."""
    out: dict[str, Any] = {
        "conventions": [asdict(c) | {"solvable": c.solvable} for c in conventions(x)],
        "rows": board.rows,
        "agree_note": _agree_note(board),
    }
    if board.size <= MAX_LESSON_CELLS:
        out["strip"] = reading_order(board)
        out["pairs"] = [list(pair) for pair in inversion_pairs(board)]
        if goal is not None:
            out["proof"] = proof(board, goal).to_dict()
    return out


def _agree_note(board: Board) -> str:
    """Why the two ways of counting the blank's row agree on this board's height."""
    if board.cols % 2:
        return ""
    rows = board.rows
    flip = "opposite parities" if (rows + 1) % 2 else "the same parity"
    return (
        f"The two always agree: the blank's row from the top plus its row from the bottom is {rows + 1} on "
        f"{rows} rows, so the two sums have {flip}, and so do the goal's."
    )
