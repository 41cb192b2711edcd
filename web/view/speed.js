// @ts-check
// A speed slider (the solution's player, the watched search): its value indexes a list of speeds per second, shown
// beside it ("8/s") and to screen readers ("8 moves per second").

/**
 * @param {HTMLInputElement} slider
 * @param {readonly number[]} speeds per second, one per slider step
 * @returns {number} the speed the slider selects, per second (4 when its value indexes none)
 */
export function sliderSpeed(slider, speeds) {
  return speeds[Number(slider.value)] || 4;
}

/**
 * Show the speed the slider selects in `text` ("8/s") and in the slider's aria-valuetext.
 * @param {HTMLInputElement} slider
 * @param {HTMLElement} text
 * @param {readonly number[]} speeds per second, one per slider step
 * @param {string} unit what goes by at that speed, in the plural: "moves", "steps"
 */
export function renderSliderSpeed(slider, text, speeds, unit) {
  const speed = sliderSpeed(slider, speeds);
  text.textContent = `${speed}/s`;
  slider.setAttribute("aria-valuetext", `${speed} ${unit} per second`);
}
