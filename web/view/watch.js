// @ts-check
// The "Watch the search" panel drawn from the state: the controls' states, the progress line, and for
// each lane (one heuristic; two in a race) its counters, the node taken with its children and what happened to
// each, the heap and the hash table (A*) or the iteration's tree (IDA*), and at the goal the solution path.

import { el } from "../dom.js";
import { slide } from "../model/moves.js";
import {
  counters, current, finished, iterationsDone, iterationTree, movedChild, stopNote, tilesText,
} from "../model/watch.js";
import { count, label, searchName } from "../words.js";
import { WATCH_SPEEDS } from "../model/speed.js";
import { renderSliderSpeed } from "./speed.js";
import { hashBins, heapArray, heapTree, idaTree, miniBoard } from "./watch-draw.js";

/**
 * @typedef {import("../ui.js").Ui} Ui
 * @typedef {import("../state.js").Watch} Watch
 * @typedef {import("../model/watch.js").Lane} Lane
 * @typedef {import("../protocol.js").WatchStep} WatchStep
 * @typedef {import("../protocol.js").WatchChild} WatchChild
 * @typedef {import("../protocol.js").Board} Board
 */

/** @type {Readonly<Record<WatchChild["outcome"], string>>} */
const OUTCOMES = Object.freeze({
  pushed: "new: pushed",
  lowered: "already queued with a higher g: priority lowered",
  reopened: "expanded before with a higher g: reopened",
  skipped: "already expanded: skipped", // or still queued with no higher g (its heap index is then said)
  cut: "cut off: f over the bound",
});

/** A narrow screen: the heap shows fewer levels. */
const NARROW = "(max-width: 480px)";

/** The watched search's speed slider, as it reads. @param {Ui} ui */
export function drawWatchSpeed(ui) {
  renderSliderSpeed(ui.watchSpeed, ui.watchSpeedText, WATCH_SPEEDS, "steps");
}

/**
 * The choosers: the heuristics offered (filled again when they change) and the choice on screen.
 * @param {Ui} ui
 * @param {Watch} watch
 * @param {Map<string, unknown>} painted
 */
function drawChoices(ui, watch, painted) {
  if (painted.get("watch-names") !== watch.names) {
    painted.set("watch-names", watch.names);
    for (const [select, none] of /** @type {const} */ ([[ui.watchHeuristic, null], [ui.watchRival, "No race"]])) {
      const options = none ? [new Option(none, "")] : [];
      for (const name of watch.names) options.push(new Option(label(name), name));
      select.replaceChildren(...options);
    }
  }
  const { algorithm, heuristic, rival } = watch.choice;
  if (ui.watchAlgorithm.value !== algorithm) ui.watchAlgorithm.value = algorithm;
  if (ui.watchHeuristic.value !== heuristic) ui.watchHeuristic.value = heuristic;
  if (ui.watchRival.value !== rival) ui.watchRival.value = rival;
}

/** @param {HTMLButtonElement} button @param {boolean} off */
function unavailable(button, off) {
  if (off) button.setAttribute("aria-disabled", "true");
  else button.removeAttribute("aria-disabled");
}

/**
 * The whole panel; the lanes are drawn again only when what they show changed (`painted` keeps what was drawn).
 * @param {Ui} ui
 * @param {Watch} watch
 * @param {Map<string, unknown>} painted
 */
