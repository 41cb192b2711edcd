// @ts-check
// The header's status lines: the solver's start (progress, ready, failed) and the 4×4 solving tables (the
// pattern database: offered, downloading, preparing, ready, failed), in plain words; the technical detail (the
// package's version, the times) is in the element's title.

import { megabytes } from "../words.js";

/** @typedef {import("../ui.js").Ui} Ui */

/**
 * @param {Ui} ui
 * @param {import("../protocol.js").StatusMessage | null} boot the worker's last status (null: none yet)
 */
export function drawBoot(ui, boot) {
  if (!boot) return;
  ui.status.dataset.state = boot.state;
  if (boot.state === "loading") {
    ui.progress.hidden = false;
    ui.progress.value = (boot.step || 1) - 0.5;
    ui.progress.max = boot.steps || 4;
    ui.statusText.textContent = `Getting the solver ready… (step ${boot.step} of ${boot.steps})`;
  } else if (boot.state === "ready") {
    ui.progress.value = ui.progress.max;
    ui.progress.hidden = true;
    ui.statusText.textContent = "Ready";
    const seconds = typeof boot.seconds === "number" ? `, started in ${boot.seconds.toFixed(1)} s` : "";
    ui.status.title = `${boot.text}${seconds}`;
  } else {
    ui.progress.hidden = true;
    ui.statusText.textContent = `The solver could not start: ${boot.text}`;
    ui.status.setAttribute("role", "alert");
  }
}

/**
 * The tables' line: what they cost before they are fetched (with a Download button on a phone, `offer`), bytes
 * while they download, then ready or failed.
 * @param {Ui} ui
 * @param {import("../state.js").TablesState} tables
 */
export function drawTables(ui, tables) {
  const last = tables.last;
  ui.tables.hidden = !last;
  if (!last) return;
  ui.tables.dataset.phase = last.phase;
  ui.tablesText.textContent = tablesWords(last, tables.shape);
  ui.tables.title = last.text; // the worker's own words, with the tables' name
  const downloading = last.phase === "downloading" || last.phase === "loading";
  ui.tablesProgress.hidden = !downloading;
  if (last.phase === "loading" && typeof last.fraction === "number") {
    ui.tablesProgress.max = 1;
    ui.tablesProgress.value = last.fraction;
  } else if (downloading && last.total) {
    ui.tablesProgress.max = last.total;
    ui.tablesProgress.value = last.received || 0;
  }
  const offer = last.phase === "offered" && tables.offer && !tables.asked;
  ui.tablesOffer.hidden = !offer;
  if (offer) ui.tablesOffer.textContent = `Download (${megabytes(last.total || 0)} MB)`;
  if (last.phase === "failed") ui.tables.setAttribute("role", "alert");
}

/**
 * The tables' state in plain words.
 * @param {import("../protocol.js").Tables} last
 * @param {{rows: number, cols: number} | null} shape the boards they serve
 */
export function tablesWords(last, shape) {
  const size = `${megabytes(last.total || 0)} MB`;
  const board = shape ? `${shape.rows}×${shape.cols}` : "4×4";
  switch (last.phase) {
    case "offered":
      return last.cached ? `Fast ${board} solving: tables kept from an earlier visit` : `Faster ${board} solving:`;
    case "downloading":
      return `Downloading the ${board} solving tables: ${megabytes(last.received || 0)} of ${size}`;
    case "loading":
      return `Preparing the ${board} solving tables (${Math.round((last.fraction || 0) * 100)}%)`;
    case "ready":
      return `Fast ${board} solving ready${last.cached ? " (its tables kept from an earlier visit)" : ""}`;
    default:
      return `The ${board} solving tables could not be loaded: solving works without them, more slowly`;
  }
}
