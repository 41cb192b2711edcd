// @ts-check
// The pictures of a watched search, in SVG drawn from the core's step: a board drawn small, the
// updatable heap as a binary tree (its top levels, labelled by f) and its array, the chained hash table's bins
// around the node taken (each entry holding its heap index), and IDA*'s depth-first tree of the iteration. Each
// picture is role="img" with a label that states its figures; text goes in with textContent only.

import { el } from "../dom.js";
import { svg } from "./chart.js";
import { tilesText } from "../model/watch.js";

/**
 * @typedef {{f: number, g: number, tiles: number[]}} HeapEntry
 * @typedef {import("../protocol.js").WatchBin} HashBin
 * @typedef {import("../model/watch.js").TreeNode} TreeNode
 */

/**
 * A board drawn small.
 * @param {number[]} tiles
 * @param {number} cols
 * @param {string} label what it is ("the node taken", "child: tile 5 moved")
 * @param {string} [className]
 */
export function miniBoard(tiles, cols, label, className = "") {
  const rows = Math.ceil(tiles.length / cols);
  const cell = 20;
  const pic = svg("svg", { viewBox: `0 0 ${cols * cell} ${rows * cell}`, class: `mini-board ${className}`.trim(),
    role: "img", "aria-label": `${label}: ${tilesText(tiles, cols)}` });
  tiles.forEach((tile, i) => {
    const x = (i % cols) * cell, y = Math.floor(i / cols) * cell;
    pic.append(svg("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 3,
      class: tile ? "mini-tile" : "mini-blank" }));
    if (tile) {
      pic.append(svg("text", { x: x + cell / 2, y: y + cell / 2 + 4, "text-anchor": "middle",
        class: tile > 99 ? "mini-text small" : "mini-text" }, String(tile)));
    }
  });
  return pic;
}

/** How much bigger than its user units a picture is drawn (its width attribute; CSS shrinks it to fit its box). */
const SCALE = 1.3;

/**
 * An empty picture: an <svg role="img"> of `width` × `height` user units, labelled.
 * @param {string} className
 * @param {number} width
 * @param {number} height
 * @param {string} label its figures in words
 */
function picture(className, width, height, label) {
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, width: Math.round(width * SCALE), class: className,
    role: "img", "aria-label": label });
}

/** @param {number} i a heap index @returns {number} its level (the root's is 0) */
const level = (i) => Math.floor(Math.log2(i + 1));

/**
 * The heap as a binary tree: its first `levels` levels, each node labelled by f; the entries at `path` (where the
 * moved entry passed, last where it rests) highlighted, `moved` marked.
 * @param {{size: number, top: HeapEntry[]}} heap
 * @param {number} levels
 * @param {number[]} path
 */
export function heapTree(heap, levels, path) {
  const shown = Math.min(heap.top.length, heap.size, 2 ** levels - 1);
  const deepest = shown ? level(shown - 1) + 1 : 1;
  const slot = 30, rowH = 44, r = 12;
  const width = 2 ** (deepest - 1) * slot, height = deepest * rowH;
  const on = new Set(path);
  const rest = path.length ? path[path.length - 1] : -1;
  const xy = (/** @type {number} */ i) => {
    const d = level(i), pos = i - (2 ** d - 1);
    return [((pos + 0.5) * width) / 2 ** d, d * rowH + r + 4];
  };
  const tops = heap.top.slice(0, shown).map((e, i) => `${i}: f ${e.f}`).join(", ");
  const moved = rest >= 0 && rest < shown ? ` Moved entry rests at index ${rest} (from ${path[0]}).` : "";
  const pic = picture("heap-tree", width, height,
    `The heap: ${heap.size} entries; the top ${shown} by index: ${tops || "none"}.${moved}`);
  for (let i = 1; i < shown; i++) {
    const [x1, y1] = xy(Math.floor((i - 1) / 2)), [x2, y2] = xy(i);
    const onPath = on.has(i) && on.has(Math.floor((i - 1) / 2));
    pic.append(svg("line", { x1, y1, x2, y2, class: onPath ? "edge on-path" : "edge" }));
  }
  for (let i = 0; i < shown; i++) {
    const [x, y] = xy(i);
    const cls = i === rest ? "heap-node moved" : on.has(i) ? "heap-node on-path" : "heap-node";
    const group = svg("g", { class: cls });
    group.append(svg("circle", { cx: x, cy: y, r }), svg("text", { x, y: y + 4, "text-anchor": "middle" },
      String(heap.top[i].f)));
    group.append(svg("title", {}, `index ${i}: f ${heap.top[i].f} (g ${heap.top[i].g})`));
    pic.append(group);
  }
  if (heap.size > shown) {
    pic.append(svg("text", { x: width - 2, y: height - 2, "text-anchor": "end", class: "heap-more" },
      `+${heap.size - shown}`));
  }
  return pic;
}

