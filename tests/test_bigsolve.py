"""The near-optimal solver for big and non-square boards: valid solutions, honest lower bounds, limits."""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from npuzzle import Board, GoalError, LimitError, goal_board, random_board, scramble
from npuzzle.cli.solve import solve_text
from npuzzle.errors import PatternDatabaseError, UnsolvableError
from npuzzle.nearoptimal import manhattan_linear_conflict, peel
from npuzzle.nearoptimal.budget import Budget
from npuzzle.nearoptimal.grouptables import (
    FIVE_GROUPS,
    TableSet,
    bind_partition,
    build_table,
    encode_tables,
    load_tables,
    positions,
    shipped_five,
)
from npuzzle.nearoptimal.peel import Placement, peel_plan
from npuzzle.nearoptimal.shorten import table_search
from npuzzle.nearoptimal.solver import DEFAULT_BUDGET, budget_nodes, region_partitions, region_specs, solve_big
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.progress import Limit, Progress, SearchResult, run
from npuzzle.research.instances import korf24 as read_korf24
from oracle import distances


def korf24() -> list[tuple[int, int, tuple[int, ...]]]:
    return [(i.ident, i.optimal, i.tiles) for i in read_korf24()]


def solve(board: Board, goal: Board, **options: object) -> SearchResult:
    result = run(solve_big(board, goal, **options))  # type: ignore[arg-type]
    assert result.moves is not None
    return result


def check(board: Board, goal: Board, result: SearchResult) -> None:
    assert result.moves is not None
    assert board.apply(result.moves) == goal
    assert result.lower_bound <= len(result.moves)
    assert result.optimal == (len(result.moves) == result.lower_bound)
    assert result.lower_bound == 0 or result.extra["ratio_bound"] == pytest.approx(
        len(result.moves) / result.lower_bound, abs=1e-3
    )


@st.composite
def boards_and_goals(draw: st.DrawFn) -> tuple[Board, Board]:
    rows = draw(st.integers(2, 7))
    cols = draw(st.integers(2, 7))
    seed = draw(st.integers(0, 10**6))
    kind = draw(st.sampled_from(["default", "blank-first", "custom"]))
    if kind == "custom":
        cells = list(range(rows * cols))
        random.Random(seed).shuffle(cells)
        goal = Board(rows, cols, tuple(cells))
    else:
        goal = goal_board(rows, cols, kind)  # type: ignore[arg-type]
    return random_board(rows, cols, seed=seed + 1, goal=goal), goal


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards_and_goals())
@pytest.mark.slow
def test_solutions_reach_the_goal_on_many_shapes_and_goals(case: tuple[Board, Board]) -> None:
    board, goal = case
    check(board, goal, solve(board, goal, width=60, shorten_path=False, budget=None))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards_and_goals())
@pytest.mark.slow
def test_shortening_keeps_solutions_valid_and_never_longer(case: tuple[Board, Board]) -> None:
    board, goal = case
    plain = solve(board, goal, width=40, shorten_path=False, budget=None)
    shortened = solve(board, goal, width=40, budget=None)
    check(board, goal, shortened)
    assert shortened.length is not None and plain.length is not None
    assert shortened.length <= plain.length


@settings(max_examples=60, deadline=None)
@given(boards_and_goals())
def test_lower_bound_matches_the_linear_conflict_heuristic(case: tuple[Board, Board]) -> None:
    board, goal = case
    assert manhattan_linear_conflict(board.tiles, goal.tiles, board.rows, board.cols) == make_heuristic(
        "linear-conflict", goal
    ).initial(board.tiles)


@pytest.mark.parametrize(
    "rows, cols, kind", [(2, 3, "default"), (3, 2, "blank-first"), (2, 4, "default"), (3, 3, "default")]
)
def test_bounds_never_exceed_the_true_distance(rows: int, cols: int, kind: str) -> None:
    goal = goal_board(rows, cols, kind)  # type: ignore[arg-type]
    exact = distances(goal)
    partitions = region_partitions(rows, cols, goal.tiles)
    sample = list(exact.items())
    random.Random(7).shuffle(sample)
    for tiles, dist in sample[:3000]:
        assert manhattan_linear_conflict(tiles, goal.tiles, rows, cols) <= dist
        for partition in partitions:
            assert partition.value(positions(tiles)) <= dist


