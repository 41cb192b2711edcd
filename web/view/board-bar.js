// @ts-check
// The bar under the board: the move counters (single tiles and lines), the clock, the best on this shape,
// Undo/Redo (Undo on a board just loaded brings back the game it replaced), the status line (solved, hints) and the line saying how close a solve came to the shortest; the
// board's solved state for styling; the Shape field, which follows the board on screen. (Hint and Solve are
// enabled with the other job buttons: job.js.)

import { count } from "../words.js";
import { elapsedMs, formatTime, lineMoves } from "../model/game.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").State} State */

/** @param {HTMLElement} node @param {string} text */
function say(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * @param {Ui} ui
 * @param {State} state
 * @param {number} now performance.now()
 */
export function drawBoardBar(ui, state, now) {
  const { game } = state;
  ui.boardBar.hidden = !state.shown && !state.preview; // with the board drawn while Python loads (its moves count)
  ui.view.dataset.solved = String(Boolean(state.solved) && !game.blind); // blindfolded: nothing gives it away
  const moves = String(game.path.length);
  if (ui.moveCount.value !== moves) ui.moveCount.value = moves;
  const lines = String(lineMoves(game.path)); // for players: the multi-tile count beside the single-tile one
  if (ui.lineCount.value !== lines) ui.lineCount.value = lines;
  say(ui.boardStatus, state.lines.status);
  say(ui.boardScore, state.lines.score);
  ui.scoreDetails.hidden = !state.lines.score || !state.speed.analysis; // where the analysis is, one tap away
  say(ui.timer, formatTime(elapsedMs(game, now), Boolean(game.stoppedAt)));
  ui.timer.dataset.state = !game.startedAt ? "idle" : game.stoppedAt ? "stopped" : "running";
  const best = state.best;
  ui.best.hidden = !best;
  const lineBest = best && best.lines !== undefined ? ` · ${count(best.lines, "line move")}` : "";
  say(ui.best, best ? `Best: ${count(best.moves, "move")} · ${formatTime(best.ms, true)}${lineBest}` : "");
  const usable = state.ready && Boolean(state.shown);
  ui.undo.disabled = !usable || (game.past.length === 0 && !(state.earlier && !game.path.length));
  ui.redo.disabled = !usable || game.future.length === 0;
}
