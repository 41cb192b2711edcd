// @ts-check
// The solution: its section in the results (badge, summary, figures, the move list, IDA*'s iterations) and the
// player attached under the board (play, pause, steps, speed; the position and whether the length is proven
// shortest). Text only ever goes in with textContent.

import { el } from "../dom.js";
import { ARROWS, DIRECTIONS, figure, label, phrase, searchName, seconds, stopReason } from "../words.js";
import { columnChart } from "./chart.js";
import { renderSliderSpeed } from "./speed.js";
import { SPEEDS } from "../model/speed.js";
import { SHORTER_WORK, shorterSearch } from "../model/shorter.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../protocol.js").SolveReply} SolveReply */
/** @typedef {import("../control/playback.js").Playback} Playback */

/** The badge's words by kind. */
/** @type {Readonly<Record<string, string>>} */
const BADGES = Object.freeze({ optimal: "shortest possible", "not-optimal": "not proven shortest",
  replay: "reconstruction" });

/** A rough duration: "about 35 s", "about 4 min". @param {number} s */
function roughly(s) {
  return s < 60 ? `about ${Math.max(5, Math.round(s / 5) * 5)} s` : `about ${Math.round(s / 60)} min`;
}

/**
 * The offer under the summary to look for a shorter solution with ten times the work (hidden when none is offered;
 * its button disabled while a job runs).
 * @param {Ui} ui
 * @param {import("../state.js").Solution | null} solution
 * @param {boolean} busy
 */
export function drawShorter(ui, solution, busy) {
  const next = shorterSearch(solution);
  ui.shorter.hidden = !next;
  if (!next) return;
  ui.shorterButton.disabled = busy;
  const note = `${SHORTER_WORK}: ${roughly(next.seconds)} on this device.`;
  if (ui.shorterNote.textContent !== note) ui.shorterNote.textContent = note;
}

/** Most moves listed one by one; longer solutions list this many (playback still runs them all). */
export const MAX_LISTED_MOVES = 5000;

/**
 * What kind of answer a solve reply is: "optimal", "not-optimal" (a solution not proven shortest) or "stopped".
 * @param {SolveReply} reply
 */
export function solutionKind(reply) {
  return !reply.moves ? "stopped" : reply.optimal ? "optimal" : "not-optimal";
}

/**
 * The solution section: hidden (null), a sentence in its place (`note`, with its badge), or a solve's reply with its
 * figures and move list.
 * @param {Ui} ui
 * @param {import("../state.js").Solution | null} solution
 */
export function drawSolution(ui, solution) {
  ui.solution.hidden = !solution;
  ui.moveList.replaceChildren();
  if (!solution) return;
  const reply = solution.reply;
  ui.solutionHeading.textContent = solution.replay ? "Replay" : "Solution";
  if (!reply) {
    const badge = solution.badge || { text: "", kind: "" };
    ui.solutionBadge.textContent = badge.text;
    ui.solutionBadge.dataset.kind = badge.kind;
    ui.solutionSummary.textContent = solution.note;
    ui.solutionFacts.replaceChildren();
    ui.solutionMore.hidden = true;
    ui.solution.dataset.length = solution.replay ? String(solution.replay.tiles.length) : "";
    if (solution.replay) drawMoveList(ui.moveList, solution.replay.tiles, solution.replay.letters);
    return;
  }
  const kind = solutionKind(reply);
  ui.solutionBadge.dataset.kind = kind;
  ui.solutionBadge.textContent = BADGES[kind] || `stopped: ${stopReason(reply.stopped)}`;
  ui.solutionSummary.textContent = solution.note ? `${summary(reply)} ${solution.note}` : summary(reply);
  ui.solutionMore.hidden = false;
  ui.solutionFacts.replaceChildren(...facts(reply).map(([term, value]) => {
    const group = el("div", term === "Notation" || term === "Tables" ? "wide" : ""); // a row of their own
    const dd = term === "Notation" ? notationText(value) : el("dd", null, value);
    if (term === "Search") { // the core's names of what ran, for who wants them
      dd.dataset.fact = "search";
      dd.title = `${reply.algorithm} + ${reply.heuristic}`;
    }
    if (term === "Tables") dd.dataset.fact = "tables";
    group.append(el("dt", null, term), dd);
    return group;
  }));
  ui.solution.dataset.length = reply.moves ? String(reply.length) : "";
  if (reply.moves) drawMoveList(ui.moveList, reply.moves, reply.letters);
}

