// @ts-check
// The Python side of the page: a module Web Worker that boots Pyodide, installs our wheel from the site's own
// origin and answers typed messages by calling npuzzle.api. The page never blocks on Python.
//
// The boot restores the build's memory snapshot when build.json names one (npuzzle installed by micropip and
// imported at build time, scripts/snapshot.mjs; docs/architecture.md "Fast start") and falls back to the normal
// boot, with a console warning, when it cannot be used.
//
// The messages both ways (requests, status, progress, result, error, and the pattern database's `tables`
// progress) are typed once, in protocol.js. A solve the page asks to split over `workers` (a hard 4×4 with the
// pattern database) runs here as the primary: its Python hands tasks to helper workers, more instances of this
// script that this one starts and talks to as the page talks to it (helper-workers.js). The pattern database
// (build.json "pdb") is fetched after Python is ready while requests keep being answered; its bytes are kept in
// the Cache API under their content-hashed URL and checked against the manifest's sha256 before every use.

// @ts-expect-error: site/pyodide/ is copied from node_modules/pyodide by the build (not in web/)
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { Helpers } from "./helper-workers.js";
import { LONG_OPS, REQUEST_TYPES } from "./protocol.js";

/** @typedef {import("./protocol.js").Reply} Reply */
/** @typedef {import("./protocol.js").Request} Request */
/** @typedef {import("./protocol.js").Tables} Tables */
/** @typedef {import("./protocol.js").StatusMessage} StatusMessage */
/** @typedef {Exclude<Request, import("./protocol.js").CancelRequest>} Work a request that runs in Python */
/** @typedef {Awaited<ReturnType<typeof boot>>} Python the booted runtime (Python objects are untyped: any) */

const SLICE_SECONDS = 0.05;
/** A split solve whose own tasks are all out waits this long at most for a helper's message before it looks again. */
const IDLE_WAIT_MS = 50;
const STAGES = Object.freeze(["runtime", "packages", "npuzzle", "import"]);
/** The stages of a boot from the build's memory snapshot (micropip's two were done at build time). */
const SNAPSHOT_STAGES = Object.freeze(["runtime", "import"]);
/** The stages of the boot under way: its status messages count `step` of `steps` through them. */
let stages = STAGES;

/** Resolve on the next turn of the event loop (a MessageChannel task: faster than setTimeout(0)). */
function nextTask() {
  return new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** @param {Reply} message */
function post(message) {
  self.postMessage(message);
}

/**
 * @param {StatusMessage["state"]} state
 * @param {Omit<StatusMessage, "type" | "state">} fields
 */
function status(state, fields) {
  post({ type: "status", state, ...fields });
}

/** Seconds spent in each boot stage, reported with `ready` (scripts/bench_page.py prints them). */
/** @type {Record<string, number>} */
const timings = {};
/** @type {string | null} */
let stageName = null;
let stageStart = 0;

/** @param {(typeof STAGES)[number] | null} name @param {string} [text] */
function stage(name, text) {
  const now = performance.now();
  if (stageName) timings[stageName] = (now - stageStart) / 1000;
  stageName = name;
  stageStart = now;
  if (name) status("loading", { stage: name, text: text || name, step: stages.indexOf(name) + 1, steps: stages.length });
}

/** @param {any} exc @returns {import("./protocol.js").ErrorInfo} */
function errorOf(exc) {
  // A Python exception that escaped api (should not happen) or a JS failure: a one-line message, no traceback.
  const text = String((exc && exc.message) || exc);
  const lines = text.trim().split("\n").filter((line) => line.trim() !== "");
  return { type: (exc && exc.type) || "InternalError", message: lines.length ? lines[lines.length - 1] : text };
}

/** @typedef {{url: string, size: number, sha256: string, rows: number, cols: number}} DatabaseFile a database
 *   the build ships (`rows` and `cols`: the board shape it serves, read from the file's header) */
/** @typedef {{packages: {url: string}[], wheel: {url: string, version: string, sha256: string},
 *   snapshot?: {url: string, size: number, sha256: string, wheel: string},
 *   pdb?: DatabaseFile, mtm?: DatabaseFile}} Manifest build.json, as the worker reads it: the single-tile pattern
 *   database (`pdb`) and the line-move one (`mtm`) */

/** The bytes at `url` (same origin), or an error naming the URL. @param {URL} url */
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.pathname}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The memory snapshot the build made (scripts/snapshot.mjs): fetched, checked against build.json, un-gzipped.
 * @param {NonNullable<Manifest["snapshot"]>} info @param {URL} base @returns {Promise<Uint8Array>} */