/**
 * The heap's array: its first `most` entries as index and f, `path` highlighted.
 * @param {{size: number, top: HeapEntry[]}} heap
 * @param {number} most
 * @param {number[]} path
 */
export function heapArray(heap, most, path) {
  const list = el("ol", "heap-array");
  list.setAttribute("aria-label", `The heap's array, first ${Math.min(most, heap.top.length)} of ${heap.size} entries`);
  const rest = path.length ? path[path.length - 1] : -1;
  heap.top.slice(0, most).forEach((entry, i) => {
    const item = el("li", i === rest ? "moved" : path.includes(i) ? "on-path" : null);
    item.append(el("span", "index", String(i)), el("span", "f", String(entry.f)));
    list.append(item);
  });
  if (heap.size > most) list.append(el("li", "more", `… ${heap.size - most} more`));
  return list;
}

/**
 * The hash table's bins around the node taken (the course's Figure 4): each bin a row, its chain's entries as
 * boxes holding their heap index ("done" once expanded), the node's bin highlighted.
 * @param {HashBin[]} bins
 * @param {number | undefined} nodeBin
 * @param {number | null} total how many bins the table has
 * @param {number} cols the board's width (for the entries' titles)
 */
export function hashBins(bins, nodeBin, total, cols) {
  const rowH = 26, labelW = 78, box = 40, gap = 6, chain = 4;
  const width = labelW + chain * (box + gap) + 40, height = bins.length * rowH + 4;
  const words = bins.map((b) => `bin ${b.bin}: ${b.size ? b.entries.map((e) => (e.heap_index === null ? "expanded"
    : `heap index ${e.heap_index}`)).join(", ") + (b.size > b.entries.length ? ` and ${b.size - b.entries.length} more`
    : "") : "empty"}`);
  const pic = picture("hash-bins", width, height, `The hash table${total ? ` (${total} bins)` : ""} around the node's `
    + `bin ${nodeBin ?? "?"}: ${words.join("; ")}.`);
  bins.forEach((b, row) => {
    const y = row * rowH + 2;
    pic.append(svg("rect", { x: 0, y, width: labelW - 10, height: rowH - 6, rx: 3,
      class: b.bin === nodeBin ? "bin current" : "bin" }),
    svg("text", { x: 4, y: y + 14, class: "bin-label" }, `${b.bin} (${b.size})`));
    b.entries.slice(0, chain).forEach((entry, k) => {
      const x = labelW + k * (box + gap);
      const closed = entry.heap_index === null;
      pic.append(svg("line", { x1: x - gap - (k ? 0 : 10 - gap), y1: y + 10, x2: x, y2: y + 10, class: "chain" }));
      const group = svg("g", { class: closed ? "entry closed" : "entry" });
      group.append(svg("rect", { x, y, width: box, height: rowH - 6, rx: 3 }),
        svg("text", { x: x + box / 2, y: y + 14, "text-anchor": "middle" }, closed ? "done" : `#${entry.heap_index}`),
        svg("title", {}, `${tilesText(entry.tiles, cols)}: ${closed ? "expanded" : `heap index ${entry.heap_index}`}`));
      pic.append(group);
    });
    if (b.size > chain) {
      pic.append(svg("text", { x: labelW + chain * (box + gap), y: y + 14, class: "bin-label" }, `+${b.size - chain}`));
    }
  });
  return pic;
}

