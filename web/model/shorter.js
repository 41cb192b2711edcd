// @ts-check
// "Look for a shorter solution": what it would spend on the near-optimal answer on screen.

/** The search for a shorter solution spends this many times the work budget of the answer on screen. */
export const SHORTER_FACTOR = 10;

/** That factor in words, as the page says it. */
export const SHORTER_WORK = "Ten times the work";

/** Ten times the budget takes about this many times as long (11–13× measured, docs/benchmarks-big-boards.md). */
const SHORTER_TIME = 12;

/**
 * The work budget a search for a shorter solution would spend, and about how many seconds it should take; null when
 * none is offered: the answer is not the near-optimal solver's, is proven shortest, or has no moves. After a search
 * that found none (`tried`), the next spends ten times that one's budget.
 * @param {import("../state.js").Solution | null} solution
 * @returns {{budget: number, seconds: number} | null}
 */
export function shorterSearch(solution) {
  const reply = solution && solution.reply;
  if (!solution || !reply || !reply.moves || reply.optimal || reply.algorithm !== "near-optimal") return null;
  const used = reply.extra && reply.extra.budget;
  if (typeof used !== "number" || used <= 0) return null;
  const tried = solution.tried;
  const last = tried && tried.budget > used ? tried : { budget: used, seconds: reply.seconds };
  return { budget: last.budget * SHORTER_FACTOR, seconds: last.seconds * SHORTER_TIME };
}
