// @ts-check
// For students: the course lab. The textbook's table of search cost by solution depth (the `lab_depth` op,
// npuzzle.course.depth_table) and a heuristic of one's own checked on every 8-puzzle (`lab_check`,
// npuzzle.course.heuristic_check) run in the worker with progress and Cancel; the student's code goes to the worker
// as text and runs only there. A check that runs past its time limit (a loop that never returns) is cancelled: the
// worker stops it, or is restarted, and the page keeps its state.

import { testOptions } from "../hooks.js";
import { setReport } from "../state.js";
import { readLabFragment, labFragment } from "../model/link.js";
import { later, update } from "../store.js";
import { errorInfo } from "../worker-handle.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../state.js").LabRun} LabRun */

const CHECK_SECONDS = 90; // a check's time limit: the 181,440 boards take seconds; past this, h is stuck
const YOURS = "yours"; // how the runs and the checks name the student's heuristic
const COPIED_MS = 4000; // how long "Link copied" stays

/** The heuristics ready to load, once: the editor starts with the first. @param {Ctx} ctx */
export async function loadExamples(ctx) {
  const { lab } = ctx.state;
  if (lab.examples.length) return;
  try {
    const reply = await ctx.python.request("lab_examples", {});
    lab.examples = reply.examples;
    if (!lab.code && lab.examples.length) chooseExample(ctx, lab.examples[0].name);
  } catch {
    // the select stays empty: the editor takes code typed or pasted
  }
}

/** Put the example `name` in the editor. @param {Ctx} ctx @param {string} name */
export function chooseExample(ctx, name) {
  const { lab } = ctx.state;
  const example = lab.examples.find((e) => e.name === name);
  if (!example) return;
  lab.example = name;
  lab.code = example.code;
}

/** The code in the editor changed (typed). @param {Ctx} ctx @param {string} code */
export function codeChanged(ctx, code) {
  ctx.state.lab.code = code;
}

/** @returns {LabRun} */
function newRun() {
  return { id: 0, cancelAt: 0, done: 0, detail: "", reply: null, error: "", titles: {} };
}

/**
 * Run the table as the lab's settings say (the depths as typed: 12, 2-20, 2-20:2; the boards a depth; the searches
 * chosen), each search headed by its title in `titles`.
 * @param {Ctx} ctx
 * @param {Record<string, string>} titles
 */
export async function runTable(ctx, titles) {
  const { state } = ctx;
  const { lab } = state;
  if (lab.table && lab.table.id) return;
  const mine = newRun();
  lab.table = mine;
  if (!lab.runs.length) {
    mine.error = "Choose at least one search.";
    return;
  }
  const runs = [...lab.runs];
  runs.forEach((run, i) => { mine.titles[i] = titles[run] || run; });
  mine.detail = "drawing the boards…";
  state.after.reveal = "labTableJob";
  setReport(state, "labTable", "running");
  try {
    const reply = await ctx.python.request("lab_depth", { depths: lab.depths, boards: Number(lab.boards),
      runs: runs.join(","), code: { [YOURS]: lab.code } }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        mine.done = p.total ? (p.searched ?? 0) / p.total : 0;
        mine.detail = `depth ${p.depth}: board ${p.searched} of ${p.total}`;
      },
    });
    mine.reply = reply;
    state.after.reveal = "labTable";
    setReport(state, "labTable", reply.stopped ? "stopped" : "done");
  } catch (caught) {
    const error = errorInfo(caught);
    mine.error = error.type === "Cancelled" ? "Cancelled." : error.message;
    setReport(state, "labTable", error.type === "Cancelled" ? "stopped" : "failed");
  } finally {
    mine.id = 0;
  }
}

/** Check the code in the editor on the boards chosen (every 8-puzzle, or a sample of 15-puzzles), against Manhattan
 * distance. @param {Ctx} ctx */