/**
 * A solve's length as the page says it: "57 moves", or counted in lines "31 line moves (57 single-tile moves)".
 * @param {SolveReply} reply
 */
function lengthText(reply) {
  if (reply.metric !== "mtm") return `${figure(reply.length)} moves`;
  return `${figure(reply.line_moves)} line moves (${figure(reply.tile_moves)} single-tile moves)`;
}

/** The unit of a solve's bounds: moves, or line moves when it counts lines. @param {SolveReply} reply */
const unitOf = (reply) => (reply.metric === "mtm" ? "line moves" : "moves");

/** The sentence that says what the solve found. @param {SolveReply} reply */
function summary(reply) {
  const how = reply.metric === "mtm" && reply.algorithm === "idastar" ? "IDA* over line moves with its line-move tables"
    : searchName(reply.algorithm, reply.heuristic);
  if (!reply.moves) {
    const note = reply.stopped === "cancelled" ? "Search cancelled" : `The search stopped: ${stopReason(reply.stopped)}`;
    return reply.message ? `${note}, with no solution yet. ${reply.message}`
      : `${note} after ${figure(reply.nodes_expanded)} nodes and ${seconds(reply.seconds)}, with no solution yet.`;
  }
  if (reply.length === 0) return "The board already is the goal: nothing to do.";
  const length = lengthText(reply);
  if (reply.optimal) {
    const proof = reply.algorithm === "near-optimal" ? "its length meets the proven lower bound" : `proven by ${how}`;
    return `${length} — the shortest possible${reply.metric === "mtm" ? " in line moves" : ""}: ${proof}.`;
  }
  const low = reply.lower_bound ?? 0;
  const bound = low > 0 ? ` The shortest has at least ${figure(low)} ${unitOf(reply)}` : "";
  const worst = low > 0 && typeof reply.ratio_bound === "number"
    ? `, so this one is at most ${reply.ratio_bound.toFixed(2)}× as long.` : bound ? "." : "";
  if (reply.algorithm === "near-optimal") {
    return `${length}, found near-optimally: short, but not proven to be the shortest.${bound}${worst}`;
  }
  return `${length}, found by ${how}: not proven to be the shortest.${bound}${worst}` +
    (reply.message ? ` ${reply.message}` : "");
}

/** The figures under the summary, as [term, value]. @param {SolveReply} reply */
function facts(reply) {
  const rows = [
    ["Length", reply.moves ? lengthText(reply) : "—"],
    ["Shortest?", reply.moves ? (reply.optimal ? "yes (proven)" : "not proven") : "—"],
    ["Nodes expanded", figure(reply.nodes_expanded)],
    [reply.algorithm === "idastar" ? "Deepest path" : "Largest frontier", figure(reply.max_frontier)],
    ["Time", seconds(reply.seconds)],
    ["Search", reply.algorithm === "near-optimal"
      ? "Near-optimal: peels edge lines, searches the rest with a beam, then shortens"
      : reply.metric === "mtm" ? "IDA* over line moves + its line-move tables"
        : `${label(reply.algorithm)} + ${phrase(reply.heuristic)}`],
  ];
  const tables = reply.extra && reply.extra.tables; // which tables a near-optimal answer used, in the core's words
  if (tables) rows.push(["Tables", tables]);
  if (reply.algorithm === "idastar" && reply.iterations) rows.push(["Iterations", figure(reply.iterations)]);
  const workers = reply.extra && reply.extra.jobs;
  if (workers) rows.push(["Workers", `${workers} (each IDA* iteration split below the root)`]);
  if (!reply.optimal && (reply.lower_bound ?? 0) > 0) {
    rows.push(["Lower bound", `${figure(reply.lower_bound)} ${unitOf(reply)}`]);
  }
  if (reply.moves && !reply.optimal && typeof reply.ratio_bound === "number") {
    rows.push(["At worst", `${reply.ratio_bound.toFixed(2)}× the shortest`]);
  }
  if (reply.notation) rows.push(["Notation", reply.notation]); // last: it takes a row of its own
  return rows;
}

