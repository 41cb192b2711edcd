// @ts-check
// A watched search as data: per heuristic a *lane* holding a bounded window of the core's steps (one per
// expansion, `watch` op) and the position shown. Going forward past the window or back before it asks the core
// again (its steps are deterministic: the same `from` gives the same steps), so memory stays bounded however long
// the search. No DOM here: control/watch.js asks, view/watch.js draws.

import { count, figure, label, phrase, stopReason } from "../words.js";

/**
 * @typedef {import("../protocol.js").WatchStep} WatchStep
 * @typedef {import("../protocol.js").WatchReply} WatchReply
 * @typedef {import("../protocol.js").WatchStep["counters"]} WatchCounters
 */

/** Steps asked for at a time when stepping (forward or back past the window). */
export const CHUNK = 100;
/** Steps kept in memory per lane (the window); Run to the end asks for this many of the last. */
export const WINDOW = 400;

/**
 * One search watched: `algorithm` and `heuristic`; `steps` the window (expansions `base + 1` … `base +
 * steps.length`); `at` the expansion shown (0: none yet, the start alone in the heap); `end` the last expansion
 * when the core said the search is over (null: not known yet); `result` the figures and moves of the finished
 * search; `iterations` IDA*'s finished iterations as [bound, nodes], by bound.
 * @typedef {{algorithm: "astar" | "idastar", heuristic: string, steps: WatchStep[], base: number, at: number,
 *   end: number | null, result: WatchReply | null, iterations: Map<number, number>, hashBins: number | null}} Lane
 */

/**
 * @param {"astar" | "idastar"} algorithm
 * @param {string} heuristic
 * @returns {Lane}
 */
export function newLane(algorithm, heuristic) {
  return { algorithm, heuristic, steps: [], base: 0, at: 0, end: null, result: null, iterations: new Map(),
    hashBins: null };
}

/** @param {Lane} lane @param {number} n @returns {WatchStep | null} expansion `n` when the window holds it */
export function stepAt(lane, n) {
  const i = n - lane.base - 1;
  return i >= 0 && i < lane.steps.length ? lane.steps[i] : null;
}

/** @param {Lane} lane @returns {WatchStep | null} the step shown (null before the first) */
export function current(lane) {
  return stepAt(lane, lane.at);
}

/** @param {Lane} lane @returns {boolean} the search is over and its last step is shown */
export function finished(lane) {
  return lane.end !== null && lane.at >= lane.end;
}

/**
 * Why a search that did not reach the goal ended (a limit of the core: memory, nodes), once its last step is shown.
 * @param {Lane} lane
 * @returns {string} empty when it did not stop that way
 */
export function stopNote(lane) {
  const result = lane.result;
  if (!finished(lane) || !result || !result.stopped) return "";
  return `The search stopped before the goal: ${stopReason(result.stopped)}, after expanding ` +
    `${count(result.counters.expanded, "node")}.`;
}

/**
 * A race's outcome once every lane is finished (null before, or with one lane): the winner named with both counts.
 * @param {Lane[]} lanes
 * @returns {string | null}
 */
export function raceResult(lanes) {
  if (lanes.length < 2 || !lanes.every(finished)) return null;
  const named = lanes.map((lane) => ({ name: label(lane.heuristic), expanded: lane.result ? lane.result.counters.expanded : 0,
    reached: Boolean(lane.result && !lane.result.stopped) }));
  const [a, b] = named;
  if (a.reached && b.reached && a.expanded === b.expanded) {
    return `A tie: ${a.name} and ${b.name} both reached the goal after expanding ${count(a.expanded, "node")}.`;
  }
  if (!a.reached && !b.reached) {
    return `Neither reached the goal: ${a.name} stopped after expanding ${count(a.expanded, "node")}, ` +
      `${b.name} after ${figure(b.expanded)}.`;
  }
  const [win, lose] = !b.reached || (a.reached && a.expanded < b.expanded) ? [a, b] : [b, a];
  const other = lose.reached ? `${lose.name} after ${figure(lose.expanded)}`
    : `${lose.name} stopped after ${figure(lose.expanded)} without reaching it`;
  return `${win.name} wins: it reached the goal after expanding ${count(win.expanded, "node")}; ${other}.`;
}

/**
 * What a plain run of A* with `heuristic` (the page's memory limit, no steps recorded) says about watching it to
 * the end on this board.
 * @param {string} heuristic
 * @param {import("../protocol.js").SolveReply} reply
 */
