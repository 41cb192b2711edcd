// @ts-check
// For speedsolvers: the choices (how moves are counted: single tiles or whole lines; how a game is played: free, no
// assists, blindfold; the letters' convention), kept on this device, and the last solve's reconstruction copied as
// text or as a link. Dealing from a seed and replaying a reconstruction are control/check.js's (a board that enters
// the page), Done control/play.js's.

import { MODES } from "../model/history.js";
import { readRecord, writeRecord } from "../storage.js";
import { later, update } from "../store.js";
import { readBest } from "../service/bests.js";
import { showHistory } from "../service/history.js";
import { linesWanted } from "../service/tables.js";
import { analyseAgain, showReconstruction, writeReconstruction } from "./analysis.js";

/** @typedef {import("../state.js").Ctx} Ctx */

const CHOICES_KEY = "npuzzle.speed"; // localStorage: {"metric": "stm" | "mtm", "mode": Mode, "convention": …}
const COPIED_MS = 1500; // how long a Copy button says what it did

/** The choices kept from an earlier visit, into the state and the selects. @param {Ctx} ctx */
export function restoreSpeed(ctx) {
  const { speed } = ctx.state;
  const kept = readRecord(CHOICES_KEY, (value) => (typeof value === "string" ? value : null));
  if (kept.metric === "stm" || kept.metric === "mtm") speed.metric = kept.metric;
  speed.mode = MODES.find((m) => m === kept.mode) || "free";
  speed.convention = kept.convention === "blank" ? "blank" : "tile";
}

/** @param {Ctx} ctx */
function keepChoices(ctx) {
  const { metric, mode, convention } = ctx.state.speed;
  writeRecord(CHOICES_KEY, { metric, mode, convention });
}

/**
 * Read and write the reconstruction's letters as the direction of the tile (Slidysim's convention) or of the blank;
 * the box's text is written again in it.
 * @param {Ctx} ctx
 * @param {string} convention
 */
export async function chooseConvention(ctx, convention) {
  const { speed } = ctx.state;
  if (convention !== "tile" && convention !== "blank") return;
  speed.convention = convention;
  keepChoices(ctx);
  const solve = speed.solve;
  if (!solve) return;
  try {
    const written = await writeReconstruction(ctx, solve);
    if (speed.solve === solve) showReconstruction(ctx, written, solve);
  } catch {
    // the box keeps its text
  }
}

/**
 * Count moves in `metric` from now on (Solve, Hint, the analysis, how close a solve came); an analysis on screen is
 * made again in it, and counting lines brings the line-move tables where this device fetches them.
 * @param {Ctx} ctx
 * @param {string} metric
 */
export function chooseMetric(ctx, metric) {
  const { speed } = ctx.state;
  if (metric !== "stm" && metric !== "mtm") return;
  speed.metric = metric;
  keepChoices(ctx);
  if (metric === "mtm") linesWanted(ctx);
  analyseAgain(ctx, metric);
}

/**
 * Play the next game (or this one, before its first move) in `mode`; the history and bests shown are that mode's.
 * @param {Ctx} ctx
 * @param {string} mode
 */
export function chooseMode(ctx, mode) {
  const { state } = ctx;
  const chosen = MODES.find((m) => m === mode);
  if (!chosen) return;
  state.speed.mode = chosen;
  keepChoices(ctx);
  if (!state.game.startedAt) {
    state.game.mode = chosen;
    state.best = readBest(state.shown, chosen);
  }
  showHistory(ctx);
}

/**
 * Copy the reconstruction in the box (`what` "text"), the link that replays it ("link") or the link to the board on
 * screen ("board"); its button says so for a moment.
 * @param {Ctx} ctx
 * @param {"text" | "link" | "board"} what
 */
export async function copyOut(ctx, what) {
  const { state } = ctx;
  const { speed } = state;
  const url = new URL(window.location.href);
  url.hash = what === "board" ? state.link || "" : speed.link;
  let copied = /** @type {string} */ (what);
  try {
    await navigator.clipboard.writeText(what === "text" ? speed.text : url.href);
  } catch {
    copied = `${what}-failed`;
  }
  update(ctx, () => { speed.copied = copied; });
  later(ctx, COPIED_MS, () => { speed.copied = ""; });
}
