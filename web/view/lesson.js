// @ts-check
// The rule at work, below the verdict: the tiles in reading order (choose one to see its inversions, here and on the
// board; the strip is one Tab stop, the arrow keys move along it), the rule's ways of counting side by side, why they
// agree, and "Why does this work?" (folded). The figures are the core's (the check reply's `lesson`,
// npuzzle.course.lesson).

import { el } from "../dom.js";
import { count } from "../words.js";
import { partnersOf } from "../model/lesson.js";
import { tinyBoard } from "./tiny-board.js";

/** @typedef {import("../protocol.js").Lesson} Lesson */

/** @param {number[]} tiles @returns {string} "3, 5 and 6" */
function listed(tiles) {
  if (tiles.length < 2) return tiles.join("");
  return `${tiles.slice(0, -1).join(", ")} and ${tiles[tiles.length - 1]}`;
}

/**
 * The lesson's part of the explanation, as elements for the page's lesson section (below the verdict, the solution
 * and the comparison: on a phone the board's controls come first).
 * @param {Lesson} lesson
 * @param {boolean} widthEven
 * @param {import("../protocol.js").Board} board
 * @returns {HTMLElement[]}
 */
export function lessonParts(lesson, widthEven, board) {
  const parts = [];
  if (lesson.strip && lesson.pairs) {
    const partners = partnersOf(lesson.pairs);
    const strip = el("ol", "strip");
    strip.setAttribute("aria-label", "The tiles in reading order, the blank skipped: choose one to see its inversions");
    for (const [k, tile] of lesson.strip.entries()) {
      const mine = partners.get(tile) || [];
      const button = el("button", "strip-tile", String(tile));
      button.type = "button";
      button.tabIndex = k === 0 ? 0 : -1; // one Tab stop: drawChoice moves it to the tile chosen
      button.dataset.tile = String(tile);
      button.setAttribute(
        "aria-label",
        mine.length ? `${tile}: inversions with ${listed(mine)}` : `${tile}: no inversions`,
      );
      const item = el("li");
      item.append(button);
      strip.append(item);
    }
    const head = el("p", "strip-head", "Reading order — choose a tile to see the pairs it has in the wrong order:");
    parts.push(head, strip, el("p", "strip-said"));
  }
  // Each way of counting is a row group: its name and source on a line of their own, its figures below, so four
  // narrow columns fit a 320 px screen without breaking a word.
  const table = el("table", "conventions");
  const caption = el("caption", null, widthEven ? "Two ways of writing the rule, side by side" : "The rule on an odd width");
  const head = el("thead");
  const headRow = el("tr");
  for (const name of ["Sum", "Parity", "Goal's parity", "Solvable"]) {
    const th = el("th", null, name);
    th.scope = "col";
    headRow.append(th);
  }
  head.append(headRow);
  table.append(caption, head);
  for (const c of lesson.conventions) {
    const what = el("th", "count");
    what.scope = "rowgroup";
    what.colSpan = 4;
    what.append(el("span", "count-name", c.name), el("span", "visually-hidden", ", "), el("span", "sub", c.source));
    const figures = el("tr");
    figures.append(el("td", null, `${c.terms} = ${c.total}`), el("td", null, c.parity), el("td", null, c.goal_parity),
      el("td", null, c.solvable ? "yes" : "no"));
    const named = el("tr");
    named.append(what);
    const group = el("tbody");
    group.append(named, figures);
    table.append(group);
  }
  parts.push(table);
  if (lesson.agree_note) parts.push(el("p", "agree", lesson.agree_note));
  parts.push(whyItWorks(Boolean(lesson.proof)));
  if (lesson.proof) parts.push(whyItSuffices(lesson.proof, board));
  return parts;
}

/** @param {number[]} tiles @returns {string} "8 6 7 4" */
const spaced = (tiles) => tiles.join(" ");

/**
 * "Why can every such board be solved?" (folded): the proof on this board, in three steps, each with its figure
 * (after Archer, 1999: the snake order, a vertical move as a cycle of odd length, the blank round a 2×2 square as a
 * 3-cycle).
 * @param {import("../protocol.js").Proof} proof
 * @param {import("../protocol.js").Board} board
 */
