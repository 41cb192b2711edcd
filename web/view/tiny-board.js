// @ts-check
// A board drawn small, for figures in words (the lab's breaches, the proof's steps): its tiles in a grid, cells
// marked by class, optionally the snake drawn through it. role=img, its label the tiles in reading order.

import { el } from "../dom.js";
import { svg } from "./chart.js";

/**
 * @param {number[]} tiles row by row, 0 the blank
 * @param {number} cols
 * @param {{marks?: Map<number, string>, path?: number[]}} [options] a class per cell; cells to draw a line through
 * @returns {HTMLElement}
 */
export function tinyBoard(tiles, cols, options = {}) {
  const grid = el("div", "tiny-board");
  grid.style.setProperty("--cols", String(cols));
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", tiles.map((t) => (t ? String(t) : "blank")).join(" "));
  tiles.forEach((tile, cell) => {
    const mark = options.marks?.get(cell);
    grid.append(el("span", [tile ? "" : "blank", mark || ""].join(" ").trim() || null, tile ? String(tile) : ""));
  });
  if (options.path && options.path.length > 1) {
    const rows = Math.ceil(tiles.length / cols);
    const line = svg("svg", { viewBox: `0 0 ${cols} ${rows}`, class: "tiny-path", "aria-hidden": "true",
      preserveAspectRatio: "none" });
    const points = options.path.map((cell) => `${(cell % cols) + 0.5},${Math.floor(cell / cols) + 0.5}`).join(" ");
    line.append(svg("polyline", { points }));
    grid.append(line);
  }
  return grid;
}
