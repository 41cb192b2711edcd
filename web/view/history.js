// @ts-check
// The player's solves of the board's shape in the play mode chosen: the averages (best, mean of 3, average of 5 and
// of 12; a DNF counts as the worst) of time, moves and line moves, a chart of the times over the solves, the list
// (newest first, with moves per second), the CSV download and the delete with its confirmation.

import { el } from "../dom.js";
import { historyAverages, movesPerSecond } from "../model/history.js";
import { formatTime } from "../model/game.js";
import { niceTop, svg } from "./chart.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../model/history.js").Entry} Entry */

/** The list's dates: day, month and time, short ("Nov 26, 14:05"), so that the list fits a phone. */
const DATE_FORMAT = Object.freeze({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

const LISTED = 50; // the list shows this many solves, newest first (the CSV has them all)
const CHARTED = 100; // the chart shows this many, the last ones

/** @param {number | null} ms (Infinity: a DNF) */
const timeText = (ms) => (ms === null ? "–" : ms === Infinity ? "DNF" : formatTime(ms, true));
/** @param {number | null} n moves (an average may have a fraction; Infinity: a DNF) */
const movesText = (n) => (n === null ? "–" : n === Infinity ? "DNF" : Number.isInteger(n) ? String(n) : n.toFixed(1));

/** How each play mode's solves are named in the heading. */
/** @type {Readonly<Record<import("../model/history.js").Mode, string>>} */
const MODE_WORDS = Object.freeze({ free: "", "no-assists": ", no assists", blindfold: ", blindfolded" });

/**
 * Draw the history of `shape` in `mode` (its solves, oldest first, in `players.entries`); `players.confirming`: the
 * delete waits for its confirmation; `players.csvUrl` is the object URL of the CSV download ("": nothing to
 * download).
 * @param {Ui} ui
 * @param {string} shape "4×4" (empty: no board on screen)
 * @param {import("../state.js").Players} players
 * @param {import("../model/history.js").Mode} mode
 */
export function drawHistory(ui, shape, players, mode) {
  const { entries, confirming, csvUrl } = players;
  ui.history.hidden = !shape || entries.length === 0;
  ui.historyHeading.textContent = `Your ${shape} solves${MODE_WORDS[mode]}`;
  ui.historyNote.textContent = `${entries.length} solve${entries.length === 1 ? "" : "s"} of boards dealt with Shuffle or ` +
    "Deal (only those count), kept on this device; a game with hints sets no best";
  const times = historyAverages(entries, "ms");
  const moves = historyAverages(entries, "moves");
  const lines = historyAverages(entries, "lines");
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
  const charted = entries.slice(-CHARTED).filter((e) => !e.dnf);
  ui.historyChart.replaceChildren(...(charted.length ? [timeChart(shape, charted)] : []));
  const listed = entries.slice(-LISTED).reverse();
  ui.historyList.replaceChildren(...listed.map((e, k) => {
    const row = el("tr");
    const found = e.shortest === null ? "–" : e.optimal ? String(e.shortest) : `≤ ${e.shortest}`;
    const shortest = e.shortest !== null && e.metric === "mtm" ? `${found} lines` : found;
    const tps = movesPerSecond(e.moves, e.ms);
    row.append(
      el("td", null, String(entries.length - k)),
      el("td", null, new Date(e.at).toLocaleString(undefined, DATE_FORMAT)),
      timeCell(e),
      el("td", null, String(e.moves)),
      el("td", null, String(e.lines)),
      el("td", null, tps === null ? "–" : tps.toFixed(2)),
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

/** A solve's time in the list; a DNF's says DNF (its time on hover). @param {Entry} e */
function timeCell(e) {
  const cell = el("td", null, e.dnf ? "DNF" : formatTime(e.ms, true));
  if (e.dnf) cell.title = `DNF after ${formatTime(e.ms, true)}`;
  return cell;
}

/**
 * The times of the solves as a line over the solves, oldest first (an SVG role=img whose label lists them); the
 * caller passes the last CHARTED at most, without DNFs.
 * @param {string} shape
 * @param {readonly Entry[]} entries
 * @returns {SVGSVGElement}
 */
export function timeChart(shape, entries) {
  const width = 480;
  const height = 160;
  const pad = { left: 44, right: 12, top: 12, bottom: 26 };
  const seconds = entries.map((e) => e.ms / 1000);
  const top = niceTop(Math.max(0.1, ...seconds));
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
