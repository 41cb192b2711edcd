// @ts-check
// Reading the form: check the board (the verdict), shuffle, open a link, the goal field and the solver choices
// for the board's shape; one-shot requests that take long show the busy line with Cancel.

import { phoneLayout } from "../layout.js";
import { boardFields, boardText, sameBoard } from "../model/moves.js";
import { fragmentFor, readFragment } from "../model/link.js";
import { previewBoard } from "../model/preview.js";
import { requestRender } from "../render.js";
import { goalSpec } from "../ui.js";
import { errorInfo } from "../worker-handle.js";
import { cancelJob } from "./job.js";
import { learnFrom } from "./learn.js";
import { adoptPreview, keepEarlier, loadBoard, writeBoardText } from "./play.js";

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
 * Check the board: the one on screen, or the text area's when the person typed another board there (or chose
 * another goal); resolves true when it is on screen and solvable. The board on screen checked again keeps its game
 * (before its first move it starts afresh, still counted as dealt); a new board replaces it, and a game in progress
 * it replaces is kept for Undo (play.js keepEarlier).
 * @param {Ctx} ctx
 * @returns {Promise<boolean>}
 */
export async function check(ctx) {
  const { state, ui } = ctx;
  if (!state.ready) return false;
  if (state.job) cancelJob(ctx);
  const goalKind = ui.goalKind.value;
  const goal = goalSpec(ui);
  const text = ui.board.value;
  const again = state.shown && !state.sync.edited && text === state.sync.text && goal === state.sync.goal
    ? state.shown : null; // the board on screen, whatever its moves since the text was written
  if (again && state.game.blind) return again.solvable; // blindfolded: nothing is said about where the tiles are
  state.errors = { board: "", goal: "", shape: "" };
  const seq = ++state.latest;
  state.verdict = { ...state.verdict, checking: true };
  requestRender(ctx);
  try {
    const reply = await ask(ctx, "check", { board: again ? boardFields(again.board) : text, goal }, "Checking");
    if (seq !== state.latest) return false;
    const current = state.shown;
    if (current && sameBoard(current.board, reply.board) && sameBoard(current.goal, reply.goal)) {
      if (!state.game.path.length) { // no move made on it yet: a fresh start (a solution shown goes), its deal kept
        const { dealt, counts, seed } = state.game;
        loadBoard(ctx);
        Object.assign(state.game, { dealt, counts, seed });
      }
      sayVerdict(ctx, reply, current.solvable); // the board on screen: its game goes on
      writeBoardText(ctx, current.board);
      return current.solvable;
    }
    if (again) return false; // the board moved meanwhile: its verdict follows the move
    // the moves made on the board drawn while Python loaded, carried over when it is the board checked
    const { start } = state.game;
    const played = !state.shown && state.preview && start && sameBoard(start, reply.board)
      ? { game: state.game, board: state.preview } : null;
    keepEarlier(ctx);
    const shown = { board: reply.board, goal: reply.goal, solvable: reply.explanation.solvable };
    state.shown = shown;
    state.preview = null;
    state.sync.text = text;
    state.sync.goal = goal;
    state.sync.edited = false;
    loadBoard(ctx);
    sayVerdict(ctx, reply, shown.solvable);
    state.link = fragmentFor(reply.board, goalKind, reply.goal);
    loadOptions(ctx, reply.board, goalKind);
    if (played) adoptPreview(ctx, played);
    return shown.solvable;
  } catch (caught) {
    if (seq !== state.latest) return false;
    const error = errorInfo(caught);
    state.verdict = { ...state.verdict, checking: false }; // a board on screen and its game stay: the message says why
    if (!state.shown) {
      state.preview = null;
      loadBoard(ctx);
      state.link = "";
      state.verdict = { reply: null, checking: false, quiet: false,
        placeholder: error.type === "Cancelled" ? "Cancelled." : "Fix the input to see the verdict." };
    }
    showError(ctx, error, "board");
    if (error.type !== "Cancelled") state.editing = true; // a phone's folded editor opens beside the message
    return false;
  } finally {
    if (seq === state.latest) answered(ctx);
  }
}

/**
 * A check's verdict on screen, read out, with its headline where the eye is (for a board that cannot be solved,
 * the whole verdict: the headline, what it means and what would fix it).
 * @param {Ctx} ctx
 * @param {import("../protocol.js").CheckReply} reply
 * @param {boolean} solvable
 */
function sayVerdict(ctx, reply, solvable) {
  const { state, ui } = ctx;
  state.verdict = { reply, checking: false, quiet: false, placeholder: "" };
  learnFrom(ctx, reply.lesson);
  if (!state.editing || !phoneLayout()) {
    state.after.reveal = solvable ? () => ui.verdict.querySelector(".verdict-title") : ui.verdict;
  }
}

/**
 * Ask the core for a fair scramble of the shape in the form (every solvable board equally likely: npuzzle.scrambles)
 * from `seed`, or from a fresh seed, then check it; the game keeps the seed, and the dealt board is brought into
 * view (a phone's editor closes). A seed the core refuses is said beside the seed field. Resolves true when the
 * board was dealt.
 * @param {Ctx} ctx
 * @param {string} [seed]
 * @returns {Promise<boolean>}
 */
export async function shuffle(ctx, seed) {
  const { state, ui } = ctx;
  if (!state.ready) return false;
  state.errors = { board: "", goal: "", shape: "" };
  state.speed.seedError = "";
  const seq = ++state.latest;
  try {
    const fields = { shape: ui.shape.value, goal: goalSpec(ui), ...(seed === undefined ? {} : { seed }) };
    const reply = await ask(ctx, "random", fields, "Shuffling");
    if (seq !== state.latest) return false;
    ui.board.value = boardText(reply.board);
    state.editing = false;
    const dealt = await check(ctx);
    if (dealt) { // for players: a dealt board's shortest solution is compared, and its solve counts for the records
      state.game.dealt = true;
      state.game.counts = true;
      state.game.seed = reply.seed === null ? null : String(reply.seed);
    }
    if (phoneLayout()) state.after.reveal = ui.stage;
    requestRender(ctx);
    return dealt;
  } catch (caught) {
    if (seq !== state.latest) return false;
    const error = errorInfo(caught);
    if (seed !== undefined && error.type !== "ShapeError" && error.type !== "Cancelled") {
      state.speed.seedError = error.message;
    } else {
      showError(ctx, error, "shape");
    }
    answered(ctx);
    return false;
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
 * text is a plain board (model/preview.js), playable by hand; the verdict follows when Python is ready
 * (openFromLocation).
 * @param {Ctx} ctx
 */
export function previewFromLocation(ctx) {
  const { ui, state } = ctx;
  if (!fillFromLocation(ui) && !ui.board.value.trim()) ui.board.value = EXAMPLE;
  showGoalField(ctx);
  state.preview = previewBoard(ui.board.value);
  state.game.start = state.preview; // playable by hand at once: its moves are carried over once it is checked
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
