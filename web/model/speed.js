// @ts-check
// The speed sliders' scales: a slider's value indexes a list of speeds per second.

/** Moves per second of the solution's playback, one per slider step. */
export const SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60, 120, 240]);

/** Steps per second of a watched search, one per slider step. */
export const WATCH_SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60]);

/**
 * @param {HTMLInputElement} slider
 * @param {readonly number[]} speeds per second, one per slider step
 * @returns {number} the speed the slider selects, per second (4 when its value indexes none)
 */
export function sliderSpeed(slider, speeds) {
  return speeds[Number(slider.value)] || 4;
}
