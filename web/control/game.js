// @ts-check
// The game around the moves: the clock (from the first move of a new board to the goal), the play mode it takes at
// its first move (free, no assists, blindfold: the numbers hidden until Done), the personal bests per board shape
// and mode in localStorage, and the words said when the goal is reached (or a blindfolded game is Done). The moves
// and Undo/Redo are control/play.js's; the game's data is model/game.js's; what follows a finished game (its
// reconstruction, its analysis) control/analysis.js's.

import { count } from "../words.js";
import { asBest, elapsedMs, formatTime, judge, lineMoves, shapeKey } from "../model/game.js";
import { timeWords } from "../model/history.js";
import { sameBoard } from "../model/moves.js";
import { setReport } from "../state.js";
import { every } from "../store.js";
import { readRecord, writeRecord } from "../storage.js";
import { studySolve } from "./analysis.js";
import { historyKey, recordSolve, UNKEPT } from "./history.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../model/game.js").Best} Best */

const CLOCK_EVERY_MS = 200; // the clock on screen shows whole seconds: a fifth of one keeps it on time
const BESTS_KEY = "npuzzle.bests"; // localStorage: {"4×4": {moves, ms, lines}, …}
/** What a solve of a board that was not dealt is told (the history panel says the same rule: view/history.js). */
const NOT_AN_ATTEMPT = "Only boards dealt with Shuffle or Deal count for your records.";

/** Start the clock at the game's first move (not again once the goal was reached): the game takes the play mode
 * chosen, and a blindfolded one hides the numbers from now on. @param {Ctx} ctx */
export function startClock(ctx) {
  const { game, speed } = ctx.state;
  if (game.startedAt || game.over) return;
  game.startedAt = performance.now();
  game.mode = speed.mode;
  game.blind = game.mode === "blindfold";
  setReport(ctx.state, "clock", "running");
}

/**
 * Solve asked for during a timed game: its clock stops while the solver works. Returns whether it was running.
 * @param {Ctx} ctx
 */
export function holdClock(ctx) {
  const { game } = ctx.state;
  if (!game.startedAt || game.stoppedAt || game.over) return false;
  game.stoppedAt = performance.now();
  setReport(ctx.state, "clock", "stopped");
  tickClock(ctx);
  return true;
}

/**
 * The solve held by holdClock ended: with a solution shown the game is no longer timed (its clock stays stopped);
 * without one (cancelled, failed) the clock goes on, the time the solver took left out.
 * @param {Ctx} ctx
 */
export function releaseClock(ctx) {
  const { game } = ctx.state;
  if (game.assisted || game.over || !game.stoppedAt) return;
  game.startedAt += performance.now() - game.stoppedAt;
  game.stoppedAt = 0;
  setReport(ctx.state, "clock", "running");
  tickClock(ctx);
}

/** A result's words: "12 moves in 5.213 s (2.31 moves/s)". @param {number} moves @param {number} ms */
function resultText(moves, ms) {
  return `${count(moves, "move")} in ${timeWords(moves, ms)}`;
}

/**
 * The game's solve as the core reads it (its start, goal, letters, times and seed), or null without a start.
 * @param {import("../state.js").State} state
 */
function solveOf(state) {
  const { game, shown } = state;
  if (!game.start || !shown) return null;
  return { start: game.start, goal: shown.goal, letters: game.path.join(""), times: game.times.slice(),
    ms: game.startedAt ? elapsedMs(game, game.stoppedAt || performance.now()) : null,
    seed: game.seed };
}

/**
 * A blindfolded game's Done: the numbers show again and the clock stops; a board that is the goal is solved (as
 * finishGame says), any other a DNF, kept as such in the blindfold history. Returns the words to announce.
 * @param {Ctx} ctx
 * @returns {string}
 */
