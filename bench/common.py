"""Pieces the benchmarks share: instance selection, the machine's load, the engine's name, driving the api the
way the page's worker does, and the 15-puzzle pattern-database files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from npuzzle import api
from npuzzle.pdb.build import PARTITIONS, build_file, file_name
from npuzzle.research.instances import Instance, korf100, parse_korf100

from .browser import ROOT

PDB_DIR = ROOT / ".cache" / "pdb"
"""Where the site build keeps the 15-puzzle pattern databases (``scripts/build_site.py`` builds there)."""
SHIPPED_PDB = PDB_DIR / "15puzzle-7-7-7.pdb"
"""The database the site ships (7/7-7)."""


def parse_ids(text: str) -> set[int]:
    """``"1-10,60"`` → {1, …, 10, 60}."""
    ids: set[int] = set()
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            ids.update(range(int(a), int(b) + 1))
        elif part.strip():
            ids.add(int(part))
    return ids


def korf_instances(data: Path | None = None, ids: str | None = None) -> list[Instance]:
    """Korf's 100 (the package's copy, or the Korf-format file ``data``), only ``ids`` (``"1-10,60"``) if given."""
    instances = korf100() if data is None else parse_korf100(Path(data).read_text())
    if ids:
        wanted = parse_ids(ids)
        instances = [i for i in instances if i.ident in wanted]
    return instances


def published(instance: Instance) -> int:
    """The published optimal length of an instance of a shipped set (they all have one)."""
    if instance.optimal is None:
        raise SystemExit(f"instance {instance.ident} has no published length")
    return instance.optimal


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, e.g. ``"1.9, 1.4, 1.1"``."""
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def head(root: Path = ROOT) -> str:
    """The commit checked out in ``root`` (short), or ``"?"``."""
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "?"


def machine() -> str:
    """The line the page benchmarks open with: CPUs and load."""
    return f"Machine: {os.cpu_count()} CPUs, load average {load_average()} (figures scale with contention)"


def engine_name() -> str:
    """``"CPython 3.12.3"`` or, inside Pyodide, ``"Pyodide 3.13.2"``."""
    return ("Pyodide " if sys.platform == "emscripten" else "CPython ") + sys.version.split()[0]


def run_cpython(
    request: dict[str, Any], engine: api.Engine | None = None, timeout: float = 0.0, op: str = "solve"
) -> dict[str, Any]:
    """Drive a long request (``op``: a ``solve`` unless said) through the api (``engine``'s, or the module's when
    ``None``) in 50 ms slices as the page's worker does, cancelled after ``timeout`` s when > 0; the final reply
    with ``wall``: seconds from start to the reply."""
    started = time.perf_counter()
    start = api.start if engine is None else engine.start
    session = start(json.dumps({**request, "op": op}))
    while True:
        reply: dict[str, Any] = json.loads(session.advance(0.05))
        if reply["type"] != "progress":
            break
        if timeout > 0 and time.perf_counter() - started > timeout:
            reply = json.loads(session.cancel())
            break
    reply["wall"] = time.perf_counter() - started
    return reply


def pdb_partitions() -> list[str]:
    """The 15-puzzle databases :mod:`npuzzle.pdb.build` builds, by name (``7-7-7`` is 7/7-7, the site's)."""
    return list(PARTITIONS)


def pdb_file(pdb_dir: Path | str, partition: str) -> tuple[Path, float | None]:
    """The ``partition`` database in ``pdb_dir``, built there first when missing (:mod:`npuzzle.pdb.build`, numpy);
    returns its path and the seconds the build took (``None`` when the file was there)."""
    path = Path(pdb_dir) / file_name(partition)
    if path.exists():
        return path, None
    started = time.perf_counter()
    build_file(pdb_dir, partition)
    return path, time.perf_counter() - started
