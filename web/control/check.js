// @ts-check
// A board entering the page: the form's board checked (the verdict), shuffled or dealt from a seed, a link's board
// opened, a reconstruction (pasted, or a link's solve) replayed on it and analysed; the goal field and the solver
// choices for the board's shape. One-shot requests that take long show the busy line with Cancel.

import { phoneLayout } from "../layout.js";
import { boardFields, boardText, sameBoard, slide, tileForLetter } from "../model/moves.js";
import { fragmentFor, goalSpec, readFragment, setGoal } from "../model/link.js";
import { timeWords } from "../model/history.js";
import { previewBoard } from "../model/preview.js";
import { later } from "../store.js";
import { setReport } from "../state.js";
import { errorInfo } from "../worker-handle.js";
import { cancelJob } from "../model/job.js";
import { learnFrom } from "../model/lesson.js";
import { adoptPreview, keepEarlier, loadBoard, showReplay, writeBoardText } from "./play.js";
import { analyse, showReconstruction, writeReconstruction } from "./analysis.js";

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
  entry.timer = later(ctx, BUSY_AFTER_MS, () => {
    entry.text = `${label}…`;
    entry.shown = true;
  });
  state.busy = entry;
  try {
    return await ctx.python.request(type, fields, { onId: (id) => { entry.id = id; } });
  } finally {
    clearTimeout(entry.timer);
    if (state.busy === entry) state.busy = null;
  }
}

/** @param {Ctx} ctx */
export function cancelBusy(ctx) {
  const { busy } = ctx.state;
  if (!busy) return;
  busy.text = "Cancelling…";
  ctx.python.cancel(busy.id);
}

/** An answer (a verdict or an error message) is on screen. @param {Ctx} ctx */
function answered(ctx) {
  ctx.state.report.answers += 1;
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
  if (error.type === "GoalError") errors[ctx.state.form.goalKind === "custom" ? "goal" : "board"] = error.message;
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
  const { state } = ctx;
  if (!state.ready) return false;
  if (state.job) ctx.python.cancel(cancelJob(state));
  const goalKind = state.form.goalKind;
  const goal = goalSpec(state.form);
  const text = state.form.board;
  const again = state.shown && !state.sync.edited && text === state.sync.text && goal === state.sync.goal
    ? state.shown : null; // the board on screen, whatever its moves since the text was written
  if (again && state.game.blind) return again.solvable; // blindfolded: nothing is said about where the tiles are
  state.errors = { board: "", goal: "", shape: "" };
  const seq = ++state.latest;
  state.verdict = { ...state.verdict, checking: true };
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
  const { state } = ctx;
  state.verdict = { reply, checking: false, quiet: false, placeholder: "" };
  learnFrom(state.learn, reply.lesson);
  if (!state.editing || !phoneLayout()) {
    state.after.reveal = solvable ? { within: "verdict", find: [".verdict-title"] } : "verdict";
  }
}

/**
 * Ask the core for a fair scramble of the shape in the form (every solvable board equally likely:
 * npuzzle.speedsolving.scrambles) from `seed`, or from a fresh seed, then check it; the game keeps the seed, and the
 * dealt board is brought into view (a phone's editor closes). A seed the core refuses is said beside the seed field.
 * Resolves true when the board was dealt.
 * @param {Ctx} ctx
 * @param {string} [seed]
 * @returns {Promise<boolean>}
 */
export async function shuffle(ctx, seed) {
  const { state } = ctx;
  if (!state.ready) return false;
  state.errors = { board: "", goal: "", shape: "" };
  state.speed.seedError = "";
  const seq = ++state.latest;
  try {
    const fields = { shape: state.form.shape, goal: goalSpec(state.form), ...(seed === undefined ? {} : { seed }) };
    const reply = await ask(ctx, "random", fields, "Shuffling");
    if (seq !== state.latest) return false;
    state.form.board = boardText(reply.board);
    state.editing = false;
    const dealt = await check(ctx);
    if (dealt) { // for players: a dealt board's shortest solution is compared, and its solve counts for the records
      state.game.dealt = true;
      state.game.counts = true;
      state.game.seed = reply.seed === null ? null : String(reply.seed);
    }
    if (phoneLayout()) state.after.reveal = "stage";
    setReport(state, "shuffle", dealt ? "dealt" : "failed");
    return dealt;
  } catch (caught) {
    if (seq !== state.latest) return false;
    const error = errorInfo(caught);
    if (seed !== undefined && error.type !== "ShapeError" && error.type !== "Cancelled") {
      state.speed.seedError = error.message;
    } else {
      showError(ctx, error, "shape");
    }
    setReport(state, "shuffle", "failed");
    answered(ctx);
    return false;
  }
}

