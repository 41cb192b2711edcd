// @ts-check
// The page's events, each wired to its controller through `on`: a listener whose changes to the state are drawn in
// the next render (store.js update), so no controller asks for a render itself. The form's fields are read into the
// state (state.form) by their own listeners, registered first, so a controller acting on an event finds them there.
//
// Arrow keys slide tiles: an arrow moves a tile in its own direction (ArrowUp slides the tile below the blank up: the
// "U" of the move list). Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo, H asks for a hint, outside the text fields.

import {
  cancelBusy, dealSeed, fitSolverChoice, goalKindChosen, openFromLocation, replayFromLocation, replayPasted, shuffle,
} from "./control/check.js";
import { cancelJob } from "./model/job.js";
import { compareHeuristics, hint, solve, solveShorter } from "./control/jobs.js";
import { boardTyped, checkFromEditor, setEditing, toggleEditor } from "./control/editor.js";
import { choose } from "./model/lesson.js";
import { takeOver } from "./control/offline.js";
import { fetchTables } from "./service/tables.js";
import {
  boardInPlay, done, playbackSpeed, playOnBoard, redo, showSection, takeBranch, undo, userMove,
} from "./control/play.js";
import {
  cancelWatch, choiceChanged, chooseSmaller, closeWatch, moveWatch, openOnSmaller, openWatch, resetWatch, runWatchToEnd,
  togglePlay, useIdastar, watchSpeedChanged,
} from "./control/watch.js";
import { deleteHistory } from "./control/history.js";
import { chooseTheme } from "./control/theme.js";
import { chooseBuiltIn, choosePictureFile, pictureIn, removePicture, toggleNumbers } from "./control/picture.js";
import { chooseConvention, chooseMetric, chooseMode, copyOut } from "./control/speed.js";
import { cancelAnalysis } from "./control/analysis.js";
import {
  cancelLab, checkCode, chooseExample, codeChanged, copyLabLink, loadExamples, openLabFromLocation, runTable,
} from "./control/lab.js";
import { phoneLayout } from "./layout.js";
import { ARROW_LETTERS, tileForLetter } from "./model/moves.js";
import { update } from "./store.js";
import { formFields } from "./ui.js";

/** @typedef {import("./state.js").Ctx} Ctx */
/** @typedef {HTMLElementEventMap & WindowEventMap} Events */

/**
 * Listen to every event of the page.
 * @param {Ctx} ctx
 */
