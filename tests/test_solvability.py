"""Solvability against ground truth: exhaustive breadth-first reachability on small boards, worked examples,
and Korf's instances."""

from __future__ import annotations

from collections import deque
from itertools import permutations

import pytest

from npuzzle import Board, count_inversions, explain, goal_board, is_solvable, parse_board


def reachable(goal: Board) -> set[tuple[int, ...]]:
    """Every arrangement reachable from ``goal`` by legal moves (breadth-first search)."""
    rows, cols = goal.rows, goal.cols
    seen = {goal.tiles}
    queue = deque([goal.tiles])
    while queue:
        tiles = queue.popleft()
        blank = tiles.index(0)
        r, c = divmod(blank, cols)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols:
                cells = list(tiles)
                j = nr * cols + nc
                cells[blank], cells[j] = cells[j], 0
                nxt = tuple(cells)
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return seen


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), pytest.param((3, 3), marks=pytest.mark.slow)])
@pytest.mark.parametrize("goal_kind", ["default", "blank-first"])
def test_every_permutation_agrees_with_reachability(shape: tuple[int, int], goal_kind: str) -> None:
    rows, cols = shape
    goal = goal_board(rows, cols, goal_kind)  # type: ignore[arg-type]
    truth = reachable(goal)
    n = rows * cols
    total = 0
    for perm in permutations(range(n)):
        board = Board(rows, cols, perm)
        expected = perm in truth
        assert is_solvable(board, goal) is expected, perm
        if total % 7 == 0 or n <= 6:  # explain() is O(n log n) and slower; sample it on the 3×3
            assert explain(board, goal).solvable is expected, perm
        total += 1
    assert len(truth) == total // 2  # exactly half of all arrangements are reachable


def test_custom_goal_matches_reachability() -> None:
    goal = parse_board("8 7 6 / 5 4 3 / 2 1 0")
    truth = reachable(goal)
    for perm in list(permutations(range(9)))[::37]:
        board = Board(3, 3, perm)
        assert is_solvable(board, goal) is (perm in truth)
        assert explain(board, goal).goal == "custom"


SOLVABLE_EXAMPLES = [
    "12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3",
    "13 2 10 3 / 1 12 8 4 / 5 0 9 6 / 15 14 11 7",
    "6 13 7 10 / 8 9 11 0 / 15 2 12 5 / 14 3 1 4",
    "1 8 2 / 0 4 3 / 7 6 5",
]


@pytest.mark.parametrize("text", SOLVABLE_EXAMPLES)
def test_worked_examples_solvable(text: str) -> None:
    board = parse_board(text)
    assert is_solvable(board)
    explanation = explain(board)
    assert explanation.solvable
    assert explanation.reason.endswith("so it is solvable.")


def test_worked_example_unsolvable() -> None:
    board = parse_board("3 9 1 15 / 14 11 4 6 / 13 0 10 12 / 2 7 8 5")
    assert not is_solvable(board)
    explanation = explain(board)
    assert not explanation.solvable
    assert explanation.inversions == 56
    assert (explanation.blank_row_from_top, explanation.blank_row_from_bottom) == (3, 2)


def test_one_swap_from_goal_has_one_inversion_and_is_unsolvable() -> None:
    board = parse_board("2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0")
    explanation = explain(board)
    assert explanation.inversions == 1
    assert explanation.blank_row_from_bottom == 1
    assert not explanation.solvable
    assert "1 + 1 = 2 (even)" in explanation.reason


def test_textbook_rule_for_even_width_default_goal() -> None:
    # Even width, default goal: solvable iff inversions + blank row from the bottom is odd.
    board = parse_board("12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3")
    e = explain(board)
    assert e.width_even and e.inversions == 49 and e.blank_row_from_bottom == 2
    assert (e.inversions + e.blank_row_from_bottom) % 2 == 1 and e.solvable


def test_every_korf_instance_is_solvable_for_blank_first(korf100: list[tuple[int, int, list[int]]]) -> None:
    goal = goal_board(4, 4, "blank-first")
    for ident, _, tiles in korf100:
        board = Board(4, 4, tuple(tiles))
        assert is_solvable(board, goal), ident
        assert explain(board, goal).solvable, ident


def test_count_inversions_matches_quadratic_count() -> None:
    import random

    rng = random.Random(7)
    for n in (0, 1, 2, 3, 63, 64, 65, 200, 255, 256, 257, 1500):
        values = list(range(n))
        rng.shuffle(values)
        slow = sum(1 for i in range(n) for j in range(i + 1, n) if values[i] > values[j])
        assert count_inversions(values) == slow


