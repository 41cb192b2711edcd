// @ts-check
// The end of a game: the words said when the goal is reached (or a blindfolded game is Done), the solve kept in the
// history and a new best among the bests of its shape and mode (service/history.js, service/bests.js). The moves
// and Undo/Redo are control/play.js's, which has a finished game studied (control/analysis.js: its reconstruction,
// its analysis); the game's data and its clock are model/game.js's and model/clock.js's.

import { count } from "../words.js";
import { elapsedMs, formatTime, judge, lineMoves, shapeKey } from "../model/game.js";
import { timeWords } from "../model/history.js";
import { sameBoard } from "../model/moves.js";
import { setReport } from "../state.js";
import { bestOf, keepBest } from "../service/bests.js";
import { historyKey, recordSolve, UNKEPT } from "../service/history.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("./analysis.js").Solve} Solve */
/** @typedef {import("./analysis.js").Kept} Kept */
/**
 * A finished game's words to announce, and the solve to study (control/analysis.js studySolve; null: none).
 * @typedef {[string, {solve: Solve, kept: Kept | null, how: {dealt: boolean, solved: boolean}} | null]} Finished
 */
/** What a solve of a board that was not dealt is told (the history panel says the same rule: view/history.js). */
const NOT_AN_ATTEMPT = "Only boards dealt with Shuffle or Deal count for your records.";

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
 * finishGame says), any other a DNF, kept as such in the blindfold history.
 * @param {Ctx} ctx
 * @returns {Finished}
 */
export function finishBlind(ctx) {
  const { state } = ctx;
  const { game, shown } = state;
  if (!game.blind || !shown) return [state.lines.status, null];
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
  return [`DNF: the board is not the goal (${count(off, "tile")} out of place) after ${resultText(game.path.length, ms)}.` +
    (!game.counts ? ` ${NOT_AN_ATTEMPT}` : kept ? "" : ` ${UNKEPT}`),
  solve && { solve, kept, how: { dealt: game.dealt, solved: false } }];
}

/**
 * The goal is reached: stop the clock, keep the solve and a new best.
 * @param {Ctx} ctx
 * @returns {Finished}
 */
export function finishGame(ctx) {
  const { state } = ctx;
  const { game, shown, playback } = state;
  if (playback && playback.atEnd && !game.stepping) {
    return [`Solved — the board is the goal (${playback.moves.length} moves of the solution).`, null];
  }
  const moves = count(game.path.length, "move");
  if (!game.startedAt || game.over || !shown) return [`Solved — the board is the goal (${moves}).`, null];
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
  if (game.assisted) return [`Solved in ${result}, with the solution's help: no record for that.`, null];
  const lines = lineMoves(game.path);
  const solve = solveOf(state);
  const how = { dealt: game.dealt, solved: true };
  if (!game.counts) return [`Solved in ${result}. ${NOT_AN_ATTEMPT}`, solve && { solve, kept: null, how }];
  const kept = recordSolve(ctx, { ms, moves: game.path.length, lines, hints: game.hints, mode: game.mode,
    dnf: false }); // the history keeps games with hints
  const [words, bestsKept] = recordWords(ctx, shown.board, { result, ms, lines });
  return [kept && bestsKept ? words : `${words} ${UNKEPT}`, solve && { solve, kept, how }];
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
  const before = bestOf(shape);
  const verdict = judge(before, { moves: game.path.length, ms, lines });
  let stored = true;
  if (verdict.fewest || verdict.fastest || verdict.fewestLines) {
    stored = keepBest(shape, verdict.best); // refused: shown now, not kept
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
