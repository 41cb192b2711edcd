// @ts-check
// The page's one render pass (as chessground renders its one state): the controllers change the state (state.js)
// through update (store.js), which calls requestRender; in the next animation frame render() draws every view from
// the state — each part again only when what it shows changed since it was last drawn (`painted`), the form's fields
// where the state changed them — mirrors the test hooks, then carries out the state's pending reveal (scroll into
// view) and focus. No controller draws, imports a view or touches the page's elements.

import { mirrorHooks } from "./hooks.js";
import { reveal } from "./layout.js";
import { clockRunning } from "./model/clock.js";
import { assistsHidden, shapeKey } from "./model/game.js";
import { drawAnalysis } from "./view/analysis.js";
import { drawBoardBar } from "./view/board-bar.js";
import { drawComparison } from "./view/comparison.js";
import { drawEditor } from "./view/editor.js";
import { drawHistory } from "./view/history.js";
import { drawJob } from "./view/job.js";
import { drawLab } from "./view/lab.js";
import { drawChoice } from "./view/lesson.js";
import { drawCopyLink, drawLink } from "./view/link.js";
import { drawPicture, drawPictureChoices } from "./view/picture.js";
import { BUILT_IN } from "./model/pictures.js";
import { formFields } from "./ui.js";
import { drawIterations, drawPlayer, drawShorter, drawSolution, drawSpeed } from "./view/solution.js";
import { drawAlternatives } from "./view/alternatives.js";
import { drawChoices, drawSolverHint } from "./view/solver.js";
import { drawSpeedsolving } from "./view/speedsolving.js";
import { drawBoot, drawTables } from "./view/status.js";
import { drawErrors, drawVerdict } from "./view/verdict.js";
import { drawWatch, drawWatchSpeed } from "./view/watch.js";

/** @typedef {import("./state.js").Ctx} Ctx */

const CLOCK_EVERY_MS = 200; // the clock on screen shows whole seconds: a fifth of one keeps it on time

/** Ask for a render in the next animation frame (one, however often it is asked for). @param {Ctx} ctx */
export function requestRender(ctx) {
  if (!ctx.frame) ctx.frame = requestAnimationFrame(() => render(ctx));
}

/**
 * Call `draw` when `value` is not what was drawn under `key` last time (compared by identity), and remember it.
 * @template T
 * @param {Ctx} ctx
 * @param {string} key
 * @param {T} value
 * @param {(value: T) => void} draw
 */
function changed(ctx, key, value, draw) {
  if (ctx.painted.has(key) && ctx.painted.get(key) === value) return;
  ctx.painted.set(key, value);
  draw(value);
}

