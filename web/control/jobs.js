// @ts-check
// Long jobs in the worker, one at a time: Solve, Compare heuristics and Hint, with the job line's progress and
// Cancel.

import { mirrorHooks, testOptions } from "../hooks.js";
import { setReport } from "../state.js";
import { boardFields, sameBoard } from "../model/moves.js";
import { errorInfo } from "../worker-handle.js";
import { label, progressLine } from "../view/results.js";
import { renderBoardBar } from "../view/board-bar.js";
import { renderComparison } from "../view/comparison.js";
import { renderIterations } from "../view/iterations.js";
import { renderJob } from "../view/job.js";
import { renderSolutionNote } from "../view/player.js";
import { goalSpec } from "../ui.js";
import { check } from "./check.js";
import { endJob, startJob } from "./job.js";
import { splitWorkers, tablesFor } from "./tables.js";
import { dropSolution, showSolution, syncBoard } from "./play.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../state.js").Job} Job */

const ITERATIONS_EVERY_MS = 250; // progress arrives every ~50 ms: the chart need not follow every one

/**
 * Have the board of the text area, with the goal now chosen, on screen (checked) unless it already is; true when
 * it can be solved. Solve and Compare then send `state.sync.goal`: the goal the screen shows.
 * @param {Ctx} ctx
 * @returns {Promise<boolean>}
 */
async function boardForJob(ctx) {
  const { state, ui } = ctx;
  if (!state.shown || ui.board.value !== state.sync.text || goalSpec(ui) !== state.sync.goal) return check(ctx);
  if (state.sync.frame) syncBoard(ctx);
  return state.shown.solvable;
}

/** @param {Ctx} ctx @param {string} summary @param {string} outcome */
function solveNote(ctx, summary, outcome) {
  dropSolution(ctx);
  renderSolutionNote(ctx.ui, summary);
  setReport(ctx.state, "solve", outcome);
  mirrorHooks(ctx.state);
}

/** Solve the board on screen with the chosen algorithm and heuristic; the solution becomes playable. @param {Ctx} ctx */
export async function solve(ctx) {
  const { state, ui } = ctx;
  if (!state.ready || state.job) return;
  if (state.playback) state.playback.pause();
  const ok = await boardForJob(ctx);
  if (!ok || state.job || !state.shown) {
    if (state.shown && !state.shown.solvable) {
      solveNote(ctx, "This board cannot reach the goal, so there is nothing to solve: see why below.", "unsolvable");
    }
    return;
  }
  await tablesFor(ctx, state.shown.board); // a 4×4: the pattern database first, where this device takes it
  if (state.job || !state.shown) return;
  const { board: start, goal } = state.shown;
  const mine = startJob(ctx, "solve", "Solving…");
  setReport(state, "solve", "running");
  mirrorHooks(state);
  // workers: a hard 4×4 solved with the pattern database is split over them (the worker decides, in Python)
  const { splitNodes, helpersIdleMs } = testOptions();
  const request = { board: boardFields(start), goal: state.sync.goal, algorithm: ui.algorithm.value,
    heuristic: ui.heuristic.value, workers: splitWorkers(), ...(splitNodes ? { split_nodes: splitNodes } : {}),
    ...(helpersIdleMs ? { helpers_idle_ms: helpersIdleMs } : {}) };
  renderIterations(ui, null);
  let drawnAt = 0; // IDA*'s chart is redrawn at most every ITERATIONS_EVERY_MS
  try {
    const reply = await ctx.python.request("solve", request, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.job !== mine || mine.cancelAt) return;
        const workers = p.split ? ` on ${p.split.workers} workers` : "";
        mine.title = `Solving with ${label(p.algorithm)} + ${label(p.heuristic).toLowerCase()}${workers}…`;
        mine.detail = progressLine(p);
        renderJob(ui, state);
        if (p.algorithm === "idastar" && p.bound !== undefined && p.bound !== null
          && performance.now() - drawnAt >= ITERATIONS_EVERY_MS) {
          drawnAt = performance.now();
          const done = p.per_iteration || [];
          const before = done.reduce((sum, [, nodes]) => sum + nodes, 0);
          renderIterations(ui, { done, running: [p.bound, p.nodes_expanded - before] });
        }
      },
    });
    const perIteration = reply.extra && reply.extra.per_iteration;
    renderIterations(ui, perIteration && perIteration.length ? { done: perIteration, running: null } : null);
    if (mine.cancelAt) setReport(state, "cancelMs", String(Math.round(performance.now() - mine.cancelAt)));
    setReport(state, "workers", String((reply.extra && reply.extra.jobs) || 1));
    mirrorHooks(state);
    if (mine.seq !== state.latest || !state.shown || !sameBoard(state.shown.board, start)) return; // a newer board
    showSolution(ctx, reply, start, goal);
  } catch (caught) {
    if (mine.seq !== state.latest) return;
    const error = errorInfo(caught);
    const cancelled = error.type === "Cancelled";
    solveNote(ctx, cancelled ? "Search cancelled." : `Could not solve: ${error.message}`, cancelled ? "stopped" : "failed");
  } finally {
    if (state.job === mine) endJob(ctx);
  }
}

