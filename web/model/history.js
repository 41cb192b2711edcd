// @ts-check
// The player's solves, as pure data: one entry per solve of a board shape (when, time, both move counts, the
// shortest solution of the board dealt, hints), the averages speedsolvers use, and the history as CSV. No DOM, no
// storage: service/history.js keeps it in localStorage.
//
// Averages follow the WCA regulations (article 9f) as the speedsolving community uses them on any series: the best;
// the mean of 3 (the last three, plain mean); the average of 5 and of 12 (the last five or twelve without their
// single best and single worst, the mean of the rest). Too few solves: no figure (null). A DNF (a blindfolded solve
// whose board was not the goal when the player pressed Done) counts as the worst result, Infinity here: an average
// that keeps one is itself a DNF.

import { formatTime } from "./game.js";

/**
 * One solve. `at` is when it ended (ISO 8601, UTC); `ms` the clock; `moves` single-tile moves and `lines` line
 * moves; `shortest` the length of the shortest solution found from the start, counted in `metric` (null: not
 * known yet or not found), `optimal` whether that length is proven shortest (else `lowerBound` is the proven
 * bound); `hints` the hints taken; `solution` the moves in the speedsolvers' notation ("" when not known); `mode`
 * how it was played (free, no assists, blindfold) and `dnf` a blindfolded solve that did not reach the goal.
 * @typedef {{at: string, ms: number, moves: number, lines: number, shortest: number | null,
 *   optimal: boolean | null, lowerBound: number | null, hints: number, metric: Metric, solution: string,
 *   mode: Mode, dnf: boolean}} Entry
 */

/** @typedef {import("../protocol.js").Metric} Metric */
/** @typedef {"free" | "no-assists" | "blindfold"} Mode how a game is played: with every help, none, or blindfolded */

/** The play modes, in the order the page offers them. @type {readonly Mode[]} */
export const MODES = Object.freeze(["free", "no-assists", "blindfold"]);

/**
 * The averages of a series (oldest first): null where there are too few values.
 * @typedef {{count: number, best: number | null, mo3: number | null, ao5: number | null,
 *   ao12: number | null}} Averages
 */

export const MAX_ENTRIES = 1000; // per shape: the oldest are dropped beyond this (localStorage holds ~5 MB)

/** @param {number[]} values @returns {number} their arithmetic mean */
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * The average of the last `n` values without their best and worst (WCA "average of n"); null with fewer than n.
 * @param {readonly number[]} values oldest first
 * @param {number} n at least 3
 * @returns {number | null}
 */
export function averageOf(values, n) {
  if (values.length < n) return null;
  const last = values.slice(-n).sort((a, b) => a - b);
  return mean(last.slice(1, -1));
}

/**
 * The mean of the last `n` values (WCA "mean of n"); null with fewer than n.
 * @param {readonly number[]} values oldest first
 * @param {number} n
 * @returns {number | null}
 */
export function meanOf(values, n) {
  return values.length < n ? null : mean(values.slice(-n));
}

/**
 * Best (smallest), mean of 3, average of 5 and average of 12 of `values` (oldest first; Infinity for a DNF). O(n).
 * @param {readonly number[]} values
 * @returns {Averages}
 */
export function averages(values) {
  return {
    count: values.length,
    best: values.length ? Math.min(...values) : null,
    mo3: meanOf(values, 3),
    ao5: averageOf(values, 5),
    ao12: averageOf(values, 12),
  };
}

/**
 * An entry read back from storage, or null when `value` is not one (a damaged or foreign entry is ignored).
 * @param {unknown} value
 * @returns {Entry | null}
 */
export function asEntry(value) {
  if (typeof value !== "object" || value === null) return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  const count = (/** @type {unknown} */ n) => Number.isInteger(n) && Number(n) >= 0;
  const countOrNull = (/** @type {unknown} */ n) => n === null || count(n);
  if (typeof v.at !== "string" || Number.isNaN(Date.parse(v.at))) return null;
  if (typeof v.ms !== "number" || !(v.ms >= 0) || !count(v.moves) || !count(v.lines) || !count(v.hints)) return null;
  if (!countOrNull(v.shortest) || !countOrNull(v.lowerBound)) return null;
  if (!(v.optimal === null || typeof v.optimal === "boolean")) return null;
  const mode = MODES.find((m) => m === v.mode) || "free"; // entries kept before the modes were free play
  return {
    at: v.at, ms: v.ms, moves: Number(v.moves), lines: Number(v.lines),
    shortest: v.shortest === null ? null : Number(v.shortest), optimal: /** @type {boolean | null} */ (v.optimal),
    lowerBound: v.lowerBound === null ? null : Number(v.lowerBound), hints: Number(v.hints),
    metric: v.metric === "mtm" ? "mtm" : "stm", solution: typeof v.solution === "string" ? v.solution : "",
    mode, dnf: v.dnf === true,
  };
}

