// @ts-check
// "Watch the search" (issue 21): A* or IDA* on the board on screen, one expansion per step, from the core's own
// searches (`watch` op). Step, Play/Pause, Back, Run to the end (progress and Cancel), Reset; a race runs two
// heuristics side by side, stepping together. Each lane keeps a bounded window of steps (model/watch.js) and asks
// the core again, from an earlier `from`, to go back past it.

import { mirrorHooks, testOptions } from "../hooks.js";
import { setReport } from "../state.js";
import { addSteps, CHUNK, fetchFrom, finished, newLane, stepAt, stepWords, WINDOW } from "../model/watch.js";
import { boardFields } from "../model/moves.js";
import { errorInfo } from "../worker-handle.js";
import { label, progressLine } from "../view/results.js";
import { renderWatch, renderWatchChoices, renderWatchSpeed, stopNote, watchSpeedOf } from "../view/watch.js";

/**
 * @typedef {import("../state.js").Ctx} Ctx
 * @typedef {import("../model/watch.js").Lane} Lane
 * @typedef {import("../protocol.js").WatchReply} WatchReply
 */

/** The heuristics the course compares, in its order: those the `options` reply offers for the shape are watched. */
const WATCHED = Object.freeze(["discrete", "hamming", "manhattan", "linear-conflict"]);
const PREFERRED = "manhattan";
/** A request slower than this shows the progress line with Cancel. */
const SLOW_MS = 300;

/** @param {Ctx} ctx */
function render(ctx) {
  const { state } = ctx;
  renderWatch(ctx.ui, state.watch);
  const watch = state.watch;
  const outcome = watch.error ? "failed" : watch.asking ? "asking" : watch.timer ? "playing"
    : watch.lanes.length && watch.lanes.every(finished) ? "done" : "idle";
  if (state.report.watch !== outcome) setReport(state, "watch", outcome);
  mirrorHooks(state);
}

/** Open the panel on the board on screen (checked and solvable), with new lanes. @param {Ctx} ctx */
export function openWatch(ctx) {
  const { state, ui } = ctx;
  if (!state.ready || !state.shown) return;
  const watch = state.watch;
  if (!state.shown.solvable) {
    watch.open = true;
    watch.board = state.shown.board;
    watch.lanes = [];
    watch.error = "This board cannot reach the goal, so there is no search to watch: see why below.";
    render(ctx);
    return;
  }
  watch.open = true;
  watch.board = { ...state.shown.board, tiles: state.shown.board.tiles.slice() };
  watch.goal = state.sync.goal;
  const offered = state.options.reply ? state.options.reply.heuristics.map((c) => c.name) : [...WATCHED];
  const names = WATCHED.filter((name) => offered.includes(name));
  renderWatchChoices(ui, names, names.includes(PREFERRED) ? PREFERRED : names[names.length - 1]);
  renderWatchSpeed(ui);
  newLanes(ctx);
  ui.watch.scrollIntoView({ block: "start", behavior: ctx.reducedMotion.matches ? "auto" : "smooth" });
  ui.watchStep.focus({ preventScroll: true });
}

/** @param {Ctx} ctx */
export function closeWatch(ctx) {
  pause(ctx);
  cancelWatch(ctx);
  ctx.state.watch.open = false;
  ctx.state.watch.generation += 1;
  render(ctx);
  ctx.ui.watchOpen.focus();
}

/** New lanes for the choices on screen (a choice changed, or the panel opened): nothing asked yet. @param {Ctx} ctx */
export function newLanes(ctx) {
  const { state, ui } = ctx;
  const watch = state.watch;
  pause(ctx);
  cancelWatch(ctx);
  watch.generation += 1;
  watch.asking = null;
  watch.error = "";
  const algorithm = ui.watchAlgorithm.value === "idastar" ? "idastar" : "astar";
  const names = [ui.watchHeuristic.value];
  if (ui.watchRival.value && ui.watchRival.value !== ui.watchHeuristic.value) names.push(ui.watchRival.value);
  watch.lanes = names.map((name) => newLane(algorithm, name));
  watch.said = "";
  render(ctx);
}

/** Reset: every lane back before its first expansion (the window kept). @param {Ctx} ctx */
export function resetWatch(ctx) {
  const watch = ctx.state.watch;
  pause(ctx);
  cancelWatch(ctx);
  watch.generation += 1;
  watch.asking = null;
  for (const lane of watch.lanes) lane.at = 0;
  watch.said = "Back at the start: nothing expanded yet.";
  render(ctx);
}

/**
 * Ask the core for a lane's steps; null when the answer is no longer wanted (a newer choice, Reset, Cancel) or
 * failed (the error shown).
 * @param {Ctx} ctx
 * @param {Lane} lane
 * @param {{from: number, count: number, to_end?: boolean}} fields
 * @returns {Promise<WatchReply | null>}
 */
async function ask(ctx, lane, fields) {
  const { state } = ctx;
  const watch = state.watch;
  const generation = watch.generation;
  const asking = watch.asking;
  if (!watch.board || !asking) return null;
  const { watchMaxStates } = testOptions();
  const request = { board: boardFields(watch.board), goal: watch.goal, algorithm: lane.algorithm,
    heuristic: lane.heuristic, ...fields, ...(watchMaxStates ? { max_states: watchMaxStates } : {}) };
  try {
    const reply = await ctx.python.request("watch", request, {
      onId: (id) => { asking.ids.push(id); },
      onProgress: (p) => {
        if (watch.asking !== asking || asking.cancelled) return;
        const pass = p.passes ? ` (pass ${p.pass} of ${p.passes})` : ""; // to the end: counted, then watched
        asking.detail = `${label(lane.heuristic)}${pass}: ${progressLine(p)}`;
        if (asking.slow) render(ctx);
      },
    });
    if (watch.generation !== generation || asking.cancelled || reply.stopped === "cancelled") return null;
    return reply;
  } catch (caught) {
    const error = errorInfo(caught);
    const mine = watch.generation === generation && error.type !== "Cancelled";
    if (mine) watch.error = `Could not watch: ${error.message}`;
    return null;
  }
}

