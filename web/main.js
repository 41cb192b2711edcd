// The page: reads the board and goal, asks the Python worker, shows the board and the verdict with its reasons;
// solves (in the worker, with live progress and Cancel), plays the solution back, lets the user play, and runs
// the heuristics comparison. All user text is inserted with textContent (never as HTML).
//
// Moves on the page (the user's and playback) are made in JavaScript (moves.js) and animated by the board view;
// the text area, the link and the verdict follow. Arrow keys slide tiles: an arrow moves a tile in its own
// direction (ArrowUp slides the tile below the blank up: the "U" of the move list).

import { BoardView } from "./board-view.js";
import { ARROW_LETTERS, boardText, sameBoard, slide as slideBoard, tileForLetter } from "./moves.js";
import { Playback } from "./playback.js";
import { PythonWorker } from "./python-worker.js";
import {
  label, markMoves, progressLine, renderCompareRows, renderMoveList, renderSolution,
} from "./solution-view.js";

const EXAMPLE = "12 1 10 2\n7 11 4 14\n5 0 9 15\n8 13 6 3";
const MAX_LINK_CELLS = 10000; // bigger boards are not put in the URL
const GOAL_NAMES = Object.freeze({ default: "1 2 3 … blank last", "blank-first": "blank first", custom: "custom goal" });

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("python-status"),
  progress: $("boot-progress"),
  tables: $("pdb-status"),
  tablesProgress: $("pdb-progress"),
  tablesText: $("pdb-text"),
  statusText: $("boot-text"),
  form: $("check-form"),
  board: $("board"),
  boardError: $("board-error"),
  goalKind: $("goal-kind"),
  goalField: $("custom-goal-field"),
  goal: $("goal"),
  goalError: $("goal-error"),
  check: $("check"),
  busy: $("busy"),
  busyText: $("busy-text"),
  cancel: $("cancel"),
  shape: $("shape"),
  shapeError: $("shape-error"),
  shuffle: $("shuffle"),
  view: $("board-view"),
  placeholder: $("placeholder"),
  verdict: $("verdict"),
  share: $("share"),
  shareLink: $("share-link"),
  copyLink: $("copy-link"),
  algorithm: $("algorithm"),
  heuristic: $("heuristic"),
  solverHint: $("solver-hint"),
  solverNote: $("solver-note"),
  solve: $("solve"),
  compare: $("compare"),
  job: $("job"),
  jobTitle: $("job-title"),
  jobDetail: $("job-detail"),
  jobCancel: $("job-cancel"),
  boardBar: $("board-bar"),
  moveCount: $("move-count"),
  boardStatus: $("board-status"),
  solution: $("solution"),
  solutionBadge: $("solution-badge"),
  solutionSummary: $("solution-summary"),
  solutionFacts: $("solution-facts"),
  player: $("player"),
  playReset: $("play-reset"),
  playBack: $("play-back"),
  play: $("play"),
  playForward: $("play-forward"),
  playEnd: $("play-end"),
  playPosition: $("play-position"),
  playTotal: $("play-total"),
  speed: $("speed"),
  speedText: $("speed-text"),
  moveList: $("move-list"),
  comparison: $("comparison"),
  comparisonNote: $("comparison-note"),
  compareBody: document.querySelector("#compare-table tbody"),
};

let ready = false;
let latest = 0; // sequence number of the newest request whose answer should be shown
let shown = null; // {board, goal, solvable} on screen (board follows the moves made on the page)
let answers = 0; // answers shown so far (verdicts and error messages), exposed as <body data-answers>

/** Count one more answer on screen (tests and scripts wait on <body data-answers>). */
function answered() {
  answers += 1;
  document.body.dataset.answers = String(answers);
}

