// @ts-check
// How search results read on the page: names of algorithms and heuristics, the progress line, the solution's
// summary and statistics, the move list and the compare table. Text only ever goes in with textContent.

/** @typedef {import("../protocol.js").Progress} Progress */
/** @typedef {import("../protocol.js").SolveReply} SolveReply */
/** @typedef {import("../protocol.js").CompareRow} CompareRow */

/** @type {Readonly<Record<string, string>>} */
const STOP_REASONS = Object.freeze({
  cancelled: "cancelled",
  "node-limit": "node limit reached",
  "time-limit": "time limit reached",
  "memory-limit": "memory limit reached",
});

import { el } from "../dom.js";
import { ALGORITHM_TITLES } from "../protocol.js";

/** Arrow shown beside each move letter (the direction the tile moves). */
/** @type {Readonly<Record<string, string>>} */
const ARROWS = Object.freeze({ U: "↑", D: "↓", L: "←", R: "→" });

/** @type {Readonly<Record<string, string>>} */
const DIRECTIONS = Object.freeze({ U: "up", D: "down", L: "left", R: "right" });

/** The display name of an algorithm (its core's title, capitalised) or heuristic (a pattern database by its
 * partition; any other name as words: "linear-conflict" reads "Linear conflict"). */
/** @param {string} name */
export function label(name) {
  const title = Object.hasOwn(ALGORITHM_TITLES, name) ? ALGORITHM_TITLES[name] : null;
  if (title) return title.charAt(0).toUpperCase() + title.slice(1);
  const pdb = /^pdb-([0-9/-]+)(\+reflected)?$/.exec(String(name)); // e.g. pdb-7/7-7+reflected
  if (pdb) return `Pattern database ${pdb[1]}${pdb[2] ? " + reflection" : ""}`;
  const text = String(name).replaceAll("-", " ").replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** @param {number | null | undefined} n */
export function count(n) {
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

/** @param {string | null | undefined} stopped */
export function stopReason(stopped) {
  return STOP_REASONS[String(stopped)] || String(stopped).replaceAll("-", " ");
}

/** One progress record as a line: nodes (summed over the workers of a split search, and how many), bound (IDA*),
 * f (A*) or beam depth (near-optimal), frontier, elapsed. */
/** @param {Progress} p */
export function progressLine(p) {
  const parts = [`${count(p.nodes_expanded)} nodes`];
  if (p.split) parts.push(`${p.split.workers} workers`);
  const boundName = p.algorithm === "idastar" ? "bound" : p.algorithm === "near-optimal" ? "depth" : "f";
  if (typeof p.bound === "number") parts.push(`${boundName} ${p.bound}`);
  if (typeof p.frontier === "number" && !p.split) parts.push(`${p.algorithm === "idastar" ? "depth" : "frontier"} ${count(p.frontier)}`);
  parts.push(seconds(p.elapsed));
  return parts.join(" · ");
}

/**
 * Fill the solution section from a solve reply: badge, summary sentence, statistics. Returns the badge kind
 * ("optimal", "not-optimal", "stopped").
 * @param {{badge: HTMLElement, summary: HTMLElement, facts: HTMLElement}} parts
 * @param {SolveReply} reply
 */
export function renderSolution(parts, reply) {
  const { badge, summary, facts } = parts;
  const how = `${label(reply.algorithm)} with the ${label(reply.heuristic).toLowerCase()} heuristic`;
  let kind;
  if (reply.moves) {
    kind = reply.optimal ? "optimal" : "not-optimal";
    badge.textContent = reply.optimal ? "optimal" : "not proven optimal";
    if (reply.length === 0) summary.textContent = "The board already is the goal: nothing to do.";
    else if (reply.optimal) {
      summary.textContent = `${count(reply.length)} moves — the shortest possible, proven by ${how}.`;
    } else if (reply.algorithm === "near-optimal") {
      const worst = typeof reply.ratio_bound === "number" ? `, so this one is at most ${reply.ratio_bound.toFixed(2)}× as long` : "";
      summary.textContent = `${count(reply.length)} moves, found near-optimally (peeling edge lines, beam search, ` +
        `shortening). Short, but not proven to be the shortest solution: the shortest has at least ` +
        `${count(reply.lower_bound)} moves (lower bound)${worst}.`;
    } else {
      const bound = (reply.lower_bound ?? 0) > 0 ? ` The shortest solution has at least ${count(reply.lower_bound)} moves.` : "";
      summary.textContent =
        `${count(reply.length)} moves, found by ${how}. This is not proven to be the shortest solution.${bound}` +
        (reply.message ? ` ${reply.message}` : "");
    }
  } else {
    kind = "stopped";
    badge.textContent = `stopped: ${stopReason(reply.stopped)}`;
    const note = reply.stopped === "cancelled" ? "Search cancelled" : `Search stopped (${stopReason(reply.stopped)})`;
    summary.textContent = reply.message ? `${note}: no solution yet. ${reply.message}`
      : `${note} after ${count(reply.nodes_expanded)} nodes and ${seconds(reply.seconds)}: no solution yet.`;
  }
  badge.dataset.kind = kind;
  const rows = [
    ["Length", reply.moves ? `${count(reply.length)} moves` : "—"],
    ["Optimal", reply.moves ? (reply.optimal ? "yes (proven)" : "not proven") : "—"],
    ["Nodes expanded", count(reply.nodes_expanded)],
    [reply.algorithm === "idastar" ? "Max depth" : "Max frontier", count(reply.max_frontier)],
    ["Time", seconds(reply.seconds)],
    ["Search", `${label(reply.algorithm)} + ${label(reply.heuristic).toLowerCase()}`],
  ];
  if (reply.algorithm === "idastar" && reply.iterations) rows.push(["Iterations", count(reply.iterations)]);
  const workers = reply.extra && reply.extra.jobs;
  if (workers) rows.push(["Workers", `${workers} (each IDA* iteration split below the root)`]);
  if (!reply.optimal && (reply.lower_bound ?? 0) > 0) rows.push(["Lower bound", `${count(reply.lower_bound)} moves`]);
  if (reply.moves && !reply.optimal && typeof reply.ratio_bound === "number") {
    rows.push(["At worst", `${reply.ratio_bound.toFixed(2)}× the shortest`]);
  }
  facts.replaceChildren(...rows.map(([term, value]) => {
    const group = el("div");
    group.append(el("dt", null, term), el("dd", null, value));
    return group;
  }));
  return kind;
}

/** Most moves listed one by one; longer solutions list this many (playback still runs them all). */
export const MAX_LISTED_MOVES = 5000;

/**
 * The move list: one item per move, tile number and letter (data-k = its index).
 * @param {HTMLElement} list
 * @param {number[]} moves
 * @param {string} [letters]
 */
export function renderMoveList(list, moves, letters) {
  const items = [];
  const n = Math.min(moves.length, MAX_LISTED_MOVES);
  for (let k = 0; k < n; k++) {
    const item = el("li", null, String(moves[k]));
    item.dataset.k = String(k);
    const letter = letters ? letters[k] : "";
    const dir = el("span", "dir", letter);
    dir.title = `${ARROWS[letter] || ""} tile ${moves[k]} moves ${DIRECTIONS[letter] || ""}`;
    item.append(dir);
    item.setAttribute("aria-label", `move ${k + 1}: tile ${moves[k]} ${letter}`);
    items.push(item);
  }
  if (moves.length > n) items.push(el("li", "more", `… ${count(moves.length - n)} more`));
  list.replaceChildren(...items);
}

/**
 * Mark moves before `index` done and the move at `index` current, touching only items between old and new.
 * @param {HTMLElement} list
 * @param {number} from
 * @param {number} to
 */
export function markMoves(list, from, to) {
  const lo = Math.max(0, Math.min(from, to) - 1);
  const hi = Math.min(Math.max(from, to) + 1, list.children.length - 1);
  let current = null;
  for (let k = lo; k <= hi; k++) {
    const item = list.children[k];
    if (!(item instanceof HTMLElement) || item.dataset.k === undefined) continue;
    item.classList.toggle("done", k < to);
    item.classList.toggle("current", k === to);
    if (k === to) current = item;
  }
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
}

/**
 * The compare table: finished `rows` (from the core), then the heuristic running now (`running`: a progress
 * record) and the ones still waiting (`waiting`: names).
 * @param {HTMLElement} tbody
 * @param {CompareRow[]} rows
 * @param {Progress | null} [running]
 * @param {string[]} [waiting]
 */
export function renderCompareRows(tbody, rows, running = null, waiting = []) {
  const out = [];
  for (const r of rows) {
    const tr = el("tr");
    tr.dataset.state = r.length === null || r.length === undefined ? "stopped" : "done";
    const th = el("th", null, label(r.heuristic));
    th.setAttribute("scope", "row");
    tr.append(th);
    const length = el("td", "length");
    if (r.length === null || r.length === undefined) {
      length.textContent = "—";
      length.append(el("span", "sub", `stopped: ${stopReason(r.stopped)}`));
    } else {
      length.textContent = count(r.length);
    }
    tr.append(length, el("td", null, count(r.nodes_expanded)), el("td", null, count(r.max_frontier)),
      el("td", null, seconds(r.seconds)));
    out.push(tr);
  }
  if (running) {
    const tr = el("tr");
    tr.dataset.state = "running";
    const th = el("th", null, label(running.heuristic));
    th.setAttribute("scope", "row");
    tr.append(th, el("td", "length", "running…"), el("td", null, count(running.nodes_expanded)),
      el("td", null, count(running.max_frontier || running.frontier)), el("td", null, seconds(running.elapsed)));
    out.push(tr);
  }
  for (const name of waiting) {
    const tr = el("tr");
    tr.dataset.state = "waiting";
    const th = el("th", null, label(name));
    th.setAttribute("scope", "row");
    tr.append(th, el("td", "length", "waiting"), el("td"), el("td"), el("td"));
    out.push(tr);
  }
  tbody.replaceChildren(...out);
}
