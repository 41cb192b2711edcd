// @ts-check
// The history panel's delete (its solves are kept by service/history.js): ask, confirm or keep, the focus following.

import { setReport } from "../state.js";
import { changeHistory, keyOnScreen, showHistory } from "../service/history.js";

/** @typedef {import("../state.js").Ctx} Ctx */

/**
 * Delete the shape's history: `step` "ask" shows the confirmation, "confirm" deletes, "keep" takes it back.
 * @param {Ctx} ctx
 * @param {"ask" | "confirm" | "keep"} step
 */
export function deleteHistory(ctx, step) {
  const { state } = ctx;
  const key = keyOnScreen(state);
  state.players.confirming = step === "ask";
  if (step === "confirm" && key) {
    changeHistory(key, () => []);
    setReport(state, "history", "deleted");
  }
  showHistory(ctx);
  if (step === "ask") state.after.focus = "historyConfirmYes";
  else if (state.players.entries.length) state.after.focus = "historyDelete";
  else if (step === "confirm") state.after.focus = "shuffle"; // the history went away with the focus: a new game
}