/** Draw the whole page from the state, now. @param {Ctx} ctx */
export function render(ctx) {
  if (ctx.frame) cancelAnimationFrame(ctx.frame);
  ctx.frame = 0;
  const { state, ui, board } = ctx;
  changed(ctx, "boot", state.boot, (boot) => drawBoot(ui, boot));
  drawTables(ui, state.tables);
  ui.update.hidden = state.report.offline !== "update-ready";
  drawEditor(ui, state);
  ui.goalField.hidden = state.form.goalKind !== "custom";
  drawErrors(ui, state.errors);
  changed(ctx, "verdict", state.verdict, (verdict) => drawVerdict(ui, verdict));
  changed(ctx, "link", state.link, (fragment) => fragment !== null && drawLink(ui, fragment));
  drawCopyLink(ui, state.speed.copied);
  if (!state.shown && state.preview) ui.view.dataset.preview = "true";
  else delete ui.view.dataset.preview;
  if (!state.shown && state.preview) board.show(state.preview);
  else board.show(state.shown ? state.shown.board : null, state.shown ? state.shown.goal : null);
  const { chosen, partners } = state.learn;
  const mine = chosen !== null && partners ? partners.get(chosen) || [] : [];
  board.mark("hinted", state.game.hinted === null ? [] : [state.game.hinted]);
  board.mark("chosen", chosen === null ? [] : [chosen]);
  board.mark("partner", mine);
  changed(ctx, "choice", `${chosen} ${state.verdict.reply ? "" : "-"}`, () => drawChoice(ui.lesson, chosen, mine));
  drawBoardBar(ui, state, performance.now());
  if (clockRunning(state.game) && !ctx.tick) { // the clock on screen, in whole seconds, drawn again while it runs
    ctx.tick = window.setTimeout(() => { ctx.tick = 0; requestRender(ctx); }, CLOCK_EVERY_MS);
  }
  drawSpeedsolving(ui, state);
  changed(ctx, "reconstruction", state.speed.text, (text) => { ui.reconstruction.value = text; });
  const analysis = state.speed.analysis;
  const exactTables = analysis && analysis.metric === "mtm" ? state.speed.lineTables : state.tables;
  const progress = analysis ? `${analysis.analysed} ${analysis.detail} ${analysis.cancelAt} ${analysis.reply !== null}` +
    ` ${analysis.error} ${assistsHidden(state.game)} ${exactTables.last ? exactTables.last.phase : ""}` : "";
  changed(ctx, "analysis", analysis, () => ctx.painted.set("analysis-progress", null));
  changed(ctx, "analysis-progress", progress, () => drawAnalysis(ui, analysis, assistsHidden(state.game),
    exactTables));
  changed(ctx, "solution", state.solution, (solution) => {
    drawSolution(ui, solution);
    ctx.painted.set("listed", -1); // a new move list: its marks are drawn afresh
  });
  drawShorter(ui, state.solution, Boolean(state.job));
  const playback = state.playback;
  const at = playback ? `${playback.index} ${playback.playing} ${playback.atEnd}` : "";
  changed(ctx, "playback", playback, () => {
    ctx.painted.set("listed", -1);
    ctx.painted.delete("player"); // a new solution at the same position: its length still to be drawn
  });
  changed(ctx, "player", at, () => {
    const from = /** @type {number} */ (ctx.painted.get("listed") ?? -1);
    const solution = state.solution;
    const kind = solution && solution.replay ? "replay" : solution && solution.reply && solution.reply.optimal
      ? "optimal" : "not-optimal";
    drawPlayer(ui, playback, from, kind);
    ctx.painted.set("listed", playback ? playback.index : -1);
  });
  const { alternatives } = state;
  changed(ctx, "alternatives-of", state.solution, () => ctx.painted.delete("alternatives"));
  changed(ctx, "alternatives", `${at} ${alternatives.of} ${alternatives.known.size} ${alternatives.following} ` +
    `${alternatives.error} ${playback ? playback.moves.length : ""}`, () => drawAlternatives(ui, state));
  changed(ctx, "iterations", state.iterations, (iterations) => drawIterations(ui, iterations));
  changed(ctx, "comparison", state.comparison, (comparison) => drawComparison(ui, comparison));
  changed(ctx, "options", state.options.reply, (reply) => reply && drawChoices(ui, reply));
  drawForm(ui, state.form); // after the solver's selects are filled: their choices selected
  drawSolverHint(ui, state.options.reply, state.form);
  drawJob(ui, state);
  drawWatch(ui, state.watch, ctx.painted);
  drawLab(ui, state.lab, state.ready, ctx.painted);
  drawSpeed(ui);
  drawWatchSpeed(ui);
  if (ui.moveSaid.textContent !== state.lines.move) ui.moveSaid.textContent = state.lines.move;
  const shape = state.shown ? shapeKey(state.shown.board) : "";
  changed(ctx, "history", state.players.entries, () => drawHistory(ui, shape, state.players, state.speed.mode));
  changed(ctx, "history-confirm", state.players.confirming, () => drawHistory(ui, shape, state.players,
    state.speed.mode));
  changed(ctx, "pictures", BUILT_IN, () => drawPictureChoices(ui));
  changed(ctx, "picture", `${state.players.picture.length} ${state.players.picture.slice(-64)} ${state.players.numbers} ` +
    `${state.players.choice} ${Boolean(state.players.source)} ${state.players.note} ${state.players.error}`,
  () => drawPicture(ui, state.players));
  changed(ctx, "theme", state.theme, (theme) => {
    const root = document.documentElement;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
    ui.theme.value = theme;
  });
  mirrorHooks(state);
  const { reveal: wanted, top, jump, focus } = state.after;
  state.after = { reveal: null, top: false, focus: null };
  const target = find(ctx, wanted);
  if (target) {
    ctx.unreveal(); // the last reveal's check still to come would scroll back to its element
    ctx.unreveal = reveal(target, ctx.reducedMotion.matches || Boolean(jump), top);
  }
  const focused = find(ctx, focus);
  if (focused instanceof HTMLElement) focused.focus({ preventScroll: Boolean(target) });
  else if (focus === "tiles" && document.activeElement instanceof HTMLElement
    && document.activeElement.matches("input, select, textarea")) {
    document.activeElement.blur(); // a board drawn as one picture takes no focus: the arrow keys leave the control
  }
}

/**
 * The form's fields hold what the state says (a value the state changed is written; what is typed is already there),
 * except the field with the focus: a write there would move its caret and could land in the middle of what is
 * being typed (the text area following the tiles, written as someone starts typing a board, kept the old board
 * before the new one); it is written once the focus has left, unless the person's typing replaced it first.
 * @param {import("./ui.js").Ui} ui
 * @param {import("./state.js").Form} form
 */
function drawForm(ui, form) {
  const fields = formFields(ui);
  for (const key of /** @type {(keyof typeof fields)[]} */ (Object.keys(fields))) {
    const field = fields[key];
    if (field.value !== form[key] && field !== document.activeElement) field.value = form[key];
  }
}

/**
 * The element a place names (state.js Place), now that the page is drawn; null when there is none.
 * @param {Ctx} ctx
 * @param {import("./state.js").Place | null} place
 * @returns {Element | null}
 */
function find(ctx, place) {
  if (place === null) return null;
  if (place === "tiles") return ctx.board.focusTarget();
  if (typeof place === "string") return ctx.ui[place];
  const box = ctx.ui[place.within];
  for (const selector of place.find) {
    const found = box.querySelector(selector);
    if (found) return found;
  }
  return null;
}
