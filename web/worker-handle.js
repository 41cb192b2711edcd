// @ts-check
// The page's side of the channel (and a worker's, for its helpers): the handle on a Python worker (web/worker/).
// The page's handle on the Python worker: typed requests with ids, promises for replies, status events,
// and cancel that degrades gracefully (cooperative → interrupt buffer → terminate and restart). The primary worker
// holds its helper workers (worker/helpers.js) through the same class, so it runs in a worker too (no `window`).

import { LONG_OPS, REPLY_TYPES, STATES } from "./protocol.js";

/** @typedef {import("./protocol.js").ErrorInfo} ErrorInfo */
/** @typedef {import("./protocol.js").StatusMessage} StatusMessage */
/** @typedef {import("./protocol.js").Reply} Reply */

/**
 * A request waiting for its answer.
 * @typedef {{type: string, resolve: (reply: any) => void, reject: (error: RequestError) => void,
 *   onProgress: (progress: import("./protocol.js").Progress) => void, timer: number, started: boolean,
 *   cancelling: boolean}} Pending
 */

const CANCEL_GRACE_MS = 1500;
// After an interrupt, Python stops at its next bytecode, which can be a second or more away when it is inside one
// long C call (json of a 4-million-cell board, under load); a restart would cost more than waiting.
const INTERRUPT_GRACE_MS = 6000;

export class RequestError extends Error {
  /**
   * A failed request: `type` is the core's error class (or Cancelled, InternalError, …), `message` its text.
   * @param {ErrorInfo} error
   */
  constructor(error) {
    super(error.message);
    this.type = error.type;
  }
}

/**
 * A caught error as the page shows it: a RequestError's type and message, anything else an InternalError.
 * @param {unknown} error
 * @returns {{type: string, message: string}}
 */
export function errorInfo(error) {
  if (error instanceof RequestError) return { type: error.type, message: error.message };
  return { type: "InternalError", message: error instanceof Error ? error.message : String(error) };
}

export class PythonWorker {
  /**
   * @param {object} props
   * @param {(status: import("./protocol.js").StatusMessage) => void} [props.onStatus] called with every `status` message
   * @param {(tables: import("./protocol.js").Tables) => void} [props.onTables] called with the pattern database's download and load
   *   state (`progress` messages with id null carrying `tables`: phase, text, received, total, heuristic …)
   * @param {(helpers: import("./protocol.js").Helpers) => void} [props.onHelpers] called with the worker's helpers for
   *   split solves (`progress` messages with id null carrying `helpers`)
   * @param {() => void} [props.onMessage] called after each message from the worker and each failure of its requests
   *   here (the page asks for its render then: drawn in the next frame, after the callbacks and the promises'
   *   reactions to the message have run)
   * @param {string|URL} [props.url] the worker script (default ./worker/worker.js)
   */
  constructor(props = {}) {
    this.props = { onStatus: () => {}, onTables: () => {}, onHelpers: () => {}, onMessage: () => {},
      url: new URL("./worker/worker.js", import.meta.url), ...props };
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    /** @type {StatusMessage["state"]} */
    this.state = "loading";
    /** @type {Uint8Array | null} */
    this.interrupt = null;
    /** @type {Worker} */
    this.worker = this.start();
  }

  /** Start a worker (it boots Python). @returns {Worker} */
  start() {
    this.state = "loading";
    this.interrupt = null;
    const worker = new Worker(this.props.url, { type: "module" });
    this.worker = worker;
    worker.onmessage = (event) => {
      this.receive(event.data);
      this.props.onMessage();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.setStatus({ type: "status", state: "failed", text: `The Python worker failed: ${event.message || "unknown error"}` });
    };
    return worker;
  }

  /** @param {StatusMessage} message */
  setStatus(message) {
    this.state = message.state;
    if (message.state === "ready" && message.interrupt && typeof SharedArrayBuffer === "function") {
      this.interrupt = new Uint8Array(message.interrupt);
    }
    if (message.state === "failed") this.rejectAll({ type: "Unavailable", message: message.text });
    this.props.onStatus(message);
    this.props.onMessage();
  }

