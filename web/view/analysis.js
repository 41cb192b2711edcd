// @ts-check
// For speedsolvers: a solve analysed against the optimum — its progress (with Cancel) while it runs, then the
// verdict in words, the figures, the chart of the distance to the goal after each move (the mistakes marked, an
// optimal solve's pace beside it; its words are the chart's text alternative), the mistakes with every better
// move (the optimal moves from where each was played), and the switch to the other way of counting. Text only ever
// goes in with textContent.

import { el } from "../dom.js";
import { either, figure } from "../words.js";
import { timeWords } from "../model/history.js";
import { chartWidth, niceTop, svg } from "./chart.js";
import { databaseOf, downloadPlace, tablesName, tablesServe } from "../model/tables.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").Analysis} Analysis */
/** @typedef {import("../protocol.js").AnalyseReply} AnalyseReply */

const LISTED_MISTAKES = 50; // the table lists the first ones; the chart marks them all
/** The tops of the distance axis, times a power of ten: a whole number of moves at the top and at its half. */
const WHOLE_STEPS = Object.freeze([1, 1.2, 1.6, 2, 3, 4, 5, 6, 8, 10]);

/**
 * @param {Ui} ui
 * @param {Analysis | null} analysis
 * @param {boolean} hidden the game on screen is played without assists (the analysis waits until it is over)
 * @param {import("../state.js").TablesState} tables the tables that make an analysis in its metric exact
 */
export function drawAnalysis(ui, analysis, hidden, tables) {
  ui.analysis.hidden = !analysis || hidden;
  if (!analysis || hidden) return;
  const { reply, error } = analysis;
  const lines = analysis.metric === "mtm";
  ui.analysisHeading.textContent = analysis.of === "solve" ? "Your solve, analysed" : "The reconstruction, analysed";
  const running = !reply && !error;
  ui.analysisJob.hidden = !running;
  if (running) {
    ui.analysisJobTitle.textContent = analysis.cancelAt ? "Stopping…" : `Analysing in ${lines ? "line moves" : "moves"}…`;
    ui.analysisJobDetail.textContent = analysis.detail || `move ${figure(analysis.analysed)} of ${figure(analysis.total)}`;
    ui.analysisProgress.value = analysis.total ? analysis.analysed / analysis.total : 0;
    ui.analysisCancel.disabled = Boolean(analysis.cancelAt);
  }
  ui.analysisBadge.textContent = !reply ? "" : reply.exact ? "exact" : "lower bounds";
  ui.analysisBadge.dataset.kind = !reply ? "" : reply.exact ? "optimal" : "not-optimal";
  ui.analysisSummary.textContent = reply ? words(reply, analysis, tables) : error ? `No analysis: ${error}` : "";
  ui.analysisFacts.replaceChildren(...(reply ? facts(reply, analysis) : []).map(([term, value]) => {
    const group = el("div", term === "Time" ? "double" : ""); // a time and its pace on one line
    group.append(el("dt", null, term), el("dd", null, value));
    return group;
  }));
  ui.analysisChart.replaceChildren(...(reply && reply.distances.length > 1
    ? [distanceChart(reply, chartWidth(ui.analysisChart))] : []));
  const mistakes = reply ? reply.steps.map((step, k) => ({ step, number: k + 1 })).filter((m) => m.step.mistake) : [];
  ui.analysisMistakesWrap.hidden = mistakes.length === 0;
  ui.analysisMistakes.replaceChildren(...mistakes.slice(0, LISTED_MISTAKES).map(({ step, number }) => {
    const row = el("tr");
    row.append(el("td", null, String(number)), el("td", null, step.move),
      el("td", null, `${step.before} → ${step.after}`), el("td", null, either(step.optimal_moves || [])));
    return row;
  }));
  ui.analysisMetric.textContent = lines ? "Count single tiles instead" : "Count line moves instead";
  ui.analysisMetric.hidden = running;
  ui.analysisSource.textContent = reply ? `The distances come from ${reply.source}.` : "";
}

/**
 * What the analysis says, in words: the core's summary, and when it has lower bounds only, what exact distances
 * would take here (the tables this page has, is getting or offers; on a phone they wait to be asked for).
 * @param {AnalyseReply} reply
 * @param {Analysis} analysis
 * @param {import("../state.js").TablesState} tables
 */
function words(reply, analysis, tables) {
  if (reply.exact) return reply.summary;
  const { rows, cols } = analysis.solve.start;
  const database = databaseOf(analysis.metric);
  const kind = tablesName(database);
  const served = tablesServe(tables, rows, cols);
  const phase = tables.last ? tables.last.phase : null;
  /** @type {Record<string, string>} */
  const because = {
    none: `Exact distances on a ${rows}×${cols} need its ${kind}, which this copy of the page does not have.`,
    failed: `Exact distances need the ${kind}, which could not be loaded.`,
    offered: `Exact distances need the ${kind}: download them ${downloadPlace(database)}, and the solve is analysed ` +
      "again.",
    downloading: `Exact distances need the ${kind}, on their way now: the solve is analysed again once they are here.`,
  };
  const why = !served ? `Exact distances need a board of up to 3×3, or a 4×4 with its ${kind}.`
    : because[phase === null ? "none" : phase === "loading" ? "downloading" : phase] || "";
  return why ? `${reply.summary} ${why}` : reply.summary;
}

