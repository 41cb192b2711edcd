// @ts-check
// The page: wires the events of the form, the board, the player and the worker to the controllers (control/),
// which change the one state (state.js) and ask for the one render pass (render.js) that draws it with the views
// (view/). All user text is inserted with textContent (never as HTML).
//
// Moves on the page (the user's and playback) are made in JavaScript (model/moves.js) and animated by the board view;
// the link and the verdict follow (the text area keeps the user's board). Arrow keys slide tiles: an arrow moves a tile in its own
// direction (ArrowUp slides the tile below the blank up: the "U" of the move list). Ctrl+Z / Ctrl+Shift+Z (or
// Ctrl+Y) undo and redo, H asks for a hint, outside the text fields.

import { BoardView } from "./view/board.js";
import { cancelBusy, check, openFromLocation, previewFromLocation, reloadOptions, showGoalField, shuffle }
  from "./control/check.js";
import { cancelJob, endJob } from "./control/job.js";
import { compareHeuristics, hint, solve, solveShorter } from "./control/jobs.js";
import { boardTyped, checkFromEditor, setEditing, toggleEditor } from "./control/editor.js";
import { choose } from "./control/learn.js";
import { registerOffline, takeOver } from "./control/offline.js";
import { fetchTables, tablesChanged } from "./control/tables.js";
import { boardInPlay, playOnBoard, redo, showSection, undo, userMove, userSwipe } from "./control/play.js";
import {
  cancelWatch, choiceChanged, closeWatch, moveWatch, openWatch, resetWatch, runWatchToEnd, togglePlay, trySmaller,
  useIdastar, watchSpeedChanged,
} from "./control/watch.js";
import { deleteHistory } from "./control/history.js";
import { chooseTheme, restoreTheme } from "./control/theme.js";
import {
  chooseBuiltIn, choosePictureFile, pictureIn, removePicture, restorePicture, toggleNumbers,
} from "./control/picture.js";
import {
  chooseConvention, chooseMetric, chooseMode, copyReconstruction, dealSeed, done, replayFromLocation, replayPasted,
  restoreSpeed,
} from "./control/speed.js";
import { cancelAnalysis } from "./control/analysis.js";
import { phoneLayout } from "./layout.js";
import { ARROW_LETTERS, tileForLetter } from "./model/moves.js";
import { requestRender } from "./render.js";
import { PythonWorker } from "./worker-handle.js";
import { createState, setReport } from "./state.js";
import { findUi, speedOf } from "./ui.js";

const ui = findUi();
const state = createState();

/** @type {import("./state.js").Ctx} */
const ctx = {
  state,
  ui,
  python: new PythonWorker({ onStatus: pythonStatus, onTables: tablesStatus, onHelpers: helpersStatus }),
  board: new BoardView(ui.view, {
    onSlide: (tile) => userMove(ctx, tile),
    onSwipe: (letter, startIndex) => userSwipe(ctx, letter, startIndex),
    arrowKeys: "slide",
  }),
  reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)"),
  painted: new Map(),
  frame: 0,
  unreveal: () => {},
};

/** @param {boolean} value Python answers requests */
function setReady(value) {
  state.ready = value;
  if (!value && state.job) endJob(ctx); // the worker failed or restarted: its requests were rejected
  requestRender(ctx);
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
    registerOffline(ctx); // this build cached for offline use (after the boot, so as not to slow it)
  }
}

/** A database's download and load; once the pattern database is loaded the solver choices are asked for again, so
 * Auto shows it for 4×4 boards. @param {import("./protocol.js").Tables} tables */
function tablesStatus(tables) {
  if (tables.database === "mtm") { // the line-move tables: said in the speedsolvers' panel and by the jobs they serve
    setReport(state, "lineTables", tables.phase);
    tablesChanged(ctx, tables);
    return;
  }
  const phases = state.report.tablesPhases;
  setReport(state, "tables", tables.phase);
  setReport(state, "tablesPhases", phases.includes(tables.phase) ? phases : [...phases, tables.phase]);
  tablesChanged(ctx, tables);
  if (tables.phase === "ready") {
    setReport(state, "tablesSeconds", String(tables.seconds)); // fetch or cache → verified → loaded in Python
    reloadOptions(ctx);
  }
  requestRender(ctx);
}

/** The worker's helpers for split solves: mirrored for the tests (a cancel leaves none busy).
 * @param {import("./protocol.js").Helpers} helpers */
function helpersStatus(helpers) {
  setReport(state, "helpersStarted", String(helpers.started));
  setReport(state, "helpersReady", String(helpers.ready));
  setReport(state, "helpersBusy", String(helpers.busy));
  setReport(state, "helpersTasks", String(helpers.tasks));
  requestRender(ctx);
}

