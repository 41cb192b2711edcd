#!/usr/bin/env python3
"""Benchmark: solve Korf's 100 15-puzzles optimally with the pattern-database IDA* and check every length.

    python scripts/bench_korf.py                       # all 100 in CPython, 7/7-7 tables from .cache/pdb
    python scripts/bench_korf.py --pyodide             # the same inside Pyodide under Node (the page's engine)
    python scripts/bench_korf.py --both                # CPython, then Pyodide, and the ratio of the two
    python scripts/bench_korf.py --ids 1-10,60 --no-reflect --partition 6-6-3
    python scripts/bench_korf.py --baseline 10         # also time the generic IDA* on the 10 easiest
    python scripts/bench_korf.py --walking --ids 12,79 --baseline 8   # walking distance instead

Prints one line per instance (id, optimal length from the file, length found, nodes generated and expanded,
wall seconds), then the time to load the tables, totals, median and maximum. The tables are built first when
missing (``scripts/build_pdb.py``, numpy). ``--baseline N`` runs the library's generic IDA* with linear
conflict on the N instances that are easiest for Manhattan distance (by the file's node counts) in the same run
and prints the speed-up on those. Exit status 1 if any length differs from the file.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(HERE))

from npuzzle.board import Board, goal_board  # noqa: E402
from npuzzle.pdb.search import load_tables, solve_with_pdb  # noqa: E402
from npuzzle.progress import Search, run  # noqa: E402
from npuzzle.walking import solve_with_walking_distance, walking_tables  # noqa: E402

DEFAULT_DATA = ROOT / "tests" / "data" / "korf100.txt"
"""Korf's 100 (a copy of ../shared/data/korf100.txt, inside the repository so that Pyodide sees it too)."""

PYODIDE_RUNNER = """\
import {{ loadPyodide }} from {module};
const root = {root};
const py = await loadPyodide({{ indexURL: {index} }});
py.FS.mkdirTree(root);
py.FS.mount(py.FS.filesystems.NODEFS, {{ root }}, root);
py.globals.set("bench_argv", {argv});
await py.runPythonAsync(`
import runpy, sys
sys.argv = list(bench_argv)
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as exit:
    if exit.code:
        raise
`);
"""


