"""A solve analysed against the optimum: its distances against the exact ones on random played paths (3×3 in both
metrics here; the 15-puzzle with its databases in ``test_analysis_shipped.py``), the mistakes and moves lost, the
bounds on bigger boards, the api's op (in slices, cancelled) and the CLI."""

from __future__ import annotations

import io
import json
import os
import random
from itertools import pairwise
from pathlib import Path

import pytest

from interrupt import interrupt_when
from npuzzle import Board, MoveError, UnsolvableError, goal_board, parse_board, run
from npuzzle.api import handle, start
from npuzzle.cli import main
from npuzzle.interchange import write_form, write_notation
from npuzzle.nearoptimal import manhattan_linear_conflict
from npuzzle.optimal.metric import runs
from npuzzle.progress import Limit, SearchStopped
from npuzzle.solving.multitile import mtm_lower_bound
from npuzzle.speedsolving.analysis import SLICE_CELLS, Analysis, analyse
from npuzzle.speedsolving.scrambles import deal
from npuzzle.speedsolving.walked_bounds import WalkedBounds
from oracle import distances, line_distances


def played(board: Board, goal: Board, truth: dict[tuple[int, ...], int], steps: int, rng: random.Random) -> str:
    """A player's letters from ``board``: mostly moves that get closer to ``goal`` (by ``truth``), some random ones,
    then straight on to the goal."""
    letters = []
    for _ in range(steps):
        options = list(board.movable_tiles())
        good = [d for d in options if truth[board.slide(d).tiles] < truth[board.tiles]]
        letter = rng.choice(good) if good and rng.random() < 0.7 else rng.choice(options)
        letters.append(letter)
        board = board.slide(letter)
    while board != goal:
        letter = next(d for d in board.movable_tiles() if truth[board.slide(d).tiles] < truth[board.tiles])
        letters.append(letter)
        board = board.slide(letter)
    return "".join(letters)


def positions(board: Board, plays: list[str]) -> list[Board]:
    out = [board]
    for play in plays:
        out.append(out[-1].apply(play))
    return out


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_3x3_distances_are_the_exact_ones_on_random_played_paths(metric: str) -> None:
    goal = goal_board(3, 3)
    stm_truth = distances(goal)
    truth = stm_truth if metric == "stm" else line_distances(goal)
    rng = random.Random(7)
    for _ in range(12):
        board = Board(3, 3, rng.choice(sorted(stm_truth)))
        letters = played(board, goal, stm_truth, rng.randrange(0, 25), rng)
        analysis = run(analyse(board, goal, write_notation(letters), metric))
        plays = list(letters) if metric == "stm" else [a * n for a, n in runs(letters)]
        expected = [truth[p.tiles] for p in positions(board, plays)]
        assert analysis.exact and list(analysis.distances) == expected
        assert analysis.solved and analysis.moves == len(plays)
        check_marks(analysis, board, goal, plays, truth)


def test_3x3_line_move_analyses_going_back_and_forth_keep_the_exact_distances() -> None:
    goal = goal_board(3, 3)
    truth = line_distances(goal)
    rng = random.Random(11)
    for _ in range(8):
        board = Board(3, 3, rng.choice(sorted(truth)))
        letters = ""  # moves, some played, undone and played again: positions and searches come again
        for _ in range(rng.randrange(4, 12)):
            letter = rng.choice(list(board.apply(letters).movable_tiles()))
            back = {"U": "D", "D": "U", "L": "R", "R": "L"}[letter]
            letters += letter + back + letter if rng.random() < 0.5 else letter
        letters += played(board.apply(letters), goal, distances(goal), 0, rng)
        analysis = run(analyse(board, goal, write_notation(letters), "mtm"))
        plays = [a * n for a, n in runs(letters)]
        assert list(analysis.distances) == [truth[p.tiles] for p in positions(board, plays)]
        check_marks(analysis, board, goal, plays, truth)


