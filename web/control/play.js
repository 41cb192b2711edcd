// @ts-check
// The board in play: a new board, the user's moves (click, tap, Enter, arrow keys, swipes; a tile in the blank's
// row or column slides the line), Undo and Redo, the solution loaded for playback, and what follows a move: the
// counter, clock and solved line now, the link in the next frame, the verdict (inversions, the blank's row) a little
// later, and each move said in the core's words (the rule at work). The text area follows the board on screen until
// the person types another board there. Done ends a blindfolded game. The words and records of a finished game are
// control/game.js's, its study control/analysis.js's; the clock's state model/clock.js's.

import { newGame, shapeKey } from "../model/game.js";
import { fragmentFor, goalSpec, linkable, setGoal } from "../model/link.js";
import { boardFields, boardText, letterOf, lineTiles, sameBoard, slide } from "../model/moves.js";
import { tileForSwipe } from "../model/moves.js";
import { setReport } from "../state.js";
import { later, update } from "../store.js";
import { Playback } from "./playback.js";
import { playbackStep, sliderSpeed, SPEEDS } from "../model/speed.js";
import { idleClock, startClock } from "../model/clock.js";
import { cancelJob } from "../model/job.js";
import { learnFrom } from "../model/lesson.js";
import { readBest } from "../service/bests.js";
import { newBoardHistory } from "../service/history.js";
import { branchThrough, followPosition } from "../service/alternatives.js";
import { count } from "../words.js";
import { finishBlind, finishGame } from "./game.js";
import { dropAnalysis, studySolve } from "./analysis.js";
import { showPicture } from "./picture.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Board} Board */

const SLIDE_MS = 140; // a user's slide animation
const LINK_EVERY_MS = 250; // browsers throttle history.replaceState (about 100 calls in 10 s)
const VERDICT_AFTER_MS = 350;
const SAY_MOVES_UP_TO_CELLS = 1024; // the grid's boards: each move is explained afresh by the core

/**
 * A new board is about to replace the one on screen: a game in progress on it (moves made, the goal not reached) is
 * kept for Undo (an older one stays kept when this board has no moves yet).
 * @param {Ctx} ctx
 */
export function keepEarlier(ctx) {
  const { state } = ctx;
  if (state.shown && state.game.path.length && !state.game.over) {
    state.earlier = { shown: { ...state.shown }, game: state.game, verdict: state.verdict };
  }
}

/**
 * Undo on a board loaded over a game in progress, before its first move: that game back on screen as it was left.
 * @param {Ctx} ctx
 * @returns {boolean} whether there was one
 */
function restoreEarlier(ctx) {
  const { state } = ctx;
  const earlier = state.earlier;
  if (!earlier || !state.shown || state.game.path.length) return false;
  state.earlier = null;
  state.shown = earlier.shown;
  setGoal(state.form, earlier.shown.goal);
  state.sync.goal = goalSpec(state.form);
  loadBoard(ctx);
  state.game = earlier.game;
  state.verdict = earlier.verdict;
  if (earlier.verdict.reply) learnFrom(state.learn, earlier.verdict.reply.lesson);
  state.best = readBest(state.shown, state.game.mode);
  writeBoardText(ctx, state.shown.board);
  boardChanged(ctx);
  state.lines.status = `Your game is back: ${count(state.game.path.length, "move")} made.`;
  state.after.reveal = "stage";
  return true;
}

/**
 * Write the board on screen into the text area, which then follows it, unless the person has typed another board
 * there (kept until they check it) or the board is too big to write out as it moves.
 * @param {Ctx} ctx
 * @param {Board} board
 */
export function writeBoardText(ctx, board) {
  const { sync, form } = ctx.state;
  if (sync.edited || form.board !== sync.text || !linkable(board)) return;
  form.board = boardText(board);
  sync.text = form.board;
}

/** A new board is on screen (or none): a new game; forget the solution and comparison made for the previous one.
 * @param {Ctx} ctx */
