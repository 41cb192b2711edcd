// @ts-check
// The link to a board: `#board=1,2,3/4,5,6/7,8,0&goal=…` (the goal left out when it is the default), written for
// the board on screen and read when the page opens or the address changes.

/** @typedef {import("../protocol.js").Board} Board */

const MAX_LINK_CELLS = 10000; // bigger boards are not put in the URL

/** @param {Board} board @returns {string} rows joined by "/", tiles by "," */
export function boardLinkText(board) {
  const rows = [];
  for (let r = 0; r < board.rows; r++) rows.push(board.tiles.slice(r * board.cols, (r + 1) * board.cols).join(","));
  return rows.join("/");
}

/**
 * The fragment for a board and goal ("" when the board is too big for a link).
 * @param {Board} board
 * @param {string} goalKind default, blank-first or custom
 * @param {Board} goal
 */
export function fragmentFor(board, goalKind, goal) {
  if (board.tiles.length > MAX_LINK_CELLS) return "";
  let fragment = `board=${boardLinkText(board)}`;
  if (goalKind === "blank-first") fragment += "&goal=blank-first";
  else if (goalKind === "custom") fragment += `&goal=${boardLinkText(goal)}`;
  return fragment;
}

/**
 * Read `#board=…&goal=…` from `hash`; null when it holds no board.
 * @param {string} hash the address's fragment (with or without its "#")
 * @returns {{board: string, goal?: string} | null}
 */
export function readFragment(hash) {
  const text = hash.replace(/^#/, "");
  if (!text) return null;
  /** @type {Record<string, string>} */
  const fields = {};
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    try {
      fields[part.slice(0, at)] = decodeURIComponent(part.slice(at + 1).replaceAll("+", " "));
    } catch {
      fields[part.slice(0, at)] = part.slice(at + 1);
    }
  }
  return fields.board === undefined ? null : { board: fields.board, goal: fields.goal };
}
