// @ts-check
// The bar under the board: the move counter and the "Solved" line; the board's solved state for styling.

/**
 * @param {import("../ui.js").Ui} ui
 * @param {import("../state.js").State} state
 * @param {string | null} [status] the status line's new text (null: keep it)
 */
export function renderBoardBar(ui, state, status = null) {
  ui.boardBar.hidden = !state.shown;
  ui.view.dataset.solved = String(Boolean(state.solved));
  ui.moveCount.value = String(state.userMoves);
  ui.moveCount.textContent = String(state.userMoves);
  if (status !== null) ui.boardStatus.textContent = status;
}
