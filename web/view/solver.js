// @ts-check
// The solver choices, folded under "Solver: …" in the form: the algorithm and heuristic (from the core's
// `options`: new ones appear by themselves) with what each does, and the plain note beside Solve on what kind of
// answer to expect.

import { label, phrase } from "../words.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../protocol.js").OptionsReply} OptionsReply */
/** @typedef {import("../protocol.js").Choice} Choice */

const NEAR_OPTIMAL = "near-optimal"; // the core's fast solver for big boards: short, not proven shortest

/**
 * Fill both selects from an `options` reply (the render then selects the form's choices in them).
 * @param {Ui} ui
 * @param {OptionsReply} reply
 */
export function drawChoices(ui, reply) {
  fillSelect(ui.algorithm, reply.algorithms, reply.default_algorithm);
  fillSelect(ui.heuristic, reply.heuristics, reply.default_heuristic);
}

/**
 * @param {HTMLSelectElement} select
 * @param {Choice[]} choices
 * @param {string} auto
 */
function fillSelect(select, choices, auto) {
  const options = [new Option(`Auto (${label(auto)})`, "auto")];
  for (const choice of choices) {
    const option = new Option(label(choice.name), choice.name);
    if (choice.summary) option.title = choice.summary;
    options.push(option);
  }
  select.replaceChildren(...options);
}

/**
 * The folded solver's summary ("Solver: Auto", "Solver: A* + Manhattan distance"), the hint under the choices
 * (what the chosen algorithm and heuristic do) and the note beside Solve, for the choices in the form.
 * @param {Ui} ui
 * @param {OptionsReply | null} reply
 * @param {{algorithm: string, heuristic: string}} form
 */
export function drawSolverHint(ui, reply, form) {
  if (!reply) return;
  /** @param {Choice[]} list @param {string} name */
  const find = (list, name) => list.find((c) => c.name === name);
  const auto = form.algorithm === "auto";
  const chosen = auto ? reply.default_algorithm : form.algorithm;
  const algorithm = find(reply.algorithms, chosen);
  // heuristic "auto": the algorithm's own (the near-optimal solver's tables), else what the core's policy picks for
  // this board and goal (not always the strongest listed: walking distance on a 4×4 without a fitting database)
  const own = algorithm ? algorithm.heuristic : undefined;
  const autoHeuristic = own || reply.default_heuristic;
  ui.heuristic.disabled = Boolean(own);
  if (ui.heuristic.options.length) ui.heuristic.options[0].textContent = `Auto (${label(autoHeuristic)})`;
  const heuristic = own ? null : find(reply.heuristics, form.heuristic === "auto" ? autoHeuristic : form.heuristic);
  const parts = [];
  if (algorithm) parts.push(`${label(algorithm.name)}: ${(algorithm.summary || "").replace(/^[^:]*: /, "")}`);
  if (heuristic) parts.push(`${label(heuristic.name)}: ${heuristic.summary}`);
  ui.solverHint.textContent = parts.join(". ") + (parts.length ? "." : "");
  const picked = auto && form.heuristic === "auto" ? "Auto"
    : `${label(chosen)}${own ? "" : ` + ${phrase(form.heuristic === "auto" ? autoHeuristic : form.heuristic)}`}`;
  if (ui.solverChoice.textContent !== picked) ui.solverChoice.textContent = picked;
  drawSolverNote(ui, reply, chosen, auto);
}

/**
 * The plain statement beside Solve: what kind of answer the chosen solver gives on this board.
 * @param {Ui} ui
 * @param {OptionsReply} reply
 * @param {string} chosen the algorithm that will run
 * @param {boolean} auto chosen by Auto
 */
function drawSolverNote(ui, reply, chosen, auto) {
  const big = reply.rows * reply.cols > 16;
  let note = "";
  if (!reply.algorithms.some((a) => a.name === chosen)) {
    note = `This ${reply.rows}×${reply.cols} board is too big to solve here.`;
  } else if (chosen === NEAR_OPTIMAL) {
    note = auto && big
      ? "Boards above 4×4 are solved near-optimally: a short solution, not proven shortest. The result gives a " +
        "lower bound on the shortest length and how far from it the solution can be at worst."
      : "Near-optimal: a short solution, not proven shortest; the result gives a lower bound on the shortest length.";
  } else if (big) {
    note = "Searching for the shortest solution of a board above 4×4 can take hours: Cancel stops it. Auto " +
      "solves it near-optimally.";
  } else if (auto && reply.default_optimal === false) {
    note = "Auto looks for a proven shortest solution first; if that takes more than a few seconds, it settles " +
      "for a near-optimal one (short, not proven shortest).";
  }
  if (ui.solverNote.textContent !== note) ui.solverNote.textContent = note;
  ui.solverNote.hidden = !note;
  const fallback = chosen !== NEAR_OPTIMAL && auto && reply.default_optimal === false;
  ui.solverNote.dataset.kind = chosen === NEAR_OPTIMAL || fallback ? "near-optimal" : note ? "warning" : "";
}
