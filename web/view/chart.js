// @ts-check
// Small SVG bar charts drawn from data (no library: two chart shapes in ~150 lines do not pay for one): horizontal
// bars on a linear or log scale (the heuristics compared) and columns on a log scale (IDA*'s nodes per iteration).
// Each chart is an <svg role="img"> whose aria-label states every figure; each bar has a <title> for hover. Sized by
// its viewBox to the width of its box; colours from the page's CSS custom properties (light and dark).

const NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {{label: string, value: number, note?: string}} Bar a labelled figure; `note` marks it (e.g. "stopped")
 * @typedef {{name: string, bars: Bar[]}} Series one measure, a bar per label
 */

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {string} [text]
 */
export function svg(tag, attributes = {}, text = "") {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

/** @param {number} n */
const figure = (n) => n.toLocaleString("en");

/** @param {number} n a power of ten's exponent @returns {string} 1, 10, 100, 1k, 10k … 1M … */
function tickText(n) {
  const units = ["", "k", "M", "G", "T"];
  const unit = Math.min(Math.floor(n / 3), units.length - 1);
  return `${10 ** (n - unit * 3)}${units[unit]}`;
}

/** The powers of ten spanning 1 … `max`. @param {number} max */
function decades(max) {
  return Math.max(1, Math.ceil(Math.log10(Math.max(10, max))));
}

/**
 * The words of a chart's aria-label: "Nodes expanded: Manhattan distance 12,034; …. Largest heap: …".
 * @param {Series[]} series
 */
export function describe(series) {
  return series.map((s) => `${s.name}: ` + s.bars.map((b) => `${b.label} ${figure(b.value)}${b.note ? ` (${b.note})` : ""}`)
    .join("; ")).join(". ") + ".";
}

/**
 * Horizontal bars, for each label one bar per series (e.g. nodes expanded, largest heap), each with its figure at
 * its end: on a linear scale from 0 (167,826 and 250,000 read apart), or on a log scale when the figures span
 * LOG_SPAN or more (257 beside 250,000 is then a bar, not a sliver; the axis says so). A bar with a `note` (a run
 * that did not finish) is drawn hatched and says so: its figure is where the run gave up, not what it would have
 * needed. Drawn `width` units wide for a box that many CSS pixels wide, so that its words keep their size; in a
 * narrow box (a phone's) each label stands above its bars.
 * @param {string} title what the chart shows (first words of its label)
 * @param {Series[]} series
 * @param {number} [width] the box's width in CSS pixels
 * @returns {SVGSVGElement}
 */
export function barChart(title, series, width = 680) {
  const labels = series.length ? series[0].bars.map((b) => b.label) : [];
  const values = series.flatMap((s) => s.bars.map((b) => b.value)).filter((v) => v > 0);
  const log = values.length > 1 && Math.max(...values) >= LOG_SPAN * Math.min(...values);
  const max = log ? decades(Math.max(...values)) : niceTop(Math.max(1, ...values));
  const narrow = width < NARROW_CHART;
  const left = narrow ? 4 : 150, right = 150, bar = 14, gap = 4, above = narrow ? 16 : 0;
  const group = above + series.length * (bar + gap) + 10;
  const plotBottom = labels.length * group + 4;
  const height = plotBottom + 44;
  const plot = width - left - right;
  const x = (/** @type {number} */ v) => left + (plot * (log ? Math.log10(Math.max(1, v)) : Math.max(0, v))) / max;
  const chart = /** @type {SVGSVGElement} */ (svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart" }));
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", `${title}${log ? ", on a log scale" : ""}. ${describe(series)}`);
  const defs = svg("defs");
  const hatch = svg("pattern", { id: "hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" });
  hatch.append(svg("rect", { width: 6, height: 6, class: "hatch-ground" }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 6,
    class: "hatch-line" }));
  defs.append(hatch);
  chart.append(defs);
  const ticks = log ? max : 4; // each power of ten, or quarters
  for (let k = 0; k <= ticks; k++) {
    const at = left + (plot * k) / ticks;
    chart.append(svg("line", { x1: at, x2: at, y1: 0, y2: plotBottom, class: "grid-line" }),
      svg("text", { x: at, y: plotBottom + 14, class: "tick", "text-anchor": "middle" },
        log ? tickText(k) : shortFigure((max * k) / 4)));
  }
  labels.forEach((name, i) => {
    const y0 = i * group + 6;
    chart.append(narrow ? svg("text", { x: left, y: y0 + 11, class: "label" }, name)
      : svg("text", { x: left - 8, y: y0 + (series.length * (bar + gap)) / 2 + 4, class: "label",
        "text-anchor": "end" }, name));
    series.forEach((s, k) => {
      const b = s.bars[i];
      const y = y0 + above + k * (bar + gap);
      const rect = svg("rect", { x: left, y, width: Math.max(1, x(b.value) - left), height: bar,
        class: `bar series-${k}${b.note ? " marked" : ""}` });
      rect.append(svg("title", {}, `${name}, ${s.name.toLowerCase()}: ${figure(b.value)}${b.note ? ` (${b.note})` : ""}`));
      chart.append(rect, svg("text", { x: x(b.value) + 4, y: y + bar - 3, class: "value" },
        `${figure(b.value)}${b.note ? `+ (${b.note})` : ""}`));
    });
  });
  const legendY = plotBottom + 36;
  const step = Math.min(170, (width - left) / Math.max(1, series.length + (log ? 1 : 0)));
  series.forEach((s, k) => {
    chart.append(svg("rect", { x: left + k * step, y: legendY - 9, width: 10, height: 10, class: `swatch series-${k}` }),
      svg("text", { x: left + k * step + 14, y: legendY, class: "legend" }, s.name));
  });
  if (log) chart.append(svg("text", { x: left + series.length * step, y: legendY, class: "legend" }, "log scale"));
  return chart;
}

/**
 * The width in CSS pixels a chart drawn into `box` will have: its parent's content width (the box itself has none
 * while it is empty and so not displayed); undefined when that is not laid out (hidden).
 * @param {HTMLElement} box
 */
export function chartWidth(box) {
  const parent = box.parentElement;
  if (!parent) return undefined;
  const style = getComputedStyle(parent);
  const width = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return width > 0 ? Math.round(width) : undefined;
}

/** Figures this many times apart, or more, are drawn on a log scale by barChart. */
const LOG_SPAN = 100;

/** Below this width (CSS pixels) a bar chart puts each label above its bars. */
const NARROW_CHART = 520;

/**
 * A round top for an axis from 0 to at least `max` (above 0): one of `steps` (by default 1, 2, 2.5 or 5) times a
 * power of ten.
 * @param {number} max
 * @param {readonly number[]} [steps] ascending, from 1 to 10
 */
export function niceTop(max, steps = [1, 2, 2.5, 5, 10]) {
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of steps) if (step * power >= max - 1e-9) return Math.round(step * power * 1e6) / 1e6;
  return 10 * power;
}