/**
 * The figures beside the chart, as [term, value]: the moves, the shortest from the start, mistakes, moves lost,
 * the time and the moves per second (when timed).
 * @param {AnalyseReply} reply
 * @param {Analysis} analysis
 */
function facts(reply, analysis) {
  const unit = reply.metric === "mtm" ? "line moves" : "moves";
  const start = reply.distances.length ? reply.distances[0] : null;
  const { ms, letters } = analysis.solve;
  const tiles = reply.metric === "mtm" ? ` (${figure(letters.length)} single-tile moves)` : ""; // the moves of the pace
  /** @type {[string, string][]} */
  const rows = [["Played", `${figure(reply.moves)} ${unit}${tiles}`]];
  if (reply.exact && start !== null) rows.push(["Shortest", `${figure(start)} ${unit}`]);
  else if (start !== null) {
    const near = reply.near_optimal === null ? "" : `, found: ${figure(reply.near_optimal)}`;
    rows.push(["Shortest", `at least ${figure(start)}${near}`]);
  }
  if (reply.exact) {
    rows.push(["Mistakes", figure(reply.mistakes.length)], ["Lost", `${figure(reply.lost)} ${unit}`]);
  }
  if (ms !== null) rows.push(["Time", timeWords(letters.length, ms)]); // as the board and the history say it
  return rows;
}

/**
 * The distance to the goal after each move (move 0: the start), as a line; the mistakes marked; for an exact
 * analysis the pace of an optimal solve (one closer a move) dashed beside it. An SVG role=img whose label is the
 * analysis in words.
 * Drawn `width` units wide for a box that many CSS pixels wide (at most 560), so that its words keep their size;
 * under 400 its legend takes two lines.
 * @param {AnalyseReply} reply
 * @param {number} [room] the box's width in CSS pixels
 * @returns {SVGSVGElement}
 */
export function distanceChart(reply, room = 420) {
  const { chart } = reply;
  const width = Math.min(560, Math.max(260, room));
  const twoLines = width < 400; // the legend's third mark goes under the first
  const height = twoLines ? 214 : 198;
  const pad = { left: 36, right: 12, top: 12, bottom: twoLines ? 64 : 48 };
  const xMax = Math.max(1, chart.x_max);
  const yTop = niceTop(Math.max(1, chart.y_max), WHOLE_STEPS);
  const x = (/** @type {number} */ k) => pad.left + (k / xMax) * (width - pad.left - pad.right);
  const y = (/** @type {number} */ d) => pad.top + (1 - d / yTop) * (height - pad.top - pad.bottom);
  const box = /** @type {SVGSVGElement} */ (svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart analysis-chart",
    role: "img", "aria-label": `Distance to the goal after each move. ${chart.text}` }));
  for (const tick of [0, yTop / 2, yTop].filter(Number.isInteger)) { // moves are whole: no 12.5
    box.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(tick), y2: y(tick), class: "grid-line" }),
      svg("text", { x: pad.left - 6, y: y(tick) + 4, "text-anchor": "end", class: "tick" }, figure(tick)));
  }
  const below = height - pad.bottom + 22; // the axes' words
  box.append(svg("text", { x: pad.left, y: below, class: "tick" }, `distance in ${chart.unit}`),
    svg("text", { x: width - pad.right, y: below, "text-anchor": "end", class: "tick" },
      `move ${figure(chart.x_max)}`));
  const start = chart.points.length ? chart.points[0][1] : 0;
  const legend = below + 20; // what each mark is
  box.append(svg("line", { x1: pad.left, x2: pad.left + 18, y1: legend - 4, y2: legend - 4, class: "key-series" }),
    svg("text", { x: pad.left + 22, y: legend, class: "legend" }, "your solve"),
    svg("circle", { cx: pad.left + 110, cy: legend - 4, r: 3.5, class: "key-mistake" }),
    svg("text", { x: pad.left + 118, y: legend, class: "legend" }, "a mistake"));
  if (chart.exact) {
    const [kx, ky] = twoLines ? [pad.left, legend + 16] : [pad.left + 200, legend];
    box.append(svg("line", { x1: kx, x2: kx + 18, y1: ky - 4, y2: ky - 4, class: "key-pace" }),
      svg("text", { x: kx + 22, y: ky, class: "legend" }, "one closer a move"));
  }
  if (chart.exact && start > 0) {
    box.append(svg("line", { x1: x(0), y1: y(start), x2: x(Math.min(start, xMax)),
      y2: y(Math.max(0, start - xMax)), class: "pace" }));
  }
  box.append(svg("polyline", { class: "series",
    points: chart.points.map(([k, d]) => `${x(k).toFixed(1)},${y(d).toFixed(1)}`).join(" ") }));
  for (const number of chart.mistakes) {
    const point = chart.points[number];
    if (!point) continue;
    const dot = svg("circle", { cx: x(point[0]).toFixed(1), cy: y(point[1]).toFixed(1), r: 3.5, class: "mistake" });
    dot.append(svg("title", {}, `Move ${number}: a mistake, ${point[1]} from the goal after it`));
    box.append(dot);
  }
  return box;
}