def test_small_boards_are_solved_near_optimally() -> None:
    goal = goal_board(3, 3)
    exact = distances(goal)
    rng = random.Random(3)
    boards = rng.sample(sorted(exact), 30)
    for tiles in boards:
        board = Board(3, 3, tiles)
        result = solve(board, goal, width=300)
        check(board, goal, result)
        assert exact[tiles] <= len(result.moves or ()) <= exact[tiles] + 4


@pytest.mark.parametrize("index", [0, 17, 33])
@pytest.mark.slow
def test_korf24_lengths_are_near_the_published_optimum(index: int) -> None:
    ident, optimum, tiles = korf24()[index]
    board, goal = Board(5, 5, tiles), goal_board(5, 5, "blank-first")
    result = solve(board, goal, shorten_path=False, budget=None)
    check(board, goal, result)
    assert result.lower_bound <= optimum <= len(result.moves or ())
    assert len(result.moves or ()) <= 1.4 * optimum, f"instance {ident}"
    assert not result.optimal or len(result.moves or ()) == optimum


@pytest.mark.slow
def test_a_10x10_board_spends_no_more_than_the_default_budget() -> None:
    board = random_board(10, 10, seed=2024)
    goal = goal_board(10, 10)
    result = solve(board, goal)
    check(board, goal, result)
    assert 0 < result.nodes_expanded <= budget_nodes(DEFAULT_BUDGET)
    assert "not proven optimal" in result.message


def test_the_goal_itself_needs_no_moves() -> None:
    goal = goal_board(6, 6)
    result = solve(goal, goal)
    assert result.moves == () and result.optimal and result.lower_bound == 0


def test_progress_is_reported_and_closing_stops_the_search() -> None:
    board = random_board(8, 8, seed=5)
    search = solve_big(board)
    records = [next(search) for _ in range(3)]
    assert all(isinstance(r, Progress) and r.algorithm == "near-optimal" for r in records)
    search.close()
    with pytest.raises(StopIteration):
        next(search)


def test_a_node_limit_stops_with_no_solution() -> None:
    board = random_board(9, 9, seed=8)
    result = run(solve_big(board, limit=Limit(nodes=500)))
    assert result.moves is None and result.stopped == "node-limit"
    assert result.lower_bound == manhattan_linear_conflict(board.tiles, goal_board(9, 9).tiles, 9, 9)


def test_bad_requests_raise_clear_errors() -> None:
    board = random_board(5, 5, seed=1)
    with pytest.raises(UnsolvableError, match="cannot reach the goal"):
        solve_big(random_board(5, 5, seed=1, solvable=False))
    with pytest.raises(GoalError, match="5×6"):
        solve_big(board, goal_board(5, 6))
    with pytest.raises(LimitError, match="beam width"):
        solve_big(board, width=0)
    for bad in (-1, "lots", float("inf"), float("nan"), True):
        with pytest.raises(LimitError, match=r"budget must be a number of work units .* got " + repr(bad)):
            solve_big(board, budget=bad)  # type: ignore[arg-type]


