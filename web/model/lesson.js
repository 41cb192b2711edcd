// @ts-check
// The rule at work as data: which tiles each tile forms an inversion with, from the core's list of inversions.

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
