"""What a person sees, checked on the screen rather than in the DOM: an element is *seen* when its box lies within
the viewport (its top part, when it is taller than the viewport) and the element drawn at its centre is it or inside
it (nothing covers it); a label is *clipped* when its text is wider than its box; the page's visible text must not
hold internal identifiers. The six screens people use most, desktop and phone, are :data:`SCREENS`; a page opened at
the first screen of its kind (:data:`KINDS`) is looked at on the others by resizing it (:func:`at_each_screen`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import App, Server, app_in_use

SCREENS: dict[str, dict[str, int]] = {
    "1366x768": {"width": 1366, "height": 768},
    "1280x720": {"width": 1280, "height": 720},
    "1440x900": {"width": 1440, "height": 900},
    "1920x1080": {"width": 1920, "height": 1080},
    "390x844": {"width": 390, "height": 844},
    "360x740": {"width": 360, "height": 740},
}
"""The viewports (CSS pixels) of the most common laptop and desktop screens and of two common phones."""

KINDS: dict[str, tuple[str, ...]] = {
    "desktop": ("1280x720", "1366x768", "1440x900", "1920x1080"),
    "phone": ("360x740", "390x844"),
}
""":data:`SCREENS` by the page a person has on them, a desktop's (a mouse) or a phone's (touch: ``open_app(…,
phone=True)``), the smallest first. A test's page opens at its kind's first screen and acts there
(:func:`at_each_screen` sizes it back): where the page scrolled to there, a bigger screen of its kind shows as much or
more around it."""

PHONES = frozenset(KINDS["phone"])


def app_of_kind(browser: Browser, server: Server, kind: str, fragment: str = "") -> Iterator[App]:
    """A fixture's body: the app opened at ``fragment`` on the first screen of ``kind`` (:func:`app_in_use`)."""
    yield from app_in_use(browser, server, fragment, phone=kind == "phone", viewport=SCREENS[KINDS[kind][0]])


def at_each_screen(page: Page, kind: str, look: Callable[[], None]) -> None:
    """Run ``look`` (one phase's checks of what is seen) at each screen of ``kind`` in turn, the page resized to it,
    then size the page back to the first, where it acts next. A resized page is the screen's page: its layout follows
    the viewport (CSS media queries; the scripts read ``matchMedia`` as they draw, the same answer at every screen of
    a kind; a chart keeps the width it was drawn at, scaled by its viewBox)."""
    screens = KINDS[kind]
    for name in screens:
        resize(page, name)
        look()
    resize(page, screens[0])


def resize(page: Page, screen: str) -> None:
    """Size the page's viewport to one of :data:`SCREENS`."""
    size = SCREENS[screen]
    page.set_viewport_size({"width": size["width"], "height": size["height"]})


INTERNAL_WORDS = (
    "7/7-7",
    "memory-limit",
    "node-limit",
    "idastar",
    "astar",
    "walking-distance",
    "linear-conflict",
    "group-tables",
    "work budget",
    "Python ready",
    "npuzzle 0.1",
    "pdb-",
)
"""Identifiers of the code and developer status that must not appear in the page's visible text (a closed details
element may hold them)."""

