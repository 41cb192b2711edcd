"""The hardest 15-puzzles and Korf's 100 beside the native reference solver, in one run: seconds and ratios.

    python -m bench native                     # the two 80-move positions and Korf's 100: native, CPython 1 and N
    python -m bench native --sets hard --jobs 2
    python -m bench native --sets korf --no-native

The native reference is ``bench/native/ida663r.c`` (the project's reference solver: IDA* with the additive 6-6-3
pattern database and the reflected lookup, one core), compiled here with the C compiler found (``$CC``, ``cc``,
``gcc``, ``clang``; skipped with a note when there is none); it builds its tables first (not counted) and times each
board itself. npuzzle runs as ``npuzzle solve --batch - --goal blank-first --pdb FILE --jobs J`` in a fresh
process per set and J (the 7/7-7 tables from ``.cache/pdb``; loading them is counted in the wall time printed
beside the summed per-board seconds). The ratios compare the native solver's per-board seconds with npuzzle's
wall time, the time a user waits. The sets alternate native → 1 job → N jobs, so a machine whose speed drifts
drifts for all three. Every length is checked against the others and, for Korf's 100, against the published ones;
exit status 1 if any differs. With N jobs each 80-move position is split over N processes (``npuzzle solve --jobs
N``, one process per board) and Korf's 100 are solved N at a time (``--batch --jobs N``).

The page (``--no-page`` leaves it out): the site is built and opened in headless Chromium (:mod:`bench.browser`);
once its worker has loaded the tables, each board is one ``solve`` request to the page's own Python worker, timed
in the page from posting it to the reply (booting and loading the tables are not counted; they are
``bench start``'s and ``bench tables-page``'s). With N workers each board's request asks the page to split a hard
search over N Web Workers (``"workers": N``); the helper workers boot and load their tables at the first split, so
one warm-up solve starts them before the timed boards.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from npuzzle.parallel.workers import default_jobs

from .browser import ROOT, CapturedWorker, SiteBrowser, build_site, open_app
from .common import SHIPPED_PDB, korf_instances, machine, published

SOURCE = Path(__file__).with_name("native") / "ida663r.c"
BINARY = ROOT / ".cache" / "native" / "ida663r"
PARTITION_663 = ("1,4,5,8,9,12", "2,3,6,7,10,11", "13,14,15")
"""The reference's 6-6-3 partition (as its README runs it)."""

HARD = {
    "80a": "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0",
    "80b": "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0",
}
"""The two 80-move positions, the hardest 15-puzzles (Korf's goal: the blank on the first cell)."""

WARM_UP = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"
"""Korf's #88 (65 moves, about 250,000 nodes, half a second in CPython): the page's split warm-up."""


@dataclass(frozen=True, slots=True)
class Solved:
    """One board's figures from one solver."""

    name: str
    length: int
    nodes: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Run:
    """One solver's run over a set: the boards, and the whole process's wall time."""

    solver: str
    boards: list[Solved]
    wall: float
    counted: float
    """The time the ratios compare: the native solver's own per-board seconds (its tables are built first, not
    counted), npuzzle's whole wall time (loading its tables included)."""

    @property
    def seconds(self) -> float:
        return sum(b.seconds for b in self.boards)