export function probeWords(heuristic, reply) {
  const name = phrase(heuristic);
  if (reply.moves) {
    return `A* with ${name} reaches the goal on this board after expanding ${count(reply.nodes_expanded, "node")}` +
      ` (a ${reply.length}-move solution): Run to the end shows its last steps.`;
  }
  return `A* with ${name} cannot reach the goal on this board within the memory this page allows: it stopped ` +
    `after expanding ${count(reply.nodes_expanded, "node")}, holding ${figure(reply.max_frontier)} positions in its ` +
    "heap. IDA* needs almost no memory (it searches again, deeper each time); a board nearer the goal, such as " +
    "a 3×3, lets A* finish.";
}

/**
 * Where a lane must ask the core from to show expansion `n` (null: the window has it, or `n` is 0).
 * Forward: from the window's end (so the new steps join it); back: a chunk that ends at `n`.
 * @param {Lane} lane
 * @param {number} n
 * @returns {number | null}
 */
export function fetchFrom(lane, n) {
  if (n <= 0 || stepAt(lane, n)) return null;
  const windowEnd = lane.base + lane.steps.length;
  if (n === windowEnd + 1 && lane.steps.length) return windowEnd;
  return n > windowEnd ? n - 1 : Math.max(0, n - CHUNK);
}

/**
 * Take a reply into the lane's window: joined to it when it continues it, else in its place; the window then
 * keeps at most WINDOW steps (those nearest `keepNear`).
 * @param {Lane} lane
 * @param {WatchReply} reply
 * @param {number} keepNear the expansion about to be shown
 */
export function addSteps(lane, reply, keepNear) {
  const steps = reply.steps;
  if (steps.length) {
    const first = steps[0].n;
    if (lane.steps.length && first === lane.base + lane.steps.length + 1) lane.steps = lane.steps.concat(steps);
    else {
      lane.steps = steps.slice();
      lane.base = first - 1;
    }
    if (lane.steps.length > WINDOW) {
      const drop = keepNear - lane.base > WINDOW / 2 ? lane.steps.length - WINDOW : 0;
      lane.steps = lane.steps.slice(drop, drop + WINDOW);
      lane.base += drop;
    }
  }
  for (const step of steps) {
    if (step.iteration_done) lane.iterations.set(step.iteration_done.bound, step.iteration_done.nodes);
  }
  for (const [bound, nodes] of reply.per_iteration || []) if (reply.done) lane.iterations.set(bound, nodes);
  if (reply.hash_bins) lane.hashBins = reply.hash_bins;
  if (reply.done) {
    lane.end = steps.length ? steps[steps.length - 1].n : reply.from;
    lane.result = reply;
  }
}

/**
 * The figures after the step shown: the step's own, or before the first expansion the start alone in the open
 * list (heap or stack).
 * @param {Lane} lane
 * @returns {WatchCounters}
 */
export function counters(lane) {
  const step = current(lane);
  if (step) return step.counters;
  return lane.algorithm === "astar" ? { expanded: 0, generated: 0, heap: 1, max_heap: 1 }
    : { expanded: 0, generated: 0, stack: 1, max_stack: 1, iteration_nodes: 0 };
}

/** @param {number[]} tiles @param {number} cols @returns {string} "1 2 3 / 4 0 6 / 7 5 8" */
export function tilesText(tiles, cols) {
  const rows = [];
  for (let i = 0; i < tiles.length; i += cols) rows.push(tiles.slice(i, i + cols).join(" "));
  return rows.join(" / ");
}

/**
 * IDA*'s iterations finished by the step shown, as [bound, nodes] in order: the window may hold steps past it (an
 * iteration ends at the expansion numbered its nodes' running total).
 * @param {Lane} lane
 * @returns {[number, number][]}
 */
export function iterationsDone(lane) {
  const done = /** @type {[number, number][]} */ ([]);
  let total = 0;
  for (const [bound, nodes] of [...lane.iterations].sort((a, b) => a[0] - b[0])) {
    total += nodes;
    if (total > lane.at) break;
    done.push([bound, nodes]);
  }
  return done;
}