SEEN_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return {seen: false, why: `no element ${selector}`};
  const box = el.getBoundingClientRect();
  const width = window.innerWidth, height = window.innerHeight;
  const box_ = {top: Math.round(box.top), bottom: Math.round(box.bottom), left: Math.round(box.left),
    right: Math.round(box.right)};
  if (box.width === 0 || box.height === 0) return {seen: false, why: "it has no size (hidden)", box: box_};
  const bottom = box.height > height ? box.top + Math.min(box.height, height / 2) : box.bottom;
  if (box.top < -0.5 || bottom > height + 0.5 || box.left < -0.5 || box.right > width + 0.5) {
    return {seen: false, why: `its box is not within the ${width}×${height} viewport`, box: box_};
  }
  const x = box.left + box.width / 2, y = box.top + (bottom - box.top) / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) {
    const what = hit ? `${hit.tagName.toLowerCase()}#${hit.id}.${hit.className}` : "nothing";
    return {seen: false, why: `${what} is drawn over its centre`, box: box_};
  }
  return {seen: true, why: "", box: box_};
}
"""

CLIPPED_JS = """
() => {
  const out = [];
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  for (const el of document.querySelectorAll("button, label, .badge, th, td, summary, .link-button")) {
    if (!visible(el) || el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 && box.height <= 1) continue; // visually hidden: read by screen readers, not drawn
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
      out.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`);
    }
  }
  const canvas = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("select")) {
    if (!visible(select) || select.selectedIndex < 0) continue;
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex].text;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (canvas.measureText(text).width > room + 1) out.push(`select #${select.id} "${text}"`);
  }
  for (const wrap of document.querySelectorAll(".table-wrap")) {
    const scrolls = visible(wrap) && wrap.scrollWidth > wrap.clientWidth + 1;
    if (scrolls) out.push(`table in #${wrap.parentElement.id} (scrolls)`);
  }
  return out;
}
"""


SETTLED_JS = """
() => new Promise((resolve) => {
  let last = -1, still = 0, scrolling = false, frames = 0;
  const scrolled = () => { scrolling = true; };
  const ended = () => { scrolling = false; still = 0; };
  window.addEventListener("scroll", scrolled, { passive: true });
  window.addEventListener("scrollend", ended);
  const look = () => {
    const y = window.scrollY;
    still = y === last ? still + 1 : 0;
    last = y;
    frames += 1;
    if (still >= 3 && (!scrolling || frames >= 120)) {
      window.removeEventListener("scroll", scrolled);
      window.removeEventListener("scrollend", ended);
      resolve(y);
    } else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})
"""


def settled(page: Page) -> None:
    """Wait until the page has drawn and stopped scrolling: still for three frames and, when it scrolled meanwhile,
    for three frames after its ``scrollend`` (the page may scroll again then, to make good a smooth scroll that ended
    off its target; ``scrollend`` can come after the scrolling has looked still for a few frames). At most about two
    seconds of frames are waited for a ``scrollend``."""
    page.evaluate(SETTLED_JS)


def seen(page: Page, selector: str) -> dict[str, Any]:
    """Whether the element is within the viewport and on top (``seen``), why not, and its box (once the page has
    stopped scrolling)."""
    settled(page)
    result: dict[str, Any] = page.evaluate(SEEN_JS, selector)
    return result


IN_VIEW_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const box = el.getBoundingClientRect();
  return box.height > 0 && box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5;
}
"""


def assert_seen_soon(page: Page, *selectors: str, timeout: float = 10_000) -> None:
    """As :func:`assert_seen`, once each element has come within the viewport: for a view the page scrolls to after
    an answer it is still waiting for (a smooth scroll begins a frame or two later)."""
    for selector in selectors:
        page.wait_for_function(IN_VIEW_JS, arg=selector, timeout=timeout)
    assert_seen(page, *selectors)


def assert_seen(page: Page, *selectors: str) -> None:
    """Each selector's element is seen (within the viewport, nothing over it); the message says why not."""
    for selector in selectors:
        result = seen(page, selector)
        size = page.viewport_size
        assert result["seen"], f"{selector} is not seen at {size}: {result['why']} (box {result.get('box')})"


def clipped(page: Page) -> list[str]:
    """The visible buttons, labels, badges, cells and selects whose text is wider than their box."""
    settled(page)
    found: list[str] = page.evaluate(CLIPPED_JS)
    return found


def internal_words(page: Page) -> list[str]:
    """The internal identifiers found in the page's visible text (body.innerText: what is rendered)."""
    text = page.locator("body").inner_text()
    return [word for word in INTERNAL_WORDS if word in text]


def assert_readable(page: Page) -> None:
    """No label is clipped and the visible text holds no internal identifier."""
    assert clipped(page) == [], f"clipped at {page.viewport_size}: {clipped(page)}"
    assert internal_words(page) == [], f"internal words on the page at {page.viewport_size}: {internal_words(page)}"
