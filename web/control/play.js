// @ts-check
// The board in play: a new board, the user's moves (click, tap, Enter, arrow keys, swipes; a tile in the blank's
// row or column slides the line), Undo and Redo, the solution loaded for playback, and what follows a move: the
// counter, clock and solved line now, the link in the next frame, the verdict (inversions, the blank's row) a little
// later. The text area is the user's: it keeps the board they pasted or dealt, whatever the moves. The game's
// clock, bests and hints are control/game.js's.

import { newGame } from "../model/game.js";
import { fragmentFor } from "../model/link.js";
import { boardFields, letterOf, lineTiles, sameBoard, slide } from "../model/moves.js";
import { tileForSwipe } from "../model/moves.js";
import { requestRender } from "../render.js";
import { setReport } from "../state.js";
import { goalSpec, speedOf } from "../ui.js";
import { Playback } from "./playback.js";
import { cancelJob } from "./job.js";
import { finishGame, readBest, startClock, tickClock } from "./game.js";
import { learnFrom, sayMoves } from "./learn.js";
import { dropAnalysis } from "./analysis.js";
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
  const { state } = ctx;
  state.game = newGame();
  state.game.start = state.shown ? state.shown.board : null; // boards are never changed in place: no copy needed
  state.game.mode = state.speed.mode;
  state.lines = { status: "", score: "", move: "" };
  dropSolution(ctx);
  state.comparison = null;
  state.iterations = null;
  dropAnalysis(ctx); // the analysis was the last board's
  state.solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  state.best = readBest(state.shown, state.game.mode);
  tickClock(ctx);
  newBoardHistory(ctx); // for players: the history of the new board's shape, its picture
  showPicture(ctx);
  requestRender(ctx);
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
  if (!game.blind && game.mode !== "blindfold") sayMoves(ctx, state.shown.board, tiles); // blind: no tile named
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
  if (state.shown && !state.game.blind) sayMoves(ctx, state.shown.board, tiles);
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
  if (count > 0) startClock(ctx); // the first move starts the clock: its time is 0
  const at = game.startedAt ? Math.round(performance.now() - game.startedAt) : 0;
  try {
    for (const tile of tiles) {
      const letter = letterOf(shown.board, tile);
      const next = slide(shown.board, tile);
      if (!next || !letter) break; // cannot happen: a step's tiles are next to the blank in turn
      if (count > 0) {
        game.path.push(letter);
        game.times.push(at);
      } else {
        game.path.pop(); // an undone move takes the path's last move back
        game.times.pop();
      }
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
  startClock(ctx);
  boardChanged(ctx);
}

/** After any move: counter, clock and solved state now; the link in the next frame; the verdict a bit later. In a
 * blindfolded game nothing tells where the tiles are: no solved line (Done ends it), no link, no verdict.
 * @param {Ctx} ctx */
function boardChanged(ctx) {
  const { state } = ctx;
  const solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  const blind = state.game.blind;
  if (solved && !state.solved && !blind) state.lines.status = finishGame(ctx);
  else if (!solved && !blind) state.lines.status = "";
  state.solved = solved;
  tickClock(ctx);
  requestRender(ctx);
  if (!blind) followBoard(ctx);
}

/** The link (in the next frame) and the verdict (a bit later) follow the board on screen. @param {Ctx} ctx */
export function followBoard(ctx) {
  const sync = ctx.state.sync;
  if (!sync.frame) sync.frame = requestAnimationFrame(() => syncBoard(ctx));
  clearTimeout(sync.verdictTimer);
  sync.verdictTimer = window.setTimeout(() => refreshVerdict(ctx), VERDICT_AFTER_MS);
}

/** Bring the link up to the board on screen (now, when a frame was pending), at most 4 times a second.
 * @param {Ctx} ctx */
export function syncBoard(ctx) {
  const sync = ctx.state.sync;
  if (sync.frame) cancelAnimationFrame(sync.frame);
  sync.frame = 0;
  if (!ctx.state.shown) return;
  if (sync.linkTimer) sync.linkStale = true;
  else syncLink(ctx);
}

/** @param {Ctx} ctx */
function syncLink(ctx) {
  const { state, ui } = ctx;
  const sync = state.sync;
  sync.linkStale = false;
  if (!state.shown) return;
  state.link = fragmentFor(state.shown.board, ui.goalKind.value, state.shown.goal);
  requestRender(ctx);
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
      state.verdict = { reply, checking: false, quiet: true, placeholder: "" };
      learnFrom(ctx, reply.lesson);
    }
  } catch {
    // the next check shows any problem
  } finally {
    state.report.answers += 1;
    requestRender(ctx);
  }
}

// ---- The solution loaded for playback ----

/**
 * Show a solve reply (with a `note` under its summary); a solution becomes playable from `start`, its player under the
 * board brought into view.
 * @param {Ctx} ctx
 * @param {import("../protocol.js").SolveReply} reply
 * @param {Board} start
 * @param {Board} goal
 * @param {string} [note]
 */
export function showSolution(ctx, reply, start, goal, note = "") {
  const { state, ui } = ctx;
  dropSolution(ctx);
  state.game.assisted = true; // a game whose solution was shown sets no best
  state.solution = { reply, note, badge: null };
  setReport(state, "solve", reply.moves ? "solved" : "stopped");
  requestRender(ctx);
  if (!reply.moves) return;
  const playback = new Playback(start, reply.moves, {
    view: ctx.board, goal, speed: speedOf(ui), reducedMotion: ctx.reducedMotion.matches,
    onChange: (p) => playbackChanged(ctx, p),
  });
  state.playback = playback;
  reportPlayback(ctx, playback);
  state.after.reveal = reply.moves.length ? ui.player : ui.solution;
}

/**
 * Load a reconstruction's moves (`tiles`, single-tile `letters`) for playback from the board on screen, said in
 * `note` in the solution's place; a game replayed sets no record.
 * @param {Ctx} ctx
 * @param {number[]} tiles
 * @param {string} letters
 * @param {string} note
 */
export function showReplay(ctx, tiles, letters, note) {
  const { state, ui } = ctx;
  if (!state.shown) return;
  dropSolution(ctx);
  state.game.assisted = true;
  state.solution = { reply: null, note, badge: { text: "reconstruction", kind: "replay" }, replay: { tiles, letters } };
  const playback = new Playback(state.shown.board, tiles, {
    view: ctx.board, goal: state.shown.goal, speed: speedOf(ui), reducedMotion: ctx.reducedMotion.matches,
    onChange: (p) => playbackChanged(ctx, p),
  });
  state.playback = playback;
  reportPlayback(ctx, playback);
  state.after.reveal = ui.stage; // the board and its player (a replay starts from far below on a phone)
  requestRender(ctx);
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
  state.solution = note ? { reply: null, note, badge: { text: "out of date", kind: "stopped" } } : null;
  requestRender(ctx);
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
  reportPlayback(ctx, p);
  boardChanged(ctx);
}

/** @param {Ctx} ctx @param {Playback} p */
function reportPlayback(ctx, p) {
  setReport(ctx.state, "playback", p.playing ? "playing" : p.atEnd ? "end" : "paused");
  requestRender(ctx);
}
