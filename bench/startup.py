"""CLI start with the pattern database: whole-process ``npuzzle solve`` of Korf #55 against ``npuzzle check``.

    python -m bench startup                        # 11 rounds, the 7/7-7 file from .cache/pdb
    python -m bench startup --runs 21 --pdb FILE   # another database file
    python -m bench startup --baseline-tree /tmp/main   # also that checkout's solve, in the same rounds
    python -m bench startup --runs 0 --korf 1-100      # the search on the mapped tables against inflated ones

Each round runs, as separate processes of this interpreter (``python -m npuzzle``), ``solve --goal blank-first``
and ``check --goal blank-first`` of Korf's instance #55 (41 moves: the search itself takes milliseconds), in an
order that alternates from round to round, with ``XDG_CACHE_HOME`` and ``HOME`` in a temporary directory that holds
a copy of the database, as ``npuzzle pdb build`` leaves it: the ``.pdb`` and its search form (written by a
warm-up solve, not timed). ``check`` is the baseline: process start and imports, the same for every command. The
goal is a solve within 2× the check. ``--baseline-tree DIR`` adds a third command per round: the solve of
the checkout at DIR (its ``py/`` first on ``PYTHONPATH``, the same cache), e.g. a ``git worktree`` of an older commit.
Prints each command's median wall time and the ratios to ``check``. ``--korf IDS`` then solves those Korf
instances in this process with the tables memory-mapped from the search form and with the tables inflated from the
``.pdb`` (``load_tables``, as the page has them), alternating which goes first, and prints the total search time of
each: the hot loop indexing views of a memory map against ``bytearray`` and ``array``. Run from the repository
root, one timing at a time on a shared machine (``flock``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from npuzzle.board import Board, goal_board
from npuzzle.pdb.build import file_name
from npuzzle.pdb.cache import read_tables
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.pdb.tables import PdbTables, load_tables
from npuzzle.progress import run
from npuzzle.research.instances import korf100

from .browser import ROOT
from .common import SHIPPED_PDB, korf_instances, machine

INSTANCE = 55


def timed(command: list[str], env: dict[str, str], expect: str) -> float:
    """Wall seconds of one whole process; checks that its output holds ``expect``."""
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if expect not in done.stdout:
        raise SystemExit(f"{' '.join(command)} did not print {expect!r}:\n{done.stdout}{done.stderr}")
    return seconds


def search_forms(path: Path, ids: str) -> None:
    """Solve Korf's instances ``ids`` with the tables mapped from ``path``'s search form and inflated from ``path``,
    alternating; print each one's total search seconds and their ratio."""
    goal = goal_board(4, 4, "blank-first")
    forms: dict[str, PdbTables] = {"mapped": read_tables(path), "inflated": load_tables(path.read_bytes())}
    assert forms["mapped"].mapped is not None and forms["inflated"].mapped is None
    totals = dict.fromkeys(forms, 0.0)
    instances = korf_instances(ids=ids)
    for number, instance in enumerate(instances):
        for name in list(forms) if number % 2 == 0 else list(forms)[::-1]:
            started = time.perf_counter()
            result = run(solve_with_pdb(Board(4, 4, instance.tiles), goal, forms[name]))
            totals[name] += time.perf_counter() - started
            if result.length != instance.optimal:
                raise SystemExit(f"Korf #{instance.ident}: {result.length} moves, not {instance.optimal}")
    print(f"Korf's {len(instances)} (all optimal), search time in this process, order alternating:")
    for name, total in totals.items():
        print(f"  tables {name:<9} {total:7.2f} s   {total / totals['inflated']:.3f}× inflated")


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench startup", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="rounds (default: %(default)s)")
    parser.add_argument("--pdb", type=Path, default=SHIPPED_PDB, help="database file (default: %(default)s)")
    parser.add_argument("--baseline-tree", type=Path, metavar="DIR", help="also time the solve of this checkout")
    parser.add_argument("--korf", metavar="IDS", help="then time the search on mapped and inflated tables (1-100)")
    args = parser.parse_args(argv)
    if not args.pdb.exists():
        print(f"no database at {args.pdb}: build it (scripts/build_site.py --install) or give --pdb", file=sys.stderr)
        return 2
    board = " ".join(map(str, next(i for i in korf100() if i.ident == INSTANCE).tiles))
    with tempfile.TemporaryDirectory(prefix="npuzzle-startup-") as home:
        cache = Path(home) / "npuzzle"
        cache.mkdir()
        shutil.copyfile(args.pdb, cache / file_name("7-7-7"))
        env = {**os.environ, "HOME": home, "XDG_CACHE_HOME": home, "PYTHONPATH": str(ROOT / "py")}
        env.pop("NPUZZLE_PDB", None)
        python = [sys.executable, "-m", "npuzzle"]
        commands: dict[str, tuple[list[str], dict[str, str], str]] = {
            "solve": ([*python, "solve", "--goal", "blank-first", board], env, "Solved in 41 moves (optimal)"),
            "check": ([*python, "check", "--goal", "blank-first", board], env, "Solvable"),
        }
        if args.baseline_tree is not None:
            other = {**env, "PYTHONPATH": str(args.baseline_tree.resolve() / "py")}
            commands["baseline solve"] = (commands["solve"][0], other, "Solved in 41 moves (optimal)")
        for command, command_env, expect in commands.values():  # warm-up: the search form, the disk cache
            timed(command, command_env, expect)
        print(machine())
        print(f"Korf #{INSTANCE}: {board}; {args.runs} rounds, order alternating; database {args.pdb}")
        samples: dict[str, list[float]] = {name: [] for name in commands}
        names = list(commands)
        if args.korf:
            search_forms(cache / file_name("7-7-7"), args.korf)
        if not args.runs:
            return 0
        for round_number in range(args.runs):
            order = names if round_number % 2 == 0 else names[::-1]
            for name in order:
                samples[name].append(timed(*commands[name]))
        base = statistics.median(samples["check"])
        for name in names:
            median = statistics.median(samples[name])
            print(f"  {name:<15} median {median:6.3f} s   {median / base:5.2f}× check")
    print(f"goal: solve within 2× check ({'met' if statistics.median(samples['solve']) <= 2 * base else 'NOT met'})")
    tree = f" --baseline-tree {args.baseline_tree}" if args.baseline_tree else ""
    korf = f" --korf {args.korf}" if args.korf else ""
    print(f"command: python -m bench startup --runs {args.runs}{tree}{korf}")
    return 0
