// @ts-check
// Reading the form: check the board (the verdict), shuffle, open a link, the goal field and the solver choices
// for the board's shape; one-shot requests that take long show the busy line with Cancel.

import { phoneLayout } from "../layout.js";
import { boardText } from "../model/moves.js";
import { fragmentFor, readFragment } from "../model/link.js";
import { previewBoard } from "../model/preview.js";
import { requestRender } from "../render.js";
import { goalSpec } from "../ui.js";
import { errorInfo } from "../worker-handle.js";
import { cancelJob } from "./job.js";
import { learnFrom } from "./learn.js";
import { loadBoard } from "./play.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Replies} Replies */

const EXAMPLE = "12 1 10 2\n7 11 4 14\n5 0 9 15\n8 13 6 3";
const BUSY_AFTER_MS = 300;

/**
 * Send a one-shot request; when it takes longer than BUSY_AFTER_MS, show the busy line with a Cancel button.
 * Resolves with the core's reply; rejects with a RequestError (type Cancelled when the user cancelled).
 * @template {"check" | "random"} K
 * @param {Ctx} ctx
 * @param {K} type
 * @param {object} fields
 * @param {string} label what the busy line says
 * @returns {Promise<Replies[K]>}
 */
async function ask(ctx, type, fields, label) {
  const { state } = ctx;
  /** @type {import("../state.js").Busy} */
  const entry = { kind: type, id: 0, timer: 0, shown: false, text: "" };
  entry.timer = window.setTimeout(() => {
    entry.text = `${label}…`;
    entry.shown = true;
    requestRender(ctx);
  }, BUSY_AFTER_MS);
  state.busy = entry;
  try {
    return await ctx.python.request(type, fields, { onId: (id) => { entry.id = id; } });
  } finally {
    clearTimeout(entry.timer);
    if (state.busy === entry) {
      state.busy = null;
      requestRender(ctx);
    }
  }
}

/** @param {Ctx} ctx */
export function cancelBusy(ctx) {
  const { busy } = ctx.state;
  if (!busy) return;
  busy.text = "Cancelling…";
  requestRender(ctx);
  ctx.python.cancel(busy.id);
}

/** An answer (a verdict or an error message) is on screen. @param {Ctx} ctx */
function answered(ctx) {
  ctx.state.report.answers += 1;
  requestRender(ctx);
}

/**
 * A core error in the message slot beside the input it is about (`fallback` for the others; none for Cancelled).
 * @param {Ctx} ctx
 * @param {{type: string, message: string}} error
 * @param {"board" | "shape"} fallback
 */
function showError(ctx, error, fallback) {
  const { errors } = ctx.state;
  if (error.type === "Cancelled") return;
  if (error.type === "GoalError") errors[ctx.ui.goalKind.value === "custom" ? "goal" : "board"] = error.message;
  else errors[fallback] = error.message;
}

/**
 * Check the text area's board; resolves true when it is on screen and solvable.
 * @param {Ctx} ctx
 * @returns {Promise<boolean>}
 */
export async function check(ctx) {
  const { state, ui } = ctx;
  if (!state.ready) return false;
  if (state.job) cancelJob(ctx);
  state.errors = { board: "", goal: "", shape: "" };
  const seq = ++state.latest;
  const goalKind = ui.goalKind.value;
  const goal = goalSpec(ui);
  const text = ui.board.value;
  state.verdict = { ...state.verdict, checking: true };
  requestRender(ctx);
  try {
    const reply = await ask(ctx, "check", { board: text, goal }, "Checking");
    if (seq !== state.latest) return false;
    const shown = { board: reply.board, goal: reply.goal, solvable: reply.explanation.solvable };
    state.shown = shown;
    state.preview = null;
    state.sync.text = text;
    state.sync.goal = goal;
    loadBoard(ctx);
    state.verdict = { reply, checking: false, quiet: false, placeholder: "" };
    learnFrom(ctx, reply.lesson);
    state.link = fragmentFor(reply.board, goalKind, reply.goal);
    if (!state.editing || !phoneLayout()) { // its headline where the eye is; for a board that cannot be solved,
      // the plain sentence under it too (what it means and what would fix it)
      const part = shown.solvable ? ".verdict-title" : ".verdict-plain";
      state.after.reveal = () => ui.verdict.querySelector(part);
    }
    loadOptions(ctx, reply.board, goalKind);
    return shown.solvable;
  } catch (caught) {
    if (seq !== state.latest) return false;
    const error = errorInfo(caught);
    state.shown = null;
    state.preview = null;
    loadBoard(ctx);
    state.link = "";
    state.verdict = { reply: null, checking: false, quiet: false,
      placeholder: error.type === "Cancelled" ? "Cancelled." : "Fix the input to see the verdict." };
    showError(ctx, error, "board");
    if (error.type !== "Cancelled") state.editing = true; // a phone's folded editor opens beside the message
    return false;
  } finally {
    if (seq === state.latest) answered(ctx);
  }
}