export async function checkCode(ctx) {
  const { state } = ctx;
  const { lab } = state;
  if (lab.check && lab.check.id) return;
  const mine = newRun();
  lab.check = mine;
  mine.detail = "starting…";
  setReport(state, "labCheck", "running");
  const seconds = testOptions().labSeconds ?? CHECK_SECONDS;
  const code = lab.code;
  state.after.reveal = "labCheckJob";
  const limit = later(ctx, seconds * 1000, () => {
    if (!mine.id) return;
    mine.cancelAt = -1; // its time limit, not the person
    mine.detail = `stopped at its time limit of ${seconds} s`;
    ctx.python.cancel(mine.id);
  });
  try {
    const reply = await ctx.python.request("lab_check", { heuristic: YOURS, against: "manhattan",
      code: { [YOURS]: code }, shape: lab.checkShape }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        mine.done = p.share ?? 0;
        const what = p.heuristic === YOURS ? "yours" : p.heuristic ? "Manhattan distance" : "drawing the sample";
        mine.detail = `${what}: ${Math.floor(100 * mine.done)}%`;
      },
    });
    if (reply.stopped) mine.error = stoppedWords(mine, seconds);
    else {
      mine.reply = reply;
      lab.checked = code;
      state.after.reveal = "labReport";
    }
    setReport(state, "labCheck", reply.stopped ? "stopped" : "done");
  } catch (caught) {
    const error = errorInfo(caught);
    mine.error = error.type === "Cancelled" ? stoppedWords(mine, seconds) : error.message;
    setReport(state, "labCheck", error.type === "Cancelled" ? "stopped" : "failed");
  } finally {
    window.clearTimeout(limit);
    mine.id = 0;
  }
}

/** @param {LabRun} mine @param {number} seconds its time limit @returns {string} */
function stoppedWords(mine, seconds) {
  return mine.cancelAt === -1
    ? `Stopped after ${seconds} seconds: does h return on every board? (A loop that never ends stops here.)`
    : "Cancelled.";
}

/**
 * Open the lab as the address's link says (`#lab&…`, model/link.js), its parts open, and in view once the examples
 * have come (after the answers to what was asked before, such as the first board's check, which brings its verdict
 * into view); false when the address is no lab link.
 * @param {Ctx} ctx
 * @returns {boolean}
 */
export function openLabFromLocation(ctx) {
  const fields = readLabFragment(window.location.hash);
  if (!fields) return false;
  const { lab } = ctx.state;
  if (fields.depths !== null) lab.depths = fields.depths;
  if (fields.boards !== null) lab.boards = fields.boards;
  if (fields.runs !== null) lab.runs = fields.runs;
  if (fields.checkShape !== null) lab.checkShape = fields.checkShape;
  if (fields.code !== null) {
    lab.code = fields.code;
    lab.example = "";
  }
  lab.open = { table: true, check: fields.code !== null };
  loadExamples(ctx).then(() => {
    ctx.state.after.reveal = "lab";
    ctx.state.after.top = true;
  });
  return true;
}

/** Copy the link to the lab's settings and code. @param {Ctx} ctx */
export async function copyLabLink(ctx) {
  const { lab } = ctx.state;
  const url = new URL(window.location.href);
  url.hash = labFragment(lab);
  window.history.replaceState(null, "", url.href); // the address bar holds the link too
  let copied = "link";
  try {
    await navigator.clipboard.writeText(url.href);
  } catch {
    copied = "failed";
  }
  update(ctx, () => { lab.copied = copied; });
  later(ctx, COPIED_MS, () => { lab.copied = ""; });
}

/** Cancel the lab's table or check. @param {Ctx} ctx @param {"table" | "check"} which */
export function cancelLab(ctx, which) {
  const mine = ctx.state.lab[which];
  if (!mine || !mine.id || mine.cancelAt) return;
  mine.cancelAt = performance.now();
  ctx.python.cancel(mine.id);
}
