// @ts-check
// The board as the page shows it.
//
// Boards up to `maxGridCells` cells are an ARIA grid (role="grid" → role="row" → role="gridcell", the blank
// labelled "blank") with a roving tabindex: Enter or Space (or a click or tap) on a tile hands it to `onSlide`
// (the controller slides it, with the tiles between it and the blank when it is in the blank's row or column);
// arrow keys move the focus between cells unless `arrowKeys` is "slide" (then the page handles them and slides
// tiles: see model/moves.js). A swipe (touch, pen or mouse drag) goes to `onSwipe` with its direction and the cell
// it started on. `moveTiles` slides tiles in place and animates them (the Web Animations API on the cells'
// transform), so playback costs two cell updates per move, not a redraw; `mark` tints tiles (a hint) and follows them
// as they move; each tile carries its goal place (`--pr`, `--pc`) for a picture puzzle's CSS. Bigger boards (up to
// 1000×1000) are drawn on a canvas, one pixel per tile, each tile coloured by where it belongs in the goal: a solved
// board is a smooth gradient, a shuffled one noise.

/** @typedef {import("../protocol.js").Board} Board */

/**
 * @type {Readonly<{maxGridCells: number, onSlide: ((tile: number) => void) | null,
 *   onSwipe: ((letter: string, startIndex: number) => void) | null, arrowKeys: "focus" | "slide"}>}
 */
const DEFAULTS = Object.freeze({
  maxGridCells: 1024, // above this the board is drawn on a canvas
  onSlide: null, // (tile: number) => void, called when the user clicks, taps or presses Enter on a tile
  onSwipe: null, // (letter: "U" | "D" | "L" | "R", startIndex: number) => void, after a swipe on the grid
  arrowKeys: "focus", // "focus": arrows move the focus between cells; "slide": left to the page (slides tiles)
});

const SWIPE_PX = 24; // a drag at least this long along its main axis is a swipe, not a tap

export class BoardView {
  /**
   * @param {HTMLElement} el the container (emptied and owned by the view)
   * @param {Partial<typeof DEFAULTS>} [props]
   */
  constructor(el, props = {}) {
    this.el = el;
    this.props = { ...DEFAULTS, ...props };
    /** @type {Board | null} */
    this.board = null;
    /** @type {Board | null} */
    this.goal = null;
    this.focusIndex = 0;
    this.frame = 0;
    /** @type {Int32Array | null} */
    this.where = null; // goal index of every tile value, for the board on screen
    /** @type {Animation[]} */
    this.animations = [];
    /** @type {((value?: unknown) => void)[]} */
    this.pendingResolve = [];
    /** @type {Map<string, Set<number>>} class name → the tiles it marks */
    this.marks = new Map();
    /** @type {{x: number, y: number, index: number, id: number} | null} the pointer that may be swiping */
    this.swipe = null;
    this.swiped = false; // a swipe just ended: the click that may follow it is not a tap
    /** @type {[string, (event: any) => void][]} the element's listeners, removed again by destroy() */
    this.listeners = [
      ["keydown", (/** @type {KeyboardEvent} */ event) => this.keyDown(event)],
      ["click", (/** @type {MouseEvent} */ event) => this.click(event)],
      ["pointerdown", (/** @type {PointerEvent} */ event) => this.pointerDown(event)],
      ["pointerup", (/** @type {PointerEvent} */ event) => this.pointerUp(event)],
      ["pointercancel", () => { this.swipe = null; }],
    ];
    for (const [type, listener] of this.listeners) this.el.addEventListener(type, listener);
  }

  /**
   * Show `board` ({rows, cols, tiles}) against `goal` (same shape, optional). The redraw happens in the next
   * animation frame; the promise resolves once it is on screen.
   * @param {Board} board
   * @param {Board | null} [goal]
   * @returns {Promise<unknown>}
   */
  setBoard(board, goal = null) {
    this.board = board;
    this.goal = goal && goal.rows === board.rows && goal.cols === board.cols ? goal : null;
    if (this.focusIndex >= board.tiles.length) this.focusIndex = 0;
    return this.schedule();
  }

