// @ts-check
// "Watch the search": A* or IDA* on the board on screen, one expansion per step, from the core's own searches
// (`watch` op). Step, Play/Pause, Back, Run to the end (progress and Cancel), Reset; a race runs two heuristics side
// by side, stepping together, and ends naming the winner. Each lane keeps a bounded window of steps (model/watch.js)
// and asks the core again, from an earlier `from`, to go back past it.
//
// The panel opens with A* and the strongest heuristic it offers (which finishes wherever a weaker one can), and
// finds out at once, in a background run of the plain search, whether A* can reach the goal within the page's
// memory: if it cannot, it says so before any run and offers IDA* or a smaller board.

import { testOptions } from "../hooks.js";
import { addSteps, CHUNK, fetchFrom, finished, newLane, probeWords, raceResult, stepAt, stepWords, stopNote, WINDOW }
  from "../model/watch.js";
import { boardFields } from "../model/moves.js";
import { setReport } from "../state.js";
import { every, later } from "../store.js";
import { sliderSpeed, WATCH_SPEEDS } from "../model/speed.js";
import { errorInfo } from "../worker-handle.js";
import { label, phrase, progressLine } from "../words.js";

/**
 * @typedef {import("../state.js").Ctx} Ctx
 * @typedef {import("../model/watch.js").Lane} Lane
 * @typedef {import("../protocol.js").WatchReply} WatchReply
 */

/** The heuristics the course compares, weakest first: those the `options` reply offers for the shape are watched. */
const WATCHED = Object.freeze(["discrete", "hamming", "manhattan", "linear-conflict"]);
/** A request slower than this shows the progress line with Cancel. */
const SLOW_MS = 300;

/** The state changed: report the watched search's outcome and draw. @param {Ctx} ctx */
function changed(ctx) {
  const { state } = ctx;
  const watch = state.watch;
  const outcome = watch.error ? "failed" : watch.asking ? "asking" : watch.timer ? "playing"
    : watch.lanes.length && watch.lanes.every(finished) ? "done" : "idle";
  if (state.report.watch !== outcome) setReport(state, "watch", outcome);
  watch.result = raceResult(watch.lanes) || "";
}

/** Open the panel on the board on screen (checked and solvable), with new lanes. @param {Ctx} ctx */
export function openWatch(ctx) {
  const { state } = ctx;
  if (!state.ready || !state.shown) return;
  const watch = state.watch;
  watch.open = true;
  state.after.reveal = "watch";
  state.after.top = true;
  state.after.focus = "watchStep";
  if (!state.shown.solvable) {
    watch.board = state.shown.board;
    watch.lanes = [];
    watch.advice = "";
    watch.offers = [];
    watch.error = "This board cannot reach the goal, so there is no search to watch: see why above.";
    changed(ctx);
    return;
  }
  watch.board = { ...state.shown.board, tiles: state.shown.board.tiles.slice() };
  watch.goal = state.sync.goal;
  const offered = state.options.reply ? state.options.reply.heuristics.map((c) => c.name) : [...WATCHED];
  const builtIn = WATCHED.filter((name) => offered.includes(name));
  const strongest = builtIn[builtIn.length - 1] || "manhattan";
  watch.code = state.lab.checked; // a heuristic of the student's that the lab ran: watched too, as it was then
  watch.names = watch.code ? [...builtIn, "yours"] : builtIn;
  watch.choice = { algorithm: "astar", heuristic: strongest, rival: "" };
  newLanes(ctx);
}

/** @param {Ctx} ctx */
export function closeWatch(ctx) {
  pause(ctx);
  cancelWatch(ctx);
  stopProbe(ctx);
  ctx.state.watch.open = false;
  ctx.state.watch.generation += 1;
  ctx.state.after.focus = "watchOpen";
  changed(ctx);
}

/**
 * The choices on screen were changed by the user: new lanes for them.
 * @param {Ctx} ctx
 * @param {{algorithm: string, heuristic: string, rival: string}} choice the selects' values
 */
export function choiceChanged(ctx, choice) {
  ctx.state.watch.choice = { algorithm: choice.algorithm === "idastar" ? "idastar" : "astar",
    heuristic: choice.heuristic, rival: choice.rival };
  newLanes(ctx);
}

/** The advice's offer taken: IDA* instead of A*. @param {Ctx} ctx */
export function useIdastar(ctx) {
  ctx.state.watch.choice = { ...ctx.state.watch.choice, algorithm: "idastar" };
  newLanes(ctx);
}

/** The advice's other offer taken: a 3×3 board, which listen.js has dealt (control/check.js shuffle) before the
 * panel opens on it (openOnSmaller). @param {Ctx} ctx */
export function chooseSmaller(ctx) {
  ctx.state.form.shape = "3×3";
}

/** The smaller board is dealt: the panel opens on it. @param {Ctx} ctx */
export function openOnSmaller(ctx) {
  if (ctx.state.shown && ctx.state.shown.board.rows === 3) openWatch(ctx);
}

/** New lanes for the choices (a choice changed, or the panel opened): nothing asked yet. @param {Ctx} ctx */
function newLanes(ctx) {
  const watch = ctx.state.watch;
  pause(ctx);
  cancelWatch(ctx);
  stopProbe(ctx);
  watch.generation += 1;
  watch.asking = null;
  watch.error = "";
  const { algorithm, heuristic, rival } = watch.choice;
  const names = [heuristic];
  if (rival && rival !== heuristic) names.push(rival);
  watch.lanes = names.map((name) => newLane(algorithm, name));
  watch.said = "";
  watch.advice = "";
  watch.offers = [];
  changed(ctx);
  const probed = names.filter((name) => name !== "yours"); // the plain run knows the built-in heuristics only
  if (algorithm === "astar" && probed.length) probe(ctx, probed);
}

