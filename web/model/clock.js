// @ts-check
// The game's clock as state: it starts at the game's first move, a Solve holds it while the solver works, and it is
// idle on a new board. The clock on screen ticks while it runs (render.js draws it again every fifth of a second).

import { setReport } from "../state.js";

/** @typedef {import("../state.js").State} State */

/** @param {import("./game.js").Game} game @returns {boolean} whether the game's clock runs now */
export function clockRunning(game) {
  return Boolean(game.startedAt && !game.stoppedAt);
}

/** Start the clock at the game's first move (not again once the goal was reached): the game takes the play mode
 * chosen, and a blindfolded one hides the numbers from now on. @param {State} state */
export function startClock(state) {
  const { game, speed } = state;
  if (game.startedAt || game.over) return;
  game.startedAt = performance.now();
  game.mode = speed.mode;
  game.blind = game.mode === "blindfold";
  setReport(state, "clock", "running");
}

/** A new game's clock, not started, is said idle. @param {State} state */
export function idleClock(state) {
  if (!state.game.startedAt && state.report.clock !== "idle") setReport(state, "clock", "idle");
}

/**
 * Solve asked for during a timed game: its clock stops while the solver works. Returns whether it was running.
 * @param {State} state
 */
export function holdClock(state) {
  const { game } = state;
  if (!game.startedAt || game.stoppedAt || game.over) return false;
  game.stoppedAt = performance.now();
  setReport(state, "clock", "stopped");
  return true;
}

/**
 * The solve held by holdClock ended: with a solution shown the game is no longer timed (its clock stays stopped);
 * without one (cancelled, failed) the clock goes on, the time the solver took left out.
 * @param {State} state
 */
export function releaseClock(state) {
  const { game } = state;
  if (game.assisted || game.over || !game.stoppedAt) return;
  game.startedAt += performance.now() - game.stoppedAt;
  game.stoppedAt = 0;
  setReport(state, "clock", "running");
}
