"""The sliding puzzle as a Gymnasium environment, with the optimal distance in ``info`` where it is cheap.

:class:`SlidingPuzzleEnv`: any ``rows × cols`` board and goal. Actions are ``Discrete(4)``: 0 U, 1 D, 2 L, 3 R, the
direction the tile moves (as :mod:`npuzzle.board`'s letters and DeepCubeA's); an action the mask forbids leaves the
board as it is and costs a step. Observations are the tiles as an int16 array ``(rows, cols)`` (0 the blank; int32
above 32,768 cells), or with ``observation="onehot"`` an int8 array ``(rows, cols, rows·cols)``. Starts are seeded:
uniformly random solvable boards (``scramble="random"``), ``walk:K`` random moves from the goal, or ``walk:A-B``
between A and B of them (the count drawn uniformly: starts of controlled depth, as DeepCubeA trains), never the goal
itself; ``reset``'s ``options={"board": …}`` starts from a given board (text, lists, an array). Rewards:
``reward="step"`` gives −1 per action (an episode's return is minus its length), ``"sparse"`` gives 1 on reaching
the goal and 0 otherwise. An episode ends (``terminated``) at the goal and is truncated after
:data:`MAX_EPISODE_STEPS` actions: the registered spec's ``max_episode_steps``, which ``gym.make`` applies with
Gymnasium's ``TimeLimit`` (``gym.make(…, max_episode_steps=N)`` changes it, and ``env.spec`` says it); an env made
directly truncates itself after ``max_steps`` actions, the same number unless given (None: never).

``info`` holds ``action_mask`` (int8, 1 for each legal action: also :meth:`SlidingPuzzleEnv.action_masks`), the
``tile`` the last action slid (0: none), and, unless ``distance="off"``, the labels of
:class:`npuzzle.research.labels.DistanceLabeller`: ``optimal_distance`` (-1 where not known), ``distance_known`` (which
of the two) and ``distance_lower_bound``, the same keys at every step.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..board import DIRECTIONS, Board
from ..errors import (
    GoalError,
    LimitError,
    PatternDatabaseError,
    PuzzleError,
    ShapeError,
    UnknownNameError,
    UnsolvableError,
    quote_input,
    quote_path,
    show_value,
)
from ..interchange import action_letter, board_from_array, board_to_array
from ..parse import parse_board, resolve_goal
from ..pdb import PDB_ENV, PdbTables, cache_dir, home_map, locate, read_tables
from ..randomize import MAX_SCRAMBLE_MOVES, random_board, scramble
from ..research.dataset import DatasetError, parse_scramble
from ..research.labels import MODES, DistanceLabeller
from ..solvability import is_solvable
from ..solving.records import PDB_SHAPE

Observation = np.ndarray[Any, Any]
DISTANCES = ("off", *MODES)
REWARDS = ("step", "sparse")
OBSERVATIONS = ("tiles", "onehot")
MAX_EPISODE_STEPS = 200
"""The actions an episode is allowed before it is truncated, unless told otherwise: the registered spec's
``max_episode_steps`` and an env's own ``max_steps``. Over six times the 8-puzzle's longest optimal solution (31
moves) and over twice the 15-puzzle's (80); bigger boards want more (``gym.make(…, max_episode_steps=N)``)."""
RESET_OPTIONS = ("board", "scramble")
"""The keys ``reset``'s ``options`` take; any other is refused (a typo would otherwise be ignored)."""
MAX_ONEHOT_CELLS = 1024
"""The largest board a one-hot observation is offered for (its array has cells² entries)."""


