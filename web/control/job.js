// @ts-check
// The job line's lifecycle, under the controllers: a long job starts, shows, is cancelled and ends (the jobs
// themselves, Solve, Compare and Hint, are control/jobs.js's).

import { setReport } from "../state.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../state.js").Job} Job */

/**
 * @param {Ctx} ctx
 * @param {Job["kind"]} kind
 * @param {string} title
 * @returns {Job}
 */
export function startJob(ctx, kind, title) {
  const { state } = ctx;
  const job = { kind, id: 0, seq: state.latest, cancelAt: 0, title, detail: "starting…", fraction: null };
  state.job = job;
  setReport(state, "job", kind);
  return job;
}

/** The job is over (or the worker failed or restarted: its requests were rejected). @param {Ctx} ctx */
export function endJob(ctx) {
  ctx.state.job = null;
  setReport(ctx.state, "job", "");
}

/** Ask the worker to stop the running job; it answers with the statistics so far (stopped: "cancelled"). A job
 * still waiting for the tables (no request yet) ends at once. @param {Ctx} ctx */
export function cancelJob(ctx) {
  const job = ctx.state.job;
  if (!job || job.cancelAt) return;
  job.cancelAt = performance.now();
  if (job.id) ctx.python.cancel(job.id);
  else for (const wake of [...ctx.state.tables.waiting.splice(0), ...ctx.state.speed.lineTables.waiting.splice(0)]) wake();
}
