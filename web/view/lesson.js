// @ts-check
// The rule at work, below the verdict: the tiles in reading order (choose one to see its inversions, here and on the
// board; the strip is one Tab stop, the arrow keys move along it), the rule's ways of counting side by side, why they
// agree, and "Why does this work?" (folded). The figures are the core's (the check reply's `lesson`,
// npuzzle.course.lesson).

import { el } from "../dom.js";
import { count } from "../words.js";
import { partnersOf } from "../model/lesson.js";

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
 * @returns {HTMLElement[]}
 */
export function lessonParts(lesson, widthEven) {
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
  parts.push(whyItWorks());
  return parts;
}

/** "Why does this work?", folded by default. */
function whyItWorks() {
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
      "(1879)."),
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