export function loadBoard(ctx) {
  const { state } = ctx;
  state.game = newGame();
  state.game.start = state.shown ? state.shown.board : null; // boards are never changed in place: no copy needed
  if (state.shown) state.form.shape = shapeKey(state.shown.board); // the Shape field says the board's
  state.game.mode = state.speed.mode;
  state.lines = { status: "", score: "", move: "" };
  dropSolution(ctx);
  state.comparison = null;
  state.iterations = null;
  dropAnalysis(ctx); // the analysis was the last board's
  state.solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  state.best = readBest(state.shown, state.game.mode);
  idleClock(state);
  newBoardHistory(ctx); // for players: the history of the new board's shape, its picture
  showPicture(ctx);
}

/**
 * The board a person can play now: the one on screen, or while Python loads the link's (or the example's) board
 * drawn before its verdict (the preview); null when there is none.
 * @param {import("../state.js").State} state
 * @returns {Board | null}
 */
export function boardInPlay(state) {
  if (state.shown) return state.ready ? state.shown.board : null;
  return state.ready ? null : state.preview;
}

/**
 * The person goes on playing after using a control (a field's Enter, a select): the focus on the board, so that
 * the arrow keys slide tiles (on a board drawn as one picture, the focus leaves the control).
 * @param {Ctx} ctx
 */
export function playOnBoard(ctx) {
  const { state } = ctx;
  if (boardInPlay(state)) state.after.focus = "tiles";
}

/**
 * The user slides `tile` (click, tap, Enter on a cell, an arrow key): with the tiles between it and the blank when
 * it is in the blank's row or column, as one step (one Undo), each tile one move.
 * @param {Ctx} ctx
 * @param {number} tile
 */
export function userMove(ctx, tile) {
  const { state } = ctx;
  const board = boardInPlay(state);
  if (!board) return;
  const tiles = lineTiles(board, tile);
  if (!tiles.length) return;
  if (!state.shown) {
    previewMove(ctx, tiles);
    return;
  }
  if (state.job) ctx.python.cancel(cancelJob(state));
  const game = state.game;
  state.earlier = null; // a move on the new board: Undo takes it back, the game it replaced is gone
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
  const board = boardInPlay(ctx.state);
  const tile = board ? tileForSwipe(board, letter, startIndex) : 0;
  if (tile) userMove(ctx, tile);
}

/**
 * A step on the board drawn while Python loads: its tiles slide and count as the game's moves (the clock starts);
 * the board's verdict, the link and Undo follow once Python has checked the board it started from (adoptPreview).
 * @param {Ctx} ctx
 * @param {number[]} tiles
 */
function previewMove(ctx, tiles) {
  const { state } = ctx;
  const game = state.game;
  let board = state.preview;
  for (const tile of tiles) {
    const letter = board && letterOf(board, tile);
    const next = board && slide(board, tile);
    if (!next || !letter) return; // cannot happen: the line's tiles are next to the blank in turn
    game.path.push(letter);
    board = next;
  }
  game.past.push(tiles);
  game.future = [];
  state.preview = board;
  ctx.board.moveTiles(tiles, ctx.reducedMotion.matches ? 0 : SLIDE_MS);
  startClock(state);
}

/**
 * Python has checked the board a game started from while it loaded (`played`: that game and the board its moves
 * reached; the new game for the checked board is on screen): the moves carry over, as if made on it, and what
 * follows a move follows (the verdict of the board reached, the link, a finished game).
 * @param {Ctx} ctx
 * @param {{game: import("../model/game.js").Game, board: Board}} played
 */
export function adoptPreview(ctx, played) {
  const { state } = ctx;
  if (!state.shown || !played.game.past.length) return;
  Object.assign(state.game, { past: played.game.past, future: [], path: played.game.path,
    startedAt: played.game.startedAt });
  state.shown.board = played.board;
  boardChanged(ctx);
}

/** Take the last step back (its tiles slide back in reverse order). @param {Ctx} ctx */
export function undo(ctx) {
  if (ctx.state.ready && !ctx.state.game.past.length && restoreEarlier(ctx)) return;
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
  if (state.job) ctx.python.cancel(cancelJob(state));
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
  if (count > 0) startClock(state); // the first move starts the clock: its time is 0
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
  startClock(state);
  boardChanged(ctx);
}

