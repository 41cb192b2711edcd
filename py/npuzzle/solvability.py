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

import sys
from array import array
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from .board import Board, goal_board
from .errors import GoalError, UnsolvableError

_SMALL = 256
"""Below this many values a plain insertion count is faster than the bit-plane machinery."""

# Byte tables for the bit-plane wavelet (see _permutation_inversions). Planes hold 7 data bits per element; bit 7
# carries the partition flag while a lower plane is moved.
_FLAG = tuple(bytes((x >> w) & 1 for x in range(256)) for w in range(7))
_WITH_BIT = tuple(bytes(x for x in range(256) if (x >> w) & 1) for w in range(7))
_WITHOUT_BIT = tuple(bytes(x for x in range(256) if not (x >> w) & 1) for w in range(7))
_HIGH = bytes(range(128, 256))
_LOW = bytes(range(128))
_STRIP = bytes(x & 0x7F for x in range(256))
_ASCII01 = bytes.maketrans(b"\x00\x01", b"01")
_SHIFT_DOWN = tuple(bytes((x >> s) & 0x7F for x in range(256)) for s in range(8))
_SHIFT_UP = tuple(bytes((x << (8 - s)) & 0x7F for x in range(256)) for s in range(8))


def count_inversions(values: list[int]) -> int:
    """The number of pairs ``i < j`` with ``values[i] > values[j]``, in O(n log n).

    Equal values are not inversions. Short lists are counted by insertion; longer ones are reduced to a permutation
    of ``0 … n−1`` (at no cost when they already are one, as a board's tiles are) and counted by
    :func:`_permutation_inversions`, whose inner loops all run in C.
    """
    n = len(values)
    if n < _SMALL:
        return _insertion_count(values)
    perm = _as_permutation(values)
    if perm is None:
        # Rank the values, ties in order of position: the inverse of that ranking has the same inversions.
        perm = sorted(range(n), key=values.__getitem__)
    return _permutation_inversions(_cells(perm))


def _cells(perm: Iterable[int]) -> array[int]:
    """``perm`` as a machine-int array, as :func:`_permutation_inversions` takes it."""
    return array("I" if array("I").itemsize == 4 else "L", perm)


def _insertion_count(values: list[int]) -> int:
    total = 0
    run: list[int] = []
    for x in values:
        at = bisect_right(run, x)
        total += len(run) - at
        run.insert(at, x)
    return total


def _as_permutation(values: list[int]) -> list[int] | None:
    """``values`` shifted to a permutation of ``0 … n−1`` with the same inversions, or None if they are not a
    run of distinct consecutive ints."""
    n = len(values)
    lo, hi = min(values), max(values)
    if type(lo) is not int or type(hi) is not int or hi - lo != n - 1 or len(set(values)) != n:
        return None
    if lo == 0:
        return values
    if 0 < lo <= n:
        # Smaller values in front, in increasing order, add no inversions.
        return [*range(lo), *values]
    return [x - lo for x in values]