async function snapshotBytes(info, base) {
  const packed = await fetchBytes(new URL(info.url, base));
  if ((await sha256Hex(packed)) !== info.sha256) throw new Error("the snapshot is damaged (its sha256 does not match)");
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Boot from the build's memory snapshot: npuzzle installed by micropip and imported at build time, so this only
 * restores the heap, then lays our wheel's files out again (the snapshot holds memory, not the file system, and
 * npuzzle reads its data files at run time). Throws when the snapshot cannot be used.
 * @param {Manifest} manifest @param {URL} base */
async function bootFromSnapshot(manifest, base) {
  const info = manifest.snapshot;
  if (!info) throw new Error("build.json names no snapshot");
  if (info.wheel !== manifest.wheel.sha256) throw new Error("the snapshot was made from another wheel");
  // Both downloads run beside the runtime's; loadPyodide awaits the snapshot only once its module is loaded, so
  // a failure may come first: caught here (no unhandled rejection), thrown where each is awaited.
  const wheel = fetchBytes(new URL(manifest.wheel.url, base));
  const snapshot = snapshotBytes(info, base);
  for (const pending of [wheel, snapshot]) pending.catch(() => {});
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, _loadSnapshot: snapshot });
  stage("import", "Starting npuzzle");
  const where = pyodide.runPython("import os, npuzzle; os.path.dirname(os.path.dirname(npuzzle.__file__))");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: where });
  // One heap for every visit: reseed what was seeded at build time (npuzzle's own generators seed themselves).
  pyodide.runPython("import importlib, random; importlib.invalidate_caches(); random.seed()");
  return pyodide;
}

/** The normal boot: the runtime, micropip and packaging, then micropip installs our wheel and npuzzle.api is
 * imported. @param {Manifest} manifest @param {URL} base */
async function bootNormally(manifest, base) {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, fullStdLib: false });
  stage("packages", "Loading micropip");
  await pyodide.loadPackage(manifest.packages.map((p) => new URL(p.url, base).href), {
    messageCallback: () => {},
    errorCallback: (/** @type {string} */ message) => console.warn(message),
  });
  stage("npuzzle", `Installing npuzzle ${manifest.wheel.version}`);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(new URL(manifest.wheel.url, base).href);
  } finally {
    micropip.destroy();
  }
  stage("import", "Starting npuzzle");
  return pyodide;
}

