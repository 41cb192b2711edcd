#!/usr/bin/env python3
"""Build a 15-puzzle pattern-database file into a directory: the site build's entry to :mod:`npuzzle.pdb.build`
(which ``npuzzle pdb build`` also runs, into the user's cache directory).

    .venv/bin/python scripts/build_pdb.py --out .cache/pdb                    # 15puzzle-7-7-7.pdb (25.3 MB): 7/7-7
    PYTHONPATH=py python3 scripts/build_pdb.py --out .cache/pdb --partition 6-6-3 --check

(npuzzle must be importable: the project's ``.venv`` has it installed, else put ``py`` on ``PYTHONPATH``.)
"""

from __future__ import annotations

import argparse
import sys
import time

from npuzzle.pdb.build import PARTITIONS, SHIPPED, build_file


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

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    path = build_file(args.out, args.partition, force=args.force, pure=args.pure, say=say)
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
