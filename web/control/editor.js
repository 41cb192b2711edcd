// @ts-check
// "Edit board" on a phone: open the editor in place under the board (focus in the text area), close it (focus back
// on the toggle); a check from the editor that shows a verdict closes it, so the board, Solve and the verdict are
// on screen again. On a wide screen the editor is always open and focus stays where it is.

import { phoneLayout, renderEditor } from "../view/editor.js";
import { check } from "./check.js";

/** @typedef {import("../state.js").Ctx} Ctx */

/**
 * Open or close the editor; on a phone move the focus into it (the text area) or back to the toggle.
 * @param {Ctx} ctx
 * @param {boolean} open
 */
export function setEditing(ctx, open) {
  const { state, ui } = ctx;
  state.editing = open;
  renderEditor(ui, state);
  if (!phoneLayout()) return;
  if (open) ui.board.focus();
  else ui.editBoard.focus();
}

/** @param {Ctx} ctx */
export function toggleEditor(ctx) {
  setEditing(ctx, !ctx.state.editing);
}

/**
 * Check from the editor (its Check button, Ctrl+Enter): once the verdict is on screen, a phone's editor closes;
 * when the input cannot be read it stays open with the message, the focus in the field it is about.
 * @param {Ctx} ctx
 */
export async function checkFromEditor(ctx) {
  const { state, ui } = ctx;
  const seq = state.latest + 1; // the check's own sequence number
  await check(ctx);
  if (seq !== state.latest || !state.editing || !phoneLayout()) return;
  if (state.shown && !ui.board.hasAttribute("aria-invalid") && !ui.goal.hasAttribute("aria-invalid")) {
    setEditing(ctx, false);
  } else {
    (ui.goal.hasAttribute("aria-invalid") ? ui.goal : ui.board).focus();
  }
}
