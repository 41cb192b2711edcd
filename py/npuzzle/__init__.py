"""npuzzle: check and solve sliding-tile puzzles (8-puzzle, 15-puzzle, any rows × cols board).

The public surface::

    from npuzzle import parse_board, goal_board, is_solvable, explain, random_board, scramble

    board = parse_board("1 8 2 / 0 4 3 / 7 6 5")
    is_solvable(board)            # True
    print(explain(board))         # Solvable. The board has 10 inversions (even); the goal has 0 (even): ...

    from npuzzle import solve, run
    result = run(solve(board, goal_board(3, 3)))   # algorithm and heuristic "auto" (docs/auto.md): here A* +
    result.moves, result.optimal                   # linear conflict; (4, 8, 2, 3, 5, 6, 8, 5, 6), True

    from npuzzle import solve_big                  # the near-optimal solver for big boards (5×5 … 20×20)

The README has the essentials, ``docs/`` the rest: ``docs/architecture.md`` (the layers from this package to the
page), ``docs/pattern-databases.md``, ``docs/near-optimal.md`` and ``docs/benchmarks.md`` (every measured figure).
"""

from .board import DIRECTIONS, GOAL_NAMES, MAX_CELLS, Board, goal_board, iter_boards, moves_to_letters
from .errors import (
    BlankError,
    BoardError,
    DuplicateTileError,
    EmptyInputError,
    GoalError,
    LimitError,
    MissingTilesError,
    MoveError,
    NotANumberError,
    PuzzleError,
    RaggedRowsError,
    ShapeError,
    SizeLimitError,
    TileOutOfRangeError,
    UnsolvableError,
)
from .parse import parse_board, parse_moves, parse_shape, resolve_goal
from .randomize import random_board, scramble
from .solvability import BoardInvariants, Explanation, count_inversions, explain, inversion_parity, is_solvable
from .heuristics import HEURISTIC_NAMES, Heuristic, make_heuristic
from .progress import Limit, Progress, Search, SearchResult, SearchStopped, run, stop
from .search import astar, idastar
from .solve import ALGORITHM_NAMES, compare, plan, solve
from .nearoptimal.solver import solve_big

__version__ = "0.1.0"

__all__ = [
    "DIRECTIONS",
    "GOAL_NAMES",
    "MAX_CELLS",
    "BlankError",
    "Board",
    "BoardError",
    "BoardInvariants",
    "DuplicateTileError",
    "EmptyInputError",
    "Explanation",
    "GoalError",
    "LimitError",
    "MissingTilesError",
    "MoveError",
    "NotANumberError",
    "PuzzleError",
    "RaggedRowsError",
    "ShapeError",
    "SizeLimitError",
    "TileOutOfRangeError",
    "UnsolvableError",
    "ALGORITHM_NAMES",
    "HEURISTIC_NAMES",
    "Heuristic",
    "Limit",
    "Progress",
    "Search",
    "SearchResult",
    "astar",
    "compare",
    "idastar",
    "make_heuristic",
    "plan",
    "run",
    "solve",
    "solve_big",
    "SearchStopped",
    "stop",
    "count_inversions",
    "explain",
    "goal_board",
    "inversion_parity",
    "is_solvable",
    "iter_boards",
    "moves_to_letters",
    "parse_board",
    "parse_moves",
    "parse_shape",
    "random_board",
    "resolve_goal",
    "scramble",
]