  /**
   * Show `board` against `goal` unless the view shows them already (the same tiles and goal): a render pass calls
   * this with the board on screen; slides made with moveTiles are already shown.
   * @param {Board | null} board null: no board
   * @param {Board | null} [goal]
   */
  show(board, goal = null) {
    if (!board) {
      if (this.board) {
        this.clear();
        this.flush();
      }
      return;
    }
    const same = (/** @type {Board | null} */ a, /** @type {Board | null} */ b) => a === b
      || (a !== null && b !== null && a.rows === b.rows && a.cols === b.cols && a.tiles.every((t, i) => t === b.tiles[i]));
    const goalShown = goal && goal.rows === board.rows && goal.cols === board.cols ? goal : null;
    if (same(this.board, board) && same(this.goal, goalShown)) return;
    this.setBoard(board, goal);
    this.flush();
  }

  /** Remove the board. */
  clear() {
    this.board = null;
    return this.schedule();
  }

  /** @returns {Promise<unknown>} */
  schedule() {
    const done = new Promise((resolve) => this.pendingResolve.push(resolve));
    if (!this.frame) this.frame = requestAnimationFrame(() => this.flush());
    return done;
  }

  /** Draw the redraw that is due now (the focus kept on its cell). */
  flush() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    const hadFocus = this.el.contains(document.activeElement);
    this.render();
    if (hadFocus) this.focusCell(this.focusIndex);
    for (const resolve of this.pendingResolve.splice(0)) resolve();
  }

  /**
   * Slide `tile` into the blank and show it, animated over `duration` ms (0: at once): {@link moveTiles} with one
   * tile.
   * @param {number} tile
   * @param {number} [duration]
   * @returns {Promise<boolean>}
   */
  moveTile(tile, duration = 0) {
    return this.moveTiles([tile], duration);
  }

  /**
   * Slide `tiles` into the blank one after the other (each next to the blank when its turn comes) and show them,
   * moving together over `duration` ms (0: at once). Updates the cells in place; resolves when the animation has
   * finished (or was overtaken by the next move). Returns false, changing nothing from the first tile that is not
   * next to the blank on.
   * @param {number[]} tiles
   * @param {number} [duration]
   * @returns {Promise<boolean>}
   */
  moveTiles(tiles, duration = 0) {
    for (const animation of this.animations.splice(0)) animation.finish();
    /** @type {Promise<boolean>[]} */
    const done = [];
    for (const tile of tiles) {
      const moved = this.moveOne(tile, duration);
      if (!moved) return Promise.resolve(false);
      done.push(moved);
    }
    return Promise.all(done).then(() => true);
  }

  /**
   * @param {number} tile
   * @param {number} duration
   * @returns {Promise<boolean> | null} null when `tile` is not next to the blank
   */
  moveOne(tile, duration) {
    const board = this.board;
    if (!board) return null;
    const blank = board.tiles.indexOf(0);
    const from = board.tiles.indexOf(tile);
    if (tile === 0 || from < 0 || !isNeighbour(from, blank, board.cols)) return null;
    const tiles = board.tiles.slice();
    tiles[blank] = tile;
    tiles[from] = 0;
    this.board = { rows: board.rows, cols: board.cols, tiles };
    const fromCell = this.frame ? null : this.cellAt(from);
    const toCell = fromCell && this.cellAt(blank);
    if (!fromCell || !toCell) return this.schedule().then(() => true); // canvas, or a redraw is due anyway
    let dx = 0;
    let dy = 0;
    if (duration > 0) {
      const a = fromCell.getBoundingClientRect();
      const b = toCell.getBoundingClientRect();
      dx = a.left - b.left;
      dy = a.top - b.top;
    }
    this.paintCell(fromCell, 0, from, from);
    this.paintCell(toCell, tile, blank, from);
    this.markMovable(blank, from);
    if (duration <= 0 || (dx === 0 && dy === 0)) return Promise.resolve(true);
    const animation = toCell.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
    );
    this.animations.push(animation);
    toCell.classList.add("moving");
    const finished = () => {
      toCell.classList.remove("moving");
      this.animations = this.animations.filter((a) => a !== animation);
      return true;
    };
    return animation.finished.then(finished, finished);
  }

  /**
   * After the blank moved from `was` to `now`: the tiles in its row and column are the movable ones (a click slides
   * the line), where the old row and column had them.
   * @param {number} was
   * @param {number} now
   */
  markMovable(was, now) {
    const board = this.board;
    if (!board || !this.props.onSlide) return;
    for (const i of lineCells(was, board).concat(lineCells(now, board))) {
      const cell = this.cellAt(i);
      if (cell && board.tiles[i] !== 0) cell.classList.toggle("movable", inLine(i, now, board.cols));
    }
  }

  /**
   * Mark `tiles` with the class `name` (a hint's tile, say), replacing what it marked before; the mark follows
   * the tiles as they move, until it is changed or cleared (an empty list).
   * @param {string} name
   * @param {Iterable<number>} tiles
   */
  mark(name, tiles) {
    const set = new Set(tiles);
    const before = this.marks.get(name) || new Set();
    if (set.size === before.size && [...set].every((t) => before.has(t))) return;
    if (set.size) this.marks.set(name, set);
    else this.marks.delete(name);
    for (const cell of this.el.querySelectorAll(`.${name}`)) cell.classList.remove(name);
    for (const tile of set) {
      const i = this.board ? this.board.tiles.indexOf(tile) : -1;
      const cell = i >= 0 ? this.cellAt(i) : null;
      if (cell) cell.classList.add(name);
    }
  }

  /**
   * Show `t` in `cell` (at board index `i`; `blank` is where the blank is now).
   * @param {HTMLElement} cell
   * @param {number} t
   * @param {number} i
   * @param {number} blank
   */
  paintCell(cell, t, i, blank) {
    cell.classList.remove("home", "movable", "tile", "blank", ...this.marks.keys());
    placePiece(cell, t, this.where, this.board ? this.board.cols : 1);
    if (t === 0) {
      cell.classList.add("blank");
      cell.textContent = "";
      cell.setAttribute("aria-label", "blank");
    } else {
      cell.classList.add("tile");
      cell.removeAttribute("aria-label");
      cell.textContent = String(t);
      if (this.where && this.where[t] === i) cell.classList.add("home");
      if (this.props.onSlide && this.board && inLine(i, blank, this.board.cols)) cell.classList.add("movable");
      for (const [name, marked] of this.marks) if (marked.has(t)) cell.classList.add(name);
    }
  }

  render() {
    for (const animation of this.animations.splice(0)) animation.cancel();
    this.el.replaceChildren();
    const board = this.board;
    if (!board) {
      this.el.className = "board-view empty";
      return;
    }
    if (board.tiles.length <= this.props.maxGridCells) this.renderGrid(board);
    else this.renderCanvas(board);
  }

  /** The goal position of every tile value of `board`. @param {Board} board */
  goalIndexOf(board) {
    const n = board.tiles.length;
    const where = new Int32Array(n);
    if (this.goal) this.goal.tiles.forEach((t, i) => { where[t] = i; });
    else {
      for (let t = 1; t < n; t++) where[t] = t - 1;
      where[0] = n - 1;
    }
    return where;
  }

  /** @param {Board} board */
  renderGrid(board) {
    const { rows, cols, tiles } = board;
    const where = this.goalIndexOf(board);
    this.where = where;
    const blank = tiles.indexOf(0);
    this.el.className = "board-view";
    const grid = document.createElement("div");
    grid.className = this.props.onSwipe ? "grid swipeable" : "grid";
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", `${rows}×${cols} board`);
    grid.setAttribute("aria-rowcount", String(rows));
    grid.setAttribute("aria-colcount", String(cols));
    grid.style.setProperty("--cols", String(cols));
    grid.style.setProperty("--rows", String(rows));
    const digits = String(tiles.length - 1).length;
    grid.dataset.digits = String(Math.min(digits, 4));
    if (cols > 12 || rows > 12) grid.classList.add("dense");
    for (let r = 0; r < rows; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "grid-row";
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        const t = tiles[i];
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.dataset.index = String(i);
        cell.tabIndex = i === this.focusIndex ? 0 : -1;
        if (t === 0) {
          cell.className = "cell blank";
          cell.setAttribute("aria-label", "blank");
        } else {
          cell.className = "cell tile";
          cell.textContent = String(t);
          placePiece(cell, t, where, cols);
          if (where[t] === i) cell.classList.add("home");
          if (this.props.onSlide && inLine(i, blank, cols)) cell.classList.add("movable");
          for (const [name, marked] of this.marks) if (marked.has(t)) cell.classList.add(name);
        }
        row.append(cell);
      }
      grid.append(row);
    }
    this.el.append(grid);
  }

  /** @param {Board} board */
  renderCanvas(board) {
    const { rows, cols, tiles } = board;
    const where = this.goalIndexOf(board);
    this.el.className = "board-view big";
    const canvas = document.createElement("canvas");
    canvas.width = cols;
    canvas.height = rows;
    canvas.className = "heatmap";
    canvas.setAttribute("role", "img");
    canvas.setAttribute(
      "aria-label",
      `${rows}×${cols} board, too large to list tile by tile: each tile is coloured by its place in the goal`,
    );
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    const image = ctx.createImageData(cols, rows);
    const px = image.data;
    for (let i = 0; i < tiles.length; i++) {
      const t = tiles[i];
      const o = i * 4;
      if (t === 0) {
        px[o] = 255; px[o + 1] = 255; px[o + 2] = 255; px[o + 3] = 255;
        continue;
      }
      const g = where[t];
      const gr = Math.floor(g / cols) / Math.max(1, rows - 1);
      const gc = (g % cols) / Math.max(1, cols - 1);
      // teal → indigo across rows, lighter across columns
      px[o] = 30 + 80 * gr + 90 * gc;
      px[o + 1] = 140 - 90 * gr + 60 * gc;
      px[o + 2] = 150 + 60 * gr + 30 * gc;
      px[o + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    const caption = document.createElement("p");
    caption.className = "caption";
    caption.textContent =
      `${rows}×${cols} board (${(tiles.length - 1).toLocaleString("en")} tiles), one dot per tile, coloured by ` +
      "where it belongs: a solved board is a smooth gradient. The white dot is the blank.";
    this.el.append(canvas, caption);
  }

  /** @param {number} index @returns {HTMLElement | null} */
  cellAt(index) {
    return this.el.querySelector(`[role="gridcell"][data-index="${index}"]`);
  }

  /** @returns {HTMLElement | null} where the keyboard plays the board: the cell that takes the focus (null: none) */
  focusTarget() {
    return this.el.querySelector('[role="gridcell"][tabindex="0"]');
  }

  /** @param {number} index */
  focusCell(index) {
    const old = /** @type {HTMLElement | null} */ (this.el.querySelector('[role="gridcell"][tabindex="0"]'));
    const cell = this.cellAt(index);
    if (!cell) return;
    if (old) old.tabIndex = -1;
    cell.tabIndex = 0;
    cell.focus();
    this.focusIndex = index;
  }

  /** @param {KeyboardEvent} event */
  keyDown(event) {
    const cell = event.target instanceof HTMLElement ? event.target.closest('[role="gridcell"]') : null;
    if (!(cell instanceof HTMLElement)) return;
    if (!cell || !this.board) return;
    const { rows, cols } = this.board;
    const i = Number(cell.dataset.index);
    const r = Math.floor(i / cols);
    const c = i % cols;
    /** @type {Record<string, number>} */
    const moves = {
      ArrowUp: r > 0 ? i - cols : i,
      ArrowDown: r < rows - 1 ? i + cols : i,
      ArrowLeft: c > 0 ? i - 1 : i,
      ArrowRight: c < cols - 1 ? i + 1 : i,
      Home: r * cols,
      End: r * cols + cols - 1,
    };
    if (event.key.startsWith("Arrow") && this.props.arrowKeys !== "focus") return;
    if (event.key in moves) {
      event.preventDefault();
      this.focusCell(moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.slide(i);
    }
  }

  /** @param {MouseEvent} event */
  click(event) {
    const cell = event.target instanceof HTMLElement ? event.target.closest('[role="gridcell"]') : null;
    if (!(cell instanceof HTMLElement) || this.swiped) return;
    const i = Number(cell.dataset.index);
    this.focusCell(i);
    this.slide(i);
  }

  /** @param {number} index */
  slide(index) {
    if (!this.board || !this.props.onSlide || this.board.tiles[index] === 0) return;
    this.props.onSlide(this.board.tiles[index]);
  }

  /** @param {PointerEvent} event */
  pointerDown(event) {
    this.swiped = false;
    if (!this.props.onSwipe || !event.isPrimary || !this.board) return;
    const cell = event.target instanceof HTMLElement ? event.target.closest('[role="gridcell"]') : null;
    const index = cell instanceof HTMLElement ? Number(cell.dataset.index) : -1;
    this.swipe = { x: event.clientX, y: event.clientY, index, id: event.pointerId };
  }

  /** A drag of at least SWIPE_PX, mostly along one axis, is a swipe in that direction. @param {PointerEvent} event */
  pointerUp(event) {
    const start = this.swipe;
    this.swipe = null;
    if (!start || start.id !== event.pointerId || !this.props.onSwipe) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const along = Math.max(Math.abs(dx), Math.abs(dy));
    const across = Math.min(Math.abs(dx), Math.abs(dy));
    if (along < SWIPE_PX || across > along / 2) return;
    this.swiped = true;
    const letter = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : dy > 0 ? "D" : "U";
    this.props.onSwipe(letter, start.index);
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    for (const animation of this.animations.splice(0)) animation.cancel();
    for (const [type, listener] of this.listeners) this.el.removeEventListener(type, listener);
    this.el.replaceChildren();
  }
}

/**
 * The goal place of tile `t` (row and column) as the cell's `--pr` and `--pc`: a picture puzzle's CSS draws the
 * tile's piece of the picture from them (style.css, view/picture.js); none on the blank.
 * @param {HTMLElement} cell
 * @param {number} t
 * @param {Int32Array | null} where the goal index of every tile value
 * @param {number} cols
 */
function placePiece(cell, t, where, cols) {
  if (t === 0 || !where) {
    cell.style.removeProperty("--pr");
    cell.style.removeProperty("--pc");
    return;
  }
  cell.style.setProperty("--pr", String(Math.floor(where[t] / cols)));
  cell.style.setProperty("--pc", String(where[t] % cols));
}

/** @param {number} i @param {Board} board @returns {number[]} the cells in the row and the column of `i` */
function lineCells(i, board) {
  const { rows, cols } = board;
  const r = Math.floor(i / cols);
  const c = i % cols;
  const out = [];
  for (let k = 0; k < cols; k++) out.push(r * cols + k);
  for (let k = 0; k < rows; k++) out.push(k * cols + c);
  return out;
}

/** @param {number} a @param {number} b @param {number} cols true when the cells share a row or a column */
function inLine(a, b, cols) {
  return a !== b && (Math.floor(a / cols) === Math.floor(b / cols) || a % cols === b % cols);
}

/** @param {number} a @param {number} b @param {number} cols */
function isNeighbour(a, b, cols) {
  const ra = Math.floor(a / cols);
  const rb = Math.floor(b / cols);
  return (ra === rb && Math.abs(a - b) === 1) || (a % cols === b % cols && Math.abs(ra - rb) === 1);
}
