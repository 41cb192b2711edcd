// @ts-check
// For speedsolvers: a solve studied once it ends. Its reconstruction is written by the core (the `reconstruction`
// op: the scramble, the moves in notation, each move's time) into the box that copies it; and a solve of a dealt
// board — or a reconstruction replayed — is analysed against the optimum (the `analyse` op,
// npuzzle.speedsolving.analysis) in the metric chosen, in the background: the distance to the goal before and after
// every move, the mistakes with every better move, the moves lost, the chart. The start's distance says how close
// the solve came (the line under the board, the history's Shortest). On a 4×4 the analysis first waits for the tables
// that make it exact (the pattern database, or the line-move tables), where this device fetches them.

import { phoneLayout } from "../layout.js";
import { boardFields, boardText } from "../model/moves.js";
import { lineMoves } from "../model/game.js";
import { closeness } from "../model/history.js";
import { replayFragment } from "../model/link.js";
import { setReport } from "../state.js";
import { errorInfo } from "../worker-handle.js";
import { count } from "../words.js";
import { updateEntry } from "../service/history.js";
import { databaseOf, tablesServe, tablesState } from "../model/tables.js";
import { tablesFor } from "../service/tables.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Board} Board */
/** @typedef {import("../protocol.js").Metric} Metric */
/** @typedef {{key: string, at: string}} Kept where a solve is kept in the history (service/history.js) */

const ANALYSIS_SECONDS = 120; // the analysis' hard stop: it then shows the moves analysed so far

/**
 * A solve as the core reads it: the start, the goal, the single-tile letters played, each move's time in ms from the
 * first (null: not timed) and the seed of the start (null: none).
 * The time it took (`ms`: the clock's, which for a blindfolded solve runs until Done; null: not timed) is the one
 * every place shows.
 * @typedef {{start: Board, goal: Board, letters: string, times: number[] | null, seed: string | null,
 *   ms: number | null}} Solve
 */

/**
 * The player's game has ended (solved, or a blindfolded DNF) and is kept (`kept`): write its reconstruction into
 * the box, and for a solved dealt board analyse it, the line under the board then saying how close it came.
 * @param {Ctx} ctx
 * @param {Solve} solve
 * @param {Kept | null} kept
 * @param {{dealt: boolean, solved: boolean}} how
 */
export async function studySolve(ctx, solve, kept, how) {
  const { state } = ctx;
  const game = state.game;
  if (how.solved && how.dealt) {
    state.lines.score = `${solvedWords(solve)}; finding the shortest solution from the start…`;
    setReport(state, "shortest", "running");
  }
  try {
    const written = await writeReconstruction(ctx, solve);
    if (state.game === game) showReconstruction(ctx, written, solve);
    if (kept) updateEntry(ctx, kept, { solution: written.notation });
    setReport(state, "reconstruction", "written");
  } catch (caught) { // the box keeps what it had, and says why; the history's solution stays unknown
    if (state.game === game) state.speed.error = `The solve could not be written out: ${errorInfo(caught).message}`;
    setReport(state, "reconstruction", "failed");
  }
  if (how.solved && how.dealt) await scoreSolve(ctx, solve, kept, state.speed.metric);
}

/** @param {Solve} solve @returns {string} "Solved in 24 moves (18 line moves)" */
function solvedWords(solve) {
  return `Solved in ${count(solve.letters.length, "move")} (${count(lineMoves([...solve.letters]), "line move")})`;
}

/**
 * Analyse the player's solve of the game on screen in `metric`; the line under the board then says how close it
 * came in that metric (and the history's entry `kept`, when given, keeps the shortest).
 * @param {Ctx} ctx
 * @param {Solve} solve
 * @param {Kept | null} kept
 * @param {Metric} metric
 */
