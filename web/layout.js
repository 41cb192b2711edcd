// @ts-check
// The page's layout as scripts need to know it: whether the page is in its one-column (phone) layout, where the
// editor folds under the board (style.css: the same width), and bringing an element into view when it is not.

/** Longer than any smooth scroll of a reveal takes (Chromium's take well under a second). */
const SMOOTH_SCROLL_MS = 2000;

/** The media query of the one-column layout (style.css: the same width). */
export const PHONE_LAYOUT = "(max-width: 760px)";

/** @returns {boolean} the page is in its one-column (phone) layout */
export function phoneLayout() {
  return window.matchMedia(PHONE_LAYOUT).matches;
}

/**
 * @param {Element} element
 * @returns {boolean} the element's box lies within the viewport (a box taller than the viewport: its top third of
 *   the viewport's height does)
 */
export function inView(element) {
  const box = element.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  if (box.height > height) return box.top >= 0 && box.top + height / 3 <= height;
  return box.top >= 0 && box.bottom <= height;
}

/**
 * Scroll `element` into view when it is not: as little as needed (its top first when it is taller than the
 * viewport), or with its top at the viewport's top (`top`: a panel that grows as its work goes on), smoothly unless
 * the user asks for reduced motion (then a jump).
 * Returns a function that drops the check still to come (a newer reveal must not be undone by an older one's).
 * @param {Element} element
 * @param {boolean} reducedMotion
 * @param {boolean} [top]
 * @param {boolean} [again] check once more when a smooth scroll ends
 * @returns {() => void}
 */
export function reveal(element, reducedMotion, top = false, again = true) {
  const none = () => {};
  if (inView(element) && !(top && element.getBoundingClientRect().top > window.innerHeight / 3)) return none;
  const box = element.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  const block = top || box.height > height || box.top < 0 ? "start" : "end";
  element.scrollIntoView({ block, inline: "nearest", behavior: reducedMotion ? "auto" : "smooth" });
  // A smooth scroll goes where the element was when it began: what moved the page meanwhile (a status line above
  // that came or went) is made up for once it ends, unless the user took over the scrolling.
  if (again && !reducedMotion) {
    let user = false;
    const took = () => { user = true; };
    const inputs = ["wheel", "touchstart", "keydown", "pointerdown"];
    for (const type of inputs) window.addEventListener(type, took, { passive: true });
    const ended = () => {
      clearTimeout(timer);
      for (const type of inputs) window.removeEventListener(type, took);
      window.removeEventListener("scrollend", ended);
      if (!user) reveal(element, reducedMotion, top, false);
    };
    // no scroll at all (the page's end reached) ends no scroll: the check is dropped after a while
    const timer = setTimeout(() => { user = true; ended(); }, SMOOTH_SCROLL_MS);
    window.addEventListener("scrollend", ended);
    return () => { user = true; ended(); };
  }
  return none;
}