/**
 * Ask the core for a fair scramble of the shape in the form (every solvable board equally likely: npuzzle.scrambles)
 * from `seed`, or from a fresh seed, then check it; the game keeps the seed, and the dealt board is brought into
 * view (a phone's editor closes). A seed the core refuses is said beside the seed field.
 * @param {Ctx} ctx
 * @param {string} [seed]
 */
export async function shuffle(ctx, seed) {
  const { state, ui } = ctx;
  if (!state.ready) return;
  state.errors = { board: "", goal: "", shape: "" };
  state.speed.seedError = "";
  const seq = ++state.latest;
  try {
    const fields = { shape: ui.shape.value, goal: goalSpec(ui), ...(seed === undefined ? {} : { seed }) };
    const reply = await ask(ctx, "random", fields, "Shuffling");
    if (seq !== state.latest) return;
    ui.board.value = boardText(reply.board);
    state.editing = false;
    if (await check(ctx)) { // for players: a dealt board's shortest solution is compared
      state.game.dealt = true;
      state.game.seed = reply.seed === null ? null : String(reply.seed);
    }
    if (phoneLayout()) state.after.reveal = ui.stage;
    requestRender(ctx);
  } catch (caught) {
    if (seq !== state.latest) return;
    const error = errorInfo(caught);
    if (seed !== undefined && error.type !== "ShapeError" && error.type !== "Cancelled") {
      state.speed.seedError = error.message;
    } else {
      showError(ctx, error, "shape");
    }
    answered(ctx);
  }
}

/**
 * Put the link's board and goal (`#board=…&goal=…`) into the form; false when the link holds no board.
 * @param {import("../ui.js").Ui} ui
 */
function fillFromLocation(ui) {
  const fields = readFragment(window.location.hash);
  if (!fields) return false;
  ui.board.value = fields.board.replaceAll("/", "\n").replaceAll(",", " ");
  const goal = fields.goal || "default";
  if (goal === "default" || goal === "blank-first") {
    ui.goalKind.value = goal;
  } else {
    ui.goalKind.value = "custom";
    ui.goal.value = goal.replaceAll("/", "\n").replaceAll(",", " ");
  }
  return true;
}

/**
 * Before Python is ready: fill the form from the link (or with the example) and draw its board at once when the
 * text is a plain board (model/preview.js); the verdict follows when Python is ready (openFromLocation).
 * @param {Ctx} ctx
 */
export function previewFromLocation(ctx) {
  const { ui, state } = ctx;
  if (!fillFromLocation(ui) && !ui.board.value.trim()) ui.board.value = EXAMPLE;
  showGoalField(ctx);
  state.preview = previewBoard(ui.board.value);
  if (state.preview) state.verdict = { ...state.verdict, placeholder: "" };
  requestRender(ctx);
}

/**
 * Open the board of the link (`#board=…&goal=…`), or on the first visit without one the example (or what the
 * text area holds).
 * @param {Ctx} ctx
 * @param {boolean} first
 */
export function openFromLocation(ctx, first) {
  const { ui } = ctx;
  if (fillFromLocation(ui)) {
    showGoalField(ctx);
    check(ctx).then((ok) => { if (ok) ctx.state.game.dealt = true; }); // for players: a link deals its board
  } else if (first) {
    if (!ui.board.value.trim()) ui.board.value = EXAMPLE;
    check(ctx);
  }
}

/** The custom goal's field, shown when chosen (filled with the goal on screen). @param {Ctx} ctx */
export function showGoalField(ctx) {
  const { ui, state } = ctx;
  const custom = ui.goalKind.value === "custom";
  ui.goalField.hidden = !custom;
  if (custom && !ui.goal.value.trim() && state.shown) ui.goal.value = boardText(state.shown.goal);
}

/**
 * The solver choices for the board's shape and goal (asked once per shape and goal kind).
 * @param {Ctx} ctx
 * @param {import("../protocol.js").Board} board
 * @param {string} goalKind
 */
export async function loadOptions(ctx, board, goalKind) {
  const { state, ui } = ctx;
  const options = state.options;
  const key = `${board.rows}x${board.cols}|${goalKind}`;
  if (key === options.key) return;
  options.key = key;
  let reply = options.cache.get(key);
  if (!reply) {
    try {
      reply = await ctx.python.request("options", { rows: board.rows, cols: board.cols, goal: goalSpec(ui) });
    } catch {
      return; // the worker failed or restarted: the selects keep their choices
    }
    options.cache.set(key, reply);
  }
  if (options.key !== key) return;
  options.reply = reply;
  requestRender(ctx);
}

/** Forget the solver choices (the pattern database is now loaded: Auto may pick it) and ask again. @param {Ctx} ctx */
export function reloadOptions(ctx) {
  const { state, ui } = ctx;
  state.options.cache.clear();
  state.options.key = "";
  if (state.shown) loadOptions(ctx, state.shown.board, ui.goalKind.value);
}