/**
 * Run `work` on every lane with the progress line up (after SLOW_MS) and the buttons off; then draw.
 * @param {Ctx} ctx
 * @param {string} text the progress line's title
 * @param {(lane: Lane) => Promise<void>} work
 * @returns {Promise<boolean>} whether it ended as asked (false: cancelled, or another request was running)
 */
async function asking(ctx, text, work) {
  const watch = ctx.state.watch;
  if (watch.asking) return false;
  const mine = { ids: /** @type {number[]} */ ([]), text, detail: "", cancelled: false, slow: false };
  watch.asking = mine;
  watch.error = "";
  render(ctx);
  const timer = setTimeout(() => {
    mine.slow = true;
    if (watch.asking === mine) render(ctx);
  }, SLOW_MS);
  try {
    await Promise.all(watch.lanes.map(work));
  } finally {
    clearTimeout(timer);
    if (watch.asking === mine) watch.asking = null;
    if (mine.cancelled) watch.said = "Cancelled: the steps shown are the last ones reached.";
    render(ctx);
  }
  return !mine.cancelled;
}

/** Say the step shown in every lane (the live region). @param {Ctx} ctx */
function say(ctx) {
  const watch = ctx.state.watch;
  const cols = watch.board ? watch.board.cols : 1;
  const race = watch.lanes.length > 1;
  watch.said = watch.lanes.map((lane) => {
    const step = stepAt(lane, lane.at);
    const stop = stopNote(lane);
    const words = (step ? stepWords(lane, step, cols) : "At the start: nothing expanded yet.") + (stop ? ` ${stop}` : "");
    return race ? `${label(lane.heuristic)}: ${words}` : words;
  }).join(" ");
}

/**
 * Move every lane by `delta` expansions (1: Step, −1: Back), asking the core when its window lacks the step.
 * @param {Ctx} ctx
 * @param {number} delta
 */
export async function moveWatch(ctx, delta) {
  const watch = ctx.state.watch;
  if (!watch.open || watch.asking || !watch.lanes.length) return;
  const lanes = watch.lanes.filter((lane) => (delta > 0 ? !finished(lane) : lane.at > 0));
  if (!lanes.length) return;
  const generation = watch.generation;
  const playing = Boolean(watch.timer);
  const asked = await asking(ctx, delta > 0 ? "Taking the next step…" : "Going back…", async (lane) => {
    if (!lanes.includes(lane)) return;
    const want = lane.at + delta;
    const from = fetchFrom(lane, want);
    if (from !== null) {
      const reply = await ask(ctx, lane, { from, count: CHUNK });
      if (!reply || watch.generation !== generation) return;
      addSteps(lane, reply, want);
    }
    if (want === 0 || stepAt(lane, want)) lane.at = want;
  });
  if (!asked || watch.generation !== generation) return;
  say(ctx);
  if (playing && !watch.timer) watch.said = `Paused. ${watch.said}`; // paused while this step was asked for
  if (watch.lanes.every(finished)) pause(ctx);
  render(ctx);
}

/** Run every lane on to the goal (its last steps kept for Back), with progress and Cancel. @param {Ctx} ctx */
export async function runWatchToEnd(ctx) {
  const watch = ctx.state.watch;
  if (!watch.open || watch.asking || !watch.lanes.length) return;
  pause(ctx);
  const generation = watch.generation;
  const asked = await asking(ctx, "Running to the end…", async (lane) => {
    if (finished(lane)) return;
    const reply = await ask(ctx, lane, { from: lane.at, count: WINDOW, to_end: true });
    if (!reply || watch.generation !== generation) return;
    const last = reply.steps.length ? reply.steps[reply.steps.length - 1].n : lane.at;
    addSteps(lane, reply, last);
    lane.at = last; // a limit that ended the run before the goal: reply.done, with stopped and message
  });
  if (!asked || watch.generation !== generation) return;
  say(ctx);
  render(ctx);
}

/** Stop the requests running (Cancel): each answers with what it had, which is dropped. @param {Ctx} ctx */
export function cancelWatch(ctx) {
  const asked = ctx.state.watch.asking;
  if (!asked || asked.cancelled) return;
  asked.cancelled = true;
  for (const id of asked.ids) ctx.python.cancel(id);
  render(ctx);
}

/** Play or Pause. @param {Ctx} ctx */
export function togglePlay(ctx) {
  const watch = ctx.state.watch;
  if (watch.timer) {
    pause(ctx);
    if (watch.said) watch.said = `Paused. ${watch.said}`; // read out: the step it stopped on
    render(ctx);
    return;
  }
  if (watch.lanes.every(finished)) return;
  watch.timer = setInterval(() => {
    if (!watch.asking) moveWatch(ctx, 1);
  }, 1000 / watchSpeedOf(ctx.ui));
  render(ctx);
}

/** @param {Ctx} ctx */
function pause(ctx) {
  const watch = ctx.state.watch;
  if (!watch.timer) return;
  clearInterval(watch.timer);
  watch.timer = 0;
}

/** The speed changed: a playing search goes on at the new speed. @param {Ctx} ctx */
export function watchSpeedChanged(ctx) {
  renderWatchSpeed(ctx.ui);
  if (ctx.state.watch.timer) {
    pause(ctx);
    togglePlay(ctx);
  }
}
