"""The near-optimal solver's lengths against the optimum, DeepCubeA and the lower bound, per size and work budget.

Issue 31's figures. Each board is solved by ``solve_big`` with a work budget (the default unless ``--budget``
says otherwise; several, comma-separated, run one after the other), its moves replayed on the board, and one
line per board printed (``-v``) or only the summary per set and budget: boards, mean length, the reference's
mean and the ratio of the means, the worst board's ratio, the mean proven lower bound and length / bound, and the
seconds (wall clock, mean / median / max, and mean CPU seconds of the worker; lengths are the same on any machine,
seconds are not). The sets:

- ``korf50``: Korf & Felner's 50 random 24-puzzles (``npuzzle.research.instances.korf24``), against their optimal
  lengths.
- ``dca24``, ``dca35``, ``dca48``: DeepCubeA's own test boards of the 24-, 35- and 48-puzzle
  (``bench/data/deepcubea*.txt``), against DeepCubeA's solution on each board. Those boards were scrambled by
  random moves from the goal, far from uniform (their mean Manhattan-plus-conflicts bound on the 6×6 is 96, a
  uniform 6×6's 139).
- ``random5`` … ``random10`` (or ``randomRxC``): uniformly random boards, the same as ``npuzzle random --shape
  6x6 --seed S`` for S = 0, 1, …, against the lower bound (their optimum is unknown).

``--boards N`` takes the first N of each set (``--first K`` starts at the K-th), ``--jobs J`` solves J boards at once
in worker processes (lengths are unchanged; seconds then share the processors). ``--prove N`` raises each answer's
lower bound by IDA* with linear conflicts for N nodes (``npuzzle solve --prove``), its seconds counted in; with
``--additive FILE`` by IDA* over those additive tables (``npuzzle pdb build --shape 5x5``) on boards of their shape.

    python -m bench near --sets korf50,dca35,dca48 --boards 20          # the default budget
    python -m bench near --sets random6,random7 --boards 200 --jobs 2
    python -m bench near --sets random5,random6 --boards 20 --budget 4,40   # what ten times the budget buys
    python -m bench near --sets korf50 --boards 50 --prove 50000000         # the bound IDA* proves in 50 M nodes
    python -m bench near --sets korf50 --boards 50 --prove 20000000 --additive .cache/pdb/24puzzle-6-6-6-6.add
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from npuzzle import Board, goal_board, random_board
from npuzzle.nearoptimal import DEFAULT_BUDGET, raised_bound, solve_big
from npuzzle.pdb import AdditiveHeuristic, AdditiveTables, read_additive
from npuzzle.progress import run
from npuzzle.research.instances import korf24

from .common import head, load_average
from .trees import Outcome, TreeWorker

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


@cache
def additive_tables(path: Path) -> AdditiveTables:
    """The tables in ``path``, read once a process."""
    return read_additive(path)


@cache
def additive_heuristic(path: Path, goal: Board) -> AdditiveHeuristic | None:
    """The tables in ``path`` for ``goal`` when they are for its shape, made once a process (their compiled arrays
    with them)."""
    tables = additive_tables(path)
    return AdditiveHeuristic(tables, goal) if (tables.rows, tables.cols) == (goal.rows, goal.cols) else None


def solve_one(job: tuple[Case, float, int, Path | None]) -> Outcome:
    """Solve one board with the work budget, then raise its bound by ``prove`` nodes of IDA* (in a worker process),
    over the additive tables in ``tables`` when they are for the board's shape."""
    case, budget, prove, tables = job
    heuristic = additive_heuristic(tables, case.goal) if tables is not None and prove else None
    began, cpu = time.perf_counter(), time.process_time()
    result = run(solve_big(case.board, case.goal, budget=budget))
    result = run(raised_bound(case.board, case.goal, result, prove, heuristic=heuristic))
    took, cpu = time.perf_counter() - began, time.process_time() - cpu
    assert result.moves is not None, f"{case.set_name} #{case.number}: no solution"
    return Outcome(tuple(result.moves), result.lower_bound, result.nodes_expanded, took, cpu)


def solve_all(
    cases: Sequence[Case], budget: float, jobs: int, prove: int, tables: Path | None
) -> Iterable[tuple[Case, Outcome, None]]:
    """Each case with its outcome, in order (``jobs`` worker processes, or this one)."""
    work = [(case, budget, prove, tables) for case in cases]
    if jobs <= 1:
        for job in work:
            yield job[0], solve_one(job), None
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for case, out in zip(cases, pool.map(solve_one, work)):
            yield case, out, None


def solve_side_by_side(cases: Sequence[Case], budget: float, other: Path) -> Iterable[tuple[Case, Outcome, Outcome]]:
    """Each case with this tree's outcome and the checkout ``other``'s, in two worker processes, alternated board
    by board (which goes first alternates too)."""
    here = Path(__file__).resolve().parents[1]
    workers = {"this": TreeWorker(here), "other": TreeWorker(other.resolve())}
    try:
        for number, case in enumerate(cases):
            order = ("this", "other") if number % 2 == 0 else ("other", "this")
            got = {name: workers[name].solve(case.board, case.goal, budget) for name in order}
            yield case, got["this"], got["other"]
    finally:
        for worker in workers.values():
            worker.close()


