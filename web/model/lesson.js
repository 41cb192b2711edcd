// @ts-check
// The rule at work as data: which tiles each tile forms an inversion with, from the core's list of inversions, and
// the tile chosen in the reading-order strip (its partners shown in the strip and on the board).

/**
 * The inversion partners of every tile: tile → the tiles it forms an inversion with, in increasing order.
 * @param {[number, number][]} pairs
 * @returns {Map<number, number[]>}
 */
export function partnersOf(pairs) {
  /** @type {Map<number, number[]>} */
  const partners = new Map();
  const add = (/** @type {number} */ a, /** @type {number} */ b) => {
    const list = partners.get(a);
    if (list) list.push(b);
    else partners.set(a, [b]);
  };
  for (const [a, b] of pairs) {
    add(a, b);
    add(b, a);
  }
  for (const list of partners.values()) list.sort((x, y) => x - y);
  return partners;
}

/**
 * A check reply is on screen: keep its inversions and show the chosen tile's again (if it is still listed).
 * @param {import("../state.js").State["learn"]} learn
 * @param {import("../protocol.js").Lesson} lesson
 */
export function learnFrom(learn, lesson) {
  learn.partners = lesson.pairs ? partnersOf(lesson.pairs) : null;
  if (!learn.partners || (learn.chosen !== null && !(lesson.strip || []).includes(learn.chosen))) learn.chosen = null;
}

/**
 * Show the inversions of `tile` (null: none) on the board and in the strip (hover, focus, a tap in the reading-order
 * strip; playing the board chooses nothing).
 * @param {import("../state.js").State["learn"]} learn
 * @param {number | null} tile
 */
export function choose(learn, tile) {
  learn.chosen = learn.partners && tile !== null && tile !== 0 ? tile : null;
}
