// @ts-check
// A game on the board on screen, as pure data: the steps made (for Undo and Redo), the move counts (single tiles
// and lines), the clock and the hints taken; and the personal bests per board shape. No DOM, no storage:
// control/game.js keeps these in the state, service/bests.js and service/history.js in localStorage.
//
// A step is one user action: the tiles it slid, in order (a tap on a tile two cells from the blank slides two
// tiles: one step, two moves). Undo slides them back in reverse order, Redo again in order.
//
// Two ways of counting, as speedsolvers do: single-tile moves (each tile that slides is one) and line moves (the
// multi-tile metric: tiles sliding the same way one after the other are one line move, however they were made).
// Both follow the path from the start to the board on screen: `path` holds its single-tile moves' letters.

/**
 * @typedef {object} Game
 * @property {number[][]} past the steps made, oldest first (Undo takes the last)
 * @property {number[][]} future the steps undone, the next Redo last
 * @property {string[]} path the single-tile moves from the start to the board on screen, as letters (U/D/L/R: the
 *   way each tile slid), oldest first; its length is the game's move count
 * @property {Board | null} start the board the game started from (null: none on screen)
 * @property {boolean} dealt the board was dealt (Shuffle or a link): its shortest solution is worth comparing
 * @property {boolean} counts the board was dealt as a fair scramble (Shuffle or a seed's Deal): an attempt, whose
 *   solve counts for the records (the history and the bests); a board from a link or typed in is played for fun
 * @property {number} startedAt when the clock started (performance.now(); 0: not started)
 * @property {number} stoppedAt when it stopped (0: still running or not started)
 * @property {number} hints hints taken in this game
 * @property {boolean} assisted the solution's playback moved the board: the game sets no best
 * @property {boolean} over the goal was reached (the clock stopped; later moves start no new game)
 * @property {number | null} hinted the tile the last hint named (highlighted until the board changes)
 * @property {boolean} stepping a user's step is being made (a loaded solution that follows it is not a jump)
 * @property {number[]} times for each move of `path`, the ms from the game's first move (0 for the first): the
 *   reconstruction's times
 * @property {string | null} seed the seed the start was dealt from (a fair scramble: Shuffle or Deal; null: none)
 * @property {Mode} mode how this game is played: the choice on screen until its first move, then fixed
 * @property {boolean} blind a blindfolded game under way: the tiles' numbers are hidden until Done
 * @property {boolean} dnf the blindfolded game ended with Done on a board that was not the goal
 */

/** @typedef {import("./history.js").Mode} Mode */

/**
 * Fewest moves, fastest time (ms) and fewest line moves (absent in bests kept before they were counted) on one
 * board shape, each from its own best game.
 * @typedef {{moves: number, ms: number, lines?: number}} Best
 */

/** @typedef {import("../protocol.js").Board} Board */

/** @returns {Game} a game not started: no moves, the clock at zero. */
export function newGame() {
  return { past: [], future: [], path: [], start: null, dealt: false, counts: false, startedAt: 0, stoppedAt: 0, hints: 0,
    assisted: false, over: false, hinted: null, stepping: false, times: [], seed: null, mode: "free", blind: false,
    dnf: false };
}

/**
 * Whole milliseconds on the clock at `now` (whole, as the moves' times and the core's reconstructions count them:
 * one solve's time and pace then read the same everywhere).
 * @param {Game} game
 * @param {number} now
 */
export function elapsedMs(game, now) {
  if (!game.startedAt) return 0;
  return Math.round((game.stoppedAt || now) - game.startedAt);
}

/**
 * A time as the page says it: while the clock runs "m:ss"; a solve's time (`precise`) in seconds to the
 * millisecond, "5.213 s", as the core's reconstructions say it (npuzzle.speedsolving.reconstruction), so that one
 * solve's time reads the same on the clock, in the words under the board, the history, the analysis and the
 * reconstruction.
 * @param {number} ms
 * @param {boolean} [precise]
 */
export function formatTime(ms, precise = false) {
  const whole = Math.max(0, ms);
  if (precise) return `${(Math.round(whole) / 1000).toFixed(3)} s`;
  const seconds = Math.floor(whole / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Whether the game on screen hides the help (Hint, Solve, the analysis): a no-assists or blindfolded game not over.
 * @param {Game} game
 */
export function assistsHidden(game) {
  return game.mode !== "free" && !game.over;
}

/**
 * The board shape's key in the bests: "4×4".
 * @param {{rows: number, cols: number}} shape
 */
export function shapeKey(shape) {
  return `${shape.rows}×${shape.cols}`;
}

/**
 * Line moves on a path of single-tile moves (letters U/D/L/R): a run of moves the same way is one slide of a line
 * of tiles (the multi-tile metric). O(n).
 * @param {readonly string[]} path
 */
export function lineMoves(path) {
  let lines = 0;
  for (let k = 0; k < path.length; k++) if (k === 0 || path[k] !== path[k - 1]) lines += 1;
  return lines;
}

/**
 * Where a finished game stands against the best so far (`best`, null when none): the new best and which records
 * it beat (all on a first game).
 * @param {Best | null} best
 * @param {{moves: number, ms: number, lines: number}} result
 * @returns {{best: Best, fewest: boolean, fastest: boolean, fewestLines: boolean}}
 */
export function judge(best, result) {
  const fewest = !best || result.moves < best.moves;
  const fastest = !best || result.ms < best.ms;
  const fewestLines = !best || best.lines === undefined || result.lines < best.lines;
  return {
    best: {
      moves: fewest ? result.moves : best.moves,
      ms: fastest ? result.ms : best.ms,
      lines: fewestLines ? result.lines : best.lines,
    },
    fewest,
    fastest,
    fewestLines,
  };
}

/**
 * A best read back from storage, or null when `value` is not one (a damaged or foreign entry is ignored).
 * @param {unknown} value
 * @returns {Best | null}
 */
export function asBest(value) {
  if (typeof value !== "object" || value === null) return null;
  const { moves, ms, lines } = /** @type {{moves?: unknown, ms?: unknown, lines?: unknown}} */ (value);
  if (!Number.isInteger(moves) || typeof ms !== "number" || !(ms >= 0) || Number(moves) < 0) return null;
  const best = { moves: Number(moves), ms };
  return Number.isInteger(lines) && Number(lines) >= 0 ? { ...best, lines: Number(lines) } : best;
}
