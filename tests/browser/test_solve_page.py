"""The page's solving half in real Chromium: Solve → Play reaches the goal, playback controls, Cancel of a hard
search (with the page responsive meanwhile and the stop timed), the compare table, arrow keys and the counter.

One page (one Pyodide boot) serves the whole module. Expected answers come from the core in this CPython.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from npuzzle.board import Board
from npuzzle.parse import parse_board, resolve_goal
from npuzzle.research.instances import korf100

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, core, solver_option
from .steps import CANCEL_HANG_MS, cancel_ms, click, shuffle, solution_facts, text_of, wait_for_progress, wait_grid

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium


def board_in_text_area(app: App) -> Board:
    return parse_board(app.page.locator("#board").input_value())


def solve(app: App, algorithm: str = "auto", heuristic: str = "auto") -> None:
    """Pick the solver, press Solve and wait until the page shows how it ended."""
    page = app.page
    solver_option(page, "#algorithm", algorithm)
    solver_option(page, "#heuristic", heuristic)
    page.evaluate("() => { delete document.body.dataset.solve; }")  # not the end state of an earlier solve
    page.click("#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)


def korf(index: int) -> tuple[str, int]:
    """Korf's instance ``index`` (1-based) as board text, and its optimal length (blank-first goal)."""
    instance = next(i for i in korf100() if i.ident == index)
    return " ".join(map(str, instance.tiles)), instance.optimal


def test_shuffle_solve_and_play_reach_the_goal(app: App) -> None:
    page = app.page
    shuffle(app, "3×3", "default")
    start = board_in_text_area(app)
    goal = resolve_goal("default", 3, 3)
    expected = core({"op": "solve", "board": start.format(), "algorithm": "idastar", "heuristic": "linear-conflict"})
    assert expected["optimal"] is True

    solve(app)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    length = int(page.locator("#solution").get_attribute("data-length") or "-1")
    assert length == expected["length"]
    summary = page.locator("#solution-summary").inner_text()
    assert f"{expected['length']} moves" in summary and "shortest possible" in summary
    assert page.locator("#solution-badge").inner_text() == "shortest possible"
    assert page.locator("#play-badge").inner_text() == "shortest possible"  # the player under the board says it too
    facts = solution_facts(page).inner_text()
    for term in ("Nodes expanded", "Largest frontier", "Time", "Shortest?"):
        assert term in facts
    items = page.locator("#move-list li").all_inner_texts()
    assert len(items) == length
    # every listed move is a tile number and its letter, and replaying them in the core reaches the goal
    moves = [re.fullmatch(r"(\d+)\s*([UDLR])", item.strip()) for item in items]
    assert all(moves)
    letters = "".join(m.group(2) for m in moves if m)
    assert start.apply(list(letters)) == goal
    wait_grid(app, start.tiles)

    page.locator("#speed").fill("6")  # 60 moves per second, shown and said
    expect(page.locator("#speed-text")).to_have_text("60/s")
    expect(page.locator("#speed")).to_have_attribute("aria-valuetext", "60 moves per second")
    page.click("#play")
    page.wait_for_selector("body[data-playback=end]", state="attached", timeout=30_000)
    wait_grid(app, goal.tiles)
    expect(page.locator("#play-position")).to_have_text(str(length))
    assert page.locator("body").get_attribute("data-solved") == "true"
    expect(page.locator("#board-status")).to_have_text(re.compile("^" + re.escape("Solved")))
    page.wait_for_function("() => location.hash === '#board=1,2,3/4,5,6/7,8,0'")  # the link follows
    page.wait_for_function(  # the text area follows the board on screen (its start is the game's)
        "want => document.getElementById('board').value.replace(/\\s+/g, ' ').trim() === want",
        arg=text_of(goal).replace(" / ", " "),
    )

    # the other controls: reset, step forward and back, skip to the end
    page.click("#play-reset")
    wait_grid(app, start.tiles)
    page.click("#play-forward")
    after_one = start.apply([int(moves[0].group(1))]) if moves[0] else start
    wait_grid(app, after_one.tiles)
    expect(page.locator("#play-position")).to_have_text("1")
    page.click("#play-back")
    wait_grid(app, start.tiles)
    page.click("#play-end")
    wait_grid(app, goal.tiles)
    assert page.locator("#play-end").is_disabled()
    app.assert_offline()


