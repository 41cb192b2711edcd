// @ts-check
// The player's solves: each finished game (without the solution's help) is kept per board shape in localStorage;
// for a board that was dealt (Shuffle or a link) the worker then searches the shortest solution from the start in
// the background (the `solve` op with auto's choices: optimal where it is proven within auto's few seconds, else
// near-optimal with its proven lower bound), and the line under the board says how close the solve came. It is a
// `background` request: whatever the player asks for meanwhile is answered first (worker.js). The history of the
// board's shape is drawn below the results: averages, chart, list, CSV download, delete.

import { count } from "../words.js";
import { shapeKey } from "../model/game.js";
import { asEntries, closeness, MAX_ENTRIES, toCsv } from "../model/history.js";
import { boardFields, boardText } from "../model/moves.js";
import { requestRender } from "../render.js";
import { setReport } from "../state.js";
import { readRecord, writeRecord } from "../storage.js";
import { errorInfo } from "../worker-handle.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../model/history.js").Entry} Entry */

const HISTORY_KEY = "npuzzle.history"; // localStorage: {"4×4": [Entry, …], …}, oldest first
const SHORTEST_SECONDS = 120; // the background search's hard stop, for hangs: the optimal search has half of it

/**
 * Change the solves of `shape` with `change` (given them oldest first, returns the new list) and store them.
 * @param {string} shape
 * @param {(entries: Entry[]) => Entry[]} change
 */
function update(shape, change) {
  const all = readRecord(HISTORY_KEY, asEntries);
  const entries = change(all[shape] || []).slice(-MAX_ENTRIES);
  if (entries.length) all[shape] = entries;
  else delete all[shape];
  writeRecord(HISTORY_KEY, all); // storage blocked or full: the solve is shown now but not kept
}

/** @param {Ctx} ctx @returns {string} the shape of the board on screen ("" when none) */
function shapeOnScreen(ctx) {
  return ctx.state.shown ? shapeKey(ctx.state.shown.board) : "";
}

/**
 * A game was finished by the player: keep it in the history of its shape and, for a board that was dealt, find the
 * shortest solution from its start in the background.
 * @param {Ctx} ctx
 * @param {{ms: number, moves: number, lines: number, hints: number}} result
 */
export function recordSolve(ctx, result) {
  const { state } = ctx;
  const { game, shown } = state;
  if (!shown) return;
  const shape = shapeKey(shown.board);
  /** @type {Entry} */
  const entry = { at: new Date().toISOString(), ...result, shortest: null, optimal: null, lowerBound: null };
  update(shape, (entries) => [...entries, entry]);
  setReport(state, "history", "recorded");
  showHistory(ctx);
  const solved = `Solved in ${count(result.moves, "move")} (${count(result.lines, "line move")})`;
  if (!game.dealt || !game.start) {
    state.lines.score = "";
    return;
  }
  state.lines.score = `${solved}; finding the shortest solution from the start…`;
  findShortest(ctx, shape, entry.at, game.start, shown.goal).then((found) => {
    if (ctx.state.game === game) {
      ctx.state.lines.score = found.error ? `${solved}; the shortest could not be found: ${found.error}`
        : `${solved}; ${closeness(result.moves, found)}.`;
    }
    showHistory(ctx);
    const proven = found.optimal ? "optimal" : "near-optimal";
    const outcome = found.error ? "failed" : found.length === null ? "stopped" : proven;
    setReport(ctx.state, "shortest", outcome);
    requestRender(ctx);
  });
  setReport(state, "shortest", "running");
}

/**
 * The shortest solution from `start` to `goal`, searched in the worker in the background and kept in the entry of
 * `shape` made at `at`: auto's choices, an optimal search up to 4×4 (auto itself hands it to the near-optimal
 * solver after a few seconds unless a pattern database guides it; bigger boards near-optimal, its work budget
 * counted in states so the answer is CPython's), and when that search reaches its share of the time limit, the
 * near-optimal solver with the better of the two proven lower bounds (the core's `near_optimal_at_limit`).
 * @param {Ctx} ctx
 * @param {string} shape
 * @param {string} at
 * @param {import("../protocol.js").Board} start
 * @param {import("../protocol.js").Board} goal
 * @returns {Promise<{length: number | null, optimal: boolean, lowerBound: number | null, error?: string}>}
 */
async function findShortest(ctx, shape, at, start, goal) {
  try {
    const reply = await ctx.python.request("solve", { board: boardFields(start), goal: boardText(goal),
      algorithm: "auto", heuristic: "auto", workers: 1, time_limit: SHORTEST_SECONDS, near_optimal_at_limit: true,
      background: true });
    const found = { length: reply.moves ? reply.moves.length : null, optimal: Boolean(reply.moves && reply.optimal),
      lowerBound: typeof reply.lower_bound === "number" ? reply.lower_bound : null };
    update(shape, (entries) => entries.map((e) => (e.at !== at ? e : {
      ...e, shortest: found.length, optimal: found.length === null ? null : found.optimal,
      lowerBound: found.lowerBound,
    })));
    return found;
  } catch (caught) {
    return { length: null, optimal: false, lowerBound: null, error: errorInfo(caught).message };
  }
}

/** Read the history of the board on screen's shape into the state (with a fresh CSV download). @param {Ctx} ctx */
export function showHistory(ctx) {
  const { players } = ctx.state;
  const shape = shapeOnScreen(ctx);
  const entries = shape ? readRecord(HISTORY_KEY, asEntries)[shape] || [] : [];
  if (players.csvUrl) URL.revokeObjectURL(players.csvUrl);
  players.csvUrl = entries.length ? URL.createObjectURL(new Blob([toCsv(shape, entries)], { type: "text/csv" })) : "";
  if (!entries.length) players.confirming = false;
  players.entries = entries;
  requestRender(ctx);
}

/** A new board is on screen: no score line, the history of its shape. @param {Ctx} ctx */
export function newBoardHistory(ctx) {
  ctx.state.lines.score = "";
  ctx.state.players.confirming = false;
  showHistory(ctx);
}

/**
 * Delete the shape's history: `step` "ask" shows the confirmation, "confirm" deletes, "keep" takes it back.
 * @param {Ctx} ctx
 * @param {"ask" | "confirm" | "keep"} step
 */
export function deleteHistory(ctx, step) {
  const { state, ui } = ctx;
  const shape = shapeOnScreen(ctx);
  state.players.confirming = step === "ask";
  if (step === "confirm" && shape) {
    update(shape, () => []);
    setReport(state, "history", "deleted");
  }
  showHistory(ctx);
  if (step === "ask") state.after.focus = ui.historyConfirmYes;
  else if (state.players.entries.length) state.after.focus = ui.historyDelete;
  else if (step === "confirm") state.after.focus = ui.shuffle; // the history went away with the focus: a new game
}
