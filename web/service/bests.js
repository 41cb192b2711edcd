// @ts-check
// The personal bests, a service under the controllers: one per board shape and play mode (the history's key), kept in
// localStorage (storage.js); model/game.js judges a solve against them, control/game.js words it.

import { asBest, shapeKey } from "../model/game.js";
import { readRecord, writeRecord } from "../storage.js";
import { historyKey } from "./history.js";

/** @typedef {import("../model/game.js").Best} Best */

const BESTS_KEY = "npuzzle.bests"; // localStorage: {"4×4": {moves, ms, lines}, …}

/** The bests kept under `key` (historyKey), null when none. @param {string} key @returns {Best | null} */
export function bestOf(key) {
  return readRecord(BESTS_KEY, asBest)[key] || null;
}

/** Keep `best` under `key`; false when storage refused it (blocked or full). @param {string} key @param {Best} best */
export function keepBest(key, best) {
  return writeRecord(BESTS_KEY, { ...readRecord(BESTS_KEY, asBest), [key]: best });
}

/**
 * The bests kept on this device for the shape of the board on screen in a play mode (null: none, or no board).
 * @param {{board: import("../protocol.js").Board} | null} shown
 * @param {import("../model/history.js").Mode} mode
 * @returns {Best | null}
 */
export function readBest(shown, mode) {
  return shown ? bestOf(historyKey(shapeKey(shown.board), mode)) : null;
}
