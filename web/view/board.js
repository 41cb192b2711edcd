// @ts-check
// The board as the page shows it.
//
// Boards up to `maxGridCells` cells are an ARIA grid (role="grid" → role="row" → role="gridcell", the blank
// labelled "blank") with a roving tabindex: Enter or Space (or a click) on a tile next to the blank slides it;
// arrow keys move the focus between cells unless `arrowKeys` is "slide" (then the page handles them and slides
// tiles: see model/moves.js). `moveTile` slides one tile in place and animates it (the Web Animations API on the
// cell's transform), so playback costs two cell updates per move, not a redraw. Bigger boards (up to 1000×1000) are drawn on a canvas, one pixel per tile,
// each tile coloured by where it belongs in the goal: a solved board is a smooth gradient, a shuffled one noise.

/** @typedef {import("../protocol.js").Board} Board */

/** @type {Readonly<{maxGridCells: number, onSlide: ((tile: number) => void) | null, arrowKeys: "focus" | "slide"}>} */
const DEFAULTS = Object.freeze({
  maxGridCells: 1024, // above this the board is drawn on a canvas
  onSlide: null, // (tile: number) => void, called when the user slides a tile into the blank
  arrowKeys: "focus", // "focus": arrows move the focus between cells; "slide": left to the page (slides tiles)
});

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
    /** @type {Animation | null} */
    this.animation = null;
    /** @type {((value?: unknown) => void)[]} */
    this.pendingResolve = [];
    this.onKeyDown = (/** @type {KeyboardEvent} */ event) => this.keyDown(event);
    this.onClick = (/** @type {MouseEvent} */ event) => this.click(event);
    this.el.addEventListener("keydown", this.onKeyDown);
    this.el.addEventListener("click", this.onClick);
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

  /** Remove the board. */
  clear() {
    this.board = null;
    return this.schedule();
  }

  /** @returns {Promise<unknown>} */
  schedule() {
    const done = new Promise((resolve) => this.pendingResolve.push(resolve));
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        const hadFocus = this.el.contains(document.activeElement);
        this.render();
        if (hadFocus) this.focusCell(this.focusIndex);
        for (const resolve of this.pendingResolve.splice(0)) resolve();
      });
    }
    return done;
  }

  /**
   * Slide `tile` into the blank and show it, animated over `duration` ms (0: at once). Updates the two cells in
   * place; resolves when the animation has finished (or was overtaken by the next move). Returns false, without
   * changing anything, when the tile is not next to the blank.
   * @param {number} tile
   * @param {number} [duration]
   * @returns {Promise<boolean>}
   */
  moveTile(tile, duration = 0) {
    const board = this.board;
    if (!board) return Promise.resolve(false);
    const blank = board.tiles.indexOf(0);
    const from = board.tiles.indexOf(tile);
    if (tile === 0 || from < 0 || !isNeighbour(from, blank, board.cols)) return Promise.resolve(false);
    const tiles = board.tiles.slice();
    tiles[blank] = tile;
    tiles[from] = 0;
    this.board = { rows: board.rows, cols: board.cols, tiles };
    const fromCell = this.frame ? null : this.cellAt(from);
    const toCell = fromCell && this.cellAt(blank);
    if (!fromCell || !toCell) return this.schedule().then(() => true); // canvas, or a redraw is due anyway
    if (this.animation) this.animation.finish();
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
    for (const i of [...neighbours(blank, board), ...neighbours(from, board)]) {
      const cell = this.cellAt(i);
      if (cell && tiles[i] !== 0) cell.classList.toggle("movable", Boolean(this.props.onSlide) && isNeighbour(i, from, board.cols));
    }
    if (duration <= 0 || (dx === 0 && dy === 0)) return Promise.resolve(true);
    const animation = toCell.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
    );
    this.animation = animation;
    toCell.classList.add("moving");
    const done = () => {
      toCell.classList.remove("moving");
      if (this.animation === animation) this.animation = null;
      return true;
    };
    return animation.finished.then(done, done);
  }

  /**
   * Show `t` in `cell` (at board index `i`; `blank` is where the blank is now).
   * @param {HTMLElement} cell
   * @param {number} t
   * @param {number} i
   * @param {number} blank
   */
  paintCell(cell, t, i, blank) {
    cell.classList.remove("home", "movable", "tile", "blank");
    if (t === 0) {
      cell.classList.add("blank");
      cell.textContent = "";
      cell.setAttribute("aria-label", "blank");
    } else {
      cell.classList.add("tile");
      cell.removeAttribute("aria-label");
      cell.textContent = String(t);
      if (this.where && this.where[t] === i) cell.classList.add("home");
      if (this.props.onSlide && this.board && isNeighbour(i, blank, this.board.cols)) cell.classList.add("movable");
    }
  }

  render() {
    if (this.animation) this.animation.cancel();
    this.animation = null;
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
    grid.className = "grid";
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
          if (where[t] === i) cell.classList.add("home");
          if (this.props.onSlide && isNeighbour(i, blank, cols)) cell.classList.add("movable");
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
    if (!(cell instanceof HTMLElement)) return;
    const i = Number(cell.dataset.index);
    this.focusCell(i);
    this.slide(i);
  }

  /** @param {number} index */
  slide(index) {
    if (!this.board) return;
    const { tiles, cols } = this.board;
    if (!this.props.onSlide || tiles[index] === 0 || !isNeighbour(index, tiles.indexOf(0), cols)) return;
    this.props.onSlide(tiles[index]);
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    if (this.animation) this.animation.cancel();
    this.el.removeEventListener("keydown", this.onKeyDown);
    this.el.removeEventListener("click", this.onClick);
    this.el.replaceChildren();
  }
}

/** @param {number} i @param {Board} board @returns {number[]} the indices next to `i` */
function neighbours(i, board) {
  const { rows, cols } = board;
  const r = Math.floor(i / cols);
  const c = i % cols;
  const out = [];
  if (r > 0) out.push(i - cols);
  if (r < rows - 1) out.push(i + cols);
  if (c > 0) out.push(i - 1);
  if (c < cols - 1) out.push(i + 1);
  return out;
}

/** @param {number} a @param {number} b @param {number} cols */
function isNeighbour(a, b, cols) {
  const ra = Math.floor(a / cols);
  const rb = Math.floor(b / cols);
  return (ra === rb && Math.abs(a - b) === 1) || (a % cols === b % cols && Math.abs(ra - rb) === 1);
}
