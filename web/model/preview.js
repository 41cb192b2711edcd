// @ts-check
// A quick look at a board's text in JavaScript, so the page can draw the board of a link (or the example) the
// moment it opens, before Python is ready. It only recognises plain, well-formed boards — rows of whole numbers
// (blank 0, _, ., -, x or *), rows on lines or separated by "/", numbers by spaces or commas — and says nothing
// about them: the verdict, and any message about a malformed board, are Python's once it is ready.

/** @typedef {import("../protocol.js").Board} Board */

const BLANKS = new Set(["0", "_", ".", "-", "x", "X", "*"]);
const MAX_PREVIEW_CELLS = 1024; // the grid's limit; bigger boards wait for Python

/**
 * The board `text` plainly writes, or null when it is not a plain well-formed board (Python will say why).
 * @param {string} text
 * @returns {Board | null}
 */
export function previewBoard(text) {
  const lines = text.split(/[\n/]/).map((line) => line.trim()).filter(Boolean);
  const rows = lines.map((line) => line.split(/[\s,]+/).filter(Boolean));
  const cols = rows.length ? rows[0].length : 0;
  if (rows.length < 2 || cols < 2 || rows.length * cols > MAX_PREVIEW_CELLS) return null;
  /** @type {number[]} */
  const tiles = [];
  for (const row of rows) {
    if (row.length !== cols) return null;
    for (const token of row) tiles.push(BLANKS.has(token) ? 0 : /^\d+$/.test(token) ? Number(token) : -1);
  }
  const seen = new Uint8Array(tiles.length);
  for (const tile of tiles) {
    if (tile < 0 || tile >= tiles.length || seen[tile]) return null;
    seen[tile] = 1;
  }
  return { rows: rows.length, cols, tiles };
}