/** Deal the fair scramble of the seed in the seed field (a fresh one when it is empty). @param {Ctx} ctx
 * @returns {Promise<boolean>} whether it was dealt */
export function dealSeed(ctx) {
  const seed = ctx.state.form.seed.trim();
  return shuffle(ctx, seed || undefined);
}

/**
 * Put the link's board and goal (`#board=…&goal=…`) into the form; false when the link holds no board.
 * @param {import("../state.js").Form} form
 */
function fillFromLocation(form) {
  const fields = readFragment(window.location.hash);
  if (!fields) return false;
  form.board = fields.board.replaceAll("/", "\n").replaceAll(",", " ");
  const goal = fields.goal || "default";
  if (goal === "default" || goal === "blank-first") {
    form.goalKind = goal;
  } else {
    form.goalKind = "custom";
    form.goal = goal.replaceAll("/", "\n").replaceAll(",", " ");
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
  const { state } = ctx;
  const { form } = state;
  if (!fillFromLocation(form) && !form.board.trim()) form.board = EXAMPLE;
  state.preview = previewBoard(form.board);
  state.game.start = state.preview; // playable by hand at once: its moves are carried over once it is checked
  if (state.preview) state.verdict = { ...state.verdict, placeholder: "" };
}

/**
 * Open the board of the link (`#board=…&goal=…`), or on the first visit without one the example (or what the
 * text area holds).
 * @param {Ctx} ctx
 * @param {boolean} first
 */
export function openFromLocation(ctx, first) {
  const { form } = ctx.state;
  if (fillFromLocation(form)) {
    check(ctx).then((ok) => { if (ok) ctx.state.game.dealt = true; }); // for players: a link deals its board
  } else if (first) {
    if (!form.board.trim()) form.board = EXAMPLE;
    check(ctx);
  }
}

/**
 * Another kind of goal chosen: a custom goal's field starts from the goal on screen; another kind checks the board
 * against it at once.
 * @param {Ctx} ctx
 */
export function goalKindChosen(ctx) {
  const { form, shown } = ctx.state;
  if (form.goalKind !== "custom") {
    if (form.board.trim()) check(ctx);
  } else if (!form.goal.trim() && shown) {
    form.goal = boardText(shown.goal);
  }
}

/**
 * The solver choices for the board's shape and goal (asked once per shape and goal kind).
 * @param {Ctx} ctx
 * @param {import("../protocol.js").Board} board
 * @param {string} goalKind
 */
export async function loadOptions(ctx, board, goalKind) {
  const { state } = ctx;
  const options = state.options;
  const key = `${board.rows}x${board.cols}|${goalKind}`;
  if (key === options.key) return;
  options.key = key;
  let reply = options.cache.get(key);
  if (!reply) {
    try {
      reply = await ctx.python.request("options", { rows: board.rows, cols: board.cols, goal: goalSpec(state.form) });
    } catch {
      return; // the worker failed or restarted: the selects keep their choices
    }
    options.cache.set(key, reply);
  }
  if (options.key !== key) return;
  options.reply = reply;
  fitSolverChoice(state);
}

/**
 * The solver choices kept where the board's options still offer them (else Auto); the heuristic is Auto under an
 * algorithm that brings its own (the near-optimal solver's tables). Called when the options or the algorithm change.
 * @param {import("../state.js").State} state
 */
export function fitSolverChoice(state) {
  const { form } = state;
  const reply = state.options.reply;
  if (!reply) return;
  /** @param {import("../protocol.js").Choice[]} list @param {string} name */
  const offered = (list, name) => (list.some((c) => c.name === name) ? name : "auto");
  form.algorithm = offered(reply.algorithms, form.algorithm);
  const chosen = form.algorithm === "auto" ? reply.default_algorithm : form.algorithm;
  const algorithm = reply.algorithms.find((a) => a.name === chosen);
  form.heuristic = algorithm && algorithm.heuristic ? "auto" : offered(reply.heuristics, form.heuristic);
}

/** Forget the solver choices (the pattern database is now loaded: Auto may pick it) and ask again. @param {Ctx} ctx */
export function reloadOptions(ctx) {
  const { state } = ctx;
  state.options.cache.clear();
  state.options.key = "";
  if (state.shown) loadOptions(ctx, state.shown.board, state.form.goalKind);
}

// ---- A reconstruction replayed ----

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
