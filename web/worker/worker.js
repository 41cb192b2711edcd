// @ts-check
// Runs in the Python worker: its entry (a module Web Worker the page starts through worker-handle.js) and runner.
// The Python side of the page: a module Web Worker that boots Pyodide, installs our wheel from the site's own
// origin and answers typed messages by calling npuzzle.api. The page never blocks on Python.
//
// A first visit boots the normal way (the runtime, micropip, our wheel: about 5 MB as a compressing host sends
// them); once the page has asked for the pattern database, the build's memory snapshot (npuzzle installed and
// imported at build time, scripts/snapshot.mjs) is kept in the background for the next visits (not under
// Save-Data), which restore it instead (docs/site.md "Fast start"), falling back to the normal boot, with
// a console warning, when it cannot be used. Every file the boot loads comes from the site's cache when kept,
// else from the network, counted (the `loading` status carries bytes and the time left) and kept as it streams
// (boot.js), so the service worker and the next visit find it there. Package data the site serves beside
// the wheel (build.json "data": the 5×5 tables) is fetched when a request first needs it
// (downloads.js, as are the pattern databases and the snapshot kept).
//
// The messages both ways (requests, status, progress, result, error, and the pattern database's `tables`
// progress) are typed once, in protocol.js. A solve the page asks to split over `workers` (a hard 4×4 with the
// pattern database) runs here as the primary: its Python hands tasks to helper workers, more instances of this
// script that this one starts and talks to as the page talks to it (helpers.js). The pattern database
// (build.json "pdb") is fetched after Python is ready while requests keep being answered (downloads.js).

// @ts-expect-error: site/pyodide/ is copied from node_modules/pyodide by the build (not in web/)
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BootFiles, TimeLeft } from "./boot.js";
import { openSiteCache } from "./caches.js";
import { Helpers } from "./helpers.js";
import { LONG_OPS, REQUEST_TYPES, errorOf } from "../protocol.js";
import { keepSnapshot, loadTables, offerTables, provideData, sha256Hex } from "./downloads.js";
import { installWheel } from "./wheel.js";

/** @typedef {import("../protocol.js").Reply} Reply */
/** @typedef {import("../protocol.js").Request} Request */
/** @typedef {import("../protocol.js").Tables} Tables */
/** @typedef {import("../protocol.js").StatusMessage} StatusMessage */
/** @typedef {Exclude<Request, import("../protocol.js").CancelRequest>} Work a request that runs in Python */
/** @typedef {Awaited<ReturnType<typeof boot>>} Python the booted runtime (Python objects are untyped: any) */

const SLICE_SECONDS = 0.05;
/** A split solve whose own tasks are all out waits this long at most for a helper's message before it looks again. */
const IDLE_WAIT_MS = 50;
const STAGES = Object.freeze(["runtime", "npuzzle", "import"]);
/** The stages of a boot from the build's memory snapshot (micropip's install was done at build time). */
const SNAPSHOT_STAGES = Object.freeze(["runtime", "import"]);
/** The stages of the boot under way: its status messages count `step` of `steps` through them. */
let stages = STAGES;
/** How often the boot's download counts are reported at most (ms). */
const BOOT_REPORT_MS = 200;

/** Resolve on the next turn of the event loop (a MessageChannel task: faster than setTimeout(0)).
 * @returns {Promise<void>} */
