#!/usr/bin/env python3
"""Build the 5×5 relaxed group tables that the near-optimal solver ships (py/npuzzle/data/groups-5x5.bin).

    .venv/bin/python scripts/build_group_tables.py          # (re)write the file (seconds)
    .venv/bin/python scripts/build_group_tables.py --check  # exit 1 unless the file equals a fresh build

(npuzzle must be importable: the project's ``.venv`` has it installed, else put ``py`` on ``PYTHONPATH``.)

The tables are the breadth-first distances of :func:`npuzzle.nearoptimal.grouptables.build_table` for the six groups of
:data:`npuzzle.nearoptimal.grouptables.FIVE_GROUPS`; the file format is
:func:`npuzzle.nearoptimal.grouptables.encode_tables`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from npuzzle.nearoptimal.grouptables import FIVE_FILE, build_five, encode_tables, load_tables

ROOT = Path(__file__).resolve().parent.parent

TARGET = ROOT / "py" / "npuzzle" / FIVE_FILE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare the shipped file with a fresh build")
    parser.add_argument("--out", type=Path, default=TARGET, help=f"output file (default {TARGET})")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    fresh = build_five()
    data = encode_tables(fresh)
    took = time.perf_counter() - start
    if args.check:
        if not args.out.exists():
            print(f"{args.out}: missing", file=sys.stderr)
            return 1
        shipped = load_tables(args.out.read_bytes(), str(args.out))
        if shipped != fresh:
            print(f"{args.out}: differs from a fresh build", file=sys.stderr)
            return 1
        print(f"{args.out}: matches a fresh build ({took:.1f} s)")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data):,} bytes, {len(fresh.tables)} tables, {took:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
