// @ts-check
// For students: the course lab drawn (control/lab.js runs it): each run's job line (progress and Cancel) or its
// error, the table by depth with the book's figures beside, a heuristic's checks with the boards that break a rule
// drawn small, and the editor's examples.

import { el } from "../dom.js";
import { chartWidth, logLines } from "./chart.js";
import { tinyBoard } from "./tiny-board.js";

/** @typedef {import("../ui.js").Ui} Ui */
/**
 * A job line's parts: the line, its title, detail, progress bar and Cancel.
 * @typedef {{line: HTMLElement, title: HTMLElement, detail: HTMLElement, progress: HTMLProgressElement,
 *   cancel: HTMLButtonElement}} JobLine
 */
/** @typedef {import("../state.js").Lab} Lab */
/** @typedef {import("../state.js").LabRun} LabRun */

const RULES = /** @type {const} */ ([
  ["goal", "h(goal) = 0", "on the goal it must be 0"],
  ["negative", "never negative", "negative on"],
  ["overestimates", "admissible: never above the true distance", "above the true distance on"],
  ["inconsistent", "consistent: h(s) ≤ 1 + h(s′) across every move", "breaks it across"],
]);

/**
 * @param {Ui} ui
 * @param {Lab} lab
 * @param {boolean} ready
 * @param {Map<string, unknown>} painted
 */
export function drawLab(ui, lab, ready, painted) {
  drawRun({ line: ui.labTableJob, title: ui.labTableTitle, detail: ui.labTableDetail, progress: ui.labTableProgress,
    cancel: ui.labTableCancel }, lab.table);
  drawRun({ line: ui.labCheckJob, title: ui.labCheckTitle, detail: ui.labCheckDetail, progress: ui.labCheckProgress,
    cancel: ui.labCheckCancel }, lab.check);
  ui.labRun.disabled = !ready || Boolean(lab.table && lab.table.id);
  ui.labCheck.disabled = !ready || Boolean(lab.check && lab.check.id);
  const button = lab.checkShape === "4x4" ? "Check on the sample" : "Check on all 181,440 boards";
  if (ui.labCheck.textContent !== button) ui.labCheck.textContent = button;
  if (ui.labCheckShape.value !== lab.checkShape) ui.labCheckShape.value = lab.checkShape;
  ui.labTableError.textContent = lab.table ? lab.table.error : "";
  ui.labCheckError.textContent = lab.check ? lab.check.error : "";
  if (painted.get("lab-table") !== (lab.table && lab.table.reply)) {
    painted.set("lab-table", lab.table && lab.table.reply);
    const width = Math.min(760, chartWidth(ui.labTable) ?? 640);
    ui.labTable.replaceChildren(...(lab.table && lab.table.reply ? depthTable(lab.table, width) : []));
  }
  if (painted.get("lab-report") !== (lab.check && lab.check.reply)) {
    painted.set("lab-report", lab.check && lab.check.reply);
    ui.labReport.replaceChildren(...(lab.check && lab.check.reply ? report(lab.check.reply) : []));
  }
  if (painted.get("lab-examples") !== lab.examples) {
    painted.set("lab-examples", lab.examples);
    ui.labExample.replaceChildren(...lab.examples.map((e) => new Option(e.title, e.name)));
  }
  if (ui.labExample.value !== lab.example && lab.example) ui.labExample.value = lab.example;
  const open = `${lab.open.table} ${lab.open.check}`;
  if (painted.get("lab-open") !== open) { // written only when the state changed it: a click opens a part at once
    painted.set("lab-open", open);
    ui.labTablePart.open = lab.open.table;
    ui.labCheckPart.open = lab.open.check;
  }
  for (const [field, value] of /** @type {const} */ ([[ui.labDepths, lab.depths], [ui.labBoards, lab.boards]])) {
    if (field.value !== value && document.activeElement !== field) field.value = value;
  }
  for (const box of ui.labRuns.querySelectorAll("input[type=checkbox]")) {
    if (box instanceof HTMLInputElement) box.checked = lab.runs.includes(box.value);
  }
  ui.labCopied.textContent = lab.copied === "link" ? "Link copied: it opens the lab with these settings and your code."
    : lab.copied === "failed" ? "This browser did not let the page copy: the address bar holds the link." : "";
  if (ui.labCode.value !== lab.code && document.activeElement !== ui.labCode) ui.labCode.value = lab.code;
}

/** @param {JobLine} job @param {LabRun | null} run */
function drawRun(job, run) {
  const running = Boolean(run && run.id);
  job.line.hidden = !running;
  if (!run || !running) return;
  job.title.textContent = run.cancelAt ? "Stopping…" : job.line.dataset.title || "";
  job.detail.textContent = run.detail;
  job.progress.value = run.done;
  job.cancel.disabled = Boolean(run.cancelAt);
}

/** @param {number | null} n @returns {string} */
function whole(n) {
  return n === null ? "—" : Math.round(n).toLocaleString("en-US");
}

/**
 * The table by depth under its title, the book's figures in a row of their own under a depth they give.
 * @param {LabRun} run
 * @param {number} [width] the chart's box in CSS pixels
 * @returns {HTMLElement[]}
 */
