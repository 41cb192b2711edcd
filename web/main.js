// The page: reads the board and goal, asks the Python worker, shows the board and the verdict with its reasons.
// All user text is inserted with textContent (never as HTML).

import { BoardView } from "./board-view.js";
import { PythonWorker } from "./python-worker.js";

const EXAMPLE = "12 1 10 2\n7 11 4 14\n5 0 9 15\n8 13 6 3";
const MAX_LINK_CELLS = 10000; // bigger boards are not put in the URL
const GOAL_NAMES = Object.freeze({ default: "1 2 3 … blank last", "blank-first": "blank first", custom: "custom goal" });

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("python-status"),
  progress: $("boot-progress"),
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
};

let ready = false;
let latest = 0; // sequence number of the newest request whose answer should be shown
let shown = null; // {board, goal} of the verdict on screen
let answers = 0; // answers shown so far (verdicts and error messages), exposed as <body data-answers>

/** Count one more answer on screen (tests and scripts wait on <body data-answers>). */
function answered() {
  answers += 1;
  document.body.dataset.answers = String(answers);
}

const python = new PythonWorker({ onStatus: showStatus });
const view = new BoardView(ui.view, { onSlide: slide });

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

function setReady(value) {
  ready = value;
  ui.check.disabled = !value;
  ui.shuffle.disabled = !value;
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

async function check() {
  if (!ready) return;
  clearErrors();
  const seq = ++latest;
  const goalKind = ui.goalKind.value;
  ui.verdict.classList.add("busy");
  ui.view.setAttribute("aria-busy", "true");
  try {
    const reply = await ask("check", { board: ui.board.value, goal: goalSpec() }, "Checking");
    if (seq !== latest) return;
    shown = { board: reply.board, goal: reply.goal };
    ui.placeholder.hidden = true;
    await Promise.all([view.setBoard(reply.board, reply.goal), Promise.resolve(renderVerdict(reply))]);
    setFragment(fragmentFor(reply.board, goalKind, reply.goal));
  } catch (error) {
    if (seq !== latest) return;
    shown = null;
    ui.verdict.replaceChildren();
    delete ui.verdict.dataset.board;
    ui.share.hidden = true;
    ui.placeholder.textContent = error.type === "Cancelled" ? "Cancelled." : "Fix the input to see the verdict.";
    ui.placeholder.hidden = false;
    view.clear();
    showRequestError(error, (message) => showError(ui.boardError, ui.board, message));
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
    ui.board.value = reply.board.text.replaceAll(" / ", "\n");
    await check();
  } catch (error) {
    if (seq !== latest) return;
    showRequestError(error, (message) => showError(ui.shapeError, ui.shape, message));
    answered();
  }
}

async function slide(tile) {
  if (!ready || !shown) return;
  const seq = ++latest;
  try {
    const reply = await ask("apply", { board: shown.board, moves: [tile] }, "Sliding");
    if (seq !== latest) return;
    ui.board.value = reply.board.text.replaceAll(" / ", "\n");
    await check();
  } catch (error) {
    if (seq !== latest) return;
    showRequestError(error, (message) => showError(ui.boardError, ui.board, message));
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
  if (custom && !ui.goal.value.trim() && shown) ui.goal.value = shown.goal.text.replaceAll(" / ", "\n");
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
document.body.dataset.answers = "0";