// ---- The form ----

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  checkFromEditor(ctx);
});
ui.board.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    checkFromEditor(ctx);
  }
});
ui.board.addEventListener("input", () => boardTyped(ctx));
ui.editBoard.addEventListener("click", () => toggleEditor(ctx));
ui.inputPanel.addEventListener("keydown", (event) => { // Escape closes a phone's editor, the focus back on its toggle
  if (event.key === "Escape" && state.editing && phoneLayout()) {
    event.preventDefault();
    setEditing(ctx, false);
  }
});
ui.goalKind.addEventListener("change", () => {
  showGoalField(ctx);
  if (ui.goalKind.value !== "custom" && ui.board.value.trim()) check(ctx);
});
ui.shuffle.addEventListener("click", () => shuffle(ctx));
ui.shape.addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    shuffle(ctx).then((dealt) => dealt && playOnBoard(ctx));
  }
});
ui.cancel.addEventListener("click", () => cancelBusy(ctx));

// ---- Solver panel and jobs ----

ui.algorithm.addEventListener("change", () => requestRender(ctx));
ui.heuristic.addEventListener("change", () => requestRender(ctx));
ui.solve.addEventListener("click", () => solve(ctx));
ui.shorterButton.addEventListener("click", () => solveShorter(ctx));
ui.barSolve.addEventListener("click", () => solve(ctx)); // the same Solve beside Undo, Redo and Hint on a phone
ui.compare.addEventListener("click", () => compareHeuristics(ctx));
ui.jobCancel.addEventListener("click", () => cancelJob(ctx));

// ---- Watch the search: A* or IDA* one expansion per step (control/watch.js) ----

ui.watchOpen.addEventListener("click", () => openWatch(ctx));
ui.watchClose.addEventListener("click", () => closeWatch(ctx));
for (const select of [ui.watchAlgorithm, ui.watchHeuristic, ui.watchRival]) {
  select.addEventListener("change", () => choiceChanged(ctx));
}
ui.watchUseIdastar.addEventListener("click", () => useIdastar(ctx));
ui.watchSmaller.addEventListener("click", () => trySmaller(ctx));
ui.watchStep.addEventListener("click", () => moveWatch(ctx, 1));
ui.watchBack.addEventListener("click", () => moveWatch(ctx, -1));
ui.watchReset.addEventListener("click", () => resetWatch(ctx));
ui.watchPlay.addEventListener("click", () => togglePlay(ctx));
ui.watchEnd.addEventListener("click", () => runWatchToEnd(ctx));
ui.watchCancel.addEventListener("click", () => cancelWatch(ctx));
ui.watchSpeed.addEventListener("input", () => watchSpeedChanged(ctx));
ui.watch.addEventListener("keydown", (event) => { // the panel's own keys: its buttons, not the board's arrows
  if (event.key === "Escape") {
    event.preventDefault();
    closeWatch(ctx);
  }
  if (event.key.startsWith("Arrow") && event.target instanceof HTMLButtonElement) event.stopPropagation();
});

// ---- The board: arrow keys slide tiles (clicks, taps, swipes and Enter are the board view's); Undo, Redo, Hint ----

ui.updateNow.addEventListener("click", () => takeOver(ctx));
ui.tablesOffer.addEventListener("click", () => fetchTables(ctx, "pdb"));
ui.undo.addEventListener("click", () => undo(ctx));
ui.redo.addEventListener("click", () => redo(ctx));
ui.hint.addEventListener("click", () => hint(ctx));

document.addEventListener("keydown", (event) => {
  const target = event.target;
  const board = boardInPlay(state);
  if (!board || (target instanceof Element && target.closest("textarea, input, select, [contenteditable]"))) return;
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && (key === "z" || key === "y")) {
    event.preventDefault();
    if (key === "y" || event.shiftKey) redo(ctx);
    else undo(ctx);
    return;
  }
  if (command || event.altKey || event.shiftKey) return;
  const letter = ARROW_LETTERS[event.key];
  if (key === "h") {
    event.preventDefault();
    hint(ctx);
  } else if (letter) {
    event.preventDefault();
    const tile = tileForLetter(board, letter);
    if (tile) userMove(ctx, tile);
  }
});

// ---- The rule at work: a tile chosen in the reading-order strip shows its inversions ----

/** @param {Event} event @returns {number | null} the strip tile the event is on */
const stripTile = (event) => {
  const button = event.target instanceof HTMLElement ? event.target.closest(".strip-tile") : null;
  return button instanceof HTMLElement ? Number(button.dataset.tile) : null;
};
ui.lesson.addEventListener("pointerover", (event) => {
  const tile = stripTile(event);
  if (tile !== null && event.pointerType !== "touch") choose(ctx, tile);
});
ui.lesson.addEventListener("click", (event) => {
  const tile = stripTile(event);
  const tap = event instanceof PointerEvent && event.pointerType === "touch";
  if (tile !== null) choose(ctx, tap && state.learn.chosen === tile ? null : tile); // a second tap clears
});
ui.lesson.addEventListener("focusin", (event) => {
  const tile = stripTile(event);
  if (tile !== null) choose(ctx, tile);
});
ui.lesson.addEventListener("keydown", (event) => { // the strip is one Tab stop: the arrow keys move along it
  const tile = stripTile(event);
  const buttons = /** @type {HTMLButtonElement[]} */ ([...ui.lesson.querySelectorAll("button.strip-tile")]);
  const at = buttons.findIndex((b) => b === event.target);
  if (tile === null || at < 0) return;
  const next = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0,
    End: buttons.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  event.stopPropagation(); // not the board's arrows
  const target = buttons[Math.max(0, Math.min(buttons.length - 1, next))];
  target.tabIndex = 0;
  target.focus();
});