  /** A message from the worker, checked on arrival. @param {unknown} data */
  receive(data) {
    if (!data || typeof data !== "object" || !("type" in data) || !REPLY_TYPES.has(data.type)) {
      console.warn("npuzzle: ignored a message of unknown type from the worker");
      return;
    }
    const message = /** @type {Reply} */ (data);
    if (message.type === "progress" && message.id === null && "tables" in message) {
      this.props.onTables(message.tables); // the pattern database's download and load
      return;
    }
    if (message.type === "progress" && message.id === null && "helpers" in message) {
      this.props.onHelpers(message.helpers); // the helper workers of split solves
      return;
    }
    if (message.type === "status") {
      if (STATES.has(message.state)) this.setStatus(message);
      return;
    }
    if (message.id === null) return;
    const entry = this.pending.get(message.id);
    if (!entry) return;
    if (message.type === "progress" && "started" in message) {
      entry.started = true; // Python is running it now: a cancel asked for earlier can act on it
      if (entry.cancelling) this.stop(message.id, entry);
      return;
    }
    if (message.type === "progress") {
      if ("progress" in message) entry.onProgress(message.progress);
      return;
    }
    this.pending.delete(message.id);
    clearTimeout(entry.timer);
    if (message.type === "result") entry.resolve(message.reply);
    else if (message.type === "error") {
      entry.reject(new RequestError(message.error || { type: "InternalError", message: "unknown error" }));
    }
  }

  /**
   * Send one request (its fields are typed in protocol.js); resolves with the core's reply, rejects with a
   * RequestError.
   * @template {keyof import("./protocol.js").Replies} K
   * @param {K} type check, random, apply, options, solve or compare
   * @param {object} fields the request's fields (board, goal, shape, moves, …)
   * @param {{onProgress?: (progress: import("./protocol.js").Progress) => void, onId?: (id: number) => void}} [options]
   * @returns {Promise<import("./protocol.js").Replies[K]>}
   */
  request(type, fields, options = {}) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => {
      this.pending.set(id, { type, resolve, reject, onProgress: options.onProgress || (() => {}), timer: 0,
        started: false, cancelling: false });
    });
    if (options.onId) options.onId(id);
    this.worker.postMessage({ ...fields, type, id });
    return promise;
  }

  /** Ask the worker to stop request `id`; if it does not answer soon after it started, restart the worker.
   * @param {number} id */
  cancel(id) {
    const entry = this.pending.get(id);
    if (!entry || entry.cancelling) return;
    entry.cancelling = true;
    this.worker.postMessage({ type: "cancel", id });
    // A request still queued (behind another one, Python's boot or the pattern database's load) is dropped
    // unstarted by the worker; one that starts before the cancel reaches the worker is stopped on its `started`.
    if (entry.started) this.stop(id, entry);
  }

  /** Stop a started request: a long op stops cooperatively between slices (and answers with its statistics); a
   * one-shot call can only be stopped by SIGINT through the interrupt buffer (cross-origin isolated pages). The
   * worker is restarted if no answer comes within the grace period.
   * @param {number} id
   * @param {Pending} entry */
  stop(id, entry) {
    const interrupt = LONG_OPS.has(entry.type) ? null : this.interrupt;
    const interrupting = Boolean(interrupt);
    if (interrupt) interrupt[0] = 2;
    const grace = interrupting ? INTERRUPT_GRACE_MS : CANCEL_GRACE_MS;
    entry.timer = setTimeout(() => {
      if (!this.pending.has(id)) return;
      console.warn(`npuzzle: restarting Python: request ${id} (${entry.type}) did not stop within ${grace} ms of ` +
        `its cancel (${interrupting ? "interrupt buffer set" : "no interrupt buffer"})`);
      this.restart({ type: "Cancelled", message: "cancelled (Python was restarted)" });
    }, grace);
  }

  /** Last resort: terminate the worker, fail every pending request, boot a fresh one. @param {ErrorInfo} error */
  restart(error) {
    this.worker.terminate();
    this.rejectAll(error);
    this.start();
  }

  /** @param {ErrorInfo} error */
  rejectAll(error) {
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(new RequestError(error));
      this.pending.delete(id);
    }
    this.props.onMessage();
  }

  destroy() {
    this.worker.terminate();
    this.rejectAll({ type: "Cancelled", message: "the worker was closed" });
  }
}