export function listen(ctx) {
  const { ui, state } = ctx;
  /**
   * @template {keyof Events} K
   * @param {EventTarget} target
   * @param {K} type
   * @param {(event: Events[K]) => unknown} handler
   */
  const on = (target, type, handler) => {
    target.addEventListener(type, (event) => update(ctx, () => handler(/** @type {Events[K]} */ (event))));
  };

  // ---- The form: its fields into the state first, then what each does ----
  const fields = formFields(ui);
  for (const key of /** @type {(keyof typeof fields)[]} */ (Object.keys(fields))) {
    state.form[key] = fields[key].value;
    on(fields[key], "input", () => { state.form[key] = fields[key].value; });
  }
  on(document, "focusout", () => {}); // a field left: what the state wrote into it while it had the focus is drawn
  on(ui.form, "submit", (event) => {
    event.preventDefault();
    checkFromEditor(ctx);
  });
  on(ui.board, "keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      checkFromEditor(ctx);
    }
  });
  on(ui.board, "input", () => boardTyped(ctx));
  on(ui.editBoard, "click", () => toggleEditor(ctx));
  on(ui.inputPanel, "keydown", (event) => { // Escape closes a phone's editor, the focus back on its toggle
    if (event.key === "Escape" && state.editing && phoneLayout()) {
      event.preventDefault();
      setEditing(ctx, false);
    }
  });
  on(ui.goalKind, "change", () => goalKindChosen(ctx));
  on(ui.shuffle, "click", () => shuffle(ctx));
  on(ui.shape, "keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      shuffle(ctx).then((dealt) => dealt && playOnBoard(ctx));
    }
  });
  on(ui.cancel, "click", () => cancelBusy(ctx));

  // ---- Solver panel and jobs ----
  on(ui.algorithm, "change", () => fitSolverChoice(state));
  on(ui.solve, "click", () => solve(ctx));
  on(ui.shorterButton, "click", () => solveShorter(ctx));
  on(ui.barSolve, "click", () => solve(ctx)); // the same Solve beside Undo, Redo and Hint on a phone
  on(ui.compare, "click", () => compareHeuristics(ctx));
  on(ui.jobCancel, "click", () => ctx.python.cancel(cancelJob(state)));

  // ---- Watch the search: A* or IDA* one expansion per step (control/watch.js) ----
  on(ui.watchOpen, "click", () => openWatch(ctx));
  on(ui.watchClose, "click", () => closeWatch(ctx));
  for (const select of [ui.watchAlgorithm, ui.watchHeuristic, ui.watchRival]) {
    on(select, "change", () => choiceChanged(ctx, { algorithm: ui.watchAlgorithm.value,
      heuristic: ui.watchHeuristic.value, rival: ui.watchRival.value }));
  }
  on(ui.watchUseIdastar, "click", () => useIdastar(ctx));
  on(ui.watchSmaller, "click", () => { // a 3×3 dealt, the panel opened on it
    chooseSmaller(ctx);
    return shuffle(ctx).then(() => openOnSmaller(ctx));
  });
  on(ui.watchStep, "click", () => moveWatch(ctx, 1));
  on(ui.watchBack, "click", () => moveWatch(ctx, -1));
  on(ui.watchReset, "click", () => resetWatch(ctx));
  on(ui.watchPlay, "click", () => togglePlay(ctx));
  on(ui.watchEnd, "click", () => runWatchToEnd(ctx));
  on(ui.watchCancel, "click", () => cancelWatch(ctx));
  on(ui.watchSpeed, "input", () => watchSpeedChanged(ctx));
  on(ui.watch, "keydown", (event) => { // the panel's own keys: its buttons, not the board's arrows
    if (event.key === "Escape") {
      event.preventDefault();
      closeWatch(ctx);
    }
    if (event.key.startsWith("Arrow") && event.target instanceof HTMLButtonElement) event.stopPropagation();
  });

  // ---- The board: arrow keys slide tiles (clicks, taps, swipes and Enter are the board view's); Undo, Redo, Hint ----
  on(ui.updateNow, "click", () => takeOver(ctx));
  on(ui.tablesOffer, "click", () => fetchTables(ctx, "pdb"));
  on(ui.undo, "click", () => undo(ctx));
  on(ui.redo, "click", () => redo(ctx));
  on(ui.hint, "click", () => hint(ctx));
  on(document, "keydown", (event) => {
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
  on(ui.lesson, "pointerover", (event) => {
    const tile = stripTile(event);
    if (tile !== null && event.pointerType !== "touch") choose(state.learn, tile);
  });
  on(ui.lesson, "click", (event) => {
    const tile = stripTile(event);
    const tap = event instanceof PointerEvent && event.pointerType === "touch";
    if (tile !== null) choose(state.learn, tap && state.learn.chosen === tile ? null : tile); // a second tap clears
  });
  on(ui.lesson, "focusin", (event) => { // the keyboard's focus chooses; a tap's or a click's is the click's to say
    const tile = stripTile(event);
    if (tile !== null && event.target instanceof Element && event.target.matches(":focus-visible")) {
      choose(state.learn, tile);
    }
  });
  on(ui.lesson, "keydown", (event) => { // the strip is one Tab stop: the arrow keys move along it
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
  on(ui.play, "click", () => {
    const p = state.playback;
    if (!p) return;
    if (p.playing) p.pause();
    else p.play();
  });
  on(ui.playForward, "click", () => state.playback && (state.playback.pause(), state.playback.forward()));
  on(ui.playBack, "click", () => state.playback && state.playback.back());
  on(ui.playReset, "click", () => state.playback && state.playback.reset());
  on(ui.playEnd, "click", () => state.playback && state.playback.end());
  on(ui.playDetails, "click", () => showSection(ctx, "solution"));
  on(ui.alternatives, "click", (event) => { // a shortest move from here: the solution's own is its next step
    const button = event.target instanceof Element ? event.target.closest("button[data-letters]") : null;
    const p = state.playback;
    if (!(button instanceof HTMLButtonElement) || !p) return;
    if (button.getAttribute("aria-current") === "true") {
      p.pause();
      p.forward();
    } else {
      takeBranch(ctx, button.dataset.letters || "");
    }
  });
  on(ui.scoreDetails, "click", () => showSection(ctx, "analysis"));
  on(ui.speed, "input", () => state.playback && state.playback.setSpeed(playbackSpeed(state)));
  on(ui.moveList, "click", (event) => {
    const item = event.target instanceof HTMLElement ? event.target.closest("li[data-k]") : null;
    if (item instanceof HTMLElement && state.playback) {
      state.playback.pause();
      state.playback.seek(Number(item.dataset.k) + 1);
    }
  });

  // ---- The link ----
  on(ui.copyLink, "click", () => copyOut(ctx, "board"));
  on(window, "hashchange", () => {
    if (openLabFromLocation(ctx)) return;
    if (state.ready && !replayFromLocation(ctx)) openFromLocation(ctx, false);
  });

  // ---- For players: the history of solves (delete with its confirmation), the theme, the picture puzzle ----
  on(ui.theme, "change", () => chooseTheme(ctx, ui.theme.value));
  on(ui.pictureFile, "change", () => {
    const file = ui.pictureFile.files && ui.pictureFile.files[0];
    if (file) choosePictureFile(ctx, file);
    ui.pictureFile.value = ""; // the same file can be chosen again
  });
  on(ui.pictureChoice, "change", () => chooseBuiltIn(ctx, ui.pictureChoice.value));
  on(ui.pictureNumbers, "change", () => toggleNumbers(ctx, ui.pictureNumbers.checked));
  on(ui.pictureRemove, "click", () => removePicture(ctx));
  for (const zone of [ui.view, ui.looks]) { // a picture dropped on the board or on its controls
    zone.addEventListener("dragover", (event) => {
      if (event.dataTransfer && event.dataTransfer.types.includes("Files")) event.preventDefault();
    });
    on(zone, "drop", (event) => {
      const file = pictureIn(event.dataTransfer);
      if (!file) return;
      event.preventDefault();
      choosePictureFile(ctx, file);
    });
  }
  on(document, "paste", (event) => { // a pasted picture (pasted text goes where it always went)
    const file = pictureIn(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    choosePictureFile(ctx, file);
  });
  on(ui.historyDelete, "click", () => deleteHistory(ctx, "ask"));
  on(ui.historyConfirmYes, "click", () => deleteHistory(ctx, "confirm"));
  on(ui.historyConfirmNo, "click", () => deleteHistory(ctx, "keep"));
  on(ui.historyConfirm, "keydown", (event) => {
    if (event.key === "Escape") deleteHistory(ctx, "keep");
  });

  // ---- For speedsolvers: the metric, the play mode, a seed's scramble, Done, reconstructions, the analysis ----
  on(ui.metric, "change", () => {
    chooseMetric(ctx, ui.metric.value);
    playOnBoard(ctx);
  });
  on(ui.mode, "change", () => {
    chooseMode(ctx, ui.mode.value);
    playOnBoard(ctx);
  });
  on(ui.convention, "change", () => chooseConvention(ctx, ui.convention.value));
  on(ui.deal, "click", () => dealSeed(ctx));
  on(ui.seed, "keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      dealSeed(ctx).then((dealt) => dealt && playOnBoard(ctx));
    }
  });
  on(ui.done, "click", () => done(ctx, document.activeElement === ui.done));
  on(ui.reconstruction, "input", () => { state.speed.text = ui.reconstruction.value; });
  on(ui.replay, "click", () => replayPasted(ctx));
  on(ui.copyReconstruction, "click", () => copyOut(ctx, "text"));
  on(ui.copyReplayLink, "click", () => copyOut(ctx, "link"));
  on(ui.lineTablesOffer, "click", () => fetchTables(ctx, "mtm"));
  on(ui.analysisCancel, "click", () => cancelAnalysis(ctx));
  on(ui.analysisMetric, "click", () => chooseMetric(ctx, state.speed.metric === "mtm" ? "stm" : "mtm"));

  // ---- For students: the course lab (control/lab.js) ----
  const runBoxes = /** @type {HTMLInputElement[]} */ ([...ui.labRuns.querySelectorAll("input[type=checkbox]")]);
  on(ui.labRun, "click", () => runTable(ctx, Object.fromEntries(runBoxes.map((box) => [box.value,
    (box.parentElement?.textContent || "").trim()]))));
  on(ui.labDepths, "input", () => { state.lab.depths = ui.labDepths.value; });
  on(ui.labBoards, "input", () => { state.lab.boards = ui.labBoards.value; });
  on(ui.labRuns, "change", () => { state.lab.runs = runBoxes.filter((box) => box.checked).map((box) => box.value); });
  on(ui.labCopy, "click", () => copyLabLink(ctx));
  on(ui.labTableCancel, "click", () => cancelLab(ctx, "table"));
  on(ui.labCheckCancel, "click", () => cancelLab(ctx, "check"));
  on(ui.labCheck, "click", () => checkCode(ctx));
  on(ui.labCheckShape, "change", () => { state.lab.checkShape = ui.labCheckShape.value === "4x4" ? "4x4" : "3x3"; });
  on(ui.labCode, "input", () => codeChanged(ctx, ui.labCode.value));
  on(ui.labExample, "change", () => chooseExample(ctx, ui.labExample.value));
  for (const [which, part] of /** @type {const} */ ([["table", ui.labTablePart], ["check", ui.labCheckPart]])) {
    on(part, "toggle", () => {
      state.lab.open[which] = part.open;
      if (part.open) return loadExamples(ctx);
    });
  }
}
