// @ts-check
// The player's solves, a service under the controllers: each finished game (without the solution's help) is kept per
// board shape and play mode (free play, no assists, blindfold: kept apart) in localStorage (storage.js); once kept,
// control/analysis.js writes its reconstruction and, for a board that was dealt (Shuffle, Deal or a link), analyses
// it against the optimum, which fills in the entry's shortest. The history of the board's shape in the mode chosen is
// read into the state (players.entries, with its CSV download) for the render: averages, chart, list; its delete is
// control/history.js's.

import { shapeKey } from "../model/game.js";
import { asEntries, MAX_ENTRIES, toCsv } from "../model/history.js";
import { setReport } from "../state.js";
import { readRecord, writeRecord } from "../storage.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../model/history.js").Entry} Entry */
/** @typedef {import("../model/history.js").Mode} Mode */

const HISTORY_KEY = "npuzzle.history"; // localStorage: {"4×4": [Entry, …], "4×4 blindfold": […], …}, oldest first
/** What a solve that storage refused is told (the history and bests are kept in the browser's storage). */
export const UNKEPT = "It could not be kept on this device: the browser's storage for this page is full or blocked " +
  "(download your solves as CSV, or delete some, to make room).";

/**
 * Where a mode's solves of a shape are kept: the shape ("4×4") for free play, else the shape and the mode.
 * @param {string} shape
 * @param {Mode} mode
 */
export function historyKey(shape, mode) {
  return mode === "free" ? shape : `${shape} ${mode}`;
}

/**
 * Change the solves kept under `key` with `change` (given them oldest first, returns the new list) and store them;
 * false when storage refused them (blocked or full).
 * @param {string} key
 * @param {(entries: Entry[]) => Entry[]} change
 * @returns {boolean}
 */
export function changeHistory(key, change) {
  const all = readRecord(HISTORY_KEY, asEntries);
  const entries = change(all[key] || []).slice(-MAX_ENTRIES);
  if (entries.length) all[key] = entries;
  else delete all[key];
  return writeRecord(HISTORY_KEY, all);
}

/** @param {import("../state.js").State} state @returns {string} where the solves on screen are kept ("" when no
 * board is on screen) */
export function keyOnScreen(state) {
  const { shown, speed } = state;
  return shown ? historyKey(shapeKey(shown.board), speed.mode) : "";
}

/**
 * A game was finished by the player (solved, or a blindfolded DNF): keep it in the history of its shape and mode;
 * returns where it is kept (its `key` and its time `at`) for the figures that follow (updateEntry), null when
 * no board is on screen or storage refused it (the words that announce the solve then say so: UNKEPT).
 * @param {Ctx} ctx
 * @param {{ms: number, moves: number, lines: number, hints: number, mode: Mode, dnf: boolean}} result
 * @returns {{key: string, at: string} | null}
 */
export function recordSolve(ctx, result) {
  const { state } = ctx;
  const { shown } = state;
  if (!shown) return null;
  const key = historyKey(shapeKey(shown.board), result.mode);
  /** @type {Entry} */
  const entry = { at: new Date().toISOString(), ...result, shortest: null, optimal: null, lowerBound: null,
    metric: state.speed.metric, solution: "" };
  const stored = changeHistory(key, (entries) => [...entries, entry]);
  setReport(state, "history", stored ? "recorded" : "unkept");
  showHistory(ctx);
  return stored ? { key, at: entry.at } : null;
}

/**
 * Fill in figures of a kept solve (its shortest, its moves in notation) once they are known, and redraw.
 * @param {Ctx} ctx
 * @param {{key: string, at: string}} kept
 * @param {Partial<Entry>} figures
 */
export function updateEntry(ctx, kept, figures) {
  changeHistory(kept.key, (entries) => entries.map((e) => (e.at !== kept.at ? e : { ...e, ...figures })));
  showHistory(ctx);
}

/** Read the history of the board on screen's shape, in the mode chosen, into the state (with a fresh CSV
 * download). @param {Ctx} ctx */
export function showHistory(ctx) {
  const { players, shown } = ctx.state;
  const key = keyOnScreen(ctx.state);
  const entries = key ? readRecord(HISTORY_KEY, asEntries)[key] || [] : [];
  if (players.csvUrl) URL.revokeObjectURL(players.csvUrl);
  const shape = shown ? shapeKey(shown.board) : "";
  players.csvUrl = entries.length ? URL.createObjectURL(new Blob([toCsv(shape, entries)], { type: "text/csv" })) : "";
  if (!entries.length) players.confirming = false;
  players.entries = entries;
}

/** A new board is on screen: no score line, the history of its shape. @param {Ctx} ctx */
export function newBoardHistory(ctx) {
  ctx.state.lines.score = "";
  ctx.state.players.confirming = false;
  showHistory(ctx);
}