/** After any move: counter, clock and solved state now; the link in the next frame; the verdict a bit later. In a
 * blindfolded game nothing tells where the tiles are: no solved line (Done ends it), no link, no verdict.
 * @param {Ctx} ctx */
function boardChanged(ctx) {
  const { state } = ctx;
  const solved = state.shown !== null && sameBoard(state.shown.board, state.shown.goal);
  const blind = state.game.blind;
  if (solved && !state.solved && !blind) finished(ctx, finishGame(ctx));
  else if (!solved && !blind) state.lines.status = "";
  state.solved = solved;
  if (!blind) followBoard(ctx);
}

/**
 * A game has ended: its words in the status line, and its solve studied (its reconstruction, its analysis).
 * @param {Ctx} ctx
 * @param {import("./game.js").Finished} end
 */
function finished(ctx, [words, study]) {
  ctx.state.lines.status = words;
  if (study) studySolve(ctx, study.solve, study.kept, study.how);
}

/**
 * Done, in a blindfolded game: the numbers show again and the result is kept (a DNF off the goal).
 * @param {Ctx} ctx
 * @param {boolean} focused Done had the focus: it goes on to Shuffle, a new game (Done itself goes)
 */
export function done(ctx, focused) {
  const { state } = ctx;
  if (!state.game.blind) return;
  finished(ctx, finishBlind(ctx));
  if (focused) state.after.focus = "shuffle";
  followBoard(ctx);
}

/**
 * Say what the step from `before` (sliding `tiles` in turn) did: the core's sentence for each move, in the move line.
 * @param {Ctx} ctx
 * @param {Board} before
 * @param {number[]} tiles
 */
async function sayMoves(ctx, before, tiles) {
  if (before.tiles.length > SAY_MOVES_UP_TO_CELLS || !ctx.state.ready) return;
  try {
    const reply = await ctx.python.request("move", { board: boardFields(before), tiles });
    ctx.state.lines.move = reply.texts.join(" ");
  } catch {
    // a move the page made is always legal; a failed worker shows its own message
  }
}

/** The link (in the next frame) and the verdict (a bit later) follow the board on screen. @param {Ctx} ctx */
export function followBoard(ctx) {
  const sync = ctx.state.sync;
  if (!sync.frame) sync.frame = requestAnimationFrame(() => update(ctx, () => syncBoard(ctx)));
  clearTimeout(sync.verdictTimer);
  sync.verdictTimer = later(ctx, VERDICT_AFTER_MS, () => refreshVerdict(ctx));
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
  const { state } = ctx;
  const sync = state.sync;
  sync.linkStale = false;
  if (!state.shown) return;
  state.link = fragmentFor(state.shown.board, state.form.goalKind, state.shown.goal);
  writeBoardText(ctx, state.shown.board);
  sync.linkTimer = later(ctx, LINK_EVERY_MS, () => {
    sync.linkTimer = 0;
    if (state.shown && sync.linkStale) syncLink(ctx);
  });
}