async function scoreSolve(ctx, solve, kept, metric) {
  const { state } = ctx;
  const game = state.game;
  const said = solvedWords(solve);
  state.lines.score = `${said}; finding the shortest solution from the start…`;
  setReport(state, "shortest", "running");
  const reply = await analyse(ctx, "solve", solve, metric);
  const lines = metric === "mtm";
  const moves = lines ? lineMoves([...solve.letters]) : solve.letters.length;
  const unit = lines ? " line moves" : "";
  if (!reply) {
    if (state.game === game) state.lines.score = `${said}; the shortest could not be found: ${state.speed.analysis?.error}`;
    setReport(state, "shortest", "failed");
    return;
  }
  const found = shortestOf(reply);
  if (state.game === game) state.lines.score = `${said}; ${closeness(moves, found, unit)}.`;
  if (kept) {
    updateEntry(ctx, kept, { shortest: found.length, optimal: found.length === null ? null : found.optimal,
      lowerBound: found.lowerBound, metric });
  }
  const proven = found.optimal ? "optimal" : "near-optimal";
  setReport(state, "shortest", found.length === null ? "stopped" : proven);
}

/**
 * The shortest solution from the start as an analysis knows it: its exact distance, or the near-optimal length and
 * the lower bound.
 * @param {import("../protocol.js").AnalyseReply} reply
 * @returns {{length: number | null, optimal: boolean, lowerBound: number | null}}
 */
function shortestOf(reply) {
  const start = reply.distances.length ? reply.distances[0] : null;
  if (reply.exact && start !== null) return { length: start, optimal: true, lowerBound: start };
  if (reply.optimal !== null) return { length: reply.optimal, optimal: true, lowerBound: reply.optimal };
  return { length: reply.near_optimal, optimal: false, lowerBound: start };
}

/**
 * The core's reconstruction of `solve`, its text in the letters' convention chosen.
 * @param {Ctx} ctx
 * @param {Solve} solve
 */
export function writeReconstruction(ctx, solve) {
  return ctx.python.request("reconstruction", { board: boardFields(solve.start), goal: boardText(solve.goal),
    moves: [...solve.letters], times: solve.times, total_ms: solve.ms === null ? null : Math.round(solve.ms),
    seed: solve.seed, convention: ctx.state.speed.convention }); // a total at the last move's time is not written
}

/**
 * Put a reconstruction in the box (its text) with the link that replays it (whose moves always name the tile's
 * direction: a link does not say which it uses).
 * @param {Ctx} ctx
 * @param {import("../protocol.js").ReconstructionReply} written
 * @param {Solve} solve
 */
export function showReconstruction(ctx, written, solve) {
  const { speed } = ctx.state;
  speed.text = written.text;
  speed.solve = solve;
  speed.error = "";
  speed.link = replayFragment(written.board, written.goal, written.notation, written.times, written.seed,
    written.total_ms);
}

/**
 * Analyse `solve` in `metric` in the background, the analysis panel following it (first, on a 4×4, waiting for
 * the tables that make it exact); the reply, or null when it failed or a newer analysis took its place.
 * @param {Ctx} ctx
 * @param {"solve" | "replay"} of
 * @param {Solve} solve
 * @param {Metric} metric
 * @returns {Promise<import("../protocol.js").AnalyseReply | null>}
 */
export async function analyse(ctx, of, solve, metric) {
  const { state } = ctx;
  if (state.speed.analysis && state.speed.analysis.id) ctx.python.cancel(state.speed.analysis.id);
  const total = metric === "mtm" ? lineMoves([...solve.letters]) : solve.letters.length;
  let wake = () => {};
  const cancelled = new Promise((resolve) => { wake = () => resolve(undefined); });
  /** @type {import("../state.js").Analysis} */
  const mine = { of, metric, id: 0, cancelAt: 0, analysed: 0, total, detail: "", reply: null, error: "", solve, wake,
    withTables: false };
  state.speed.analysis = mine;
  if (!phoneLayout()) { // beside the board, which stays in view; a phone keeps the board and its result in view
    state.after.reveal = "analysis";
    state.after.top = true;
  }
  const database = databaseOf(metric);
  const waiting = tablesFor(ctx, solve.start, database);
  if (waiting) {
    mine.detail = metric === "mtm" ? "getting the line-move tables that make it exact…"
      : "getting the tables that make it exact…";
    setReport(state, "analysis", "waiting");
    await Promise.race([waiting, cancelled]);
    if (state.speed.analysis !== mine) return null;
    if (mine.cancelAt) return finish(ctx, mine, null, "Cancelled before it began.");
  }
  const known = tablesState(state, database).last;
  mine.detail = known && known.phase === "failed" ? "without the tables: lower bounds only" : "";
  mine.withTables = Boolean(known && known.phase === "ready");
  setReport(state, "analysis", "running");
  try {
    const reply = await ctx.python.request("analyse", { board: boardFields(solve.start), goal: boardText(solve.goal),
      moves: solve.letters, metric, time_limit: ANALYSIS_SECONDS, background: true }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.speed.analysis !== mine) return;
        mine.analysed = p.analysed ?? 0;
        mine.total = p.total ?? mine.total;
      },
    });
    return finish(ctx, mine, reply, "");
  } catch (caught) {
    const error = errorInfo(caught);
    return finish(ctx, mine, null, error.type === "Cancelled" ? "Cancelled." : error.message);
  }
}

