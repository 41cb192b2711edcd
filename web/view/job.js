// @ts-check
// The work the solver is doing, shown where the user is looking: the job line (a solve, a hint, a comparison, or
// the 4×4 tables a solve waits for: title, progress and Cancel) next to the control that started it, and the
// busy line of a slow check or shuffle; the buttons that depend on them (Check and Shuffle need the solver;
// Solve, Compare and Hint also no running job: the Solve pressed says it is working).

import { phoneLayout } from "../layout.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").State} State */

/**
 * @param {Ui} ui
 * @param {State} state
 */
export function drawJob(ui, state) {
  const { job, ready, busy } = state;
  ui.check.disabled = !ready;
  ui.shuffle.disabled = !ready;
  const solving = Boolean(job && job.kind === "solve");
  for (const button of [ui.solve, ui.barSolve]) {
    button.disabled = !ready || Boolean(job);
    button.textContent = solving ? "Solving…" : "Solve";
    button.setAttribute("aria-busy", String(solving));
  }
  const unsolvable = Boolean(state.shown && !state.shown.solvable); // nothing to compare or watch: said why
  ui.compare.disabled = !ready || Boolean(job) || unsolvable;
  ui.watchOpen.disabled = unsolvable;
  ui.moreNote.hidden = !unsolvable;
  ui.hint.disabled = !ready || Boolean(job) || !state.shown;
  ui.job.hidden = !job;
  if (job) {
    place(ui.job, jobAnchor(ui, job.kind));
    ui.jobTitle.textContent = job.cancelAt ? "Stopping…" : job.title;
    ui.jobDetail.textContent = job.detail;
    ui.jobCancel.disabled = Boolean(job.cancelAt);
    ui.jobProgress.hidden = job.fraction === null;
    if (job.fraction !== null) ui.jobProgress.value = job.fraction;
  }
  const showBusy = Boolean(busy && busy.shown);
  ui.busy.hidden = !showBusy;
  if (busy && showBusy) {
    place(ui.busy, busy.kind === "random" || phoneLayout() ? ui.boardTools : ui.actions);
    ui.busyText.textContent = busy.text;
  }
}

/**
 * The element the job line follows: the Solve pressed (the form's on a wide screen, the board bar's on a phone),
 * the board bar's Hint, the comparison's heading.
 * @param {Ui} ui
 * @param {import("../state.js").Job["kind"]} kind
 * @returns {HTMLElement}
 */
function jobAnchor(ui, kind) {
  if (kind === "compare") return ui.comparisonHeading.parentElement || ui.comparison;
  if (kind === "hint" || phoneLayout()) return ui.gameActions;
  return ui.actions;
}

/** Put `line` right after `anchor` (where it already is, nothing moves). @param {HTMLElement} line @param {HTMLElement} anchor */
function place(line, anchor) {
  if (anchor.nextElementSibling !== line) anchor.after(line);
}
