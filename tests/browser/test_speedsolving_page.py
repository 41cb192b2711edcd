"""For speedsolvers, in the page: a fair scramble dealt from a seed (the board CPython deals), a solve analysed
against the optimum in both metrics (the figures CPython's core gives), a reconstruction pasted, replayed and
analysed, Solve and Hint in line moves, a game without assists, a blindfolded game and its DNF; and at the six
screens, what the player needs next in view (a desktop's page and a phone's, each looked at on every screen of its
kind)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from npuzzle import count_optimal_solutions, parse_board
from npuzzle.interchange import write_notation
from npuzzle.optimal.metric import runs

from .conftest import ANSWER_TIMEOUT_MS, DONE_STATES, App, Server, core, open_app
from .sees import (
    KINDS,
    PHONES,
    SCREENS,
    app_of_kind,
    assert_readable,
    assert_seen,
    assert_seen_soon,
    at_each_screen,
    settled,
)
from .steps import analysed, choices, choose, click, core_mistakes, deal, mistakes_table, play, text_of, wait_grid

pytestmark = pytest.mark.slow  # boots Pyodide in Chromium


def test_a_seed_deals_cpython_s_board_and_the_solve_is_analysed_in_both_metrics(fresh: App) -> None:
    page = fresh.page
    board = deal(fresh, "3×3", "42")
    assert board.tiles == tuple(core({"op": "random", "shape": "3x3", "seed": 42})["board"]["tiles"])
    expect(page.locator("#seed-shown")).to_have_text("Seed 42")
    start = board
    # two mistakes first (a tile out and back), then a shortest solution from there
    detour = next(iter(board.movable_tiles().values()))
    board, letters = play(fresh, board, [detour, detour])
    shortest = core({"op": "solve", "board": text_of(board)})["moves"]
    board, rest = play(fresh, board, shortest)
    letters += rest
    analysed(page)
    expected = core({"op": "analyse", "board": text_of(start), "moves": letters})
    assert len(expected["mistakes"]) == 1 and expected["lost"] == 2  # out and back: one of the two is optimal
    expect(page.locator("#analysis-heading")).to_have_text("Your solve, analysed")
    expect(page.locator("#analysis-summary")).to_have_text(expected["summary"])
    assert mistakes_table(page) == core_mistakes(expected)
    label = page.locator("#analysis-chart svg").get_attribute("aria-label") or ""
    assert expected["summary"] in label
    assert page.locator("#analysis-chart circle.mistake").count() == 1
    optimal = expected["distances"][0]
    moves = len(letters)
    score = page.locator("#board-score").inner_text()
    assert score.endswith(f"the shortest is {optimal} ({round(100 * optimal / moves)}% efficient).")
    # the reconstruction: the seed, the moves in notation, one time per move
    text = page.locator("#reconstruction").input_value()
    written = core({"op": "reconstruction", "text": text})
    assert written["letters"] == letters and written["seed"] == "42" and len(written["times"]) == moves
    assert written["board"]["tiles"] == list(start.tiles) and written["text"] == text
    # the same solve counted in line moves, on request
    page.locator("body").evaluate("b => delete b.dataset.analysis")  # the next analysis' end
    page.click("#analysis-metric")
    analysed(page)
    lines = core({"op": "analyse", "board": text_of(start), "moves": letters, "metric": "mtm"})
    expect(page.locator("#analysis-summary")).to_have_text(lines["summary"])
    assert mistakes_table(page) == core_mistakes(lines)
    expect(page.locator("#metric")).to_have_value("mtm")
    row = page.locator("#history-list tbody tr").first  # the history keeps the solve in notation (CSV: solution)
    assert row.locator("td").nth(3).inner_text() == str(moves)
    fresh.assert_offline()


def test_a_pasted_reconstruction_replays_on_the_board_and_is_analysed(fresh: App) -> None:
    page = fresh.page
    page.locator("#reconstruction").scroll_into_view_if_needed()
    page.fill("#reconstruction", "Scramble: 1 2 3/4 5 6/8 7 0\nMoves: U")
    page.click("#replay")
    expect(page.locator("#reconstruction-error")).to_have_text(
        "step 1: move 'U': no tile can move up (the blank is at row 3, column 3)"
    )
    start = parse_board("4 1 3 / 7 2 6 / 0 5 8")
    text = "Scramble: 4 1 3/7 2 6/0 5 8\nMoves: D2LURLU\nTimes: 0 150 300 420 600 700 810"
    expected = core({"op": "reconstruction", "text": text})
    page.fill("#reconstruction", text)
    page.locator("body").evaluate("b => delete b.dataset.replay")
    page.click("#replay")
    page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
    wait_grid(fresh, start.tiles)
    expect(page.locator("#solution-heading")).to_have_text("Replay")
    expect(page.locator("#play-total")).to_have_text(str(expected["moves"]))
    assert "0.810 s" in page.locator("#solution-summary").inner_text()
    expect(page.locator("#reconstruction")).to_have_value(expected["text"])
    analysed(page)
    analysis = core({"op": "analyse", "board": text_of(start), "moves": "D2LURLU"})
    expect(page.locator("#analysis-heading")).to_have_text("The reconstruction, analysed")
    expect(page.locator("#analysis-summary")).to_have_text(analysis["summary"])
    assert mistakes_table(page) == core_mistakes(analysis)
    page.click("#play-end")
    wait_grid(fresh, start.apply(expected["letters"]).tiles)
    fresh.assert_offline()


def test_letters_that_name_the_blank_s_move_are_read_and_written_by_the_switch(fresh: App) -> None:
    page = fresh.page
    choose(page, "#convention", "blank")
    page.fill("#reconstruction", "Scramble: 4 1 3/7 2 6/0 5 8\nMoves: U2RDLRD")  # D2LURLU, the blank's way
    page.click("#replay")
    page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#reconstruction")).to_have_value(re.compile("^Scramble: 4 1 3/7 2 6/0 5 8\nMoves: U2RDLRD\n"))
    letters = page.locator("#move-list li .dir").all_inner_texts()
    assert "".join(letters) == "DDLURLU"
    choose(page, "#convention", "tile")  # the box is written again the tile's way
    expect(page.locator("#reconstruction")).to_have_value(re.compile("\nMoves: D2LURLU\n"))
    fresh.assert_offline()


def test_a_solve_s_link_replays_it(browser: Browser, server: Server) -> None:
    link = "#board=4,1,3/7,2,6/0,5,8&moves=D2LURLU&times=0,150,300,420,600,700,810&seed=168856"  # its seed deals it
    with open_app(browser, server, link) as app:
        page = app.page
        page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
        wait_grid(app, parse_board("4 1 3 / 7 2 6 / 0 5 8").tiles)
        expect(page.locator("#play-total")).to_have_text("7")
        assert "Seed: 168856" in page.locator("#reconstruction").input_value()
        analysed(page)
        app.assert_offline()


def test_solve_and_hint_in_line_moves_are_the_core_s(fresh: App) -> None:
    page = fresh.page
    text = "8 6 7 / 2 5 4 / 3 0 1"
    choose(page, "#metric", "mtm")
    fresh.check(text, "default")
    expected = core({"op": "solve", "board": text, "metric": "mtm"})
    assert expected["optimal"] and expected["line_moves"] == expected["length"] < expected["tile_moves"]
    page.click("#solve")
    page.wait_for_function(f"() => {DONE_STATES}.includes(document.body.dataset.solve)", timeout=ANSWER_TIMEOUT_MS)
    summary = page.locator("#solution-summary").inner_text()
    assert summary.startswith(
        f"{expected['line_moves']} line moves ({expected['tile_moves']} single-tile moves) — the shortest possible in "
        "line moves"
    ), summary
    hint = core({"op": "hint", "board": text, "metric": "mtm"})
    page.locator("body").evaluate("b => delete b.dataset.hint")
    page.click("#hint")
    page.wait_for_function("() => document.body.dataset.hint === 'shown'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#board-status")).to_have_text(hint["message"])
    fresh.assert_offline()


def test_no_assists_hides_the_help_until_solved_and_keeps_its_solves_apart(fresh: App) -> None:
    page = fresh.page
    choose(page, "#mode", "no-assists")
    board = deal(fresh, "3×3", "7")
    for button in ("#hint", "#solve", "#compare", "#watch-open"):
        expect(page.locator(button)).to_be_hidden()
    page.keyboard.press("h")
    expect(page.locator("#board-status")).to_have_text("No hints in this game: it is played without assists.")
    moves = core({"op": "solve", "board": text_of(board)})["moves"]
    board, _ = play(fresh, board, moves)
    expect(page.locator("#hint")).to_be_visible()
    analysed(page)
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#history-heading")).to_have_text("Your 3×3 solves, no assists")
    choose(page, "#mode", "free")  # the free-play history holds none of them
    expect(page.locator("#history")).to_be_hidden()
    fresh.assert_offline()


def test_blindfold_hides_the_numbers_and_done_off_the_goal_is_a_dnf(fresh: App) -> None:
    page = fresh.page
    choose(page, "#mode", "blindfold")
    board = deal(fresh, "3×3", "9")
    expect(page.locator("#done")).to_be_hidden()
    cell = page.locator("#board-view [role=gridcell].tile").first
    visible = cell.evaluate("c => getComputedStyle(c).color")
    tile = next(iter(board.movable_tiles().values()))
    board, _ = click(fresh, board, tile)
    expect(page.locator("#done")).to_be_visible()
    assert cell.evaluate("c => getComputedStyle(c).color") == "rgba(0, 0, 0, 0)"
    assert page.locator("#move-said").inner_text() == ""  # nothing names a tile
    page.click("#done")
    expect(page.locator("#board-status")).to_have_text(
        re.compile(r"^DNF: the board is not the goal \(\d+ tiles? out of place\)")
    )
    assert cell.evaluate("c => getComputedStyle(c).color") == visible
    expect(page.locator("#history-heading")).to_have_text("Your 3×3 solves, blindfolded")
    assert page.locator("#history-list tbody tr").first.locator("td").nth(2).inner_text() == "DNF"
    expect(page.locator("#history-averages tr[data-average=best] td").first).to_have_text("DNF")
    fresh.assert_offline()


def test_a_blindfolded_solve_is_timed_to_done_in_its_words_its_reconstruction_and_its_link(fresh: App) -> None:
    """A blindfolded solve's clock runs until Done: its time reads the same under the board, in its reconstruction
    (a Total line) and in the replay of its link."""
    page = fresh.page
    choose(page, "#mode", "blindfold")
    board = deal(fresh, "3×3", "9")
    moves = core({"op": "solve", "board": text_of(board)})["moves"]
    board, _ = play(fresh, board, moves)
    page.click("#done")
    status = page.locator("#board-status")
    expect(status).to_have_text(re.compile(r"^Solved blindfolded! "))
    said = re.match(
        rf"Solved blindfolded! {len(moves)} moves in (\d+\.\d\d\d s) \((\d+\.\d\d) moves/s\)", status.inner_text()
    )
    assert said, status.inner_text()
    time, pace = said.group(1), said.group(2)
    expect(page.locator("#reconstruction")).to_have_value(re.compile(r"^Total: \d+$", re.MULTILINE))
    assert f"in {time}, {pace} moves/s" in page.locator("#reconstruction").input_value()
    fresh.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=fresh.origin)
    page.click("#copy-replay-link")
    expect(page.locator("#copy-replay-link")).to_have_text("Copied")
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert "&total=" in link
    page.locator("body").evaluate("b => delete b.dataset.replay")
    page.evaluate("hash => { location.hash = hash; }", link[link.index("#") :])
    page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#solution-summary")).to_contain_text(f"in {time} ({pace} moves/s)")
    fresh.assert_offline()


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_each_mistake_shows_every_optimal_move_there_in_both_metrics(
    browser: Browser, server: Server, size: str
) -> None:
    """A first move off every shortest solution, then a shortest solution: the mistakes table gives, for each
    mistake, the moves the library's count of optimal solutions starts with from there, in view at a desktop's and a
    phone's size, counted in single tiles and then in line moves."""
    with open_app(browser, server, phone=size in PHONES, viewport=SCREENS[size]) as app:
        page = app.page
        start = deal(app, "3×3", "4")  # two optimal first moves, in both metrics
        optimal = {first["letters"] for first in count_optimal_solutions(start).to_dict(start)["first_moves"]}
        assert len(optimal) >= 2
        wrong = next(tile for letter, tile in start.movable_tiles().items() if letter not in optimal)
        board, letters = play(app, start, [wrong])
        board, rest = play(app, board, core({"op": "solve", "board": text_of(board)})["moves"])
        letters += rest
        analysed(page)
        for metric in ("stm", "mtm"):
            if metric == "mtm":
                page.locator("body").evaluate("b => delete b.dataset.analysis")
                page.click("#analysis-metric")
                analysed(page)
            reply = core({"op": "analyse", "board": text_of(start), "moves": letters, "metric": metric})
            assert mistakes_table(page) == core_mistakes(reply)
            plays = list(letters) if metric == "stm" else [a * n for a, n in runs(letters)]
            rows = page.locator("#analysis-mistakes tbody tr")
            for k, number in enumerate(reply["mistakes"]):
                here = start.apply("".join(plays[: number - 1]))
                firsts = count_optimal_solutions(here, metric=metric).to_dict(here)["first_moves"]
                shown = rows.nth(k).locator("td").nth(3).inner_text()
                assert choices(shown) == {write_notation(first["letters"]) for first in firsts}, (metric, number)
            assert reply["mistakes"][0] == 1 and len(choices(rows.first.locator("td").nth(3).inner_text())) >= 2
            cell = "#analysis-mistakes tbody tr:first-child td:nth-child(4)"
            page.locator("#analysis-mistakes").scroll_into_view_if_needed()  # its rows are drawn anew at each render
            assert_seen(page, "#analysis-mistakes tbody tr:first-child td:nth-child(1)", cell)
            assert_readable(page)
        app.assert_offline()