/**
 * The notation's figure: the moves ("U2", "R", "D3") as they are written, with a line break allowed after each and
 * nowhere inside one (<wbr>: the text read or copied is the notation unchanged).
 * @param {string} notation
 */
function notationText(notation) {
  const dd = el("dd", "notation");
  for (const move of notation.match(/[UDLR]\d*/g) || [notation]) dd.append(move, document.createElement("wbr"));
  return dd;
}

/**
 * The move list: one item per move, tile number and letter (data-k = its index).
 * @param {HTMLElement} list
 * @param {number[]} moves
 * @param {string | string[]} [letters]
 */
function drawMoveList(list, moves, letters) {
  const items = [];
  const n = Math.min(moves.length, MAX_LISTED_MOVES);
  for (let k = 0; k < n; k++) {
    const item = el("li", null, String(moves[k]));
    item.dataset.k = String(k);
    const letter = letters ? letters[k] : "";
    const dir = el("span", "dir", letter);
    dir.title = `${ARROWS[letter] || ""} tile ${moves[k]} moves ${DIRECTIONS[letter] || ""}`;
    item.append(dir);
    item.setAttribute("aria-label", `move ${k + 1}: tile ${moves[k]} ${letter}`);
    items.push(item);
  }
  if (moves.length > n) items.push(el("li", "more", `… ${figure(moves.length - n)} more`));
  list.replaceChildren(...items);
}

/**
 * Mark moves before `to` done and the move at `to` current, touching only items between `from` and `to`.
 * @param {HTMLElement} list
 * @param {number} from
 * @param {number} to
 */
function markMoves(list, from, to) {
  const lo = Math.max(0, Math.min(from, to) - 1);
  const hi = Math.min(Math.max(from, to) + 1, list.children.length - 1);
  let current = null;
  for (let k = lo; k <= hi; k++) {
    const item = list.children[k];
    if (!(item instanceof HTMLElement) || item.dataset.k === undefined) continue;
    item.classList.toggle("done", k < to);
    item.classList.toggle("current", k === to);
    if (k === to) current = item;
  }
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
}

/**
 * The player under the board at the playback's position (hidden without a solution to play), with the move list
 * marked from `from` (the position it showed; -1: a new list, all marks drawn) to it.
 * @param {Ui} ui
 * @param {Playback | null} p
 * @param {number} from
 * @param {"optimal" | "not-optimal" | "replay"} kind what is played: a solution proven shortest or not, or a
 *   reconstruction
 */
export function drawPlayer(ui, p, from, kind) {
  ui.player.hidden = !p || p.moves.length === 0;
  if (!p) return;
  markMoves(ui.moveList, from < 0 ? 0 : from, p.index);
  ui.playPosition.textContent = String(p.index);
  ui.playTotal.textContent = String(p.moves.length);
  ui.playBadge.textContent = BADGES[kind];
  ui.playBadge.dataset.kind = kind;
  ui.play.dataset.playing = String(p.playing);
  ui.play.setAttribute("aria-label", p.playing ? "Pause" : "Play");
  ui.play.title = p.playing ? "Pause" : "Play";
  ui.playReset.disabled = p.index === 0;
  ui.playBack.disabled = p.index === 0;
  ui.playForward.disabled = p.atEnd;
  ui.playEnd.disabled = p.atEnd;
}

/** The player's speed slider, as it reads. @param {Ui} ui */
export function drawSpeed(ui) {
  renderSliderSpeed(ui.speed, ui.speedText, SPEEDS, "moves");
}

/**
 * IDA*'s nodes per iteration as a column chart (drawn while the search runs and kept with its solution).
 * @param {Ui} ui
 * @param {import("../state.js").Iterations | null} iterations
 */
export function drawIterations(ui, iterations) {
  ui.iterations.hidden = !iterations;
  if (!iterations) {
    ui.iterationsChart.replaceChildren();
    return;
  }
  const all = iterations.running ? [...iterations.done, iterations.running] : iterations.done;
  const bars = all.map(([bound, nodes]) => ({ label: `bound ${bound}`, value: nodes }));
  ui.iterationsChart.replaceChildren(
    columnChart("IDA* nodes expanded per iteration", { name: "Nodes expanded", bars }, Boolean(iterations.running)),
  );
}
