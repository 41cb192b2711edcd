"""The sliding puzzle for language models: the board as text, a move as a word, a bad move answered in words.

:class:`TextPuzzleEnv` plays :class:`~npuzzle.env.puzzle.SlidingPuzzleEnv` (same settings, rewards, truncation and
``info``) through text. The observation is the board, rows on lines, ``_`` the blank; the action is one move as
text: ``up``, ``down``, ``left``, ``right`` or ``U``/``D``/``L``/``R`` (the direction the tile moves) or a tile
number, case and surrounding spaces forgiven (:func:`npuzzle.interchange.read_move`). A move that cannot be read or
made leaves the board as it is, costs a step, and the next observation starts with the line the command line would
print for it (``npuzzle: move 'jump' is neither a tile number nor one of U, D, L, R``), also in ``info["error"]``.
"""

from __future__ import annotations

import string
from typing import Any, SupportsFloat

import gymnasium as gym
from gymnasium import spaces

from ..errors import MoveError, UnknownNameError, show_value
from ..interchange import read_move
from .puzzle import SlidingPuzzleEnv

CHARSET = frozenset(string.printable + "×…−–·≤→↔")
"""The characters of the observations: the board's and those of npuzzle's messages."""

MAX_ACTION = 64
"""The longest action the action space samples (any text is read)."""


class TextPuzzleEnv(gym.Env[str, str]):
    """The puzzle through text (see the module text); keyword arguments are :class:`SlidingPuzzleEnv`'s."""

    metadata = SlidingPuzzleEnv.metadata

    def __init__(self, rows: int = 3, cols: int = 3, **settings: Any) -> None:
        if "observation" in settings:
            raise UnknownNameError(
                f"TextPuzzleEnv's observation is text: leave out observation={show_value(settings['observation'])}"
            )
        self.puzzle = SlidingPuzzleEnv(rows, cols, **settings)
        self.render_mode = self.puzzle.render_mode
        self.action_space = spaces.Text(MAX_ACTION, min_length=0, charset=string.printable)
        most = len(self.puzzle.goal.format(blank="_")) + 400  # the board and one message (quotes are cut at 40)
        self.observation_space = spaces.Text(most, min_length=1, charset=CHARSET)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """A new episode of the puzzle (``options`` as :meth:`SlidingPuzzleEnv.reset` takes them)."""
        super().reset(seed=seed)
        _, info = self.puzzle.reset(seed=seed, options=options)
        return self._text(), info

    def step(self, action: str) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        error = None
        try:
            tile = read_move(self.puzzle.board, str(action))
        except MoveError as exc:
            tile, error = 0, f"npuzzle: {exc}"
        _, reward, terminated, truncated, info = self.puzzle.slide(tile)
        if error is not None:
            info["error"] = _printable(error)
        return self._text(info.get("error")), reward, terminated, truncated, info

    def render(self) -> str | None:
        return self.puzzle.render()

    def _text(self, error: str | None = None) -> str:
        board = self.puzzle.board.format(blank="_")
        return board if error is None else f"{error}\n{board}"


def _printable(text: str) -> str:
    """``text`` with every character outside :data:`CHARSET` written as its escape (``\\u00e9``)."""
    return "".join(c if c in CHARSET else c.encode("unicode_escape").decode("ascii") for c in text)
