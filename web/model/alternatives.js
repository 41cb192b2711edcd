// @ts-check
// The shortest solutions of a solution proven shortest, position by position (the core's `optimal_moves` op): which
// solution can be browsed, how a position is keyed, which positions the page asks about first, the loaded
// solution's own next move at a position, and the words of the count. Pure: the requests are service/alternatives.js's.

import { boardText } from "./moves.js";

/**
 * @typedef {import("../protocol.js").Board} Board
 * @typedef {import("../protocol.js").Metric} Metric
 * @typedef {import("../protocol.js").OptimalMovesReply} OptimalMovesReply
 * @typedef {import("../state.js").Alternatives} Alternatives
 * @typedef {import("../state.js").Known} Known
 */

/**
 * The solution on screen, when its shortest solutions can be browsed: a solve's answer proven shortest, with moves,
 * loaded in the player (a replay or an answer not proven shortest has none to browse); its start, goal and metric.
 * @param {import("../state.js").Solution | null} solution
 * @param {import("../control/playback.js").Playback | null} playback
 * @returns {{start: Board, goal: Board, metric: Metric} | null}
 */
export function browsable(solution, playback) {
  const reply = solution && !solution.replay ? solution.reply : null;
  const goal = playback && playback.props.goal;
  if (!reply || !reply.optimal || !reply.moves || !reply.moves.length || !playback || !goal) return null;
  return { start: playback.start, goal, metric: reply.metric === "mtm" ? "mtm" : "stm" };
}

/** The key a position is known by: its board, the goal and the metric. @param {Board} board @param {Board} goal
 * @param {Metric} metric */
export function positionKey(board, goal, metric) {
  return `${metric} ${boardText(board)} → ${boardText(goal)}`;
}

/**
 * The position to ask about next, of those not known yet: the one shown (unless it is `moving`: the player plays on
 * from it, or it is the goal), then the start (whose count the solution's summary says); null: none.
 * @param {Alternatives} alternatives
 * @param {{key: string, board: Board}} here
 * @param {{key: string, board: Board}} start
 * @param {boolean} moving
 */
export function nextToAsk(alternatives, here, start, moving) {
  const wanted = moving ? [start] : [here, start];
  return wanted.find((position) => !alternatives.known.has(position.key)) || null;
}

/**
 * The loaded solution's own next move at position `index`, as the optimal moves name it: its letter, or in line moves
 * the run of the same letter from there ("" at the end).
 * @param {readonly string[]} letters the solution's single-tile letters
 * @param {number} index
 * @param {Metric} metric
 */
export function nextMove(letters, index, metric) {
  const first = letters[index] || "";
  if (!first || metric !== "mtm") return first;
  let end = index + 1;
  while (letters[end] === first) end += 1;
  return letters.slice(index, end).join("");
}

/**
 * The sentence the solution's summary adds about how many shortest solutions there are: while counting, once
 * counted, or when the count stopped at the work cap ("" when nothing is to be said).
 * @param {Known | undefined} known what is known of the start (undefined: being counted)
 * @param {Metric} metric
 */
export function countWords(known, metric) {
  const unit = metric === "mtm" ? "shortest solutions in line moves" : "shortest solutions";
  if (!known) return "Counting the other shortest solutions…";
  const reply = known.reply;
  if (!reply) return "";
  if (reply.count === null) {
    return `There are more ${unit} than the page counts within its work limit: the count stopped before the end.`;
  }
  if (reply.length === 0) return "";
  if (reply.count === 1) return "It is the only one: no other solution is as short.";
  return `It is one of ${reply.count.toLocaleString("en-US")} ${unit}: step through it to try the others.`;
}