/**
 * An analysis has ended: its reply or why not, on screen (unless a newer one took its place).
 * @param {Ctx} ctx
 * @param {import("../state.js").Analysis} mine
 * @param {import("../protocol.js").AnalyseReply | null} reply
 * @param {string} error
 */
function finish(ctx, mine, reply, error) {
  const { state } = ctx;
  mine.id = 0;
  if (state.speed.analysis !== mine) return null;
  mine.reply = reply;
  mine.error = error;
  if (!phoneLayout()) { // grown with its figures and chart: back in view beside the board
    state.after.reveal = "analysis";
    state.after.top = true;
  }
  setReport(state, "analysis", !reply ? "failed" : reply.stopped ? "stopped" : "done");
  return reply;
}

/** A new board is on screen: the analysis on screen (of the last one) goes, stopped if it runs. @param {Ctx} ctx */
export function dropAnalysis(ctx) {
  const { speed } = ctx.state;
  const mine = speed.analysis;
  if (!mine) return;
  speed.analysis = null;
  if (mine.id) ctx.python.cancel(mine.id);
  else mine.wake();
  setReport(ctx.state, "analysis", null);
}

/** Stop the analysis running (it answers with the moves analysed so far). @param {Ctx} ctx */
export function cancelAnalysis(ctx) {
  const mine = ctx.state.speed.analysis;
  if (!mine || mine.reply || mine.error || mine.cancelAt) return;
  mine.cancelAt = performance.now();
  if (mine.id) ctx.python.cancel(mine.id);
  else mine.wake();
}

/**
 * A database is loaded: the analysis on screen in its metric that began without it (on a phone, before the person
 * downloaded it) analyses the solve again, exactly now; one that runs is stopped first. The analysis is brought into
 * view, as the person who tapped Download far below it waits for it, unless a game of theirs is under way.
 * @param {Ctx} ctx
 * @param {"pdb" | "mtm"} database
 */
export function tablesArrived(ctx, database) {
  const { state } = ctx;
  const shown = state.speed.analysis;
  if (!shown || shown.withTables || shown.error || databaseOf(shown.metric) !== database) return;
  const { rows, cols } = shown.solve.start;
  if (!tablesServe(tablesState(state, database), rows, cols)) return;
  if (!(state.game.past.length && !state.game.over)) {
    state.after.reveal = "analysis";
    state.after.top = true;
  }
  redo(ctx, shown, shown.metric);
}

/**
 * Analyse the solve on screen again in `metric` (the metric was changed while its analysis was shown).
 * @param {Ctx} ctx
 * @param {Metric} metric
 */
export function analyseAgain(ctx, metric) {
  const shown = ctx.state.speed.analysis;
  if (!shown || shown.metric === metric || !shown.solve) return;
  redo(ctx, shown, metric);
}

/** The analysis `shown` made again in `metric` (one running stops: a new one takes its place).
 * @param {Ctx} ctx @param {import("../state.js").Analysis} shown @param {Metric} metric */
function redo(ctx, shown, metric) {
  if (shown.of === "solve") scoreSolve(ctx, shown.solve, null, metric); // the line under the board follows
  else analyse(ctx, shown.of, shown.solve, metric);
}
