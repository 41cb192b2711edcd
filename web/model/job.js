// @ts-check
// The job line as state: a long job starts, is cancelled and ends (the jobs themselves, Solve, Compare and Hint, are
// control/jobs.js's; view/job.js draws the line). No request is sent from here: cancelJob says which request the
// worker must stop, and its caller asks it to (ctx.python.cancel).

import { setReport } from "../state.js";

/** @typedef {import("../state.js").State} State */
/** @typedef {import("../state.js").Job} Job */

/**
 * @param {State} state
 * @param {Job["kind"]} kind
 * @param {string} title
 * @returns {Job}
 */
export function startJob(state, kind, title) {
  const job = { kind, id: 0, seq: state.latest, cancelAt: 0, title, detail: "starting…", fraction: null };
  state.job = job;
  setReport(state, "job", kind);
  return job;
}

/** The job is over (or the worker failed or restarted: its requests were rejected). @param {State} state */
export function endJob(state) {
  state.job = null;
  setReport(state, "job", "");
}

/** The running job is to stop: it answers with the statistics so far (stopped: "cancelled"). A job still waiting for
 * the tables (no request yet) ends at once. Returns the request the worker must stop (0: none; PythonWorker.cancel
 * ignores it). @param {State} state @returns {number} */
export function cancelJob(state) {
  const job = state.job;
  if (!job || job.cancelAt) return 0;
  job.cancelAt = performance.now();
  if (job.id) return job.id;
  for (const wake of [...state.tables.waiting.splice(0), ...state.speed.lineTables.waiting.splice(0)]) wake();
  return 0;
}