const python = new PythonWorker({ onStatus: showStatus, onTables: showTables });
const view = new BoardView(ui.view, { onSlide: userMove, arrowKeys: "slide" });
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60, 120, 240]); // moves per second, one per speed-slider step
const SLIDE_MS = 140; // a user's slide animation
let job = null; // the solve or compare running in the worker: {kind, id, seq, cancelAt}
let playback = null; // the solution loaded for playback
let userMoves = 0;
let syncedText = ""; // the text area's value as the page last wrote or checked it
let syncedGoal = ""; // the goal (goalSpec()) of the board on screen, as it was checked
let syncFrame = 0; // a pending write of the board into the text area and link
let verdictTimer = 0;
let linkTimer = 0; // the link was just updated: later changes wait for this timer
let linkStale = false;
const LINK_EVERY_MS = 250;
let wasSolved = false;

const BUSY_AFTER_MS = 300;
let busy = null; // {id, timer} of the request the busy line is about

/**
 * Send a request to Python; when it takes longer than BUSY_AFTER_MS, show a busy line with a Cancel button.
 * Resolves with the core's reply; rejects with a RequestError (type Cancelled when the user cancelled).
 */
async function ask(type, fields, label) {
  const timer = setTimeout(() => {
    ui.busyText.textContent = `${label}…`;
    ui.busy.hidden = false;
  }, BUSY_AFTER_MS);
  const entry = { id: 0, timer };
  busy = entry;
  try {
    return await python.request(type, fields, { onId: (id) => { entry.id = id; } });
  } finally {
    clearTimeout(timer);
    if (busy === entry) {
      busy = null;
      ui.busy.hidden = true;
    }
  }
}

function cancelBusy() {
  if (!busy) return;
  ui.busyText.textContent = "Cancelling…";
  python.cancel(busy.id);
}

function showStatus(message) {
  ui.status.dataset.state = message.state;
  if (message.state === "loading") {
    ui.progress.hidden = false;
    ui.progress.value = (message.step || 1) - 0.5;
    ui.progress.max = message.steps || 4;
    ui.statusText.textContent = `${message.text}… (${message.step} of ${message.steps})`;
    setReady(false);
  } else if (message.state === "ready") {
    ui.progress.value = ui.progress.max;
    ui.progress.hidden = true;
    const seconds = typeof message.seconds === "number" ? ` in ${message.seconds.toFixed(1)} s` : "";
    ui.statusText.textContent = `${message.text}${seconds}`;
    const first = !ready && !shown;
    document.body.dataset.readyMs = String(Math.round(performance.now()));
    document.body.dataset.bootTimings = JSON.stringify({ total: message.seconds, ...message.timings });
    setReady(true);
    if (first) openFromLocation(true);
  } else {
    ui.progress.hidden = true;
    ui.statusText.textContent = message.text;
    ui.status.setAttribute("role", "alert");
    setReady(false);
  }
}

/** The pattern database's download and load (worker `status` messages with `tables`): a progress bar, then a
 * note; once loaded the solver choices are asked for again, so Auto shows the database for 4×4 boards. */
function showTables(tables) {
  document.body.dataset.tables = tables.phase;
  const phases = new Set((document.body.dataset.tablesPhases || "").split(" ").filter(Boolean));
  phases.add(tables.phase);
  document.body.dataset.tablesPhases = [...phases].join(" "); // what this visit went through (tests read it)
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
  if (tables.phase === "ready") {
    document.body.dataset.tablesSeconds = String(tables.seconds); // fetch or cache → verified → loaded in Python
    optionsCache.clear();
    optionsKey = "";
    if (shown) loadOptions(shown.board, ui.goalKind.value);
  }
}

function setReady(value) {
  ready = value;
  ui.check.disabled = !value;
  ui.shuffle.disabled = !value;
  ui.solve.disabled = !value || Boolean(job);
  ui.compare.disabled = !value || Boolean(job);
  if (!value && job) endJob(); // the worker failed or restarted: its requests were rejected
  document.body.dataset.python = value ? "ready" : "loading";
}

function goalSpec() {
  const kind = ui.goalKind.value;
  return kind === "custom" ? ui.goal.value : kind;
}

function showError(slot, input, message) {
  slot.textContent = message;
  if (input) input.setAttribute("aria-invalid", "true");
}

function clearErrors() {
  for (const [slot, input] of [[ui.boardError, ui.board], [ui.goalError, ui.goal], [ui.shapeError, ui.shape]]) {
    slot.textContent = "";
    input.removeAttribute("aria-invalid");
  }
}

