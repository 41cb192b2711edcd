// @ts-check
// The board in play: a new board, the user's moves (click, Enter, arrow keys), the solution loaded for playback,
// and what follows a move: the counter and solved line now, the text area and link in the next frame, the
// verdict (inversions, the blank's row) a little later.

import { mirrorHooks } from "../hooks.js";
import { setReport } from "../state.js";
import { boardText, sameBoard, slide } from "../model/moves.js";
import { Playback } from "./playback.js";
import { renderBoardBar } from "../view/board-bar.js";
import { renderComparison } from "../view/comparison.js";
import { fragmentFor, renderLink } from "../view/link.js";
import { renderNoSolution, renderPlayer, renderSolutionReply, speedOf } from "../view/player.js";
import { renderVerdict } from "../view/verdict.js";
import { goalSpec } from "./check.js";
import { cancelJob } from "./jobs.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Board} Board */

const SLIDE_MS = 140; // a user's slide animation
const LINK_EVERY_MS = 250; // browsers throttle history.replaceState (about 100 calls in 10 s)
const VERDICT_AFTER_MS = 350;

/** A new board is on screen (or none): forget moves, solution and comparison made for the previous one. @param {Ctx} ctx */
export function loadBoard(ctx) {
  const { state, ui } = ctx;
  state.userMoves = 0;
  dropSolution(ctx);
  renderComparison(ui, null);
  state.solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  renderBoardBar(ui, state, "");
  mirrorHooks(state);
}

/**
 * The user slides `tile` (click, Enter on a cell, or an arrow key).
 * @param {Ctx} ctx
 * @param {number} tile
 */
export function userMove(ctx, tile) {
  const { state } = ctx;
  if (!state.ready || !state.shown) return;
  if (state.job) cancelJob(ctx);
  const next = slide(state.shown.board, tile);
  if (!next) return;
  state.userMoves += 1;
  const playback = state.playback;
  if (playback) {
    playback.pause();
    if (!playback.atEnd && playback.moves[playback.index] === tile) {
      playback.forward(); // the user follows the solution
      return;
    }
    if (playback.index > 0 && playback.moves[playback.index - 1] === tile) {
      playback.back(); // … or takes its last move back
      return;
    }
    dropSolution(ctx, "The board has changed since this solution was found. Solve again for the new board.");
  }
  state.shown.board = next;
  ctx.board.moveTile(tile, ctx.reducedMotion.matches ? 0 : SLIDE_MS);
  boardChanged(ctx);
}

/** After any move: counter, solved state now; text area and link in the next frame; the verdict a bit later. @param {Ctx} ctx */
function boardChanged(ctx) {
  const { state, ui } = ctx;
  const sync = state.sync;
  const solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  let status = null;
  if (solved && !state.solved) {
    const p = state.playback;
    const how = p && p.atEnd ? `${p.moves.length} moves of the solution`
      : `${state.userMoves} move${state.userMoves === 1 ? "" : "s"}`;
    status = `Solved — the board is the goal (${how}).`;
  } else if (!solved) {
    status = "";
  }
  state.solved = solved;
  renderBoardBar(ui, state, status);
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
    if (shown && sameBoard(shown.board, reply.board) && sameBoard(shown.goal, reply.goal)) renderVerdict(ui, reply);
  } catch {
    // the next check shows any problem
  } finally {
    state.report.answers += 1;
    mirrorHooks(state);
  }
}

/** @param {Board} board @returns {Board} the board's fields alone, as requests carry them */
export function boardFields(board) {
  return { rows: board.rows, cols: board.cols, tiles: board.tiles };
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
