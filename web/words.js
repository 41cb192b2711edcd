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
  "group-tables": ["Its own tables", "its own tables"],
});

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
 * One progress record as a line: nodes (summed over the workers of a split search, and how many), the bound
 * (IDA*), f (A*) or beam depth (near-optimal), the frontier, the time so far.
 * @param {import("./protocol.js").Progress} p
 */
export function progressLine(p) {
  const parts = [`${figure(p.nodes_expanded)} nodes`];
  if (p.split) parts.push(`${p.split.workers} workers`);
  const boundName = p.algorithm === "idastar" ? "bound" : p.algorithm === "near-optimal" ? "depth" : "f";
  if (typeof p.bound === "number") parts.push(`${boundName} ${p.bound}`);
  if (typeof p.frontier === "number" && !p.split) {
    parts.push(`${p.algorithm === "idastar" ? "depth" : "frontier"} ${figure(p.frontier)}`);
  }
  parts.push(seconds(p.elapsed));
  return parts.join(" · ");
}