function whyItSuffices(proof, board) {
  const details = el("details", "proof");
  details.append(el("summary", null, "Why can every board with the goal’s parity be solved?"));
  const steps = el("ol", "proof-steps");
  const snakeStep = el("li");
  snakeStep.append(el("p", null, "Read the tiles along a snake — the first row left to right, the next right to " +
    `left, and so on — skipping the blank: here ${spaced(proof.order)}; the goal reads ` +
    `${spaced(proof.goal_order)}. A horizontal move slides the blank along the snake: the order stays.`),
  figures(tinyBoard(board.tiles, board.cols, { path: proof.snake })));
  steps.append(snakeStep);
  const v = proof.vertical;
  if (v) {
    const marks = new Map([[v.from, "moving"]]);
    for (const tile of v.passes) marks.set(board.tiles.indexOf(tile), "passed");
    const item = el("li");
    item.append(el("p", null, `A vertical move lifts a tile past the tiles between its two cells along the snake: ` +
      `here ${v.tile} would pass ${v.passes.length ? spaced(v.passes) : "none"} — ${count(v.passes.length, "tile")}. ` +
      "It is always an even number, whatever the column, so the order turns by a cycle of odd length, which never " +
      "changes its parity: a board whose order has the other parity from the goal’s can never reach it."),
    figures(tinyBoard(board.tiles, board.cols, { marks })));
    steps.append(item);
  }
  const sq = proof.square;
  if (sq) {
    const marks = new Map(sq.cells.slice(1).map((cell) => [cell, "turning"]));
    const after = [...board.tiles];
    sq.cells.slice(1).forEach((cell, k) => { after[cell] = sq.after[k]; });
    const item = el("li");
    const ending = proof.cycles === null
      ? "This board’s order has the other parity from the goal’s: no turns reach it, and the board cannot be solved."
      : `This board’s order becomes the goal’s in ${count(proof.cycles, "such turn")} (one way): so every board ` +
        "whose order has the goal’s parity can be solved.";
    item.append(el("p", null, `The blank going round a 2×2 square turns three tiles (here ${spaced(sq.before)} ` +
      `become ${spaced(sq.after)}) and leaves the rest in place. Any three tiles can be brought together and turned, ` +
      `and such turns (3-cycles) put any order of the right parity into any other. ${ending}`),
    figures(tinyBoard(board.tiles, board.cols, { marks }), el("span", "lab-arrow", "→"),
      tinyBoard(after, board.cols, { marks })));
    steps.append(item);
  }
  details.append(steps, el("p", "hint", "After Archer, “A modern treatment of the 15 puzzle” (1999)."));
  return details;
}

/** @param {...HTMLElement} nodes @returns {HTMLElement} */
function figures(...nodes) {
  const box = el("div", "proof-figures");
  box.append(...nodes);
  return box;
}

/** "Why does this work?", folded by default. @param {boolean} shown whether the proof on this board follows */
function whyItWorks(shown) {
  const details = el("details", "why");
  details.append(
    el("summary", null, "Why does this work?"),
    el("p", null, "Read the tiles row by row, skipping the blank. A horizontal move slides a tile along its row: the " +
      "reading order stays the same, and so does the number of inversions."),
    el("p", null, "A vertical move lifts a tile over the cols − 1 tiles between its old and its new place in the " +
      "reading order: each of those pairs turns around, so the inversions change by an odd number on an even " +
      "width and by an even number on an odd width; and the blank changes row by one."),
    el("p", null, "So on an odd width the inversions keep their parity, and on an even width the inversions plus " +
      "the blank's row keep theirs. A board whose figure has the other parity than the goal's can never reach " +
      "it. That every board with the goal's parity can reach it is the other half, proved by Johnson & Story " +
      `(1879)${shown ? ": the next part shows why, on this board" : ""}.`),
  );
  return details;
}

/**
 * Mark the chosen tile and its partners in the strip under `root`; the chosen tile is the strip's Tab stop (the
 * first tile while none is chosen).
 * @param {HTMLElement} root
 * @param {number | null} chosen
 * @param {number[]} partners
 */
export function drawChoice(root, chosen, partners) {
  const set = new Set(partners);
  const buttons = /** @type {HTMLButtonElement[]} */ ([...root.querySelectorAll("button.strip-tile")]);
  const stop = chosen === null ? 0 : Math.max(0, buttons.findIndex((b) => Number(b.dataset.tile) === chosen));
  buttons.forEach((button, k) => {
    const tile = Number(button.dataset.tile);
    button.classList.toggle("chosen", tile === chosen);
    button.classList.toggle("partner", set.has(tile));
    button.setAttribute("aria-pressed", String(tile === chosen));
    button.tabIndex = k === stop ? 0 : -1;
  });
  const said = root.querySelector(".strip-said");
  if (said) said.textContent = chosen === null ? "" : `${chosen} forms ${count(partners.length, "inversion")}` +
    (partners.length ? ` with ${listed(partners)}.` : ".");
}
