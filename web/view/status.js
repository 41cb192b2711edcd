// @ts-check
// The Python status line (boot progress, ready, failed) and the pattern database's line (download, load).

/** @typedef {import("../ui.js").Ui} Ui */

/**
 * @param {Ui} ui
 * @param {import("../protocol.js").StatusMessage} message
 */
export function renderBoot(ui, message) {
  ui.status.dataset.state = message.state;
  if (message.state === "loading") {
    ui.progress.hidden = false;
    ui.progress.value = (message.step || 1) - 0.5;
    ui.progress.max = message.steps || 4;
    ui.statusText.textContent = `${message.text}… (${message.step} of ${message.steps})`;
  } else if (message.state === "ready") {
    ui.progress.value = ui.progress.max;
    ui.progress.hidden = true;
    const seconds = typeof message.seconds === "number" ? ` in ${message.seconds.toFixed(1)} s` : "";
    ui.statusText.textContent = `${message.text}${seconds}`;
  } else {
    ui.progress.hidden = true;
    ui.statusText.textContent = message.text;
    ui.status.setAttribute("role", "alert");
  }
}

/**
 * The pattern database's download and load: a progress bar, then a note.
 * @param {Ui} ui
 * @param {import("../protocol.js").Tables} tables
 */
export function renderTables(ui, tables) {
  ui.tables.hidden = false;
  ui.tables.dataset.phase = tables.phase;
  ui.tablesText.textContent = tables.text;
  const downloading = tables.phase === "downloading" || tables.phase === "loading";
  ui.tablesProgress.hidden = !downloading;
  if (tables.phase === "loading" && typeof tables.fraction === "number") {
    ui.tablesProgress.max = 1;
    ui.tablesProgress.value = tables.fraction;
  } else if (downloading && tables.total) {
    ui.tablesProgress.max = tables.total;
    ui.tablesProgress.value = tables.received || 0;
  }
  if (tables.phase === "failed") ui.tables.setAttribute("role", "alert");
}