def check_marks(
    analysis: Analysis, board: Board, goal: Board, plays: list[str], truth: dict[tuple[int, ...], int]
) -> None:
    """Mistakes exactly where the distance did not fall, each with a move that makes it fall and every such move,
    none missing; the moves lost add up to the solve's length beyond the start's distance."""
    d = analysis.distances
    here = board
    for number, (step, play) in enumerate(zip(analysis.steps, plays, strict=True), start=1):
        assert step.mistake == (d[number] >= d[number - 1]) == (number in analysis.mistakes)
        assert step.lost == d[number] - d[number - 1] + 1 and step.move == write_notation(play)
        best = step.best
        assert best is not None and truth[here.apply(best_letters(best)).tiles] == d[number - 1] - 1
        if step.mistake:
            closer = [m for m in every_move(here, analysis.metric) if truth[here.apply(m).tiles] == d[number - 1] - 1]
            assert step.optimal_moves == tuple(write_notation(m) for m in closer) and best in step.optimal_moves
        else:
            assert step.optimal_moves is None
        here = here.apply(play)
    assert analysis.lost == len(plays) - d[0] + d[-1]


def every_move(board: Board, metric: str) -> list[str]:
    """Every move from ``board`` as single-tile letters (a line move: a letter repeated), in the order U, D, L, R
    and the nearer tile first."""
    longest = 1 if metric == "stm" else max(board.rows, board.cols) - 1
    out = []
    for letter in "UDLR":
        for count in range(1, longest + 1):
            try:
                board.apply(letter * count)
            except MoveError:
                break
            out.append(letter * count)
    return out