def compiler() -> str | None:
    """The C compiler to use, or None."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def compile_native() -> Path | None:
    """The reference solver, compiled into ``.cache/native/`` when its source is newer; None without a compiler."""
    cc = compiler()
    if cc is None:
        return None
    if not BINARY.exists() or BINARY.stat().st_mtime < SOURCE.stat().st_mtime:
        BINARY.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([cc, "-O3", "-o", str(BINARY), str(SOURCE)], check=True)
    return BINARY


def run_native(binary: Path, boards: dict[str, str]) -> Run:
    """The reference solver over ``boards`` (one process; its table build is not counted)."""
    started = time.perf_counter()
    done = subprocess.run(
        [str(binary), *PARTITION_663], input="\n".join(boards.values()) + "\n", capture_output=True, text=True
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"the native solver failed: {done.stderr.strip()}")
    solved = []
    for name, line in zip(boards, done.stdout.splitlines(), strict=True):
        _, length, _, nodes, seconds, *_ = line.split()
        solved.append(Solved(name, int(length), int(nodes), float(seconds)))
    return Run("native 6-6-3", solved, wall, sum(b.seconds for b in solved))


def run_npuzzle(boards: dict[str, str], pdb: Path, jobs: int) -> Run:
    """``npuzzle solve --batch`` over ``boards`` with ``jobs`` processes, in a fresh interpreter."""
    command = [sys.executable, "-m", "npuzzle", "solve", "--batch", "-", "--goal", "blank-first", "--pdb", str(pdb)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))}
    started = time.perf_counter()
    done = subprocess.run(
        [*command, "--jobs", str(jobs)],
        input="\n".join(boards.values()) + "\n",
        capture_output=True,
        text=True,
        env=env,
    )
    wall = time.perf_counter() - started
    records = [json.loads(line) for line in done.stdout.splitlines()]
    if done.returncode != 0 or len(records) != len(boards):
        raise SystemExit(f"npuzzle solve --batch failed (exit {done.returncode}): {done.stderr.strip()}")
    solved = [
        Solved(name, r["length"], r["nodes_generated"], r["seconds"]) for name, r in zip(boards, records, strict=True)
    ]
    return Run(f"npuzzle CPython, {jobs} job{'s' if jobs > 1 else ''}", solved, wall, wall)


def run_split(boards: dict[str, str], pdb: Path, jobs: int) -> Run:
    """``npuzzle solve --json --jobs N`` once per board: each board's search split over ``jobs`` processes."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))}
    solved, wall = [], 0.0
    for name, board in boards.items():
        command = [sys.executable, "-m", "npuzzle", "solve", "--json", "--goal", "blank-first", "--pdb", str(pdb)]
        started = time.perf_counter()
        done = subprocess.run([*command, "--jobs", str(jobs), board], capture_output=True, text=True, env=env)
        wall += time.perf_counter() - started
        if done.returncode != 0:
            raise SystemExit(f"npuzzle solve failed (exit {done.returncode}): {done.stderr.strip()}")
        r = json.loads(done.stdout)
        solved.append(Solved(name, r["length"], r["nodes_generated"], r["seconds"]))
    return Run(f"npuzzle CPython, split over {jobs}", solved, wall, wall)


def run_page(solve: Callable[[dict[str, Any]], dict[str, Any]], boards: dict[str, str], workers: int) -> Run:
    """Each board solved by the page's Python worker (``solve``: :meth:`bench.browser.CapturedWorker.solve`), split
    over ``workers`` Web Workers when it is hard (the page's ``workers`` request field)."""
    solved = []
    for name, board in boards.items():
        reply = solve({**page_request(board), "workers": workers})
        if reply.get("ok") is False or reply.get("stopped") or not str(reply.get("heuristic", "")).startswith("pdb"):
            raise SystemExit(f"the page did not solve {name} with the pattern database: {reply}")
        solved.append(Solved(name, reply["length"], reply["nodes_generated"], reply["wall"]))
    seconds = sum(b.seconds for b in solved)
    return Run(f"npuzzle page, {workers} worker{'s' if workers > 1 else ''}", solved, seconds, seconds)


def page_request(board: str) -> dict[str, Any]:
    """The page's solve request for a board of Korf's goal."""
    return {"board": board, "goal": "blank-first", "algorithm": "auto", "heuristic": "auto"}


def warm_up_helpers(solve: Callable[[dict[str, Any]], dict[str, Any]], workers: int) -> None:
    """Start the page's helper workers (they boot and load their tables at the first split, then stay) with a solve
    split after a few expansions, so that no timed board pays for that."""
    reply = solve({**page_request(WARM_UP), "workers": workers, "split_nodes": 1000})
    if reply.get("ok") is False or reply.get("stopped"):
        raise SystemExit(f"the page's split warm-up failed: {reply}")
    print(f"page: {workers} workers started by a split solve of {reply['wall']:.1f} s (not counted)")


