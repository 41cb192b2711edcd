"""The shortest solutions of a solution proven shortest, as a person browses them: how many there are beside the
solution, and under the board, at each step of the player, the shortest moves from there with how many shortest
solutions start with each (the library's counts); choosing another one switches the player's solution to a shortest
one through it, the moves before kept, the same length, still reaching the goal. At every screen people use, the
row of moves is in the viewport and on top (a desktop's page and a phone's, each looked at on every screen of its
kind)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from npuzzle import Board, count_optimal_solutions, goal_board, parse_board
from npuzzle.board import iter_boards

from .conftest import ANSWER_TIMEOUT_MS, App, Server
from .sees import KINDS, app_of_kind, assert_seen, at_each_screen

HARDEST = parse_board("8 6 7 / 2 5 4 / 3 0 1")
LINK = "#board=8,6,7/2,5,4/3,0,1"


@pytest.fixture
def visit(browser: Browser, server: Server, kind: str) -> Iterator[App]:
    """The hardest 3×3 opened from its link on the first screen of the test's ``kind`` (a phone's with touch)."""
    yield from app_of_kind(browser, server, kind, LINK)


def shortest_from(board: Board) -> dict[str, int]:
    """The library's optimal first moves from ``board``: letters → how many shortest solutions start with it."""
    counted = count_optimal_solutions(board).to_dict(board)
    return {first["letters"]: first["count"] for first in counted["first_moves"]}


def wait_alternatives(page: Page, step: int) -> None:
    """Wait until the player is at ``step`` and the row under the board shows the shortest moves from there (reported
    ``shown`` in the same render pass that drew the step)."""
    page.wait_for_function(
        """step => document.getElementById("play-position").textContent === String(step)
             && document.body.dataset.alternatives === "shown"
             && document.querySelector("#alternatives button[data-letters]") !== null""",
        arg=step,
        timeout=ANSWER_TIMEOUT_MS,
    )


def offered(page: Page) -> dict[str, int]:
    """The row's moves: letters → the count each button shows (its data and its text agree)."""
    buttons = page.locator("#alternatives button[data-letters]")
    out = {}
    for k in range(buttons.count()):
        button = buttons.nth(k)
        letters, number = button.get_attribute("data-letters") or "", button.get_attribute("data-count") or ""
        assert button.locator(".alternative-count").inner_text() == f"{number} way{'' if number == '1' else 's'}"
        out[letters] = int(number)
    return out


def current_move(page: Page) -> str:
    pressed = page.locator('#alternatives button[aria-current="true"]')
    expect(pressed).to_have_count(1)
    return pressed.get_attribute("data-letters") or ""


def played_moves(page: Page) -> list[int]:
    """The solution's moves as the move list says them (each item's label: "move K: tile T L")."""
    labels = page.locator("#move-list li[data-k]").evaluate_all("items => items.map(i => i.getAttribute('aria-label'))")
    tiles = []
    for label in labels:
        found = re.fullmatch(r"move \d+: tile (\d+) [UDLR]", label)
        assert found, label
        tiles.append(int(found.group(1)))
    return tiles


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_shortest_moves_at_each_step_are_counted_and_another_can_be_taken(visit: App, kind: str) -> None:
    page = visit.page
    truth = count_optimal_solutions(HARDEST)
    page.evaluate("() => { delete document.body.dataset.alternatives; }")
    page.click("#bar-solve" if kind == "phone" else "#solve")
    page.wait_for_function("() => document.body.dataset.solve === 'solved'", timeout=ANSWER_TIMEOUT_MS)
    wait_alternatives(page, 0)
    # the count beside the solution, and at the start its first moves, each with its count
    expect(page.locator("#solution-count")).to_have_attribute("data-count", str(truth.count))
    expect(page.locator("#solution-count")).to_contain_text(f"one of {truth.count} shortest solutions")
    assert offered(page) == shortest_from(HARDEST)
    before = played_moves(page)
    assert len(before) == truth.length and HARDEST.apply(before) == goal_board(3, 3)
    assert current_move(page) == "".join(HARDEST.direction_of(before[0]))
    at_each_screen(page, kind, lambda: assert_seen(page, "#alternatives"))

    # step on to the first step with a choice: the shortest moves from there
    boards = [HARDEST, *iter_boards(HARDEST, before)]  # boards[k]: after k moves
    step = next(k for k in range(1, len(before)) if len(shortest_from(boards[k])) > 1)
    for _ in range(step):
        page.click("#play-forward")
    wait_alternatives(page, step)
    here = boards[step]
    there = shortest_from(here)
    assert offered(page) == there
    mine = current_move(page)
    assert mine == here.direction_of(before[step])
    at_each_screen(page, kind, lambda: assert_seen(page, "#alternatives"))

    # another shortest move from here: the solution switches to one through it, the step before kept
    other = next(letters for letters in there if letters != mine)
    page.evaluate("() => { delete document.body.dataset.branch; }")
    page.click(f'#alternatives button[data-letters="{other}"]')
    page.wait_for_function("() => document.body.dataset.branch === 'taken'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator('#alternatives button[aria-current="true"]')).to_have_attribute("data-letters", other)
    after = played_moves(page)
    assert after != before and after[:step] == before[:step] and here.direction_of(after[step]) == other
    assert len(after) == truth.length and HARDEST.apply(after) == goal_board(3, 3)
    expect(page.locator("#play-position")).to_have_text(str(step))
    expect(page.locator("#play-total")).to_have_text(str(truth.length))
    expect(page.locator("#solution-count")).to_have_attribute("data-count", str(truth.count))
    assert offered(page) == there
    at_each_screen(page, kind, lambda: assert_seen(page, "#alternatives"))

    # the new solution plays on to the goal
    page.click("#play-end")
    page.wait_for_function("() => document.body.dataset.playback === 'end'", timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator("#alternatives")).to_contain_text("this is the goal")
    assert visit.page.locator("body").get_attribute("data-solved") == "true"
