// @ts-check
// The job line (a running solve or compare: title, progress, Cancel), the busy line of a slow one-shot request,
// and the buttons that depend on them (Check and Shuffle need Python; Solve, Compare and Hint also no running job).

/**
 * @param {import("../ui.js").Ui} ui
 * @param {import("../state.js").State} state
 */
export function renderJob(ui, state) {
  const { job, ready, busy } = state;
  ui.check.disabled = !ready;
  ui.shuffle.disabled = !ready;
  ui.solve.disabled = !ready || Boolean(job);
  ui.barSolve.disabled = ui.solve.disabled;
  ui.compare.disabled = !ready || Boolean(job);
  ui.hint.disabled = !ready || Boolean(job) || !state.shown;
  ui.job.hidden = !job;
  if (job) {
    ui.jobTitle.textContent = job.cancelAt ? "Stopping…" : job.title;
    ui.jobDetail.textContent = job.detail;
    ui.jobCancel.disabled = Boolean(job.cancelAt);
  }
  ui.busy.hidden = !(busy && busy.shown);
  if (busy && busy.shown) ui.busyText.textContent = busy.text;
}
