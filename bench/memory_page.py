"""Where the page's memory goes while it boots, loads the pattern database and solves: prints figures only.

The built site is copied to a temporary folder whose ``worker/worker.js`` keeps a handle on its Pyodide
(``self.npuzzleProbe``: the one change, so the probe can read the size of the WebAssembly memory), served on
localhost and opened in headless Chromium (every request outside the origin blocked). Every ``--every`` seconds it
samples the largest renderer's resident set (``VmRSS``) and its peak so far (``VmHWM``) from ``/proc`` (Linux
only; the renderer holds the page and its Python worker), the WebAssembly memory's size
(``pyodide._module.HEAPU8.length``: it grows and never shrinks) and the stage the worker last reported (boot
stages, then the pattern database's phases). It prints one line per stage: the resident set when the stage
began, its largest value and the peak so far at the stage's end, the wasm memory at its end, and the rest
(resident set − wasm memory). Once the tables are ready it waits ``--settle`` seconds, then solves the first
80-move position for ``--solve-seconds`` (cancelled then) and samples during it. With ``--workers N`` that solve is
split over N workers (the primary starts N − 1 helpers, each with its own Python and tables); the probe then keeps
sampling until the helpers have ended after their idle time (web/worker/helpers.js ``HELPERS_IDLE_MS``, a minute) and
``--settle`` seconds more. ``--without-tables`` opens the page as a small device does (tables only offered) instead.

Run from the repository root with the project venv: ``.venv/bin/python -m bench memory-page [--site DIR]
[--without-tables] [--workers N]`` (``--site`` probes an already built folder instead of building ``site/``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from .browser import CAPTURE_JS, SiteBrowser, site_to_probe
from .common import machine
from .korf_page import HARD, request_for
from .tables_page import SMALL_DEVICE, _descendants

PROBE_JS = """
(() => {
  window.probeStage = "page";
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        if (m.type === "status") window.probeStage = m.state === "loading" ? `boot: ${m.stage}` : `python ${m.state}`;
        if (m.type === "progress" && m.tables) window.probeStage = `tables: ${m.tables.phase}`;
        if (m.type === "progress" && m.helpers) window.probeHelpers = m.helpers.started;
      });
    }
  };
})();
"""
"""Init script: the latest stage the page's worker reported, in ``window.probeStage``, and the helpers of split
solves it has started, in ``window.probeHelpers`` (run before CAPTURE_JS)."""

HOOK = "const pyodide = await loadPyodide("
"""The line of worker/worker.js after which the probe's copy keeps its handle on Pyodide."""


def probe_site(site: Path, into: Path) -> Path:
    """A copy of ``site`` in ``into`` whose worker keeps ``self.npuzzleProbe`` (its Pyodide)."""
    copy = into / "site"
    shutil.copytree(site, copy, symlinks=False)
    worker = copy / "worker" / "worker.js"
    text = worker.read_text(encoding="utf-8")
    if HOOK not in text:
        raise SystemExit(f"worker/worker.js has no line {HOOK!r}: update bench/memory_page.py")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if HOOK in line)
    lines.insert(at + 1, "  self.npuzzleProbe = pyodide;")
    worker.write_text("\n".join(lines), encoding="utf-8")
    return copy


