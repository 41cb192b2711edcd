// @ts-check
// The heuristics comparison: its note and table (finished rows, the running one, the waiting ones).

import { renderCompareRows } from "./results.js";

/**
 * @param {import("../ui.js").Ui} ui
 * @param {{note: string, rows?: import("../protocol.js").CompareRow[], running?: import("../protocol.js").Progress | null,
 *   waiting?: string[]} | null} comparison null: no comparison (hidden, emptied)
 */
export function renderComparison(ui, comparison) {
  if (!comparison) {
    ui.comparison.hidden = true;
    ui.compareBody.replaceChildren();
    return;
  }
  ui.comparison.hidden = false;
  ui.comparisonNote.textContent = comparison.note;
  renderCompareRows(ui.compareBody, comparison.rows || [], comparison.running || null, comparison.waiting || []);
}
