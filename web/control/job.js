// @ts-check
// The job line's lifecycle, under the controllers: a long job starts, shows, is cancelled and ends (the jobs
// themselves, Solve, Compare and Hint, are control/jobs.js's).

import { mirrorHooks } from "../hooks.js";
import { setReport } from "../state.js";
import { renderJob } from "../view/job.js";

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
  const job = { kind, id: 0, seq: state.latest, cancelAt: 0, title, detail: "starting…" };
  state.job = job;
  setReport(state, "job", kind);
  showJob(ctx);
  return job;
}

/** The job is over (or the worker failed or restarted: its requests were rejected). @param {Ctx} ctx */
export function endJob(ctx) {
  ctx.state.job = null;
  setReport(ctx.state, "job", "");
  showJob(ctx);
}

/** @param {Ctx} ctx */
function showJob(ctx) {
  renderJob(ctx.ui, ctx.state);
  mirrorHooks(ctx.state);
}

/** Ask the worker to stop the running job; it answers with the statistics so far (stopped: "cancelled"). @param {Ctx} ctx */
export function cancelJob(ctx) {
  const job = ctx.state.job;
  if (!job || job.cancelAt) return;
  job.cancelAt = performance.now();
  showJob(ctx);
  ctx.python.cancel(job.id);
}
