// @ts-check
// The verdict: first in plain words (can this board reach the goal; if not, the swap that would fix it), then the
// parity rule applied, in one sentence with its figures; the figures one by one and the rule at work in the lesson
// section (view/lesson.js); the messages beside the inputs.

import { el } from "../dom.js";
import { boardLinkText } from "../model/link.js";
import { lessonParts } from "./lesson.js";

/** @typedef {import("../ui.js").Ui} Ui */

/** @type {Readonly<Record<string, string>>} */
const GOAL_NAMES = Object.freeze({ default: "1 2 3 … blank last", "blank-first": "blank first", custom: "custom goal" });

/**
 * The verdict (a live region, read out unless it was redrawn after moves: `quiet`), the lesson section, or the
 * placeholder when there is no verdict.
 * @param {Ui} ui
 * @param {import("../state.js").Verdict} verdict
 */
export function drawVerdict(ui, verdict) {
  ui.verdict.classList.toggle("busy", verdict.checking);
  const reply = verdict.reply;
  if (!reply) {
    ui.verdict.replaceChildren();
    ui.lessonBody.replaceChildren();
    ui.lesson.hidden = true;
    delete ui.verdict.dataset.board;
    ui.placeholder.textContent = verdict.placeholder;
    ui.placeholder.hidden = !verdict.placeholder;
    return;
  }
  ui.placeholder.hidden = true;
  const x = reply.explanation;
  const heading = el("p", "verdict-title", x.solvable ? "Solvable" : "Not solvable");
  const summary = el("p", "verdict-sub", `${x.rows}×${x.cols} board, goal: ${GOAL_NAMES[x.goal] || x.goal}.`);
  const plain = el("p", "verdict-plain", x.plain);
  const reason = el("p", "reason", x.reason);
  const facts = el("dl", "facts");
  /** @param {string} term @param {string} value */
  const fact = (term, value) => facts.append(el("dt", null, term), el("dd", null, value));
  fact("Inversions", String(x.inversions));
  fact("Blank row", `${x.blank_row_from_bottom} from the bottom, ${x.blank_row_from_top} from the top`);
  fact("Width", `${x.cols} (${x.width_even ? "even" : "odd"})`);
  fact("Goal", `${x.goal_inversions} inversion${x.goal_inversions === 1 ? "" : "s"}, blank on row ` +
    `${x.goal_blank_row_from_bottom} from the bottom (${x.goal_blank_row_from_top} from the top)`);
  const rule = el("p", "rule");
  rule.append(el("strong", null, "Rule: "), document.createTextNode(x.rule));
  ui.verdict.dataset.solvable = String(x.solvable);
  ui.verdict.dataset.board = boardLinkText(reply.board);
  ui.verdict.setAttribute("aria-live", verdict.quiet ? "off" : "polite");
  const head = el("div", "verdict-head");
  head.append(heading, summary);
  ui.verdict.replaceChildren(head, plain, reason);
  const meaning = el("p", "meaning", "An inversion is a pair of tiles in the wrong order when you read the board " +
    "row by row, skipping the blank.");
  ui.lessonBody.replaceChildren(meaning, facts, rule, ...lessonParts(reply.lesson, x.width_even, reply.board));
  ui.lesson.hidden = false;
}

/**
 * The messages beside the inputs, each input marked invalid while it has one.
 * @param {Ui} ui
 * @param {import("../state.js").Errors} errors
 */
export function drawErrors(ui, errors) {
  for (const [slot, input, message] of /** @type {const} */ ([[ui.boardError, ui.board, errors.board],
    [ui.goalError, ui.goal, errors.goal], [ui.shapeError, ui.shape, errors.shape]])) {
    if (slot.textContent !== message) slot.textContent = message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
}
