"""Boards packed into one Python int, the state representation the searches use.

A state of a ``rows × cols`` board is a single non-negative int: the blank's cell index in the low ``blank_bits``
bits, then ``bits`` bits per cell, cell 0 (top-left) first, each holding the tile there (0 for the blank)::

    state = blank | sum(tile_at[p] << (blank_bits + p * bits) for p in cells)

An int is hashable, compares in one step and makes a move three additions: when the tile ``t`` at cell ``src``
slides into the blank at ``dst``, the next state is ``state + (t << shift(dst)) - (t << shift(src)) + (src - dst)``
(the blank moves to ``src``). In CPython this is faster than building tuples or bytes, and the blank's cell is
read back with one ``&``. A :class:`Layout` holds these constants for one shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Move:
    """One possible move with the blank at ``dst``: the tile at ``src`` slides into ``dst``.

    ``tile_shift`` is ``shift(src)`` (where the tile is read from), ``blank_shift`` is ``shift(dst)`` and
    ``blank_step`` is ``src - dst``; ``vertical`` tells whether the tile moves up or down.
    """

    src: int
    dst: int
    tile_shift: int
    blank_shift: int
    blank_step: int
    vertical: bool


@dataclass(frozen=True, slots=True)
class Layout:
    """The packing constants of one board shape; build it with :meth:`of`."""

    rows: int
    cols: int
    bits: int
    """Bits per cell: enough for the largest tile number, ``rows·cols − 1``."""
    blank_bits: int
    """Bits of the blank's cell index at the bottom of the state."""
    moves: tuple[tuple[Move, ...], ...]
    """``moves[dst]``: the moves possible when the blank is at cell ``dst`` (up to four)."""

    @classmethod
    def of(cls, rows: int, cols: int) -> Layout:
        """The layout of a ``rows × cols`` board. O(rows·cols)."""
        n = rows * cols
        bits = max(1, (n - 1).bit_length())
        blank_bits = max(1, (n - 1).bit_length())
        table: list[tuple[Move, ...]] = []
        for dst in range(n):
            r, c = divmod(dst, cols)
            here: list[Move] = []
            for src, ok, vertical in (
                (dst - cols, r > 0, True),
                (dst + cols, r < rows - 1, True),
                (dst - 1, c > 0, False),
                (dst + 1, c < cols - 1, False),
            ):
                if ok:
                    here.append(Move(src, dst, blank_bits + src * bits, blank_bits + dst * bits, src - dst, vertical))
            table.append(tuple(here))
        return cls(rows, cols, bits, blank_bits, tuple(table))

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    @property
    def state_bits(self) -> int:
        """The bits a packed state can occupy: the blank's cell, then every cell's tile."""
        return self.blank_bits + self.size * self.bits

    @property
    def tile_mask(self) -> int:
        """``(1 << bits) - 1``: masks one cell after shifting."""
        return (1 << self.bits) - 1

    @property
    def blank_mask(self) -> int:
        """``(1 << blank_bits) - 1``: ``state & blank_mask`` is the blank's cell."""
        return (1 << self.blank_bits) - 1

    def shift(self, cell: int) -> int:
        """Where the bits of ``cell`` start in a state."""
        return self.blank_bits + cell * self.bits

    def pack(self, tiles: Sequence[int]) -> int:
        """The state of a row-major tile sequence (0 = blank). O(n)."""
        state = 0
        blank = -1
        for cell, tile in enumerate(tiles):
            if tile:
                state |= tile << (self.blank_bits + cell * self.bits)
            else:
                blank = cell
        return state | blank

    def unpack(self, state: int) -> tuple[int, ...]:
        """The row-major tiles of a state. O(n)."""
        mask, bits, base = self.tile_mask, self.bits, self.blank_bits
        return tuple([(state >> shift) & mask for shift in range(base, base + self.size * bits, bits)])

    def slide(self, state: int, move: Move) -> tuple[int, int]:
        """The tile ``move`` slides in ``state``, and the state after it. O(1)."""
        tile = self.tile_at(state, move.src)
        return tile, state + (tile << move.blank_shift) - (tile << move.tile_shift) + move.blank_step

    def tile_at(self, state: int, cell: int) -> int:
        """The tile at ``cell`` in ``state`` (0 for the blank)."""
        return (state >> (self.blank_bits + cell * self.bits)) & self.tile_mask

    def line_mask(self, cells: Sequence[int]) -> int:
        """The mask selecting the bits of ``cells``: ``state & mask`` identifies what those cells hold."""
        mask = 0
        for cell in cells:
            mask |= self.tile_mask << self.shift(cell)
        return mask
