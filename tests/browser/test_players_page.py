"""For players: how close a solve came to the shortest solution (checked against the core in CPython),
both move counts (single tiles and lines), and the history of solves: averages, CSV, reload and delete."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from npuzzle.board import Board
from npuzzle.parse import parse_board
from npuzzle.research.instances import korf100

from .conftest import ANSWER_TIMEOUT_MS, BOOT_TIMEOUT_MS, App, Server, core, grid_tiles, open_app
from .steps import click, deal, shuffle, wait_grid


def line_moves(letters: list[str]) -> int:
    """Runs of the same letter: the multi-tile metric."""
    return sum(1 for k, m in enumerate(letters) if k == 0 or letters[k - 1] != m)


def counts(page: Page) -> tuple[int, int]:
    return int(page.locator("#move-count").inner_text()), int(page.locator("#line-count").inner_text())


def counts_after(page: Page, moves: int) -> tuple[int, int]:
    """Both counters once the page's render pass has drawn a game of ``moves`` moves (the grid's tiles slide at once,
    the counters follow in the next frame)."""
    page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=moves)
    return counts(page)


def test_a_solved_shuffled_board_says_how_close_it_came_to_the_core_s_shortest(fresh: App) -> None:
    page = fresh.page
    shuffle(fresh, "3×3")
    board = Board(3, 3, tuple(grid_tiles(fresh)))
    text = " / ".join(" ".join(map(str, board.tiles[r * 3 : r * 3 + 3])) for r in range(3))
    reply = core({"op": "solve", "board": text, "algorithm": "astar", "heuristic": "manhattan"})
    shortest = len(reply["moves"])
    assert reply["optimal"] is True
    # a detour first (a tile out and back), then the core's shortest solution: two moves over the shortest
    detour = next(iter(board.movable_tiles().values()))
    letters: list[str] = []
    for tile in [detour, detour, *reply["moves"]]:
        board, slid = click(fresh, board, tile)
        letters += slid
    page.wait_for_function(
        "() => ['optimal', 'near-optimal', 'stopped', 'failed'].includes(document.body.dataset.shortest)",
        timeout=ANSWER_TIMEOUT_MS,
    )
    assert page.locator("body").get_attribute("data-shortest") == "optimal"
    moves, lines = len(letters), line_moves(letters)
    assert moves == shortest + 2 and counts(page) == (moves, lines)
    efficient = round(100 * shortest / moves)
    assert page.locator("#board-score").inner_text() == (
        f"Solved in {moves} moves ({lines} line moves); the shortest is {shortest} ({efficient}% efficient)."
    )
    row = page.locator("#history-list tbody tr").first  # the solve is in the history, with its shortest
    assert row.locator("td").nth(3).inner_text() == str(moves)
    assert row.locator("td").nth(4).inner_text() == str(lines)
    assert row.locator("td").nth(6).inner_text() == str(shortest)
    fresh.assert_offline()


def test_both_counters_follow_multi_tile_moves_undo_and_redo(fresh: App) -> None:
    page = fresh.page
    text = "5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12"
    fresh.check(text, "default")
    board = parse_board(text)
    wait_grid(fresh, board.tiles)
    history: list[tuple[int, int]] = [(0, 0)]
    letters: list[str] = []
    # a column of 3 down, a row of 3 left, then 4, 8 and 12 up one by one: the three steps up are one line move
    for tile in (5, 3, 4, 8, 12):
        board, slid = click(fresh, board, tile)
        letters += slid
        history.append((len(letters), line_moves(letters)))
        assert counts_after(page, history[-1][0]) == history[-1]
    assert letters == list("DDDLLLUUU") and history[-1] == (9, 3)
    undo = page.get_by_role("button", name="Undo")
    undo.click()
    assert counts_after(page, history[-2][0]) == history[-2]
    page.get_by_role("button", name="Redo").click()
    assert counts_after(page, history[-1][0]) == history[-1]
    fresh.assert_offline()


AVERAGES_JS = """async (values) => {
  const { averages } = await import('./model/history.js');
  return averages(values);
}"""


def test_averages_match_a_hand_worked_example(fresh: App) -> None:
    page = fresh.page
    # 13 solves. Best 1. Mean of 3: the last three, (5 + 11 + 30) / 3. Average of 5: the last five 3 8 5 11 30
    # without 3 and 30: (8 + 5 + 11) / 3 = 8. Average of 12: the last twelve without 1 and 30, whose sum is 70: 7.
    values = [7, 2, 9, 4, 12, 1, 6, 10, 3, 8, 5, 11, 30]
    got = page.evaluate(AVERAGES_JS, values)
    assert got == {"count": 13, "best": 1, "mo3": pytest.approx(46 / 3), "ao5": 8, "ao12": 7}
    short = page.evaluate(AVERAGES_JS, [5, 3, 8, 4])  # mean of 3: (3 + 8 + 4) / 3; too few for an average of 5
    assert short == {"count": 4, "best": 3, "mo3": 5, "ao5": None, "ao12": None}
    fresh.assert_offline()


HISTORY_JS = """async (entries) => {
  const { historyAverages } = await import('./model/history.js');
  return ["ms", "moves", "lines"].map((key) => historyAverages(entries, key));
}"""


def test_the_historys_best_leaves_out_games_with_hints_as_the_bests_do(fresh: App) -> None:
    def solve(ms: int, moves: int, lines: int, hints: int) -> dict[str, object]:
        return {"ms": ms, "moves": moves, "lines": lines, "hints": hints, "dnf": False}

    entries = [solve(3000, 30, 20, 0), solve(1000, 10, 8, 2), solve(2000, 25, 18, 0)]  # the fastest had hints
    times, moves, lines = fresh.page.evaluate(HISTORY_JS, entries)
    assert (times["best"], moves["best"], lines["best"]) == (2000, 25, 18)
    assert (times["mo3"], moves["mo3"], lines["mo3"]) == (2000, pytest.approx(65 / 3), pytest.approx(46 / 3))
    only_hinted = fresh.page.evaluate(HISTORY_JS, entries[1:2])
    assert [a["best"] for a in only_hinted] == [None, None, None] and only_hinted[0]["count"] == 1
    fresh.assert_offline()


def deal_and_solve(app: App, seed: str, tiles: list[int]) -> None:
    """Deal a 2×2 from ``seed`` and solve it by clicking ``tiles``; wait for the history to keep the solve and for
    its shortest to be found."""
    page = app.page
    board = deal(app, "2×2", seed)
    page.locator("body").evaluate("b => { delete b.dataset.history; delete b.dataset.shortest; }")
    for tile in tiles:
        board, _ = click(app, board, tile)
    page.wait_for_function("() => document.body.dataset.history === 'recorded'")
    page.wait_for_function("() => document.body.dataset.shortest === 'optimal'", timeout=ANSWER_TIMEOUT_MS)


def test_history_averages_csv_reload_and_delete(browser: Browser, server: Server) -> None:
    with open_app(browser, server) as app:  # only dealt boards count: three 2×2s dealt from seeds
        page = app.page
        assert page.locator("#history").is_hidden()  # no solves yet
        deal_and_solve(app, "3", [3])  # 1 2 / 0 3: 1 move
        assert page.locator("#board-score").inner_text() == (
            "Solved in 1 move (1 line move); the shortest is 1: yours is a shortest solution (100% efficient)."
        )
        deal_and_solve(app, "4", [1, 3])  # 0 2 / 1 3: 2 moves in 2 lines
        deal_and_solve(app, "19", [1, 2])  # 0 1 / 3 2: 2 moves in 2 lines
        expect(page.locator("#history-list tbody tr")).to_have_count(3)  # expect: waits for the page, then fails
        expect(page.get_by_role("heading", name="Your 2×2 solves")).to_be_visible()
        best = page.locator("#history-averages tr[data-average=best] td")
        assert best.nth(1).inner_text() == "1" and best.nth(2).inner_text() == "1"
        mo3 = page.locator("#history-averages tr[data-average=mo3] td")
        assert mo3.nth(1).inner_text() == "1.7"  # (1 + 2 + 2) / 3 moves
        assert page.locator("#history-averages tr[data-average=ao5] td").nth(1).inner_text() == "–"
        assert page.get_by_role("img", name="Time of each 2×2 solve").count() == 1

        with page.expect_download() as download:
            page.get_by_role("link", name="Download CSV").click()
        path = download.value.path()
        table = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
        columns = "shape date seconds moves line_moves shortest shortest_proven lower_bound hints"
        more = "shortest_metric moves_per_second mode dnf solution"
        assert table[0] == columns.split() + more.split()
        assert table[1][9:] == ["stm", table[1][10], "free", "false", "L"]  # the first board: tile 3 slid left
        assert [r[3] for r in table[1:]] == ["1", "2", "2"] and [r[4] for r in table[1:]] == ["1", "2", "2"]
        assert [r[5] for r in table[1:]] == ["1", "2", "2"] and [r[6] for r in table[1:]] == ["true"] * 3
        assert all(r[0] == "2×2" and float(r[2]) >= 0 and r[8] == "0" for r in table[1:])
        assert download.value.suggested_filename == "npuzzle-2x2-solves.csv"

        page.reload()
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => !document.getElementById('history').hidden")
        assert page.locator("#history-list tbody tr").count() == 3

        page.get_by_role("button", name="Delete history…").click()
        confirm = page.get_by_role("group", name="Delete all 3 2×2 solves")
        expect(confirm).to_be_visible()
        page.get_by_role("button", name="Keep").click()  # taken back: nothing deleted
        expect(confirm).to_be_hidden()
        expect(page.locator("#history-list tbody tr")).to_have_count(3)
        page.get_by_role("button", name="Delete history…").click()
        page.get_by_role("button", name="Delete", exact=True).click()
        page.wait_for_function("() => document.body.dataset.history === 'deleted'")
        assert page.locator("#history").is_hidden()
        assert page.evaluate("document.activeElement.id") == "shuffle"  # the focus went on, not to the page's body
        assert page.evaluate("JSON.parse(localStorage.getItem('npuzzle.history') || '{}')['2×2']") is None
        page.reload()
        page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        assert page.locator("#history").is_hidden()
        app.assert_offline()


def test_a_hard_4x4_solved_is_compared_with_a_near_optimal_solution_and_its_bound(phone: App) -> None:
    page = phone.page
    korf = korf100()[0]  # Korf's #1: 57 moves at best; no proof within auto's seconds without the database
    board = korf.board()
    text = " / ".join(" ".join(map(str, board.tiles[r * 4 : r * 4 + 4])) for r in range(4))
    link = "#board=" + text.replace(" / ", "/").replace(" ", ",") + "&goal=" + korf.goal
    before = phone.answers()
    page.evaluate("link => { location.hash = link; }", link)  # a link deals the board
    phone.wait_answer(before)
    wait_grid(phone, board.tiles)
    reply = core({"op": "solve", "board": text, "goal": korf.goal, "algorithm": "near-optimal"})
    assert not reply["optimal"]
    letters: list[str] = []
    for tile in reply["moves"]:
        board, slid = click(phone, board, tile)
        letters += slid
    page.wait_for_function(
        "() => ['optimal', 'near-optimal', 'stopped', 'failed'].includes(document.body.dataset.shortest)",
        timeout=180_000,
    )
    assert page.locator("body").get_attribute("data-shortest") == "near-optimal"
    assert page.locator("body").get_attribute("data-tables") == "offered"  # no database: auto fell back
    said = page.locator("#board-score").inner_text()
    found = re.fullmatch(
        r"Solved in (\d+) moves \((\d+) line moves\); the shortest is between (\d+) and (\d+): near-optimal, not "
        r"proven shortest \((\d+)–(\d+)% efficient\)\.",
        said,
    )
    assert found, said
    moves, lines, low, length, least, most = (int(g) for g in found.groups())
    assert (moves, lines) == (len(letters), line_moves(letters))
    assert length == len(reply["moves"])  # the page's near-optimal answer is CPython's, move for move
    assert reply["lower_bound"] <= low <= korf.optimal <= length
    assert (least, most) == (round(100 * low / moves), round(100 * length / moves))
    phone.assert_offline()


FILL_STORAGE = """() => {
  let n = 0;
  for (const size of [1 << 20, 1 << 14, 1 << 8, 1]) {  // the page's storage filled to the last byte it takes
    const chunk = "x".repeat(size);
    try { for (;;) localStorage.setItem(`filler-${n++}`, chunk); } catch { /* full at this size */ }
  }
}"""


def test_a_solve_that_storage_refuses_is_said_not_kept(fresh: App) -> None:
    """With the browser's storage for the page full, a counted solve is announced with why it is not kept, and the
    hooks say so: nothing claims it was recorded."""
    page = fresh.page
    page.evaluate(FILL_STORAGE)
    board = deal(fresh, "2×2", "4")  # 0 2 / 1 3: a dealt 2×2, 2 moves
    page.locator("body").evaluate("b => delete b.dataset.history")
    for tile in (1, 3):
        board, _ = click(fresh, board, tile)
    page.wait_for_function("() => document.body.dataset.history === 'unkept'")
    status = page.locator("#board-status").inner_text()
    assert status.startswith("Solved! 2 moves in ") and status.endswith(
        "It could not be kept on this device: the browser's storage for this page is full or blocked (download "
        "your solves as CSV, or delete some, to make room)."
    ), status
    assert page.evaluate("localStorage.getItem('npuzzle.history')") is None
    fresh.assert_offline()
