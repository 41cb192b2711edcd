// @ts-check
// The board in play: a new board, the user's moves (click, tap, Enter, arrow keys, swipes; a tile in the blank's
// row or column slides the line), Undo and Redo, the solution loaded for playback, and what follows a move: the
// counter, clock and solved line now, the text area and link in the next frame, the verdict (inversions, the
// blank's row) a little later. The game's clock, bests and hints are control/game.js's.

import { mirrorHooks } from "../hooks.js";
import { setReport } from "../state.js";
import { newGame } from "../model/game.js";
import { boardFields, boardText, letterOf, lineTiles, sameBoard, slide, tileForSwipe } from "../model/moves.js";
import { Playback } from "./playback.js";
import { renderBoardBar } from "../view/board-bar.js";
import { renderJob } from "../view/job.js";
import { renderComparison } from "../view/comparison.js";
import { renderIterations } from "../view/iterations.js";
import { fragmentFor, renderLink } from "../view/link.js";
import { renderNoSolution, renderPlayer, renderSolutionReply, speedOf } from "../view/player.js";
import { renderVerdict } from "../view/verdict.js";
import { goalSpec } from "../ui.js";
import { cancelJob } from "./job.js";
import { finishGame, renderGame, startClock } from "./game.js";
import { learnFrom, sayMoves } from "./learn.js";
import { newBoardHistory } from "./history.js";
import { showPicture } from "./picture.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Board} Board */

const SLIDE_MS = 140; // a user's slide animation
const LINK_EVERY_MS = 250; // browsers throttle history.replaceState (about 100 calls in 10 s)
const VERDICT_AFTER_MS = 350;

/** A new board is on screen (or none): a new game; forget the solution and comparison made for the previous one.
 * @param {Ctx} ctx */
export function loadBoard(ctx) {
  const { state, ui } = ctx;
  state.game = newGame();
  state.game.start = state.shown ? state.shown.board : null; // boards are never changed in place: no copy needed
  ctx.board.mark("hinted", []);
  ui.moveSaid.textContent = "";
  dropSolution(ctx);
  renderComparison(ui, null);
  renderIterations(ui, null);
  state.solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  renderBoardBar(ui, state, "");
  renderGame(ctx);
  renderJob(ui, state);
  newBoardHistory(ctx); // for players: the history of the new board's shape, its picture
  showPicture(ctx);
  mirrorHooks(state);
}

/**
 * The user slides `tile` (click, tap, Enter on a cell, an arrow key): with the tiles between it and the blank when
 * it is in the blank's row or column, as one step (one Undo), each tile one move.
 * @param {Ctx} ctx
 * @param {number} tile
 */
export function userMove(ctx, tile) {
  const { state } = ctx;
  if (!state.ready || !state.shown) return;
  const tiles = lineTiles(state.shown.board, tile);
  if (!tiles.length) return;
  if (state.job) cancelJob(ctx);
  const game = state.game;
  game.future = [];
  game.past.push(tiles);
  sayMoves(ctx, state.shown.board, tiles);
  slideTiles(ctx, tiles, 1);
}

/**
 * A swipe on the board, `letter` its direction (U/D/L/R), from cell `startIndex`: the tile (or line) that moves
 * that way. @param {Ctx} ctx @param {string} letter @param {number} startIndex
 */
export function userSwipe(ctx, letter, startIndex) {
  const shown = ctx.state.shown;
  const tile = shown ? tileForSwipe(shown.board, letter, startIndex) : 0;
  if (tile) userMove(ctx, tile);
}

/** Take the last step back (its tiles slide back in reverse order). @param {Ctx} ctx */
export function undo(ctx) {
  replayStep(ctx, "past", "future", -1);
}

/** Make the last step undone again. @param {Ctx} ctx */
export function redo(ctx) {
  replayStep(ctx, "future", "past", 1);
}

/**
 * Move the last step of the game's `from` list to its `to` list, sliding its tiles forward (`count` 1) or back
 * (`count` -1, in reverse order).
 * @param {Ctx} ctx
 * @param {"past" | "future"} from
 * @param {"past" | "future"} to
 * @param {1 | -1} count
 */
function replayStep(ctx, from, to, count) {
  const { state } = ctx;
  const step = state.ready && state.shown ? state.game[from].pop() : undefined;
  if (!step) return;
  if (state.job) cancelJob(ctx);
  state.game[to].push(step);
  const tiles = count < 0 ? step.slice().reverse() : step;
  if (state.shown) sayMoves(ctx, state.shown.board, tiles);
  slideTiles(ctx, tiles, count);
}

/**
 * Slide `tiles` one after the other, animated together, each a move added to the game's path (`count` 1) or taken
 * back from it (-1: undone).
 * A loaded solution follows when the moves are its next ones (or take its last ones back); otherwise it is dropped.
 * @param {Ctx} ctx
 * @param {number[]} tiles
 * @param {1 | -1} count
 */
