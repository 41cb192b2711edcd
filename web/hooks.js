// @ts-check
// The test hooks, set in one place: the state that tests and scripts read, mirrored into <body data-*> after
// each render. An attribute appears once its value is first known and then always holds the latest one.

/** @param {import("./state.js").State} state */
export function mirrorHooks(state) {
  const r = state.report;
  /** @type {Record<string, string | null>} */
  const values = {
    answers: String(r.answers),
    python: state.ready ? "ready" : "loading",
    moves: String(state.userMoves),
    solved: state.solved === null ? null : String(state.solved),
    readyMs: r.readyMs,
    bootTimings: r.bootTimings,
    tables: r.tables,
    tablesPhases: r.tablesPhases.length ? r.tablesPhases.join(" ") : null,
    tablesSeconds: r.tablesSeconds,
    job: r.job,
    solve: r.solve,
    cancelMs: r.cancelMs,
    playback: r.playback,
    compare: r.compare,
  };
  const data = document.body.dataset;
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && data[key] !== value) data[key] = value;
  }
}
