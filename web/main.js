// @ts-check
// The page: the one state (state.js), the worker and the board view; the events (listen.js) and the worker's
// messages go to the controllers (control/), which change the state through store.js, and the one render pass
// (render.js) draws it with the views (view/). All user text is inserted with textContent (never as HTML).
//
// Moves on the page (the user's and playback) are made in JavaScript (model/moves.js) and animated by the board view;
// the link, the text area (until another board is typed there) and the verdict follow.

import { BoardView } from "./view/board.js";
import { openFromLocation, previewFromLocation, reloadOptions, replayFromLocation } from "./control/check.js";
import { openLabFromLocation } from "./control/lab.js";
import { endJob } from "./model/job.js";
import { registerOffline } from "./control/offline.js";
import { tablesChanged } from "./service/tables.js";
import { tablesArrived } from "./control/analysis.js";
import { followPosition } from "./service/alternatives.js";
import { userMove, userSwipe } from "./control/play.js";
import { restoreTheme } from "./control/theme.js";
import { restorePicture } from "./control/picture.js";
import { restoreSpeed } from "./control/speed.js";
import { listen } from "./listen.js";
import { update } from "./store.js";
import { PythonWorker } from "./worker-handle.js";
import { createState, setReport } from "./state.js";
import { findUi } from "./ui.js";

const ui = findUi();
const state = createState();

/** @type {import("./state.js").Ctx} */
const ctx = {
  state,
  ui,
  python: new PythonWorker({ onStatus: pythonStatus, onTables: tablesStatus, onHelpers: helpersStatus,
    onMessage: () => update(ctx, () => {}) }), // what a message changed (its callbacks, its promises) is drawn
  board: new BoardView(ui.view, {
    onSlide: (tile) => update(ctx, () => userMove(ctx, tile)),
    onSwipe: (letter, startIndex) => update(ctx, () => userSwipe(ctx, letter, startIndex)),
    arrowKeys: "slide",
  }),
  reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)"),
  painted: new Map(),
  frame: 0,
  tick: 0,
  unreveal: () => {},
};

/** @param {boolean} value Python answers requests */
function setReady(value) {
  state.ready = value;
  if (!value && state.job) endJob(state); // the worker failed or restarted: its requests were rejected
}

/** The worker's `status` messages: boot progress, ready (then the first board is opened), failed.
 * @param {import("./protocol.js").StatusMessage} message */
function pythonStatus(message) {
  state.boot = message;
  if (message.state !== "ready") {
    setReady(false);
    return;
  }
  const first = !state.ready && !state.shown;
  setReport(state, "readyMs", String(Math.round(performance.now())));
  setReport(state, "bootTimings", JSON.stringify({ total: message.seconds, ...message.timings }));
  if (message.boot) setReport(state, "boot", message.boot);
  setReady(true);
  if (first) {
    if (!replayFromLocation(ctx)) openFromLocation(ctx, true); // a solve's link replays it
    openLabFromLocation(ctx); // a lab's link opens the lab with its settings
    registerOffline(ctx); // this build cached for offline use (after the boot, so as not to slow it)
  }
}

/** A database's download and load; once the pattern database is loaded the solver choices are asked for again, so
 * Auto shows it for 4×4 boards. @param {import("./protocol.js").Tables} tables */
function tablesStatus(tables) {
  const database = tables.database || "pdb";
  if (database === "mtm") { // the line-move tables: said in the speedsolvers' panel and by the jobs they serve
    setReport(state, "lineTables", tables.phase);
  } else {
    const phases = state.report.tablesPhases;
    setReport(state, "tables", tables.phase);
    setReport(state, "tablesPhases", phases.includes(tables.phase) ? phases : [...phases, tables.phase]);
  }
  tablesChanged(ctx, tables);
  if (tables.phase !== "ready") return;
  if (database === "pdb") {
    setReport(state, "tablesSeconds", String(tables.seconds)); // fetch or cache → verified → loaded in Python
    reloadOptions(ctx);
  }
  tablesArrived(ctx, database); // an analysis made without them, made again
  followPosition(ctx); // the shortest moves from here, counted now
}

/** The worker's helpers for split solves: mirrored for the tests (a cancel leaves none busy).
 * @param {import("./protocol.js").Helpers} helpers */
function helpersStatus(helpers) {
  setReport(state, "helpersStarted", String(helpers.started));
  setReport(state, "helpersReady", String(helpers.ready));
  setReport(state, "helpersBusy", String(helpers.busy));
  setReport(state, "helpersTasks", String(helpers.tasks));
}

// ---- Start: the choices kept on this device, the events, the link's board drawn before Python is ready ----

listen(ctx);
update(ctx, () => {
  restoreTheme(ctx);
  restorePicture(ctx);
  restoreSpeed(ctx);
  setReady(false);
  previewFromLocation(ctx); // the link's board (or the example) drawn now; its verdict once Python is ready
});