/** Route a core error to the message slot beside the input it is about. */
function showRequestError(error, fallback) {
  if (error.type === "GoalError" && ui.goalKind.value === "custom") showError(ui.goalError, ui.goal, error.message);
  else if (error.type === "GoalError") showError(ui.boardError, ui.board, error.message);
  else if (error.type === "Cancelled") return;
  else fallback(error.message);
}

function boardLinkText(board) {
  const rows = [];
  for (let r = 0; r < board.rows; r++) rows.push(board.tiles.slice(r * board.cols, (r + 1) * board.cols).join(","));
  return rows.join("/");
}

function fragmentFor(board, goalKind, goal) {
  if (board.tiles.length > MAX_LINK_CELLS) return "";
  let fragment = `board=${boardLinkText(board)}`;
  if (goalKind === "blank-first") fragment += "&goal=blank-first";
  else if (goalKind === "custom") fragment += `&goal=${boardLinkText(goal)}`;
  return fragment;
}

function setFragment(fragment) {
  const url = new URL(window.location.href);
  url.hash = fragment;
  history.replaceState(null, "", fragment ? url.href : url.pathname + url.search);
  ui.share.hidden = !fragment;
  if (fragment) ui.shareLink.href = url.href;
}

/** Check the text area's board; resolves true when it is on screen and solvable. */
async function check() {
  if (!ready) return false;
  if (job) cancelJob();
  clearErrors();
  const seq = ++latest;
  const goalKind = ui.goalKind.value;
  const goal = goalSpec();
  const text = ui.board.value;
  ui.verdict.classList.add("busy");
  ui.view.setAttribute("aria-busy", "true");
  try {
    const reply = await ask("check", { board: text, goal }, "Checking");
    if (seq !== latest) return false;
    shown = { board: reply.board, goal: reply.goal, solvable: reply.explanation.solvable };
    syncedText = text;
    syncedGoal = goal;
    loadBoard();
    ui.placeholder.hidden = true;
    await Promise.all([view.setBoard(reply.board, reply.goal), Promise.resolve(renderVerdict(reply))]);
    setFragment(fragmentFor(reply.board, goalKind, reply.goal));
    loadOptions(reply.board, goalKind);
    return seq === latest && shown.solvable;
  } catch (error) {
    if (seq !== latest) return false;
    shown = null;
    loadBoard();
    ui.verdict.replaceChildren();
    delete ui.verdict.dataset.board;
    ui.share.hidden = true;
    ui.placeholder.textContent = error.type === "Cancelled" ? "Cancelled." : "Fix the input to see the verdict.";
    ui.placeholder.hidden = false;
    view.clear();
    showRequestError(error, (message) => showError(ui.boardError, ui.board, message));
    return false;
  } finally {
    if (seq === latest) {
      ui.verdict.classList.remove("busy");
      ui.view.removeAttribute("aria-busy");
      answered();
    }
  }
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderVerdict(reply) {
  const x = reply.explanation;
  const verdict = x.solvable ? "Solvable" : "Not solvable";
  const heading = el("p", "verdict-title", verdict);
  const summary = el("p", "verdict-sub", `${x.rows}×${x.cols} board, goal: ${GOAL_NAMES[x.goal] || x.goal}.`);
  const reason = el("p", "reason", x.reason);
  const facts = el("dl", "facts");
  const fact = (term, value) => facts.append(el("dt", null, term), el("dd", null, value));
  fact("Inversions", String(x.inversions));
  fact("Blank row", `${x.blank_row_from_bottom} from the bottom, ${x.blank_row_from_top} from the top`);
  fact("Width", `${x.cols} (${x.width_even ? "even" : "odd"})`);
  fact("Goal", `${x.goal_inversions} inversion${x.goal_inversions === 1 ? "" : "s"}, blank on row ` +
    `${x.goal_blank_row_from_bottom} from the bottom (${x.goal_blank_row_from_top} from the top)`);
  const rule = el("p", "rule");
  rule.append(el("strong", null, "Rule: "), document.createTextNode(x.rule));
  ui.verdict.dataset.solvable = String(x.solvable);
  ui.verdict.dataset.board = boardLinkText(reply.board);
  ui.verdict.replaceChildren(heading, summary, reason, facts, rule);
}

async function shuffle() {
  if (!ready) return;
  clearErrors();
  const seq = ++latest;
  try {
    const reply = await ask("random", { shape: ui.shape.value, goal: goalSpec() }, "Shuffling");
    if (seq !== latest) return;
    ui.board.value = boardText(reply.board);
    await check();
  } catch (error) {
    if (seq !== latest) return;
    showRequestError(error, (message) => showError(ui.shapeError, ui.shape, message));
    answered();
  }
}

/** Read `#board=…&goal=…`; null when the fragment holds no board. */
function readFragment() {
  const hash = window.location.hash.replace(/^#/, "");
  if (!hash) return null;
  const fields = {};
  for (const part of hash.split("&")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    try {
      fields[part.slice(0, at)] = decodeURIComponent(part.slice(at + 1).replaceAll("+", " "));
    } catch {
      fields[part.slice(0, at)] = part.slice(at + 1);
    }
  }
  return fields.board === undefined ? null : fields;
}

function openFromLocation(first) {
  const fields = readFragment();
  if (fields) {
    ui.board.value = fields.board.replaceAll("/", "\n").replaceAll(",", " ");
    const goal = fields.goal || "default";
    if (goal === "default" || goal === "blank-first") {
      ui.goalKind.value = goal;
    } else {
      ui.goalKind.value = "custom";
      ui.goal.value = goal.replaceAll("/", "\n").replaceAll(",", " ");
    }
    showGoalField();
    check();
  } else if (first) {
    if (!ui.board.value.trim()) ui.board.value = EXAMPLE;
    check();
  }
}

function showGoalField() {
  const custom = ui.goalKind.value === "custom";
  ui.goalField.hidden = !custom;
  if (custom && !ui.goal.value.trim() && shown) ui.goal.value = boardText(shown.goal);
}

// ---- The board in play: the user's moves, the counter, the solved state, text area and link that follow ----

/** A new board is on screen (or none): forget moves, solution and comparison made for the previous one. */
function loadBoard() {
  userMoves = 0;
  dropSolution();
  ui.comparison.hidden = true;
  ui.compareBody.replaceChildren();
  ui.boardBar.hidden = !shown;
  wasSolved = Boolean(shown) && sameBoard(shown.board, shown.goal);
  ui.view.dataset.solved = String(wasSolved);
  document.body.dataset.solved = String(wasSolved);
  ui.boardStatus.textContent = "";
  showMoves();
}

function slideMs() {
  return reducedMotion.matches ? 0 : SLIDE_MS;
}

/** The user slides `tile` (click, Enter on a cell, or an arrow key). */
function userMove(tile) {
  if (!ready || !shown) return;
  if (job) cancelJob();
  const next = slideBoard(shown.board, tile);
  if (!next) return;
  userMoves += 1;
  if (playback) {
    playback.pause();
    if (!playback.atEnd && playback.moves[playback.index] === tile) {
      playback.forward(); // the user follows the solution
      return;
    }
    if (playback.index > 0 && playback.moves[playback.index - 1] === tile) {
      playback.back(); // … or takes its last move back
      return;
    }
    dropSolution("The board has changed since this solution was found. Solve again for the new board.");
  }
  shown.board = next;
  view.moveTile(tile, slideMs());
  boardChanged();
}

function showMoves() {
  ui.moveCount.value = String(userMoves);
  ui.moveCount.textContent = String(userMoves);
  document.body.dataset.moves = String(userMoves);
}


/** After any move: counter, solved state now; text area and link in the next frame; the verdict a bit later. */
function boardChanged() {
  showMoves();
  const solved = Boolean(shown) && sameBoard(shown.board, shown.goal);
  ui.view.dataset.solved = String(solved);
  if (solved && !wasSolved) {
    const how = playback && playback.atEnd ? `${playback.moves.length} moves of the solution`
      : `${userMoves} move${userMoves === 1 ? "" : "s"}`;
    ui.boardStatus.textContent = `Solved — the board is the goal (${how}).`;
  } else if (!solved) {
    ui.boardStatus.textContent = "";
  }
  wasSolved = solved;
  document.body.dataset.solved = String(solved);
  if (!syncFrame) syncFrame = requestAnimationFrame(syncBoard);
  clearTimeout(verdictTimer);
  verdictTimer = setTimeout(refreshVerdict, 350);
}

/** Write the board on screen into the text area and the link. */
function syncBoard() {
  syncFrame = 0;
  if (!shown) return;
  const text = boardText(shown.board);
  ui.board.value = text;
  syncedText = text;
  ui.board.removeAttribute("aria-invalid");
  ui.boardError.textContent = "";
  // browsers throttle history.replaceState (about 100 calls in 10 s): the link follows at most 4 times a second
  if (linkTimer) linkStale = true;
  else syncLink();
}

function syncLink() {
  linkStale = false;
  setFragment(fragmentFor(shown.board, ui.goalKind.value, shown.goal));
  linkTimer = setTimeout(() => {
    linkTimer = 0;
    if (shown && linkStale) syncLink();
  }, LINK_EVERY_MS);
}

/** Re-explain the board after moves (inversions and the blank's row change), unless it changed again. */
async function refreshVerdict() {
  if (!ready || !shown || job) return;
  const board = shown.board;
  try {
    const reply = await python.request("check", { board: boardFields(board), goal: goalSpec() });
    if (shown && sameBoard(shown.board, reply.board) && sameBoard(shown.goal, reply.goal)) renderVerdict(reply);
  } catch {
    // the next check shows any problem
  } finally {
    answered();
  }
}

function boardFields(board) {
  return { rows: board.rows, cols: board.cols, tiles: board.tiles };
}

document.addEventListener("keydown", (event) => {
  const letter = ARROW_LETTERS[event.key];
  if (!letter || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !shown) return;
  const target = event.target;
  if (target instanceof Element && target.closest("textarea, input, select, [contenteditable]")) return;
  event.preventDefault();
  const tile = tileForLetter(shown.board, letter);
  if (tile) userMove(tile);
});

// ---- Solver choices (from the core's `options` op: new algorithms and heuristics appear by themselves) ----

const optionsCache = new Map();
let optionsKey = "";
let optionsReply = null;

async function loadOptions(board, goalKind) {
  const key = `${board.rows}x${board.cols}|${goalKind}`;
  if (key === optionsKey) return;
  optionsKey = key;
  let reply = optionsCache.get(key);
  if (!reply) {
    try {
      reply = await python.request("options", { rows: board.rows, cols: board.cols, goal: goalSpec() });
    } catch {
      return; // an older core without `options`: the selects keep Auto
    }
    optionsCache.set(key, reply);
  }
  if (optionsKey !== key) return;
  optionsReply = reply;
  fillSelect(ui.algorithm, reply.algorithms, reply.default_algorithm);
  fillSelect(ui.heuristic, reply.heuristics, reply.default_heuristic);
  showSolverHint();
}

function fillSelect(select, choices, auto) {
  const keep = select.value;
  const options = [new Option(`Auto (${label(auto)})`, "auto")];
  for (const choice of choices) {
    const option = new Option(label(choice.name), choice.name);
    if (choice.summary) option.title = choice.summary;
    options.push(option);
  }
  select.replaceChildren(...options);
  select.value = choices.some((c) => c.name === keep) ? keep : "auto";
}

const NEAR_OPTIMAL = "near-optimal"; // the core's fast solver for big boards: short, not proven shortest
const NEAR_OPTIMAL_HEURISTIC = "group-tables"; // the only heuristic it uses

function showSolverHint() {
  const reply = optionsReply;
  if (!reply) return;
  const find = (list, name) => list.find((c) => c.name === name);
  const auto = ui.algorithm.value === "auto";
  const chosen = auto ? reply.default_algorithm : ui.algorithm.value;
  const near = chosen === NEAR_OPTIMAL;
  // heuristic "auto": the near-optimal solver's own tables, else the strongest that fits (listed last)
  const strongest = reply.heuristics.length ? reply.heuristics[reply.heuristics.length - 1].name : reply.default_heuristic;
  const autoHeuristic = near ? NEAR_OPTIMAL_HEURISTIC : strongest;
  if (near) ui.heuristic.value = "auto";
  ui.heuristic.disabled = near;
  if (ui.heuristic.options.length) ui.heuristic.options[0].textContent = `Auto (${label(autoHeuristic)})`;
  const algorithm = find(reply.algorithms, chosen);
  const heuristic = near ? null : find(reply.heuristics, ui.heuristic.value === "auto" ? autoHeuristic : ui.heuristic.value);
  const parts = [];
  if (algorithm) parts.push(algorithm.summary);
  if (heuristic) parts.push(`${label(heuristic.name)}: ${heuristic.summary}`);
  ui.solverHint.textContent = parts.join(". ") + (parts.length ? "." : "");
  showSolverNote(reply, chosen, auto);
}

/** The plain statement beside Solve: what kind of answer the chosen solver gives on this board. */
function showSolverNote(reply, chosen, auto) {
  const big = reply.rows * reply.cols > 16;
  let note = "";
  if (!reply.algorithms.some((a) => a.name === chosen)) {
    note = `This ${reply.rows}×${reply.cols} board is ${reply.default_summary || "too big to solve here"}.`;
  } else if (chosen === NEAR_OPTIMAL) {
    note = auto && big
      ? "Boards above 4×4 are solved near-optimally: a short solution, not proven shortest. The result gives a " +
        "lower bound on the shortest length and how far from it the solution can be at worst."
      : "Near-optimal: a short solution, not proven shortest; the result gives a lower bound on the shortest length.";
  } else if (big) {
    note = "An optimal search of a board above 4×4 can take hours: Cancel stops it. Auto solves it near-optimally.";
  } else if (auto && reply.default_optimal === false && reply.default_summary) {
    // 10–16 cells with no pattern database for them: an optimal search first, near-optimal if it takes too long
    note = `Auto: ${reply.default_summary}.`;
  }
  ui.solverNote.textContent = note;
  ui.solverNote.hidden = !note;
  const fallback = chosen !== NEAR_OPTIMAL && auto && reply.default_optimal === false;
  ui.solverNote.dataset.kind = chosen === NEAR_OPTIMAL || fallback ? "near-optimal" : note ? "warning" : "";
}

// ---- Long jobs in the worker: solve and compare, with a progress line and Cancel ----

function startJob(kind, title) {
  job = { kind, id: 0, seq: latest, cancelAt: 0 };
  ui.jobTitle.textContent = title;
  ui.jobDetail.textContent = "starting…";
  ui.job.hidden = false;
  ui.jobCancel.disabled = false;
  ui.solve.disabled = true;
  ui.compare.disabled = true;
  document.body.dataset.job = kind;
  return job;
}

function endJob() {
  job = null;
  ui.job.hidden = true;
  ui.solve.disabled = !ready;
  ui.compare.disabled = !ready;
  document.body.dataset.job = "";
}

/** Ask the worker to stop the running job; it answers with the statistics so far (stopped: "cancelled"). */
function cancelJob() {
  if (!job || job.cancelAt) return;
  job.cancelAt = performance.now();
  ui.jobTitle.textContent = "Stopping…";
  ui.jobCancel.disabled = true;
  python.cancel(job.id);
}

/** Have the board of the text area, with the goal now chosen, on screen (checked) unless it already is; true when
 * it can be solved. Solve and Compare then send `syncedGoal`: the goal the screen shows. */
async function boardForJob() {
  if (!shown || ui.board.value !== syncedText || goalSpec() !== syncedGoal) return check();
  if (syncFrame) {
    cancelAnimationFrame(syncFrame);
    syncBoard();
  }
  return shown.solvable;
}

async function solve() {
  if (!ready || job) return;
  if (playback) playback.pause();
  const ok = await boardForJob();
  if (!ok || job) {
    if (shown && !shown.solvable) {
      showSolutionSection();
      ui.solutionBadge.textContent = "";
      ui.solutionSummary.textContent = "This board cannot reach the goal, so there is nothing to solve: see why below.";
      ui.solutionFacts.replaceChildren();
      document.body.dataset.solve = "unsolvable";
    }
    return;
  }
  const start = shown.board;
  const goal = shown.goal;
  const algorithm = ui.algorithm.value;
  const heuristic = ui.heuristic.value;
  const mine = startJob("solve", "Solving…");
  document.body.dataset.solve = "running";
  const request = { board: boardFields(start), goal: syncedGoal, algorithm, heuristic };
  try {
    const reply = await python.request("solve", request, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (job !== mine || mine.cancelAt) return;
        ui.jobTitle.textContent = `Solving with ${label(p.algorithm)} + ${label(p.heuristic).toLowerCase()}…`;
        ui.jobDetail.textContent = progressLine(p);
      },
    });
    if (mine.cancelAt) document.body.dataset.cancelMs = String(Math.round(performance.now() - mine.cancelAt));
    if (mine.seq !== latest || !shown || !sameBoard(shown.board, start)) return; // a newer board took over
    showSolution(reply, start, goal);
  } catch (error) {
    if (mine.seq !== latest) return;
    showSolutionSection();
    ui.solutionBadge.textContent = "";
    ui.solutionFacts.replaceChildren();
    ui.solutionSummary.textContent = error.type === "Cancelled" ? "Search cancelled." : `Could not solve: ${error.message}`;
    document.body.dataset.solve = error.type === "Cancelled" ? "stopped" : "failed";
  } finally {
    if (job === mine) endJob();
  }
}

