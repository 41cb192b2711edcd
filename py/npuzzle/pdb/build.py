"""Build a 15-puzzle pattern-database file (``npuzzle pdb build``, the site build, the tests).

The tables come from this project's own breadth-first search: with numpy when it is installed
(:mod:`npuzzle.pdb.numpy_builder`: minutes of CPU and over a gigabyte of memory for 7/7-7, seconds for 6-6-3 and
5-5-5), otherwise with the pure-Python builder of :mod:`npuzzle.pdb.database` (hours for 7-tile tables: it says so
before it starts). With numpy the tables, which are independent, are built in parallel processes, one per core (at
most :data:`MAX_WORKERS`). Each table's time goes to ``say`` (the CLI: stderr). A file already present is kept when
it loads cleanly and holds the wanted partition; ``force`` rebuilds. The file is written to a temporary name and
renamed, so an interrupted build never leaves a half-written database.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial
from pathlib import Path

from ..errors import PatternDatabaseError
from .database import (
    PARTITION_555,
    PARTITION_663,
    PARTITION_771,
    PARTITION_777,
    TableBuilder,
    build_database,
    build_table_data,
    load_database,
)

PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "7-7-7": PARTITION_777,
    "7-7-1": PARTITION_771,
    "6-6-3": PARTITION_663,
    "5-5-5": PARTITION_555,
}
"""The databases this module builds, by name; ``7-7-7`` is 7/7-7 (7-7-1 plus an alternative bottom table)."""

SHIPPED = "7-7-7"
"""The database the site ships and ``npuzzle pdb build`` makes by default."""

PURE_PYTHON_HOURS = {"7-7-7": 30, "7-7-1": 20, "6-6-3": 1, "5-5-5": 0.05}
"""Rough hours the pure-Python builder takes per partition on a 2020s laptop core (said before it starts)."""

NUMPY_TABLE_MINUTES = {7: 2.0, 6: 0.2, 5: 0.03, 4: 0.01, 3: 0.01, 2: 0.01, 1: 0.01}
"""Rough minutes numpy takes for one table, by its number of tiles, on one core of this project's machines
(docs/benchmarks.md has the measured figures)."""


def file_name(partition: str = SHIPPED) -> str:
    """The file name of a 15-puzzle database: ``15puzzle-7-7-7.pdb``."""
    return f"15puzzle-{partition}.pdb"


def has_numpy() -> bool:
    """Whether numpy can be imported (the fast builder's only requirement)."""
    return importlib.util.find_spec("numpy") is not None


def numpy_table_builder() -> TableBuilder:
    """The numpy builder of one table (raises ImportError without numpy)."""
    from . import numpy_builder

    def build(rows: int, cols: int, tiles: Sequence[int]) -> bytes:
        return numpy_builder.build_compact(rows, cols, list(tiles))

    return build


MAX_WORKERS = 4
"""The most tables built at once with numpy (each 7-tile table takes over a gigabyte while it is built)."""


def default_jobs() -> int:
    """Tables built at once with numpy unless told: one per core, at most :data:`MAX_WORKERS`."""
    return min(os.cpu_count() or 1, MAX_WORKERS)


def _numpy_table(rows: int, cols: int, tiles: tuple[int, ...]) -> tuple[bytes, float]:
    """One table with numpy, and the seconds it took (run in a worker process)."""
    from . import numpy_builder

    started = time.perf_counter()
    return numpy_builder.build_compact(rows, cols, list(tiles)), time.perf_counter() - started


def _said(
    pattern: tuple[int, ...], started: float, say: Callable[[str], None], done: Future[tuple[bytes, float]]
) -> None:
    """Report a table built in a worker process (when it failed, the build raises its error instead)."""
    if done.cancelled() or done.exception() is not None:
        return
    say(
        f"  table {' '.join(map(str, pattern))}: {done.result()[1]:.1f} s ({time.perf_counter() - started:.0f} s "
        "so far)"
    )


def expected_time(partition: str, pure: bool, jobs: int = 1) -> str:
    """How long a build will take, in words (numpy: ``jobs`` tables at once)."""
    if pure:
        hours = PURE_PYTHON_HOURS[partition]
        if hours < 1:
            return "minutes (pure Python)"
        return f"about {'an hour' if hours == 1 else f'{hours:g} hours'} with the pure-Python builder"
    tables = sorted((NUMPY_TABLE_MINUTES[len(p)] for p in PARTITIONS[partition]), reverse=True)
    minutes = sum(tables[:: max(1, jobs)])  # the longest table of each round of `jobs`
    processes = f" on {jobs} processes" if jobs > 1 else ""
    return f"about {round(minutes)} minutes with numpy{processes}" if minutes >= 1 else "seconds with numpy"


def build(
    out_dir: Path | str,
    partition: str = SHIPPED,
    *,
    force: bool = False,
    pure: bool = False,
    jobs: int | None = None,
    say: Callable[[str], None] = lambda text: None,
) -> Path:
    """Write the ``partition`` database into ``out_dir`` (created if needed) unless a valid copy is there; return
    the file's path. ``pure`` (or no numpy) uses the pure-Python builder; ``jobs`` is how many tables numpy builds
    at once (default: one per core, at most :data:`MAX_WORKERS`).

    Raises ``KeyError`` for an unknown partition name (see :data:`PARTITIONS`).
    """
    tiles = PARTITIONS[partition]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / file_name(partition)
    if path.exists() and not force:
        try:
            db = load_database(path.read_bytes(), 4, 4)
        except PatternDatabaseError as exc:
            say(f"{path}: {exc}; rebuilding")
        else:
            if db.partition == tiles:
                say(f"{path}: up to date")
                return path
            say(f"{path}: holds partition {db.partition}, rebuilding")
    pure = pure or not has_numpy()
    builder = build_table_data if pure else numpy_table_builder()
    workers = 1 if pure else min(len(tiles), jobs or default_jobs())
    say(f"building the {partition} database into {path}: {expected_time(partition, pure, workers)}")
    if pure and PURE_PYTHON_HOURS[partition] >= 1:
        say("  (pip install numpy makes it minutes; Ctrl-C stops, leaving nothing half-written)")
    started = time.perf_counter()

    def timed(rows: int, cols: int, pattern: Sequence[int]) -> bytes:
        t = time.perf_counter()
        data = builder(rows, cols, pattern)
        say(
            f"  table {' '.join(map(str, pattern))}: {time.perf_counter() - t:.1f} s "
            f"({time.perf_counter() - started:.0f} s so far)"
        )
        return data

    if workers > 1:  # the tables are independent: one process each, as many at once as there are cores
        say(f"  {len(tiles)} tables on {workers} processes")
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {tuple(p): pool.submit(_numpy_table, 4, 4, tuple(p)) for p in tiles}
            for pattern, future in futures.items():
                future.add_done_callback(partial(_said, pattern, started, say))

            def collected(rows: int, cols: int, pattern: Sequence[int]) -> bytes:
                return futures[tuple(pattern)].result()[0]

            blob = build_database(4, 4, tiles, collected).encode(threads=workers)
    else:
        blob = build_database(4, 4, tiles, timed).encode()
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_bytes(blob)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    return path
