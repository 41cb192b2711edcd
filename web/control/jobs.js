// @ts-check
// Long jobs in the worker, one at a time: Solve (and Look for a shorter solution), Compare heuristics and Hint,
// with the job line's progress and Cancel (next to the button pressed: view/job.js), from the moment the button is
// pressed — a 4×4 solve that waits for its tables says so, with their download's progress.

import { testOptions } from "../hooks.js";
import { setReport } from "../state.js";
import { goalSpec } from "../model/link.js";
import { boardFields, sameBoard } from "../model/moves.js";
import { errorInfo } from "../worker-handle.js";
import { count, figure, phrase, progressLine } from "../words.js";
import { SHORTER_WORK, shorterSearch } from "../model/shorter.js";
import { check } from "./check.js";
import { endJob, startJob } from "../model/job.js";
import { assistsHidden } from "../model/game.js";
import { holdClock, releaseClock } from "../model/clock.js";
import { databaseOf, tablesState, waitingFraction, waitingWords } from "../model/tables.js";
import { splitWorkers, tablesFor } from "../service/tables.js";
import { dropSolution, showSolution, syncBoard } from "./play.js";


/** The nodes Auto's optimal search may expand for a 4×4's first answer while its tables download (about half a second
 * in the page; Solve's own allowance, npuzzle.policy.AUTO_OPTIMAL_NODES, is 16 times more): counted in work, not
 * time, so the same board gets the same first answer on any device. */
const PROVISIONAL_NODES = 250_000;

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../state.js").Job} Job */

const ITERATIONS_EVERY_MS = 250; // progress arrives every ~50 ms: the chart need not follow every one

/**
 * Have the board the text area holds, with the goal now chosen, on screen (checked) when the person typed another
 * board or chose another goal; true when the board on screen can be solved. Solve and Compare then send `state.sync.goal`: the goal the screen shows.
 * @param {Ctx} ctx
 * @returns {Promise<boolean>}
 */
async function boardForJob(ctx) {
  const { state } = ctx;
  const { form, sync } = state;
  if (!state.shown || sync.edited || form.board !== sync.text || goalSpec(form) !== sync.goal) {
    return check(ctx);
  }
  if (state.sync.frame) syncBoard(ctx);
  return state.shown.solvable;
}

/** @param {Ctx} ctx @param {string} note @param {string} outcome */
function solveNote(ctx, note, outcome) {
  dropSolution(ctx);
  ctx.state.solution = { reply: null, note, badge: null };
  setReport(ctx.state, "solve", outcome);
  ctx.state.after.reveal = "solution";
}

/**
 * Wait for the 4×4 tables when the board needs them (the pattern database, or in line moves the line-move tables),
 * the job line saying so with their progress; false when the job was cancelled meanwhile (it has ended).
 * @param {Ctx} ctx
 * @param {Job} mine
 * @param {import("../protocol.js").Board} board
 * @param {import("../protocol.js").Database} [database]
 */
async function withTables(ctx, mine, board, database = databaseFor(ctx)) {
  const { state } = ctx;
  const waiting = tablesFor(ctx, board, database);
  if (waiting) {
    mine.id = 0; // no request runs while it waits (after a first answer too): the tables' news and Cancel reach it
    mine.title = database === "mtm" ? `Getting the tables that solve a ${board.rows}×${board.cols} in line moves…`
      : `Getting the tables that solve a ${board.rows}×${board.cols} fast…`;
    const last = tablesState(state, database).last;
    mine.detail = waitingWords(last);
    mine.fraction = waitingFraction(last);
    await waiting;
  }
  if (mine.cancelAt) {
    if (state.job === mine) endJob(state);
    return false;
  }
  return state.job === mine;
}

/** The database the chosen metric's optimal answers need on a 4×4. @param {Ctx} ctx
 * @returns {import("../protocol.js").Database} */
export function databaseFor(ctx) {
  return databaseOf(ctx.state.speed.metric);
}

/**
 * Solve the board on screen with the chosen algorithm and heuristic, in the chosen metric; the solution becomes
 * playable. In a no-assists or blindfolded game there is no Solve until it is over. A 4×4 whose
 * tables are still on their way is solved at once without them (Auto: a shortest solution when one is found quickly,
 * else a near-optimal one, said so), then again with them when they arrive, the proven shortest taking its place.
 * @param {Ctx} ctx
 */
export async function solve(ctx) {
  const { state } = ctx;
  if (!state.ready || state.job || assistsHidden(state.game)) return;
  if (state.playback) state.playback.pause();
  const ok = await boardForJob(ctx);
  if (!ok || state.job || !state.shown) {
    if (state.shown && !state.shown.solvable) {
      solveNote(ctx, "This board cannot reach the goal, so there is nothing to solve: see why above.", "unsolvable");
    }
    return;
  }
  const held = holdClock(state);
  try {
    await solveShown(ctx, state.shown);
  } finally {
    if (held) releaseClock(state);
  }
}