def report(title: str, runs: list[Run], expected: dict[str, int]) -> bool:
    """Print one set's table; return whether every length agrees."""
    print(f"\n{title}")
    first = runs[0]
    width = max(len(r.solver) for r in runs)
    print(f"  {'solver':<{width}}  {'per-board s':>11}  {'wall s':>8}  {'counted s':>9}  {'nodes/board':>12}  ratio")
    for r in runs:
        nodes = statistics.mean(b.nodes for b in r.boards)
        ratio = r.counted / first.counted
        print(
            f"  {r.solver:<{width}}  {r.seconds:11.2f}  {r.wall:8.2f}  {r.counted:9.2f}  {nodes:12,.0f}  {ratio:.2f}×"
        )
    if len(first.boards) <= 4:
        for b in first.boards:
            at = first.boards.index(b)
            print(f"  {b.name}: " + ", ".join(f"{r.solver} {r.boards[at].seconds:.2f} s" for r in runs))
    agree = True
    for i, b in enumerate(first.boards):
        lengths = {r.solver: r.boards[i].length for r in runs}
        want = expected.get(b.name)
        if len(set(lengths.values())) != 1 or (want is not None and want not in lengths.values()):
            agree = False
            print(f"  LENGTH MISMATCH on {b.name}: {lengths} (published: {want})")
    return agree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench native", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="hard,korf", help="hard, korf or both (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="N for the N-job run (default: cores)")
    parser.add_argument("--ids", help="only these Korf instances, e.g. 1-10,60 (default: all 100)")
    parser.add_argument("--no-native", action="store_true", help="leave the native solver out")
    parser.add_argument("--no-page", action="store_true", help="leave the page (headless Chromium) out")
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB, help="npuzzle's tables (default: %(default)s)")
    args = parser.parse_args(argv)
    if not args.pdb.exists():
        print(f"{args.pdb} is missing: build the site first (npm run build) or give --pdb", file=sys.stderr)
        return 2
    binary = None if args.no_native else compile_native()
    if binary is None and not args.no_native:
        print("no C compiler found ($CC, cc, gcc, clang): the native reference is left out", file=sys.stderr)
    print(machine())
    sets: dict[str, tuple[dict[str, str], dict[str, int]]] = {}
    if "hard" in args.sets:
        sets["The two 80-move positions"] = (HARD, dict.fromkeys(HARD, 80))
    if "korf" in args.sets:
        chosen = korf_instances(ids=args.ids)
        korf = {str(i.ident): " ".join(map(str, i.tiles)) for i in chosen}
        sets["Korf's 100" if len(chosen) == 100 else f"Korf's {args.ids}"] = (
            korf,
            {str(i.ident): published(i) for i in chosen},
        )
    agree = True
    with ExitStack() as stack:
        page_solve = None if args.no_page else open_page(stack)
        for title, (boards, expected) in sets.items():
            runs = [] if binary is None else [run_native(binary, boards)]
            runs.append(run_npuzzle(boards, args.pdb, 1))
            if args.jobs > 1 and len(boards) <= len(HARD):
                runs.append(run_split(boards, args.pdb, args.jobs))
            elif args.jobs > 1:
                runs.append(run_npuzzle(boards, args.pdb, args.jobs))
            if page_solve is not None:
                runs.append(run_page(page_solve, boards, 1))
                if args.jobs > 1:
                    warm_up_helpers(page_solve, args.jobs)
                    runs.append(run_page(page_solve, boards, args.jobs))
            agree &= report(title, runs, expected)
    flags = f"--sets {args.sets} --jobs {args.jobs}" + f" --ids {args.ids}" * bool(args.ids)
    skipped = " --no-native" * args.no_native + " --no-page" * args.no_page
    print(f"\nreproduce: .venv/bin/python -m bench native {flags}{skipped}")
    return 0 if agree else 1


def open_page(stack: ExitStack) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Build the site, open it in headless Chromium (closed when ``stack`` ends) and wait for its tables; the
    function that solves a request in the page's worker."""
    build_site()
    session = stack.enter_context(SiteBrowser())
    page, ready = open_app(session)
    print(f"page: Python and the pattern database ready {ready:.1f} s after opening (not counted)")
    return CapturedWorker(page).solve