def best_letters(notation: str) -> str:
    from npuzzle.interchange import read_notation

    return read_notation(notation)


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_a_limit_met_at_any_search_keeps_the_moves_analysed_before_it_whole(metric: str) -> None:
    goal = goal_board(3, 3)
    board = parse_board("8 6 7 / 2 5 4 / 3 0 1")
    moves = "DLRRDULURD"  # mistakes with one, two and three optimal moves
    full = run(analyse(board, goal, moves, metric))
    assert any(len(step.optimal_moves or ()) > 1 for step in full.steps)
    stops = set()
    for nodes in range(1, full.nodes_expanded, max(1, full.nodes_expanded // 60)):
        part = run(analyse(board, goal, moves, metric, limit=Limit(nodes=nodes)))
        done = len(part.steps)
        if part.stopped is None:
            assert part.steps == full.steps
            continue
        assert part.stopped == "node-limit" and done < full.moves and part.steps == full.steps[:done]
        if not part.distances:  # stopped in the start's search
            assert done == 0 and part.summary() == "Nothing analysed."
            continue
        assert part.distances == full.distances[: done + 1] and f"{done} of {full.moves}" in part.summary()
        assert part.summary().endswith(" Stopped early (node limit reached).")  # in words, as the page shows it
        stops.add(done)
    assert len(stops) > 3  # stopped at many places along the solve


def test_stm_distances_differ_by_one_and_a_wasted_pair_costs_two() -> None:
    goal = goal_board(3, 3)
    board = parse_board("1 2 3 / 4 5 6 / 7 0 8")
    analysis = run(analyse(board, goal, "LRL"))  # left (solves it), back right, left again
    assert list(analysis.distances) == [1, 0, 1, 0]
    assert analysis.mistakes == (2,) and analysis.lost == 2 and analysis.steps[1].best is None
    assert "1 mistake, 2 moves lost" in analysis.summary()


def test_mtm_counts_a_line_as_one_move() -> None:
    goal = goal_board(3, 3)
    board = parse_board("1 2 3 / 4 5 6 / 0 7 8")
    for moves, expected in [("L2", [1, 0]), ("LL", [1, 0]), ("L L", [1, 0]), ("LRL2", [1, 1, 1, 0])]:
        analysis = run(analyse(board, goal, moves, "mtm"))
        assert list(analysis.distances) == expected, moves
    analysis = run(analyse(board, goal, "LRL2", "mtm"))
    assert [s.move for s in analysis.steps] == ["L", "R", "L2"] and analysis.mistakes == (1, 2)
    assert analysis.steps[0].best == "L2" and analysis.lost == 2
    assert analysis.steps[0].optimal_moves == ("L2",) and analysis.steps[2].optimal_moves is None


def test_bigger_boards_give_bounds_and_no_marks() -> None:
    board = Board(5, 5, tuple(range(1, 24)) + (0, 24))
    goal = goal_board(5, 5)
    analysis = run(analyse(board, goal, "RLL", "stm"))  # away, back, and the move that solves it
    assert not analysis.exact and analysis.mistakes == () and analysis.lost is None
    assert list(analysis.distances) == [1, 2, 1, 0] and analysis.near_optimal == 1 and analysis.solved
    assert "not exact: no mistakes marked" in analysis.summary()
    assert all(step.best is None for step in analysis.steps)
    lines = run(analyse(board, goal, "R", "mtm"))
    assert lines.moves == 1 and list(lines.distances) == [1, 1] and not lines.solved


def random_walk(board: Board, count: int, rng: random.Random) -> str:
    """``count`` random single-tile letters that can be played from ``board`` (the tile's direction)."""
    rows, cols = board.rows, board.cols
    row, col = divmod(board.tiles.index(0), cols)
    letters = []
    for _ in range(count):
        options = [m for m, ok in (("D", row > 0), ("U", row < rows - 1), ("R", col > 0), ("L", col < cols - 1)) if ok]
        letter = rng.choice(options)
        letters.append(letter)
        row += {"D": -1, "U": 1}.get(letter, 0)
        col += {"R": -1, "L": 1}.get(letter, 0)
    return "".join(letters)


def test_bounds_kept_move_by_move_are_the_ones_computed_afresh() -> None:
    rng = random.Random(5)
    for _ in range(150):
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        goal = goal_board(rows, cols) if rng.random() < 0.5 else deal(rows, cols, rng.randrange(99)).board
        board = deal(rows, cols, rng.randrange(10**6), goal).board
        walk = WalkedBounds(board, goal)
        for letter in random_walk(board, 60, rng):
            walk.play(letter)
            board = board.slide(letter)
            assert walk.stm() == manhattan_linear_conflict(board.tiles, goal.tiles, rows, cols), (board, goal)
            assert walk.mtm() == mtm_lower_bound(board, goal), (board, goal)
        assert walk.at_goal(goal) == (board == goal)


def test_a_long_solve_on_a_big_board_is_read_in_slices_and_stops_when_asked() -> None:
    board = deal(20, 20, 3).board
    moves = random_walk(board, 100_000, random.Random(1))
    running = analyse(board, goal_board(20, 20), moves)
    records = [next(running) for _ in range(4)]
    assert [r.analysed for r in records][:1] == [0] and records[-1].analysed < 100_000
    steps = [b.analysed - a.analysed for a, b in pairwise(records)]
    assert all(0 < step <= SLICE_CELLS for step in steps), steps  # a bounded read between two records
    with pytest.raises(StopIteration) as stopped:
        running.throw(SearchStopped("cancelled"))
    analysis: Analysis = stopped.value.value
    assert analysis.stopped == "cancelled" and len(analysis.steps) == records[-1].analysed
    assert len(analysis.distances) == len(analysis.steps) + 1 and not analysis.solved
    session = start(json.dumps({"op": "analyse", "board": write_form(board, "slidysim"), "moves": moves}))
    first = json.loads(session.advance(0))
    assert first["type"] == "progress" and first["analysed"] < 100_000


def test_ctrl_c_stops_a_long_analysis_with_what_was_analysed(tmp_path: Path) -> None:
    board = deal(20, 20, 3).board
    (tmp_path / "moves.txt").write_text(random_walk(board, 100_000, random.Random(1)))
    args = ["analyse", write_form(board, "slidysim"), str(tmp_path / "moves.txt"), "--time-limit", "600"]
    stopped = interrupt_when(args, ready="analysing", env=dict(os.environ))
    assert stopped.returncode == 3, stopped.stderr
    assert "Stopped early (cancelled)" in stopped.stdout and "Distances: " in stopped.stdout
    assert "interrupted" in stopped.stderr and "Traceback" not in stopped.stderr


def test_bad_input_is_named_at_once() -> None:
    goal = goal_board(3, 3)
    with pytest.raises(MoveError, match="step 1: move 'U'"):
        analyse(parse_board("1 2 3 / 4 5 6 / 7 8 0"), goal, "U")
    with pytest.raises(MoveError, match="'X' at character 2"):
        analyse(parse_board("1 2 3 / 4 5 6 / 7 8 0"), goal, "UX")
    with pytest.raises(UnsolvableError):
        analyse(parse_board("2 1 3 / 4 5 6 / 7 8 0"), goal, "U")
    with pytest.raises(ValueError, match="unknown metric"):
        analyse(parse_board("1 2 3 / 4 5 6 / 7 8 0"), goal, "U", "lines")


def test_tiles_and_the_blank_convention_are_read_too() -> None:
    goal = goal_board(3, 3)
    board = parse_board("1 2 3 / 4 5 6 / 0 7 8")
    assert run(analyse(board, goal, [7, 8])).distances == (2, 1, 0)
    assert run(analyse(board, goal, "R2", convention="blank")).distances == (2, 1, 0)


def test_a_stop_returns_what_was_analysed() -> None:
    goal = goal_board(5, 5)
    board = Board(5, 5, tuple(range(1, 24)) + (0, 24))
    running = analyse(board, goal, "RL" * 30)
    next(running)
    with pytest.raises(StopIteration) as stopped:
        running.throw(SearchStopped("cancelled"))
    assert stopped.value.value.stopped == "cancelled"
    limited = run(analyse(board, goal, "RL", limit=Limit(nodes=1)))
    assert limited.distances[0] == 1


def test_the_api_op_in_one_call_and_in_slices() -> None:
    request = {"op": "analyse", "board": "1 2 3 / 4 5 6 / 0 7 8", "moves": "LRL2", "metric": "mtm"}
    reply = json.loads(handle(json.dumps(request)))
    assert reply["ok"] and reply["distances"] == [1, 1, 1, 0] and reply["mistakes"] == [1, 2] and reply["lost"] == 2
    assert [step["optimal_moves"] for step in reply["steps"]] == [["L2"], ["L"], None]
    assert reply["chart"]["points"] == [[0, 1], [1, 1], [2, 1], [3, 0]] and reply["chart"]["unit"] == "line moves"
    assert reply["chart"]["text"] == reply["summary"] and reply["board"]["rows"] == 3
    session = start(json.dumps(request))
    final = json.loads(session.advance(10))
    assert final["type"] == "result" and final["distances"] == reply["distances"]
    big = start(json.dumps({"op": "analyse", "board": "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15", "moves": "L"}))
    cancelled = json.loads(big.cancel())
    assert cancelled["type"] == "result" and cancelled["stopped"] == "cancelled"
    for bad, fragment in [
        ({"moves": 5}, "field 'moves' must be"),
        ({"moves": "U", "convention": "up"}, "field 'convention'"),
        ({"moves": "Q"}, "'Q' at character 1"),
        ({"moves": "U", "metric": "lines"}, "unknown metric"),
    ]:
        failed = json.loads(handle(json.dumps({"op": "analyse", "board": "1 2 3 / 4 5 6 / 7 8 0", **bad})))
        assert not failed["ok"] and fragment in failed["error"]["message"], failed


def test_the_cli_prints_the_analysis_and_its_distances() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["analyse", "1 2 3 / 4 5 6 / 0 7 8", "LRL2", "--metric", "mtm"], out=out, err=err) == 0
    text = out.getvalue()
    assert "2 mistakes, 2 line moves lost" in text and "Distances: 1 1 1 0" in text
    assert "     1       L       1      1  mistake: 1 lost; better: L2" in text
    out = io.StringIO()
    assert main(["analyse", "8 6 7 / 2 5 4 / 3 0 1", "DLRRDU", "--metric", "mtm"], out=out, err=err) == 0
    assert "     5       U      18     18  mistake: 1 lost; better: U2 or L2" in out.getvalue()
    out = io.StringIO()
    assert main(["analyse", "1 2 3 / 4 5 6 / 0 7 8", "L2", "--json"], out=out, err=err) == 0
    record = json.loads(out.getvalue())
    assert record["distances"] == [2, 1, 0] and all(isinstance(d, int) for d in record["distances"])
    assert main(["analyse", "1 2 3 / 4 5 6 / 0 7 8", "R"], out=io.StringIO(), err=err) == 2
    assert "step 1: move 'R'" in err.getvalue()
    assert main(["analyse", "2 1 3 / 4 5 6 / 7 8 0", "U"], out=io.StringIO(), err=err) == 1