/** Compare heuristics: A* with each heuristic on the board, the course's table. @param {Ctx} ctx */
export async function compareHeuristics(ctx) {
  const { state, ui } = ctx;
  if (!state.ready || state.job) return;
  if (state.playback) state.playback.pause();
  if (!(await boardForJob(ctx)) || state.job || !state.shown) return;
  const start = state.shown.board;
  const shape = `${start.rows}×${start.cols} board`;
  /** @type {string[]} */
  let names = []; // the heuristics the compare runs: its progress names them
  const mine = startJob(ctx, "compare", "Comparing heuristics…");
  setReport(state, "compare", "running");
  mirrorHooks(state);
  renderComparison(ui, { note: shape, waiting: names });
  try {
    const reply = await ctx.python.request("compare", { board: boardFields(start), goal: state.sync.goal }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.job !== mine || mine.cancelAt) return;
        if (p.heuristics) names = p.heuristics;
        const done = p.done || [];
        mine.title = `Comparing heuristics: ${label(p.heuristic).toLowerCase()} (${(p.row ?? 0) + 1} of ${p.rows})…`;
        mine.detail = progressLine(p);
        renderJob(ui, state);
        const waiting = names.filter((n) => n !== p.heuristic && !done.some((r) => r.heuristic === n));
        renderComparison(ui, { note: shape, rows: done, running: p, waiting });
      },
    });
    if (mine.seq !== state.latest) return;
    const stopped = reply.rows.filter((r) => r.length === null).map((r) => label(r.heuristic).toLowerCase());
    let note = shape;
    if (reply.stopped === "cancelled") note += " · cancelled: the rows above finished";
    else if (stopped.length) note += ` · ${stopped.join(", ")} stopped at the node limit`;
    renderComparison(ui, { note, rows: reply.rows });
    setReport(state, "compare", reply.stopped === "cancelled" ? "stopped" : "done");
    mirrorHooks(state);
  } catch (caught) {
    if (mine.seq !== state.latest) return;
    const error = errorInfo(caught);
    renderComparison(ui, { note: error.type === "Cancelled" ? "Cancelled." : `Could not compare: ${error.message}` });
    setReport(state, "compare", "failed");
    mirrorHooks(state);
  } finally {
    if (state.job === mine) endJob(ctx);
  }
}

/**
 * Hint: the next move from the board on screen, the first of a shortest solution when the core proves one in about
 * a second, else of a near-optimal one (npuzzle.hint); announced in the status line and its tile highlighted.
 * @param {Ctx} ctx
 */
export async function hint(ctx) {
  const { state, ui } = ctx;
  if (!state.ready || !state.shown || state.job) return;
  const { board, goal, solvable } = state.shown;
  const say = (/** @type {string} */ text, /** @type {string} */ outcome) => {
    renderBoardBar(ui, state, text);
    setReport(state, "hint", outcome);
    mirrorHooks(state);
  };
  if (state.solved) return say("No hint needed: the board is already the goal.", "none");
  if (!solvable) return say("No hint: this board cannot reach the goal (see why below).", "none");
  if (state.sync.frame) syncBoard(ctx);
  await tablesFor(ctx, board);
  if (state.job || !state.shown || !sameBoard(state.shown.board, board)) return;
  const mine = startJob(ctx, "hint", "Finding a hint…");
  setReport(state, "hint", "running");
  mirrorHooks(state);
  try {
    const reply = await ctx.python.request("hint", { board: boardFields(board), goal: state.sync.goal }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (state.job !== mine || mine.cancelAt) return;
        mine.detail = progressLine(p);
        renderJob(ui, state);
      },
    });
    const shown = state.shown;
    if (mine.seq !== state.latest || !shown || !sameBoard(shown.board, board) || !sameBoard(shown.goal, goal)) return;
    if (reply.tile === null) return say(reply.message, "none");
    state.game.hints += 1;
    state.game.hinted = reply.tile;
    ctx.board.mark("hinted", [reply.tile]);
    say(reply.message, "shown");
  } catch (caught) {
    const error = errorInfo(caught);
    if (mine.seq === state.latest) say(error.type === "Cancelled" ? "Hint cancelled." : `No hint: ${error.message}`, "failed");
  } finally {
    if (state.job === mine) endJob(ctx);
  }
}