function depthTable(run, width = 640) {
  const reply = run.reply;
  const boards = reply.rows.length ? reply.rows[0].boards : 0;
  const title = el("p", "lab-table-title", `Nodes generated and, under them, b*: the mean of ${boards} ` +
    `${boards === 1 ? "board" : "boards"} a depth.${reply.stopped ? " Cancelled: the depths done so far." : ""}`);
  const table = el("table", "lab-depths");
  const head = el("tr");
  head.append(el("th", null, "Depth"));
  reply.runs.forEach((/** @type {string} */ key, /** @type {number} */ i) => {
    const th = el("th", null, run.titles[i] || key);
    th.scope = "col";
    head.append(th);
  });
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const row of reply.rows) {
    const tr = el("tr");
    const th = el("th", null, String(row.depth));
    th.scope = "row";
    tr.append(th);
    for (const key of reply.runs) {
      const cell = row.cells[key];
      const td = el("td", null, cell.nodes === null ? "did not finish" : whole(cell.nodes));
      if (cell.nodes !== null) td.append(el("span", "sub", cell.b_star.toFixed(2)));
      if (cell.longer) td.append(el("span", "sub", `${cell.longer} longer than the shortest`));
      tr.append(td);
    }
    body.append(tr);
    if (Object.keys(row.book).length) {
      const book = el("tr", "book");
      book.append(el("th", null, "the book"));
      for (const key of reply.runs) {
        const given = row.book[key];
        const td = el("td", null, given ? whole(given.nodes) : "");
        if (given && given.b_star) td.append(el("span", "sub", given.b_star.toFixed(2)));
        book.append(td);
      }
      body.append(book);
    }
  }
  const wrap = el("div", "lab-table-wrap");
  wrap.append(table);
  const series = reply.runs.map((/** @type {string} */ key, /** @type {number} */ i) => ({ name: run.titles[i] || key,
    bars: reply.rows.filter((/** @type {any} */ row) => row.cells[key].nodes !== null)
      .map((/** @type {any} */ row) => ({ label: String(row.depth), value: Math.round(row.cells[key].nodes) })) }));
  const chart = el("div", "lab-chart");
  if (reply.rows.length > 1) chart.append(logLines("Nodes generated by solution depth", "Depth", series, width));
  return [title, wrap, chart];
}

/** Which boards the checks ran on, then each heuristic's checks, then which one dominates.
 * @param {any} reply @returns {HTMLElement[]} */
function report(reply) {
  const out = [];
  const sample = reply.sample;
  out.push(el("p", "lab-boards", sample
    ? `On a sample of ${sample.boards.toLocaleString("en-US")} 15-puzzles: the goal and up to ${sample.per_depth} ` +
      `boards at each distance from 1 to ${sample.farthest}, drawn by random walks from the goal, each distance ` +
      "proven by an optimal search; every move from each board is checked."
    : `On all ${reply.states.toLocaleString("en-US")} boards that can reach the goal, and every move between them.`));
  for (const h of reply.heuristics) {
    const mine = h.name === "yours";
    const part = el("div", "lab-heuristic");
    part.dataset.heuristic = h.name;
    const verdict = h.admissible && h.consistent ? "admissible and consistent"
      : !h.admissible ? "not admissible: it can overestimate" : "admissible but not consistent";
    part.append(el("h3", null, `${mine ? "Yours" : "Manhattan distance"}: ${verdict}`));
    const list = el("ul", "lab-rules");
    for (const [kind, rule, broken] of RULES) {
      const n = h.counts[kind];
      const item = el("li", n ? "broken" : "held");
      const where = kind === "goal" ? broken : `${broken} ${n.toLocaleString("en-US")} ${kind === "inconsistent"
        ? (n === 1 ? "move" : "moves") : (n === 1 ? "board" : "boards")}`;
      item.textContent = `${n ? "✗" : "✓"} ${rule}${n ? ` — ${where}` : ""}`;
      list.append(item);
    }
    part.append(list);
    part.append(el("p", null, `Exact on ${h.exact.toLocaleString("en-US")} of ${h.states.toLocaleString("en-US")}` +
      ` boards; on average h is ${Math.round(100 * h.mean_ratio)}% of the true distance (h/h* ${h.mean_ratio.toFixed(3)}).`));
    const shown = ["goal", "negative", "overestimates", "inconsistent"]
      .flatMap((kind) => h.breaches.filter((/** @type {any} */ b) => b.kind === kind).slice(0, 2));
    if (mine && shown.length) part.append(breaches(shown));
    out.push(part);
  }
  out.push(el("p", "hint", "Compare heuristics and Watch the search (under the verdict) now run yours too, beside the built-in ones."));
  const d = reply.dominance;
  if (d) {
    const share = (/** @type {number} */ x) => `${(100 * x).toFixed(1)}%`;
    out.push(el("p", "lab-dominance", `Manhattan distance is at least yours on ${share(d.b_at_least_a)} of the boards, ` +
      `yours at least Manhattan on ${share(d.a_at_least_b)} (equal on ${share(d.equal)}): ` +
      (d.equal === 1 ? "the two agree on every board." : d.b_at_least_a === 1 ? "Manhattan distance dominates yours."
        : d.a_at_least_b === 1 ? "yours dominates Manhattan distance." : "neither dominates the other.")));
  }
  return out;
}

/** The boards that break a rule, each drawn small with what h says there. @param {any[]} found */
function breaches(found) {
  const box = el("div", "lab-breaches");
  for (const b of found) {
    const item = el("figure", "lab-breach");
    const cols = Math.round(Math.sqrt(b.board.length)); // the lab checks square boards only
    item.append(tinyBoard(b.board, cols));
    if (b.kind === "inconsistent") {
      item.append(el("span", "lab-arrow", "→"));
      item.append(tinyBoard(b.neighbour, cols));
      item.append(el("figcaption", null, `h = ${b.h} here, but one move away h = ${b.h_neighbour}: it falls by more ` +
        "than the move costs."));
    } else {
      const what = b.kind === "goal" ? "on the goal" : `${b.distance} ${b.distance === 1 ? "move" : "moves"} from the goal`;
      item.append(el("figcaption", null, `h = ${b.h} on this board, ${what}.`));
    }
    box.append(item);
  }
  return box;
}
