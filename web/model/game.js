// @ts-check
// A game on the board on screen, as pure data: the steps made (for Undo and Redo), the single-tile move count,
// the clock and the hints taken; and the personal bests per board shape. No DOM, no storage: control/game.js
// keeps these in the state and in localStorage.
//
// A step is one user action: the tiles it slid, in order (a tap on a tile two cells from the blank slides two
// tiles: one step, two moves). Undo slides them back in reverse order, Redo again in order.

/**
 * @typedef {object} Game
 * @property {number[][]} past the steps made, oldest first (Undo takes the last)
 * @property {number[][]} future the steps undone, the next Redo last
 * @property {number} moves single-tile moves on the path from the start to the board on screen
 * @property {number} startedAt when the clock started (performance.now(); 0: not started)
 * @property {number} stoppedAt when it stopped (0: still running or not started)
 * @property {number} hints hints taken in this game
 * @property {boolean} assisted the solution's playback moved the board: the game sets no best
 * @property {boolean} over the goal was reached (the clock stopped; later moves start no new game)
 * @property {number | null} hinted the tile the last hint named (highlighted until the board changes)
 * @property {boolean} stepping a user's step is being made (a loaded solution that follows it is not a jump)
 */

/**
 * Fewest moves and fastest time (ms) on one board shape, each from its own best game.
 * @typedef {{moves: number, ms: number}} Best
 */

/** @returns {Game} a game not started: no moves, the clock at zero. */
export function newGame() {
  return { past: [], future: [], moves: 0, startedAt: 0, stoppedAt: 0, hints: 0, assisted: false, over: false,
    hinted: null, stepping: false };
}

/** Milliseconds on the clock at `now`. @param {Game} game @param {number} now */
export function elapsedMs(game, now) {
  if (!game.startedAt) return 0;
  return (game.stoppedAt || now) - game.startedAt;
}

/**
 * A time as the clock shows it: "m:ss", or "m:ss.t" (tenths) when `precise`.
 * @param {number} ms
 * @param {boolean} [precise]
 */
export function formatTime(ms, precise = false) {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const seconds = Math.floor(tenths / 10);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return precise ? `${text}.${tenths % 10}` : text;
}

/**
 * The board shape's key in the bests: "4×4".
 * @param {{rows: number, cols: number}} shape
 */
export function shapeKey(shape) {
  return `${shape.rows}×${shape.cols}`;
}

/**
 * Where a finished game stands against the best so far (`best`, null when none): the new best and which records
 * it beat (both on a first game).
 * @param {Best | null} best
 * @param {{moves: number, ms: number}} result
 * @returns {{best: Best, fewest: boolean, fastest: boolean}}
 */
export function judge(best, result) {
  const fewest = !best || result.moves < best.moves;
  const fastest = !best || result.ms < best.ms;
  return {
    best: { moves: fewest ? result.moves : best.moves, ms: fastest ? result.ms : best.ms },
    fewest,
    fastest,
  };
}

/**
 * A best read back from storage, or null when `value` is not one (a damaged or foreign entry is ignored).
 * @param {unknown} value
 * @returns {Best | null}
 */
export function asBest(value) {
  if (typeof value !== "object" || value === null) return null;
  const { moves, ms } = /** @type {{moves?: unknown, ms?: unknown}} */ (value);
  if (!Number.isInteger(moves) || typeof ms !== "number" || !(ms >= 0) || Number(moves) < 0) return null;
  return { moves: Number(moves), ms };
}
