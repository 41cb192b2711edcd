// @ts-check
// Runs in the Python worker (its later downloads: package data, the 4×4 tables, the memory snapshot kept).
// What the page's worker (worker.js) fetches once Python is up, each file checked against build.json's sha256:
// the package data the site's wheel leaves out (build.json "data": the 5×5 tables), written into Python's file
// system when a request first needs it; the pattern databases (build.json "pdb", "mtm"), downloaded with progress,
// kept in the Cache API under their content-hashed URL and handed to Python in slices while requests keep being
// answered; and the build's memory snapshot, kept for the next visits' boot.

import { TimeLeft } from "./boot.js";
import { keepBytes, openPdbCache, openSiteCache } from "./caches.js";
import { errorOf } from "../protocol.js";

/** @typedef {import("../protocol.js").Tables} Tables */
/** @typedef {import("../protocol.js").Database} Database */
/** @typedef {import("./boot.js").FileInfo} FileInfo */
/** @typedef {{url: string, size: number, sha256: string, rows: number, cols: number}} DatabaseFile a database
 *   the build ships (`rows` and `cols`: the board shape it serves, read from the file's header) */
/** @typedef {{build: string, runtime: FileInfo[], packages: FileInfo[],
 *   wheel: FileInfo & {version: string, sha256: string},
 *   snapshot?: FileInfo & {sha256: string, wheel: string}, data?: Record<string, FileInfo & {sha256: string}>,
 *   pdb?: DatabaseFile, mtm?: DatabaseFile}} Manifest build.json, as the worker reads it: the single-tile pattern
 *   database (`pdb`), the line-move one (`mtm`) and the package data served beside the wheel (`data`, by its path
 *   in the package) */
/** @typedef {{manifest: Manifest, base: URL, pyodide: any, api: any, engine: any, interrupt: Uint8Array | null,
 *   provided: Set<string>}} Python what of the booted runtime these downloads use (Python objects are untyped) */
/** @typedef {{exclusive: <T>(fn: () => T) => Promise<T>, between: () => Promise<void>, sliceSeconds: number}} Slices
 *   how a database's load shares Python with the requests: `exclusive` runs a call when no request runs (the
 *   worker's queue), `between` lets messages in between two slices of `sliceSeconds` */

/** @param {Uint8Array<ArrayBuffer>} bytes */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---- Package data served beside the wheel (build.json "data"), written in place when a request needs it -----

/** A file of this build, checked against its sha256: from the site's cache when kept (the service worker precaches
 * it), else from the network, then kept there (offline use, and the service worker skips it).
 * @param {string} href @param {string} sha256 @param {string} build */
async function siteFile(href, sha256, build) {
  const cache = await openSiteCache(build);
  const hit = cache ? await cache.match(href) : undefined;
  const response = hit || (await fetch(href));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256Hex(bytes)) !== sha256) {
    if (hit && cache) await cache.delete(href); // a damaged copy: fetched again next time
    throw new Error("its sha256 does not match build.json");
  }
  if (!hit && cache) await keepBytes(cache, href, bytes);
  return bytes;
}

/** Write into Python's file system the package data that the request's search reads and the site's wheel leaves
 * out (npuzzle.api.data_needed names them: the 5×5 tables), fetched once. A file that cannot be had is a console
 * warning: the search does without it (the near-optimal solver then builds smaller tables, more slowly).
 * @param {Python} python @param {object} request */
export async function provideData(python, request) {
  const data = python.manifest.data || {};
  if (Object.keys(data).every((file) => python.provided.has(file))) return;
  for (const { file, path } of JSON.parse(python.api.data_needed(JSON.stringify(request)))) {
    const info = data[file];
    if (!info) continue;
    try {
      const bytes = await siteFile(new URL(info.url, python.base).href, info.sha256, python.manifest.build);
      python.pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      python.pyodide.FS.writeFile(path, bytes);
      python.provided.add(file);
    } catch (exc) {
      console.warn(`npuzzle: ${file} could not be fetched (${errorOf(exc).message}); solving without it`);
    }
  }
}

// ---- Pattern database: download with progress, keep in the Cache API, verify, hand to Python ----------------