/**
 * Solve `shown`, the board on screen (solve's search, its wait for tables and its answers).
 * @param {Ctx} ctx
 * @param {import("../state.js").Shown} shown
 */
async function solveShown(ctx, shown) {
  const { state } = ctx;
  const { board: start, goal } = shown;
  const mine = startJob(state, "solve", "Solving…");
  setReport(state, "solve", "running");
  const lines = state.speed.metric === "mtm";
  const auto = state.form.algorithm === "auto" && state.form.heuristic === "auto";
  if (lines && !(await withTables(ctx, mine, start, "mtm"))) { // in line moves the 4×4 waits for its tables
    if (mine.cancelAt) solveNote(ctx, "Search cancelled.", "stopped");
    return;
  }
  const tables = lines ? null : tablesFor(ctx, start);
  if (tables && !auto && !(await withTables(ctx, mine, start))) { // a choice that needs the tables waits for them
    if (mine.cancelAt) solveNote(ctx, "Search cancelled.", "stopped");
    return;
  }
  // while the tables are on their way, Auto's first answer gives way to the near-optimal one sooner: they prove it
  const first = await search(ctx, mine, start, tables && auto ? { fields: { optimal_nodes: PROVISIONAL_NODES } } : {});
  if (!first || !tables || !auto || first.optimal) {
    if (first) showSolution(ctx, first, start, goal);
    if (state.job === mine) endJob(state);
    return;
  }
  // the best without the tables now, the proven shortest once they are here
  const moved = () => !state.shown || !sameBoard(state.shown.board, start) || mine.seq !== state.latest;
  showSolution(ctx, first, start, goal, `The tables that prove the shortest solution of a ${start.rows}×${start.cols} ` +
    "are on their way: this is the best found without them. The proven shortest takes its place when they arrive.");
  setReport(state, "solve", "provisional");
  if (!(await withTables(ctx, mine, start)) || moved()) { // cancelled, or the board moved on: the answer stays
    if (mine.cancelAt && !moved() && state.solution && state.solution.reply === first) {
      state.solution = { ...state.solution, note: "Cancelled before the tables that prove the shortest arrived." };
    }
    if (state.job === mine) endJob(state);
    if (state.report.solve === "provisional") setReport(state, "solve", "solved");
    return;
  }
  const proven = await search(ctx, mine, start, { keep: true });
  if (proven && !moved()) {
    showSolution(ctx, proven, start, goal, proven.optimal ? "The tables arrived: this solution is now proven the " +
      "shortest." : "");
  } else if (state.report.solve === "provisional") {
    setReport(state, "solve", "solved");
  }
  if (state.job === mine) endJob(state);
}

/**
 * Look for a shorter solution of the board on screen than the near-optimal one shown, with ten times its work
 * budget (model/shorter.js): a shorter answer takes its place, said so; otherwise the answer stays,
 * with a note. Cancel keeps the shortest found so far when it beats the answer on screen.
 * @param {Ctx} ctx
 */
export async function solveShorter(ctx) {
  const { state } = ctx;
  const before = state.solution;
  const next = shorterSearch(before);
  if (!state.ready || state.job || !state.shown || !before || !before.reply || !next) return;
  if (state.playback) state.playback.pause();
  const { board: start, goal } = state.shown;
  const current = before.reply;
  const title = "Looking for a shorter solution…";
  const mine = startJob(state, "solve", title);
  setReport(state, "shorter", "running");
  state.after.reveal = "job"; // its progress and Cancel, in view (the offer may be far down on a phone)
  const reply = await search(ctx, mine, start,
    { keep: true, bestSoFar: true, title, fields: { algorithm: "near-optimal", budget: next.budget } });
  if (mine.seq !== state.latest || state.solution !== before) { // the board or its answer changed meanwhile
    setReport(state, "shorter", "cancelled");
    if (state.job === mine) endJob(state);
    return;
  }
  const cut = reply && reply.moves ? current.length - reply.length : 0;
  if (reply && cut > 0) {
    const early = reply.stopped === "cancelled" ? "Stopped early: the shortest found so far is "
      : `${SHORTER_WORK} found a solution `;
    const unit = reply.metric === "mtm" ? "line move" : "move";
    showSolution(ctx, reply, start, goal, `${early}${count(cut, unit)} shorter than the ${figure(current.length)} ` +
      "before.");
    state.after.reveal = "stage"; // the board and its player, the new length on it (the offer may be far below)
    setReport(state, "shorter", "found");
  } else {
    const outcome = !reply ? (mine.failure ? "failed" : "cancelled")
      : reply.stopped === "cancelled" ? "cancelled" : "none";
    const why = outcome === "failed" ? `The search failed (${mine.failure})`
      : outcome === "cancelled" ? "Cancelled before a shorter solution was found"
        : `${SHORTER_WORK} found no shorter solution`;
    state.solution = { ...before, note: `${why}: this one stays.`,
      tried: reply && outcome === "none" ? { budget: next.budget, seconds: reply.seconds } : before.tried };
    state.after.reveal = "solutionSummary";
    setReport(state, "shorter", outcome);
  }
  if (state.job === mine) endJob(state);
}

