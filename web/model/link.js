// @ts-check
// The link to a board: `#board=1,2,3/4,5,6/7,8,0&goal=…` (the goal left out when it is the default), written for
// the board on screen and read when the page opens or the address changes; a solve's link adds its moves in the
// speedsolvers' notation, each move's time in ms from the first, the clock's time when it stopped after the last
// move (a blindfolded solve's Done) and the seed: `&moves=U2RD3L&times=0,180,…&total=1500&seed=42` (the page then
// replays and analyses it).

import { boardText } from "./moves.js";

/** @typedef {import("../protocol.js").Board} Board */

const MAX_LINK_CELLS = 10000; // bigger boards are not put in the URL (nor written into the text area as they move)

/** @param {Board} board @returns {boolean} whether the board is small enough to be written out as it moves */
export function linkable(board) {
  return board.tiles.length <= MAX_LINK_CELLS;
}

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
  if (!linkable(board)) return "";
  let fragment = `board=${boardLinkText(board)}`;
  if (goalKind === "blank-first") fragment += "&goal=blank-first";
  else if (goalKind === "custom") fragment += `&goal=${boardLinkText(goal)}`;
  return fragment;
}

/**
 * The goal kind of a goal board: "default" (blank last), "blank-first" or "custom".
 * @param {Board} goal
 */
export function goalKindOf(goal) {
  const n = goal.tiles.length;
  if (goal.tiles.every((t, i) => t === (i + 1) % n)) return "default";
  if (goal.tiles.every((t, i) => t === i)) return "blank-first";
  return "custom";
}

/** @param {import("../state.js").Form} form @returns {string} the goal chosen in the form, as the core reads it */
export function goalSpec(form) {
  return form.goalKind === "custom" ? form.goal : form.goalKind;
}

/**
 * Put the goal board `goal` into the form's goal fields: its kind, and the board itself when custom.
 * @param {import("../state.js").Form} form
 * @param {Board} goal
 */
export function setGoal(form, goal) {
  form.goalKind = goalKindOf(goal);
  if (form.goalKind === "custom") form.goal = boardText(goal);
}

/**
 * The fragment of a solve's link: its start and goal, its moves in notation, their times (null: not timed) and the
 * seed (null: none); "" when the board is too big for a link.
 * @param {Board} board
 * @param {Board} goal
 * @param {string} notation
 * @param {number[] | null} times
 * @param {string | null} seed
 * @param {number | null} [total] the clock's ms when it stopped after the last move (a blindfolded solve's Done)
 */
export function replayFragment(board, goal, notation, times, seed, total = null) {
  const fragment = fragmentFor(board, goalKindOf(goal), goal);
  if (!fragment) return "";
  let more = `&moves=${encodeURIComponent(notation)}`;
  if (times) more += `&times=${times.join(",")}`;
  if (times && total !== null) more += `&total=${total}`;
  if (seed !== null) more += `&seed=${encodeURIComponent(seed)}`;
  return fragment + more;
}

/**
 * Read `#board=…&goal=…` (and a solve's `moves`, `times`, `total`, `seed`) from `hash`; null when it holds no board.
 * @param {string} hash the address's fragment (with or without its "#")
 * @returns {{board: string, goal?: string, moves?: string, times?: string, total?: string, seed?: string} | null}
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
  if (fields.board === undefined) return null;
  return { board: fields.board, goal: fields.goal, moves: fields.moves, times: fields.times, total: fields.total,
    seed: fields.seed };
}


/**
 * The link to the course lab's settings: `#lab&depths=2-20:2&boards=20&runs=bfs,astar:misplaced&check=4x4&code=…`
 * (`check`, the boards a heuristic is checked on, only when not every 8-puzzle; the code in base64url of its UTF-8,
 * so that any text survives the address bar).
 * @param {{depths: string, boards: string, runs: string[], checkShape: string, code: string}} lab
 * @returns {string}
 */
export function labFragment(lab) {
  const bytes = new TextEncoder().encode(lab.code);
  const code = btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  const fields = new URLSearchParams({ depths: lab.depths, boards: lab.boards, runs: lab.runs.join(",") });
  if (lab.checkShape !== "3x3") fields.set("check", lab.checkShape);
  return `lab&${fields.toString()}${code ? `&code=${code}` : ""}`;
}

/**
 * The lab's settings a link holds (`#lab&…`), or null when the fragment is no lab link; a setting left out or
 * unreadable is null.
 * @param {string} hash the location's hash
 * @returns {{depths: string | null, boards: string | null, runs: string[] | null, checkShape: string | null,
 *   code: string | null} | null}
 */
export function readLabFragment(hash) {
  const text = hash.replace(/^#/, "");
  if (text !== "lab" && !text.startsWith("lab&")) return null;
  const fields = new URLSearchParams(text.slice(3));
  let code = null;
  const packed = fields.get("code");
  if (packed) {
    try {
      const binary = atob(packed.replaceAll("-", "+").replaceAll("_", "/"));
      code = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    } catch {
      code = null; // a damaged link: the editor keeps its code
    }
  }
  const runs = fields.get("runs");
  const check = fields.get("check");
  return { depths: fields.get("depths"), boards: fields.get("boards"), runs: runs ? runs.split(",") : null,
    checkShape: check === "4x4" || check === "3x3" ? check : null, code };
}