def test_a_hard_search_is_cancelled_promptly_and_the_page_stays_responsive(app: App) -> None:
    page = app.page
    text, _ = korf(1)
    assert app.check(text, "blank-first").startswith("Solvable")
    solver_option(page, "#algorithm", "idastar")
    solver_option(page, "#heuristic", "hamming")
    page.click("#solve")
    wait_for_progress(page)  # this job's own progress, not the detail an earlier test's solve left behind

    # while the worker searches, the page answers: typing shows up, the goal select reveals its field, 20 frames
    # are drawn (the gap between them is printed, not asserted: a busy machine stretches it)
    page.fill("#shape", "5×5")
    assert page.locator("#shape").input_value() == "5×5"
    page.select_option("#goal-kind", "custom")
    expect(page.locator("#custom-goal-field")).to_be_visible()  # drawn in the next frame
    worst_frame_ms = page.evaluate(
        """() => new Promise((resolve) => {
          let last = performance.now(), worst = 0, n = 0;
          const frame = (t) => {
            worst = Math.max(worst, t - last); last = t;
            if (++n < 20) requestAnimationFrame(frame); else resolve(worst);
          };
          requestAnimationFrame(frame);
        })"""
    )
    assert page.locator("body").get_attribute("data-job") == "solve"  # still searching
    assert page.locator("body").get_attribute("data-solve") == "running"
    first = page.locator("#job-detail").inner_text()
    page.wait_for_function("t => document.getElementById('job-detail').textContent !== t", arg=first)  # live

    stopped_ms = cancel_ms(page)
    print(
        f"\ncancel: click → 'stopped' on screen in {stopped_ms:.0f} ms (worst frame gap while searching "
        f"{worst_frame_ms:.0f} ms; the page's own measure {page.locator('body').get_attribute('data-cancel-ms')} ms)"
    )
    assert stopped_ms < CANCEL_HANG_MS
    assert page.locator("#job").is_hidden()
    summary = page.locator("#solution-summary").inner_text()
    assert "cancelled" in summary and "no solution yet" in summary
    assert page.locator("#solution-badge").inner_text() == "stopped: cancelled"

    # a new Check and Solve work at once after the cancel
    app.select_goal("blank-first")
    assert page.locator("#verdict").inner_text().startswith("Solvable")
    easy = core({"op": "random", "rows": 4, "cols": 4, "moves": 12, "seed": 3, "goal": "blank-first"})["board"]
    expected = core({"op": "solve", "board": easy["text"], "goal": "blank-first"})
    assert app.check(easy["text"]).startswith("Solvable")
    solve(app, "auto", "auto")
    assert page.locator("body").get_attribute("data-solve") == "solved"
    assert page.locator("#solution").get_attribute("data-length") == str(expected["length"])
    app.select_goal("default")
    page.fill("#shape", "4×4")
    app.assert_offline()


def test_solve_holds_the_games_clock_and_a_cancel_lets_it_run_on(app: App) -> None:
    """Solve in a timed game stops its clock while the solver works; a cancelled Solve shows no solution, so the
    game goes on timed, the solver's time left out."""
    page = app.page
    assert app.check("12 1 10 2 / 7 11 4 14 / 5 0 9 15 / 8 13 6 3", "default").startswith("Solvable")  # the example
    board = board_in_text_area(app)
    click(app, board, next(iter(board.movable_tiles().values())))  # the first move starts the clock
    page.wait_for_function("() => document.body.dataset.clock === 'running'")
    solver_option(page, "#algorithm", "idastar")
    solver_option(page, "#heuristic", "hamming")
    page.click("#solve")
    wait_for_progress(page)
    page.wait_for_function("() => document.body.dataset.clock === 'stopped'")
    held = page.locator("#timer").inner_text()
    first = page.locator("#job-detail").inner_text()
    page.wait_for_function("t => document.getElementById('job-detail').textContent !== t", arg=first)  # working
    assert page.locator("#timer").inner_text() == held  # the clock does not run while the solver works
    cancel_ms(page)
    page.wait_for_function("() => document.body.dataset.clock === 'running'")
    assert page.locator("#solution-badge").inner_text() == "stopped: cancelled"
    app.assert_offline()


COMPARE_BOARD = "1 10 2 6 / 5 4 12 15 / 13 9 0 14 / 11 8 3 7"


def test_compare_fills_its_table(app: App) -> None:
    page = app.page
    assert app.check(COMPARE_BOARD, "default").startswith("Solvable")
    page.click("#compare")
    page.wait_for_function(
        "() => ['done', 'stopped', 'failed'].includes(document.body.dataset.compare)", timeout=ANSWER_TIMEOUT_MS
    )
    assert page.locator("body").get_attribute("data-compare") == "done"
    rows = page.locator("#compare-table tbody tr")
    # the core's table for the board (on a board on its way to the goal when it is far: the weaker heuristics
    # could not finish on it), ordered as the page orders it: weakest first, by what each measured
    expected = core({"op": "compare", "board": COMPARE_BOARD, "on_the_way": True})["rows"]
    expected.sort(key=lambda r: (r["length"] is not None, -r["nodes_expanded"]))
    assert rows.count() == len(expected) == len(core({"op": "options", "rows": 4, "cols": 4})["heuristics"])
    cells = [[c.strip() for c in r.split("\t")[1:]] for r in rows.all_inner_texts()]
    for (length, visited, heap, time), r in zip(cells, expected, strict=True):
        if r["length"] is None:  # not a number that looks like a result
            assert length == "did not finish" and r["stopped"] == "node-limit"
        else:
            assert length == str(r["length"])
        assert visited == f"{r['nodes_expanded']:,}" and heap == f"{r['max_frontier']:,}" and time
    assert sum(r["length"] is not None for r in expected) >= 4
    assert page.locator("#compare-table thead").inner_text().strip().split("\t") == [
        "Heuristic",
        "Length",
        "Nodes expanded",
        "Largest heap",
        "Time",
    ]
    app.assert_offline()