def test_peel_plan_keeps_the_blank_goal_cell_and_shrinks_enough() -> None:
    for rows, cols in [(10, 10), (3, 7), (5, 9), (2, 13), (12, 3)]:
        for blank_goal in (0, rows * cols - 1, (rows // 2) * cols + cols // 2):
            lines, (top, bottom, left, right) = peel_plan((0, rows, 0, cols), cols, blank_goal, 25)
            assert (bottom - top) * (right - left) <= 25 or min(bottom - top, right - left) == 2
            r, c = divmod(blank_goal, cols)
            assert top <= r < bottom and left <= c < right
            locked = [cell for line in lines for cell in line]
            assert len(locked) == len(set(locked)) == rows * cols - (bottom - top) * (right - left)


@pytest.mark.parametrize("budget, tiles", [(2, [10, 18, 16, 14, 6]), (0, [10, 9, 9, 8, 8, 7, 7, 6])])
def test_peeling_places_two_lines_a_beam_after_the_first_unless_the_beam_is_narrow(
    budget: float, tiles: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[int, int]] = []
    line_beam = peel.line_beam

    def spy(job: Placement, width: int, *args: object) -> Generator[Progress, None, list[int] | None]:
        asked.append((len(job.tiles), width))
        return (yield from line_beam(job, width, *args))  # type: ignore[arg-type]

    monkeypatch.setattr(peel, "line_beam", spy)
    goal = goal_board(10, 10)
    board = random_board(10, 10, seed=1)
    check(board, goal, solve(board, goal, budget=budget))
    assert [size for size, _ in asked] == tiles
    assert all(width >= peel.PAIR_WIDTH for size, width in asked if size > 10)


def test_when_a_line_beam_fails_its_lines_are_placed_two_tiles_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_path(*args: object) -> Generator[Progress, None, list[int] | None]:
        return None
        yield  # a generator that returns at once

    monkeypatch.setattr(peel, "line_beam", no_path)
    goal = goal_board(8, 8)
    board = random_board(8, 8, seed=3)
    result = solve(board, goal)
    check(board, goal, result)
    assert result.extra["core"] == "6×6 region"


@pytest.mark.slow
def test_shipped_5x5_tables_load_and_match_a_fresh_build_of_one_table() -> None:
    shipped = shipped_five()
    assert shipped is not None and shipped.groups == FIVE_GROUPS
    assert shipped.tables[0] == build_table(5, 5, FIVE_GROUPS[0])
    covered = sorted(c for g in shipped.groups for c in g)
    assert covered == list(range(1, 25))


def test_group_table_files_are_checked_on_load() -> None:
    small = TableSet(2, 3, ((1, 2), (3, 4, 5)), (build_table(2, 3, (1, 2)), build_table(2, 3, (3, 4, 5))))
    data = encode_tables(small)
    assert load_tables(data) == small
    with pytest.raises(PatternDatabaseError, match="not a group-table file"):
        load_tables(b"hello" + data)
    with pytest.raises(PatternDatabaseError, match="announces"):
        load_tables(data[:-3])
    corrupt = bytearray(data)
    corrupt[-10] ^= 0xFF
    with pytest.raises(PatternDatabaseError, match=r"corrupt|CRC"):
        load_tables(bytes(corrupt))


@pytest.mark.parametrize("kind", ["default", "blank-first"])
def test_5x5_table_estimates_never_exceed_a_scramble_length(kind: str) -> None:
    goal = goal_board(5, 5, kind)  # type: ignore[arg-type]
    partitions = region_partitions(5, 5, goal.tiles, shipped_five())
    assert all(len(p.groups) == 6 for p in partitions)
    for seed in range(40):
        steps = 10 + seed
        board = scramble(goal, steps, seed=seed)
        for partition in partitions:
            assert partition.value(positions(board.tiles)) <= steps
        assert manhattan_linear_conflict(board.tiles, goal.tiles, 5, 5) <= steps


def test_5x5_estimates_agree_across_goal_conventions() -> None:
    # Rotating a board by 180° and relabelling t -> 24 - t turns a default-goal problem into a blank-first one.
    five = shipped_five()
    default, first = goal_board(5, 5), goal_board(5, 5, "blank-first")
    for seed in range(10):
        board = random_board(5, 5, seed=seed)
        turned = tuple(0 if t == 0 else 25 - t for t in reversed(board.tiles))
        a = sorted(p.value(positions(board.tiles)) for p in region_partitions(5, 5, default.tiles, five))
        local = [0 if t == 0 else 25 - t for t in reversed(default.tiles)]
        assert tuple(local) == first.tiles
        b = sorted(p.value(positions(turned)) for p in region_partitions(5, 5, first.tiles, five))
        assert a == b


def test_when_the_beam_cannot_finish_the_region_is_peeled_and_solved_exactly() -> None:
    # A memory limit far too small for the beam forces the fallback: peel to at most 9 cells, then A*.
    goal = goal_board(5, 5)
    board = random_board(5, 5, seed=12)
    result = solve(board, goal, limit=Limit(memory=300), budget=None)
    check(board, goal, result)
    assert result.extra["phases"]["solve"] >= result.lower_bound


@pytest.mark.parametrize(
    "rows, cols",
    [
        pytest.param(8, 8, marks=pytest.mark.slow),
        pytest.param(5, 9, marks=pytest.mark.slow),
        pytest.param(2, 14, marks=pytest.mark.slow),
        (11, 3),
    ],
)
def test_big_boards_with_the_blank_goal_inside_and_custom_labels(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    labels = list(range(1, rows * cols))
    rng.shuffle(labels)
    middle = (rows // 2) * cols + cols // 2
    tiles = labels[:middle] + [0] + labels[middle:]
    goal = Board(rows, cols, tuple(tiles))
    board = random_board(rows, cols, seed=rows + cols, goal=goal)
    result = solve(board, goal, width=300, budget=None, shorten_path=False)
    check(board, goal, result)


@pytest.mark.slow
def test_a_small_work_budget_still_gives_a_valid_solution() -> None:
    board, goal = random_board(8, 8, seed=21), goal_board(8, 8)
    result = solve(board, goal, budget=0.1)
    check(board, goal, result)


def test_table_search_finds_optimal_paths() -> None:
    goal = goal_board(3, 3)
    exact = distances(goal)
    partitions = region_partitions(3, 3, goal.tiles)
    rng = random.Random(11)
    for tiles in rng.sample(sorted(exact), 40):
        budget = Budget(Limit(), "test", "test")
        found = run(table_search(3, 3, tiles, partitions, 40, 10**7, budget))  # type: ignore[arg-type]
        assert found is not None and len(found) == exact[tiles]
        cells = list(tiles)
        blank = cells.index(0)
        for cell in found:
            cells[blank], cells[cell] = cells[cell], 0
            blank = cell
        assert tuple(cells) == goal.tiles
        shorter = run(table_search(3, 3, tiles, partitions, exact[tiles], 10**7, budget))  # type: ignore[arg-type]
        assert shorter is None


@pytest.mark.slow
def test_window_improvement_never_lengthens_and_keeps_the_goal() -> None:
    _, optimum, tiles = korf24()[9]
    goal = goal_board(5, 5, "blank-first")
    plain = solve(Board(5, 5, tiles), goal, budget=None, shorten_path=False)
    improved = solve(Board(5, 5, tiles), goal, budget=None)
    check(Board(5, 5, tiles), goal, improved)
    assert optimum <= len(improved.moves or ()) <= len(plain.moves or ())


@pytest.mark.parametrize("rows, cols, seed", [(2, 3, 1), (3, 3, 2), pytest.param(3, 3, 5, marks=pytest.mark.slow)])
def test_partitions_bound_to_any_target_stay_admissible(rows: int, cols: int, seed: int) -> None:
    goal = goal_board(rows, cols)
    specs = region_specs(rows, cols, goal.tiles)
    cells = list(range(rows * cols))
    random.Random(seed).shuffle(cells)
    target = Board(rows, cols, tuple(cells))  # the blank's target is usually not the goal's
    exact = distances(target)
    partitions = [bind_partition(spec, target.tiles) for spec in specs]
    sample = sorted(exact)
    random.Random(seed).shuffle(sample)
    for tiles in sample[:2000]:
        for partition in partitions:
            assert partition.value(positions(tiles)) <= exact[tiles]
    assert all(p.value(positions(target.tiles)) == 0 for p in partitions)


def test_5x5_tables_bound_to_other_targets_never_exceed_a_scramble_length() -> None:
    goal = goal_board(5, 5)
    specs = region_specs(5, 5, goal.tiles, shipped_five())
    for seed in range(30):
        target = scramble(goal, 17 + seed, seed=seed)
        partitions = [bind_partition(spec, target.tiles) for spec in specs]
        steps = 12 + seed
        board = scramble(target, steps, seed=1000 + seed)
        for partition in partitions:
            assert partition.value(positions(board.tiles)) <= steps
            assert partition.value(positions(target.tiles)) == 0


def _running(search: object) -> list[str]:
    """The names of the generator functions a running search is suspended in, outermost first."""
    names: list[str] = []
    gen = search
    while gen is not None and getattr(gen, "gi_frame", None) is not None:
        names.append(gen.gi_frame.f_code.co_name)  # type: ignore[attr-defined]
        gen = gen.gi_yieldfrom  # type: ignore[attr-defined]
    return names


@pytest.mark.slow
def test_a_stop_while_shortening_returns_the_best_solution_so_far() -> None:
    from npuzzle.progress import stop

    board, goal = random_board(5, 5, seed=31), goal_board(5, 5)
    search = solve_big(board, goal, budget=None)  # unpaced: it always reaches the shortening phase
    last = next(search)
    while "improve_windows" not in _running(search):
        last = next(search)
    for _ in range(3):  # somewhere inside a window search
        last = next(search)

    def fallback(record: object) -> SearchResult:
        raise AssertionError("the near-optimal search holds an answer and must return it")

    result = stop(search, fallback, last)
    assert result.stopped == "cancelled" and result.moves is not None
    assert board.apply(result.moves) == goal
    assert 0 < result.lower_bound <= len(result.moves)
    assert result.optimal is (len(result.moves) == result.lower_bound)
    assert "best so far" in result.message
    with pytest.raises(StopIteration):
        next(search)


def test_a_stop_before_any_solution_says_so_with_the_bound() -> None:
    from npuzzle.progress import stop

    board, goal = random_board(8, 8, seed=32), goal_board(8, 8)
    search = solve_big(board, goal)
    last = next(search)
    for _ in range(5):
        last = next(search)
    assert "peel_lines" in _running(search)
    result = stop(search, lambda record: pytest.fail("the search reports its own stop"), last)
    assert result.moves is None and result.stopped == "cancelled"
    assert result.lower_bound == manhattan_linear_conflict(board.tiles, goal.tiles, 8, 8)
    assert "before it found a solution" in result.message and result.nodes_expanded > 0


def test_the_node_limit_is_honoured_closely() -> None:
    board = random_board(10, 10, seed=33)
    result = run(solve_big(board, goal_board(10, 10), limit=Limit(nodes=1)))
    assert result.stopped == "node-limit" and result.moves is None
    assert result.nodes_expanded <= 10


DEEPCUBEA_48_113 = (2, 47, 28, 5, 36, 16, 35, 46, 44, 14, 39, 6, 38, 17, 4, 42, 20, 7, 48, 15, 43, 33, 25, 11, 13)
DEEPCUBEA_48_113 += (23, 21, 0, 26, 22, 9, 12, 31, 37, 8, 24, 1, 30, 18, 10, 19, 34, 45, 27, 32, 40, 3, 29, 41)
"""DeepCubeA's 7×7 test board 113 (``bench/data/deepcubea48.txt``), on which a paced region beam narrowed to its
least width circles on a plateau (2,307 moves, ten times the lower bound, before the region beams had a depth cap)."""


@pytest.mark.slow
def test_a_region_beam_circling_on_a_plateau_gives_way_within_the_depth_cap() -> None:
    board, goal = Board(7, 7, DEEPCUBEA_48_113), goal_board(7, 7)
    result = solve(board, goal)
    check(board, goal, result)
    assert len(result.moves or ()) <= 2.5 * result.lower_bound


@pytest.mark.parametrize(
    ("rows", "cols", "goal_blank", "words"),
    [
        (5, 5, None, "6 tables of 4 tiles shipped for the 5×5: they give a lower bound in single-tile moves"),
        (5, 5, 12, "tables of 3 tiles built for this 5×5 board"),  # the blank's goal in the middle: no shipped table
        (4, 5, None, "12 tables of 3 and 4 tiles built for this 4×5 board"),
        (6, 6, None, "none: the beams rank by Manhattan distance plus linear conflicts"),
        (3, 3, None, "none: an exact search (A*)"),
    ],
)
def test_an_answer_says_which_tables_it_used_and_the_cli_says_the_same_and_how_to_raise_its_bound(
    rows: int, cols: int, goal_blank: int | None, words: str
) -> None:
    goal = goal_board(rows, cols)
    if goal_blank is not None:
        tiles = [t for t in goal.tiles if t]
        goal = Board(rows, cols, tuple(tiles[:goal_blank] + [0] + tiles[goal_blank:]))
    board = random_board(rows, cols, seed=5, goal=goal)
    result = solve(board, goal, budget=0.2)
    tables = result.extra["tables"]
    assert isinstance(tables, str) and words in tables
    text = solve_text(board, result)
    assert f"\nTables: {tables}.\n" in text
    assert ("; --prove N raises the bound by N nodes of search." in text) == (not result.optimal)