class SlidingPuzzleEnv(gym.Env[Observation, np.int64]):
    """The sliding puzzle (see the module text). ``tables`` is the 15-puzzle's pattern database (a
    :class:`~npuzzle.pdb.PdbTables` or a file path) for exact 4×4 distances; without it a 4×4 env finds the one the
    command line uses (``$NPUZZLE_PDB``, else ``npuzzle pdb build``'s file in the user's cache directory). Bad
    settings raise a :class:`~npuzzle.errors.PuzzleError` naming the value."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's class attribute

    def __init__(
        self,
        rows: int = 4,
        cols: int = 4,
        goal: str | Board = "default",
        scramble: str = "random",
        observation: str = "tiles",
        reward: str = "step",
        max_steps: int | None = MAX_EPISODE_STEPS,
        distance: Literal["off", "cheap", "exact"] = "cheap",
        tables: PdbTables | str | os.PathLike[str] | None = None,
        render_mode: str | None = None,
    ) -> None:
        rows, cols = _whole("rows", rows, ShapeError), _whole("cols", cols, ShapeError)
        if not isinstance(goal, str | Board):
            raise GoalError(f"goal must be 'default', 'blank-first' or a board (text, a Board), got {show_value(goal)}")
        self.goal = resolve_goal(goal, rows, cols)
        self.depths = parse_depths(scramble)
        if not isinstance(tables, PdbTables | str | os.PathLike | None):
            raise PatternDatabaseError(f"tables must be a file's path or PdbTables, got {show_value(tables)}")
        _check_choice("observation", observation, OBSERVATIONS)
        _check_choice("reward", reward, REWARDS)
        _check_choice("distance", distance, DISTANCES)
        _check_choice("render_mode", render_mode, (None, *self.metadata["render_modes"]))
        if observation == "onehot" and self.goal.size > MAX_ONEHOT_CELLS:
            raise LimitError(f"one-hot observations go up to {MAX_ONEHOT_CELLS} cells, not {rows}×{cols}")
        self.max_steps = None if max_steps is None else _whole("max_steps", max_steps, LimitError)
        if self.max_steps is not None and self.max_steps < 1:
            raise LimitError(f"max_steps must be at least 1, got {max_steps}")
        self.observation = observation
        self.reward_kind = reward
        self.render_mode = render_mode
        loaded = None if distance == "off" else _find_tables(tables, self.goal)
        if distance == "exact" and loaded is None and _tables_would_serve(self.goal):
            raise LimitError(
                f"distance='exact' on a 4×4 needs the pattern database, and none was found (${PDB_ENV} is not set, "
                f"and {quote_path(cache_dir())} holds no file `npuzzle pdb build` wrote): run `npuzzle pdb build`, "
                "or pass tables=FILE, or use distance='cheap' for a lower bound"
            )
        self.labeller = None if distance == "off" else DistanceLabeller(self.goal, loaded, distance)
        n = self.goal.size
        self.action_space = spaces.Discrete(len(DIRECTIONS))
        self.tile_type = "int16" if n <= 1 << 15 else "int32"
        if observation == "tiles":
            self.observation_space = spaces.Box(0, n - 1, (rows, cols), np.dtype(self.tile_type))
        else:
            self.observation_space = spaces.Box(0, 1, (rows, cols, n), np.int8)
        self.board = self.goal
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new episode: from ``options["board"]`` when given, else a start drawn with the seeded generator, by
        ``options["scramble"]`` for this episode when given (a curriculum: ``"walk:1-5"``, later ``"walk:1-20"``),
        else by the env's ``scramble``. Any other option is refused (:class:`~npuzzle.errors.UnknownNameError` naming
        it and :data:`RESET_OPTIONS`)."""
        super().reset(seed=seed)
        chosen = _check_options(options)
        given = chosen.get("board")
        if given is not None and "scramble" in chosen:
            raise UnknownNameError("reset takes options board or scramble, not both: a given board is not drawn")
        depths = parse_depths(chosen["scramble"]) if "scramble" in chosen else self.depths
        self.board = self._given(given) if given is not None else self._drawn(depths)
        self.steps = 0
        return self._observe(), self._info(0, searching=True)

    def _drawn(self, depths: tuple[int, int] | None) -> Board:
        """A start drawn from the environment's random generator (uniform, or a walk of ``depths``): never the goal."""
        while True:
            seed = int(self.np_random.integers(2**63))
            if depths is None:
                board = random_board(self.goal.rows, self.goal.cols, seed=seed, goal=self.goal)
            else:
                low, high = depths
                moves = low if low == high else int(self.np_random.integers(low, high + 1))
                board = scramble(self.goal, moves, seed=seed)
            if board != self.goal:
                return board

    def _given(self, given: object) -> Board:
        shape = (self.goal.rows, self.goal.cols)
        if isinstance(given, Board):
            board = given
        else:
            board = parse_board(given, shape) if isinstance(given, str) else board_from_array(given, shape)
        if (board.rows, board.cols) != shape or not is_solvable(board, self.goal):
            raise UnsolvableError(
                f"the start {board.format(one_line=True)} cannot reach the goal {self.goal.format(one_line=True)}"
            )
        return board

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        return self.slide(self.board.movable_tiles().get(action_letter(action), 0))

    def slide(self, tile: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """One step that slides ``tile`` (0, or a tile not next to the blank: the board stays as it is); what
        :meth:`step` returns."""
        if tile in self.board.movable_tiles().values():
            self.board = self.board.slide(tile)
        self.steps += 1
        terminated = self.board == self.goal
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        reward = -1.0 if self.reward_kind == "step" else float(terminated)
        return self._observe(), reward, terminated, truncated, self._info(tile)

    def action_masks(self) -> np.ndarray[Any, Any]:
        """1 for each action that moves a tile now, 0 for the others (int8; the mask ``Discrete.sample`` takes). Through
        Gymnasium's wrappers, which pass no method through: ``env.get_wrapper_attr("action_masks")()``, as
        sb3-contrib's ``MaskablePPO`` calls it."""
        movable = self.board.movable_tiles()
        return np.array([1 if d in movable else 0 for d in DIRECTIONS], dtype=np.int8)

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else self.board.format() + "\n"

    def _observe(self) -> Observation:
        if self.observation == "tiles":
            return board_to_array(self.board, self.tile_type)
        return board_to_array(self.board, "int8", one_hot=True)

    def _info(self, tile: int, searching: bool = False) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks(), "tile": tile}
        if self.labeller is not None:
            info.update(self.labeller.labels(self.board, searching))
        return info