/** An axis figure: 250k, 1.5M, 40. @param {number} n */
function shortFigure(n) {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(+n.toFixed(1));
}

/**
 * Columns on a log scale, one per labelled figure in order (IDA*: nodes per iteration, labelled by the bound); the
 * last is drawn as running when `running`.
 * @param {string} title
 * @param {Series} series
 * @param {boolean} running
 * @returns {SVGSVGElement}
 */
export function columnChart(title, series, running) {
  const bars = series.bars;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const top = decades(max);
  const left = 44, bottom = 34, width = 640, height = 220;
  const plotH = height - bottom - 10;
  const slot = (width - left - 10) / Math.max(bars.length, 8);
  const y = (/** @type {number} */ v) => 10 + plotH - (plotH * Math.log10(Math.max(1, v))) / top;
  const chart = /** @type {SVGSVGElement} */ (svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart" }));
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", `${title} (log scale). ${describe([series])}${running ? " The last one is running." : ""}`);
  for (let d = 0; d <= top; d++) {
    const at = y(10 ** d);
    chart.append(svg("line", { x1: left, x2: width - 10, y1: at, y2: at, class: "grid-line" }),
      svg("text", { x: left - 6, y: at + 4, class: "tick", "text-anchor": "end" }, tickText(d)));
  }
  bars.forEach((b, i) => {
    const x0 = left + i * slot + slot * 0.15;
    const last = running && i === bars.length - 1;
    const rect = svg("rect", { x: x0, y: y(b.value), width: slot * 0.7, height: Math.max(1, 10 + plotH - y(b.value)),
      class: `bar series-0${last ? " running" : ""}` });
    rect.append(svg("title", {}, `${series.name} at ${b.label}: ${figure(b.value)}${last ? " (running)" : ""}`));
    chart.append(rect, svg("text", { x: x0 + slot * 0.35, y: height - bottom + 16, class: "tick",
      "text-anchor": "middle" }, b.label.replace(/^bound /, "")));
  });
  chart.append(svg("text", { x: left, y: height - 4, class: "legend" }, `${series.name}, by bound (the f-limit)`));
  return chart;
}

/**
 * Lines on a log scale, one per series, over numbered points (the lab's nodes by depth): each point a dot with a
 * <title>, the series named in a legend under the plot. Drawn `width` units wide for a box that many CSS pixels wide.
 * @param {string} title what the chart shows (first words of its label)
 * @param {string} xName what the points are numbered by (the x axis)
 * @param {Series[]} series each bar's label a whole number (its x)
 * @param {number} [width]
 * @returns {SVGSVGElement}
 */
export function logLines(title, xName, series, width = 640) {
  const xs = [...new Set(series.flatMap((s) => s.bars.map((b) => Number(b.label))))].sort((a, b) => a - b);
  const top = decades(Math.max(1, ...series.flatMap((s) => s.bars.map((b) => b.value))));
  const left = 44, right = 12, plotTop = 10, plotH = 190;
  const legendRows = Math.ceil(series.length / Math.max(1, Math.floor((width - left) / 200)));
  const height = plotTop + plotH + 40 + 18 * legendRows;
  const first = xs[0] ?? 0, span = Math.max(1, (xs[xs.length - 1] ?? 1) - first);
  const x = (/** @type {number} */ v) => left + ((width - left - right) * (v - first)) / span;
  const y = (/** @type {number} */ v) => plotTop + plotH - (plotH * Math.log10(Math.max(1, v))) / top;
  const chart = /** @type {SVGSVGElement} */ (svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart" }));
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", `${title} (log scale). ${describe(series)}`);
  for (let d = 0; d <= top; d++) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(10 ** d), y2: y(10 ** d), class: "grid-line" }),
      svg("text", { x: left - 6, y: y(10 ** d) + 4, class: "tick", "text-anchor": "end" }, tickText(d)));
  }
  for (const v of xs) {
    chart.append(svg("text", { x: x(v), y: plotTop + plotH + 16, class: "tick", "text-anchor": "middle" }, String(v)));
  }
  chart.append(svg("text", { x: left, y: plotTop + plotH + 32, class: "legend" }, `${xName} (log scale of nodes)`));
  const perRow = Math.max(1, Math.floor((width - left) / 200));
  series.forEach((s, k) => {
    const points = s.bars.map((b) => `${x(Number(b.label))},${y(b.value)}`).join(" ");
    chart.append(svg("polyline", { points, class: `line line-${k}` }));
    for (const b of s.bars) {
      const dot = svg("circle", { cx: x(Number(b.label)), cy: y(b.value), r: 3, class: `dot line-${k}` });
      dot.append(svg("title", {}, `${s.name}, ${xName.toLowerCase()} ${b.label}: ${figure(b.value)}`));
      chart.append(dot);
    }
    const lx = left + (k % perRow) * 200, ly = plotTop + plotH + 52 + 18 * Math.floor(k / perRow);
    chart.append(svg("line", { x1: lx, x2: lx + 16, y1: ly - 4, y2: ly - 4, class: `line line-${k}` }),
      svg("text", { x: lx + 20, y: ly, class: "legend" }, s.name));
  });
  return chart;
}