@pytest.mark.parametrize("start", ["1 2 3 / 4 5 6 / 7 8 0"])
def test_arrow_keys_move_tiles_and_the_counter_counts(app: App, start: str) -> None:
    page = app.page
    assert app.check(start, "default").startswith("Solvable")
    board = parse_board(start)
    expect(page.locator("#move-count")).to_have_text("0")
    page.locator("h1").click()  # focus outside the text fields: arrows are for the board
    count = 0
    for key, letter in [
        ("ArrowDown", "D"),
        ("ArrowRight", "R"),
        ("ArrowUp", "U"),
        ("ArrowDown", "D"),
        ("ArrowDown", "D"),
        ("ArrowLeft", "L"),
        ("ArrowUp", "U"),
    ]:
        page.keyboard.press(key)
        moved = letter in board.movable_tiles()
        if moved:
            board = board.slide(letter)  # the core's convention: the letter is the direction the tile moves
            count += 1
        wait_grid(app, board.tiles)
        expect(page.locator("#move-count")).to_have_text(str(count))
    assert count >= 4
    page.wait_for_function(  # the text area follows the board on screen (with the link)
        "want => document.getElementById('board').value.replace(/\\s+/g, ' ').trim() === want",
        arg=text_of(board).replace(" / ", " "),
    )
    link = "#board=" + "/".join(",".join(str(t) for t in board.tiles[r * 3 : (r + 1) * 3]) for r in range(3))
    page.wait_for_function("h => location.hash === h", arg=link)  # the link follows (at most 4 times a second)
    # arrows typed in the text area edit the text, not the board
    page.locator("#board").focus()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#move-count")).to_have_text(str(count))
    # undo the moves by clicking tiles: the board is solved again and says so
    goal = parse_board(start)
    page.locator("h1").click()
    path = core({"op": "solve", "board": board.format()})["moves"]
    for tile in path:
        page.get_by_role("gridcell", name=str(tile), exact=True).click()
    wait_grid(app, goal.tiles)
    expect(page.locator("#move-count")).to_have_text(str(count + len(path)))
    expect(page.locator("#board-status")).to_have_text(re.compile("^" + re.escape("Solved")))
    app.assert_offline()


def test_solve_uses_the_goal_as_edited_since_the_last_check(app: App) -> None:
    page = app.page
    start = "1 2 3 / 4 5 6 / 0 7 8"
    first_goal, new_goal = "1 2 3 / 4 5 6 / 7 8 0", "1 2 3 / 4 0 6 / 7 5 8"
    assert app.check(start, first_goal).startswith("Solvable")
    page.fill("#goal", new_goal)  # edited, but Check not pressed: Solve must check again with this goal
    solve(app)
    assert page.locator("body").get_attribute("data-solve") == "solved"
    expected = core({"op": "solve", "board": start, "goal": new_goal})
    assert int(page.locator("#solution").get_attribute("data-length") or "-1") == expected["length"]
    assert page.locator("#verdict").get_attribute("data-board") == "1,2,3/4,5,6/0,7,8"
    page.click("#play-end")
    wait_grid(app, parse_board(new_goal).tiles)
    page.wait_for_function("() => document.body.dataset.solved === 'true'", timeout=10_000)
    assert "goal=1,2,3/4,0,6/7,5,8" in page.evaluate("location.hash")
    app.select_goal("default")
    app.assert_offline()


def test_the_auto_heuristic_is_the_one_the_core_picks(app: App) -> None:
    """On a 4×4 goal with the blank off the corners no pattern database fits, and the core's policy picks walking
    distance, which is not the last (strongest-ranked) heuristic it lists: the page names and describes the core's
    choice."""
    page = app.page
    goal = "1 2 3 4 / 5 0 6 7 / 8 9 10 11 / 12 13 14 15"
    options = core({"op": "options", "rows": 4, "cols": 4, "goal": goal})
    assert options["default_algorithm"] == "idastar" and options["default_heuristic"] == "walking-distance"
    assert options["heuristics"][-1]["name"] != "walking-distance"
    app.check(goal, goal)
    solver_option(page, "#algorithm", "auto")
    solver_option(page, "#heuristic", "auto")
    page.wait_for_function(
        "() => document.getElementById('heuristic').options[0].textContent === 'Auto (Walking distance)'",
        timeout=ANSWER_TIMEOUT_MS,
    )
    summary = next(h["summary"] for h in options["heuristics"] if h["name"] == "walking-distance")
    assert summary in page.locator("#solver-hint").inner_text()
    app.select_goal("default")
    app.assert_offline()
