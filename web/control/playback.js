// @ts-check
// Playback of a solution on the board: play, pause, step forward and back, reset, skip to the end, speed.
//
// The controller owns the position (how many of the moves have been made) and the board at that position;
// the view (BoardView) animates each single step and jumps are drawn in one redraw, so skipping through a
// long solution on a big board costs one render, not one per move. Stepping back slides the same tile again.

import { slide } from "../model/moves.js";

/** @typedef {import("../protocol.js").Board} Board */

/**
 * @typedef {{view: import("../view/board.js").BoardView, goal: Board | null, speed: number,
 *   reducedMotion: boolean, onChange: ((playback: Playback) => void) | null}} PlaybackProps
 */

/** @type {Readonly<Omit<PlaybackProps, "view">>} */
const DEFAULTS = Object.freeze({
  // view: the BoardView to animate (moveTile, setBoard): required
  goal: null, // the goal board (passed to setBoard on jumps)
  speed: 4, // moves per second while playing
  reducedMotion: false, // true: no slide animation (prefers-reduced-motion)
  onChange: null, // (playback) => void after every step, jump, play or pause
});

export class Playback {
  /**
   * @param {Board} start the board the moves start from
   * @param {number[]} moves the tiles to slide, in order
   * @param {Pick<PlaybackProps, "view"> & Partial<PlaybackProps>} props
   */
  constructor(start, moves, props) {
    this.props = { ...DEFAULTS, ...props };
    this.start = start;
    this.moves = moves;
    this.index = 0; // moves made
    this.board = start;
    this.playing = false;
    this.timer = 0;
  }

  get atEnd() {
    return this.index >= this.moves.length;
  }

  /** Animation length of one step at the current speed (ms): most of the interval, capped. */
  stepDuration() {
    if (this.props.reducedMotion) return 0;
    return Math.min(220, Math.round((1000 / this.props.speed) * 0.8));
  }

  changed() {
    if (this.props.onChange) this.props.onChange(this);
  }

  /** Make the next move (animated). Returns false at the end. */
  forward() {
    if (this.atEnd) return false;
    const tile = this.moves[this.index];
    this.board = slideOrThrow(this.board, tile);
    this.index += 1;
    this.props.view.moveTile(tile, this.stepDuration());
    this.changed();
    return true;
  }

  /** Undo the last move (animated). Returns false at the start. */
  back() {
    if (this.index === 0) return false;
    this.pause(false);
    this.index -= 1;
    const tile = this.moves[this.index];
    this.board = slideOrThrow(this.board, tile);
    this.props.view.moveTile(tile, this.stepDuration());
    this.changed();
    return true;
  }

  /** Jump to position `index` (0 … moves.length) with one redraw. @param {number} index */
  seek(index) {
    const target = Math.max(0, Math.min(this.moves.length, index));
    if (target === this.index) return;
    let board = target < this.index ? this.start : this.board;
    const from = target < this.index ? 0 : this.index;
    if (from < target) {
      const tiles = board.tiles.slice();
      const { cols } = board;
      let blank = tiles.indexOf(0);
      for (let k = from; k < target; k++) {
        const tile = this.moves[k];
        const c = blank % cols;
        let at = -1;
        if (blank >= cols && tiles[blank - cols] === tile) at = blank - cols;
        else if (blank + cols < tiles.length && tiles[blank + cols] === tile) at = blank + cols;
        else if (c > 0 && tiles[blank - 1] === tile) at = blank - 1;
        else if (c < cols - 1 && tiles[blank + 1] === tile) at = blank + 1;
        if (at < 0) throw new Error(`move ${k + 1}: tile ${tile} is not next to the blank`);
        tiles[blank] = tile;
        tiles[at] = 0;
        blank = at;
      }
      board = { rows: board.rows, cols, tiles };
    }
    this.board = board;
    this.index = target;
    this.props.view.setBoard(board, this.props.goal);
    if (this.atEnd) this.pause(false);
    this.changed();
  }

  reset() {
    this.pause(false);
    this.seek(0);
  }

  end() {
    this.pause(false);
    this.seek(this.moves.length);
  }

  /** @param {number} movesPerSecond */
  setSpeed(movesPerSecond) {
    this.props.speed = Math.max(0.25, Number(movesPerSecond) || DEFAULTS.speed);
    if (this.playing) {
      clearTimeout(this.timer);
      this.schedule();
    }
  }

  play() {
    if (this.playing) return;
    if (this.atEnd) this.seek(0);
    this.playing = true;
    this.changed();
    this.tick();
  }

  pause(notify = true) {
    if (!this.playing) return;
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = 0;
    if (notify) this.changed();
  }

  tick() {
    if (!this.playing) return;
    if (!this.forward() || this.atEnd) {
      this.playing = false;
      this.changed();
      return;
    }
    this.schedule();
  }

  schedule() {
    this.timer = window.setTimeout(() => this.tick(), 1000 / this.props.speed);
  }

  destroy() {
    this.pause(false);
  }
}

/**
 * The board after sliding `tile` (a move of the solution: always legal).
 * @param {Board} board
 * @param {number} tile
 * @returns {Board}
 */
function slideOrThrow(board, tile) {
  const next = slide(board, tile);
  if (!next) throw new Error(`tile ${tile} is not next to the blank`);
  return next;
}