def merge_count(values: list[int]) -> int:
    """Reference O(n log n) count: a bottom-up merge sort counting, for each element taken from the right half, the
    elements of the left half still waiting (all greater)."""
    runs = [[v] for v in values]
    total = 0
    while len(runs) > 1:
        merged: list[list[int]] = []
        for a in range(0, len(runs) - 1, 2):
            left, right = runs[a], runs[a + 1]
            out: list[int] = []
            i = j = 0
            while i < len(left) and j < len(right):
                if right[j] < left[i]:
                    total += len(left) - i
                    out.append(right[j])
                    j += 1
                else:
                    out.append(left[i])
                    i += 1
            merged.append(out + left[i:] + right[j:])
        if len(runs) % 2:
            merged.append(runs[-1])
        runs = merged
    return total


@pytest.mark.parametrize(
    "n",
    # around the insertion-count cut-off (256), powers of two (padding) and the 7-bit plane boundaries (2^7, 2^14)
    [127, 128, 129, 255, 256, 257, 511, 512, 513, 1024, 1025, 4095, 16383, 16384, 16385, 40000],
)
def test_count_inversions_matches_merge_count_at_boundaries(n: int) -> None:
    import random

    rng = random.Random(n)
    values = list(range(n))
    rng.shuffle(values)
    assert count_inversions(values) == merge_count(values)
    assert count_inversions(sorted(values)) == 0
    assert count_inversions(sorted(values, reverse=True)) == n * (n - 1) // 2
    # a few swaps of a sorted list: exactly the inversions the swaps make
    nearly = list(range(n))
    nearly[0], nearly[-1] = nearly[-1], nearly[0]
    assert count_inversions(nearly) == 2 * (n - 2) + 1


@pytest.mark.parametrize("n", [300, 1000, 5000])
def test_count_inversions_of_other_values(n: int) -> None:
    import random

    rng = random.Random(n)
    ties = [rng.randrange(40) for _ in range(n)]  # equal values are not inversions
    assert count_inversions(ties) == merge_count(ties)
    shifted = [v + 7 for v in rng.sample(range(n), n)]  # consecutive, not starting at 0
    assert count_inversions(shifted) == merge_count(shifted)
    negative = [v - n // 2 for v in rng.sample(range(n), n)]
    assert count_inversions(negative) == merge_count(negative)
    sparse = rng.sample(range(10**12), n)
    assert count_inversions(sparse) == merge_count(sparse)
    assert count_inversions([5] * n) == 0


@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (16, 16), (17, 15), (40, 50), (128, 130)])
def test_board_inversions_match_merge_count(shape: tuple[int, int]) -> None:
    from npuzzle import inversion_parity, random_board

    rows, cols = shape
    for seed in range(3):
        board = random_board(rows, cols, seed=seed)
        expected = merge_count([t for t in board.tiles if t != 0])
        assert explain(board).inversions == expected
        assert inversion_parity(board) == expected % 2


def test_large_board_parity_matches_exact_count() -> None:
    from npuzzle import inversion_parity, random_board

    board = random_board(60, 70, seed=3)
    assert inversion_parity(board) == explain(board).inversions % 2


def test_goal_of_other_shape_is_refused() -> None:
    from npuzzle import GoalError

    with pytest.raises(GoalError, match="the goal is 3×3 but the board is 4×4"):
        is_solvable(goal_board(4, 4), goal_board(3, 3))


@pytest.mark.parametrize("seed", range(40))
def test_the_swap_it_suggests_makes_an_unsolvable_board_solvable(seed: int) -> None:
    """Every unsolvable board's explanation names two tiles (never the blank) whose swap makes it reach the goal,
    says so in plain words, and prefers a pair that sits on each other's goal cells."""
    import random

    from npuzzle import random_board

    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 2), (3, 3), (3, 4), (4, 4), (5, 3)])
    goal = goal_board(rows, cols, rng.choice(["default", "blank-first"]))
    board = random_board(rows, cols, seed=seed, solvable=False, goal=goal)
    explanation = explain(board, goal)
    assert not explanation.solvable and explanation.swap is not None
    a, b = explanation.swap
    assert 0 not in (a, b) and a != b
    assert f"for example {a} and {b}" in explanation.plain
    tiles = list(board.tiles)
    i, j = tiles.index(a), tiles.index(b)
    tiles[i], tiles[j] = b, a
    assert is_solvable(Board(rows, cols, tuple(tiles)), goal)
    at = {t: k for k, t in enumerate(board.tiles)}
    home = {t: k for k, t in enumerate(goal.tiles)}
    two_cycle = any(t and u and at[t] == home[u] and at[u] == home[t] and t != u for t in at for u in at)
    if two_cycle:
        assert at[a] == home[b] and at[b] == home[a]


def test_the_plain_words_of_a_solvable_board_and_of_the_goal() -> None:
    assert explain(parse_board("1 2 3 / 4 5 6 / 7 0 8")).plain == "This board can reach the goal."
    assert explain(parse_board("1 2 3 / 4 5 6 / 7 8 0")).plain == "This board is the goal already."
    assert explain(parse_board("1 2 3 / 4 5 6 / 7 0 8")).swap is None
    sam_loyd = explain(parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0"))
    assert sam_loyd.swap == (14, 15)
