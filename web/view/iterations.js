// @ts-check
// IDA*'s nodes per iteration as a column chart (view/chart.js), drawn while the search runs and kept with its
// solution: one column per bound, the running iteration's growing.

import { columnChart } from "./chart.js";

/**
 * @param {import("../ui.js").Ui} ui
 * @param {{done: [number, number][], running: [number, number] | null} | null} iterations the finished
 *   iterations as [bound, nodes] and the running one (null: none); null hides the chart
 */
export function renderIterations(ui, iterations) {
  ui.iterations.hidden = !iterations;
  if (!iterations) {
    ui.iterationsChart.replaceChildren();
    return;
  }
  const all = iterations.running ? [...iterations.done, iterations.running] : iterations.done;
  const bars = all.map(([bound, nodes]) => ({ label: `bound ${bound}`, value: nodes }));
  ui.iterationsChart.replaceChildren(
    columnChart("IDA* nodes expanded per iteration", { name: "Nodes expanded", bars }, Boolean(iterations.running)),
  );
}