def _find_tables(tables: PdbTables | str | os.PathLike[str] | None, goal: Board) -> PdbTables | None:
    """``tables`` as given (a file is read), else for a 4×4 goal with its blank in a corner the database the command
    line finds (:func:`npuzzle.pdb.locate`: ``$NPUZZLE_PDB``, then the file ``npuzzle pdb build`` left in the
    user's cache directory), memory-mapped from its search form; None where there is none or it would not serve."""
    if isinstance(tables, PdbTables):
        return tables
    if tables is not None:
        return read_tables(os.fspath(tables))
    if not _tables_would_serve(goal):
        return None
    located = locate()
    return None if located.path is None else read_tables(located.path, located.origin)


def _tables_would_serve(goal: Board) -> bool:
    """Whether the 15-puzzle's database serves boards bound for ``goal``: a 4×4 with its blank in a corner."""
    return (goal.rows, goal.cols) == PDB_SHAPE and home_map(goal) is not None


def parse_depths(scramble: object) -> tuple[int, int] | None:
    """How a start is drawn: ``"random"`` (None: uniformly), ``"walk:K"`` ((K, K): K random moves from the goal) or
    ``"walk:A-B"`` ((A, B): between A and B of them, 1 ≤ A ≤ B ≤ :data:`~npuzzle.randomize.MAX_SCRAMBLE_MOVES`).
    Each part is read by the datasets' reader (:func:`npuzzle.research.dataset.parse_scramble`); raises
    :class:`~npuzzle.errors.UnknownNameError` quoting anything else, :class:`~npuzzle.errors.LimitError` for a walk
    of 0 (the goal itself) or beyond the limit."""
    refused = UnknownNameError(
        "scramble must be 'random', 'walk:K' or 'walk:A-B' (K, or between A and B, random moves from the goal), "
        f"got {show_value(scramble)}"
    )
    if not isinstance(scramble, str):
        raise refused
    first, dash, last = scramble.partition("-")
    try:
        low = parse_scramble(first)
        high = parse_scramble(f"walk:{last}") if dash else low
    except DatasetError:
        raise refused from None
    if low is None or high is None:
        if dash:  # random-4
            raise refused
        return None
    if low < 1 or low > high or high > MAX_SCRAMBLE_MOVES:
        raise LimitError(
            f"scramble {quote_input(scramble)} is not a walk of 1 to {MAX_SCRAMBLE_MOVES:,} moves "
            "(walk:0 is the goal itself; in walk:A-B, A is at most B)"
        )
    return low, high


def _whole(name: str, value: object, error: type[PuzzleError]) -> int:
    """``value`` as an int when it is a whole number (a Python or numpy integer, not a bool); else ``error`` naming
    the setting ``name`` and quoting the value."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return int(value)
    raise error(f"{name} must be a whole number, got {show_value(value)}")


def _check_options(options: object) -> Mapping[str, Any]:
    """``reset``'s ``options`` (None: none); raises :class:`~npuzzle.errors.UnknownNameError` for anything but a
    mapping of :data:`RESET_OPTIONS`, naming the first option it does not know."""
    if options is None:
        return {}
    known = ", ".join(repr(name) for name in RESET_OPTIONS)
    if not isinstance(options, Mapping):
        raise UnknownNameError(f"reset's options must be a dict of {known}, got {show_value(options)}")
    for name in options:
        if name not in RESET_OPTIONS:
            raise UnknownNameError(f"reset has no option {show_value(name)}: its options are {known}")
    return options


def _check_choice(name: str, value: object, choices: tuple[object, ...]) -> None:
    if value not in choices:
        shown = ", ".join(repr(c) for c in choices)
        raise UnknownNameError(f"{name} must be one of {shown}, got {show_value(value)}")