def renderer_memory() -> tuple[int, int]:
    """``(VmRSS, VmHWM)`` in MB of this process's largest Chromium renderer (by resident set)."""
    best = (0, 0)
    for pid in _descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        fields = {line.split(":")[0]: int(line.split()[1]) // 1024 for line in status.splitlines() if "kB" in line}
        best = max(best, (fields.get("VmRSS", 0), fields.get("VmHWM", 0)))
    return best


def wasm_mb(page: Any) -> int | None:
    """The WebAssembly memory of the page's Python worker, MB (None before Pyodide exists)."""
    for worker in page.workers:
        try:
            size = worker.evaluate("() => self.npuzzleProbe ? self.npuzzleProbe._module.HEAPU8.length : null")
        except Exception:  # the worker is busy starting or gone
            continue
        if size is not None:
            return int(size) // (1 << 20)
    return None


class Log:
    """Samples grouped by stage, printed as one line per stage."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.rows: list[dict[str, Any]] = []

    def sample(self, page: Any, stage: str | None = None) -> None:
        """One sample: the renderer's memory, the wasm memory and the stage."""
        rss, hwm = renderer_memory()
        wasm = wasm_mb(page)
        stage = stage or str(page.evaluate("() => window.probeStage"))
        now = time.perf_counter() - self.started
        if self.rows and self.rows[-1]["stage"] == stage:
            row = self.rows[-1]
            row.update(end=now, rss_end=rss, hwm=hwm, wasm=wasm if wasm is not None else row["wasm"])
            row["rss_max"] = max(row["rss_max"], rss)
        else:
            self.rows.append(
                {
                    "stage": stage,
                    "t": now,
                    "end": now,
                    "rss0": rss,
                    "rss_end": rss,
                    "rss_max": rss,
                    "hwm": hwm,
                    "wasm": wasm,
                }
            )

    def print(self) -> None:
        """The table: per stage its start, the resident set at its start / largest / end, the peak so far, the
        wasm memory at its end and the rest."""
        print(
            f"{'stage':<26} {'from s':>6} {'RSS start':>9} {'RSS max':>8} {'RSS end':>8} {'peak':>6} "
            f"{'wasm':>6} {'rest':>6}   (MB)"
        )
        for row in self.rows:
            wasm = row["wasm"]
            rest = "" if wasm is None else row["rss_end"] - wasm
            print(
                f"{row['stage']:<26} {row['t']:>6.1f} {row['rss0']:>9} {row['rss_max']:>8} {row['rss_end']:>8} "
                f"{row['hwm']:>6} {wasm if wasm is not None else '-':>6} {rest:>6}"
            )


def helpers_end(page: Any, log: Log, args: argparse.Namespace) -> None:
    """Sample while the split's helpers sit idle, until they have ended, then ``--settle`` seconds more."""
    end = time.perf_counter() + args.helpers_timeout
    while page.evaluate("() => window.probeHelpers") != 0:
        if time.perf_counter() > end:
            raise SystemExit(f"the helpers did not end within {args.helpers_timeout:.0f} s")
        log.sample(page, "after the solve (helpers idle)")
        time.sleep(args.every)
    end = time.perf_counter() + args.settle
    while time.perf_counter() < end:
        log.sample(page, "helpers ended")
        time.sleep(args.every)


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bench memory-page",
        description="The page renderer's memory per stage: boot, the pattern database's load, a solve.",
    )
    parser.add_argument("--site", type=Path, help="probe this built folder instead of building site/")
    parser.add_argument("--every", type=float, default=0.1, help="seconds between samples (default 0.1)")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to sample once ready (default 3)")
    parser.add_argument("--solve-seconds", type=float, default=10.0, help="solve 80a this long (default 10; 0: no)")
    parser.add_argument("--without-tables", action="store_true", help="open the page as a small device")
    parser.add_argument("--workers", type=int, default=1, help="split the solve over N workers (default 1)")
    parser.add_argument(
        "--helpers-timeout", type=float, default=180.0, help="seconds to wait for idle helpers to end (default 180)"
    )
    args = parser.parse_args(argv)
    site = site_to_probe(args.site)
    print(f"{machine()}; site {site}")
    with tempfile.TemporaryDirectory(prefix="npuzzle-memory-") as temp, SiteBrowser(probe_site(site, Path(temp))) as s:
        init = PROBE_JS + (SMALL_DEVICE if args.without_tables else CAPTURE_JS)
        context, page = s.new_page(init)
        log = Log()
        page.goto(s.url)
        done = (
            "() => document.body.dataset.answers > 0"
            if args.without_tables
            else ("() => ['ready', 'failed'].includes(document.body.dataset.tables)")
        )
        while not page.evaluate(done):
            log.sample(page)
            time.sleep(args.every)
        end = time.perf_counter() + args.settle
        while time.perf_counter() < end:
            log.sample(page, "ready (settling)")
            time.sleep(args.every)
        if args.solve_seconds > 0 and not args.without_tables:
            name, _, tiles = HARD[0]
            request = {**request_for(tiles), "workers": args.workers}
            page.evaluate(
                "([request, id, ms]) => { const w = window.capturedWorkers.at(-1); "
                "w.postMessage({...request, type: 'solve', id}); "
                "setTimeout(() => w.postMessage({type: 'cancel', id}), ms); }",
                [request, 2_000_000_001, int(args.solve_seconds * 1000)],
            )
            on = f" on {args.workers} workers" if args.workers > 1 else ""
            end = time.perf_counter() + args.solve_seconds + 1.0
            while time.perf_counter() < end:
                log.sample(page, f"solving {name} ({args.solve_seconds:.0f} s){on}")
                time.sleep(args.every)
            if args.workers > 1:
                helpers_end(page, log, args)
        log.print()
        context.close()
        print(f"requests outside the origin: {len(s.offsite)}")
    return 0
