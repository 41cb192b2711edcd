#!/usr/bin/env python3
"""Build the 15-puzzle's pattern-database file (6-6-3 additive tables) into a directory.

    python scripts/build_pdb.py --out site/pdb          # writes site/pdb/15puzzle-6-6-3.pdb (~5 MB)
    python scripts/build_pdb.py --out .cache/pdb --check

The tables are computed by this project's own breadth-first search: with numpy when it is installed (about a
minute of CPU for the two 6-tile tables), otherwise with the pure-Python builder of :mod:`npuzzle.pdb` (very
slow for 6 tiles: tens of minutes). A file already present is kept when it loads cleanly and holds the wanted
partition, so repeated builds are free; ``--force`` rebuilds. ``build(out_dir)`` does the same from Python
(``scripts/build_site.py`` can call it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))
sys.path.insert(0, str(HERE))

from npuzzle.errors import PatternDatabaseError  # noqa: E402
from npuzzle.pdb import PARTITION_663, PatternDatabase, TableBuilder, build_database, build_table_data, load_database  # noqa: E402

FILE_NAME = "15puzzle-6-6-3.pdb"
"""The file name of the shipped 15-puzzle database."""


def _numpy_builder() -> TableBuilder | None:
    try:
        import pdb_numpy
    except ImportError:
        return None

    def build(rows: int, cols: int, tiles: tuple[int, ...] | list[int]) -> bytes:
        return pdb_numpy.build_sparse(rows, cols, list(tiles), 0)

    return build


def build(out_dir: Path | str, *, force: bool = False, pure: bool = False, quiet: bool = False) -> Path:
    """Write :data:`FILE_NAME` into ``out_dir`` (created if needed) unless a valid copy is there; return its path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / FILE_NAME
    say = (lambda *a: None) if quiet else (lambda *a: print(*a, file=sys.stderr))
    if path.exists() and not force:
        try:
            db = load_database(path.read_bytes(), 4, 4)
        except PatternDatabaseError as exc:
            say(f"{path}: {exc}; rebuilding")
        else:
            if db.partition == PARTITION_663:
                say(f"{path}: up to date")
                return path
            say(f"{path}: holds partition {db.partition}, rebuilding")
    builder = None if pure else _numpy_builder()
    if builder is None:
        say("building with the pure-Python builder (numpy not available or --pure): this takes a long time")
        builder = build_table_data
    started = time.perf_counter()

    def timed(rows: int, cols: int, tiles: tuple[int, ...] | list[int]) -> bytes:
        t = time.perf_counter()
        data = builder(rows, cols, tiles)
        say(f"  table {' '.join(map(str, tiles))}: {time.perf_counter() - t:.1f} s")
        return data

    db: PatternDatabase = build_database(4, 4, PARTITION_663, timed)
    blob = db.encode()
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    tmp.replace(path)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=".cache/pdb", help="directory to write into (default: .cache/pdb)")
    parser.add_argument("--force", action="store_true", help="rebuild even when a valid file is present")
    parser.add_argument("--pure", action="store_true", help="use the pure-Python builder, not numpy")
    parser.add_argument("--check", action="store_true", help="load the file afterwards and print its summary")
    args = parser.parse_args(argv)
    path = build(args.out, force=args.force, pure=args.pure)
    if args.check:
        t = time.perf_counter()
        db = load_database(path.read_bytes(), 4, 4)
        print(f"{path}: {db.name} tables {db.partition}, {len(db.data):,} bytes in memory, "
              f"loaded in {time.perf_counter() - t:.2f} s")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