/**
 * Find out, with a plain A* run per heuristic in the background (no steps recorded, the page's memory limit),
 * whether watching it to the end reaches the goal; say so before any run.
 * @param {Ctx} ctx
 * @param {string[]} names
 */
async function probe(ctx, names) {
  const watch = ctx.state.watch;
  const generation = watch.generation;
  const board = watch.board;
  if (!board) return;
  watch.advice = "Finding out whether A* can reach the goal on this board within the memory this page allows…";
  changed(ctx);
  const { watchMaxStates } = testOptions();
  const said = [];
  let short = false;
  for (const heuristic of names) {
    try {
      const reply = await ctx.python.request("solve", { board: boardFields(board), goal: watch.goal,
        algorithm: "astar", heuristic, workers: 1, background: true,
        ...(watchMaxStates ? { max_states: watchMaxStates } : {}) }, { onId: (id) => { watch.probe = id; } });
      if (watch.generation !== generation) return;
      said.push(probeWords(heuristic, reply));
      if (!reply.moves) short = true;
    } catch (caught) {
      if (watch.generation !== generation) return;
      said.push(`Whether A* with ${phrase(heuristic)} can finish is not known: ${errorInfo(caught).message}`);
    }
  }
  watch.probe = 0;
  watch.advice = said.join(" ");
  watch.offers = short ? ["idastar", "smaller"] : [];
  ctx.state.after.reveal = "watch"; // the panel, back in view if the advice's growth scrolled it away
  changed(ctx);
}

/** Stop the plain run that finds out whether A* can finish (a new choice, or the panel closed). @param {Ctx} ctx */
function stopProbe(ctx) {
  const watch = ctx.state.watch;
  if (watch.probe) ctx.python.cancel(watch.probe);
  watch.probe = 0;
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
  changed(ctx);
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
    heuristic: lane.heuristic, ...fields, ...(watchMaxStates ? { max_states: watchMaxStates } : {}),
    ...(lane.heuristic === "yours" ? { code: watch.code } : {}) };
  try {
    const reply = await ctx.python.request("watch", request, {
      onId: (id) => { asking.ids.push(id); },
      onProgress: (p) => {
        if (watch.asking !== asking || asking.cancelled) return;
        const pass = p.passes ? ` (pass ${p.pass} of ${p.passes})` : ""; // to the end: counted, then watched
        asking.detail = `${label(lane.heuristic)}${pass}: ${progressLine(p)}`;
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
  changed(ctx);
  const timer = later(ctx, SLOW_MS, () => {
    mine.slow = true;
    if (watch.asking === mine) changed(ctx);
  });
  try {
    await Promise.all(watch.lanes.map(work));
  } finally {
    clearTimeout(timer);
    if (watch.asking === mine) watch.asking = null;
    if (mine.cancelled) watch.said = "Cancelled: the steps shown are the last ones reached.";
    changed(ctx);
  }
  return !mine.cancelled;
}

/** Say the step shown in every lane (the live region), a race's outcome first. @param {Ctx} ctx */
function say(ctx) {
  const watch = ctx.state.watch;
  const cols = watch.board ? watch.board.cols : 1;
  const race = watch.lanes.length > 1;
  const steps = watch.lanes.map((lane) => {
    const step = stepAt(lane, lane.at);
    const stop = stopNote(lane);
    const words = (step ? stepWords(lane, step, cols) : "At the start: nothing expanded yet.") + (stop ? ` ${stop}` : "");
    return race ? `${label(lane.heuristic)}: ${words}` : words;
  });
  const outcome = raceResult(watch.lanes);
  watch.said = (outcome ? [outcome, ...steps] : steps).join(" ");
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
  // the step's change (its node and children) brought up under the buttons, as little as needed
  ctx.state.after.reveal = { within: "watchLanes", find: [".children", ".taken"] };
  ctx.state.after.jump = true; // step after step: no smooth scroll to wait for
  changed(ctx);
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
  say(ctx); // the line under the buttons says the goal was reached; the path found is drawn at the lane's end
  changed(ctx);
}

/** Stop the requests running (Cancel): each answers with what it had, which is dropped. @param {Ctx} ctx */
export function cancelWatch(ctx) {
  const asked = ctx.state.watch.asking;
  if (!asked || asked.cancelled) return;
  asked.cancelled = true;
  for (const id of asked.ids) ctx.python.cancel(id);
  changed(ctx);
}

/** Play or Pause. @param {Ctx} ctx */
export function togglePlay(ctx) {
  const watch = ctx.state.watch;
  if (watch.timer) {
    pause(ctx);
    if (watch.said) watch.said = `Paused. ${watch.said}`; // read out: the step it stopped on
    changed(ctx);
    return;
  }
  if (watch.lanes.every(finished)) return;
  watch.timer = every(ctx, 1000 / sliderSpeed(ctx.state.form.watchSpeed, WATCH_SPEEDS), () => {
    if (!watch.asking) moveWatch(ctx, 1);
  });
  changed(ctx);
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
  if (ctx.state.watch.timer) {
    pause(ctx);
    togglePlay(ctx);
  }
}