/**
 * IDA*'s depth-first tree of the iteration: expanded nodes filled (labelled by f), pushed ones not yet expanded
 * hollow, cut-off ones (f > bound) crossed; the node taken and, at the goal, its path highlighted.
 * @param {TreeNode[]} roots
 * @param {number} bound
 * @param {number} taken the expansion shown (its node highlighted)
 * @param {boolean} goal the node taken is the goal (its path drawn as the solution)
 */
export function idaTree(roots, bound, taken, goal) {
  /** @type {{x: number, depth: number, f: number, kind: string, px: number | null, pdepth: number}[]} */
  const marks = [];
  let leaves = 0;
  let maxDepth = 0;
  const onPath = new Set();
  /** @param {TreeNode} node @returns {boolean} */
  const findPath = (node) => {
    const id = node.step.id ?? node.step.n;
    const hit = id === taken || node.kids.some((k) => k.node !== null && findPath(k.node));
    if (hit) onPath.add(id);
    return hit;
  };
  roots.forEach(findPath);
  /** Place `node` at `depth` (its kids first, it above their middle): its x in leaf slots.
   * @param {TreeNode} node @param {number} depth @param {number | null} px @param {number} pdepth @returns {number} */
  const place = (node, depth, px, pdepth) => {
    const id = node.step.id ?? node.step.n;
    maxDepth = Math.max(maxDepth, depth);
    const index = marks.length;
    marks.push({ x: 0, depth, f: node.step.node.f, kind: id === taken ? "taken" : onPath.has(id) ? "path" : "expanded",
      px, pdepth });
    const xs = [];
    for (const kid of node.kids) {
      if (kid.node) xs.push(place(kid.node, depth + 1, null, depth));
      else if (!kid.expanded) {
        maxDepth = Math.max(maxDepth, depth + 1);
        const x = leaves++;
        marks.push({ x, depth: depth + 1, f: kid.child.f, kind: kid.child.outcome === "cut" ? "cut" : "pending",
          px: null, pdepth: depth });
        xs.push(x);
      }
    }
    const x = xs.length ? (Math.min(...xs) + Math.max(...xs)) / 2 : leaves++;
    marks[index].x = x;
    for (let k = index + 1; k < marks.length; k++) {
      if (marks[k].px === null && marks[k].pdepth === depth) marks[k].px = x; // its kids hang from it
    }
    return x;
  };
  roots.forEach((root) => place(root, 0, null, -1));
  const slot = 26, rowH = 36, r = 10;
  const width = Math.max(1, leaves) * slot, height = (maxDepth + 1) * rowH;
  const cut = marks.filter((m) => m.kind === "cut");
  const expanded = marks.filter((m) => m.kind !== "cut" && m.kind !== "pending").length;
  const cutWords = cut.length ? ` (f ${cut.map((m) => m.f).join(", ")})` : "";
  const pic = picture("ida-tree", Math.max(width, 100), height, `Depth-first tree of the iteration with bound `
    + `${bound}: ${expanded} nodes expanded shown, ${cut.length} cut off${cutWords}.`);
  const at = (/** @type {number} */ x, /** @type {number} */ d) => [(x + 0.5) * slot, d * rowH + r + 3];
  for (const m of marks) {
    if (m.px === null || m.pdepth < 0) continue;
    const [x1, y1] = at(m.px, m.pdepth), [x2, y2] = at(m.x, m.depth);
    const onPath = m.kind === "path" || m.kind === "taken";
    pic.append(svg("line", { x1, y1, x2, y2, class: onPath ? "edge on-path" : "edge" }));
  }
  for (const m of marks) {
    const [x, y] = at(m.x, m.depth);
    const solution = goal && (m.kind === "path" || m.kind === "taken") ? " solution" : "";
    const group = svg("g", { class: `tree-node ${m.kind}${solution}` });
    group.append(svg("circle", { cx: x, cy: y, r }),
      svg("text", { x, y: y + 4, "text-anchor": "middle" }, String(m.f)));
    if (m.kind === "cut") group.append(svg("line", { x1: x - r, y1: y + r, x2: x + r, y2: y - r, class: "cross" }));
    group.append(svg("title", {}, `f ${m.f}: ${{ cut: "cut off (f > bound)", pending: "on the stack",
      taken: "just expanded", path: "on the current path", expanded: "expanded" }[m.kind]}`));
    pic.append(group);
  }
  return pic;
}