async function boot() {
  const started = performance.now();
  const base = new URL("./", import.meta.url);
  const response = await fetch(new URL("build.json", base), { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status} (build the site with npm run build)`);
  /** @type {Manifest} */
  const manifest = await response.json();
  if (manifest.snapshot) stages = SNAPSHOT_STAGES;
  stage("runtime", "Loading the Python runtime");
  /** @type {"snapshot" | "normal"} */
  let how = "normal";
  let pyodide = null;
  if (manifest.snapshot) {
    try {
      pyodide = await bootFromSnapshot(manifest, base);
      how = "snapshot";
    } catch (/** @type {any} */ exc) {
      const why = String((exc && exc.message) || exc).replace(/\s+/g, " ").trim(); // Pyodide's messages span lines
      console.warn(`npuzzle: the memory snapshot could not be used (${why}); starting Python the normal way`);
      stages = STAGES;
      stage("runtime", "Loading the Python runtime");
    }
  }
  if (!pyodide) pyodide = await bootNormally(manifest, base);
  let interrupt = null;
  if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
    interrupt = new Uint8Array(new SharedArrayBuffer(1));
    pyodide.setInterruptBuffer(interrupt);
  }
  const api = pyodide.pyimport("npuzzle.api");
  const engine = api.Engine(); // holds the pattern database once loaded
  const handle = engine.handle; // request (JSON) -> reply (JSON)
  const start = engine.start; // request (JSON) -> session of a long op
  stage(null);
  const seconds = (performance.now() - started) / 1000;
  return { pyodide, api, engine, handle, start, interrupt, seconds, how, version: manifest.wheel.version, manifest, base };
}

/**
 * A unit of work in the runner's queue: a request, or a function that calls Python (a slice of the tables' load).
 * `background`: a request the page made on its own (protocol.js `background`), which gives way to every other one.
 * @typedef {{run: () => Promise<unknown> | unknown, background: boolean, resolve: (value: any) => void,
 *   reject: (error: unknown) => void}} Entry
 */

/**
 * Runs the work in its queue one entry at a time (Python is single-threaded), in order, with one priority rule:
 * between two slices of a background request, every other request waiting is run first (whole), so what the user
 * asked for never waits behind what the page does on its own. A long request yields to the event loop between
 * slices, which lets new requests and cancels in.
 */
class Runner {
  constructor() {
    /** @type {Python | null} */
    this.python = null;
    /** @type {Entry[]} */
    this.queue = [];
    this.busy = false; // an entry runs now (a background one may be paused while others run)
    /** @type {Set<number>} */
    this.pending = new Set(); // ids queued or running
    /** @type {Set<number>} */
    this.cancelled = new Set(); // ids cancelled while pending
    /** @type {Promise<void> | null} */
    /** @type {Partial<Record<Database, Promise<void>>>} */
    this.tablesLoad = {}; // each database's load, once the page asked for it (started at most once)
  }

  /**
   * Queue `run` and resolve with its value once it ran (in queue order, subject to the priority rule).
   * @template T
   * @param {() => Promise<T> | T} run
   * @param {boolean} background
   * @returns {Promise<T>}
   */
  add(run, background) {
    const done = new Promise((resolve, reject) => { this.queue.push({ run, background, resolve, reject }); });
    this.pump();
    return /** @type {Promise<T>} */ (done);
  }

  /** Run the queue's entries one after another while none runs. */
  async pump() {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let entry = this.queue.shift(); entry; entry = this.queue.shift()) await this.execute(entry);
    } finally {
      this.busy = false;
    }
  }

  /** @param {Entry} entry */
  async execute(entry) {
    try {
      entry.resolve(await entry.run());
    } catch (exc) {
      entry.reject(exc);
    }
  }

  /** Between two slices of a background request: run every other request waiting, in order. */
  async giveWay() {
    for (let at = this.queue.findIndex((e) => !e.background); at >= 0; at = this.queue.findIndex((e) => !e.background)) {
      const [entry] = this.queue.splice(at, 1);
      await this.execute(entry);
    }
  }

  /** @param {Work} message @param {Promise<boolean>} ready */
  enqueue(message, ready) {
    this.pending.add(message.id);
    const background = "background" in message && message.background === true;
    this.add(async () => {
      try {
        const python = await ready;
        // A cancel posted while this request waited (the worker busy in Python, or streaming the pattern
        // database) sits in the task queue behind it: let it in before starting, or the request would run to
        // its end with the page's interrupt cleared by run().
        await nextTask();
        if (!python) {
          post({ type: "error", id: message.id, error: { type: "Unavailable", message: "Python failed to start" } });
        } else if (this.cancelled.has(message.id)) {
          post({ type: "error", id: message.id, error: { type: "Cancelled", message: "cancelled" } });
        } else {
          await this.run(message, background);
        }
      } finally {
        this.pending.delete(message.id);
        this.cancelled.delete(message.id);
      }
    }, background);
  }

  /**
   * Run `fn` (which calls Python) when no request is running, in queue order; resolves with its value.
   * @template T
   * @param {() => T} fn
   * @returns {Promise<T>}
   */
  exclusive(fn) {
    return this.add(fn, false);
  }

  /** @param {number} id */
  cancel(id) {
    // Seen between solve slices (cooperative). A one-shot call in progress is stopped by the page through the
    // interrupt buffer when the page is cross-origin isolated, or by terminating the worker.
    if (this.pending.has(id)) this.cancelled.add(id);
  }

  /** The booted runtime (requests run only once it is). @returns {Python} */
  get py() {
    if (!this.python) throw new Error("Python is not ready");
    return this.python;
  }

  /** @param {object} request */
  call(request) {
    return JSON.parse(this.py.handle(JSON.stringify(request)));
  }

  /** @param {Work} message */
  oneShot(message) {
    const { id, type, ...fields } = message;
    const reply = this.call({ ...fields, op: type });
    if (reply.ok) post({ type: "result", id, reply });
    else post({ type: "error", id, error: reply.error });
  }

  /** A long operation (solve, compare, hint, subtree): npuzzle.api.start(request) → session, advanced in ~50 ms
   * slices. A split solve's progress carries `split` (npuzzle.pdb.split): its helpers are joined then, and between
   * two slices they get tasks and their answers reach Python; whatever ends the solve cancels their tasks. */
  /** @param {Work} message @param {boolean} background */
  async long(message, background) {
    const { id, type, ...fields } = message;
    if ("background" in fields) delete fields.background; // the worker's concern, not Python's
    const idleMs = message.type === "solve" ? message.helpers_idle_ms : undefined;
    const session = this.py.start(JSON.stringify({ ...fields, op: type }));
    /** @type {import("./helper-workers.js").SplitRun | null} */
    let split = null;
    try {
      for (;;) {
        const cancelled = this.cancelled.has(id);
        if (split && !cancelled) split.feed(); // the helpers' answers first: one may end the search
        const event = JSON.parse(cancelled ? session.cancel() : session.advance(SLICE_SECONDS));
        if (event.type === "progress" && !cancelled) {
          if (event.split && !split) split = helpers.join(session, String(id), event.split.workers - 1, idleMs);
          if (split) split.feed();
          post({ type: "progress", id, progress: event });
          // lets a `cancel` message and the helpers' messages in
          await (split && event.split && event.split.idle ? split.wait(IDLE_WAIT_MS) : nextTask());
          if (background) {
            await this.giveWay();
            if (this.py.interrupt) this.py.interrupt[0] = 0; // a cancel meant for a request run meanwhile
          }
        } else if (event.type === "error" || event.ok === false) {
          post({ type: "error", id, error: event.error || { type: "InternalError", message: "unknown error" } });
          return;
        } else {
          post({ type: "result", id, reply: event }); // a cancelled run ends with stopped: "cancelled"
          return;
        }
      }
    } finally {
      if (split) split.end();
      session.destroy();
    }
  }

  /** @param {Work} message @param {boolean} background */
  async run(message, background) {
    const { id } = message;
    if (this.py.interrupt) this.py.interrupt[0] = 0;
    post({ type: "progress", id, started: true }); // from now on the page may interrupt this call
    try {
      if (LONG_OPS.has(message.type)) await this.long(message, background);
      else this.oneShot(message);
    } catch (/** @type {any} */ exc) {
      const cancelled = this.cancelled.has(id) || (exc && exc.type === "KeyboardInterrupt");
      post({ type: "error", id, error: cancelled ? { type: "Cancelled", message: "cancelled" } : errorOf(exc) });
    }
  }
}

// ---- Pattern database: download with progress, keep in the Cache API, verify, hand to Python ----------------

const PDB_CACHE = "npuzzle-pdb";
const TABLES_REPORT_MS = 100;

/** @typedef {import("./protocol.js").Database} Database */

/** How the status lines name each database. @type {Readonly<Record<Database, string>>} */
const DATABASE_NAMES = Object.freeze({ pdb: "Pattern database", mtm: "Line-move tables" });

/** @param {Database} database @param {Omit<Tables, "database">} fields */
function tablesStatus(database, fields) {
  post({ type: "progress", id: null, tables: { ...fields, database } }); // not a request's progress: id null
}

/** @param {number} n */
function megabytes(n) {
  return (n / 1e6).toFixed(1);
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The file's bytes from the network, streamed, with `downloading` progress (received / total bytes). */
/** @param {Database} database @param {string} url @param {number} total @returns {Promise<Uint8Array<ArrayBuffer>>} */
async function download(database, url, total) {
  const name = DATABASE_NAMES[database];
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const size = Number(response.headers.get("Content-Length")) || total;
  tablesStatus(database, { phase: "downloading", received: 0, total: size, text: `${name}: 0.0 / ${megabytes(size)} MB` });
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
      tablesStatus(database, { phase: "downloading", received, total: size,
        text: `${name}: ${megabytes(received)} / ${megabytes(size)} MB` });
    }
  }
  return received === bytes.length ? bytes : bytes.slice(0, received);
}

/** The cache, or null where the Cache API is missing (insecure origin, private mode): then every visit downloads. */
async function openCache() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(PDB_CACHE);
  } catch {
    return null;
  }
}

/** Hand the verified bytes to Python, which prepares the tables in slices (Engine.start_load): requests sent
 * meanwhile are answered between two slices. A stray interrupt (a cancel that came as a request ended) aborts
 * a slice; the load then starts over once. Resolves with the engine's reply.
 * @param {Python} python
 * @param {Database} database
 * @param {Uint8Array} bytes
 * @param {boolean} cached
 * @returns {Promise<any>} */
async function prepareTables(python, database, bytes, cached) {
  const report = (/** @type {number} */ fraction) => tablesStatus(database, { phase: "loading", fraction, cached,
    text: `${DATABASE_NAMES[database]}: preparing ${megabytes(bytes.length)} MB (${Math.round(fraction * 100)}%)` });
  const calm = () => {
    if (python.interrupt) python.interrupt[0] = 0; // a cancel meant for a request must not abort the load
  };
  for (let attempt = 1; ; attempt++) {
    /** @type {any} */
    let load = null;
    try {
      load = await runner.exclusive(() => {
        calm();
        return python.engine.start_load(bytes);
      });
      report(0);
      for (;;) {
        const event = JSON.parse(await runner.exclusive(() => {
          calm();
          return load.advance(SLICE_SECONDS);
        }));
        if (event.type !== "progress") return event;
        report(event.fraction);
        await nextTask(); // lets requests in: they run before the next slice
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
async function offerTables(python) {
  const cache = await openCache();
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
 * @param {Python} python @param {Database} database */
async function loadTables(python, database) {
  const info = python.manifest[database];
  if (!info) return;
  const name = DATABASE_NAMES[database];
  const url = new URL(info.url, python.base).href;
  const started = performance.now();
  try {
    const cache = await openCache();
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
          await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
        } catch (exc) {
          console.warn(`npuzzle: could not keep the ${name.toLowerCase()} for later visits:`, exc);
        }
      }
    }
    const reply = await prepareTables(python, database, bytes, cached);
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

const runner = new Runner();
/** The helper workers of split solves (started at the first one, ended when idle: helper-workers.js). */
const helpers = new Helpers({
  url: new URL("./worker.js", import.meta.url),
  onChange: (count) => post({ type: "progress", id: null, helpers: count }),
});
const ready = boot().then(
  (python) => {
    runner.python = python;
    status("ready", {
      text: `Python ready (npuzzle ${python.version})`,
      seconds: python.seconds,
      timings,
      boot: python.how,
      interrupt: python.interrupt ? python.interrupt.buffer : null,
    });
    offerTables(python);
    return true;
  },
  (exc) => {
    status("failed", { text: `Python could not start: ${errorOf(exc).message}` });
    return false;
  },
);

self.onmessage = (event) => {
  const message = event.data;
  if (message && message.type === "tables" && Number.isInteger(message.id)) {
    /** @type {Database} */
    const database = message.database === "mtm" ? "mtm" : "pdb";
    ready.then((ok) => {
      const loads = runner.tablesLoad;
      if (ok && runner.python && !loads[database]) loads[database] = loadTables(runner.python, database);
      post({ type: "result", id: message.id, reply: { ok: true, started: Boolean(loads[database]) } });
    });
    return;
  }
  if (!message || typeof message !== "object" || !REQUEST_TYPES.has(message.type) || !Number.isInteger(message.id)) {
    const id = message && Number.isInteger(message.id) ? message.id : null;
    const shown = message && typeof message === "object" ? String(message.type) : typeof message;
    post({ type: "error", id, error: { type: "ProtocolError", message: `unknown request type ${shown}` } });
    return;
  }
  if (message.type === "cancel") runner.cancel(message.id);
  else runner.enqueue(message, ready);
};
