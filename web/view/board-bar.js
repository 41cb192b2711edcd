// @ts-check
// The bar under the board: the move counters (single tiles and lines), the clock, the best on this shape, Undo/Redo/Hint, and the status
// line (solved, hints); the board's solved state for styling. (Hint is enabled with the other job buttons: job.js.)

import { count } from "../dom.js";
import { elapsedMs, formatTime, lineMoves } from "../model/game.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").State} State */

/**
 * @param {Ui} ui
 * @param {State} state
 * @param {string | null} [status] the status line's new text (null: keep it)
 */
export function renderBoardBar(ui, state, status = null) {
  ui.boardBar.hidden = !state.shown;
  ui.view.dataset.solved = String(Boolean(state.solved));
  ui.moveCount.value = String(state.game.path.length);
  ui.moveCount.textContent = String(state.game.path.length);
  const lines = String(lineMoves(state.game.path)); // for players: the multi-tile count beside the single-tile one
  if (ui.lineCount.value !== lines) ui.lineCount.value = lines;
  if (status !== null) ui.boardStatus.textContent = status;
}

/**
 * The clock at `now`, the best (undefined: leave it as shown) and the game's buttons.
 * @param {Ui} ui
 * @param {State} state
 * @param {number} now performance.now()
 * @param {import("../model/game.js").Best | null} [best]
 */
export function renderGameBar(ui, state, now, best) {
  const { game } = state;
  const text = formatTime(elapsedMs(game, now), Boolean(game.stoppedAt));
  if (ui.timer.textContent !== text) ui.timer.textContent = text;
  ui.timer.dataset.state = !game.startedAt ? "idle" : game.stoppedAt ? "stopped" : "running";
  if (best !== undefined) {
    ui.best.hidden = !best;
    const lines = best && best.lines !== undefined ? ` · ${count(best.lines, "line move")}` : "";
    ui.best.textContent = best ? `Best: ${count(best.moves, "move")} · ${formatTime(best.ms, true)}${lines}` : "";
  }
  const usable = state.ready && Boolean(state.shown);
  ui.undo.disabled = !usable || game.past.length === 0;
  ui.redo.disabled = !usable || game.future.length === 0;
}
