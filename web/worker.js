// The Python side of the page: a module Web Worker that boots Pyodide, installs our wheel from the site's own
// origin and answers typed messages by calling npuzzle.api. The page never blocks on Python.
//
// Page → worker (each carries a numeric `id`):
//   {type: "check",  id, board, goal?}          one-shot, answered by `result` or `error`
//   {type: "random", id, shape, goal?, seed?}   one-shot
//   {type: "apply",  id, board, moves}          one-shot
//   {type: "options", id, rows, cols, goal?}    one-shot: the algorithm/heuristic choices for a board
//   {type: "solve",  id, board, goal?, ...}     long: `progress`* then `result` | `error`
//   {type: "compare", id, board, goal?, ...}    long, like solve
//   {type: "cancel", id}                        stops request `id` (a long one between two slices: its
//                                               `result` then says stopped: "cancelled")
// Worker → page:
//   {type: "status", state: "loading" | "ready" | "failed", stage?, text, step?, steps?, seconds?, timings?,
//    interrupt?}
//   {type: "progress", id, progress}   {type: "result", id, reply}   {type: "error", id, error: {type, message}}

import { loadPyodide } from "./pyodide/pyodide.mjs";
import { LONG_OPS, REQUEST_TYPES } from "./protocol.js";

const SLICE_SECONDS = 0.05;
const STAGES = Object.freeze(["runtime", "packages", "npuzzle", "import"]);

/** Resolve on the next turn of the event loop (a MessageChannel task: faster than setTimeout(0)). */
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

function post(message) {
  self.postMessage(message);
}

function status(state, fields) {
  post({ type: "status", state, ...fields });
}

/** Seconds spent in each boot stage, reported with `ready` (scripts/bench_page.py prints them). */
const timings = {};
let stageName = null;
let stageStart = 0;

function stage(name, text) {
  const now = performance.now();
  if (stageName) timings[stageName] = (now - stageStart) / 1000;
  stageName = name;
  stageStart = now;
  if (name) status("loading", { stage: name, text, step: STAGES.indexOf(name) + 1, steps: STAGES.length });
}

function errorOf(exc) {
  // A Python exception that escaped api (should not happen) or a JS failure: a one-line message, no traceback.
  const text = String((exc && exc.message) || exc);
  const lines = text.trim().split("\n").filter((line) => line.trim() !== "");
  return { type: (exc && exc.type) || "InternalError", message: lines.length ? lines[lines.length - 1] : text };
}

async function boot() {
  const started = performance.now();
  const base = new URL("./", import.meta.url);
  stage("runtime", "Loading the Python runtime");
  const response = await fetch(new URL("build.json", base), { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status} (build the site with npm run build)`);
  const manifest = await response.json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, fullStdLib: false });
  let interrupt = null;
  if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
    interrupt = new Uint8Array(new SharedArrayBuffer(1));
    pyodide.setInterruptBuffer(interrupt);
  }
  stage("packages", "Loading micropip");
  await pyodide.loadPackage(manifest.packages.map((p) => new URL(p.url, base).href), {
    messageCallback: () => {},
    errorCallback: (message) => console.warn(message),
  });
  stage("npuzzle", `Installing npuzzle ${manifest.wheel.version}`);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(new URL(manifest.wheel.url, base).href);
  } finally {
    micropip.destroy();
  }
  stage("import", "Starting npuzzle");
  const api = pyodide.pyimport("npuzzle.api");
  const handle = api.handle;
  const start = api.start ?? null; // npuzzle.api.start(request) -> session, when the build has solving
  stage(null);
  const seconds = (performance.now() - started) / 1000;
  return { pyodide, api, handle, start, interrupt, seconds, version: manifest.wheel.version };
}

/** Runs requests one after another (Python is single-threaded); a solve yields between slices. */
class Runner {
  constructor() {
    this.python = null;
    this.queue = Promise.resolve();
    this.pending = new Set(); // ids queued or running
    this.cancelled = new Set(); // ids cancelled while pending
  }

  enqueue(message, ready) {
    this.pending.add(message.id);
    this.queue = this.queue.then(async () => {
      try {
        if (!(await ready)) {
          post({ type: "error", id: message.id, error: { type: "Unavailable", message: "Python failed to start" } });
        } else if (this.cancelled.has(message.id)) {
          post({ type: "error", id: message.id, error: { type: "Cancelled", message: "cancelled" } });
        } else {
          await this.run(message);
        }
      } finally {
        this.pending.delete(message.id);
        this.cancelled.delete(message.id);
      }
    });
  }

  cancel(id) {
    // Seen between solve slices (cooperative). A one-shot call in progress is stopped by the page through the
    // interrupt buffer when the page is cross-origin isolated, or by terminating the worker.
    if (this.pending.has(id)) this.cancelled.add(id);
  }

  call(request) {
    return JSON.parse(this.python.handle(JSON.stringify(request)));
  }

  oneShot(message) {
    const { id, type, ...fields } = message;
    const reply = this.call({ ...fields, op: type });
    if (reply.ok) post({ type: "result", id, reply });
    else post({ type: "error", id, error: reply.error });
  }

  /** A long operation (solve, compare): npuzzle.api.start(request) → session, advanced in ~50 ms slices. */
  async long(message) {
    const { id, type, ...fields } = message;
    if (!this.python.start) {
      post({ type: "error", id, error: { type: "Unsupported", message: `${type} is not available in this build` } });
      return;
    }
    const session = this.python.start(JSON.stringify({ ...fields, op: type }));
    try {
      for (;;) {
        const cancelled = this.cancelled.has(id);
        const event = JSON.parse(cancelled ? session.cancel() : session.advance(SLICE_SECONDS));
        if (event.type === "progress" && !cancelled) {
          post({ type: "progress", id, progress: event });
          await nextTask(); // lets a `cancel` message in
        } else if (event.type === "error" || event.ok === false) {
          post({ type: "error", id, error: event.error || { type: "InternalError", message: "unknown error" } });
          return;
        } else {
          post({ type: "result", id, reply: event }); // a cancelled run ends with stopped: "cancelled"
          return;
        }
      }
    } finally {
      session.destroy();
    }
  }

  async run(message) {
    const { id } = message;
    if (this.python.interrupt) this.python.interrupt[0] = 0;
    try {
      if (LONG_OPS.has(message.type)) await this.long(message);
      else this.oneShot(message);
    } catch (exc) {
      const cancelled = this.cancelled.has(id) || (exc && exc.type === "KeyboardInterrupt");
      post({ type: "error", id, error: cancelled ? { type: "Cancelled", message: "cancelled" } : errorOf(exc) });
    }
  }
}

const runner = new Runner();
const ready = boot().then(
  (python) => {
    runner.python = python;
    status("ready", {
      text: `Python ready (npuzzle ${python.version})`,
      seconds: python.seconds,
      timings,
      interrupt: python.interrupt ? python.interrupt.buffer : null,
    });
    return true;
  },
  (exc) => {
    status("failed", { text: `Python could not start: ${errorOf(exc).message}` });
    return false;
  },
);

self.onmessage = (event) => {
  const message = event.data;
  if (!message || typeof message !== "object" || !REQUEST_TYPES.has(message.type) || !Number.isInteger(message.id)) {
    const id = message && Number.isInteger(message.id) ? message.id : null;
    const shown = message && typeof message === "object" ? String(message.type) : typeof message;
    post({ type: "error", id, error: { type: "ProtocolError", message: `unknown request type ${shown}` } });
    return;
  }
  if (message.type === "cancel") runner.cancel(message.id);
  else runner.enqueue(message, ready);
};
