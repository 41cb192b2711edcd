"""The immutable sliding-tile board, goals and moves.

A board of ``rows × cols`` cells (``2 ≤ rows, cols``) holds the tiles ``1 … rows·cols−1`` and one blank, stored
row-major as a tuple of ints with ``0`` for the blank.

Moves are named by the tile that slides into the blank. They may also be written with the letters ``U``, ``D``,
``L`` and ``R``, which give **the direction the tile moves**: ``U`` slides the tile below the blank up into it (the
blank goes down), ``L`` slides the tile right of the blank to the left, and so on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Literal, cast

from .errors import (
    BlankError,
    DuplicateTileError,
    EmptyInputError,
    GoalError,
    MissingTilesError,
    MoveError,
    NotANumberError,
    RaggedRowsError,
    ShapeError,
    SizeLimitError,
    TileOutOfRangeError,
    quote_input,
    show_value,
)

MAX_CELLS = 4_000_000
"""The largest board accepted, in cells (2000 × 2000)."""

Direction = Literal["U", "D", "L", "R"]
DIRECTIONS: tuple[Direction, ...] = ("U", "D", "L", "R")
DIRECTION_WORDS: dict[Direction, str] = {"U": "up", "D": "down", "L": "left", "R": "right"}
"""Each direction in words (the way the tile moves): what messages, hints and lessons say, and the words
:mod:`npuzzle.interchange` reads."""
GoalName = Literal["default", "blank-first"]
GOAL_NAMES: tuple[GoalName, ...] = ("default", "blank-first")

TILE_OFFSETS: dict[str, tuple[int, int]] = {"U": (1, 0), "D": (-1, 0), "L": (0, 1), "R": (0, -1)}
"""For each direction a tile can move: the offset (drow, dcol) from the blank to that tile."""


def cell_name(index: int, cols: int) -> str:
    """Name a cell for messages: ``"row 2, column 3"`` (1-based) for a row-major ``index``."""
    return f"row {index // cols + 1}, column {index % cols + 1}"


def neighbours(rows: int, cols: int) -> list[tuple[int, ...]]:
    """For every cell of a ``rows × cols`` region (row-major), the cells next to it."""
    out: list[tuple[int, ...]] = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near: list[int] = []
        if r > 0:
            near.append(cell - cols)
        if r < rows - 1:
            near.append(cell + cols)
        if c > 0:
            near.append(cell - 1)
        if c < cols - 1:
            near.append(cell + 1)
        out.append(tuple(near))
    return out


def check_shape(rows: int, cols: int) -> None:
    """Raise :class:`ShapeError` or :class:`SizeLimitError` unless ``rows × cols`` is an allowed shape."""
    if rows < 2 or cols < 2:
        raise ShapeError(f"a board needs at least 2 rows and 2 columns, got {rows}×{cols}")
    if rows * cols > MAX_CELLS:
        raise SizeLimitError(f"a {rows}×{cols} board has {rows * cols:,} cells; the limit is {MAX_CELLS:,} (2000×2000)")


MAX_MOVES = 10_000_000
"""The most single-tile moves a move list may hold or a move text stand for (a notation such as ``R99999999``,
the api's ``apply``, a reconstruction): far beyond any real solve, and played in place (:class:`Replay`) in a few
seconds at most. :func:`check_move_count` applies it."""


def check_move_count(count: int, what: str, most: int = MAX_MOVES) -> None:
    """Raise :class:`~npuzzle.errors.MoveError` when ``what`` (the input, quoted, as the message should name it)
    holds or stands for ``count`` moves, more than ``most`` (:data:`MAX_MOVES` unless a reader caps lower)."""
    if count > most:
        raise MoveError(f"{what} stands for more than {most:,} single-tile moves")


MAX_DIGITS = 20
"""A number token longer than this is refused as too large while parsing (no tile exceeds 3,999,999); shorter
ones are read and then checked against the board's own range."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_tiles(rows: int, cols: int, tiles: Sequence[int]) -> None:
    n = rows * cols
    if len(tiles) != n:
        raise ShapeError(f"a {rows}×{cols} board needs {n} numbers, got {len(tiles)}")
    distinct = set(tiles)
    if len(distinct) == n and min(tiles) == 0 and max(tiles) == n - 1:
        return  # the common case, checked in C: n distinct numbers from 0 to n-1 are exactly the tiles and a blank
    if 0 not in distinct and max(distinct) == n and len(distinct) == n:
        raise BlankError(
            f"the board has no blank: the numbers run from 1 to {n}, but a {rows}×{cols} board has tiles "
            f"1 to {n - 1} and one blank (write it as 0, _, ., -, x or *)"
        )
    # Something is wrong: find the first problem, cell by cell, to name it precisely.
    seen = bytearray(n)
    blanks: list[int] = []
    duplicate: tuple[int, int, int] | None = None
    first_at: dict[int, int] = {}
    for index, tile in enumerate(tiles):
        if not 0 <= tile < n:
            raise TileOutOfRangeError(
                f"{show_value(tile, unit='digits')} at {cell_name(index, cols)} is out of range: "
                f"a {rows}×{cols} board has tiles 1 to {n - 1} and one blank"
            )
        if tile == 0:
            blanks.append(index)
        elif seen[tile]:
            if duplicate is None:
                duplicate = (tile, first_at[tile], index)
        else:
            first_at[tile] = index
        seen[tile] = 1
    if duplicate is not None:
        tile, first, second = duplicate
        missing = [t for t in range(1, n) if not seen[t]]
        raise DuplicateTileError(
            f"tile {tile} appears twice ({cell_name(first, cols)} and {cell_name(second, cols)})"
            + (f"; missing: {_list_some(missing)}" if missing else "")
        )
    if not blanks:
        missing = [t for t in range(1, n) if not seen[t]]
        raise BlankError(
            "the board has no blank (write it as 0, _, ., -, x or *)"
            + (f"; missing: {_list_some(missing)}" if missing else "")
        )
    if len(blanks) > 1:
        where = " and ".join(cell_name(i, cols) for i in blanks[:3])
        more = f" and {len(blanks) - 3} more" if len(blanks) > 3 else ""
        missing = [t for t in range(1, n) if not seen[t]]
        raise BlankError(
            f"the board has {len(blanks)} blanks ({where}{more}); it needs exactly one"
            + (f"; missing: {_list_some(missing)}" if missing else "")
        )
    missing = [t for t in range(1, n) if not seen[t]]
    if missing:  # unreachable with n distinct in-range numbers and one blank, kept as a guard
        raise MissingTilesError(f"missing tiles: {_list_some(missing)}")


def _list_some(values: Sequence[int], most: int = 10) -> str:
    shown = ", ".join(str(v) for v in values[:most])
    return shown + (f" and {len(values) - most} more" if len(values) > most else "")


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable ``rows × cols`` sliding-tile board; ``tiles`` is row-major with ``0`` for the blank.

    Construction validates the shape and the tiles in O(n) (``rows`` and ``cols`` ints; every tile an ``int``, not a
    ``bool`` or a ``float``; each of ``0 … rows·cols−1`` once) and raises a :class:`~npuzzle.errors.BoardError`
    subclass naming the problem. ``tiles`` may be any sequence; it is stored as a tuple. Boards are hashable and
    compare by shape and tiles.
    """

    rows: int
    cols: int
    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if not _is_int(value):
                raise ShapeError(f"{name} must be a whole number, got {show_value(value)}")
        check_shape(self.rows, self.cols)
        tiles = self.tiles
        if not isinstance(tiles, tuple):
            if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
                raise NotANumberError(f"tiles must be a sequence of ints, got {show_value(tiles)}")
            tiles = tuple(tiles)
            object.__setattr__(self, "tiles", tiles)
        if set(map(type, tiles)) != {int}:  # in C: one pass, no Python loop when every tile is a plain int
            for index, tile in enumerate(tiles):
                if not _is_int(tile):
                    raise NotANumberError(
                        f"tile {show_value(tile)} at {cell_name(index, self.cols)} is not a whole number "
                        f"(a {type(tile).__name__}); tiles are ints, 0 for the blank"
                    )
            tiles = tuple(map(int, tiles))  # int subclasses (IntEnum, …) stored as plain ints
            object.__setattr__(self, "tiles", tiles)
        _validate_tiles(self.rows, self.cols, tiles)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> Board:
        """Build a board from a list of equally long rows of ints (0 = blank)."""
        check_rows(rows)
        check_shape(len(rows), len(rows[0]))
        return cls(len(rows), len(rows[0]), tuple(chain.from_iterable(rows)))

    @property
    def size(self) -> int:
        """The number of cells, ``rows × cols``."""
        return self.rows * self.cols

    @property
    def blank_index(self) -> int:
        """The row-major index of the blank."""
        return self.tiles.index(0)

    @property
    def blank(self) -> tuple[int, int]:
        """The blank's ``(row, col)``, 0-based from the top-left."""
        return divmod(self.blank_index, self.cols)

    def row_lists(self) -> list[list[int]]:
        """The tiles as a list of rows."""
        c = self.cols
        return [list(self.tiles[r * c : (r + 1) * c]) for r in range(self.rows)]

    def format(self, *, one_line: bool = False, blank: str = "0") -> str:
        """The board as text that :func:`npuzzle.parse_board` reads back to the same board.

        Multi-line by default, numbers right-aligned; ``one_line=True`` separates rows with ``" / "``.
        """
        width = len(str(self.size - 1))
        cells = [blank if t == 0 else str(t) for t in self.tiles]
        c = self.cols
        if one_line:
            return " / ".join(" ".join(cells[r * c : (r + 1) * c]) for r in range(self.rows))
        return "\n".join(" ".join(x.rjust(width) for x in cells[r * c : (r + 1) * c]) for r in range(self.rows))

    def __str__(self) -> str:
        return self.format()

    # Moves -------------------------------------------------------------------------------------------------

    def movable_tiles(self) -> dict[Direction, int]:
        """The tiles that can slide into the blank, keyed by the direction each would move."""
        br, bc = self.blank
        out: dict[Direction, int] = {}
        for d in DIRECTIONS:
            dr, dc = TILE_OFFSETS[d]
            r, c = br + dr, bc + dc
            if 0 <= r < self.rows and 0 <= c < self.cols:
                out[d] = self.tiles[r * self.cols + c]
        return out

    def slide(self, move: int | str) -> Board:
        """The board after one move: a tile number next to the blank, or a direction letter U/D/L/R.

        Raises :class:`~npuzzle.errors.MoveError` when the move is not legal here.
        """
        tile = self._tile_for(move)
        blank_at = self.blank_index
        tile_at = self.tiles.index(tile)
        cells = list(self.tiles)
        cells[blank_at], cells[tile_at] = tile, 0
        return unchecked_board(self.rows, self.cols, tuple(cells))

    def _tile_for(self, move: int | str) -> int:
        movable = self.movable_tiles()
        if isinstance(move, str):
            key = move.strip().upper()
            if key in TILE_OFFSETS:
                if key not in movable:
                    word = DIRECTION_WORDS[cast(Direction, key)]
                    raise MoveError(f"move {move!r}: no tile can move {word} (the blank is at {self._blank_name()})")
                return movable[key]
            if not (key.isascii() and key.isdigit()):
                raise MoveError(f"move {quote_input(move)} is neither a tile number nor one of U, D, L, R")
            if len(key) > MAX_DIGITS:  # no tile has that many digits (and int() refuses more than 4,300)
                raise MoveError(f"move {quote_input(move)}: there is no such tile on a {self.rows}×{self.cols} board")
            move = int(key)
        elif not _is_int(move):
            raise MoveError(
                f"move {show_value(move)} is neither a tile number (an int) nor one of the letters U, D, L, R "
                f"(got a {type(move).__name__})"
            )
        if move not in movable.values():
            shown = show_value(move, unit="digits")
            if not 1 <= move < self.size:
                raise MoveError(f"move {shown}: there is no tile {shown} on a {self.rows}×{self.cols} board")
            can = ", ".join(str(t) for t in sorted(movable.values()))
            raise MoveError(f"move {shown}: tile {shown} is not next to the blank (tiles that can move: {can})")
        return move

    def _blank_name(self) -> str:
        return cell_name(self.blank_index, self.cols)

    def apply(self, moves: Iterable[int | str]) -> Board:
        """The board after a sequence of moves, played in place (:class:`Replay`: O(n + moves), one copy of the
        tiles); a :class:`MoveError` names the first illegal move and its step."""
        replay = Replay(self)
        replay.play_all(moves)
        return replay.board()

    def direction_of(self, tile: int) -> Direction:
        """The letter (U/D/L/R) for sliding ``tile`` into the blank; raises :class:`MoveError` if it cannot."""
        for d, t in self.movable_tiles().items():
            if t == tile:
                return d
        raise MoveError(f"move {tile}: tile {tile} is not next to the blank")


class Replay:
    """A board played move by move in place: its tiles in one list and the blank's cell, so that a move costs O(1)
    where :meth:`Board.slide` copies all ``n`` tiles. Long move lists (a pasted solve, a reconstruction) are played
    through it: O(n + moves) for the lot. :meth:`play` takes a move as :meth:`Board.slide` does and raises the same
    :class:`~npuzzle.errors.MoveError`."""

    __slots__ = ("blank", "cells", "cols", "letters", "rows")

    def __init__(self, board: Board) -> None:
        self.rows, self.cols = board.rows, board.cols
        self.cells = list(board.tiles)
        self.blank = self.cells.index(0)
        self.letters: dict[int, Direction] = {board.cols: "U", -board.cols: "D", 1: "L", -1: "R"}
        """The letter of a move by the step from the blank's cell to the moved tile's."""

    def board(self) -> Board:
        """The board as played so far (a copy of the tiles)."""
        return unchecked_board(self.rows, self.cols, tuple(self.cells))

    def play(self, move: int | str) -> Direction:
        """Play one move (a tile number next to the blank or a letter U/D/L/R, as :meth:`Board.slide` takes it) and
        return its letter, the direction the tile moved; the tile is now on the blank's former cell."""
        cells, blank, cols = self.cells, self.blank, self.cols
        at = -1
        if type(move) is str and len(move) == 1:  # the fast paths: a letter, a tile number
            letter = move.upper()
            if letter == "U":
                at = blank + cols if blank + cols < len(cells) else -1
            elif letter == "D":
                at = blank - cols
            elif letter == "L":
                at = blank + 1 if (blank + 1) % cols else -1
            elif letter == "R":
                at = blank - 1 if blank % cols else -1
        elif type(move) is int:
            column = blank % cols
            if blank + cols < len(cells) and cells[blank + cols] == move:
                at = blank + cols
            elif blank >= cols and cells[blank - cols] == move:
                at = blank - cols
            elif column < cols - 1 and cells[blank + 1] == move:
                at = blank + 1
            elif column and cells[blank - 1] == move:
                at = blank - 1
        if at < 0:  # any other form (" u ", "12") or an illegal move: the board's own reading and message
            at = cells.index(self.board()._tile_for(move))
        cells[blank], cells[at] = cells[at], 0
        self.blank = at
        return self.letters[at - blank]

    def played(self, moves: Iterable[int | str]) -> Iterator[Direction]:
        """Play ``moves`` in turn, yielding each one's letter; a :class:`~npuzzle.errors.MoveError` (a move that
        cannot be played, or one that ``moves`` itself raises as it is read) names the move's step."""
        step = 1
        try:
            for move in moves:
                yield self.play(move)
                step += 1
        except MoveError as exc:
            raise MoveError(f"step {step}: {exc}") from None

    def play_all(self, moves: Iterable[int | str]) -> None:
        """Play ``moves`` in turn (as :meth:`played`, the letters not kept)."""
        for _ in self.played(moves):
            pass


def unchecked_board(rows: int, cols: int, tiles: tuple[int, ...]) -> Board:
    """A board from tiles known to be valid (a permutation of ``0 … rows·cols − 1``), built in O(1) without the
    O(n) validation: for code that made the tiles itself (moves, shuffles, goals). Never for input."""
    board = object.__new__(Board)
    object.__setattr__(board, "rows", rows)
    object.__setattr__(board, "cols", cols)
    object.__setattr__(board, "tiles", tiles)
    return board


def check_rows(rows: Sequence[Sequence[int]]) -> None:
    """Raise :class:`EmptyInputError` for no rows and :class:`RaggedRowsError` naming the first row whose length
    differs from the first row's."""
    if not rows or not rows[0]:
        raise EmptyInputError("the board is empty")
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise RaggedRowsError(
                f"row {number} has {len(row)} number{'s' if len(row) != 1 else ''}, "
                f"but row 1 has {width}: every row must be as long as the first"
            )


def validated(rows: int, cols: int, tiles: tuple[int, ...]) -> Board:
    """A board from a tuple of plain ints (the parser's output): the shape and tile checks of :class:`Board`
    without its per-element type check, which the parser has made already."""
    check_shape(rows, cols)
    _validate_tiles(rows, cols, tiles)
    return unchecked_board(rows, cols, tiles)


def goal_board(rows: int, cols: int, kind: GoalName = "default") -> Board:
    """A named goal: ``"default"`` is ``1 2 … n−1`` then the blank; ``"blank-first"`` is ``0 1 … n−1`` (Korf's)."""
    check_shape(rows, cols)
    n = rows * cols
    if kind == "default":
        return unchecked_board(rows, cols, tuple(range(1, n)) + (0,))
    if kind == "blank-first":
        return unchecked_board(rows, cols, tuple(range(n)))
    raise GoalError(f"unknown goal {kind!r}: use 'default', 'blank-first' or a board")


def moves_to_letters(start: Board, moves: Sequence[int]) -> list[Direction]:
    """Translate a tile-number move list into U/D/L/R letters by replaying it from ``start`` (in place:
    :class:`Replay`)."""
    replay = Replay(start)
    return [replay.play(tile) for tile in moves]


def iter_boards(start: Board, moves: Iterable[int | str]) -> Iterator[Board]:
    """Yield the board after each move in turn (not the start)."""
    board = start
    for move in moves:
        board = board.slide(move)
        yield board
