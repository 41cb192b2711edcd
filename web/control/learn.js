// @ts-check
// The rule at work as you play: choosing a tile in the reading-order strip (hover, focus, a tap) shows the tiles it
// forms inversions with, in the strip and on the board; each move says what it did to the rule's figures (the
// core's words, npuzzle.lesson), in the move line. Playing the board (its focus, the arrow keys) chooses nothing.

import { partnersOf } from "../model/lesson.js";
import { boardFields } from "../model/moves.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {import("../protocol.js").Board} Board */

const SAY_MOVES_UP_TO_CELLS = 1024; // the grid's boards: each move is explained afresh by the core

/**
 * A check reply is on screen: keep its inversions and show the chosen tile's again (if it is still listed).
 * @param {Ctx} ctx
 * @param {import("../protocol.js").Lesson} lesson
 */
export function learnFrom(ctx, lesson) {
  const learn = ctx.state.learn;
  learn.partners = lesson.pairs ? partnersOf(lesson.pairs) : null;
  if (!learn.partners || (learn.chosen !== null && !(lesson.strip || []).includes(learn.chosen))) learn.chosen = null;
}

/**
 * Show the inversions of `tile` (null: none) on the board and in the strip.
 * @param {Ctx} ctx
 * @param {number | null} tile
 */
export function choose(ctx, tile) {
  const learn = ctx.state.learn;
  learn.chosen = learn.partners && tile !== null && tile !== 0 ? tile : null;
}

/**
 * Say what the step from `before` (sliding `tiles` in turn) did: the core's sentence for each move, in the move line.
 * @param {Ctx} ctx
 * @param {Board} before
 * @param {number[]} tiles
 */
export async function sayMoves(ctx, before, tiles) {
  if (before.tiles.length > SAY_MOVES_UP_TO_CELLS || !ctx.state.ready) return;
  try {
    const reply = await ctx.python.request("move", { board: boardFields(before), tiles });
    ctx.state.lines.move = reply.texts.join(" ");
  } catch {
    // a move the page made is always legal; a failed worker shows its own message
  }
}
