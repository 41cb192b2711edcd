// @ts-check
// The pattern database (25 MB, some hundreds of MB of memory once loaded) is fetched only when it pays: at once
// in the background on a capable desktop (enough device memory, no Save-Data, a fine pointer); otherwise when a
// 4×4 board needs it (Solve or Hint waits for it); and on a phone only when the user chooses (the status line
// says what it costs and offers a button).

import { testOptions } from "../hooks.js";
import { requestRender } from "../render.js";
import { megabytes } from "../words.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Tables} Tables */

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
  state.tables.last = tables;
  if (tables.rows && tables.cols) state.tables.shape = { rows: tables.rows, cols: tables.cols };
  const policy = tablesPolicy();
  state.tables.offer = policy === "phone";
  if (tables.phase === "offered" && (policy === "desktop" || (tables.cached && policy !== "phone"))) fetchTables(ctx);
  const job = state.job;
  if (job && !job.id && state.tables.waiting.length) {
    job.detail = waitingWords(tables);
    job.fraction = tables.phase === "downloading" && tables.total ? (tables.received || 0) / tables.total
      : tables.phase === "loading" ? tables.fraction ?? null : null;
  }
  if (tables.phase === "ready" || tables.phase === "failed") {
    for (const wake of state.tables.waiting.splice(0)) wake();
  }
  requestRender(ctx);
}

/**
 * What a job waiting for the tables says of them.
 * @param {Tables | null} tables
 */
export function waitingWords(tables) {
  if (!tables) return "";
  const size = `${megabytes(tables.total || 0)} MB`;
  if (tables.phase === "downloading") return `downloaded ${megabytes(tables.received || 0)} of ${size}`;
  if (tables.phase === "loading") return `preparing them (${Math.round((tables.fraction || 0) * 100)}%)`;
  return `${size} to download, once`;
}

/** Ask the worker for the tables (once). @param {Ctx} ctx */
export function fetchTables(ctx) {
  const { state } = ctx;
  if (state.tables.asked) return;
  state.tables.asked = true;
  requestRender(ctx);
  ctx.python.request("tables", {}).catch(() => { state.tables.asked = false; });
}

/**
 * Before a Solve or a Hint of `board`: on a board of the shape the tables serve, unless this is a phone whose user
 * has not chosen them, fetch the tables if needed; a promise that resolves when they are ready (or failed, or the
 * job was cancelled), null when nothing needs waiting for.
 * @param {Ctx} ctx
 * @param {{rows: number, cols: number}} board
 * @returns {Promise<void> | null}
 */
export function tablesFor(ctx, board) {
  const { state } = ctx;
  const { last, shape } = state.tables;
  const phase = last ? last.phase : null;
  const served = shape !== null && board.rows === shape.rows && board.cols === shape.cols;
  if (!served || phase === null || phase === "ready" || phase === "failed") return null;
  if (phase === "offered" && tablesPolicy() === "phone" && !state.tables.asked) return null;
  fetchTables(ctx);
  return new Promise((resolve) => state.tables.waiting.push(resolve));
}
