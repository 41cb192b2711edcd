// @ts-check
// "Edit board" on a phone: open the editor in place under the board (focus in the text area), close it (focus back
// on the toggle); a check from the editor that shows a verdict closes it and brings the board, its Solve and the
// verdict back into view. On a wide screen the editor is always open and focus stays where it is.

import { phoneLayout } from "../layout.js";
import { check } from "./check.js";

/** @typedef {import("../state.js").Ctx} Ctx */

/**
 * Open or close the editor; on a phone move the focus into it (the text area) or back to the toggle.
 * @param {Ctx} ctx
 * @param {boolean} open
 */
export function setEditing(ctx, open) {
  const { state } = ctx;
  state.editing = open;
  if (phoneLayout()) state.after.focus = open ? "board" : "editBoard";
}

/** The text area was typed in: it holds another board than the one on screen until Check. @param {Ctx} ctx */
export function boardTyped(ctx) {
  const { sync, form } = ctx.state;
  sync.edited = form.board !== sync.text;
}

/** @param {Ctx} ctx */
export function toggleEditor(ctx) {
  setEditing(ctx, !ctx.state.editing);
}

/**
 * Check from the editor (its Check button, Ctrl+Enter): once the verdict is on screen, a phone's editor closes and
 * the board comes into view; when the input cannot be read it stays open with the message, the focus in the field
 * it is about.
 * @param {Ctx} ctx
 */
export async function checkFromEditor(ctx) {
  const { state } = ctx;
  const seq = state.latest + 1; // the check's own sequence number
  await check(ctx);
  if (seq !== state.latest || !state.editing || !phoneLayout()) return;
  if (state.shown && !state.errors.board && !state.errors.goal) {
    setEditing(ctx, false);
    state.after.reveal = "stage";
  } else {
    state.after.focus = state.errors.goal ? "goal" : "board";
  }
}
