// @ts-check
// The one way the page's state changes: update(ctx, change) runs `change` on the state and asks for the one render
// pass (render.js), so a redraw cannot be forgotten (as chessground wraps every change to its state). The page's
// entry points go through it: each event listener (main.js), each message from the worker (its onMessage), each
// timer (`later`, `every`). A controller calls it itself only after awaiting something that is none of these (a
// picture decoded, the clipboard, the service worker); what it changes after awaiting the worker is drawn anyway.

import { requestRender } from "./render.js";

/** @typedef {import("./state.js").Ctx} Ctx */

/**
 * Change the state (what `change` does to it), then render it in the next animation frame; returns what `change`
 * returns (an async change's later steps are drawn by the entry point that resumes them).
 * @template T
 * @param {Ctx} ctx
 * @param {(state: import("./state.js").State) => T} change
 * @returns {T}
 */
export function update(ctx, change) {
  try {
    return change(ctx.state);
  } finally {
    requestRender(ctx);
  }
}

/**
 * `change` in `ms` milliseconds, through update; returns the timer (clearTimeout stops it).
 * @param {Ctx} ctx
 * @param {number} ms
 * @param {(state: import("./state.js").State) => void} change
 */
export function later(ctx, ms, change) {
  return window.setTimeout(() => update(ctx, change), ms);
}

/**
 * `change` every `ms` milliseconds, through update; returns the timer (clearInterval stops it).
 * @param {Ctx} ctx
 * @param {number} ms
 * @param {(state: import("./state.js").State) => void} change
 */
export function every(ctx, ms, change) {
  return window.setInterval(() => update(ctx, change), ms);
}
