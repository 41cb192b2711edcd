// @ts-check
// The game around the moves: the clock (from the first move of a new board to the goal), the personal bests per
// board shape in localStorage, and the words said when the goal is reached. The moves and Undo/Redo are
// control/play.js's; the game's data is model/game.js's.

import { count } from "../words.js";
import { asBest, elapsedMs, formatTime, judge, lineMoves, shapeKey } from "../model/game.js";
import { requestRender } from "../render.js";
import { setReport } from "../state.js";
import { readRecord, writeRecord } from "../storage.js";
import { recordSolve } from "./history.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../model/game.js").Best} Best */

const CLOCK_EVERY_MS = 200; // the clock on screen shows whole seconds: a fifth of one keeps it on time
const BESTS_KEY = "npuzzle.bests"; // localStorage: {"4×4": {moves, ms, lines}, …}

/** Start the clock at the game's first move (not again once the goal was reached). @param {Ctx} ctx */
export function startClock(ctx) {
  const { game } = ctx.state;
  if (game.startedAt || game.over) return;
  game.startedAt = performance.now();
  setReport(ctx.state, "clock", "running");
}

/**
 * The goal is reached: stop the clock, keep a new best, and return the words to announce.
 * @param {Ctx} ctx
 * @returns {string}
 */
export function finishGame(ctx) {
  const { state } = ctx;
  const { game, shown, playback } = state;
  if (playback && playback.atEnd && !game.stepping) {
    return `Solved — the board is the goal (${playback.moves.length} moves of the solution).`;
  }
  const moves = count(game.path.length, "move");
  if (!game.startedAt || game.over || !shown) return `Solved — the board is the goal (${moves}).`;
  game.over = true;
  game.stoppedAt = performance.now();
  const ms = elapsedMs(game, game.stoppedAt);
  setReport(state, "clock", "stopped");
  setReport(state, "time", String(Math.round(ms)));
  const result = `${moves} in ${formatTime(ms, true)}`;
  if (game.assisted) return `Solved in ${result}, with the solution's help: no record for that.`;
  const lines = lineMoves(game.path);
  recordSolve(ctx, { ms, moves: game.path.length, lines, hints: game.hints }); // the history keeps games with hints
  if (game.hints) {
    return `Solved in ${result}, with ${count(game.hints, "hint")}: a game with hints sets no best.`;
  }
  const shape = shapeKey(shown.board);
  const bests = readRecord(BESTS_KEY, asBest);
  const before = bests[shape] || null;
  const verdict = judge(before, { moves: game.path.length, ms, lines });
  if (verdict.fewest || verdict.fastest || verdict.fewestLines) {
    writeRecord(BESTS_KEY, { ...bests, [shape]: verdict.best }); // storage blocked or full: shown now, not kept
    state.best = verdict.best;
  }
  if (!before) return `Solved! ${result}: your first ${shape} record.`;
  const beaten = [];
  if (verdict.fewest) beaten.push(`fewest moves (was ${before.moves})`);
  if (verdict.fastest) beaten.push(`fastest time (was ${formatTime(before.ms, true)})`);
  if (verdict.fewestLines && before.lines !== undefined) beaten.push(`fewest line moves (was ${before.lines})`);
  if (beaten.length) return `Solved! ${result}: a new ${shape} best for ${beaten.join(" and ")}.`;
  return `Solved! ${result}. Your ${shape} bests: ${count(before.moves, "move")}, ${formatTime(before.ms, true)}.`;
}

/**
 * The bests kept on this device for the shape of the board on screen (null: none, or no board).
 * @param {{board: import("../protocol.js").Board} | null} shown
 * @returns {Best | null}
 */
export function readBest(shown) {
  return shown ? readRecord(BESTS_KEY, asBest)[shapeKey(shown.board)] || null : null;
}

/**
 * Keep the clock on screen ticking while the game's clock runs (a render every CLOCK_EVERY_MS), and stop it when
 * it does not.
 * @param {Ctx} ctx
 */
export function tickClock(ctx) {
  const { state } = ctx;
  const { game } = state;
  const running = Boolean(game.startedAt && !game.stoppedAt);
  if (running && !state.clock) {
    state.clock = window.setInterval(() => requestRender(ctx), CLOCK_EVERY_MS);
  } else if (!running && state.clock) {
    clearInterval(state.clock);
    state.clock = 0;
  }
  if (!game.startedAt && state.report.clock !== "idle") setReport(state, "clock", "idle");
  requestRender(ctx);
}