// ---- The solution player ----

ui.play.addEventListener("click", () => {
  const p = state.playback;
  if (!p) return;
  if (p.playing) p.pause();
  else p.play();
});
ui.playForward.addEventListener("click", () => state.playback && (state.playback.pause(), state.playback.forward()));
ui.playBack.addEventListener("click", () => state.playback && state.playback.back());
ui.playReset.addEventListener("click", () => state.playback && state.playback.reset());
ui.playEnd.addEventListener("click", () => state.playback && state.playback.end());
ui.playDetails.addEventListener("click", () => showSection(ctx, ui.solution));
ui.scoreDetails.addEventListener("click", () => showSection(ctx, ui.analysis));
ui.speed.addEventListener("input", () => {
  requestRender(ctx);
  if (state.playback) state.playback.setSpeed(speedOf(ui));
});
ui.moveList.addEventListener("click", (event) => {
  const item = event.target instanceof HTMLElement ? event.target.closest("li[data-k]") : null;
  if (item instanceof HTMLElement && state.playback) {
    state.playback.pause();
    state.playback.seek(Number(item.dataset.k) + 1);
  }
});

// ---- The link ----

ui.copyLink.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(ui.shareLink.href);
    ui.copyLink.textContent = "Copied";
  } catch {
    ui.copyLink.textContent = "Copy failed";
  }
  setTimeout(() => { ui.copyLink.textContent = "Copy link"; }, 1500);
});
window.addEventListener("hashchange", () => {
  if (state.ready && !replayFromLocation(ctx)) openFromLocation(ctx, false);
});

// ---- For players: the history of solves (delete with its confirmation), the theme, the picture puzzle ----

restoreTheme(ctx);
ui.theme.addEventListener("change", () => chooseTheme(ctx));
restorePicture(ctx);
ui.pictureFile.addEventListener("change", () => {
  const file = ui.pictureFile.files && ui.pictureFile.files[0];
  if (file) choosePictureFile(ctx, file);
  ui.pictureFile.value = ""; // the same file can be chosen again
});
ui.pictureChoice.addEventListener("change", () => chooseBuiltIn(ctx));
ui.pictureNumbers.addEventListener("change", () => toggleNumbers(ctx));
ui.pictureRemove.addEventListener("click", () => removePicture(ctx));
for (const zone of [ui.view, ui.looks]) { // a picture dropped on the board or on its controls
  zone.addEventListener("dragover", (event) => {
    if (event.dataTransfer && event.dataTransfer.types.includes("Files")) event.preventDefault();
  });
  zone.addEventListener("drop", (event) => {
    const file = pictureIn(event.dataTransfer);
    if (!file) return;
    event.preventDefault();
    choosePictureFile(ctx, file);
  });
}
document.addEventListener("paste", (event) => { // a pasted picture (pasted text goes where it always went)
  const file = pictureIn(event.clipboardData);
  if (!file) return;
  event.preventDefault();
  choosePictureFile(ctx, file);
});

ui.historyDelete.addEventListener("click", () => deleteHistory(ctx, "ask"));
ui.historyConfirmYes.addEventListener("click", () => deleteHistory(ctx, "confirm"));
ui.historyConfirmNo.addEventListener("click", () => deleteHistory(ctx, "keep"));
ui.historyConfirm.addEventListener("keydown", (event) => {
  if (event.key === "Escape") deleteHistory(ctx, "keep");
});

// ---- For speedsolvers: the metric, the play mode, a seed's scramble, Done, reconstructions, the analysis ----

restoreSpeed(ctx);
ui.metric.addEventListener("change", () => {
  chooseMetric(ctx, ui.metric.value);
  playOnBoard(ctx);
});
ui.mode.addEventListener("change", () => {
  chooseMode(ctx, ui.mode.value);
  playOnBoard(ctx);
});
ui.convention.addEventListener("change", () => chooseConvention(ctx, ui.convention.value));
ui.deal.addEventListener("click", () => dealSeed(ctx));
ui.seed.addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    dealSeed(ctx).then((dealt) => dealt && playOnBoard(ctx));
  }
});
ui.done.addEventListener("click", () => done(ctx));
ui.replay.addEventListener("click", () => replayPasted(ctx));
ui.copyReconstruction.addEventListener("click", () => copyReconstruction(ctx, "text"));
ui.copyReplayLink.addEventListener("click", () => copyReconstruction(ctx, "link"));
ui.lineTablesOffer.addEventListener("click", () => fetchTables(ctx, "mtm"));
ui.analysisCancel.addEventListener("click", () => cancelAnalysis(ctx));
ui.analysisMetric.addEventListener("click", () => chooseMetric(ctx, state.speed.metric === "mtm" ? "stm" : "mtm"));

setReady(false);
previewFromLocation(ctx); // the link's board (or the example) drawn now; its verdict once Python is ready