class Tally:
    """One set's figures for one tree and budget, board by board, and its summary line."""

    def __init__(self, name: str, label: str) -> None:
        self.name, self.label = name, label
        self.lengths: list[int] = []
        self.refs: list[int] = []
        self.ratios: list[float] = []
        self.bounds: list[int] = []
        self.seconds: list[float] = []
        self.cpus: list[float] = []
        self.digests: list[str] = []
        self.against = "bound"

    def add(self, case: Case, out: Outcome) -> None:
        """Check that the moves reach the goal, then count the board."""
        if case.board.apply(out.moves) != case.goal:
            raise SystemExit(f"{self.name} #{case.number} ({self.label}): the moves do not reach the goal")
        length = len(out.moves)
        reference = case.reference if case.reference is not None else out.lower_bound
        if case.reference is not None:
            self.against = "optimum" if self.name == "korf50" else "DeepCubeA"
        self.lengths.append(length)
        self.bounds.append(out.lower_bound)
        self.seconds.append(out.seconds)
        self.cpus.append(out.cpu)
        self.refs.append(reference)
        self.ratios.append(length / max(reference, 1))
        self.digests.append(hashlib.sha256(repr(out.moves).encode()).hexdigest()[:10])

    def line(self, budget: float) -> str:
        """The summary: boards, mean length, the reference and the ratio of the means, the worst board, the
        bound, the seconds and a digest of every answer."""
        digest = hashlib.sha256(" ".join(self.digests).encode()).hexdigest()[:10]
        return (
            f"{self.name:>9} {self.label:>5} budget {budget:>6g} | {len(self.lengths):>3} boards | mean "
            f"{statistics.mean(self.lengths):8.2f} | {self.against} {statistics.mean(self.refs):8.2f} ratio "
            f"{sum(self.lengths) / sum(self.refs):.4f} worst {max(self.ratios):.3f} | bound "
            f"{statistics.mean(self.bounds):7.2f} len/bound {sum(self.lengths) / sum(self.bounds):.3f} | s mean "
            f"{statistics.mean(self.seconds):5.2f} median {statistics.median(self.seconds):5.2f} max "
            f"{max(self.seconds):5.2f} cpu median {statistics.median(self.cpus):5.2f} | answers {digest}"
        )


def report(
    name: str,
    budget: float,
    cases: Sequence[Case],
    jobs: int,
    verbose: bool,
    other: Path | None = None,
    prove: int = 0,
    tables: Path | None = None,
) -> None:
    """Solve a set with one budget and print its summary line (and every board's with ``verbose``); with
    ``other``, that checkout's too and the ratios of the two (this / other)."""
    mine, theirs = Tally(name, "this"), Tally(name, "other")
    pairs: Iterable[tuple[Case, Outcome, Outcome | None]] = (
        solve_all(cases, budget, jobs, prove, tables) if other is None else solve_side_by_side(cases, budget, other)
    )
    for case, out, base in pairs:
        mine.add(case, out)
        if base is not None:
            theirs.add(case, base)
        if verbose:
            also = "" if base is None else f"; other {len(base.moves)} moves, {base.seconds:.2f} s"
            print(
                f"  {name} #{case.number}: {len(out.moves)} moves, reference {mine.refs[-1]}, bound "
                f"{out.lower_bound}, {out.expanded:,} expanded, {out.seconds:.2f} s ({out.cpu:.2f} s CPU){also}",
                flush=True,
            )
    print(mine.line(budget), flush=True)
    if other is not None:
        print(theirs.line(budget), flush=True)
        print(
            f"{name:>9} this/other: mean length {sum(mine.lengths) / sum(theirs.lengths):.4f}, median seconds "
            f"{statistics.median(mine.seconds) / statistics.median(theirs.seconds):.3f}, median CPU seconds "
            f"{statistics.median(mine.cpus) / statistics.median(theirs.cpus):.3f}",
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
    parser.add_argument(
        "--against",
        type=Path,
        metavar="TREE",
        help="also solve every board with the checkout TREE, alternated with this tree board by board",
    )
    parser.add_argument("--prove", type=int, default=0, help="nodes of IDA* raising each bound (default 0: none)")
    parser.add_argument(
        "--additive", type=Path, metavar="FILE", help="raise the bounds over these additive tables (with --prove)"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print every board")
    args = parser.parse_args(argv)
    if args.against is not None and args.jobs > 1:
        parser.error("--against alternates the two trees on one board at a time: leave --jobs at 1")
    if args.against is not None and args.prove:
        parser.error("--prove runs on this tree alone: leave out --against")
    also = "" if args.against is None else f"; against {args.against} ({head(args.against)})"
    print(f"commit {head()}; load average {load_average()}; {args.jobs} job(s){also}")
    for name in args.sets.split(","):
        cases = cases_of(name.strip(), args.boards, args.first)
        for budget in (float(b) for b in args.budget.split(",")):
            report(name.strip(), budget, cases, args.jobs, args.verbose, args.against, args.prove, args.additive)
    print(f"load average at the end {load_average()}")
    return 0