/**
 * The solve request for `start` with the chosen algorithm and heuristic (or the `fields` given), the job line
 * following its progress and IDA*'s chart its iterations; the reply, or null when the board changed meanwhile or the
 * search failed or was cancelled (said in the solution section, unless an answer already there stays: `keep`; a
 * cancelled search's best so far is still returned with `bestSoFar`).
 * @param {Ctx} ctx
 * @param {Job} mine
 * @param {import("../protocol.js").Board} start
 * @param {{keep?: boolean, bestSoFar?: boolean, title?: string, fields?: Record<string, unknown>}} [options] `title`:
 *   the job line's title throughout (default: the search's name)
 * @returns {Promise<import("../protocol.js").SolveReply | null>}
 */
async function search(ctx, mine, start, { keep = false, bestSoFar = false, title = "", fields = {} } = {}) {
  const { state } = ctx;
  mine.title = title || "Solving…";
  mine.detail = "starting…";
  mine.fraction = null;
  mine.id = 0;
  // workers: a hard 4×4 solved with the pattern database is split over them (the worker decides, in Python)
  const { splitNodes, helpersIdleMs, solveBudget } = testOptions();
  const request = { board: boardFields(start), goal: state.sync.goal, algorithm: state.form.algorithm,
    heuristic: state.form.heuristic, metric: state.speed.metric, workers: splitWorkers(), ...(splitNodes ? { split_nodes: splitNodes } : {}),
    ...(helpersIdleMs ? { helpers_idle_ms: helpersIdleMs } : {}), ...(solveBudget ? { budget: solveBudget } : {}),
    ...fields };
  state.iterations = null;
  let drawnAt = 0; // IDA*'s chart is redrawn at most every ITERATIONS_EVERY_MS
  try {
    const reply = await ctx.python.request("solve", request, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.job !== mine || mine.cancelAt) return;
        mine.title = title || (p.split ? `Solving on ${p.split.workers} workers…` : "Solving…"); // figures: detail
        mine.detail = progressLine(p, true);
        if (p.algorithm === "idastar" && p.bound !== undefined && p.bound !== null
          && performance.now() - drawnAt >= ITERATIONS_EVERY_MS) {
          drawnAt = performance.now();
          const done = p.per_iteration || [];
          const before = done.reduce((sum, [, nodes]) => sum + nodes, 0);
          state.iterations = { done, running: [p.bound, p.nodes_expanded - before] };
        }
      },
    });
    const perIteration = reply.extra && reply.extra.per_iteration;
    state.iterations = perIteration && perIteration.length ? { done: perIteration, running: null } : null;
    if (mine.cancelAt) setReport(state, "cancelMs", String(Math.round(performance.now() - mine.cancelAt)));
    setReport(state, "workers", String((reply.extra && reply.extra.jobs) || 1));
    if (mine.seq !== state.latest || !state.shown || !sameBoard(state.shown.board, start)) return null; // a newer board
    if (keep && reply.stopped === "cancelled" && !(bestSoFar && reply.moves)) return null;
    return reply;
  } catch (caught) {
    const error = errorInfo(caught);
    if (keep) mine.failure = error.type === "Cancelled" ? "" : error.message;
    if (mine.seq !== state.latest || keep) return null;
    const cancelled = error.type === "Cancelled";
    solveNote(ctx, cancelled ? "Search cancelled." : `Could not solve: ${error.message}`, cancelled ? "stopped" : "failed");
    return null;
  }
}