function showSolutionSection() {
  dropSolution();
  ui.solution.hidden = false;
}

/** Show a solve reply; a solution becomes playable from `start`. */
function showSolution(reply, start, goal) {
  showSolutionSection();
  const kind = renderSolution(
    { badge: ui.solutionBadge, summary: ui.solutionSummary, facts: ui.solutionFacts }, reply,
  );
  document.body.dataset.solve = kind === "stopped" ? "stopped" : "solved";
  ui.solution.dataset.length = reply.moves ? String(reply.length) : "";
  if (!reply.moves) return;
  renderMoveList(ui.moveList, reply.moves, reply.letters);
  playback = new Playback(start, reply.moves, {
    view, goal, speed: SPEEDS[Number(ui.speed.value)] || 4, reducedMotion: reducedMotion.matches,
    onChange: playbackChanged,
  });
  ui.player.hidden = reply.moves.length === 0;
  ui.playTotal.textContent = String(reply.moves.length);
  playback.shownIndex = 0;
  markMoves(ui.moveList, 0, 0);
  showPlayer();
}

/** Forget the loaded solution (with an optional note in its place). */
function dropSolution(note = "") {
  if (playback) playback.destroy();
  playback = null;
  ui.moveList.replaceChildren();
  ui.player.hidden = true;
  if (note) {
    ui.solutionBadge.textContent = "out of date";
    ui.solutionBadge.dataset.kind = "stopped";
    ui.solutionSummary.textContent = note;
    ui.solutionFacts.replaceChildren();
  } else {
    ui.solution.hidden = true;
  }
}

