"""Hypothesis properties of boards, moves, solvability and random boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import Board, explain, goal_board, is_solvable, parse_board, random_board, scramble

shapes = st.tuples(st.integers(2, 7), st.integers(2, 7))
goal_kinds = st.sampled_from(["default", "blank-first"])


@st.composite
def walks(draw: st.DrawFn) -> tuple[Board, Board]:
    """A goal and a board reached from it by random legal moves."""
    rows, cols = draw(shapes)
    goal = goal_board(rows, cols, draw(goal_kinds))
    board = goal
    for _ in range(draw(st.integers(0, 60))):
        movable = sorted(board.movable_tiles().values())
        board = board.slide(draw(st.sampled_from(movable)))
    return goal, board


@st.composite
def boards(draw: st.DrawFn) -> Board:
    rows, cols = draw(shapes)
    tiles = draw(st.permutations(list(range(rows * cols))))
    return Board(rows, cols, tuple(tiles))


@given(walks())
def test_random_walks_from_the_goal_are_solvable(case: tuple[Board, Board]) -> None:
    goal, board = case
    assert is_solvable(board, goal)
    assert explain(board, goal).solvable


@given(boards(), goal_kinds, st.data())
def test_swapping_two_tiles_flips_solvability(board: Board, kind: str, data: st.DataObject) -> None:
    goal = goal_board(board.rows, board.cols, kind)  # type: ignore[arg-type]
    tiles_at = [i for i, t in enumerate(board.tiles) if t != 0]
    i, j = data.draw(st.lists(st.sampled_from(tiles_at), min_size=2, max_size=2, unique=True))
    cells = list(board.tiles)
    cells[i], cells[j] = cells[j], cells[i]
    swapped = Board(board.rows, board.cols, tuple(cells))
    assert is_solvable(swapped, goal) != is_solvable(board, goal)
    assert explain(swapped, goal).solvable != explain(board, goal).solvable


@given(boards(), st.booleans(), st.sampled_from(["0", "_", ".", "x", "*", "-"]))
def test_parse_of_format_is_identity(board: Board, one_line: bool, blank: str) -> None:
    assert parse_board(board.format(one_line=one_line, blank=blank)) == board


@given(shapes, st.integers(0, 2**32), st.booleans(), goal_kinds)
def test_random_boards_are_solvable_when_asked(shape: tuple[int, int], seed: int, solvable: bool, kind: str) -> None:
    goal = goal_board(*shape, kind)  # type: ignore[arg-type]
    board = random_board(*shape, seed=seed, solvable=solvable, goal=goal)
    assert is_solvable(board, goal) is solvable
    assert random_board(*shape, seed=seed, solvable=solvable, goal=goal) == board  # the seed repeats


@given(shapes, st.integers(0, 200), st.integers(0, 2**32))
def test_scramble_stays_solvable(shape: tuple[int, int], moves: int, seed: int) -> None:
    goal = goal_board(*shape)
    assert is_solvable(scramble(goal, moves, seed=seed), goal)


@settings(max_examples=50)
@given(walks())
def test_letters_and_tile_numbers_name_the_same_moves(case: tuple[Board, Board]) -> None:
    from npuzzle import moves_to_letters

    _, board = case
    tiles = []
    b = board
    for step in range(10):
        options = sorted(b.movable_tiles().values())
        tile = options[step % len(options)]
        tiles.append(tile)
        b = b.slide(tile)
    letters = moves_to_letters(board, tiles)
    assert board.apply(letters) == board.apply(tiles) == b
