// @ts-check
// Runs in the Python worker that solves: its helper workers, held through the page's own handle (worker-handle.js).
// The primary worker's helpers for split solves (npuzzle.pdb.split): more instances of worker.js, each with its own
// Python and its own copy of the pattern database (service/tables.js's WORKER_MB each: the page asks for no more
// workers than the device's cores and memory allow), searching the subtrees the primary's Python hands out.
// JavaScript only carries the messages: Session.exchange gives a task (or none), a helper's `subtree` request
// searches it, and its `running` counts and its `answer` go back to Session.exchange; the verdict is Python's.
//
// Helpers start at the first split and are kept for the next ones (their boot and their tables take seconds), until
// they have had nothing to do for HELPERS_IDLE_MS: then they end and give their memory back, and the next split
// starts them again.
// A helper whose request fails (it failed, or did not stop within the grace of a cancel and was restarted by its
// PythonWorker) gives its task back ({lost: task}) and gets no other until its tables are ready again.

import { PythonWorker } from "../worker-handle.js";

/** How long helpers stay once no split solve runs and none searches a task (nor got ready) since; then they end. */
export const HELPERS_IDLE_MS = 60_000;

/** @typedef {import("../protocol.js").SplitTask} SplitTask */
/** @typedef {import("../protocol.js").Helpers} HelpersCount */

/**
 * One helper: its worker, whether its Python and tables are ready, and the task it searches (null: none).
 * @typedef {{worker: PythonWorker, ready: boolean, task: SplitTask | null, request: number}} Helper
 */

export class Helpers {
  /**
   * @param {object} props
   * @param {URL} props.url the worker script (worker.js)
   * @param {(helpers: HelpersCount) => void} props.onChange called whenever a helper starts, gets ready, takes or
   *   ends a task
   */
  constructor(props) {
    this.props = props;
    /** @type {Helper[]} */
    this.list = [];
    this.tasks = 0; // handed to helpers in all
    /** @type {SplitRun | null} */
    this.run = null; // the split solve running now
    this.idleMs = HELPERS_IDLE_MS; // the running or last split's (a solve request's `helpers_idle_ms`: tests)
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.idleTimer = undefined;
  }

  /**
   * A split solve's share of the helpers: start them until there are `count`, and carry `session`'s messages.
   * @param {any} session the solve's npuzzle.api.Session (a Python proxy)
   * @param {string} key names the search to the helpers' Python (its transposition tables are per search)
   * @param {number} count helpers wanted (the solve's workers but the primary)
   * @param {number} [idleMs] how long they stay idle once this split is over (default HELPERS_IDLE_MS; tests)
   * @returns {SplitRun}
   */
  join(session, key, count, idleMs) {
    this.idleMs = idleMs || HELPERS_IDLE_MS;
    // Where a worker cannot start workers (Safari before 15.5) the primary searches every task itself.
    while (this.list.length < count && typeof Worker === "function") this.list.push(this.startHelper());
    this.run = new SplitRun(this, session, key);
    this.changed();
    return this.run;
  }

  /** @returns {Helper} */
  startHelper() {
    /** @type {Helper} */
    const helper = { worker: /** @type {PythonWorker} */ (/** @type {unknown} */ (null)), ready: false, task: null,
      request: 0 };
    helper.worker = new PythonWorker({
      url: this.props.url,
      onStatus: (status) => {
        if (status.state === "ready") return; // then its tables are offered: ready once they are loaded
        helper.ready = false;
        this.changed();
      },
      onTables: (tables) => {
        if (tables.database === "mtm") return; // a helper searches with the pattern database only
        if (tables.phase === "offered") helper.worker.request("tables", {}).catch(() => {});
        if (tables.phase !== "ready" && tables.phase !== "failed") return;
        helper.ready = tables.phase === "ready";
        this.changed();
        if (this.run) this.run.wake();
      },
    });
    return helper;
  }

  changed() {
    const count = (/** @type {(h: Helper) => boolean} */ test) => this.list.filter(test).length;
    this.props.onChange({ started: this.list.length, ready: count((h) => h.ready), busy: count((h) => h.task !== null),
      tasks: this.tasks });
    this.idleFrom();
  }

  /** Count the helpers' idle time from now: they end after `idleMs` unless a split runs or one of them works. */
  idleFrom() {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.run || this.list.length === 0 || this.list.some((h) => h.task !== null)) return;
    this.idleTimer = setTimeout(() => this.end(), this.idleMs);
  }

  /** End every helper (its worker terminated: its Python and tables freed); the next split starts new ones. */
  end() {
    const ending = this.list;
    this.list = [];
    for (const helper of ending) helper.worker.destroy();
    this.changed();
  }
}

/** One split solve's traffic between its Python session and the helpers. */
export class SplitRun {
  /** @param {Helpers} helpers @param {any} session @param {string} key */
  constructor(helpers, session, key) {
    this.helpers = helpers;
    this.session = session;
    this.key = key;
    /** @type {object[]} messages from the helpers for Session.exchange, in order */
    this.inbox = [];
    this.ended = false;
    /** @type {(() => void) | null} */
    this.waker = null;
  }

  /** Hand Python what the helpers said since the last call, then a task to each ready helper without one. */
  feed() {
    for (const message of this.inbox.splice(0)) this.exchange(message);
    for (const helper of this.helpers.list) {
      if (!helper.ready || helper.task) continue;
      const reply = this.exchange({ want: "task" });
      if (!reply.ok || !reply.task) break;
      this.send(helper, reply.task);
    }
  }

  /** @param {object} message @returns {any} Python's reply */
  exchange(message) {
    const reply = JSON.parse(this.session.exchange(JSON.stringify(message)));
    if (!reply.ok) console.warn(`npuzzle: the split search refused a message: ${reply.error.message}`);
    return reply;
  }

  /** @param {Helper} helper @param {SplitTask} task */
  send(helper, task) {
    helper.task = task;
    this.helpers.tasks += 1;
    this.helpers.changed();
    helper.worker.request("subtree", { task, search: this.key }, {
      onId: (id) => { helper.request = id; },
      onProgress: (progress) => { if (progress.running) this.post({ running: progress.running }); },
    }).then(
      (reply) => { if (reply.answer) this.post({ answer: reply.answer }); },
      () => {
        if (helper.worker.state !== "ready") helper.ready = false; // restarted: ready again once its tables are
        this.post({ lost: task });
      },
    ).finally(() => {
      helper.task = null;
      this.helpers.changed();
      if (this.helpers.run) this.helpers.run.wake(); // a free helper: the running split may hand it a task
    });
  }

  /** @param {object} message */
  post(message) {
    if (this.ended) return; // the solve is over: nothing to tell Python
    this.inbox.push(message);
    this.wake();
  }

  wake() {
    const waker = this.waker;
    this.waker = null;
    if (waker) waker();
  }

  /** Resolve on the next message from a helper (or a helper getting ready or free), or after `ms`.
   * @param {number} ms @returns {Promise<void>} */
  wait(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake(), ms);
      this.waker = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The solve is over (proven, stopped or cancelled): cancel every helper's task (they stop within a slice). */
  end() {
    this.ended = true;
    this.inbox = [];
    this.wake();
    if (this.helpers.run === this) this.helpers.run = null;
    for (const helper of this.helpers.list) {
      if (helper.task) helper.worker.cancel(helper.request);
    }
    this.helpers.idleFrom();
  }
}