def _permutation_inversions(cells: array[int]) -> int:
    """The inversions of ``cells``, a permutation of ``0 … m−1`` (m < 2³²), with C-level passes only.

    A wavelet matrix over the values' bits, from the top bit down. Padded with ``m … 2ᴷ−1`` at the end (which adds no
    inversion), every group of values sharing the bits above bit ``b`` holds exactly ``2ᵇ`` values with bit ``b``
    clear and ``2ᵇ`` with it set. The inversions decided at bit ``b`` are the (set, clear) pairs inside each group:
    (set, clear) pairs over the whole sequence — from the sum of the positions of the set bits, taken with masked
    ``int.bit_count`` — minus those across groups, a closed form since every group is full. The sequence is then
    split stably by bit ``b`` (clear first), which keeps every group of the next level contiguous and in position
    order. The lower bits travel as byte planes of seven bits, split with ``bytes.translate`` deleting by the flag
    in bit 7.
    """
    m = len(cells)
    if m < 2:
        return 0
    k = (m - 1).bit_length()
    n = 1 << k
    if n > m:
        cells = cells + array(cells.typecode, range(m, n))
    if sys.byteorder != "little":
        cells = array(cells.typecode, cells)
        cells.byteswap()
    width = cells.itemsize
    raw = cells.tobytes()
    byte_planes = [raw[i::width] for i in range(min(width, (k + 7) // 8))]
    zero = bytes(n)
    planes: list[bytes] = []
    for q in range((k + 6) // 7):
        lo, shift = divmod(7 * q, 8)
        plane = byte_planes[lo].translate(_SHIFT_DOWN[shift])
        if shift > 1 and lo + 1 < len(byte_planes):
            upper = byte_planes[lo + 1].translate(_SHIFT_UP[shift])
            plane = (int.from_bytes(plane, "big") | int.from_bytes(upper, "big")).to_bytes(n, "big")
        planes.append(plane or zero)
    del raw, byte_planes, cells
    # masks[t] has bit r set exactly when bit t of r is set (r < n): the sum of set-bit positions of an n-bit int x
    # is the sum over t of 2ᵗ · popcount(x & masks[t]).
    masks: list[int] = []
    for t in range(k):
        half = 1 << t
        mask, span = ((1 << half) - 1) << half, 2 * half
        while span < n:
            mask |= mask << span
            span *= 2
        masks.append(mask)
    total = 0
    for b in range(k - 1, -1, -1):
        p, w = divmod(b, 7)
        flags = planes[p].translate(_FLAG[w])
        bits = int(flags.translate(_ASCII01), 2)  # element j is bit n−1−j
        ones = bits.bit_count()
        from_right = 0
        for t, mask in enumerate(masks):
            from_right += (bits & mask).bit_count() << t
        position_sum = (n - 1) * ones - from_right
        pairs = ones * (n - ones) - position_sum + ones * (ones - 1) // 2
        groups, half = n >> (b + 1), 1 << b
        total += pairs - half * half * (groups * (groups - 1) // 2)
        if b == 0:
            break
        moved: list[bytes] = []
        flag7 = 0
        for q in range(p):
            if not flag7:
                flag7 = int.from_bytes(flags, "big") << 7
            tagged = (int.from_bytes(planes[q], "big") | flag7).to_bytes(n, "big")
            moved.append(tagged.translate(None, _HIGH) + tagged.translate(_STRIP, _LOW))
        if w:
            own = planes[p]
            moved.append(own.translate(None, _WITH_BIT[w]) + own.translate(None, _WITHOUT_BIT[w]))
        planes = moved
    return total


def inversion_parity(board: Board) -> int:
    """The parity (0 or 1) of the board's inversion count, in O(n) from the cycles of its permutation."""
    # The tiles with the blank moved to the front are a permutation of 0..n-1 with the same inversions;
    # parity = (length - cycles) mod 2. Unvisited cycle starts are found with C-level bytearray.find.
    perm = _blank_first(board)
    n = len(perm)
    seen = bytearray(n)
    find = seen.find
    cycles = 0
    start = find(0)
    while start >= 0:
        cycles += 1
        i = start
        while not seen[i]:
            seen[i] = 1
            i = perm[i]
        start = find(0, start + 1)
    return (n - cycles) & 1


def _blank_first(board: Board) -> list[int]:
    """The tiles with the blank moved to the front: a permutation of ``0 … n−1`` with the board's inversions."""
    perm = list(board.tiles)
    del perm[board.blank_index]
    perm.insert(0, 0)
    return perm


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
    def of(cls, board: Board, kind: str | None = None) -> BoardInvariants:
        """Read the invariants of ``board`` (O(n log n) for the inversion count); ``kind``, when known, is
        :func:`_goal_kind` of ``board`` (saves building a named goal to compare with)."""
        kind = kind if kind is not None else _goal_kind(board)
        inversions = 0 if kind != "custom" else _board_inversions(board)  # the named goals have no inversions
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
    plain: str
    """The verdict in plain words, for a reader who has not met the rule: and for a board that cannot reach the goal,
    what would fix it (a swap of two tiles, :attr:`swap`)."""
    swap: tuple[int, int] | None
    """Two tiles whose swap would make the board reach the goal (``None`` when it can): preferably two that sit on each
    other's goal cells, else one that then comes home (:func:`fixing_swap`)."""

    def to_dict(self) -> dict[str, Any]:
        """The explanation as a JSON-able dict (same field names)."""
        return asdict(self)

    def __str__(self) -> str:
        verdict = "Solvable" if self.solvable else "Not solvable"
        return f"{verdict}. {self.reason}"


def _board_inversions(board: Board) -> int:
    if board.size < _SMALL:
        return _insertion_count([t for t in board.tiles if t != 0])
    cells = _cells(board.tiles)
    blank = board.blank_index
    del cells[blank]
    cells.insert(0, 0)  # the blank in front: no inversions with it
    return _permutation_inversions(cells)


def _goal_kind(goal: Board) -> str:
    tiles, n = goal.tiles, goal.size
    if tiles[0] == 1 and tiles[-1] == 0 and tiles == goal_board(goal.rows, goal.cols, "default").tiles:
        return "default"
    if tiles[0] == 0 and tiles[-1] == n - 1 and tiles == goal_board(goal.rows, goal.cols, "blank-first").tiles:
        return "blank-first"
    return "custom"


def explain(board: Board, goal: Board | None = None) -> Explanation:
    """Decide solvability and return the reasoning: inversions, blank rows, the rule and the verdict.

    Agrees with :func:`is_solvable` by construction (the same invariant, computed from the exact count).
    """
    if goal is None:
        goal, kind = goal_board(board.rows, board.cols), "default"
    else:
        _check_goal(board, goal)
        kind = _goal_kind(goal)
    mine = BoardInvariants.of(board)
    theirs = BoardInvariants.of(goal, kind)
    solvable = (mine.invariant - theirs.invariant) % 2 == 0
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
    swap = None if solvable else fixing_swap(board, goal)
    if board.tiles == goal.tiles:
        plain = "This board is the goal already."
    elif solvable:
        plain = "This board can reach the goal."
    else:
        assert swap is not None  # an unsolvable board has at least two tiles (the shape is at least 2×2)
        plain = (
            "This board can never reach the goal, however the tiles are slid. Swap two tiles — for example "
            f"{swap[0]} and {swap[1]} — and it can."
        )
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
        plain=plain,
        swap=swap,
    )


def fixing_swap(board: Board, goal: Board) -> tuple[int, int]:
    """Two tiles (never the blank) whose swap flips the board's parity, so that a board that cannot reach ``goal``
    then can: swapping any two tiles does, as a swap is one transposition of the tiles' order. The pair chosen is,
    in reading order, the first two tiles that sit on each other's goal cells (the swap sends both home), else the
    first tile off its goal cell with the tile that belongs there (one comes home), else the first two tiles. O(n).
    """
    tiles, home = board.tiles, goal.tiles
    where = [0] * len(home)
    for i, t in enumerate(home):
        where[t] = i
    belongs: tuple[int, int] | None = None
    for i, a in enumerate(tiles):
        b = home[i]
        if a == 0 or b == 0 or a == b:
            continue
        if tiles[where[a]] == b:
            return (min(a, b), max(a, b))
        if belongs is None:
            belongs = (a, b)
    if belongs is not None:
        return belongs
    first, second = [t for t in tiles if t != 0][:2]
    return (first, second)


def check_reachable(board: Board, goal: Board) -> None:
    """Raise :class:`~npuzzle.errors.GoalError` for a goal of another shape, and
    :class:`~npuzzle.errors.UnsolvableError` (with the parity reasoning of :func:`explain`, which it carries as
    ``explanation``) when ``board`` cannot reach ``goal``. O(n log n); every solver calls it before searching."""
    explanation = explain(board, goal)
    if not explanation.solvable:
        raise UnsolvableError(f"the board cannot reach the goal. {explanation.reason}", explanation)


def _parity(value: int) -> str:
    return "even" if value % 2 == 0 else "odd"