/**
 * Moves per second of a solve (null when it took no time): what speedsolvers call TPS, turns per second.
 * @param {number} moves
 * @param {number} ms
 * @returns {number | null}
 */
export function movesPerSecond(moves, ms) {
  return ms > 0 ? moves / (ms / 1000) : null;
}

/** A time and its moves per second as the page says them: "2.4 moves/s" ("" when it took no time).
 * @param {number} moves @param {number} ms */
export function tpsText(moves, ms) {
  const tps = movesPerSecond(moves, ms);
  return tps === null ? "" : `${tps.toFixed(2)} moves/s`; // as the core's reconstructions say it
}

/**
 * A solve's time and pace as every place on the page says them: "5.213 s (2.31 moves/s)".
 * @param {number} moves single-tile moves
 * @param {number} ms
 */
export function timeWords(moves, ms) {
  const tps = tpsText(moves, ms);
  return `${formatTime(ms, true)}${tps ? ` (${tps})` : ""}`;
}

/**
 * The averages of the history's `key` (oldest first), its best among the solves without hints: a game with hints
 * sets no best, in the history as in the bests of the shape (`control/game.js`).
 * @param {readonly Entry[]} entries
 * @param {"ms" | "moves" | "lines"} key
 * @returns {Averages}
 */
export function historyAverages(entries, key) {
  return { ...averages(results(entries, key)), best: averages(results(entries.filter((e) => !e.hints), key)).best };
}

/** The results of a series for its averages: the times, or the moves (Infinity for a DNF).
 * @param {readonly Entry[]} entries @param {"ms" | "moves" | "lines"} key */
export function results(entries, key) {
  return entries.map((e) => (e.dnf ? Infinity : e[key]));
}

/**
 * A shape's solves read back from storage: the entries of a list that are valid, or null when `value` is not a list
 * or holds none.
 * @param {unknown} value
 * @returns {Entry[] | null}
 */
export function asEntries(value) {
  if (!Array.isArray(value)) return null;
  const entries = value.map(asEntry).filter((e) => e !== null);
  return entries.length ? entries : null;
}

/** The CSV's header, one column per field of an entry (RFC 4180: comma-separated, CRLF line ends). */
export const CSV_COLUMNS = Object.freeze([
  "shape", "date", "seconds", "moves", "line_moves", "shortest", "shortest_proven", "lower_bound", "hints",
  "shortest_metric", "moves_per_second", "mode", "dnf", "solution",
]);

/**
 * The solves of one shape as CSV text (RFC 4180), oldest first: a header line, then one line per solve; times in
 * seconds with 3 decimals, empty cells for unknown figures.
 * @param {string} shape "4×4"
 * @param {readonly Entry[]} entries
 * @returns {string}
 */
export function toCsv(shape, entries) {
  /** @param {string | number | boolean | null} value */
  const cell = (value) => {
    const text = value === null ? "" : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [CSV_COLUMNS.join(",")];
  for (const e of entries) {
    const tps = movesPerSecond(e.moves, e.ms);
    lines.push([shape, e.at, (e.ms / 1000).toFixed(3), e.moves, e.lines, e.shortest, e.optimal, e.lowerBound, e.hints,
      e.metric, tps === null ? null : tps.toFixed(2), e.mode, e.dnf, e.solution].map(cell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/**
 * How close a solve of `moves` moves (counted in the shortest's metric: `unit` "" for single tiles, " line moves"
 * for lines) came to the shortest solution: the shortest's words and the efficiency (shortest ÷ moves) as whole
 * percents. `found`: the length found, whether proven shortest, and the proven lower bound (a near-optimal
 * answer's). An exact shortest gives one percent, a near-optimal one a range.
 * @param {number} moves
 * @param {{length: number | null, optimal: boolean, lowerBound: number | null}} found
 * @param {string} [unit]
 * @returns {string} e.g. "the shortest is 44 (76% efficient)"
 */
export function closeness(moves, found, unit = "") {
  const pct = (/** @type {number} */ n) => Math.round((100 * n) / Math.max(1, moves));
  const { length, optimal, lowerBound } = found;
  if (length !== null && optimal) {
    return length === moves ? `the shortest is ${length}${unit}: yours is a shortest solution (100% efficient)`
      : `the shortest is ${length}${unit} (${pct(length)}% efficient)`;
  }
  if (length !== null) {
    const low = lowerBound ?? 0;
    return `the shortest is between ${low} and ${length}${unit}: near-optimal, not proven shortest ` +
      `(${pct(low)}–${pct(length)}% efficient)`;
  }
  if (lowerBound !== null) {
    return `the shortest is at least ${lowerBound}${unit}: the search stopped before it found one`;
  }
  return "the shortest was not found: the search stopped first";
}
