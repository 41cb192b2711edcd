// @ts-check
// The board editor: the form with the text area, the goal and the solver. Beside the board on a wide screen; on a
// phone folded under the board ("Edit board" opens it in place), so the board, its bar (Undo, Redo, Hint, Solve) and
// the verdict fill the first screen. Folding is the style sheet's, in the phone layout; this only marks the state.

/**
 * @param {import("../ui.js").Ui} ui
 * @param {import("../state.js").State} state
 */
export function drawEditor(ui, state) {
  const folded = String(!state.editing);
  if (ui.inputPanel.dataset.folded !== folded) ui.inputPanel.dataset.folded = folded;
  ui.editBoard.setAttribute("aria-expanded", String(state.editing));
  const draft = state.shown && state.sync.edited ? `Not on the board yet: Check puts it there${
    state.game.path.length && !state.game.over ? " (Undo then brings your game back)" : ""}.` : "";
  if (ui.boardDraft.textContent !== draft) ui.boardDraft.textContent = draft;
  ui.boardDraft.hidden = !draft;
}