/** Re-explain the board after moves (inversions and the blank's row change), unless it changed again. @param {Ctx} ctx */
async function refreshVerdict(ctx) {
  const { state } = ctx;
  if (!state.ready || !state.shown || state.job) return;
  const board = state.shown.board;
  try {
    const reply = await ctx.python.request("check", { board: boardFields(board), goal: goalSpec(state.form) });
    const shown = state.shown;
    if (shown && sameBoard(shown.board, reply.board) && sameBoard(shown.goal, reply.goal)) {
      state.verdict = { reply, checking: false, quiet: true, placeholder: "" };
      learnFrom(state.learn, reply.lesson);
    }
  } catch {
    // the next check shows any problem
  } finally {
    state.report.answers += 1;
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
  const { state } = ctx;
  dropSolution(ctx);
  state.solution = { reply, note, badge: null };
  setReport(state, "solve", reply.moves ? "solved" : "stopped");
  if (!reply.moves) return; // a search stopped without one: the game goes on as it was
  const timed = state.game.startedAt && !state.game.over && !state.game.assisted;
  state.game.assisted = true; // a game whose solution was shown sets no best
  if (state.game.hinted !== null) { // the hint shown is the solution's first move now: its line and mark go
    state.game.hinted = null;
    state.lines.status = "";
  }
  if (timed) state.lines.status = "The clock stopped at Solve: a game whose solution is shown sets no record.";
  state.form.speed = String(playbackStep(reply.moves.length, Number(state.form.speed)));
  loadPlayback(ctx, start, reply.moves, goal);
  state.after.reveal = reply.moves.length ? "player" : "solution";
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
  const { state } = ctx;
  if (!state.shown) return;
  dropSolution(ctx);
  state.game.assisted = true;
  state.solution = { reply: null, note, badge: { text: "reconstruction", kind: "replay" }, replay: { tiles, letters } };
  loadPlayback(ctx, state.shown.board, tiles, state.shown.goal);
  state.after.reveal = "stage"; // the board and its player (a replay starts from far below on a phone)
}

/**
 * Moves loaded for playback from `start`, at the speed the slider chooses; each step it makes is a change to the
 * state (store.js update).
 * @param {Ctx} ctx
 * @param {Board} start
 * @param {number[]} tiles
 * @param {Board} goal
 */
function loadPlayback(ctx, start, tiles, goal) {
  const playback = new Playback(start, tiles, {
    view: ctx.board, goal, speed: playbackSpeed(ctx.state), reducedMotion: ctx.reducedMotion.matches,
    onChange: (p) => update(ctx, () => playbackChanged(ctx, p)),
  });
  ctx.state.playback = playback;
  reportPlayback(ctx, playback);
  followPosition(ctx);
}

/**
 * Switch the loaded solution, at the player's position, to the shortest one through another shortest move
 * (`letters`, one the row under the player offers): the moves before kept, the rest the core's shortest after that
 * move, the player at the same step.
 * @param {Ctx} ctx
 * @param {string} letters
 */
export async function takeBranch(ctx, letters) {
  const { state } = ctx;
  const p = state.playback;
  const before = state.solution;
  const old = before && before.reply;
  if (!p || !before || !old || !old.moves || !p.props.goal) return;
  p.pause();
  const index = p.index;
  const goal = p.props.goal;
  const metric = old.metric === "mtm" ? "mtm" : "stm";
  const branch = await branchThrough(ctx, p.start, goal, metric, p.moves.slice(0, index), letters);
  if (!branch || !branch.moves || state.playback !== p || p.index !== index || state.solution !== before) return;
  const optimal = old.optimal && branch.length !== null && branch.length <= old.length;
  state.solution = { ...before, reply: { ...old, moves: branch.moves, letters: branch.letters || [],
    notation: branch.notation || "", tile_moves: branch.tile_moves, line_moves: branch.line_moves,
    length: branch.length ?? old.length, optimal } };
  p.destroy();
  loadPlayback(ctx, p.start, branch.moves, goal);
  if (state.playback) state.playback.seek(index);
  state.after.focus = { within: "alternatives", find: ["button.alternative.current"] }; // the move chosen, now its own
  setReport(state, "branch", "taken");
}

/** @param {import("../state.js").State} state @returns {number} the moves per second the player's slider chooses */
export function playbackSpeed(state) {
  return sliderSpeed(state.form.speed, SPEEDS);
}

/**
 * A section brought into view with its top at the top, from the pointer to it: the solution's summary and figures
 * (the player's Details), the analysis of a solve (See the analysis, under the board).
 * @param {Ctx} ctx
 * @param {"solution" | "analysis"} section
 */
export function showSection(ctx, section) {
  ctx.state.after.reveal = section;
  ctx.state.after.top = true;
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
  followPosition(ctx);
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
  followPosition(ctx);
  boardChanged(ctx);
}

/** @param {Ctx} ctx @param {Playback} p */
function reportPlayback(ctx, p) {
  setReport(ctx.state, "playback", p.playing ? "playing" : p.atEnd ? "end" : "paused");
}
