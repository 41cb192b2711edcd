"""Steps the page tests take in more than one module: shuffle a board, wait for the grid, click a tile, time a
Cancel."""

from __future__ import annotations

from playwright.sync_api import Page

from npuzzle.board import Board

from .conftest import App, grid_tiles

CANCEL_MS = """() => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (document.body.dataset.solve === "stopped") { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-solve"] });
  setTimeout(() => {
    observer.disconnect();
    const shown = document.body.dataset.solve;
    reject(new Error(`the solve was not shown stopped within 60 s of Cancel (data-solve=${shown})`));
  }, 60000);
  document.getElementById("job-cancel").click();
})"""
"""Clicks the job's Cancel button and resolves to the milliseconds until the page shows the solve stopped (fails
after 60 s, naming the state the page shows instead: a hang, not a slow machine)."""

CANCEL_HANG_MS = 10_000
"""A cancel that takes longer than this is broken, not slow (the cooperative cancel answers between ~50 ms slices;
its usual time is printed and recorded in docs/benchmarks.md)."""


def shuffle(app: App, shape: str, goal: str | None = None) -> None:
    """Choose ``goal`` (when given), type ``shape`` and press Shuffle; wait for the page's answer."""
    if goal is not None:
        app.select_goal(goal)
    app.page.fill("#shape", shape)
    before = app.answers()
    app.page.click("#shuffle")
    app.wait_answer(before)


def wait_grid(app: App, tiles: tuple[int, ...] | list[int]) -> None:
    """Wait until the grid shows ``tiles`` (jumps are drawn in the next animation frame), then check it."""
    want = ",".join(str(t) for t in tiles)
    app.page.wait_for_function(
        """want => [...document.querySelectorAll('[role=gridcell]')]
             .map(c => c.textContent.trim() || '0').join(',') === want""",
        arg=want,
        timeout=10_000,
    )
    assert grid_tiles(app) == list(tiles)


def cancel_ms(page: Page) -> float:
    """Click Cancel on the running solve; the milliseconds until the page shows it stopped."""
    ms: float = page.evaluate(CANCEL_MS)
    return ms


def click(app: App, board: Board, tile: int) -> tuple[Board, list[str]]:
    """Click ``tile`` (in the blank's row or column): the board after the line slid, and the letters of its moves."""
    r, c = divmod(board.tiles.index(tile), board.cols)
    br, bc = board.blank
    letter = "U" if r > br else "D" if r < br else "L" if c > bc else "R"
    letters = [letter] * (abs(r - br) + abs(c - bc))
    app.page.get_by_role("gridcell", name=str(tile), exact=True).click()
    for move in letters:
        board = board.slide(move)
    wait_grid(app, board.tiles)
    return board, letters
