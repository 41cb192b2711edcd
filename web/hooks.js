// @ts-check
// The test hooks, set in one place: the state that tests and scripts read, mirrored into <body data-*> after
// each render, and the options tests set (testOptions). Values that follow the state (answers, python, moves, solved) are written when they change; the
// report's events (state.js, setReport) each time they are reported, so a test that removed an attribute to wait
// for the next event sees it even when it repeats the last value.

/** @param {import("./state.js").State} state */
export function mirrorHooks(state) {
  const data = document.body.dataset;
  /** @type {Record<string, string | null>} */
  const following = {
    answers: String(state.report.answers),
    python: state.ready ? "ready" : "loading",
    moves: String(state.game.path.length),
    solved: state.solved === null ? null : String(state.solved),
  };
  for (const [key, value] of Object.entries(following)) {
    if (value !== null && data[key] !== value) data[key] = value;
  }
  for (const key of state.reported) {
    const value = state.report[key];
    if (value === null) continue;
    data[key] = Array.isArray(value) ? value.join(" ") : String(value);
  }
  state.reported.clear();
}

/**
 * What a test asked for before the page's scripts ran (an init script sets `window.npuzzleTest`): `workers` forces
 * the split solve's worker count, `splitNodes` the ordinary search's expansions before it splits, so a quick board
 * splits too, `helpersIdleMs` how long the split's helper workers stay idle before they end (worker/helpers.js),
 * `watchMaxStates` the states a watched search may hold (its memory limit, so a test reaches it), `solveBudget` the
 * work budget of Solve's near-optimal answer (so that ten times it, Look for a shorter solution, is quick too),
 * `labSeconds` the time limit of the lab's check of a heuristic (so that a test reaches it). Empty on a real visit.
 * @returns {{workers?: number, splitNodes?: number, helpersIdleMs?: number, watchMaxStates?: number,
 *   solveBudget?: number, labSeconds?: number}}
 */
export function testOptions() {
  const options = /** @type {{npuzzleTest?: {workers?: unknown, splitNodes?: unknown, helpersIdleMs?: unknown,
    watchMaxStates?: unknown, solveBudget?: unknown, labSeconds?: unknown}}} */ (globalThis).npuzzleTest;
  if (!options || typeof options !== "object") return {};
  const whole = (/** @type {unknown} */ n) => (Number.isInteger(n) && Number(n) > 0 ? Number(n) : undefined);
  const budget = options.solveBudget;
  return { workers: whole(options.workers), splitNodes: whole(options.splitNodes),
    helpersIdleMs: whole(options.helpersIdleMs), watchMaxStates: whole(options.watchMaxStates),
    solveBudget: typeof budget === "number" && budget > 0 ? budget : undefined,
    labSeconds: whole(options.labSeconds) };
}