function playbackChanged(p) {
  if (p !== playback) return;
  markMoves(ui.moveList, p.shownIndex, p.index);
  p.shownIndex = p.index;
  shown.board = p.board;
  showPlayer();
  boardChanged();
}

function showPlayer() {
  const p = playback;
  if (!p) return;
  ui.playPosition.textContent = String(p.index);
  ui.play.dataset.playing = String(p.playing);
  ui.play.setAttribute("aria-label", p.playing ? "Pause" : "Play");
  ui.play.title = p.playing ? "Pause" : "Play";
  ui.playReset.disabled = p.index === 0;
  ui.playBack.disabled = p.index === 0;
  ui.playForward.disabled = p.atEnd;
  ui.playEnd.disabled = p.atEnd;
  document.body.dataset.playback = p.playing ? "playing" : p.atEnd ? "end" : "paused";
}

function showSpeed() {
  const speed = SPEEDS[Number(ui.speed.value)] || 4;
  ui.speedText.textContent = `${speed}/s`;
  ui.speed.setAttribute("aria-valuetext", `${speed} moves per second`);
  if (playback) playback.setSpeed(speed);
}

// ---- Compare heuristics: A* with each heuristic on the board, the course's table ----

async function compareHeuristics() {
  if (!ready || job) return;
  if (playback) playback.pause();
  if (!(await boardForJob()) || job) return;
  const start = shown.board;
  let names = []; // the heuristics the compare runs: its progress names them
  const mine = startJob("compare", "Comparing heuristics…");
  document.body.dataset.compare = "running";
  ui.comparison.hidden = false;
  ui.comparisonNote.textContent = `${start.rows}×${start.cols} board`;
  renderCompareRows(ui.compareBody, [], null, names);
  try {
    const reply = await python.request("compare", { board: boardFields(start), goal: syncedGoal }, {
      onId: (id) => { mine.id = id; },
      onProgress: (p) => {
        if (job !== mine || mine.cancelAt) return;
        if (p.heuristics) names = p.heuristics;
        const done = p.done || [];
        ui.jobTitle.textContent = `Comparing heuristics: ${label(p.heuristic).toLowerCase()} (${p.row + 1} of ${p.rows})…`;
        ui.jobDetail.textContent = progressLine(p);
        const waiting = names.filter((n) => n !== p.heuristic && !done.some((r) => r.heuristic === n));
        renderCompareRows(ui.compareBody, done, p, waiting);
      },
    });
    if (mine.seq !== latest) return;
    renderCompareRows(ui.compareBody, reply.rows);
    const stopped = reply.rows.filter((r) => r.length === null).map((r) => label(r.heuristic).toLowerCase());
    let note = `${start.rows}×${start.cols} board`;
    if (reply.stopped === "cancelled") note += " · cancelled: the rows above finished";
    else if (stopped.length) note += ` · ${stopped.join(", ")} stopped at the node limit`;
    ui.comparisonNote.textContent = note;
    document.body.dataset.compare = reply.stopped === "cancelled" ? "stopped" : "done";
  } catch (error) {
    if (mine.seq !== latest) return;
    ui.compareBody.replaceChildren();
    ui.comparisonNote.textContent = error.type === "Cancelled" ? "Cancelled." : `Could not compare: ${error.message}`;
    document.body.dataset.compare = "failed";
  } finally {
    if (job === mine) endJob();
  }
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  check();
});
ui.board.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    check();
  }
});
ui.goalKind.addEventListener("change", () => {
  showGoalField();
  if (ui.goalKind.value !== "custom" && ui.board.value.trim()) check();
});
ui.shuffle.addEventListener("click", shuffle);
ui.cancel.addEventListener("click", cancelBusy);
ui.solve.addEventListener("click", solve);
ui.compare.addEventListener("click", compareHeuristics);
ui.jobCancel.addEventListener("click", cancelJob);
ui.algorithm.addEventListener("change", showSolverHint);
ui.heuristic.addEventListener("change", showSolverHint);
ui.play.addEventListener("click", () => {
  if (!playback) return;
  if (playback.playing) playback.pause();
  else playback.play();
});
ui.playForward.addEventListener("click", () => playback && (playback.pause(), playback.forward()));
ui.playBack.addEventListener("click", () => playback && playback.back());
ui.playReset.addEventListener("click", () => playback && playback.reset());
ui.playEnd.addEventListener("click", () => playback && playback.end());
ui.speed.addEventListener("input", showSpeed);
ui.moveList.addEventListener("click", (event) => {
  const item = event.target instanceof Element ? event.target.closest("li[data-k]") : null;
  if (item && playback) {
    playback.pause();
    playback.seek(Number(item.dataset.k) + 1);
  }
});
ui.shape.addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    shuffle();
  }
});
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
  if (ready) openFromLocation(false);
});
setReady(false);
showSpeed();
document.body.dataset.answers = "0";
document.body.dataset.moves = "0";