/** @param {string} text @returns {string} the text with its first letter a capital */
const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Compare heuristics: A* with each heuristic on the board, the course's table. @param {Ctx} ctx */
export async function compareHeuristics(ctx) {
  const { state } = ctx;
  if (!state.ready || state.job || assistsHidden(state.game)) return;
  if (state.playback) state.playback.pause();
  if (!(await boardForJob(ctx)) || state.job || !state.shown) return;
  const start = state.shown.board;
  const shape = `${start.rows}×${start.cols} board`;
  /** @type {string[]} */
  let names = []; // the heuristics the compare runs: its progress names them
  const mine = startJob(state, "compare", "Comparing heuristics…");
  setReport(state, "compare", "running");
  state.comparison = { note: shape, rows: [], running: null, waiting: names };
  state.after.reveal = "comparison";
  state.after.top = true;
  try {
    const yours = state.lab.checked; // a heuristic of the student's that the lab ran: compared beside the others
    const reply = await ctx.python.request("compare", { board: boardFields(start), goal: state.sync.goal,
      on_the_way: true, ...(yours ? { code: yours } : {}) }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.job !== mine || mine.cancelAt) return;
        if (p.heuristics) names = p.heuristics;
        const done = p.done || [];
        mine.title = `Comparing heuristics: ${phrase(p.heuristic)} (${(p.row ?? 0) + 1} of ${p.rows})…`;
        mine.detail = progressLine(p);
        mine.fraction = p.rows ? ((p.row ?? 0) + 0.5) / p.rows : null;
        const waiting = names.filter((n) => n !== p.heuristic && !done.some((r) => r.heuristic === n));
        state.comparison = { note: shape, rows: done, running: p, waiting };
      },
    });
    if (mine.seq !== state.latest) return;
    const unfinished = reply.rows.filter((r) => r.length === null).map((r) => phrase(r.heuristic));
    let note = reply.from ? `Your board is too far from the goal for the weaker heuristics to finish, so they are ` +
      `compared on a board on its way there: ${reply.board.text}.` : `${shape}.`;
    if (reply.stopped === "cancelled") note += " Cancelled: the rows above finished.";
    else if (unfinished.length) note += ` ${capitalized(unfinished.join(", "))} did not finish within the node limit.`;
    state.comparison = { note, rows: reply.rows, running: null, waiting: [] };
    state.after.reveal = "comparison"; // the table, back in view if the panel's growth scrolled it away
    setReport(state, "compare", reply.stopped === "cancelled" ? "stopped" : "done");
  } catch (caught) {
    if (mine.seq !== state.latest) return;
    const error = errorInfo(caught);
    const note = error.type === "Cancelled" ? "Cancelled." : `Could not compare: ${error.message}`;
    state.comparison = { note, rows: [], running: null, waiting: [] };
    state.after.reveal = "comparison";
    setReport(state, "compare", "failed");
  } finally {
    if (state.job === mine) endJob(state);
  }
}

/**
 * Hint: the next move from the board on screen, the first of a shortest solution when the core proves one within
 * Solve's work allowance, else of a near-optimal one (npuzzle.speedsolving.hint); in line moves a whole line (its
 * farthest tile highlighted); announced in the status line and its tile highlighted. None in a no-assists or
 * blindfolded game until it is over.
 * @param {Ctx} ctx
 */
export async function hint(ctx) {
  const { state } = ctx;
  if (!state.ready || !state.shown || state.job) return;
  if (assistsHidden(state.game)) {
    state.lines.status = "No hints in this game: it is played without assists.";
    setReport(state, "hint", "none");
    return;
  }
  const { board, goal, solvable } = state.shown;
  const say = (/** @type {string} */ text, /** @type {string} */ outcome) => {
    state.lines.status = text;
    setReport(state, "hint", outcome);
  };
  if (state.solved) return say("No hint needed: the board is already the goal.", "none");
  if (!solvable) return say("No hint: this board cannot reach the goal (the verdict says why).", "none");
  if (state.sync.frame) syncBoard(ctx);
  const mine = startJob(state, "hint", "Finding a hint…");
  setReport(state, "hint", "running");
  if (!(await withTables(ctx, mine, board))) {
    if (mine.cancelAt) say("Hint cancelled.", "failed");
    return;
  }
  if (!state.shown || !sameBoard(state.shown.board, board)) {
    endJob(state);
    return;
  }
  mine.title = "Finding a hint…";
  mine.fraction = null;
  try {
    const reply = await ctx.python.request("hint", { board: boardFields(board), goal: state.sync.goal,
      metric: state.speed.metric }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.job !== mine || mine.cancelAt) return;
        mine.detail = progressLine(p, true);
      },
    });
    const shown = state.shown;
    if (mine.seq !== state.latest || !shown || !sameBoard(shown.board, board) || !sameBoard(shown.goal, goal)) return;
    if (reply.tile === null) return say(reply.message, "none");
    state.game.hints += 1;
    state.game.hinted = reply.tile;
    say(reply.message, "shown");
  } catch (caught) {
    const error = errorInfo(caught);
    if (mine.seq === state.latest) say(error.type === "Cancelled" ? "Hint cancelled." : `No hint: ${error.message}`, "failed");
  } finally {
    if (state.job === mine) endJob(state);
  }
}
