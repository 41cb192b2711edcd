// @ts-check
// The board editor: the form with the text area, the goal and the solver. Beside the board on a wide screen; on a
// phone folded under the board ("Edit board" opens it in place), so the board, its bar (Undo, Redo, Hint, Solve) and
// the verdict fill the first screen. Folding is the style sheet's, under PHONE_LAYOUT; this only marks the state.

/** The media query of the one-column layout (style.css: the same width). */
export const PHONE_LAYOUT = "(max-width: 760px)";

/**
 * @param {import("../ui.js").Ui} ui
 * @param {import("../state.js").State} state
 */
export function renderEditor(ui, state) {
  ui.inputPanel.dataset.folded = String(!state.editing);
  ui.editBoard.setAttribute("aria-expanded", String(state.editing));
}

/** @returns {boolean} the page is in its one-column (phone) layout, where the editor folds */
export function phoneLayout() {
  return window.matchMedia(PHONE_LAYOUT).matches;
}
