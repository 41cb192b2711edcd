"""The near-optimal solver's lengths against the optimum, DeepCubeA and the lower bound, per size and work budget.

Issue 31's figures. Each board is solved by ``solve_big`` with a work budget (the default unless ``--budget``
says otherwise; several, comma-separated, run one after the other), its moves replayed on the board, and one
line per board printed (``-v``) or only the summary per set and budget: boards, mean length, the reference's
mean and the ratio of the means, the worst board's ratio, the mean proven lower bound and length / bound, and the
seconds (wall clock, mean / median / max, and mean CPU seconds of the worker; lengths are the same on any machine,
seconds are not). The sets:

- ``korf50``: Korf & Felner's 50 random 24-puzzles (``npuzzle.instances.korf24``), against their optimal lengths.
- ``dca24``, ``dca35``, ``dca48``: DeepCubeA's own test boards of the 24-, 35- and 48-puzzle
  (``bench/data/deepcubea*.txt``), against DeepCubeA's solution on each board. Those boards were scrambled by
  random moves from the goal, far from uniform (their mean Manhattan-plus-conflicts bound on the 6×6 is 96, a
  uniform 6×6's 139).
- ``random5`` … ``random10`` (or ``randomRxC``): uniformly random boards, the same as ``npuzzle random --shape
  6x6 --seed S`` for S = 0, 1, …, against the lower bound (their optimum is unknown).

``--boards N`` takes the first N of each set (``--first K`` starts at the K-th), ``--jobs J`` solves J boards at once
in worker processes (lengths are unchanged; seconds then share the processors).

    python -m bench near --sets korf50,dca35,dca48 --boards 20          # the default budget
    python -m bench near --sets random6,random7 --boards 200 --jobs 2
    python -m bench near --sets random5,random6 --boards 20 --budget 4,40   # what ten times the budget buys
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from npuzzle import Board, goal_board, random_board
from npuzzle.instances import korf24
from npuzzle.nearoptimal import DEFAULT_BUDGET, solve_big
from npuzzle.progress import run

from .common import head, load_average

DATA = Path(__file__).with_name("data")
"""Where DeepCubeA's test boards are (``deepcubea24.txt`` …)."""


@dataclass(frozen=True)
class Case:
    """One board to solve: its set's name, its number in the set, the board, the goal and the reference length
    (the optimum, DeepCubeA's length, or ``None`` when only the lower bound is known)."""

    set_name: str
    number: int
    board: Board
    goal: Board
    reference: int | None


