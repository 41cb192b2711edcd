// @ts-check
// Moves on a board object {rows, cols, tiles} (row-major, 0 = blank), in the page, without a round trip to
// Python: playback and the user's own moves must be instant even on big boards.
//
// Convention (the core's, npuzzle.board): a move is named by the tile that slides into the blank; its letter
// is the direction the TILE moves — U, D, L, R. An arrow key is the same letter: ArrowUp slides the tile below
// the blank up.

/** @typedef {import("../protocol.js").Board} Board */

/**
 * Tile offset from the blank for each letter: "U" means the tile below the blank moves up.
 * @type {Readonly<Record<string, readonly [number, number]>>}
 */
const OFFSETS = Object.freeze({ U: [1, 0], D: [-1, 0], L: [0, 1], R: [0, -1] });

/**
 * Arrow key → move letter.
 * @type {Readonly<Record<string, string>>}
 */
export const ARROW_LETTERS = Object.freeze({ ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" });

/** Index of the blank. @param {Board} board */
export function blankIndex(board) {
  return board.tiles.indexOf(0);
}

/**
 * The tile that moves in direction `letter` (U/D/L/R), or 0 when none can (the blank is at that edge).
 * @param {Board} board
 * @param {string} letter
 * @param {number} [blank]
 * @returns {number}
 */
export function tileForLetter(board, letter, blank = blankIndex(board)) {
  const offset = OFFSETS[letter];
  if (!offset) return 0;
  const r = Math.floor(blank / board.cols) + offset[0];
  const c = (blank % board.cols) + offset[1];
  if (r < 0 || r >= board.rows || c < 0 || c >= board.cols) return 0;
  return board.tiles[r * board.cols + c];
}

/**
 * The letter of sliding `tile` into the blank, or null when the tile is not next to the blank.
 * @param {Board} board
 * @param {number} tile
 * @param {number} [blank]
 * @returns {string | null}
 */
export function letterOf(board, tile, blank = blankIndex(board)) {
  for (const letter of Object.keys(OFFSETS)) {
    if (tile !== 0 && tileForLetter(board, letter, blank) === tile) return letter;
  }
  return null;
}

/**
 * The board after sliding `tile` into the blank (a new object; the argument is not changed), or null when the
 * move is not legal. O(n) for the copy.
 * @param {Board} board
 * @param {number} tile
 * @param {number} [blank]
 * @returns {Board | null}
 */
export function slide(board, tile, blank = blankIndex(board)) {
  if (letterOf(board, tile, blank) === null) return null;
  const tiles = board.tiles.slice();
  const from = tiles.indexOf(tile);
  tiles[blank] = tile;
  tiles[from] = 0;
  return { rows: board.rows, cols: board.cols, tiles };
}

/**
 * True when both boards have the same shape and tiles.
 * @param {Board | null | undefined} a
 * @param {Board | null | undefined} b
 */
export function sameBoard(a, b) {
  if (!a || !b || a.rows !== b.rows || a.cols !== b.cols || a.tiles.length !== b.tiles.length) return false;
  for (let i = 0; i < a.tiles.length; i++) if (a.tiles[i] !== b.tiles[i]) return false;
  return true;
}

/** @param {Board} board @returns {Board} the board's fields alone, as requests carry them */
export function boardFields(board) {
  return { rows: board.rows, cols: board.cols, tiles: board.tiles };
}

/** The board as the text area shows it: one row per line. @param {Board} board */
export function boardText(board) {
  const rows = [];
  for (let r = 0; r < board.rows; r++) rows.push(board.tiles.slice(r * board.cols, (r + 1) * board.cols).join(" "));
  return rows.join("\n");
}

/**
 * The tiles that slide, nearest the blank first, when `tile` is pushed toward the blank along the blank's row or
 * column: one single-tile move each (a tile next to the blank: just itself). Empty when `tile` is the blank or is
 * not in the blank's row or column.
 * @param {Board} board
 * @param {number} tile
 * @param {number} [blank]
 * @returns {number[]}
 */
export function lineTiles(board, tile, blank = blankIndex(board)) {
  const at = tile === 0 ? -1 : board.tiles.indexOf(tile);
  if (at < 0) return [];
  const { cols } = board;
  let step = 0;
  if (Math.floor(at / cols) === Math.floor(blank / cols)) step = at > blank ? 1 : -1;
  else if (at % cols === blank % cols) step = at > blank ? cols : -cols;
  else return [];
  const tiles = [];
  for (let i = blank + step; ; i += step) {
    tiles.push(board.tiles[i]);
    if (i === at) return tiles;
  }
}

/**
 * The tile a swipe in direction `letter` (U/D/L/R: where the finger went) slides: when the swipe starts on a tile in
 * the blank's row or column on the far side of the blank's travel, that tile (the whole line moves); otherwise the
 * tile next to the blank that moves that way (0: none can).
 * @param {Board} board
 * @param {string} letter
 * @param {number} startIndex the cell the swipe started on (-1: none)
 * @returns {number}
 */
export function tileForSwipe(board, letter, startIndex) {
  const blank = blankIndex(board);
  const tile = startIndex >= 0 ? board.tiles[startIndex] : 0;
  const line = lineTiles(board, tile, blank);
  if (line.length && letterOf(board, line[0], blank) === letter) return tile;
  return tileForLetter(board, letter, blank);
}