def read_instances(path: Path) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """``(id, optimal length, Manhattan IDA* nodes, tiles)`` for each line of a Korf-format file."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, tiles = line.split("|")
        fields = head.split()
        out.append((int(fields[0]), int(fields[1]), int(fields[3]), tuple(int(t) for t in tiles.split())))
    return out


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


def run_in_pyodide(argv: list[str]) -> int:
    """Run this script with ``argv`` inside Pyodide under Node, from ``node_modules/pyodide``."""
    node = shutil.which("node")
    package = ROOT / "node_modules" / "pyodide"
    if node is None or not (package / "pyodide.mjs").exists():
        print("--pyodide needs node and node_modules/pyodide (run npm install)", file=sys.stderr)
        return 2
    code = PYODIDE_RUNNER.format(
        module=json.dumps((package / "pyodide.mjs").as_uri()),
        root=json.dumps(str(ROOT)),
        index=json.dumps(str(package) + os.sep),
        argv=json.dumps([str(Path(__file__).resolve()), *argv]),
    )
    with tempfile.TemporaryDirectory() as folder:
        runner = Path(folder) / "run.mjs"
        runner.write_text(code)
        return subprocess.call([node, str(runner)])


def benchmark(args: argparse.Namespace) -> tuple[int, dict[str, object]]:
    """Run the selected instances; print the table; return (exit status, summary)."""
    goal = goal_board(4, 4, "blank-first")
    t = time.perf_counter()
    if args.walking:
        tables = walking_tables(goal)
        load_seconds = time.perf_counter() - t
        print(f"walking-distance tables built in {load_seconds:.2f} s", flush=True)

        def solver(board: Board) -> Search:
            return solve_with_walking_distance(board, goal, tables=tables)
    else:
        from build_pdb import build, file_name

        path = Path(args.pdb_dir) / file_name(args.partition)
        if not path.exists():
            build(args.pdb_dir, args.partition)
        t = time.perf_counter()
        pdb = load_tables(path.read_bytes(), 4, 4)
        load_seconds = time.perf_counter() - t
        print(f"tables: {path} ({path.stat().st_size:,} bytes, partition {pdb.database.partition}), "
              f"read, inflated and indexed in {load_seconds:.2f} s", flush=True)

        def solver(board: Board) -> Search:
            return solve_with_pdb(board, goal, pdb, reflect=not args.no_reflect)

    instances = read_instances(args.data)
    if args.ids:
        wanted = parse_ids(args.ids)
        instances = [i for i in instances if i[0] in wanted]
    print(f"{'id':>3} {'opt':>3} {'len':>3} {'generated':>11} {'expanded':>10} {'seconds':>8}")
    rows = []
    bad = 0
    heuristic = ""
    for ident, optimal, _, tiles in instances:
        result = run(solver(Board(4, 4, tiles)))
        heuristic = result.heuristic
        ok = result.length == optimal
        bad += not ok
        rows.append((ident, result.nodes_generated, result.seconds))
        print(f"{ident:>3} {optimal:>3} {result.length!s:>3} {result.nodes_generated:>11,} {result.nodes_expanded:>10,} "
              f"{result.seconds:>8.3f}{'' if ok else '  WRONG LENGTH'}", flush=True)
    if not rows:
        print("no instances selected")
        return 1, {}
    secs = [r[2] for r in rows]
    gen = [r[1] for r in rows]
    slowest = max(rows, key=lambda r: r[2])
    engine = "Pyodide " + sys.version.split()[0] if sys.platform == "emscripten" else "CPython " + sys.version.split()[0]
    print(f"{engine}: {len(rows)} instances, {'all lengths optimal' if not bad else f'{bad} WRONG LENGTHS'}, "
          f"heuristic {heuristic}")
    print(f"total {sum(secs):.2f} s   median {statistics.median(secs):.3f} s   max {slowest[2]:.2f} s (#{slowest[0]})"
          f"   tables ready in {load_seconds:.2f} s")
    print(f"nodes generated: total {sum(gen):,}   mean {sum(gen) // len(gen):,}   median "
          f"{int(statistics.median(gen)):,}   max {max(gen):,}   {sum(gen) / max(sum(secs), 1e-9):,.0f} per second")
    summary: dict[str, object] = {"total": sum(secs), "median": statistics.median(secs), "max": slowest[2],
                                  "load": load_seconds, "wrong": bad}
    if args.baseline:
        from npuzzle.solve import solve

        easy = sorted(instances, key=lambda i: i[2])[: args.baseline]
        base = fast = 0.0
        for ident, optimal, _, tiles in easy:
            board = Board(4, 4, tiles)
            result = run(solve(board, goal, "idastar", "linear-conflict"))
            base += result.seconds
            assert result.length == optimal, ident
            fast += run(solver(board)).seconds
        print(f"baseline (generic IDA* + linear conflict) on the {len(easy)} easiest: {base:.2f} s vs "
              f"{fast:.2f} s with {heuristic}: {base / max(fast, 1e-9):.1f}× faster")
    return (1 if bad else 0), summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="instance file in Korf's format, inside the repository for --pyodide "
                             "(default: tests/data/korf100.txt)")
    parser.add_argument("--pdb-dir", default=str(ROOT / ".cache" / "pdb"), help="where the tables are")
    parser.add_argument("--partition", default="7-7-7",
                        help="which database (7-7-7, 7-7-1, 6-6-3, 5-5-5; default 7-7-7: 7/7-7, the site's)")
    parser.add_argument("--ids", help="instance ids to run, e.g. 1-10,60 (default: all)")
    parser.add_argument("--no-reflect", action="store_true", help="without the reflected lookup")
    parser.add_argument("--walking", action="store_true",
                        help="solve with walking-distance IDA* instead of the databases (no tables needed)")
    parser.add_argument("--baseline", type=int, default=0, metavar="N",
                        help="also run generic IDA* + linear conflict on the N easiest instances")
    parser.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node instead of CPython")
    parser.add_argument("--both", action="store_true", help="run in CPython, then in Pyodide; print the ratio")
    parser.add_argument("--summary", help=argparse.SUPPRESS)  # where a Pyodide run writes its totals (JSON)
    args = parser.parse_args(argv)
    if (args.pyodide or args.both) and not Path(args.data).resolve().is_relative_to(ROOT):
        parser.error(f"--data {args.data} must be inside {ROOT} for a Pyodide run (only that folder is mounted)")
    # the same options for a run inside Pyodide, with absolute paths (its working directory is elsewhere)
    inner = ["--data", str(Path(args.data).resolve()), "--pdb-dir", str(Path(args.pdb_dir).resolve()),
             "--partition", args.partition, "--baseline", str(args.baseline)]
    inner += ["--ids", args.ids] if args.ids else []
    inner += ["--no-reflect"] if args.no_reflect else []
    inner += ["--walking"] if args.walking else []
    if args.pyodide and sys.platform != "emscripten":
        return run_in_pyodide(inner)
    status, summary = benchmark(args)
    if args.summary:
        Path(args.summary).write_text(json.dumps(summary))
    if args.both and sys.platform != "emscripten":
        with tempfile.TemporaryDirectory(dir=ROOT / ".cache") as folder:
            out = Path(folder) / "pyodide.json"
            print("\n--- the same in Pyodide (Node) ---", flush=True)
            status = run_in_pyodide(inner + ["--summary", str(out)]) or status
            if out.exists():
                other = json.loads(out.read_text())
                print(f"\nPyodide / CPython: total {other['total'] / summary['total']:.2f}×   "  # type: ignore[operator]
                      f"median {other['median'] / summary['median']:.2f}×   "  # type: ignore[operator]
                      f"max {other['max'] / summary['max']:.2f}×   "  # type: ignore[operator]
                      f"table load {other['load']:.2f} s vs {summary['load']:.2f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