function nextTask() {
  return new Promise((resolve) => {
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

/** Seconds spent in each boot stage, reported with `ready` (bench/page.py prints them). */
/** @type {Record<string, number>} */
const timings = {};
/** @type {string | null} */
let stageName = null;
let stageText = "";
let stageStart = 0;
/** The boot's downloads so far (BootFiles), carried by every `loading` status once known. */
/** @type {import("./boot.js").Counts | null} */
let counts = null;

/** @param {(typeof STAGES)[number] | null} name @param {string} [text] */
function stage(name, text) {
  const now = performance.now();
  if (stageName) timings[stageName] = (now - stageStart) / 1000;
  stageName = name;
  stageText = text || name || "";
  stageStart = now;
  if (name) loadingStatus();
}

function loadingStatus() {
  if (!stageName) return;
  status("loading", { stage: stageName, text: stageText, step: stages.indexOf(stageName) + 1, steps: stages.length,
    ...counts });
}

/** @param {import("./boot.js").Counts} latest */
function downloaded(latest) {
  counts = latest;
  loadingStatus();
}

/** @typedef {import("./boot.js").FileInfo} FileInfo */
/** @typedef {import("./downloads.js").Manifest} Manifest */
/** @typedef {import("../protocol.js").Database} Database */

/** The runtime's module, which Pyodide imports itself (counted once loaded). */
const RUNTIME_MODULE = "pyodide/pyodide.asm.mjs";

/** The bytes of a boot file, or an error naming it. @param {BootFiles} files @param {string} url */
async function bytesOf(files, url) {
  const response = await files.get(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The memory snapshot the build made (scripts/snapshot.mjs), checked against build.json and un-gzipped.
 * @param {NonNullable<Manifest["snapshot"]>} info @param {Uint8Array<ArrayBuffer>} packed @returns {Promise<Uint8Array>} */
async function unpackSnapshot(info, packed) {
  if ((await sha256Hex(packed)) !== info.sha256) throw new Error("the snapshot is damaged (its sha256 does not match)");
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Boot from the build's memory snapshot, kept by an earlier visit: npuzzle installed by micropip and imported at
 * build time, so this only restores the heap, then lays our wheel's files out again (the snapshot holds memory,
 * not the file system, and npuzzle reads its data files at run time). Throws when the snapshot cannot be used.
 * @param {Manifest} manifest @param {URL} base @param {BootFiles} files */
async function bootFromSnapshot(manifest, base, files) {
  const info = manifest.snapshot;
  if (!info) throw new Error("build.json names no snapshot");
  if (info.wheel !== manifest.wheel.sha256) throw new Error("the snapshot was made from another wheel");
  // Both are read beside the runtime's files; loadPyodide awaits the snapshot only once its module is loaded, so
  // a failure may come first: caught here (no unhandled rejection), thrown where each is awaited.
  const wheel = bytesOf(files, manifest.wheel.url);
  const snapshot = bytesOf(files, info.url).then((packed) => unpackSnapshot(info, packed));
  for (const pending of [wheel, snapshot]) pending.catch(() => {});
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, _loadSnapshot: snapshot });
  stage("import", "Starting npuzzle");
  const where = pyodide.runPython("import os, npuzzle; os.path.dirname(os.path.dirname(npuzzle.__file__))");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: where });
  // One heap for every visit: reseed what was seeded at build time (npuzzle's own generators seed themselves).
  pyodide.runPython("import importlib, random; importlib.invalidate_caches(); random.seed()");
  return pyodide;
}

/** The normal boot: the runtime and micropip, then micropip installs our wheel (downloaded after them) from the
 * Emscripten file system (wheel.js, which the build's snapshot and stdlib scripts use too); npuzzle.api is imported
 * next.
 * @param {Manifest} manifest @param {URL} base @param {BootFiles} files */
async function bootNormally(manifest, base, files) {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  await pyodide.loadPackage(manifest.packages.map((p) => new URL(p.url, base).href), {
    messageCallback: () => {},
    errorCallback: (/** @type {string} */ message) => console.warn(message),
  });
  stage("npuzzle", `Installing npuzzle ${manifest.wheel.version}`);
  const name = manifest.wheel.url.split("/").pop() || "npuzzle.whl";
  await installWheel(pyodide, name, await bytesOf(files, manifest.wheel.url)); // downloading since micropip was in
  stage("import", "Starting npuzzle");
  return pyodide;
}

/** The files a boot loads (the snapshot's, or the normal one's), in the order it uses them.
 * @param {Manifest} manifest @param {boolean} snapshot */
function bootSet(manifest, snapshot) {
  const own = snapshot && manifest.snapshot ? [manifest.snapshot] : manifest.packages;
  return [...manifest.runtime, ...own, manifest.wheel];
}

/** The runtime's files, downloaded first (Python starts once they are in; the wasm compiles as it arrives). The
 * others (micropip or the snapshot, our wheel) start once the wasm is in: their bytes do not slow the runtime's,
 * and they arrive while Python starts. */
const FIRST = Object.freeze([RUNTIME_MODULE, "pyodide/pyodide-lock.json", "pyodide/pyodide.asm.wasm",
  "pyodide/python_stdlib.zip"]);

/** Start the planned boot's downloads (the runtime's module is imported: the browser loads it): FIRST at once, the
 * others once the wasm is in. @param {BootFiles} files @param {FileInfo[]} set @param {URL} base */
async function startDownloads(files, set, base) {
  const start = (/** @type {FileInfo} */ info) => {
    const loading = info.url === RUNTIME_MODULE ? files.track(info.url, import(new URL(info.url, base).href))
      : files.get(info.url);
    loading.catch(() => {}); // a failure surfaces where the boot awaits the file
  };
  for (const info of set) if (FIRST.includes(info.url)) start(info);
  await files.finished("pyodide/pyodide.asm.wasm");
  for (const info of set) if (!FIRST.includes(info.url)) start(info);
}

async function boot() {
  const started = performance.now();
  const base = new URL("../", import.meta.url); // the site's root: build.json and the files it lists
  stage("runtime", "Loading the Python runtime");
  const response = await fetch(new URL("build.json", base), { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status} (build the site with npm run build)`);
  /** @type {Manifest} */
  const manifest = await response.json();
  const cache = await openSiteCache(manifest.build);
  const files = new BootFiles(cache, base, downloaded, BOOT_REPORT_MS);
  // The snapshot only where it pays: kept by an earlier visit (keepSnapshot). A first visit boots the normal way.
  const snapshot = manifest.snapshot;
  const kept = Boolean(snapshot && cache && (await cache.match(new URL(snapshot.url, base).href)));
  stages = kept ? SNAPSHOT_STAGES : STAGES;
  const set = bootSet(manifest, kept);
  await files.plan(set);
  startDownloads(files, set, base);
  /** @type {"snapshot" | "normal"} */
  let how = "normal";
  let pyodide = null;
  if (kept && snapshot) {
    try {
      pyodide = await files.serving(() => bootFromSnapshot(manifest, base, files));
      how = "snapshot";
    } catch (/** @type {any} */ exc) {
      const why = String((exc && exc.message) || exc).replace(/\s+/g, " ").trim(); // Pyodide's messages span lines
      console.warn(`npuzzle: the memory snapshot could not be used (${why}); starting Python the normal way`);
      if (cache) await cache.delete(new URL(snapshot.url, base).href); // not tried again (kept anew after the tables)
      stages = STAGES;
      await files.plan(manifest.packages);
      startDownloads(files, manifest.packages, base);
      stage("runtime", "Loading the Python runtime");
    }
  }
  if (!pyodide) pyodide = await files.serving(() => bootNormally(manifest, base, files));
  await files.settled(); // the copies are kept before the page registers the service worker (it skips them)
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
  /** @type {Set<string>} the package data written in place (provideData) */
  const provided = new Set();
  return { pyodide, api, engine, handle, start, interrupt, seconds, how, version: manifest.wheel.version, manifest, base,
    provided };
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
    await provideData(this.py, { ...fields, op: type });
    const session = this.py.start(JSON.stringify({ ...fields, op: type }));
    /** @type {import("./helpers.js").SplitRun | null} */
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

const runner = new Runner();
/** How a database's load shares Python with the requests (downloads.js). */
const slices = { exclusive: runner.exclusive.bind(runner), between: nextTask, sliceSeconds: SLICE_SECONDS };
/** The helper workers of split solves (started at the first one, ended when idle: helpers.js). */
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
      const python = runner.python;
      const loads = runner.tablesLoad;
      if (ok && python && !loads[database]) {
        loads[database] = loadTables(python, database, slices);
        if (database === "pdb") loads[database].then(() => keepSnapshot(python)); // the database's rule decides both
      }
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
