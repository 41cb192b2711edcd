// @ts-check
// The shortest solutions of the solution loaded, asked of the worker position by position (`optimal_moves`): how
// many there are from the position the player shows and the optimal moves there, then from the start (the summary's
// count). One request at a time, in the background (every other request the person makes runs first, between its
// slices); the one for a position no longer shown is cancelled at once, so no stale work queues up; what each
// position's answer was is kept in the state for the solution loaded. A service under the controllers: play.js asks
// it when the solution or the position changes, and for a branch through another shortest move.

import { setReport } from "../state.js";
import { browsable, nextToAsk, positionKey } from "../model/alternatives.js";
import { boardFields, boardText } from "../model/moves.js";
import { databaseOf, tablesServe, tablesState } from "../model/tables.js";
import { errorInfo } from "../worker-handle.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Board} Board */
/** @typedef {import("../protocol.js").Metric} Metric */
/** @typedef {import("../protocol.js").BranchReply} BranchReply */

/**
 * Follow the player's position: the solution's shortest solutions forgotten when it is another one, or when the
 * tables of its metric have loaded since (a 4×4's are counted only with them), the request for a position no longer
 * wanted cancelled, the next position not known yet asked for, and its state reported.
 * @param {Ctx} ctx
 */
export function followPosition(ctx) {
  const { state } = ctx;
  const alternatives = state.alternatives;
  const p = state.playback;
  const solution = browsable(state.solution, p);
  const start = solution ? positionKey(solution.start, solution.goal, solution.metric) : "";
  const tables = solution && tablesState(state, databaseOf(solution.metric));
  const loaded = tables && tables.last && tables.last.phase === "ready"
    && tablesServe(tables, solution.start.rows, solution.start.cols); // a 3×3's count needs none
  const of = loaded ? `${start} with the tables` : start;
  if (alternatives.of !== of) {
    stopAsking(ctx);
    alternatives.of = of;
    alternatives.known = new Map();
    alternatives.error = "";
    setReport(state, "alternatives", null);
  }
  if (!solution || !p) return;
  const { goal, metric } = solution;
  const here = { key: positionKey(p.board, goal, metric), board: p.board };
  const moving = p.playing || p.atEnd; // the position moves on at once, or is the goal: no moves from there
  const next = nextToAsk(alternatives, here, { key: start, board: solution.start }, moving);
  if (alternatives.asking && (!next || alternatives.asking.key !== next.key)) stopAsking(ctx);
  if (next && !alternatives.asking) ask(ctx, next.key, next.board, goal, metric);
  if (moving) return;
  const known = alternatives.known.get(here.key);
  setReport(state, "alternatives", !known ? "counting" : known.error ? "failed"
    : known.reply && known.reply.count === null ? "stopped" : "shown");
}

/** Cancel the request running, if any (its answer is dropped). @param {Ctx} ctx */
function stopAsking(ctx) {
  const asking = ctx.state.alternatives.asking;
  ctx.state.alternatives.asking = null;
  if (asking && asking.id) ctx.python.cancel(asking.id);
}

/**
 * Ask for the shortest solutions from `board` (known by `key`), in the background; its answer kept, then the next
 * position wanted asked for.
 * @param {Ctx} ctx
 * @param {string} key
 * @param {Board} board
 * @param {Board} goal
 * @param {Metric} metric
 */
async function ask(ctx, key, board, goal, metric) {
  const alternatives = ctx.state.alternatives;
  const asking = { id: 0, key };
  alternatives.asking = asking;
  /** @type {import("../state.js").Known | null} */
  let known = null;
  try {
    const reply = await ctx.python.request("optimal_moves", { board: boardFields(board), goal: boardText(goal), metric,
      background: true }, { onId: (id) => { asking.id = id; } });
    const counted = /** @type {import("../protocol.js").OptimalMovesReply} */ (reply);
    if (counted.stopped !== "cancelled") known = { reply: counted, error: "" };
  } catch (caught) {
    const error = errorInfo(caught);
    if (error.type !== "Cancelled") known = { reply: null, error: error.message };
  }
  if (ctx.state.alternatives !== alternatives || alternatives.asking !== asking) return; // no longer wanted
  alternatives.asking = null;
  if (known) alternatives.known.set(key, known);
  followPosition(ctx);
}

/**
 * The shortest solution from `start` that makes `kept` and then the move `letters` (the core's `follow`), or null
 * when it could not be had (said in the state's `error`) or another branch is being taken.
 * @param {Ctx} ctx
 * @param {Board} start
 * @param {Board} goal
 * @param {Metric} metric
 * @param {number[]} kept the tiles slid before the branch
 * @param {string} letters
 * @returns {Promise<BranchReply | null>}
 */
export async function branchThrough(ctx, start, goal, metric, kept, letters) {
  const { state } = ctx;
  const alternatives = state.alternatives;
  if (alternatives.following) return null;
  alternatives.following = letters;
  alternatives.error = "";
  setReport(state, "branch", "following");
  try {
    const reply = await ctx.python.request("optimal_moves", { board: boardFields(start), goal: boardText(goal), metric,
      moves: kept, follow: letters });
    const branch = /** @type {BranchReply} */ (reply);
    if (!branch.moves) throw new Error(branch.message || "the search stopped before a solution");
    return branch;
  } catch (caught) {
    alternatives.error = `Could not switch to that move: ${errorInfo(caught).message}`;
    setReport(state, "branch", "failed");
    return null;
  } finally {
    alternatives.following = "";
  }
}
