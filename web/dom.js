// @ts-check
// The DOM helpers every view uses: `el` makes an element holding text (always textContent, never HTML) and
// `byId` finds an element of the page, checked to be of the expected class.

/**
 * A new element with an optional class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The page's element `id`, which must be a `type` (e.g. HTMLInputElement).
 * @template {Element} T
 * @param {string} id
 * @param {{new (): T, prototype: T, name: string}} type
 * @returns {T}
 */
export function byId(id, type) {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`#${id} is missing or not a ${type.name}`);
  return node;
}
