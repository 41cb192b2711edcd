// @ts-check
// The pattern database (25 MB, some hundreds of MB of memory once loaded) is fetched only when it pays: at once
// in the background on a capable desktop (enough device memory, no Save-Data, a fine pointer); otherwise when a
// 4×4 board needs it (Solve or Hint waits for it); and on a phone only when the user chooses (the status line
// says what it costs and offers a button).

import { renderTables } from "../view/status.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Tables} Tables */

const CAPABLE_MEMORY_GB = 4;

/** @returns {"desktop" | "on-need" | "phone"} how this device gets the tables */
export function tablesPolicy() {
  const nav = /** @type {Navigator & {deviceMemory?: number, connection?: {saveData?: boolean}}} */ (navigator);
  if (window.matchMedia("(pointer: coarse)").matches) return "phone";
  if (nav.connection && nav.connection.saveData) return "on-need";
  if (typeof nav.deviceMemory === "number" && nav.deviceMemory < CAPABLE_MEMORY_GB) return "on-need";
  return "desktop";
}

/**
 * The worker's word on the tables: on "offered", fetch them now (a capable desktop, or a copy kept from an earlier
 * visit on anything but a phone) or offer them; when they are ready or failed, wake what waits for them.
 * @param {Ctx} ctx
 * @param {Tables} tables
 */
export function tablesChanged(ctx, tables) {
  const { state, ui } = ctx;
  state.tables.phase = tables.phase;
  const policy = tablesPolicy();
  ui.tablesOffer.hidden = !(tables.phase === "offered" && policy === "phone");
  if (tables.phase === "offered") {
    state.tables.size = tables.total || 0;
    ui.tablesOffer.textContent = `Download (${((tables.total || 0) / 1e6).toFixed(1)} MB)`;
    if (policy === "desktop" || (tables.cached && policy !== "phone")) fetchTables(ctx);
  }
  if (tables.phase === "ready" || tables.phase === "failed") {
    for (const wake of state.tables.waiting.splice(0)) wake();
  }
  renderTables(ui, tables);
}

/** Ask the worker for the tables (once). @param {Ctx} ctx */
export function fetchTables(ctx) {
  const { state } = ctx;
  if (state.tables.asked) return;
  state.tables.asked = true;
  ctx.python.request("tables", {}).catch(() => { state.tables.asked = false; });
}

/**
 * Before a Solve or a Hint of `board`: on a 4×4, unless this is a phone whose user has not chosen them, fetch the
 * tables if needed and wait until they are ready (or failed).
 * @param {Ctx} ctx
 * @param {{rows: number, cols: number}} board
 * @returns {Promise<void>}
 */
export function tablesFor(ctx, board) {
  const { state } = ctx;
  const phase = state.tables.phase;
  if (board.rows !== 4 || board.cols !== 4 || phase === null || phase === "ready" || phase === "failed") {
    return Promise.resolve();
  }
  if (phase === "offered" && tablesPolicy() === "phone" && !state.tables.asked) return Promise.resolve();
  fetchTables(ctx);
  return new Promise((resolve) => state.tables.waiting.push(resolve));
}
