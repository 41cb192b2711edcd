// @ts-check
// Reading the form: check the board (the verdict), shuffle, open a link, the goal field and the solver choices
// for the board's shape; one-shot requests that take long show the busy line with Cancel.

import { mirrorHooks } from "../hooks.js";
import { boardText } from "../model/moves.js";
import { previewBoard } from "../model/preview.js";
import { goalSpec } from "../ui.js";
import { errorInfo } from "../worker-handle.js";
import { renderJob } from "../view/job.js";
import { fragmentFor, readFragment, renderLink } from "../view/link.js";
import { renderEditor } from "../view/editor.js";
import { renderChoices } from "../view/solver.js";
import {
  clearErrors, renderChecking, renderNoVerdict, renderVerdict, showError, showRequestError,
} from "../view/verdict.js";
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
  const { state, ui } = ctx;
  /** @type {import("../state.js").Busy} */
  const entry = { id: 0, timer: 0, shown: false, text: "" };
  entry.timer = window.setTimeout(() => {
    entry.text = `${label}…`;
    entry.shown = true;
    renderJob(ui, state);
  }, BUSY_AFTER_MS);
  state.busy = entry;
  try {
    return await ctx.python.request(type, fields, { onId: (id) => { entry.id = id; } });
  } finally {
    clearTimeout(entry.timer);
    if (state.busy === entry) {
      state.busy = null;
      renderJob(ui, state);
    }
  }
}

/** @param {Ctx} ctx */
export function cancelBusy(ctx) {
  const { busy } = ctx.state;
  if (!busy) return;
  busy.text = "Cancelling…";
  renderJob(ctx.ui, ctx.state);
  ctx.python.cancel(busy.id);
}

/** @param {Ctx} ctx */
function answered(ctx) {
  ctx.state.report.answers += 1;
  mirrorHooks(ctx.state);
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
  clearErrors(ui);
  const seq = ++state.latest;
  const goalKind = ui.goalKind.value;
  const goal = goalSpec(ui);
  const text = ui.board.value;
  renderChecking(ui, true);
  try {
    const reply = await ask(ctx, "check", { board: text, goal }, "Checking");
    if (seq !== state.latest) return false;
    const shown = { board: reply.board, goal: reply.goal, solvable: reply.explanation.solvable };
    state.shown = shown;
    state.sync.text = text;
    state.sync.goal = goal;
    loadBoard(ctx);
    ui.placeholder.hidden = true;
    delete ui.view.dataset.preview;
    renderVerdict(ui, reply);
    learnFrom(ctx, reply.lesson);
    await ctx.board.setBoard(reply.board, reply.goal);
    renderLink(ui, fragmentFor(reply.board, goalKind, reply.goal));
    loadOptions(ctx, reply.board, goalKind);
    return seq === state.latest && shown.solvable;
  } catch (caught) {
    if (seq !== state.latest) return false;
    const error = errorInfo(caught);
    state.shown = null;
    loadBoard(ctx);
    delete ui.view.dataset.preview;
    ui.share.hidden = true;
    renderNoVerdict(ui, error.type === "Cancelled");
    ctx.board.clear();
    showRequestError(ui, error, (message) => showError(ui.boardError, ui.board, message));
    if (error.type !== "Cancelled") {
      state.editing = true; // a phone's folded editor opens to show the message beside the input
      renderEditor(ui, state);
    }
    return false;
  } finally {
    if (seq === state.latest) {
      renderChecking(ui, false);
      answered(ctx);
    }
  }
}

/** Ask the core for a random solvable board of the shape in the form, then check it. @param {Ctx} ctx */
export async function shuffle(ctx) {
  const { state, ui } = ctx;
  if (!state.ready) return;
  clearErrors(ui);
  const seq = ++state.latest;
  try {
    const reply = await ask(ctx, "random", { shape: ui.shape.value, goal: goalSpec(ui) }, "Shuffling");
    if (seq !== state.latest) return;
    ui.board.value = boardText(reply.board);
    if (await check(ctx)) state.game.dealt = true; // for players: a dealt board's shortest solution is compared
  } catch (caught) {
    if (seq !== state.latest) return;
    const error = errorInfo(caught);
    showRequestError(ui, error, (message) => showError(ui.shapeError, ui.shape, message));
    answered(ctx);
  }
}

/**
 * Put the link's board and goal (`#board=…&goal=…`) into the form; false when the link holds no board.
 * @param {import("../ui.js").Ui} ui
 */
function fillFromLocation(ui) {
  const fields = readFragment();
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
  const { ui } = ctx;
  if (!fillFromLocation(ui) && !ui.board.value.trim()) ui.board.value = EXAMPLE;
  showGoalField(ctx);
  const board = previewBoard(ui.board.value);
  if (!board) return;
  ui.placeholder.hidden = true;
  ui.view.dataset.preview = "true";
  ctx.board.setBoard(board);
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
  renderChoices(ui, reply);
}

/** Forget the solver choices (the pattern database is now loaded: Auto may pick it) and ask again. @param {Ctx} ctx */
export function reloadOptions(ctx) {
  const { state, ui } = ctx;
  state.options.cache.clear();
  state.options.key = "";
  if (state.shown) loadOptions(ctx, state.shown.board, ui.goalKind.value);
}