export function drawWatch(ui, watch, painted) {
  ui.watch.hidden = !watch.open;
  if (!watch.open || !watch.board) return;
  const board = watch.board;
  drawChoices(ui, watch, painted);
  ui.watchBoard.textContent = `${board.rows}×${board.cols}: ${tilesText(board.tiles, board.cols)}`;
  const asking = watch.asking;
  const over = watch.lanes.length > 0 && watch.lanes.every(finished);
  const atStart = watch.lanes.every((lane) => lane.at === 0);
  // aria-disabled, not disabled: a focused button that is disabled loses the focus (a keyboard user stepping onto
  // the goal would be thrown to the page's top); the controller ignores a press that has nothing to do
  unavailable(ui.watchStep, over || Boolean(asking));
  unavailable(ui.watchBack, atStart || Boolean(asking));
  unavailable(ui.watchReset, atStart && !asking);
  unavailable(ui.watchEnd, over || Boolean(asking));
  unavailable(ui.watchPlay, over && !watch.timer);
  ui.watchPlay.textContent = watch.timer ? "Pause" : "Play";
  ui.watchPlay.setAttribute("aria-pressed", String(Boolean(watch.timer)));
  const showJob = Boolean(asking && asking.slow);
  if (!showJob && ui.watchJob.contains(document.activeElement)) ui.watchStep.focus(); // Cancel is going away
  ui.watchJob.hidden = !showJob;
  if (asking) {
    ui.watchJobTitle.textContent = asking.cancelled ? "Cancelling…" : asking.text;
    ui.watchJobDetail.textContent = asking.detail;
    ui.watchCancel.disabled = asking.cancelled;
  }
  if (ui.watchError.textContent !== watch.error) ui.watchError.textContent = watch.error;
  ui.watchAdviceBox.hidden = !watch.advice;
  if (ui.watchAdvice.textContent !== watch.advice) ui.watchAdvice.textContent = watch.advice;
  ui.watchAdviceBox.dataset.kind = watch.offers.length ? "cannot" : "can";
  ui.watchUseIdastar.hidden = !watch.offers.includes("idastar");
  ui.watchSmaller.hidden = !watch.offers.includes("smaller") || (board.rows === 3 && board.cols === 3);
  ui.watchResult.hidden = !watch.result;
  if (ui.watchResult.textContent !== watch.result) ui.watchResult.textContent = watch.result;
  ui.watchSaid.setAttribute("aria-live", watch.timer ? "off" : "polite"); // playing: shown, not read out step by step
  if (ui.watchSaid.textContent !== watch.said) ui.watchSaid.textContent = watch.said;
  ui.watchLanes.dataset.race = String(watch.lanes.length > 1);
  const narrow = window.matchMedia(NARROW).matches;
  const compact = narrow || watch.lanes.length > 1;
  const key = [compact, ...watch.lanes.map((l) => `${l.algorithm} ${l.heuristic} ${l.at} ${l.end} ${l.base} ` +
    `${l.steps.length} ${Boolean(l.result)}`)].join("|");
  if (painted.get("watch-lanes") === key && painted.get("watch-board") === board) return;
  painted.set("watch-lanes", key);
  painted.set("watch-board", board);
  ui.watchLanes.replaceChildren(...watch.lanes.map((lane) => renderLane(lane, board, compact)));
}

/**
 * One lane: its figures mirrored as data-* for tests (data-at, data-expanded …).
 * @param {Lane} lane
 * @param {Board} board
 * @param {boolean} compact fewer heap levels (a phone, or a race's two lanes side by side)
 */
function renderLane(lane, board, compact) {
  const step = current(lane);
  const figures = counters(lane);
  const box = el("article", "watch-lane");
  box.dataset.heuristic = lane.heuristic;
  box.dataset.at = String(lane.at);
  box.dataset.done = String(finished(lane));
  for (const [key, value] of Object.entries(figures)) { // max_heap → data-max-heap
    box.dataset[key.replace(/_(.)/g, (_, c) => c.toUpperCase())] = String(value);
  }
  const title = searchName(lane.algorithm, lane.heuristic);
  box.setAttribute("aria-label", title);
  box.append(el("h4", null, title), counterList(lane, figures, step));
  if (!step) {
    box.append(el("p", "muted-note", lane.algorithm === "astar"
      ? "The start is alone in the heap. Step takes it out and expands it."
      : "The start is the root of the first iteration; its bound is its h. Step expands it."));
    return box;
  }
  box.append(takenNode(step, board.cols), childList(step, board.cols));
  if (lane.algorithm === "astar") box.append(structure(lane, step, board.cols, compact));
  else box.append(treeView(lane, step), iterationList(lane));
  if (step.goal) box.append(solutionPath(lane, board));
  const stop = stopNote(lane);
  if (stop) box.append(el("p", "error", stop));
  return box;
}

/**
 * @param {Lane} lane
 * @param {import("../protocol.js").WatchStep["counters"]} c
 * @param {WatchStep | null} step
 */
function counterList(lane, c, step) {
  const list = el("dl", "facts stats watch-counters");
  /** @type {[string, number | undefined, string][]} */
  const rows = lane.algorithm === "astar"
    ? [["Nodes expanded", c.expanded, "expanded"], ["Heap size", c.heap, "heap"],
      ["Max heap size", c.max_heap, "max-heap"]]
    : [["Nodes expanded", c.expanded, "expanded"], ["Iteration", step?.iteration ?? 1, "iteration"],
      ["Bound", step?.bound, "bound"], ["This iteration", c.iteration_nodes, "iteration-nodes"],
      ["Stack", c.stack, "stack"]];
  for (const [name, value, key] of rows) {
    const row = el("div");
    const dd = el("dd", null, value === undefined || value === null ? "—" : value.toLocaleString("en"));
    dd.dataset.counter = key;
    row.append(el("dt", null, name), dd);
    list.append(row);
  }
  return list;
}

/** @param {WatchStep} step @param {number} cols */
function takenNode(step, cols) {
  const box = el("div", step.goal ? "taken goal" : "taken");
  const { node } = step;
  box.append(miniBoard(node.tiles, cols, `Node taken at step ${step.n}`, step.goal ? "solution" : ""),
    el("p", "taken-figures", `Step ${step.n}: took the node with g ${node.g} + h ${node.h} = f ${node.f}` +
      (step.goal ? ": the goal." : "")));
  return box;
}