const TABLES_REPORT_MS = 100;

/** How the status lines name each database. @type {Readonly<Record<Database, string>>} */
const DATABASE_NAMES = Object.freeze({ pdb: "Pattern database", mtm: "Line-move tables" });

/** @param {Database} database @param {Omit<Tables, "database">} fields */
function tablesStatus(database, fields) {
  self.postMessage({ type: "progress", id: null, tables: { ...fields, database } }); // not a request's progress: id null
}

/** @param {number} n */
function megabytes(n) {
  return (n / 1e6).toFixed(1);
}

/** The file's bytes from the network, streamed, with `downloading` progress (received / total bytes, the time left). */
/** @param {Database} database @param {string} url @param {number} total @returns {Promise<Uint8Array<ArrayBuffer>>} */
async function download(database, url, total) {
  const name = DATABASE_NAMES[database];
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const size = Number(response.headers.get("Content-Length")) || total;
  const left = new TimeLeft();
  tablesStatus(database, { phase: "downloading", received: 0, total: size, seconds_left: null,
    text: `${name}: 0.0 / ${megabytes(size)} MB` });
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  // Straight into one buffer of the announced size (grown only if the server sends more): the file is held once,
  // not once in pieces and again joined.
  let bytes = new Uint8Array(size);
  let received = 0;
  let reported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.length > bytes.length) {
      const grown = new Uint8Array(Math.max(received + value.length, 2 * bytes.length));
      grown.set(bytes.subarray(0, received));
      bytes = grown;
    }
    bytes.set(value, received);
    received += value.length;
    const now = performance.now();
    if (now - reported >= TABLES_REPORT_MS) {
      reported = now;
      tablesStatus(database, { phase: "downloading", received, total: size, seconds_left: left.update(received, size),
        text: `${name}: ${megabytes(received)} / ${megabytes(size)} MB` });
    }
  }
  return received === bytes.length ? bytes : bytes.slice(0, received);
}

/** Hand the verified bytes to Python, which prepares the tables in slices (Engine.start_load): requests sent
 * meanwhile are answered between two slices. A stray interrupt (a cancel that came as a request ended) aborts
 * a slice; the load then starts over once. Resolves with the engine's reply.
 * @param {Python} python
 * @param {Database} database
 * @param {Uint8Array} bytes
 * @param {boolean} cached
 * @param {Slices} slices
 * @returns {Promise<any>} */
async function prepareTables(python, database, bytes, cached, slices) {
  const report = (/** @type {number} */ fraction) => tablesStatus(database, { phase: "loading", fraction, cached,
    text: `${DATABASE_NAMES[database]}: preparing ${megabytes(bytes.length)} MB (${Math.round(fraction * 100)}%)` });
  const calm = () => {
    if (python.interrupt) python.interrupt[0] = 0; // a cancel meant for a request must not abort the load
  };
  for (let attempt = 1; ; attempt++) {
    /** @type {any} */
    let load = null;
    try {
      load = await slices.exclusive(() => {
        calm();
        return python.engine.start_load(bytes);
      });
      report(0);
      for (;;) {
        const event = JSON.parse(await slices.exclusive(() => {
          calm();
          return load.advance(slices.sliceSeconds);
        }));
        if (event.type !== "progress") return event;
        report(event.fraction);
        await slices.between(); // lets requests in: they run before the next slice
      }
    } catch (/** @type {any} */ exc) {
      if (!(exc && exc.type === "KeyboardInterrupt") || attempt === 2) throw exc;
    } finally {
      if (load) load.destroy();
    }
  }
}

/** What each database would cost (phase "offered"): the page asks for one (`tables`) when a board needs it, or at
 * once on a capable device. @param {Python} python */
export async function offerTables(python) {
  const cache = await openPdbCache();
  for (const database of /** @type {Database[]} */ (["pdb", "mtm"])) {
    const info = python.manifest[database];
    if (!info) continue;
    const cached = Boolean(cache && (await cache.match(new URL(info.url, python.base).href)));
    const what = database === "pdb" ? "the fastest optimal 4×4 solving" : "optimal 4×4 solving in line moves";
    tablesStatus(database, { phase: "offered", total: info.size, cached, rows: info.rows, cols: info.cols,
      text: cached ? `${DATABASE_NAMES[database]} kept from an earlier visit (${megabytes(info.size)} MB)`
        : `${DATABASE_NAMES[database]}: ${megabytes(info.size)} MB to download for ${what}` });
  }
}

