// @ts-check
// For players: the theme toggle. "light" and "dark" set <html data-theme> (render.js), which sets style.css's
// color-scheme (its colours are light-dark() pairs); "system" sets none: color-scheme "light dark" follows
// prefers-color-scheme. The choice is remembered in localStorage.

import { setReport } from "../state.js";
import { readText, writeText } from "../storage.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {"system" | "light" | "dark"} Theme */

const THEME_KEY = "npuzzle.theme";
/** @type {readonly Theme[]} */
export const THEMES = Object.freeze(["system", "light", "dark"]);

/** @param {unknown} value @returns {value is Theme} */
const isTheme = (value) => typeof value === "string" && THEMES.includes(/** @type {Theme} */ (value));

/** @returns {Theme} the theme kept on this device ("system" when none or storage is unavailable) */
function storedTheme() {
  const value = readText(THEME_KEY);
  return isTheme(value) ? value : "system";
}

/** The theme kept on this device, on the page and in the toggle (at start). @param {Ctx} ctx */
export function restoreTheme(ctx) {
  const theme = storedTheme();
  ctx.state.theme = theme;
  setReport(ctx.state, "theme", theme);
}

/** The toggle changed: apply and remember its theme. @param {Ctx} ctx @param {string} value the toggle's */
export function chooseTheme(ctx, value) {
  const theme = isTheme(value) ? value : "system";
  ctx.state.theme = theme;
  writeText(THEME_KEY, theme === "system" ? null : theme); // storage blocked: the theme holds for this visit
  setReport(ctx.state, "theme", theme);
}
