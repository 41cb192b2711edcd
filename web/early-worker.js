// @ts-check
// The Python worker, started by the first script the page runs (index.html loads this module on its own, before
// main.js): the page's other modules take round trips on a phone network, and the runtime's download need not wait
// for them. The page's handle (worker-handle.js) adopts the worker once, with the messages it sent meanwhile.

/** @typedef {{worker: Worker, messages: unknown[], errors: string[]}} EarlyWorker */

/** @returns {EarlyWorker} the worker, its messages and errors kept until it is adopted */
function startEarly() {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  /** @type {EarlyWorker} */
  const early = { worker, messages: [], errors: [] };
  worker.onmessage = (event) => { early.messages.push(event.data); };
  worker.onerror = (event) => {
    event.preventDefault();
    early.errors.push(event.message || "unknown error");
  };
  return early;
}

/** The one early worker, until adopted (this module is evaluated once per page; workers have no document). */
const handover = { early: "document" in globalThis ? startEarly() : null };

/** The early worker and what it sent so far, the first time; null afterwards (a restart starts a new worker).
 * @returns {EarlyWorker | null} */
export function takeEarlyWorker() {
  const early = handover.early;
  handover.early = null;
  return early;
}