@pytest.fixture
def visit(browser: Browser, server: Server, kind: str) -> Iterator[App]:
    """The page opened on the first screen of ``kind`` (a phone's with touch), Python ready."""
    yield from app_of_kind(browser, server, kind)


@pytest.mark.parametrize("kind", list(KINDS))
def test_what_a_speedsolver_needs_next_is_on_screen(visit: App, kind: str) -> None:
    app, page = visit, visit.page

    def panel() -> None:
        page.locator("#speedsolving-heading").scroll_into_view_if_needed()
        settled(page)
        assert_seen(page, "#speedsolving-heading", "#metric", "#mode")

    at_each_screen(page, kind, panel)
    board = deal(app, "3×3", "5")
    # dealt from down in the panel: the board in view
    at_each_screen(page, kind, lambda: assert_seen_soon(page, "#board-view .grid", "#seed-shown"))
    moves = core({"op": "solve", "board": text_of(board)})["moves"]
    board, _ = play(app, board, moves)
    settled(page)
    at_each_screen(page, kind, lambda: assert_seen(page, "#board-status", "#board-score"))
    analysed(page)
    settled(page)
    if kind == "desktop":  # beside the board; a phone keeps the board and its result in view, the analysis below
        beside = ("#analysis-heading", "#analysis-chart svg", "#board-status")
        at_each_screen(page, kind, lambda: assert_seen(page, *beside))

    def chart() -> None:
        page.locator("#analysis-chart").scroll_into_view_if_needed()
        assert_seen(page, "#analysis-chart svg")
        assert_readable(page)

    at_each_screen(page, kind, chart)

    # the reconstruction replayed: the board and its player in view
    def reconstruction() -> None:
        page.locator("#replay").scroll_into_view_if_needed()
        assert_seen(page, "#reconstruction", "#replay", "#copy-reconstruction")

    at_each_screen(page, kind, reconstruction)
    page.locator("#replay").scroll_into_view_if_needed()
    page.locator("body").evaluate("b => delete b.dataset.replay")
    page.click("#replay")
    page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
    at_each_screen(page, kind, lambda: assert_seen_soon(page, "#board-view .grid", "#play"))
    # a blindfolded game: Done in view once the numbers hide
    choose(page, "#mode", "blindfold")
    board = deal(app, "3×3", "6")
    at_each_screen(page, kind, lambda: assert_seen_soon(page, "#board-view .grid"))
    board, _ = click(app, board, next(iter(board.movable_tiles().values())))
    settled(page)
    at_each_screen(page, kind, lambda: assert_seen(page, "#done"))
    page.click("#done")
    settled(page)

    def done() -> None:
        assert_seen(page, "#board-status")
        assert_readable(page)

    at_each_screen(page, kind, done)
    app.assert_offline()


