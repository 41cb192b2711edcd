// @ts-check
// The shortest solutions of a solution proven shortest: how many there are, under the solution's summary, and the
// row in the player under the board: at the position shown, every shortest move from there with how many shortest
// solutions start with it, the solution's own marked; pressing another takes that branch (control/play.js).

import { el } from "../dom.js";
import { browsable, countWords, nextMove, positionKey } from "../model/alternatives.js";
import { databaseOf, downloadPlace, tablesName, tablesServe, tablesState } from "../model/tables.js";
import { ARROWS, DIRECTIONS } from "../words.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").State} State */

/**
 * The count under the solution's summary and the row of shortest moves under the board, from the state.
 * @param {Ui} ui
 * @param {State} state
 */
export function drawAlternatives(ui, state) {
  const p = state.playback;
  const solution = browsable(state.solution, p);
  const { alternatives } = state;
  if (!solution || !p) {
    ui.solutionCount.textContent = "";
    ui.alternatives.hidden = true;
    return;
  }
  const { start, goal, metric } = solution;
  const atStart = alternatives.known.get(positionKey(start, goal, metric));
  ui.solutionCount.textContent = countWords(atStart, metric);
  ui.solutionCount.dataset.count = atStart && atStart.reply && atStart.reply.count !== null
    ? String(atStart.reply.count) : "";
  const here = alternatives.known.get(positionKey(p.board, goal, metric));
  ui.alternatives.hidden = false; // at the goal too: the board keeps its size
  const label = el("span", "alternatives-label", "Shortest moves from here:");
  /** @type {(Node | string)[]} */
  let row;
  if (p.atEnd) row = [el("span", "muted-note", "none, this is the goal")];
  else if (p.playing) row = [el("span", "muted-note", "pause to see them")];
  else if (!here) row = [el("span", "muted-note", "counting…")];
  else if (here.error || !here.reply) row = [quiet(unavailable(state, start, metric), here.error)];
  else if (here.reply.count === null) {
    row = [quiet("too many to count within the page's work limit", here.reply.message)];
  } else {
    const reply = here.reply;
    const loaded = state.solution && state.solution.reply;
    const own = nextMove(loaded && loaded.letters ? loaded.letters : [], p.index, metric);
    const busy = alternatives.following;
    row = reply.first_moves.map((first) => {
      const current = first.letters === own;
      const button = el("button", current ? "alternative current" : "alternative");
      button.type = "button";
      button.dataset.letters = first.letters;
      button.dataset.count = String(first.count);
      if (current) button.setAttribute("aria-current", "true");
      button.disabled = Boolean(busy);
      const ways = `${first.count.toLocaleString("en-US")} shortest ${first.count === 1 ? "solution" : "solutions"}`;
      const slide = `${first.letters}: slide ${first.moves.length > 1 ? "tiles" : "tile"} ${first.moves.join(", ")} ` +
        `${DIRECTIONS[first.letters.charAt(0)] || ""}`;
      button.title = current ? `${slide}, this solution's next move (${ways} from here)`
        : `${slide}: switch to a shortest solution through it (${ways} from here)`;
      button.append(el("span", "alternative-move", `${ARROWS[first.letters.charAt(0)] || ""} ${first.letters}`),
        el("span", "alternative-count", `${first.count.toLocaleString("en-US")} ${first.count === 1 ? "way" : "ways"}`));
      return button;
    });
    if (busy) row.push(el("span", "muted-note", "switching…"));
  }
  if (alternatives.error) row.push(el("span", "alternatives-error", alternatives.error));
  ui.alternatives.replaceChildren(label, ...row);
}

/**
 * Why the shortest moves are not counted here, in words: a board whose tables are still to come is counted once
 * they are loaded (where to download them, when the page offers them); else the core's detail is in the title.
 * @param {State} state
 * @param {import("../protocol.js").Board} start
 * @param {import("../protocol.js").Metric} metric
 */
function unavailable(state, start, metric) {
  const database = databaseOf(metric);
  const known = tablesState(state, database);
  const phase = known.last ? known.last.phase : null;
  if (!tablesServe(known, start.rows, start.cols) || !phase || phase === "ready" || phase === "failed") {
    return "not available here";
  }
  const where = phase === "offered" && known.offer ? `: download them ${downloadPlace(database)}` : "";
  return `counted once the ${tablesName(database)} are loaded${where}`;
}

/** Words in a muted tone, the core's detail in their title. @param {string} text @param {string} detail */
function quiet(text, detail) {
  const span = el("span", "muted-note", text);
  if (detail) span.title = detail;
  return span;
}
