// @ts-check
// The heuristics compared: its note and table (finished rows weakest first by what they measured, the running one,
// the waiting ones; a run that hit its limit says it did not finish, not a number that looks like a result), and
// under the table a chart of the finished rows' nodes expanded and largest heaps (chart.js barChart: on a log scale
// when they span orders of magnitude).

import { el } from "../dom.js";
import { figure, label, seconds, stopReason } from "../words.js";
import { barChart, chartWidth } from "./chart.js";

/** @typedef {import("../protocol.js").CompareRow} CompareRow */

/**
 * @param {import("../ui.js").Ui} ui
 * @param {import("../state.js").Comparison | null} comparison null: no comparison (hidden, emptied)
 */
export function drawComparison(ui, comparison) {
  if (!comparison) {
    ui.comparison.hidden = true;
    ui.compareBody.replaceChildren();
    ui.compareChart.replaceChildren();
    return;
  }
  ui.comparison.hidden = false;
  ui.comparisonNote.textContent = comparison.note;
  const { running, waiting } = comparison;
  const rows = weakestFirst(comparison.rows);
  ui.compareBody.replaceChildren(...rows.map(finishedRow), ...(running ? [runningRow(running)] : []),
    ...waiting.map(waitingRow));
  ui.compareChart.replaceChildren();
  if (!rows.length) return;
  const note = (/** @type {CompareRow} */ r) => (r.length === null ? "did not finish" : undefined);
  ui.compareChart.append(barChart("Heuristics compared", [
    { name: "Nodes expanded", bars: rows.map((r) => ({ label: label(r.heuristic), value: r.nodes_expanded, note: note(r) })) },
    { name: "Largest heap", bars: rows.map((r) => ({ label: label(r.heuristic), value: r.max_frontier, note: note(r) })) },
  ], chartWidth(ui.compareChart)));
}

/**
 * The finished rows ordered by what was measured, weakest first: those that did not finish, then by nodes expanded,
 * most first (the order of the runs is auto's ranking, which a board can contradict).
 * @param {CompareRow[]} rows
 */
function weakestFirst(rows) {
  const unfinished = (/** @type {CompareRow} */ r) => (r.length === null || r.length === undefined ? 1 : 0);
  return [...rows].sort((a, b) => unfinished(b) - unfinished(a) || b.nodes_expanded - a.nodes_expanded);
}

/** @param {string} name @returns {HTMLTableRowElement} a row whose header cell names the heuristic */
function row(name) {
  const tr = el("tr");
  const th = el("th", null, label(name));
  th.setAttribute("scope", "row");
  tr.append(th);
  return tr;
}

/** @param {CompareRow} r */
function finishedRow(r) {
  const tr = row(r.heuristic);
  const stopped = r.length === null || r.length === undefined;
  tr.dataset.state = stopped ? "stopped" : "done";
  const length = el("td", "length");
  if (stopped) {
    length.textContent = r.stopped === "node-limit" ? "did not finish" // its nodes expanded say where it stopped
      : `did not finish: ${stopReason(r.stopped)}`;
  } else {
    length.textContent = figure(r.length);
  }
  tr.append(length, el("td", null, figure(r.nodes_expanded)), el("td", null, figure(r.max_frontier)),
    el("td", null, seconds(r.seconds)));
  return tr;
}

/** @param {import("../protocol.js").Progress} p */
function runningRow(p) {
  const tr = row(p.heuristic);
  tr.dataset.state = "running";
  tr.append(el("td", "length", "running…"), el("td", null, figure(p.nodes_expanded)),
    el("td", null, figure(p.max_frontier || p.frontier)), el("td", null, seconds(p.elapsed)));
  return tr;
}

/** @param {string} name */
function waitingRow(name) {
  const tr = row(name);
  tr.dataset.state = "waiting";
  tr.append(el("td", "length", "waiting"), el("td"), el("td"), el("td"));
  return tr;
}
