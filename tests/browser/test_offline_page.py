"""Offline and installable: the service worker caches the build, a second visit works with the network off (and is
cross-origin isolated without the server's headers), and a new build is taken whole, never mixed with the old."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from bench.browser import Traffic, load_script
from bench.browser import start_server as serve_site
from playwright.sync_api import Browser, Page

from .conftest import BOOT_TIMEOUT_MS, ROOT, Server, core, new_app

DONE = "['solved', 'stopped', 'failed', 'unsolvable']"


def wait_offline(page: Page, value: str) -> None:
    page.wait_for_function("v => document.body.dataset.offline === v", arg=value, timeout=BOOT_TIMEOUT_MS)


def wait_ready(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.python === 'ready'", timeout=BOOT_TIMEOUT_MS)


def stamp(site: Path) -> str:
    """Give the site copy in ``site`` a new build identity (as a rebuild does), without the pattern database."""
    manifest = json.loads((site / "build.json").read_text())
    manifest.pop("pdb", None)
    load_script("build_site").stamp_build(site, manifest, ROOT / "web" / "sw.js")
    build: str = json.loads((site / "build.json").read_text())["build"]
    return build


@pytest.fixture()
def site_copy(tmp_path: Path, built_site: Path) -> Iterator[tuple[Path, Server]]:
    """A copy of the built site (without the 25 MB pattern database) served on its own port."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("pdb"))
    stamp(site)
    served = serve_site(site)
    yield site, served
    served.close()


def test_a_second_visit_works_with_the_network_off(browser: Browser, server: Server) -> None:
    with new_app(browser, server) as app:
        page = app.page
        page.goto(server.url + "#board=1,2,3/4,5,6/0,7,8")
        wait_ready(page)
        wait_offline(page, "ready")
        app.context.set_offline(True)
        page.reload()
        wait_ready(page)
        app.wait_answer(0)
        assert page.locator("#verdict").inner_text().startswith("Solvable")
        assert page.evaluate("crossOriginIsolated") is True  # the worker's headers: Cancel can interrupt Python
        assert app.check("8 6 7 / 2 5 4 / 3 0 1").startswith("Solvable")
        page.click("#solve")
        page.wait_for_function(f"() => {DONE}.includes(document.body.dataset.solve)", timeout=120_000)
        assert page.locator("body").get_attribute("data-solve") == "solved"
        expected = core({"op": "solve", "board": "8 6 7 / 2 5 4 / 3 0 1"})["length"]
        assert page.locator("#solution").get_attribute("data-length") == str(expected)
        manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
        assert manifest["display"] == "standalone" and {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
        for icon in manifest["icons"]:
            assert page.evaluate("u => fetch(u).then(r => r.ok)", icon["src"]) is True
        app.assert_offline()


def test_a_new_build_is_taken_whole_at_the_next_start(browser: Browser, site_copy: tuple[Path, Server]) -> None:
    site, served = site_copy
    with new_app(browser, served) as app:
        page = app.page
        page.goto(served.url)
        wait_ready(page)
        wait_offline(page, "ready")
        first = page.evaluate("caches.keys()")
        # a rebuild: the page and a module both change, and the build's identity with them
        index = site / "index.html"
        index.write_text(index.read_text().replace("<title>npuzzle", "<title>npuzzle B"))
        with (site / "main.js").open("a") as main:
            main.write('\ndocument.documentElement.dataset.build = "B";\n')
        second = stamp(site)
        page.reload()  # the old build still serves this page; the browser finds and caches the new one
        wait_ready(page)
        wait_offline(page, "update-ready")
        assert not page.title().startswith("npuzzle B")  # … while this page keeps its own build
        assert page.evaluate("document.documentElement.dataset.build") is None
        page.reload()  # a reload keeps the old build, whole, and offers the new one again
        wait_ready(page)
        wait_offline(page, "update-ready")
        assert not page.title().startswith("npuzzle B")
        assert page.evaluate("document.documentElement.dataset.build") is None
        page.get_by_role("button", name="Update").click()  # the new build takes over; the page reloads from it
        page.wait_for_function("() => document.documentElement.dataset.build === 'B'", timeout=BOOT_TIMEOUT_MS)
        wait_ready(page)
        assert page.title().startswith("npuzzle B")
        page.wait_for_function("b => caches.keys().then(k => k.includes('npuzzle-site-' + b))", arg=second)
        keys = page.evaluate("caches.keys()")
        assert [k for k in keys if k.startswith("npuzzle-site-")] == [f"npuzzle-site-{second}"]
        assert first != keys
        app.assert_offline()


HOLD_JS = """async (url) => {
  // Start reading a file through the service worker, take its first piece, then stop reading (never cancel).
  const response = await fetch(url);
  window.heldReader = response.body.getReader();
  const first = await window.heldReader.read();
  return first.value ? first.value.length : 0;
}"""


def test_responses_stream_and_one_the_page_stopped_reading_does_not_hold_up_a_new_build(
    browser: Browser, built_site: Path, tmp_path: Path
) -> None:
    """The service worker streams its responses (a download's first bytes reach the page while the server is
    still sending: the pattern database's progress shows as it comes), and one still streaming, which the page
    stopped reading, does not keep a waiting new build from taking over when the page asks."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("pdb"))
    stamp(site)
    snapshot = json.loads((site / "build.json").read_text())["snapshot"]["url"]
    traffic = Traffic(stall=("snapshot/",))  # its first 64 KiB, then nothing until the test is over
    served = serve_site(site, traffic=traffic)
    try:
        with new_app(browser, served) as app:
            page = app.page
            page.goto(served.url)
            wait_ready(page)
            wait_offline(page, "ready")
            with (site / "main.js").open("a") as main:
                main.write('\ndocument.documentElement.dataset.build = "B";\n')
            stamp(site)
            page.reload()
            wait_ready(page)
            wait_offline(page, "update-ready")
            assert page.evaluate("navigator.serviceWorker.controller !== null")
            assert page.evaluate(HOLD_JS, snapshot) > 0  # not precached: from the network, which stalls
            page.get_by_role("button", name="Update").click()
            page.wait_for_function("() => document.documentElement.dataset.build === 'B'", timeout=BOOT_TIMEOUT_MS)
            wait_ready(page)
            app.assert_offline()
    finally:
        traffic.release()
        served.close()
