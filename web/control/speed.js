// @ts-check
// For speedsolvers: the choices (how moves are counted: single tiles or whole lines; how a game is played: free, no
// assists, blindfold), kept on this device; dealing a fair scramble from a seed; Done in a blindfolded game; and
// reconstructions: the last solve's copied as text or as a link, one pasted (or opened from a link) replayed on
// the board and analysed.

import { readFragment, setGoal } from "../model/link.js";
import { MODES, timeWords } from "../model/history.js";
import { boardText, slide, tileForLetter } from "../model/moves.js";
import { setReport } from "../state.js";
import { readRecord, writeRecord } from "../storage.js";
import { errorInfo } from "../worker-handle.js";
import { analyse, analyseAgain, showReconstruction, writeReconstruction } from "./analysis.js";
import { check, shuffle } from "./check.js";
import { finishBlind, readBest } from "./game.js";
import { showHistory } from "./history.js";
import { followBoard, showReplay } from "./play.js";
import { linesWanted } from "./tables.js";
import { later, update } from "../store.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Metric} Metric */
/** @typedef {import("../model/history.js").Mode} Mode */

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

/** Deal the fair scramble of the seed in the seed field (a fresh one when it is empty). @param {Ctx} ctx
 * @returns {Promise<boolean>} whether it was dealt */
export function dealSeed(ctx) {
  const seed = ctx.state.form.seed.trim();
  return shuffle(ctx, seed || undefined);
}

/**
 * Done, in a blindfolded game: the numbers show again and the result is kept (a DNF off the goal).
 * @param {Ctx} ctx
 * @param {boolean} focused Done had the focus: it goes on to Shuffle, a new game (Done itself goes)
 */
export function done(ctx, focused) {
  const { state } = ctx;
  if (!state.game.blind) return;
  state.lines.status = finishBlind(ctx);
  if (focused) state.after.focus = "shuffle";
  followBoard(ctx);
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

/** Replay the reconstruction in the box: its scramble on the board, its moves in the player, its analysis.
 * @param {Ctx} ctx */
export async function replayPasted(ctx) {
  const { state } = ctx;
  if (!state.ready) return;
  const text = state.speed.text;
  try {
    const reply = await ctx.python.request("reconstruction", { text, convention: state.speed.convention });
    await replay(ctx, reply);
  } catch (caught) {
    state.speed.error = errorInfo(caught).message;
    setReport(state, "replay", "failed");
  }
}

/**
 * The address holds a solve (`moves` beside the board): replay it (in the background); false when it holds none.
 * @param {Ctx} ctx
 * @returns {boolean}
 */
export function replayFromLocation(ctx) {
  const fields = readFragment(window.location.hash);
  if (!fields || fields.moves === undefined) return false;
  replayLink(ctx, fields);
  return true;
}

/**
 * @param {Ctx} ctx
 * @param {{board: string, goal?: string, moves?: string, times?: string, total?: string, seed?: string}} fields
 */
async function replayLink(ctx, fields) {
  const times = fields.times ? fields.times.split(",").map(Number) : null;
  try {
    const reply = await ctx.python.request("reconstruction", { board: fields.board.replaceAll(",", " "),
      goal: fields.goal ? fields.goal.replaceAll(",", " ") : "default", moves: fields.moves, times,
      total_ms: fields.total === undefined ? null : Number(fields.total), seed: fields.seed ?? null });
    await replay(ctx, reply);
  } catch (caught) {
    ctx.state.speed.error = `The link's solve cannot be replayed: ${errorInfo(caught).message}`;
    setReport(ctx.state, "replay", "failed");
  }
}

/**
 * Replay a reconstruction read by the core: its scramble checked onto the board, its moves loaded into the player
 * under the board, its text in the box, and its analysis in the metric chosen.
 * @param {Ctx} ctx
 * @param {import("../protocol.js").ReconstructionReply} reply
 */
async function replay(ctx, reply) {
  const { state } = ctx;
  state.form.board = boardText(reply.board);
  setGoal(state.form, reply.goal);
  await check(ctx);
  if (!state.shown || boardText(state.shown.board) !== boardText(reply.board)) return;
  state.game.seed = reply.seed;
  const tiles = tilesOf(reply.board, reply.letters);
  const solve = { start: reply.board, goal: reply.goal, letters: reply.letters, times: reply.times, seed: reply.seed,
    ms: reply.total_ms ?? (reply.times && reply.times.length ? reply.times[reply.times.length - 1] : null) };
  const timed = solve.ms === null ? "" : ` in ${timeWords(reply.moves, solve.ms)}`;
  const ends = reply.solved ? "" : " It does not reach the goal.";
  showReplay(ctx, tiles, reply.letters, `A reconstruction: ${reply.moves} moves (${reply.line_moves} line moves)` +
    `${timed}.${ends} Play it back with the player under the board.`);
  const written = state.speed.convention === "tile" ? reply : await writeReconstruction(ctx, solve);
  showReconstruction(ctx, written, solve);
  setReport(state, "replay", "loaded");
  analyse(ctx, "replay", solve, state.speed.metric);
}

/**
 * The tiles slid by single-tile letters from `board` (the core checked that every move can be played). O(n · cells).
 * @param {import("../protocol.js").Board} board
 * @param {string} letters
 */
function tilesOf(board, letters) {
  const tiles = [];
  let now = board;
  for (const letter of letters) {
    const tile = tileForLetter(now, letter);
    tiles.push(tile);
    now = slide(now, tile) || now;
  }
  return tiles;
}
