"""Build a 15-puzzle pattern-database file (``npuzzle pdb build``, the site build, the tests).

The tables come from this project's own breadth-first search: with numpy when it is installed
(:mod:`npuzzle.pdb.numpy_builder`: minutes of CPU and over a gigabyte of memory for 7/7-7, seconds for 6-6-3 and
5-5-5), otherwise with the pure-Python builder of :mod:`npuzzle.pdb.database` (hours for 7-tile tables: it says so
before it starts). With numpy the tables are searched side by side in threads, one per core (at most
:data:`MAX_WORKERS`; a table left over gets several threads), and each finished table is compressed in the
background while the others are searched.
Each table's time goes to ``say`` (the CLI: stderr). A file already present is kept when
it loads cleanly and holds the wanted partition; ``force`` rebuilds. The file is written to a temporary name and
renamed, so an interrupted build never leaves a half-written database.
"""

from __future__ import annotations

import importlib.util
import time
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from .. import workers
from ..errors import PatternDatabaseError
from .database import (
    PARTITION_555,
    PARTITION_663,
    PARTITION_771,
    PARTITION_777,
    ZLIB_LEVEL,
    load_database,
)
from .pure_builder import TableBuilder, build_database, build_table_data

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
"""What each further core adds to a numpy build, roughly (1: twice as fast on two cores)."""


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
"""The most cores a numpy build uses."""


def default_jobs() -> int:
    """Cores a numpy build uses unless told: all of them, at most :data:`MAX_WORKERS`."""
    return min(workers.default_jobs(), MAX_WORKERS)


def search_rounds(tables: int, cores: int) -> list[tuple[list[int], int]]:
    """Which tables are searched at the same time, and on how many threads each: the tables left over by one per
    core first, sharing all the cores, then one table per core on one thread each, so that the last tables finish
    together and their compressions run side by side (3 tables on 2 cores: the first on two threads, then two side
    by side)."""
    rounds, at = [], 0
    first = tables % cores
    if first:
        rounds.append((list(range(first)), cores // first))
        at = first
    while at < tables:
        rounds.append((list(range(at, at + cores)), 1))
        at += cores
    return rounds


def expected_time(partition: str, pure: bool, jobs: int = 1) -> str:
    """How long a build will take, in words (numpy: each table's search on ``jobs`` threads)."""
    if pure:
        hours = PURE_PYTHON_HOURS[partition]
        if hours < 1:
            return "minutes (pure Python)"
        return f"about {'an hour' if hours == 1 else f'{hours:g} hours'} with the pure-Python builder"
    minutes = sum(NUMPY_TABLE_MINUTES[len(p)] for p in PARTITIONS[partition]) / (1 + THREAD_GAIN * (jobs - 1))
    cores = f" on {jobs} cores" if jobs > 1 else ""
    return f"about {round(minutes)} minutes with numpy{cores}" if minutes >= 1 else "seconds with numpy"


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
    the file's path. ``pure`` (or no numpy) uses the pure-Python builder; ``jobs`` is how many cores numpy uses
    (default: all, at most :data:`MAX_WORKERS`): tables side by side, as :func:`search_rounds` says.

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
    cores = 1 if pure else jobs or default_jobs()
    say(f"building the {partition} database into {path}: {expected_time(partition, pure, cores)}")
    if pure and PURE_PYTHON_HOURS[partition] >= 1:
        say("  (pip install numpy makes it minutes; Ctrl-C stops, leaving nothing half-written)")
    started = time.perf_counter()

    def timed(pattern: Sequence[int], threads: int) -> bytes:
        t = time.perf_counter()
        data = build_table_data(4, 4, pattern) if pure else numpy_table_builder(threads)(4, 4, pattern)
        say(
            f"  table {' '.join(map(str, pattern))}: {time.perf_counter() - t:.1f} s "
            f"({time.perf_counter() - started:.0f} s so far)"
        )
        return data

    # numpy releases the GIL, and so does zlib: tables are searched side by side in threads, and each one is
    # compressed in the background as soon as it is built, while the others are still searched
    built: dict[tuple[int, ...], bytes] = {}
    with ThreadPoolExecutor(max_workers=cores) as searchers, ThreadPoolExecutor(max_workers=cores) as zipper:
        packed: dict[tuple[int, ...], Future[bytes]] = {}
        for together, threads in search_rounds(len(tiles), cores):
            jobs_now = {tuple(tiles[i]): searchers.submit(timed, tiles[i], threads) for i in together}
            for pattern, job in jobs_now.items():
                built[pattern] = job.result()
                packed[pattern] = zipper.submit(zlib.compress, built[pattern], ZLIB_LEVEL)
        database = build_database(4, 4, tiles, lambda rows, cols, pattern: built[tuple(pattern)])
        blob = database.encode(packed=[packed[tuple(p)].result() for p in tiles])
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_bytes(blob)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    return path