function slideTiles(ctx, tiles, count) {
  const { state } = ctx;
  const shown = state.shown;
  if (!shown) return;
  const game = state.game;
  const ms = ctx.reducedMotion.matches ? 0 : SLIDE_MS;
  /** @type {number[]} */
  let pending = [];
  const flush = () => {
    if (pending.length) ctx.board.moveTiles(pending, ms);
    pending = [];
  };
  game.stepping = true;
  try {
    for (const tile of tiles) {
      const letter = letterOf(shown.board, tile);
      const next = slide(shown.board, tile);
      if (!next || !letter) break; // cannot happen: a step's tiles are next to the blank in turn
      if (count > 0) game.path.push(letter);
      else game.path.pop(); // an undone move takes the path's last move back
      const playback = state.playback;
      if (playback) {
        playback.pause();
        if (!playback.atEnd && playback.moves[playback.index] === tile) {
          flush();
          playback.forward(); // the user follows the solution
          continue;
        }
        if (playback.index > 0 && playback.moves[playback.index - 1] === tile) {
          flush();
          playback.back(); // … or takes its last move back
          continue;
        }
        dropSolution(ctx, "The board has changed since this solution was found. Solve again for the new board.");
      }
      shown.board = next;
      pending.push(tile);
    }
    flush();
  } finally {
    game.stepping = false;
  }
  game.hinted = null;
  ctx.board.mark("hinted", []);
  startClock(ctx);
  boardChanged(ctx);
}

/** After any move: counter, clock and solved state now; text area and link in the next frame; the verdict a bit
 * later. @param {Ctx} ctx */
function boardChanged(ctx) {
  const { state, ui } = ctx;
  const sync = state.sync;
  const solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  let status = null;
  if (solved && !state.solved) status = finishGame(ctx);
  else if (!solved) status = "";
  state.solved = solved;
  renderBoardBar(ui, state, status);
  renderGame(ctx);
  mirrorHooks(state);
  if (!sync.frame) sync.frame = requestAnimationFrame(() => syncBoard(ctx));
  clearTimeout(sync.verdictTimer);
  sync.verdictTimer = window.setTimeout(() => refreshVerdict(ctx), VERDICT_AFTER_MS);
}

/** Write the board on screen into the text area and the link (now, when a frame was pending). @param {Ctx} ctx */
export function syncBoard(ctx) {
  const { state, ui } = ctx;
  const sync = state.sync;
  if (sync.frame) cancelAnimationFrame(sync.frame);
  sync.frame = 0;
  if (!state.shown) return;
  const text = boardText(state.shown.board);
  ui.board.value = text;
  sync.text = text;
  ui.board.removeAttribute("aria-invalid");
  ui.boardError.textContent = "";
  // the link follows at most 4 times a second
  if (sync.linkTimer) sync.linkStale = true;
  else syncLink(ctx);
}

/** @param {Ctx} ctx */
function syncLink(ctx) {
  const { state, ui } = ctx;
  const sync = state.sync;
  sync.linkStale = false;
  if (!state.shown) return;
  renderLink(ui, fragmentFor(state.shown.board, ui.goalKind.value, state.shown.goal));
  sync.linkTimer = window.setTimeout(() => {
    sync.linkTimer = 0;
    if (state.shown && sync.linkStale) syncLink(ctx);
  }, LINK_EVERY_MS);
}

/** Re-explain the board after moves (inversions and the blank's row change), unless it changed again. @param {Ctx} ctx */
async function refreshVerdict(ctx) {
  const { state, ui } = ctx;
  if (!state.ready || !state.shown || state.job) return;
  const board = state.shown.board;
  try {
    const reply = await ctx.python.request("check", { board: boardFields(board), goal: goalSpec(ui) });
    const shown = state.shown;
    if (shown && sameBoard(shown.board, reply.board) && sameBoard(shown.goal, reply.goal)) {
      renderVerdict(ui, reply, true);
      learnFrom(ctx, reply.lesson);
    }
  } catch {
    // the next check shows any problem
  } finally {
    state.report.answers += 1;
    mirrorHooks(state);
  }
}

// ---- The solution loaded for playback ----

/**
 * Show a solve reply; a solution becomes playable from `start`.
 * @param {Ctx} ctx
 * @param {import("../protocol.js").SolveReply} reply
 * @param {Board} start
 * @param {Board} goal
 */
export function showSolution(ctx, reply, start, goal) {
  const { state, ui } = ctx;
  dropSolution(ctx);
  state.game.assisted = true; // a game whose solution was shown sets no best
  const kind = renderSolutionReply(ui, reply);
  setReport(state, "solve", kind === "stopped" ? "stopped" : "solved");
  mirrorHooks(state);
  if (!reply.moves) return;
  const playback = new Playback(start, reply.moves, {
    view: ctx.board, goal, speed: speedOf(ui), reducedMotion: ctx.reducedMotion.matches,
    onChange: (p) => playbackChanged(ctx, p),
  });
  state.playback = playback;
  state.listed = 0;
  showPlayer(ctx);
}

/**
 * Forget the loaded solution (with an optional note in its place).
 * @param {Ctx} ctx
 * @param {string} [note]
 */
export function dropSolution(ctx, note = "") {
  const { state } = ctx;
  if (state.playback) state.playback.destroy();
  state.playback = null;
  renderNoSolution(ctx.ui, note);
}

/** @param {Ctx} ctx @param {Playback} p */
function playbackChanged(ctx, p) {
  const { state } = ctx;
  if (p !== state.playback || !state.shown) return;
  if (!sameBoard(state.shown.board, p.board) && !state.game.stepping) {
    state.game.past = []; // the player moved the board: the user's steps no longer lead here
    state.game.future = [];
  }
  state.shown.board = p.board;
  showPlayer(ctx);
  boardChanged(ctx);
}

/** @param {Ctx} ctx */
function showPlayer(ctx) {
  const { state } = ctx;
  const p = state.playback;
  if (!p) return;
  renderPlayer(ctx.ui, p, state.listed);
  state.listed = p.index;
  setReport(state, "playback", p.playing ? "playing" : p.atEnd ? "end" : "paused");
  mirrorHooks(state);
}
