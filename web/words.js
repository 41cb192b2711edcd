// @ts-check
// The page's words for the core's names and figures: plain names of the algorithms and heuristics, figures, times,
// why a search stopped and a progress record as one line. Views and controllers both say things this way.

import { ALGORITHM_TITLES } from "./protocol.js";

/** The heuristics by the names a course gives them (the core's names are identifiers), as a title and as they read
 * inside a sentence. */
/** @type {Readonly<Record<string, [string, string]>>} */
const HEURISTIC_TITLES = Object.freeze({
  discrete: ["Discrete (goal or not)", "the discrete heuristic"],
  hamming: ["Misplaced tiles", "misplaced tiles"],
  manhattan: ["Manhattan distance", "Manhattan distance"],
  "walking-distance": ["Walking distance", "walking distance"],
  "linear-conflict": ["Linear conflict", "linear conflict"],
  "group-tables": ["Its own estimates", "its own estimates"],
  yours: ["Yours", "your heuristic"],
});

/** Arrow shown beside a move's letter (the direction the tile moves). */
/** @type {Readonly<Record<string, string>>} */
export const ARROWS = Object.freeze({ U: "↑", D: "↓", L: "←", R: "→" });

/** A move's letter as a word (the direction the tile moves). */
/** @type {Readonly<Record<string, string>>} */
export const DIRECTIONS = Object.freeze({ U: "up", D: "down", L: "left", R: "right" });

/** @type {Readonly<Record<string, string>>} */
const STOP_REASONS = Object.freeze({
  cancelled: "cancelled",
  "node-limit": "it reached its limit of nodes",
  "time-limit": "it reached its time limit",
  "memory-limit": "it ran out of the memory this page allows",
});

/**
 * The plain name of an algorithm (its core's title, capitalised) or a heuristic ("linear-conflict" reads "Linear
 * conflict"; a pattern database "Pattern database").
 * @param {string} name
 */
export function label(name) {
  const title = Object.hasOwn(ALGORITHM_TITLES, name) ? ALGORITHM_TITLES[name] : null;
  if (title) return title.charAt(0).toUpperCase() + title.slice(1);
  if (Object.hasOwn(HEURISTIC_TITLES, name)) return HEURISTIC_TITLES[name][0];
  if (/^pdb-/.test(String(name))) return "Pattern database";
  const text = String(name).replaceAll("-", " ").replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A heuristic's name inside a sentence ("linear conflict", "Manhattan distance", "the pattern database").
 * @param {string} name */
export function phrase(name) {
  if (Object.hasOwn(HEURISTIC_TITLES, name)) return HEURISTIC_TITLES[name][1];
  if (/^pdb-/.test(String(name))) return "the pattern database";
  return label(name).toLowerCase();
}

/** "A* with linear conflict": an algorithm and its heuristic. @param {string} algorithm @param {string} heuristic */
export function searchName(algorithm, heuristic) {
  return `${label(algorithm)} with ${phrase(heuristic)}`;
}

/**
 * A count and its noun, in the plural unless it is one: "1 move", "3 moves".
 * @param {number} n
 * @param {string} noun
 */
export function count(n, noun) {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Choices in words: "L", "L or R", "U, L or R"; a dash for none.
 * @param {readonly string[]} choices
 */
export function either(choices) {
  if (choices.length < 2) return choices.length ? choices[0] : "–";
  return `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}`;
}

/** A figure with thousands separators ("—" when there is none). @param {number | null | undefined} n */
export function figure(n) {
  return typeof n === "number" ? n.toLocaleString("en") : "—";
}

/** @param {number | null | undefined} s */
export function seconds(s) {
  if (typeof s !== "number") return "—";
  if (s < 0.001) return "< 1 ms";
  if (s < 1) return `${Math.round(s * 1000)} ms`;
  if (s < 60) return `${s.toFixed(s < 10 ? 2 : 1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** Why a search stopped, in words ("it reached its limit of nodes"). @param {string | null | undefined} stopped */
export function stopReason(stopped) {
  return STOP_REASONS[String(stopped)] || String(stopped).replaceAll("-", " ");
}

/** Bytes in megabytes (10⁶ bytes, as downloads are counted): "3.2". @param {number} bytes */
export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/**
 * The time a download still needs, as a person says it: "about 8 s", "about 45 s" (steps of 5 s from 10 s on),
 * "about 3 min" (a no-break space before the unit); "" while it is not known (no estimate yet, or none left).
 * @param {number | null | undefined} s seconds
 */
export function timeLeft(s) {
  if (typeof s !== "number" || !Number.isFinite(s) || s <= 0) return "";
  if (s < 10) return `about ${Math.max(1, Math.round(s))}\u00a0s`;
  if (s < 90) return `about ${Math.round(s / 5) * 5}\u00a0s`;
  return `about ${Math.round(s / 60)}\u00a0min`;
}

/**
 * A download's progress in words: "3.2 of 5.1 MB, about 8 s" (the time left when it is known; no-break spaces
 * keep a figure and its unit on one line).
 * @param {number} received bytes
 * @param {number} total bytes
 * @param {number | null | undefined} secondsLeft
 */
export function downloadWords(received, total, secondsLeft) {
  const left = timeLeft(secondsLeft);
  return `${megabytes(received)} of ${megabytes(total)}\u00a0MB${left ? `, ${left}` : ""}`;
}

/**
 * One progress record as a line: nodes (summed over the workers of a split search, and how many), then — unless
 * `plain` (the job line under a Solve or a Hint: a player's words) — the bound (IDA*), f (A*) or beam depth
 * (near-optimal) and the frontier, and the time so far.
 * @param {import("./protocol.js").Progress} p
 * @param {boolean} [plain]
 */
export function progressLine(p, plain = false) {
  const parts = [`${figure(p.nodes_expanded)} nodes`];
  if (p.split) parts.push(`${p.split.workers} workers`);
  if (plain) return [...parts, seconds(p.elapsed)].join(" · ");
  const boundName = p.algorithm === "idastar" ? "bound" : p.algorithm === "near-optimal" ? "depth" : "f";
  if (typeof p.bound === "number") parts.push(`${boundName} ${p.bound}`);
  if (typeof p.frontier === "number" && !p.split) {
    parts.push(`${p.algorithm === "idastar" ? "depth" : "frontier"} ${figure(p.frontier)}`);
  }
  parts.push(seconds(p.elapsed));
  return parts.join(" · ");
}
