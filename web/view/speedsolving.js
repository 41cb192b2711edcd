// @ts-check
// For speedsolvers: the panel's choices (how moves are counted, how a game is played) and what each does, the
// line-move tables' state where they matter, the seed field's message, the reconstruction box and its buttons;
// under the board the seed of a fair scramble and Done in a blindfolded game; and what the play mode does to the
// page: no Hint, Solve, comparison or watched search in a game played without assists, the numbers hidden on the
// board in a blindfolded one.

import { assistsHidden } from "../model/game.js";
import { megabytes } from "../words.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").State} State */

/** @type {Readonly<Record<string, string>>} */
const METRIC_WORDS = Object.freeze({
  stm: "Each tile that slides is one move.",
  mtm: "A whole row or column slid at once is one move: Solve, Hint and the analysis count line moves.",
});

/** @type {Readonly<Record<import("../model/history.js").Mode, string>>} */
const MODE_WORDS = Object.freeze({
  free: "Hint, Solve and the analysis are at hand.",
  "no-assists": "No Hint, Solve or analysis until the board is solved; these solves are kept apart.",
  blindfold: "The numbers hide at your first move: press Done when you think the board is solved (a board that " +
    "is not the goal is a DNF). These solves are kept apart.",
});

/** @type {Readonly<Record<import("../model/history.js").Mode, string>>} */
const MODE_NAMES = Object.freeze({ free: "free play", "no-assists": "no assists", blindfold: "blindfold" });

/** @param {HTMLElement} node @param {string} text */
function say(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * @param {Ui} ui
 * @param {State} state
 */
export function drawSpeedsolving(ui, state) {
  const { speed, game } = state;
  if (ui.metric.value !== speed.metric) ui.metric.value = speed.metric;
  if (ui.mode.value !== speed.mode) ui.mode.value = speed.mode;
  if (ui.convention.value !== speed.convention) ui.convention.value = speed.convention;
  say(ui.metricHint, METRIC_WORDS[speed.metric]);
  const later = game.startedAt && !game.over && game.mode !== speed.mode
    ? ` From the next board: this one is played as ${MODE_NAMES[game.mode]}.` : "";
  say(ui.modeHint, MODE_WORDS[speed.mode] + later);
  drawLineTables(ui, state);
  say(ui.seedError, speed.seedError);
  say(ui.reconstructionError, speed.error);
  ui.replay.disabled = !state.ready;
  const copied = { text: "Copied", "text-failed": "Copy failed" }[speed.copied] || "Copy";
  say(ui.copyReconstruction, copied);
  ui.copyReconstruction.disabled = !speed.text;
  say(ui.copyReplayLink, { link: "Copied", "link-failed": "Copy failed" }[speed.copied] || "Copy link");
  ui.copyReplayLink.disabled = !speed.link;
  ui.seedShown.hidden = !game.seed;
  say(ui.seedShown, game.seed ? `Seed ${game.seed}` : "");
  ui.done.hidden = !game.blind;
  ui.view.dataset.blind = String(game.blind);
  const hidden = assistsHidden(game);
  for (const button of [ui.hint, ui.solve, ui.barSolve, ui.compare, ui.watchOpen]) {
    if (hidden) button.dataset.assist = "hidden";
    else delete button.dataset.assist;
  }
}

/**
 * The line-move tables, said where they matter: counting lines on a board of their shape, before they are ready —
 * what they cost and, on a phone, a button to fetch them; their download and load; why they failed.
 * @param {Ui} ui
 * @param {State} state
 */
function drawLineTables(ui, state) {
  const { last, shape, asked, offer } = state.speed.lineTables;
  const board = state.shown ? state.shown.board : null;
  const served = Boolean(board && shape && board.rows === shape.rows && board.cols === shape.cols);
  const shown = state.speed.metric === "mtm" && served && last !== null && last.phase !== "ready";
  ui.lineTables.hidden = !shown;
  if (!shown || !last) return;
  const size = `${megabytes(last.total || 0)} MB`;
  const text = last.phase === "offered" ? `The line-move tables (${size}) prove 4×4 answers in line moves shortest.`
    : last.phase === "failed" ? last.text : `Line-move tables: ${last.phase === "downloading"
      ? `downloaded ${megabytes(last.received || 0)} of ${size}` : `preparing (${Math.round((last.fraction || 0) * 100)}%)`}`;
  say(ui.lineTablesText, text);
  ui.lineTablesOffer.hidden = !(last.phase === "offered" && offer && !asked);
}
