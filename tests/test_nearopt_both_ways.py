"""Two beams side by side on two threads (the region's, and each window's): the same answers and counts as one after
the other, and a stop, a time limit or an error ends both."""

from __future__ import annotations

import threading

import pytest

from npuzzle import goal_board, random_board
from npuzzle.nearoptimal import both_ways, solve_big, solver, windows
from npuzzle.nearoptimal.beam import beam_search
from npuzzle.nearoptimal.both_ways import BeamJob, run_beams, shorter_way
from npuzzle.nearoptimal.budget import Budget
from npuzzle.nearoptimal.windows import beam_windows
from npuzzle.progress import Limit, Progress, SearchResult, run, stop
from test_nearopt_beam import replay_on

pytest.importorskip("numba")

BOARD = random_board(5, 5, seed=31)


def beam_threads() -> list[threading.Thread]:
    """The beams running on threads of their own."""
    return [thread for thread in threading.enumerate() if thread.name == "npuzzle-beam"]


@pytest.fixture
def backgrounds(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every beam started on a thread of its own from now on."""
    started: list[object] = []
    real = both_ways._Background

    def counted(job: BeamJob, lane: Budget) -> object:
        started.append(job)
        return real(job, lane)

    monkeypatch.setattr(both_ways, "_Background", counted)
    return started


def test_side_by_side_gives_the_answer_and_the_counts_of_one_after_the_other(
    backgrounds: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    side = run(solve_big(BOARD, budget=2))
    threaded = len(backgrounds)
    assert threaded > 1  # the region's beam from the goal, and the windows' beams back
    monkeypatch.setattr(both_ways, "side_by_side", lambda jobs, budget: False)
    after = run(solve_big(BOARD, budget=2))
    assert len(backgrounds) == threaded
    assert side.moves is not None and side.moves == after.moves
    assert (side.nodes_expanded, side.nodes_generated, side.max_frontier) == (
        after.nodes_expanded,
        after.nodes_generated,
        after.max_frontier,
    )
    assert side.extra == after.extra


def test_a_node_limit_runs_the_beams_one_after_the_other(backgrounds: list[object]) -> None:
    found = run(solve_big(BOARD, budget=2, limit=Limit(nodes=10**9)))
    assert found.moves is not None
    assert backgrounds == []


def test_progress_counts_both_beams_and_never_goes_back(backgrounds: list[object]) -> None:
    records: list[Progress] = []
    found = run(solve_big(BOARD, budget=2), records.append)
    assert backgrounds
    counts = [record.nodes_expanded for record in records]
    assert counts == sorted(counts)
    assert counts[-1] <= found.nodes_expanded


def fallback(_: Progress | None) -> SearchResult:
    raise AssertionError("the search did not answer the stop itself")


def test_a_stop_while_both_beams_run_stops_both_and_leaves_no_thread(backgrounds: list[object]) -> None:
    search = solve_big(BOARD, budget=1000)
    for record in search:
        if beam_threads() and record.nodes_expanded > 100_000:
            break
    assert backgrounds
    result = stop(search, fallback)
    assert result.stopped == "cancelled" and result.moves is None
    assert result.nodes_expanded > 100_000
    assert beam_threads() == []


def test_a_time_limit_ends_both_beams(backgrounds: list[object]) -> None:
    result = run(solve_big(BOARD, budget=1000, limit=Limit(seconds=0.5)))
    assert backgrounds
    assert result.stopped == "time-limit" and result.moves is None
    assert beam_threads() == []


def test_an_error_in_the_beam_on_the_other_thread_reaches_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    start, goal = list(BOARD.tiles), list(goal_board(5, 5).tiles)
    jobs = [BeamJob(5, 5, start, goal, 300, None, 100, 400), BeamJob(5, 5, goal, start, 300, None, 100, 400)]
    real = BeamJob.search

    def search(job: BeamJob, lane: Budget) -> object:
        if job is jobs[1]:
            raise RuntimeError("the beam broke")
        return real(job, lane)

    monkeypatch.setattr(BeamJob, "search", search)
    budget = Budget(Limit(), "near-optimal", "test")
    assert both_ways.side_by_side(jobs, budget)
    with pytest.raises(RuntimeError, match="the beam broke"):
        run(run_beams(jobs, budget))
    assert beam_threads() == []


def test_narrow_beams_run_one_after_the_other() -> None:
    start, goal = list(BOARD.tiles), list(goal_board(5, 5).tiles)
    narrow = [BeamJob(5, 5, start, goal, 100, None, 100, 400), BeamJob(5, 5, goal, start, 100, None, 100, 400)]
    budget = Budget(Limit(), "near-optimal", "test")
    assert not both_ways.side_by_side(narrow, budget)
    there, back = run(run_beams(narrow, budget))
    assert there is not None and back is not None
    assert replay_on(BOARD, there) == goal_board(5, 5)
    assert replay_on(goal_board(5, 5), back) == BOARD
    assert budget.expanded > 0


def window_budget(nodes: int) -> Budget:
    return Budget(Limit(), "near-optimal", "test", nodes)


def narrow_walk() -> list[int]:
    """A long path from BOARD to the goal (a beam 20 wide), with windows to shorten."""
    walk = run(beam_search(5, 5, BOARD.tiles, goal_board(5, 5).tiles, 20, window_budget(10**9), 10_000))
    assert walk is not None
    return walk


def test_the_windows_beams_side_by_side_find_what_one_after_the_other_finds(
    backgrounds: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    goal, walk = goal_board(5, 5), narrow_walk()
    side, after = window_budget(300_000), window_budget(300_000)
    shorter = run(beam_windows(5, 5, BOARD.tiles, walk, 300, side))
    threaded = len(backgrounds)
    assert threaded > 0
    monkeypatch.setattr(both_ways, "side_by_side", lambda jobs, budget: False)
    assert run(beam_windows(5, 5, BOARD.tiles, walk, 300, after)) == shorter
    assert len(backgrounds) == threaded
    assert len(shorter) < len(walk) and replay_on(BOARD, shorter) == goal
    assert (side.expanded, side.generated, side.iteration) == (after.expanded, after.generated, after.iteration)
    assert 0 < side.expanded <= 300_000  # each window's two beams share what is left of the soft budget


def test_every_window_counted_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    walk = narrow_walk()
    spent: list[int] = []
    real = windows._Sweep.shortcut

    def shortcut(sweep: windows._Sweep, *args: object) -> object:
        before = sweep.budget.expanded
        found = yield from real(sweep, *args)  # type: ignore[arg-type]
        spent.append(sweep.budget.expanded - before)
        return found

    monkeypatch.setattr(windows._Sweep, "shortcut", shortcut)
    paced = window_budget(300_000)
    run(beam_windows(5, 5, BOARD.tiles, walk, 300, paced))
    assert len(spent) == paced.iteration and all(spent)


def test_a_window_tries_the_way_back_too(monkeypatch: pytest.MonkeyPatch) -> None:
    walk = narrow_walk()
    ways: list[tuple[bool, bool]] = []
    real = BeamJob.search

    def search(job: BeamJob, lane: Budget) -> object:
        ways.append((tuple(job.start) == BOARD.tiles, tuple(job.target) == BOARD.tiles))
        return real(job, lane)

    monkeypatch.setattr(BeamJob, "search", search)
    run(beam_windows(5, 5, BOARD.tiles, walk, 300, window_budget(300_000)))
    touching = [way for way in ways if any(way)]  # the windows that start (or end) at the board
    assert touching[:3] == [(True, False)] * 3  # the first round, one beam a window (of 40, 60 and 80 moves)
    assert sorted(touching[3:5]) == [(False, True), (True, False)]  # the next: from the board, and back to it


def test_the_shorter_way_may_be_the_way_back() -> None:
    goal = goal_board(5, 5)
    start = replay_on(goal, [19, 18, 13, 12, 7, 6, 11, 16])
    jobs = [
        BeamJob(5, 5, start.tiles, goal.tiles, 300, None, 1, 2),
        BeamJob(5, 5, goal.tiles, start.tiles, 300, None, 1, 40),
    ]
    path = run(shorter_way(jobs, Budget(Limit(), "near-optimal", "test")))
    assert path is not None and len(path) == 8  # the way there gives up after 2 moves
    assert replay_on(start, path) == goal


def test_a_stop_while_a_windows_beams_run_keeps_the_best_path(backgrounds: list[object]) -> None:
    goal, walk = goal_board(5, 5), narrow_walk()
    paced = window_budget(10**9)
    search = beam_windows(5, 5, BOARD.tiles, walk, 300, paced)
    for _ in search:
        if beam_threads() and paced.iteration > 3:
            break
    assert backgrounds
    path = stop(search, fallback)
    assert paced.stopped == "cancelled" and beam_threads() == []
    assert len(path) <= len(walk) and replay_on(BOARD, path) == goal


def test_the_regions_two_beams_are_paced_on_equal_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    """So that side by side they end at about the same time: the same width and share, 85% of what is left of the
    budget after peeling, one beam each way."""
    calls: list[tuple[list[BeamJob], int | None]] = []
    real = solver.shorter_way

    def recorded(jobs: list[BeamJob], budget: Budget) -> object:
        calls.append((list(jobs), budget.soft_left()))
        return real(jobs, budget)

    monkeypatch.setattr(solver, "shorter_way", recorded)
    run(solve_big(BOARD, budget=2))
    (there, back), left = calls[0]  # the region's
    assert (there.start, there.target) == (back.target, back.start)
    assert there.width == back.width and there.share == back.share
    assert left is not None and there.share is not None and there.share + back.share == pytest.approx(0.85 * left, 1e-6)
