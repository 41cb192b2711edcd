// @ts-check
// The solution section: the result of a solve (badge, summary, figures), the move list and the player's
// controls (position, play/pause, steps, speed).

import { markMoves, renderMoveList, renderSolution } from "./results.js";
import { renderSliderSpeed, sliderSpeed } from "./speed.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../control/playback.js").Playback} Playback */

/** Moves per second, one per speed-slider step. */
export const SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60, 120, 240]);

/** @param {Ui} ui @returns {number} the moves per second the slider selects */
export function speedOf(ui) {
  return sliderSpeed(ui.speed, SPEEDS);
}

/** @param {Ui} ui */
export function renderSpeed(ui) {
  renderSliderSpeed(ui.speed, ui.speedText, SPEEDS, "moves");
}

/**
 * The section with only a sentence (nothing to solve, cancelled, failed); the badge kept when `badge` is null.
 * @param {Ui} ui
 * @param {string} summary
 * @param {{text: string, kind: string} | null} [badge]
 */
export function renderSolutionNote(ui, summary, badge = { text: "", kind: "" }) {
  ui.solution.hidden = false;
  if (badge) {
    ui.solutionBadge.textContent = badge.text;
    if (badge.kind) ui.solutionBadge.dataset.kind = badge.kind;
  }
  ui.solutionSummary.textContent = summary;
  ui.solutionFacts.replaceChildren();
}

/**
 * A solve's result; with moves, the move list and the player at move 0. Returns the badge kind.
 * @param {Ui} ui
 * @param {import("../protocol.js").SolveReply} reply
 */
export function renderSolutionReply(ui, reply) {
  ui.solution.hidden = false;
  const kind = renderSolution({ badge: ui.solutionBadge, summary: ui.solutionSummary, facts: ui.solutionFacts }, reply);
  ui.solution.dataset.length = reply.moves ? String(reply.length) : "";
  if (reply.moves) {
    renderMoveList(ui.moveList, reply.moves, reply.letters);
    ui.player.hidden = reply.moves.length === 0;
    ui.playTotal.textContent = String(reply.moves.length);
    markMoves(ui.moveList, 0, 0);
  }
  return kind;
}

/**
 * No solution loaded any more: the section hidden, or kept with `note` (an out-of-date solution).
 * @param {Ui} ui
 * @param {string} note
 */
export function renderNoSolution(ui, note) {
  ui.moveList.replaceChildren();
  ui.player.hidden = true;
  if (note) renderSolutionNote(ui, note, { text: "out of date", kind: "stopped" });
  else ui.solution.hidden = true;
}

/**
 * The player's controls at the playback's position; the move list marked from `from` to it.
 * @param {Ui} ui
 * @param {Playback} p
 * @param {number} from the position the move list shows
 */
export function renderPlayer(ui, p, from) {
  markMoves(ui.moveList, from, p.index);
  ui.playPosition.textContent = String(p.index);
  ui.play.dataset.playing = String(p.playing);
  ui.play.setAttribute("aria-label", p.playing ? "Pause" : "Play");
  ui.play.title = p.playing ? "Pause" : "Play";
  ui.playReset.disabled = p.index === 0;
  ui.playBack.disabled = p.index === 0;
  ui.playForward.disabled = p.atEnd;
  ui.playEnd.disabled = p.atEnd;
}
