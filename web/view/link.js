// @ts-check
// The link to the board on screen: `#board=1,2,3/4,5,6/7,8,0&goal=…` in the address bar and the share line.

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
 * Put `fragment` in the address bar (replacing the entry) and show it as the share link ("": no link).
 * @param {import("../ui.js").Ui} ui
 * @param {string} fragment
 */
export function renderLink(ui, fragment) {
  const url = new URL(window.location.href);
  url.hash = fragment;
  history.replaceState(null, "", fragment ? url.href : url.pathname + url.search);
  ui.share.hidden = !fragment;
  if (fragment) ui.shareLink.href = url.href;
}

/**
 * Read `#board=…&goal=…`; null when the fragment holds no board.
 * @returns {{board: string, goal?: string} | null}
 */
export function readFragment() {
  const hash = window.location.hash.replace(/^#/, "");
  if (!hash) return null;
  /** @type {Record<string, string>} */
  const fields = {};
  for (const part of hash.split("&")) {
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
