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

The README has the essentials, ``docs/`` the rest: ``docs/architecture.md`` (the map: this package's folders, the
page, how a request travels), ``docs/pattern-databases.md``, ``docs/near-optimal.md`` and ``docs/benchmarks.md``
(the current figures; the history in ``docs/benchmarks-log.md``).
"""

from .board import DIRECTIONS, GOAL_NAMES, MAX_CELLS, Board, goal_board, iter_boards, moves_to_letters
from .errors import (
    BlankError,
    BoardError,
    DuplicateTileError,
    EmptyInputError,
    EmptyRowError,
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
    UnknownNameError,
    UnsolvableError,
)
from .names import ALGORITHM_NAMES, HEURISTIC_NAMES
from .nearoptimal import solve_big
from .optimal.heuristics import Heuristic, make_heuristic
from .optimal.search import astar, idastar
from .parse import parse_board, parse_moves, parse_shape, resolve_goal
from .progress import Limit, Progress, Search, SearchResult, SearchStopped, run, stop
from .randomize import random_board, scramble
from .solvability import BoardInvariants, Explanation, count_inversions, explain, inversion_parity, is_solvable
from .solving.all_solutions import AllSolutions, SolutionCount, count_optimal_solutions, optimal_solutions
from .solving.solve import compare, plan, solve

__version__ = "0.1.0"

__all__ = [
    "ALGORITHM_NAMES",
    "DIRECTIONS",
    "GOAL_NAMES",
    "HEURISTIC_NAMES",
    "MAX_CELLS",
    "AllSolutions",
    "BlankError",
    "Board",
    "BoardError",
    "BoardInvariants",
    "DuplicateTileError",
    "EmptyInputError",
    "EmptyRowError",
    "Explanation",
    "GoalError",
    "Heuristic",
    "Limit",
    "LimitError",
    "MissingTilesError",
    "MoveError",
    "NotANumberError",
    "Progress",
    "PuzzleError",
    "RaggedRowsError",
    "Search",
    "SearchResult",
    "SearchStopped",
    "ShapeError",
    "SizeLimitError",
    "SolutionCount",
    "TileOutOfRangeError",
    "UnknownNameError",
    "UnsolvableError",
    "astar",
    "compare",
    "count_inversions",
    "count_optimal_solutions",
    "explain",
    "goal_board",
    "idastar",
    "inversion_parity",
    "is_solvable",
    "iter_boards",
    "make_heuristic",
    "moves_to_letters",
    "optimal_solutions",
    "parse_board",
    "parse_moves",
    "parse_shape",
    "plan",
    "random_board",
    "resolve_goal",
    "run",
    "scramble",
    "solve",
    "solve_big",
    "stop",
]
