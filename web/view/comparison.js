// @ts-check
// The heuristics comparison: its note and table (finished rows, the running one, the waiting ones), and beside
// the table a chart of the finished rows' vertices visited and maximum heap sizes on a log scale.

import { barChart } from "./chart.js";
import { label, renderCompareRows } from "./results.js";

/**
 * @param {import("../ui.js").Ui} ui
 * @param {{note: string, rows?: import("../protocol.js").CompareRow[], running?: import("../protocol.js").Progress | null,
 *   waiting?: string[]} | null} comparison null: no comparison (hidden, emptied)
 */
export function renderComparison(ui, comparison) {
  if (!comparison) {
    ui.comparison.hidden = true;
    ui.compareBody.replaceChildren();
    ui.compareChart.replaceChildren();
    return;
  }
  ui.comparison.hidden = false;
  ui.comparisonNote.textContent = comparison.note;
  const rows = comparison.rows || [];
  renderCompareRows(ui.compareBody, rows, comparison.running || null, comparison.waiting || []);
  ui.compareChart.replaceChildren();
  if (!rows.length) return;
  const note = (/** @type {import("../protocol.js").CompareRow} */ r) => (r.length === null ? "stopped" : undefined);
  ui.compareChart.append(barChart("Heuristics compared", [
    { name: "Vertices visited", bars: rows.map((r) => ({ label: label(r.heuristic), value: r.nodes_expanded, note: note(r) })) },
    { name: "Maximum heap size", bars: rows.map((r) => ({ label: label(r.heuristic), value: r.max_frontier, note: note(r) })) },
  ]));
}
