"""The near-optimal solver of another checkout, in a long-lived worker process: two trees timed side by side.

A :class:`TreeWorker` runs ``solve_big`` of the checkout ``root`` (its ``py`` folder first on the path) on the
boards it is sent, one JSON line each way, so that a benchmark can alternate this tree and a baseline board by
board in one run (``python -m bench near --against TREE``, ``python -m bench big --against TREE``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from npuzzle import Board

WORKER = """\
import json, sys, time
from npuzzle import Board
from npuzzle.nearoptimal import DEFAULT_BUDGET, solve_big
from npuzzle.progress import run
for line in sys.stdin:
    rows, cols, tiles, goal, budget = json.loads(line)
    board, target = Board(rows, cols, tuple(tiles)), Board(rows, cols, tuple(goal))
    began, cpu = time.perf_counter(), time.process_time()
    result = run(solve_big(board, target, budget=DEFAULT_BUDGET if budget is None else budget))
    took, cpu = time.perf_counter() - began, time.process_time() - cpu
    moves = list(result.moves or ())
    print(json.dumps([moves, result.lower_bound, result.nodes_expanded, took, cpu]), flush=True)
"""
"""The worker's program: reads ``[rows, cols, tiles, goal, budget]`` lines (``budget`` null: the tree's default),
writes ``[moves, lower bound, states expanded, seconds, CPU seconds]`` lines."""


@dataclass(frozen=True)
class Outcome:
    """One board solved: the moves, the proven lower bound, the states expanded, the wall-clock and CPU seconds."""

    moves: tuple[int, ...]
    lower_bound: int
    expanded: int
    seconds: float
    cpu: float


class TreeWorker:
    """A process that solves boards with the near-optimal solver of the checkout ``root``."""

    def __init__(self, root: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(root / "py"))
        self.root = root
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )

    def solve(self, board: Board, goal: Board, budget: float | None = None) -> Outcome:
        """Solve ``board`` towards ``goal`` with the work ``budget`` (``None``: the tree's default)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([board.rows, board.cols, board.tiles, goal.tiles, budget]) + "\n")
        self.process.stdin.flush()
        reply: list[Any] = json.loads(self.process.stdout.readline())
        moves, lower, expanded, took, cpu = reply
        return Outcome(tuple(moves), int(lower), int(expanded), float(took), float(cpu))

    def close(self) -> None:
        """End the worker (it ends when its input does)."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)
