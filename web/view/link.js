// @ts-check
// The link to the board on screen, drawn: the address bar (its entry replaced) and the share line.

/**
 * @param {import("../ui.js").Ui} ui
 * @param {string} fragment the link's fragment ("": no link)
 */
export function drawLink(ui, fragment) {
  const url = new URL(window.location.href);
  url.hash = fragment;
  history.replaceState(null, "", fragment ? url.href : url.pathname + url.search);
  ui.share.hidden = !fragment;
  if (fragment) ui.shareLink.href = url.href;
}

/** The share line's Copy button, saying for a moment what it did. @param {import("../ui.js").Ui} ui @param {string} copied */
export function drawCopyLink(ui, copied) {
  const words = { board: "Copied", "board-failed": "Copy failed" }[copied] || "Copy link";
  if (ui.copyLink.textContent !== words) ui.copyLink.textContent = words;
}