/** @param {number} n @param {string} noun */
const many = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * A step in words, for the live region: the core's own `words` when it gives them, else made from its figures
 * ("Took 1 2 3 / … with f = 14 (g 3 + h 11); pushed 2 children; lowered the priority of one: f 16 → 14, moved
 * up 2 levels").
 * @param {Lane} lane
 * @param {WatchStep} step
 * @param {number} cols
 */
export function stepWords(lane, step, cols) {
  if (step.words) return step.words;
  const { node } = step;
  const head = `Step ${step.n}: took ${tilesText(node.tiles, cols)} with f = ${node.f} (g ${node.g} + h ${node.h})`;
  if (step.goal) return `${head}: the goal. The search ends.`;
  /** @param {WatchChild["outcome"]} outcome */
  const of = (outcome) => step.children.filter((c) => c.outcome === outcome);
  const parts = [];
  const pushed = of("pushed");
  parts.push(`pushed ${many(pushed.length, "child")}`.replace("childs", "children"));
  for (const child of [...of("lowered"), ...of("reopened")]) {
    const levels = child.path ? levelsUp(child.path) : 0;
    const verb = child.outcome === "lowered" ? "lowered the priority of one" : "reopened one";
    parts.push(`${verb}: f ${child.old_f} → ${child.f}, moved up ${many(levels, "level")}`);
  }
  const skipped = of("skipped");
  if (skipped.length) parts.push(`skipped ${skipped.length} already expanded`);
  const cut = of("cut");
  if (cut.length) parts.push(`cut off ${cut.length} (f ${cut.map((c) => c.f).join(", ")} > bound ${step.bound})`);
  const where = lane.algorithm === "idastar" ? ` Iteration ${step.iteration}, bound ${step.bound}.` : "";
  return `${head}; ${parts.join("; ")}.${where}`;
}

/** @typedef {import("../protocol.js").WatchChild} WatchChild */

/** @param {number[]} path heap indices from where an entry started to where it rests @returns {number} levels */
export function levelsUp(path) {
  if (path.length < 2) return 0;
  const depth = (/** @type {number} */ i) => Math.floor(Math.log2(i + 1));
  return depth(path[0]) - depth(path[path.length - 1]);
}

/**
 * The child whose heap move is drawn: a lowered (or reopened) one first, else the last pushed.
 * @param {WatchStep} step
 * @returns {WatchChild | null}
 */
export function movedChild(step) {
  const lowered = step.children.find((c) => c.outcome === "lowered" || c.outcome === "reopened");
  if (lowered) return lowered;
  const pushed = step.children.filter((c) => c.outcome === "pushed" && c.path);
  return pushed.length ? pushed[pushed.length - 1] : null;
}

/**
 * IDA*'s tree of the iteration shown, from the window: the nodes expanded so far in it (the last `most` and
 * their ancestors the window holds), each with its children (pushed ones matched to their expansion, if any).
 * @typedef {{step: WatchStep, kids: TreeKid[]}} TreeNode
 * @typedef {{child: WatchChild, node: TreeNode | null, expanded: boolean}} TreeKid
 * @param {Lane} lane
 * @param {number} most
 * @returns {{roots: TreeNode[], shown: number, total: number}}
 */
export function iterationTree(lane, most) {
  const now = current(lane);
  if (!now) return { roots: [], shown: 0, total: 0 };
  const inIteration = lane.steps.filter((s) => s.n <= lane.at && s.iteration === now.iteration);
  /** @type {Map<number, WatchStep>} */
  const byId = new Map(inIteration.map((s) => [s.id ?? s.n, s]));
  const keep = new Set(inIteration.slice(-most).map((s) => s.id ?? s.n));
  for (const id of [...keep]) {
    let parent = byId.get(id)?.parent;
    while (parent !== null && parent !== undefined && byId.has(parent) && !keep.has(parent)) {
      keep.add(parent);
      parent = byId.get(parent)?.parent;
    }
  }
  /** @type {Map<number, TreeNode>} */
  const nodes = new Map();
  for (const s of inIteration) if (keep.has(s.id ?? s.n)) nodes.set(s.id ?? s.n, { step: s, kids: [] });
  /** @type {TreeNode[]} */
  const roots = [];
  for (const node of nodes.values()) {
    const parentId = node.step.parent;
    const parent = parentId === null || parentId === undefined ? undefined : nodes.get(parentId);
    if (!parent) roots.push(node);
  }
  for (const node of nodes.values()) {
    const expandedKids = [...nodes.values()].filter((k) => k.step.parent === (node.step.id ?? node.step.n));
    const id = node.step.id ?? node.step.n;
    const same = (/** @type {WatchStep} */ s, /** @type {WatchChild} */ child) => s.parent === id
      && s.node.tiles.join() === child.tiles.join();
    node.kids = node.step.children.map((child) => ({
      child,
      node: expandedKids.find((k) => same(k.step, child)) || null,
      expanded: inIteration.some((s) => same(s, child)), // also when it is left out of the drawing
    }));
  }
  return { roots, shown: nodes.size, total: inIteration.length };
}
