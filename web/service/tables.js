// @ts-check
// The pattern database (25 MB, some hundreds of MB of memory once loaded) is fetched only when it pays: at once
// in the background on a capable desktop (enough device memory, no Save-Data, a fine pointer); otherwise when a
// 4×4 board needs it (Solve or Hint waits for it); and on a phone only when the user chooses (the status line
// says what it costs and offers a button). The line-move tables (30 MB: optimal 4×4 answers counted in line moves)
// follow the same rules, but only once the player counts moves in lines. A service under the controllers: it asks
// the worker for the tables and keeps the page's knowledge of them (the queries on it: model/tables.js).

import { testOptions } from "../hooks.js";
import { tablesState, waitingFraction, waitingWords } from "../model/tables.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Tables} Tables */
/** @typedef {import("../protocol.js").Database} Database */

const CAPABLE_MEMORY_GB = 4;
/** What one more worker of a split solve costs: its Python (~40 MB) and its own copy of the tables (~115 MB). */
const WORKER_MB = 160;
/** The share of the device's memory the split solve's workers may take together. */
const WORKERS_MEMORY_SHARE = 0.25;
/** The most workers a solve is split over, however big the device. */
const DEVICE_MAX_WORKERS = 8;
/** Device memory assumed where the browser does not say (navigator.deviceMemory is Chromium's). */
const UNKNOWN_MEMORY_GB = 4;

/** @returns {"desktop" | "on-need" | "phone"} how this device gets the tables */
export function tablesPolicy() {
  const nav = /** @type {Navigator & {deviceMemory?: number, connection?: {saveData?: boolean}}} */ (navigator);
  if (window.matchMedia("(pointer: coarse)").matches) return "phone";
  if (nav.connection && nav.connection.saveData) return "on-need";
  if (typeof nav.deviceMemory === "number" && nav.deviceMemory < CAPABLE_MEMORY_GB) return "on-need";
  return "desktop";
}

/**
 * How many workers a hard 4×4 solve may be split over (npuzzle.pdb.split; the worker that runs it included): one
 * per core, as many as a quarter of the device's memory holds at WORKER_MB each, at most DEVICE_MAX_WORKERS; one (no split)
 * where the tables themselves are fetched only on need (a phone, Save-Data, under 4 GB). A test may force it.
 * @returns {number}
 */
export function splitWorkers() {
  const forced = testOptions().workers;
  if (forced) return forced;
  if (tablesPolicy() !== "desktop") return 1;
  const nav = /** @type {Navigator & {deviceMemory?: number}} */ (navigator);
  const gigabytes = typeof nav.deviceMemory === "number" ? nav.deviceMemory : UNKNOWN_MEMORY_GB;
  const byMemory = Math.floor((gigabytes * 1000 * WORKERS_MEMORY_SHARE) / WORKER_MB);
  return Math.max(1, Math.min(nav.hardwareConcurrency || 1, byMemory, DEVICE_MAX_WORKERS));
}

/**
 * The worker's word on the tables: on "offered", fetch them now (a capable desktop, or a copy kept from an earlier
 * visit on anything but a phone) or offer them; when they are ready or failed, wake what waits for them. A job
 * waiting for them says how far their download is.
 * @param {Ctx} ctx
 * @param {Tables} tables
 */
export function tablesChanged(ctx, tables) {
  const { state } = ctx;
  const database = tables.database || "pdb";
  const known = tablesState(state, database);
  known.last = tables;
  if (tables.rows && tables.cols) known.shape = { rows: tables.rows, cols: tables.cols };
  const policy = tablesPolicy();
  known.offer = policy === "phone";
  const wanted = database === "pdb" || state.speed.metric === "mtm"; // the line-move tables once lines are counted
  if (tables.phase === "offered" && wanted && (policy === "desktop" || (tables.cached && policy !== "phone"))) {
    fetchTables(ctx, database);
  }
  const job = state.job;
  if (job && !job.id && known.waiting.length) {
    job.detail = waitingWords(tables);
    job.fraction = waitingFraction(tables);
  }
  if (tables.phase === "ready" || tables.phase === "failed") {
    for (const wake of known.waiting.splice(0)) wake();
  }
}

/** The player counts moves in lines now: on a capable desktop, fetch the line-move tables (as tablesChanged would
 * have on their offer). @param {Ctx} ctx */
export function linesWanted(ctx) {
  const last = ctx.state.speed.lineTables.last;
  const policy = tablesPolicy();
  if (last && last.phase === "offered" && (policy === "desktop" || (last.cached && policy !== "phone"))) {
    fetchTables(ctx, "mtm");
  }
}

/** Ask the worker for a database (once). @param {Ctx} ctx @param {Database} [database] */
export function fetchTables(ctx, database = "pdb") {
  const known = tablesState(ctx.state, database);
  if (known.asked) return;
  known.asked = true;
  ctx.python.request("tables", database === "pdb" ? {} : { database }).catch(() => { known.asked = false; });
}

/**
 * Before a Solve, a Hint or an analysis of `board`: on a board of the shape the database serves, unless this is a
 * phone whose user has not chosen it, fetch it if needed; a promise that resolves when it is ready (or failed, or
 * the job was cancelled), null when nothing needs waiting for.
 * @param {Ctx} ctx
 * @param {{rows: number, cols: number}} board
 * @param {Database} [database] the pattern database (single tiles), or the line-move tables
 * @returns {Promise<void> | null}
 */
export function tablesFor(ctx, board, database = "pdb") {
  const known = tablesState(ctx.state, database);
  const { last, shape } = known;
  const phase = last ? last.phase : null;
  const served = shape !== null && board.rows === shape.rows && board.cols === shape.cols;
  if (!served || phase === null || phase === "ready" || phase === "failed") return null;
  if (phase === "offered" && tablesPolicy() === "phone" && !known.asked) return null;
  fetchTables(ctx, database);
  return new Promise((resolve) => known.waiting.push(resolve));
}
