"""Network and CPU throttling through the DevTools protocol, on every target of a browser: its pages, their
workers and the service worker (each target has its own network emulation; a page's does not cover its workers).

:func:`throttled_launch` starts Chromium (as :func:`bench.browser.launch`) with a DevTools port, and a
:class:`Throttle` connects to it (a second protocol client beside Playwright's, ``websocket-client``), auto-attaches
to every target with ``Target.setAutoAttach`` (flatten, waiting for the debugger, recursively: a worker's own
workers too) and applies the current :data:`NETWORKS` profile (``Network.emulateNetworkConditions``) and CPU rate
(``Emulation.setCPUThrottlingRate``) to each before it runs. A target that does not support one of them (Chromium
answers "Not supported" for a dedicated worker's network, whose requests its page's emulation already covers) is
left as it is; :attr:`Throttle.refused` lists those answers.
"""

from __future__ import annotations

import itertools
import json
import socket
import threading
import urllib.request
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .browser import LAUNCH_ARGS, chromium_path

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright


@dataclass(frozen=True)
class Network:
    """A network profile: download and upload in bits per second, latency added to each request in ms."""

    name: str
    down_bps: float
    up_bps: float
    latency_ms: float

    def conditions(self) -> dict[str, Any]:
        """``Network.emulateNetworkConditions``'s parameters (throughputs in bytes per second)."""
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": self.down_bps / 8,
            "uploadThroughput": self.up_bps / 8,
        }


NETWORKS = {
    "slow4g": Network("Slow 4G", 1.6e6, 0.75e6, 150),
    "fast4g": Network("Fast 4G", 9e6, 1.5e6, 40),
}
"""Two phone networks: Slow 4G (1.6 Mbit/s down, 150 ms) and Fast 4G (9 Mbit/s, 40 ms)."""
AUTO_ATTACH = {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True}
"""Every new target is attached (a session of its own) and waits until it has its conditions."""
UNTHROTTLED = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def free_port() -> int:
    """A free localhost TCP port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def throttled_launch(playwright: Playwright, extra_args: tuple[str, ...] = ()) -> tuple[Browser, Throttle]:
    """Headless Chromium with a DevTools port, and a :class:`Throttle` connected to it (unthrottled until set)."""
    port = free_port()
    args = [*LAUNCH_ARGS, f"--remote-debugging-port={port}", *extra_args]
    browser = playwright.chromium.launch(executable_path=chromium_path(playwright), args=args)
    return browser, Throttle(port)


@dataclass
class Throttle:
    """A DevTools client of the browser on ``port`` that throttles every target, present and future."""

    port: int
    network: dict[str, Any] = field(default_factory=lambda: dict(UNTHROTTLED))
    cpu_rate: float = 1.0
    sessions: dict[str, str] = field(default_factory=dict)  # session id → target type
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        import websocket

        version = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version"))
        self.socket = websocket.create_connection(version["webSocketDebuggerUrl"], suppress_origin=True)
        self.ids = itertools.count(1)
        self.pending: dict[int, str] = {}
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()
        self.send("Target.setAutoAttach", AUTO_ATTACH)

    def send(self, method: str, params: dict[str, Any], session: str | None = None) -> None:
        """Send a command (its answer is read by :meth:`read`; an error is recorded in :attr:`refused`)."""
        with self.lock:
            number = next(self.ids)
            message: dict[str, Any] = {"id": number, "method": method, "params": params}
            if session:
                message["sessionId"] = session
            self.pending[number] = f"{method} on {self.sessions.get(session or '', 'browser')}"
            self.socket.send(json.dumps(message))

    def apply(self, session: str) -> None:
        """The current conditions on one target."""
        kind = self.sessions[session]
        if kind in ("page", "iframe", "worker", "service_worker", "shared_worker"):
            self.send("Network.enable", {}, session)
            self.send("Network.emulateNetworkConditions", self.network, session)
            self.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu_rate}, session)

    def set(self, network: Network | None, cpu_rate: float | None = None) -> None:
        """Throttle every target from now on to ``network`` (None: unthrottled) and ``cpu_rate`` (None: as it is)."""
        self.network = network.conditions() if network else dict(UNTHROTTLED)
        if cpu_rate is not None:
            self.cpu_rate = cpu_rate
        for session in list(self.sessions):
            self.apply(session)

    def read(self) -> None:
        """Answers and events: each attached target gets the conditions, then its own auto-attach, then runs."""
        while True:
            try:
                message = json.loads(self.socket.recv())
            except Exception:
                return
            if message.get("method") == "Target.attachedToTarget":
                session = message["params"]["sessionId"]
                self.sessions[session] = message["params"]["targetInfo"]["type"]
                self.apply(session)
                self.send("Target.setAutoAttach", AUTO_ATTACH, session)
                self.send("Runtime.runIfWaitingForDebugger", {}, session)
            elif message.get("method") == "Target.detachedFromTarget":
                self.sessions.pop(message["params"]["sessionId"], None)
            elif "id" in message:
                with self.lock:
                    what = self.pending.pop(message["id"], "?")
                if "error" in message and not what.startswith(("Target.setAutoAttach", "Runtime.")):
                    self.refused.append(f"{what}: {message['error'].get('message')}")

    def close(self) -> None:
        """Disconnect (the targets stay as they are)."""
        self.socket.close()
