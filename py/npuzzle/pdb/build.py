"""Build a 15-puzzle pattern-database file (``npuzzle pdb build``, the site build, the tests).

The tables come from this project's own breadth-first search: with numpy when it is installed
(:mod:`npuzzle.pdb.numpy_builder`: minutes of CPU and over a gigabyte of memory for 7/7-7, seconds for 6-6-3 and
5-5-5), otherwise with the pure-Python builder of :mod:`npuzzle.pdb.database` (hours for 7-tile tables: it says so
before it starts). With numpy each table's search runs on several threads, one per core (at most
:data:`MAX_WORKERS`), and each finished table is compressed in the background while the next one is searched.
Each table's time goes to ``say`` (the CLI: stderr). A file already present is kept when
it loads cleanly and holds the wanted partition; ``force`` rebuilds. The file is written to a temporary name and
renamed, so an interrupted build never leaves a half-written database.
"""

from __future__ import annotations

import importlib.util
import os
import time
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from ..errors import PatternDatabaseError
from .database import (
    PARTITION_555,
    PARTITION_663,
    PARTITION_771,
    PARTITION_777,
    ZLIB_LEVEL,
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

NUMPY_TABLE_MINUTES = {7: 1.1, 6: 0.08, 5: 0.03, 4: 0.01, 3: 0.01, 2: 0.01, 1: 0.01}
"""Rough minutes numpy takes for one table and its compression, by its number of tiles, on one core of this
project's machines (docs/benchmarks.md has the measured figures)."""

THREAD_GAIN = 0.7
"""What each further thread adds to a numpy table search, roughly (1: twice as fast on two threads)."""


def file_name(partition: str = SHIPPED) -> str:
    """The file name of a 15-puzzle database: ``15puzzle-7-7-7.pdb``."""
    return f"15puzzle-{partition}.pdb"


def has_numpy() -> bool:
    """Whether numpy can be imported (the fast builder's only requirement)."""
    return importlib.util.find_spec("numpy") is not None


def numpy_table_builder(threads: int = 1) -> TableBuilder:
    """The numpy builder of one table, searching on ``threads`` threads (raises ImportError without numpy)."""
    from . import numpy_builder

    def build(rows: int, cols: int, tiles: Sequence[int]) -> bytes:
        return numpy_builder.build_compact(rows, cols, list(tiles), threads)

    return build


MAX_WORKERS = 4
"""The most threads a numpy table search uses."""


def default_jobs() -> int:
    """Threads per numpy table search unless told: one per core, at most :data:`MAX_WORKERS`."""
    return min(os.cpu_count() or 1, MAX_WORKERS)


def expected_time(partition: str, pure: bool, jobs: int = 1) -> str:
    """How long a build will take, in words (numpy: each table's search on ``jobs`` threads)."""
    if pure:
        hours = PURE_PYTHON_HOURS[partition]
        if hours < 1:
            return "minutes (pure Python)"
        return f"about {'an hour' if hours == 1 else f'{hours:g} hours'} with the pure-Python builder"
    minutes = sum(NUMPY_TABLE_MINUTES[len(p)] for p in PARTITIONS[partition]) / (1 + THREAD_GAIN * (jobs - 1))
    threads = f" on {jobs} threads" if jobs > 1 else ""
    return f"about {round(minutes)} minutes with numpy{threads}" if minutes >= 1 else "seconds with numpy"


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
    the file's path. ``pure`` (or no numpy) uses the pure-Python builder; ``jobs`` is how many threads each numpy
    table search uses (default: one per core, at most :data:`MAX_WORKERS`).

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
    threads = 1 if pure else jobs or default_jobs()
    builder = build_table_data if pure else numpy_table_builder(threads)
    say(f"building the {partition} database into {path}: {expected_time(partition, pure, threads)}")
    if pure and PURE_PYTHON_HOURS[partition] >= 1:
        say("  (pip install numpy makes it minutes; Ctrl-C stops, leaving nothing half-written)")
    started = time.perf_counter()
    # zlib releases the GIL: each table is compressed in the background while the next one is searched
    with ThreadPoolExecutor(max_workers=1) as zipper:
        packed: list[Future[bytes]] = []

        def timed(rows: int, cols: int, pattern: Sequence[int]) -> bytes:
            t = time.perf_counter()
            data = builder(rows, cols, pattern)
            say(
                f"  table {' '.join(map(str, pattern))}: {time.perf_counter() - t:.1f} s "
                f"({time.perf_counter() - started:.0f} s so far)"
            )
            packed.append(zipper.submit(zlib.compress, data, ZLIB_LEVEL))
            return data

        database = build_database(4, 4, tiles, timed)
        blob = database.encode(packed=[job.result() for job in packed])
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_bytes(blob)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    return path
