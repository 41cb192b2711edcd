"""For players: the theme toggle (system, light, dark), remembered across a reload, and WCAG AA contrast
of the key colour pairs in each theme, computed from the page's computed styles, by the toggle and by the emulated
system colour scheme."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .conftest import BOOT_TIMEOUT_MS, App, Server, new_app
from .steps import wait_grid

HISTORY = {
    "3×3": [
        {
            "at": f"2026-01-0{k}T10:00:00.000Z",
            "ms": 9000 + 1000 * k,
            "moves": 20 + k,
            "lines": 12 + k,
            "shortest": 20,
            "optimal": True,
            "lowerBound": 20,
            "hints": 0,
        }
        for k in range(1, 6)
    ]
}
"""Five kept solves of a 3×3, so the history's chart is drawn (the page reads them back as it would its own)."""

CONTRAST_JS = """async () => {
  // colours change with a transition (buttons): measure once every running transition has finished
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const rgba = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) throw new Error('not a colour: ' + text);
    const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const background = (node) => {  // the first opaque background at or above the node
    for (let n = node; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] === 1) return c;
    }
    return rgba(getComputedStyle(document.documentElement).backgroundColor);
  };
  const luminance = ([r, g, b]) => {
    const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const one = (selector) => {
    const node = document.querySelector(selector);
    if (!node) throw new Error('missing ' + selector);
    return node;
  };
  const text = (selector, min) => {
    const node = one(selector);
    return [selector, ratio(rgba(getComputedStyle(node).color), background(node)), min];
  };
  const paint = (selector, property, min) => {  // an SVG shape's fill or stroke against the chart's background
    const node = one(selector);
    const colour = rgba(getComputedStyle(node)[property]);
    return [selector + ' ' + property, ratio(colour, background(node.closest('div'))), min];
  };
  return [
    text('body', 4.5),
    text('h1', 4.5),
    text('.tagline', 4.5),
    text('.cell.tile:not(.home)', 4.5),
    text('.cell.tile.home', 4.5),
    text('#solve', 4.5),
    text('#check', 4.5),
    text('.verdict-title', 4.5),
    text('#board-hint', 4.5),
    text('#share-link', 4.5),
    text('.move-count', 4.5),
    text('#history-list td', 4.5),
    text('#history-confirm-yes', 4.5),
    paint('.history-chart .tick', 'fill', 4.5),
    paint('.history-chart .series', 'stroke', 3),
    paint('.history-chart .point', 'fill', 3),
  ];
}"""
"""Each key pair's contrast ratio (WCAG 2.x relative luminance) and the AA minimum it must meet: 4.5 for text, 3 for
the chart's marks (non-text graphics)."""

SCHEME_JS = "() => getComputedStyle(document.body).backgroundColor"


@pytest.fixture
def themed(browser: Browser, server: Server) -> Iterator[App]:
    """A fresh visit to a 3×3 link with five solves kept, so the history and its chart are drawn."""
    script = f"""
      if (!localStorage.getItem('npuzzle.history'))
        localStorage.setItem('npuzzle.history', {json.dumps(json.dumps(HISTORY))});"""
    with new_app(browser, server, init_script=script) as app:
        app.page.goto(server.url + "#board=1,2,3/4,5,6/7,0,8")
        app.page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)
        app.wait_answer(0)
        wait_grid(app, [1, 2, 3, 4, 5, 6, 7, 0, 8])
        app.page.wait_for_function("() => document.querySelector('.history-chart')")
        yield app
        app.assert_offline()


def check_contrast(page: Page, where: str) -> None:
    failing = [(name, round(r, 2), least) for name, r, least in page.evaluate(CONTRAST_JS) if r < least]
    assert failing == [], f"{where}: below WCAG AA: {failing}"


def luminance_of_page(page: Page) -> float:
    r, g, b = (int(v) for v in page.evaluate(SCHEME_JS).split("(")[1].split(")")[0].split(",")[:3])
    return (r + g + b) / 765


def test_the_toggle_and_the_system_scheme_each_keep_aa_contrast(themed: App) -> None:
    page = themed.page
    toggle = page.get_by_role("combobox", name="Theme")
    assert toggle.input_value() == "system"
    for scheme in ("light", "dark"):  # "system" follows the emulated colour scheme
        page.emulate_media(color_scheme=scheme)
        assert (luminance_of_page(page) > 0.5) == (scheme == "light")
        check_contrast(page, f"system, {scheme}")
    page.emulate_media(color_scheme="light")
    for theme in ("dark", "light"):  # the toggle wins over the system's scheme, both ways
        toggle.select_option(theme)
        page.wait_for_function("t => document.body.dataset.theme === t", arg=theme)
        page.emulate_media(color_scheme="dark" if theme == "light" else "light")
        assert (luminance_of_page(page) > 0.5) == (theme == "light")
        check_contrast(page, f"toggle, {theme}")
    toggle.select_option("dark")
    page.wait_for_function("() => document.body.dataset.theme === 'dark'")
    page.reload()  # remembered
    page.wait_for_function("() => document.body.dataset.theme === 'dark'", timeout=BOOT_TIMEOUT_MS)
    assert page.get_by_role("combobox", name="Theme").input_value() == "dark" and luminance_of_page(page) < 0.5
    page.get_by_role("combobox", name="Theme").select_option("system")
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.body.dataset.theme === 'system'")
    assert luminance_of_page(page) > 0.5 and page.evaluate("localStorage.getItem('npuzzle.theme')") is None
    themed.assert_offline()
