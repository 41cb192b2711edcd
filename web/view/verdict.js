// @ts-check
// The verdict and its explanation (the parity rule's figures), and the error messages beside the inputs.

import { el } from "../dom.js";
import { lessonParts } from "./lesson.js";
import { boardLinkText } from "./link.js";

/** @typedef {import("../ui.js").Ui} Ui */

/** @type {Readonly<Record<string, string>>} */
const GOAL_NAMES = Object.freeze({ default: "1 2 3 … blank last", "blank-first": "blank first", custom: "custom goal" });

/**
 * The verdict and its figures (a live region), and the rule at work in the lesson section (view/lesson.js, not read
 * out). After moves (`quiet`) the verdict is redrawn without being read out again: each move says what it did in the
 * move line instead.
 * @param {Ui} ui
 * @param {import("../protocol.js").CheckReply} reply
 * @param {boolean} [quiet]
 */
export function renderVerdict(ui, reply, quiet = false) {
  const x = reply.explanation;
  const verdict = x.solvable ? "Solvable" : "Not solvable";
  const heading = el("p", "verdict-title", verdict);
  const summary = el("p", "verdict-sub", `${x.rows}×${x.cols} board, goal: ${GOAL_NAMES[x.goal] || x.goal}.`);
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
  ui.verdict.setAttribute("aria-live", quiet ? "off" : "polite");
  ui.verdict.replaceChildren(heading, summary, reason, facts, rule);
  ui.lessonBody.replaceChildren(...lessonParts(reply.lesson, x.width_even));
  ui.lesson.hidden = false;
}

/**
 * No verdict: the input could not be read (or the check was cancelled).
 * @param {Ui} ui
 * @param {boolean} cancelled
 */
export function renderNoVerdict(ui, cancelled) {
  ui.verdict.replaceChildren();
  ui.lessonBody.replaceChildren();
  ui.lesson.hidden = true;
  delete ui.verdict.dataset.board;
  ui.placeholder.textContent = cancelled ? "Cancelled." : "Fix the input to see the verdict.";
  ui.placeholder.hidden = false;
}

/**
 * The verdict is being worked out (a check runs).
 * @param {Ui} ui
 * @param {boolean} busy
 */
export function renderChecking(ui, busy) {
  ui.verdict.classList.toggle("busy", busy);
  if (busy) ui.view.setAttribute("aria-busy", "true");
  else ui.view.removeAttribute("aria-busy");
}

/**
 * A message in `slot`, the input it is about marked invalid.
 * @param {HTMLElement} slot
 * @param {HTMLElement | null} input
 * @param {string} message
 */
export function showError(slot, input, message) {
  slot.textContent = message;
  if (input) input.setAttribute("aria-invalid", "true");
}

/** @param {Ui} ui */
export function clearErrors(ui) {
  for (const [slot, input] of [[ui.boardError, ui.board], [ui.goalError, ui.goal], [ui.shapeError, ui.shape]]) {
    slot.textContent = "";
    input.removeAttribute("aria-invalid");
  }
}

/**
 * Route a core error to the message slot beside the input it is about (`fallback` for others).
 * @param {Ui} ui
 * @param {{type: string, message: string}} error
 * @param {(message: string) => void} fallback
 */
export function showRequestError(ui, error, fallback) {
  if (error.type === "GoalError" && ui.goalKind.value === "custom") showError(ui.goalError, ui.goal, error.message);
  else if (error.type === "GoalError") showError(ui.boardError, ui.board, error.message);
  else if (error.type === "Cancelled") return;
  else fallback(error.message);
}
