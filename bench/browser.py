"""The browser harness, shared by the browser tests (``tests/browser/conftest.py``) and the page benchmarks.

* :func:`build_site` runs ``scripts/build_site.py`` (a no-op in milliseconds when nothing changed);
* :func:`start_server` serves ``site/`` on a free localhost port (``scripts/serve.py``, in a thread);
* :func:`chromium_path` finds the browser: ``$NPUZZLE_CHROMIUM``, Playwright's own Chromium, ``/usr/bin/chromium``;
  :func:`launch` starts it headless with :data:`LAUNCH_ARGS`;
* :func:`guard` is the off-origin request guard: a context's router lets the site's origin through and aborts, and
  records, every other request, so what runs is proven to work with the network outside its origin cut off;
* :func:`wait_python` and :func:`wait_tables` wait on the page state the page publishes on ``<body>``
  (``data-python``, ``data-tables``); :data:`CAPTURE_JS` keeps a handle on the page's own Python worker.

For the page benchmarks, :class:`SiteBrowser` bundles a server, a browser and guarded contexts; :func:`open_app`
opens the app with its Python worker captured (:data:`CAPTURE_JS`), and :class:`CapturedWorker` sends that worker
``solve`` requests the way the page's worker-handle client does, with ids the client never issues (so it ignores
the replies).
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 120_000
"""Pyodide boots in a few seconds; machines are shared and slow, so allow plenty."""
BASE_ID = 1_000_000_000
"""Request ids for the captured worker: far above the page client's own (which count up from 1)."""


class HarnessError(RuntimeError):
    """The site could not be built, no browser was found, or the page could not load its tables."""


