// @ts-check
// A speed slider (the solution's player, the watched search) as it reads: the speed it selects beside it ("8/s")
// and to screen readers ("8 moves per second").

import { sliderSpeed } from "../model/speed.js";

/**
 * Show the speed the slider selects in `text` ("8/s") and in the slider's aria-valuetext.
 * @param {HTMLInputElement} slider
 * @param {HTMLElement} text
 * @param {readonly number[]} speeds per second, one per slider step
 * @param {string} unit what goes by at that speed, in the plural: "moves", "steps"
 */
export function renderSliderSpeed(slider, text, speeds, unit) {
  const speed = sliderSpeed(slider.value, speeds);
  const shown = `${speed}/s`;
  if (text.textContent !== shown) text.textContent = shown;
  slider.setAttribute("aria-valuetext", `${speed} ${unit} per second`);
}
