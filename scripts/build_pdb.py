#!/usr/bin/env python3
"""Build a 15-puzzle pattern-database file into a directory.

    .venv/bin/python scripts/build_pdb.py --out site/pdb                    # 15puzzle-7-7-7.pdb (25.3 MB): 7/7-7
    .venv/bin/python scripts/build_pdb.py --out site/pdb --partition 7-7-1  # 15puzzle-7-7-1.pdb (16.5 MB)
    PYTHONPATH=py python3 scripts/build_pdb.py --out .cache/pdb --partition 6-6-3 --check

(npuzzle must be importable: the project's ``.venv`` has it installed, else put ``py`` on ``PYTHONPATH``.)

The tables are computed by this project's own breadth-first search: with numpy when it is installed (minutes of
CPU and well over a gigabyte of memory for 7/7-7, seconds for 6-6-3 and 5-5-5; each table's time is printed, and
the measured figures are in ``docs/benchmarks.md``), otherwise with the pure-Python builder of
:mod:`npuzzle.pdb.database` (only sensible for 5-5-5 and smaller). A file already present is kept when it loads
cleanly and holds the wanted partition, so repeated builds are free; ``--force`` rebuilds.
``build(out_dir)`` does the same from Python (``scripts/build_site.py`` can call it) and returns the path.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from npuzzle.errors import PatternDatabaseError
from npuzzle.pdb.database import (
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
"""The databases this script builds, by name; ``7-7-7`` is 7/7-7 (7-7-1 plus an alternative bottom table)."""

SHIPPED = "7-7-7"
"""The database the site ships (``scripts/build_site.py`` builds this one)."""


def file_name(partition: str = SHIPPED) -> str:
    """The file name of a 15-puzzle database: ``15puzzle-7-7-7.pdb``."""
    return f"15puzzle-{partition}.pdb"


def _numpy_builder() -> TableBuilder | None:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return None
    # pdb_numpy.py sits beside this file; load it from there, so that it is found however this module was loaded
    # (run as a script, or from its file by the tests and the benchmarks)
    spec = importlib.util.spec_from_file_location("pdb_numpy", Path(__file__).resolve().with_name("pdb_numpy.py"))
    assert spec is not None and spec.loader is not None
    pdb_numpy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pdb_numpy)

    def build(rows: int, cols: int, tiles: Sequence[int]) -> bytes:
        return pdb_numpy.build_compact(rows, cols, list(tiles))

    return build


def build(
    out_dir: Path | str, partition: str = SHIPPED, *, force: bool = False, pure: bool = False, quiet: bool = False
) -> Path:
    """Write the ``partition`` database into ``out_dir`` (created if needed) unless a valid copy is there.

    Returns the file's path. Raises ``KeyError`` for an unknown partition name (see :data:`PARTITIONS`).
    """
    tiles = PARTITIONS[partition]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / file_name(partition)

    def say(text: str) -> None:
        if not quiet:
            print(text, file=sys.stderr, flush=True)

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
    builder = None if pure else _numpy_builder()
    if builder is None:
        say("building with the pure-Python builder (numpy not available or --pure): 6- and 7-tile tables take hours")
        builder = build_table_data
    started = time.perf_counter()

    def timed(rows: int, cols: int, pattern: Sequence[int]) -> bytes:
        t = time.perf_counter()
        data = builder(rows, cols, pattern)
        say(f"  table {' '.join(map(str, pattern))}: {time.perf_counter() - t:.1f} s")
        return data

    blob = build_database(4, 4, tiles, timed).encode()
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    tmp.replace(path)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--out", default=".cache/pdb", help="directory to write into (default: .cache/pdb)")
    parser.add_argument(
        "--partition",
        default=SHIPPED,
        choices=sorted(PARTITIONS),
        help=f"which database (default: {SHIPPED}, the one the site ships)",
    )
    parser.add_argument("--force", action="store_true", help="rebuild even when a valid file is present")
    parser.add_argument("--pure", action="store_true", help="use the pure-Python builder, not numpy")
    parser.add_argument("--check", action="store_true", help="load the file afterwards and print its summary")
    args = parser.parse_args(argv)
    path = build(args.out, args.partition, force=args.force, pure=args.pure)
    if args.check:
        from npuzzle.pdb.tables import load_tables

        t = time.perf_counter()
        tables = load_tables(path.read_bytes(), 4, 4)
        print(
            f"{path}: {tables.name} tables {tables.database.partition}, {len(tables.database.data):,} bytes in "
            f"memory, loaded and indexed in {time.perf_counter() - t:.2f} s"
        )
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