def load_script(name: str) -> ModuleType:
    """Import ``scripts/<name>.py`` (``scripts/`` is a folder of tools, not a package) from its file, with the
    folder on ``sys.path`` as when the script runs (the build imports its sibling modules)."""
    qualified = f"npuzzle_scripts_{name}"
    if qualified in sys.modules:
        return sys.modules[qualified]
    if str(ROOT / "scripts") not in sys.path:
        sys.path.append(str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location(qualified, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module  # dataclasses look their module up while the module runs
    spec.loader.exec_module(module)
    return module


def build_site(quiet: bool = True) -> None:
    """Build ``site/`` from the current sources with ``scripts/build_site.py`` in this interpreter (its output
    hidden when ``quiet``), one process at a time (the browser tests' workers each ask for it: the first builds,
    the others find it built); raises :class:`HarnessError` with that output when the build fails."""
    lock = ROOT / ".cache" / "site-build.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "build_site.py")], capture_output=quiet, text=True
        )
    if result.returncode != 0:
        raise HarnessError(f"building the site failed:\n{result.stdout or ''}\n{result.stderr or ''}")


def site_to_probe(folder: Path | None) -> Path:
    """The built site a page benchmark probes: ``folder`` (its ``--site``) as it is, else ``site/`` built now from
    the current sources."""
    if folder is not None:
        return folder
    build_site()
    return SITE


@dataclass
class Server:
    """A running static server for a site folder: its base URL (ending in ``/``), origin and a way to stop it."""

    url: str
    origin: str
    close: Callable[[], None]


def origin_of(url: str) -> str:
    """``scheme://host:port`` of a URL."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def start_server(site: Path = SITE, isolated: bool = False, traffic: Traffic | None = None) -> Server:
    """Serve ``site`` in a daemon thread on a free port (``isolated``: with the COOP/COEP headers; ``traffic``:
    recording every response and holding the paths it names)."""
    serve = load_script("serve")
    base = traffic.handler(serve.SiteHandler) if traffic else serve.SiteHandler
    server, url = serve.serve_in_thread(site, isolated=isolated, base=base)
    return Server(url=url, origin=origin_of(url), close=server.shutdown)


@dataclass
class Sent:
    """One response of the server: the path asked for, the status, its ``Content-Encoding`` and the bytes sent
    (status line, headers and body: what the network carries), with the server's ``time.monotonic()`` at its end."""

    path: str
    status: int
    encoding: str | None
    size: int
    ended: float


class Traffic:
    """What a server sends (:class:`Sent`, in the order responses end), for the byte counts of the tests and of
    ``bench start``; requests for a path (without its leading slash) that starts with one of ``hold``'s prefixes
    wait until that prefix is released (:meth:`release`), and those with one of ``stall``'s get their headers and
    the first :data:`STALL_BYTES` of their body, the rest once it is released."""

    STALL_BYTES = 65536

    def __init__(self, hold: tuple[str, ...] = (), stall: tuple[str, ...] = ()) -> None:
        self.sent: list[Sent] = []
        self.held = {prefix: threading.Event() for prefix in (*hold, *stall)}
        self.stall = stall
        self.lock = threading.Lock()

    def release(self, *prefixes: str) -> None:
        """Let the held requests of ``prefixes`` (all when none is named), and those to come, through."""
        for prefix in prefixes or tuple(self.held):
            self.held[prefix].set()

    def reset(self) -> None:
        """Forget what was sent, and hold again."""
        with self.lock:
            self.sent.clear()
        for event in self.held.values():
            event.clear()

    def total(self) -> int:
        """Bytes sent so far."""
        with self.lock:
            return sum(s.size for s in self.sent)

    def handler(self, base: type[Any]) -> type[Any]:
        """A subclass of the server's handler class ``base`` that records into this and holds."""
        traffic = self

        class Recording(base):  # type: ignore[misc]
            def handle_one_request(self) -> None:
                written = 0
                wfile: Any = getattr(self, "wfile")  # noqa: B009 -- mypy cannot type the base's attribute here

                class Counted:
                    def write(self, data: bytes) -> int:
                        nonlocal written
                        written += len(data)
                        return wfile.write(data)  # type: ignore[no-any-return]

                    def flush(self) -> None:
                        wfile.flush()

                self.wfile = Counted()
                self.encoding: str | None = None
                self.status = 0
                try:
                    super().handle_one_request()
                finally:
                    self.wfile = wfile
                path = urlsplit(getattr(self, "path", "")).path
                if path:
                    with traffic.lock:
                        traffic.sent.append(Sent(path, self.status, self.encoding, written, time.monotonic()))

            def parse_request(self) -> bool:
                ok = bool(super().parse_request())
                path = urlsplit(self.path).path.lstrip("/")
                for prefix, released in traffic.held.items():
                    if ok and path.startswith(prefix) and prefix not in traffic.stall:
                        released.wait()
                return ok

            def copyfile(self, source: Any, outputfile: Any) -> None:
                path = urlsplit(self.path).path.lstrip("/")
                stalled = [prefix for prefix in traffic.stall if path.startswith(prefix)]
                if stalled:
                    outputfile.write(source.read(Traffic.STALL_BYTES))
                    outputfile.flush()
                    traffic.held[stalled[0]].wait()
                super().copyfile(source, outputfile)

            def send_response(self, code: int, message: str | None = None) -> None:
                self.status = code
                super().send_response(code, message)

            def send_header(self, keyword: str, value: str) -> None:
                if keyword.lower() == "content-encoding":
                    self.encoding = value
                super().send_header(keyword, value)

        return Recording


def chromium_path(playwright: Playwright) -> str | None:
    """The browser to drive: ``$NPUZZLE_CHROMIUM``, Playwright's own Chromium (``None``: Playwright finds it), or
    ``/usr/bin/chromium``; raises :class:`HarnessError` when there is none."""
    env = os.environ.get("NPUZZLE_CHROMIUM")
    if env:
        return env
    try:
        own = playwright.chromium.executable_path
    except Exception:
        own = ""
    if own and Path(own).exists():
        return None
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    raise HarnessError(
        "no Chromium found: set NPUZZLE_CHROMIUM, run `playwright install chromium`, or apt-get install chromium"
    )


def launch(playwright: Playwright) -> Browser:
    """Headless Chromium (:func:`chromium_path`) with :data:`LAUNCH_ARGS`."""
    return playwright.chromium.launch(executable_path=chromium_path(playwright), args=LAUNCH_ARGS)


def guard(context: BrowserContext, origin: str, offsite: list[str], seen: list[str] | None = None) -> None:
    """Route every request of ``context``: to ``origin`` it goes through (and is appended to ``seen``), elsewhere
    it is aborted and appended to ``offsite``. Routes added to the context later take precedence (Playwright runs
    the newest matching route first)."""

    def route(route: Route) -> None:
        url = route.request.url
        if origin_of(url) == origin:
            if seen is not None:
                seen.append(url)
            route.continue_()
        else:
            offsite.append(url)
            route.abort("blockedbyclient")

    context.route("**/*", route)


def wait_python(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the page reports Python ready (``body[data-python=ready]``)."""
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=timeout_ms)


def ships_tables(site: Path = SITE) -> bool:
    """True when the built site's ``build.json`` names a pattern database (the page then loads it)."""
    try:
        return bool(json.loads((site / "build.json").read_text()).get("pdb"))
    except (OSError, ValueError):
        return False


def wait_tables(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the page has loaded its pattern database (``body[data-tables=ready]``); raises
    :class:`HarnessError` when it reports the load failed."""
    page.wait_for_selector("body[data-tables=ready], body[data-tables=failed]", state="attached", timeout=timeout_ms)
    if page.locator("body").get_attribute("data-tables") != "ready":
        raise HarnessError("the page could not load its pattern database")


CAPTURE_JS = """
(() => {
  const Original = window.Worker;
  window.capturedWorkers = [];
  window.Worker = class extends Original {
    constructor(...args) { super(...args); window.capturedWorkers.push(this); }
  };
})();
"""
"""Init script: remember every Worker the page creates in ``window.capturedWorkers`` (the last one is the page's
Python worker), for the tests and benchmarks that talk to that worker directly."""


# --- the page benchmarks' driver ----------------------------------------------------------------------------

SOLVE_JS = """
([request, id, timeoutMs, op]) => new Promise((resolve) => {
  const worker = window.capturedWorkers[window.capturedWorkers.length - 1];
  const started = performance.now();
  let timer = null;
  const listen = (event) => {
    const m = event.data;
    if (!m || m.id !== id || (m.type !== "result" && m.type !== "error")) return;
    worker.removeEventListener("message", listen);
    clearTimeout(timer);
    resolve({ ...m, wall: (performance.now() - started) / 1000 });
  };
  worker.addEventListener("message", listen);
  worker.postMessage({ ...request, type: op || "solve", id });
  if (timeoutMs > 0) timer = setTimeout(() => worker.postMessage({ type: "cancel", id }), timeoutMs);
})
"""
"""Post one long request (``op``, a ``solve`` unless said) to the captured worker; resolve with its final message
and ``wall`` (seconds)."""


class SiteBrowser:
    """A context manager: ``site`` served on a free localhost port and headless Chromium launched.

    Inside it, :attr:`url` is the site's base URL (ending in ``/``), :attr:`browser` the Playwright browser and
    :attr:`offsite` the URLs outside the origin that pages tried to load (all aborted). Leaving it closes the
    browser and stops the server.
    """

    def __init__(self, site: Path = SITE) -> None:
        self.site = site
        self.url = ""
        self.origin = ""
        self.offsite: list[str] = []
        self._browser: Browser | None = None
        self._playwright: Any = None
        self._server: Server | None = None

    @property
    def browser(self) -> Browser:
        """The launched browser (only inside the ``with`` block)."""
        assert self._browser is not None, "use SiteBrowser in a with statement"
        return self._browser

    def __enter__(self) -> SiteBrowser:
        from playwright.sync_api import sync_playwright

        self._server = start_server(self.site)
        self.url, self.origin = self._server.url, self._server.origin
        try:
            self._playwright = sync_playwright().start()
            self._browser = launch(self._playwright)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._browser is not None:
            self._browser.close()
            self._browser = None
        if self._playwright is not None:
            self._playwright.stop()
            self._playwright = None
        if self._server is not None:
            self._server.close()
            self._server = None

    @property
    def server(self) -> Server:
        """The running server (only inside the ``with`` block)."""
        assert self._server is not None, "use SiteBrowser in a with statement"
        return self._server

    def new_page(self, init_script: str | None = None, **options: Any) -> tuple[BrowserContext, Page]:
        """A fresh browser context (off-origin requests blocked, ``init_script`` run in every document; ``options``:
        Playwright's ``new_context`` options, such as ``viewport``) and a page in it."""
        context = self.browser.new_context(**options)
        guard(context, self.origin, self.offsite)
        if init_script:
            context.add_init_script(init_script)
        return context, context.new_page()


def open_app(session: SiteBrowser, wait_for_tables: bool = True, timeout_ms: int = 180_000) -> tuple[Page, float]:
    """Open the app with its worker captured and wait until Python is ready and, when ``wait_for_tables`` and the
    build ships a pattern database, until the page reports it loaded (:func:`wait_tables`). Returns the page and
    the seconds from opening to ready (shared machines are slow: ``timeout_ms`` defaults to three minutes)."""
    _, page = session.new_page(CAPTURE_JS)
    started = time.perf_counter()
    page.goto(session.url)
    wait_python(page, timeout_ms)
    if wait_for_tables and ships_tables(session.site):
        wait_tables(page, timeout_ms)
    return page, time.perf_counter() - started


class CapturedWorker:
    """Sends ``solve`` (or other long) requests to the page's own Python worker (captured by :data:`CAPTURE_JS`)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.next_id = BASE_ID

    def solve(self, request: dict[str, Any], timeout: float = 0.0, op: str = "solve") -> dict[str, Any]:
        """The final reply to ``request`` (``op``: a ``solve`` unless said; cancelled after ``timeout`` s when > 0)
        with ``wall``: seconds from posting it to the reply, measured in the page. An error reply becomes
        ``{"type": "error", "ok": False, "error": …, "wall": …}``."""
        self.next_id += 1
        message: dict[str, Any] = self.page.evaluate(SOLVE_JS, [request, self.next_id, int(timeout * 1000), op])
        if message["type"] != "result":
            return {"type": "error", "ok": False, "error": message.get("error"), "wall": message["wall"]}
        reply: dict[str, Any] = message["reply"]
        reply["wall"] = message["wall"]
        return reply