/**
 * What became of a child, in words: an A* child skipped while still queued says its heap index; IDA* pushes onto
 * its stack (a child without a heap path).
 * @param {WatchChild} child
 */
function outcomeWords(child) {
  if (child.outcome === "skipped" && child.found_at !== null && child.found_at !== undefined) {
    return `already queued at heap index ${child.found_at} with g no higher: skipped`;
  }
  if (child.outcome === "pushed" && !child.path) return "pushed onto the stack"; // IDA*
  return OUTCOMES[child.outcome];
}

/** @param {WatchStep} step @param {number} cols */
function childList(step, cols) {
  const list = el("ul", "children");
  list.setAttribute("aria-label", `Its ${count(step.children.length, "child")}`.replace("childs", "children"));
  for (const child of step.children) {
    const item = el("li", `child ${child.outcome}`);
    let words = `tile ${child.tile} moved: g ${child.g} + h ${child.h} = f ${child.f} — ${outcomeWords(child)}`;
    if (child.outcome === "lowered" || child.outcome === "reopened") {
      words += ` (f ${child.old_f} → ${child.f}`;
      if (child.found_at !== null && child.found_at !== undefined) {
        words += `; the hash table gave heap index ${child.found_at}`;
      }
      if (child.path && child.path.length) words += `; percolated up ${child.path.join(" → ")}`;
      words += ")";
    } else if (child.outcome === "pushed" && child.path && child.path.length) {
      words += ` at heap index ${child.path[child.path.length - 1]}`;
    }
    item.append(miniBoard(child.tiles, cols, `Child, tile ${child.tile} moved`), el("span", null, words));
    list.append(item);
  }
  return list;
}

/** The heap (tree and array) beside the hash table's bins. @param {Lane} lane @param {WatchStep} step
 * @param {number} cols @param {boolean} compact */
function structure(lane, step, cols, compact) {
  const box = el("div", "structure");
  if (step.heap) {
    const moved = movedChild(step);
    const path = moved && moved.path ? moved.path : [];
    const heap = el("figure", "heap");
    heap.append(el("figcaption", null, `Heap: ${count(step.heap.size, "entry")}`.replace("entrys", "entries")),
      heapTree(step.heap, compact ? 4 : 5, path), heapArray(step.heap, compact ? 15 : 31, path));
    box.append(heap);
  }
  if (step.bins) {
    const table = el("figure", "hash");
    const bins = lane.hashBins ? `: ${lane.hashBins.toLocaleString("en")} bins` : "";
    table.append(el("figcaption", null, `Hash table${bins},`
      + ` around bin ${step.node.bin ?? "?"}`), hashBins(step.bins, step.node.bin, lane.hashBins, cols));
    box.append(table);
  }
  return box;
}

/** @param {Lane} lane @param {WatchStep} step */
function treeView(lane, step) {
  const most = window.matchMedia(NARROW).matches ? 20 : 40;
  const tree = iterationTree(lane, most);
  const figure = el("figure", "ida");
  const note = tree.shown < tree.total ? ` (the last ${tree.shown} of ${tree.total} nodes)` : "";
  figure.append(el("figcaption", null, `Iteration ${step.iteration}, bound ${step.bound}${note}; next bound so far: ` +
    `${step.next_bound ?? "none"}`), idaTree(tree.roots, step.bound ?? 0, step.id ?? step.n, step.goal));
  return figure;
}

/** IDA*'s finished iterations: bound and nodes. @param {Lane} lane */
function iterationList(lane) {
  const list = el("ol", "iteration-list");
  list.setAttribute("aria-label", "Finished iterations");
  for (const [bound, nodes] of iterationsDone(lane)) {
    const item = el("li", null, `bound ${bound}: ${count(nodes, "node")}`);
    item.dataset.bound = String(bound);
    item.dataset.nodes = String(nodes);
    list.append(item);
  }
  return list;
}

/** The solution's boards from the start to the goal, once the goal is taken. @param {Lane} lane @param {Board} board */
function solutionPath(lane, board) {
  const box = el("figure", "solution-path");
  const moves = lane.result?.moves || [];
  box.append(el("figcaption", null, `Solution: ${count(moves.length, "move")}` +
    (moves.length ? ` (tiles ${moves.join(", ")})` : "")));
  const strip = el("div", "path-strip");
  /** @type {Board | null} */
  let at = board;
  strip.append(miniBoard(at.tiles, at.cols, "Start", "solution"));
  for (const tile of moves) {
    at = at ? slide(at, tile) : null;
    if (!at) break;
    strip.append(miniBoard(at.tiles, at.cols, `Tile ${tile} moved`, "solution"));
  }
  box.append(strip);
  return box;
}
