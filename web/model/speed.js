// @ts-check
// The speed sliders' scales: a slider's value indexes a list of speeds per second.

/** Moves per second of the solution's playback, one per slider step. */
export const SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60, 120, 240]);

/** Steps per second of a watched search, one per slider step. */
export const WATCH_SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60]);

/**
 * @param {string} step a speed slider's value
 * @param {readonly number[]} speeds per second, one per slider step
 * @returns {number} the speed the slider selects, per second (4 when its value indexes none)
 */
export function sliderSpeed(step, speeds) {
  return speeds[Number(step)] || 4;
}

/** The longest a solution's playback should take at first, in seconds: a long solution starts faster. */
const PLAYBACK_SECONDS = 20;

/**
 * The slider step a solution of `moves` moves starts playing at: the one chosen (`step`), or a faster one when that
 * would take over PLAYBACK_SECONDS (385 moves: 30 per second, 13 s, not 96 s at 4 per second).
 * @param {number} moves
 * @param {number} step the slider's value now
 */
export function playbackStep(moves, step) {
  const fast = SPEEDS.findIndex((speed) => moves / speed <= PLAYBACK_SECONDS);
  return Math.max(step, fast < 0 ? SPEEDS.length - 1 : fast);
}