/** Fetch (or reuse), verify and load one of the manifest's databases into the engine; reports `tables` status.
 * @param {Python} python @param {Database} database @param {Slices} slices */
export async function loadTables(python, database, slices) {
  const info = python.manifest[database];
  if (!info) return;
  const name = DATABASE_NAMES[database];
  const url = new URL(info.url, python.base).href;
  const started = performance.now();
  try {
    const cache = await openPdbCache();
    let bytes = null;
    let cached = false;
    if (cache) {
      const hit = await cache.match(url);
      if (hit) {
        bytes = new Uint8Array(await hit.arrayBuffer());
        if ((await sha256Hex(bytes)) === info.sha256) cached = true;
        else {
          bytes = null;
          await cache.delete(url); // a damaged copy: download again
        }
      }
      const shipped = new Set([python.manifest.pdb, python.manifest.mtm].filter((d) => d)
        .map((d) => new URL(/** @type {DatabaseFile} */ (d).url, python.base).href));
      for (const request of await cache.keys()) { // copies of older builds
        if (!shipped.has(request.url)) await cache.delete(request);
      }
    }
    if (!bytes) {
      bytes = await download(database, url, info.size);
      if ((await sha256Hex(bytes)) !== info.sha256) {
        throw new Error("the downloaded file is damaged (its sha256 does not match build.json)");
      }
      if (cache) {
        try {
          await keepBytes(cache, url, bytes);
        } catch (exc) {
          console.warn(`npuzzle: could not keep the ${name.toLowerCase()} for later visits:`, exc);
        }
      }
    }
    const reply = await prepareTables(python, database, bytes, cached, slices);
    if (!reply.ok) throw new Error(reply.error.message);
    const seconds = (performance.now() - started) / 1000;
    tablesStatus(database, { phase: "ready", heuristic: reply.heuristic, name: reply.name, cached, seconds,
      rows: reply.rows, cols: reply.cols,
      text: `${name} ${database === "pdb" ? `${reply.name} ` : ""}ready${cached ? " (kept from an earlier visit)" : ""}` });
  } catch (exc) {
    const without = database === "pdb" ? "Solving works without it (slower on 4×4)."
      : "Solving in line moves works without them (not proven shortest on 4×4).";
    tablesStatus(database, { phase: "failed", text: `${name} unavailable: ${errorOf(exc).message}. ${without}` });
  }
}

// ---- The build's memory snapshot, kept for the next visits' boot ---------------------------------------------

/** Whether the user asked to save data (Save-Data; Chromium's navigator.connection). */
function savingData() {
  const nav = /** @type {WorkerNavigator & {connection?: {saveData?: boolean}}} */ (navigator);
  return Boolean(nav.connection && nav.connection.saveData);
}

/** After the pattern database (fetched when the page's rule for the device says: at once on a desktop, on need or
 * on the user's word on a phone), keep the build's memory snapshot in the site's cache for the next visits' boot,
 * in the background: not under Save-Data, not when kept already, by one worker at a time (a Web Lock; split
 * solves' helpers ask for the tables too), checked against build.json before it is kept.
 * @param {Python} python */
export async function keepSnapshot(python) {
  const info = python.manifest.snapshot;
  if (!info || savingData() || !navigator.locks) return;
  const cache = await openSiteCache(python.manifest.build);
  if (!cache) return;
  const href = new URL(info.url, python.base).href;
  await navigator.locks.request("npuzzle-keep-snapshot", { ifAvailable: true }, async (lock) => {
    if (!lock || (await cache.match(href))) return;
    try {
      await siteFile(href, info.sha256, python.manifest.build);
    } catch (exc) {
      console.warn(`npuzzle: the memory snapshot was not kept for the next visit (${errorOf(exc).message})`);
    }
  });
}

