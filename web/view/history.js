// @ts-check
// The player's solves of the board's shape: the averages (best, mean of 3, average of 5 and of 12) of time, moves
// and line moves, a chart of the times over the solves, the list (newest first), the CSV download and the delete
// with its confirmation.

import { el } from "../dom.js";
import { averages } from "../model/history.js";
import { formatTime } from "../model/game.js";
import { svg } from "./chart.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../model/history.js").Entry} Entry */

const LISTED = 50; // the list shows this many solves, newest first (the CSV has them all)
const CHARTED = 100; // the chart shows this many, the last ones

/** @param {number | null} ms */
const timeText = (ms) => (ms === null ? "–" : formatTime(ms, true));
/** @param {number | null} n moves (an average may have a fraction) */
const movesText = (n) => (n === null ? "–" : Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * Draw the history of `shape` (its solves, oldest first, in `players.entries`); `players.confirming`: the delete
 * waits for its confirmation; `players.csvUrl` is the object URL of the CSV download ("": nothing to download).
 * @param {Ui} ui
 * @param {string} shape "4×4" (empty: no board on screen)
 * @param {import("../state.js").Players} players
 */
export function drawHistory(ui, shape, players) {
  const { entries, confirming, csvUrl } = players;
  ui.history.hidden = !shape || entries.length === 0;
  ui.historyHeading.textContent = `Your ${shape} solves`;
  ui.historyNote.textContent = `${entries.length} solve${entries.length === 1 ? "" : "s"}, kept on this device`;
  const times = averages(entries.map((e) => e.ms));
  const moves = averages(entries.map((e) => e.moves));
  const lines = averages(entries.map((e) => e.lines));
  /** @type {[string, "best" | "mo3" | "ao5" | "ao12"][]} */
  const rows = [["Best", "best"], ["Mean of 3", "mo3"], ["Average of 5", "ao5"], ["Average of 12", "ao12"]];
  ui.historyAverages.replaceChildren(...rows.map(([name, key]) => {
    const row = el("tr");
    const head = el("th", null, name);
    head.scope = "row";
    row.append(head, el("td", null, timeText(times[key])), el("td", null, movesText(moves[key])),
      el("td", null, movesText(lines[key])));
    row.dataset.average = key;
    return row;
  }));
  ui.historyChart.replaceChildren(...(entries.length ? [timeChart(shape, entries.slice(-CHARTED))] : []));
  const listed = entries.slice(-LISTED).reverse();
  ui.historyList.replaceChildren(...listed.map((e, k) => {
    const row = el("tr");
    const shortest = e.shortest === null ? "–" : e.optimal ? String(e.shortest) : `≤ ${e.shortest}`;
    row.append(
      el("td", null, String(entries.length - k)),
      el("td", null, new Date(e.at).toLocaleString()),
      el("td", null, formatTime(e.ms, true)),
      el("td", null, String(e.moves)),
      el("td", null, String(e.lines)),
      el("td", null, shortest),
      el("td", null, String(e.hints)),
    );
    return row;
  }));
  ui.historyCsv.hidden = !csvUrl;
  if (csvUrl) {
    ui.historyCsv.href = csvUrl;
    ui.historyCsv.download = `npuzzle-${shape.replace("×", "x")}-solves.csv`;
  } else {
    ui.historyCsv.removeAttribute("href");
  }
  ui.historyDelete.hidden = confirming;
  ui.historyConfirm.hidden = !confirming;
  ui.historyConfirmText.textContent = `Delete all ${entries.length} ${shape} solve${entries.length === 1 ? "" : "s"}` +
    " from this device? This cannot be undone.";
}

/**
 * The times of the solves as a line over the solves, oldest first (an SVG role=img whose label lists them); the
 * caller passes the last CHARTED at most.
 * @param {string} shape
 * @param {readonly Entry[]} entries
 * @returns {SVGSVGElement}
 */
export function timeChart(shape, entries) {
  const width = 480;
  const height = 160;
  const pad = { left: 44, right: 12, top: 12, bottom: 26 };
  const seconds = entries.map((e) => e.ms / 1000);
  const top = niceTop(Math.max(...seconds));
  const x = (/** @type {number} */ k) => pad.left + (entries.length === 1 ? 0.5 : k / (entries.length - 1))
    * (width - pad.left - pad.right);
  const y = (/** @type {number} */ s) => pad.top + (1 - s / top) * (height - pad.top - pad.bottom);
  const chart = /** @type {SVGSVGElement} */ (svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "chart history-chart", role: "img",
    "aria-label": `Time of each ${shape} solve, oldest first, in seconds: ` +
      seconds.map((s) => s.toFixed(1)).join(", ") + ".",
  }));
  for (const tick of [0, top / 2, top]) {
    chart.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(tick), y2: y(tick), class: "grid-line" }));
    chart.append(svg("text", { x: pad.left - 6, y: y(tick) + 4, "text-anchor": "end", class: "tick" },
      `${tick % 1 ? tick.toFixed(1) : tick} s`));
  }
  chart.append(svg("text", { x: width - pad.right, y: height - 6, "text-anchor": "end", class: "tick" },
    `${entries.length} solve${entries.length === 1 ? "" : "s"}, oldest left`));
  chart.append(svg("polyline", { points: seconds.map((s, k) => `${x(k).toFixed(1)},${y(s).toFixed(1)}`).join(" "),
    class: "series" }));
  seconds.forEach((s, k) => {
    const dot = svg("circle", { cx: x(k).toFixed(1), cy: y(s).toFixed(1), r: 3.5, class: "point" });
    dot.append(svg("title", {}, `Solve ${k + 1}: ${s.toFixed(1)} s, ${entries[k].moves} moves`));
    chart.append(dot);
  });
  return chart;
}

/** A round top for an axis from 0 to above `max` (1, 2 or 5 times a power of ten). @param {number} max */
function niceTop(max) {
  const power = 10 ** Math.floor(Math.log10(Math.max(max, 0.1)));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