REPLAYED_4X4 = "1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12"  # two moves from the goal: L, U
REPLAYED_5X5 = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 0 19 / 21 22 23 24 20"


def replay_and_analyse(app: App, board: str) -> None:
    """Paste a two-move reconstruction of ``board`` (L then U solve it), replay it and wait for its analysis."""
    page = app.page
    page.locator("#reconstruction").scroll_into_view_if_needed()
    page.fill("#reconstruction", f"Scramble: {board}\nMoves: LU")
    page.locator("body").evaluate("b => { delete b.dataset.replay; delete b.dataset.analysis; }")
    page.click("#replay")
    page.wait_for_function("() => document.body.dataset.replay === 'loaded'", timeout=ANSWER_TIMEOUT_MS)
    analysed(page)


def test_an_analysis_in_lower_bounds_says_what_exact_distances_would_take_here(
    fresh: App, browser: Browser, server: Server
) -> None:
    """Without exact distances the analysis says what they need on this page: a board the page has tables for (a
    5×5 has none), or on a phone the 4×4 tables it offers and has not been asked to download."""
    replay_and_analyse(fresh, REPLAYED_5X5)
    expected = core({"op": "analyse", "board": REPLAYED_5X5, "moves": "LU"})
    assert not expected["exact"]
    expect(fresh.page.locator("#analysis-summary")).to_have_text(
        f"{expected['summary']} Exact distances need a board of up to 3×3, or a 4×4 with its tables."
    )
    fresh.assert_offline()
    with open_app(browser, server, phone=True) as phone:
        phone.page.wait_for_selector("body[data-tables=offered]", state="attached", timeout=ANSWER_TIMEOUT_MS)
        replay_and_analyse(phone, REPLAYED_4X4)
        expected = core({"op": "analyse", "board": REPLAYED_4X4, "moves": "LU"})
        assert not expected["exact"]  # the core here has no tables: lower bounds, as the phone's before it asks
        expect(phone.page.locator("#analysis-summary")).to_have_text(
            f"{expected['summary']} Exact distances need the tables: download them at the top of the page, and the "
            "solve is analysed again."
        )
        assert [u for u in phone.seen if u.endswith(".pdb")] == []  # nothing fetched unasked
        phone.assert_offline()