def deepcubea(name: str, size: int) -> list[Case]:
    """DeepCubeA's test boards of the ``size``-puzzle with the length of its solution on each."""
    side = {24: 5, 35: 6, 48: 7}[size]
    cases: list[Case] = []
    for line in (DATA / f"deepcubea{size}.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        tiles, length = line.split("#")
        board = Board(side, side, tuple(int(t) for t in tiles.split()))
        cases.append(Case(name, len(cases), board, goal_board(side, side), int(length)))
    return cases


def cases_of(name: str, count: int, first: int) -> list[Case]:
    """The boards of set ``name`` (see the module text), ``count`` of them from the ``first``-th."""
    if name == "korf50":
        chosen = [Case(name, k.ident, k.board(), k.goal_board(), k.optimal) for k in korf24()]
        return chosen[first : first + count]
    if name.startswith("dca"):
        return deepcubea(name, int(name[3:]))[first : first + count]
    if name.startswith("random"):
        shape = name[6:]
        rows, cols = (int(x) for x in shape.split("x")) if "x" in shape else (int(shape), int(shape))
        goal = goal_board(rows, cols)
        return [
            Case(name, s, random_board(rows, cols, seed=str(s), goal=goal), goal, None)
            for s in range(first, first + count)
        ]
    raise SystemExit(f"unknown set {name!r}: korf50, dca24, dca35, dca48, random5 … random10 or randomRxC")


@dataclass(frozen=True)
class Outcome:
    """What a worker reports for one board."""

    moves: tuple[int, ...]
    lower_bound: int
    expanded: int
    seconds: float
    cpu: float


def solve_one(job: tuple[Case, float]) -> Outcome:
    """Solve one board with the work budget (in a worker process)."""
    case, budget = job
    began, cpu = time.perf_counter(), time.process_time()
    result = run(solve_big(case.board, case.goal, budget=budget))
    took, cpu = time.perf_counter() - began, time.process_time() - cpu
    assert result.moves is not None, f"{case.set_name} #{case.number}: no solution"
    return Outcome(tuple(result.moves), result.lower_bound, result.nodes_expanded, took, cpu)


def solve_all(cases: Sequence[Case], budget: float, jobs: int) -> Iterable[tuple[Case, Outcome]]:
    """Each case with its outcome, in order (``jobs`` worker processes, or this one)."""
    work = [(case, budget) for case in cases]
    if jobs <= 1:
        for job in work:
            yield job[0], solve_one(job)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from zip(cases, pool.map(solve_one, work))


def report(name: str, budget: float, cases: Sequence[Case], jobs: int, verbose: bool) -> None:
    """Solve a set with one budget and print its summary line (and every board's with ``verbose``)."""
    lengths, refs, ratios, bounds, seconds, cpus, digests = [], [], [], [], [], [], []
    for case, out in solve_all(cases, budget, jobs):
        if case.board.apply(out.moves) != case.goal:
            raise SystemExit(f"{name} #{case.number}: the moves do not reach the goal")
        length = len(out.moves)
        lengths.append(length)
        bounds.append(out.lower_bound)
        seconds.append(out.seconds)
        cpus.append(out.cpu)
        reference = case.reference if case.reference is not None else out.lower_bound
        refs.append(reference)
        ratios.append(length / max(reference, 1))
        digests.append(hashlib.sha256(repr(out.moves).encode()).hexdigest()[:10])
        if verbose:
            print(
                f"  {name} #{case.number}: {length} moves, reference {reference}, bound {out.lower_bound}, "
                f"{out.expanded:,} expanded, {out.seconds:.2f} s",
                flush=True,
            )
    against = "bound" if cases[0].reference is None else ("optimum" if name == "korf50" else "DeepCubeA")
    digest = hashlib.sha256(" ".join(digests).encode()).hexdigest()[:10]
    print(
        f"{name:>9} budget {budget:>6g} | {len(lengths):>3} boards | mean {statistics.mean(lengths):8.2f} | "
        f"{against} {statistics.mean(refs):8.2f} ratio {sum(lengths) / sum(refs):.4f} worst {max(ratios):.3f} | "
        f"bound {statistics.mean(bounds):7.2f} len/bound {sum(lengths) / sum(bounds):.3f} | s mean "
        f"{statistics.mean(seconds):5.2f} median {statistics.median(seconds):5.2f} max {max(seconds):5.2f} "
        f"cpu {statistics.mean(cpus):5.2f} | answers {digest}",
        flush=True,
    )


def main(argv: list[str]) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bench near", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", default="korf50,dca35,dca48", help="comma-separated sets (default %(default)s)")
    parser.add_argument("--boards", type=int, default=20, help="boards per set (default %(default)s)")
    parser.add_argument("--first", type=int, default=0, help="the first board of each set to take (default 0)")
    parser.add_argument(
        "--budget", default=f"{DEFAULT_BUDGET:g}", help="work budgets, comma-separated (default %(default)s)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="boards solved at once, in processes (default 1)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every board")
    args = parser.parse_args(argv)
    print(f"commit {head()}; load average {load_average()}; {args.jobs} job(s)")
    for name in args.sets.split(","):
        cases = cases_of(name.strip(), args.boards, args.first)
        for budget in (float(b) for b in args.budget.split(",")):
            report(name.strip(), budget, cases, args.jobs, args.verbose)
    print(f"load average at the end {load_average()}")
    return 0