export function finishBlind(ctx) {
  const { state } = ctx;
  const { game, shown } = state;
  if (!game.blind || !shown) return state.lines.status;
  game.blind = false;
  if (sameBoard(shown.board, shown.goal)) return finishGame(ctx);
  game.over = true;
  game.dnf = true;
  game.stoppedAt = performance.now();
  const ms = elapsedMs(game, game.stoppedAt);
  setReport(state, "clock", "stopped");
  setReport(state, "time", String(Math.round(ms)));
  setReport(state, "result", "dnf");
  const off = shown.board.tiles.filter((t, i) => t !== 0 && t !== shown.goal.tiles[i]).length;
  const kept = game.counts ? recordSolve(ctx, { ms, moves: game.path.length, lines: lineMoves(game.path),
    hints: game.hints, mode: game.mode, dnf: true }) : null;
  const solve = solveOf(state);
  if (solve) studySolve(ctx, solve, kept, { dealt: game.dealt, solved: false });
  return `DNF: the board is not the goal (${count(off, "tile")} out of place) after ${resultText(game.path.length, ms)}.` +
    (!game.counts ? ` ${NOT_AN_ATTEMPT}` : kept ? "" : ` ${UNKEPT}`);
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
  const blindDone = game.mode === "blindfold"; // a blindfolded game's clock runs until Done
  game.blind = false;
  const last = game.times.length ? game.times[game.times.length - 1] : null; // the goal is reached at the last move
  if (!(game.assisted && game.stoppedAt)) { // a game whose solution was shown stopped its clock then (holdClock)
    game.stoppedAt = last !== null && !blindDone ? game.startedAt + last : performance.now();
  }
  const ms = elapsedMs(game, game.stoppedAt);
  setReport(state, "clock", "stopped");
  setReport(state, "time", String(Math.round(ms)));
  setReport(state, "result", "solved");
  const result = resultText(game.path.length, ms);
  if (game.assisted) return `Solved in ${result}, with the solution's help: no record for that.`;
  const lines = lineMoves(game.path);
  const solve = solveOf(state);
  if (!game.counts) {
    if (solve) studySolve(ctx, solve, null, { dealt: game.dealt, solved: true });
    return `Solved in ${result}. ${NOT_AN_ATTEMPT}`;
  }
  const kept = recordSolve(ctx, { ms, moves: game.path.length, lines, hints: game.hints, mode: game.mode,
    dnf: false }); // the history keeps games with hints
  if (solve) studySolve(ctx, solve, kept, { dealt: game.dealt, solved: true });
  const [words, bestsKept] = recordWords(ctx, shown.board, { result, ms, lines });
  return kept && bestsKept ? words : `${words} ${UNKEPT}`;
}

/**
 * The words of a counted solve that reached the goal: its hints, or where it stands against the bests of its shape
 * and mode (a new best kept); and whether storage kept what changed.
 * @param {Ctx} ctx
 * @param {import("../protocol.js").Board} board the board solved
 * @param {{result: string, ms: number, lines: number}} solve its words (resultText), time and line moves
 * @returns {[string, boolean]}
 */
function recordWords(ctx, board, { result, ms, lines }) {
  const { state } = ctx;
  const { game } = state;
  const blindly = game.mode === "blindfold" ? " blindfolded" : "";
  if (game.hints) {
    return [`Solved${blindly} in ${result}, with ${count(game.hints, "hint")}: a game with hints sets no best.`, true];
  }
  const shape = historyKey(shapeKey(board), game.mode);
  const named = game.mode === "free" ? shapeKey(board)
    : `${shapeKey(board)} ${game.mode === "blindfold" ? "blindfolded" : "no-assists"}`;
  const bests = readRecord(BESTS_KEY, asBest);
  const before = bests[shape] || null;
  const verdict = judge(before, { moves: game.path.length, ms, lines });
  let stored = true;
  if (verdict.fewest || verdict.fastest || verdict.fewestLines) {
    stored = writeRecord(BESTS_KEY, { ...bests, [shape]: verdict.best }); // refused: shown now, not kept
    state.best = verdict.best;
  }
  if (!before) return [`Solved${blindly}! ${result}: your first ${named} record.`, stored];
  const beaten = [];
  if (verdict.fewest) beaten.push(`fewest moves (was ${before.moves})`);
  if (verdict.fastest) beaten.push(`fastest time (was ${formatTime(before.ms, true)})`);
  if (verdict.fewestLines && before.lines !== undefined) beaten.push(`fewest line moves (was ${before.lines})`);
  if (beaten.length) return [`Solved${blindly}! ${result}: a new ${named} best for ${beaten.join(" and ")}.`, stored];
  const bestsText = `${count(before.moves, "move")}, ${formatTime(before.ms, true)}`;
  return [`Solved${blindly}! ${result}. Your ${named} bests: ${bestsText}.`, stored];
}

/**
 * The bests kept on this device for the shape of the board on screen in a play mode (null: none, or no board).
 * @param {{board: import("../protocol.js").Board} | null} shown
 * @param {import("../model/history.js").Mode} mode
 * @returns {Best | null}
 */
export function readBest(shown, mode) {
  return shown ? readRecord(BESTS_KEY, asBest)[historyKey(shapeKey(shown.board), mode)] || null : null;
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
    state.clock = every(ctx, CLOCK_EVERY_MS, () => {}); // nothing changes but the time: the render draws it
  } else if (!running && state.clock) {
    clearInterval(state.clock);
    state.clock = 0;
  }
  if (!game.startedAt && state.report.clock !== "idle") setReport(state, "clock", "idle");
}
