"""The beam's numba kernel against its pure-Python kernel: CPU seconds per width and size, and where it starts to
pay.

    python -m bench beams                                  # 5×5, 6×6, 7×7 at widths 100 … 1,000
    python -m bench beams --sizes 6 --widths 300,500 --boards 5
    python -m bench beams --widths 50,100,200

For each size, the same uniformly random boards (``npuzzle random --shape NxN --seed beams-K``) are searched by one
beam from the board to the goal, unpaced, by the depth loop (:func:`~npuzzle.nearoptimal.beam.run_depths`) with the
pure-Python kernel (:class:`~npuzzle.nearoptimal.beam.BoardKernel`) and with numba's
(:class:`~npuzzle.nearoptimal.beam_numba.BoardKernel`), alternated, each ``--repeat`` times; a board's time is
the median of its repeats, a line's the sum over the boards.
Both must return the same path (checked). The ratio below 1 is where :data:`~npuzzle.nearoptimal.beam.FAST_WIDTH`
should lie. Needs numba.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from npuzzle import Board, goal_board, random_board
from npuzzle.nearoptimal.beam import BoardKernel, Kernel, run_depths
from npuzzle.nearoptimal.budget import Budget
from npuzzle.progress import Limit

Kernels = Callable[[int, int, bytes, bytes], Kernel]


def timed(kernel: Kernels, board: Board, goal: Board, width: int) -> tuple[float, list[int] | None]:
    """CPU seconds of one unpaced beam from ``board`` to ``goal``, and its path."""
    budget = Budget(Limit(memory=None), "near-optimal", "bench")
    began = time.process_time()
    search = run_depths(kernel(board.rows, board.cols, bytes(board.tiles), bytes(goal.tiles)), budget, 3000, width)
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return time.process_time() - began, stop.value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench beams", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="5,6,7", help="square sizes, comma-separated (default 5,6,7)")
    parser.add_argument("--widths", default="100,200,300,500,1000", help="beam widths, comma-separated")
    parser.add_argument("--boards", type=int, default=3, help="boards a size (default 3)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each beam a board (default 3)")
    args = parser.parse_args(argv)
    from npuzzle.nearoptimal.beam_numba import BoardKernel as fast_beam

    for size in (int(s) for s in args.sizes.split(",")):
        goal = goal_board(size, size)
        boards = [random_board(size, size, seed=f"beams-{k}") for k in range(args.boards)]
        for width in (int(w) for w in args.widths.split(",")):
            python_s = fast_s = 0.0
            for board in boards:
                python_runs, fast_runs = [], []
                for _ in range(args.repeat):
                    seconds, path = timed(BoardKernel, board, goal, width)
                    python_runs.append(seconds)
                    seconds, same = timed(fast_beam, board, goal, width)
                    fast_runs.append(seconds)
                    if same != path:
                        raise SystemExit(f"{size}×{size} width {width}: the two beams' paths differ")
                python_s += statistics.median(python_runs)
                fast_s += statistics.median(fast_runs)
            print(
                f"{size}×{size} width {width:>5}: python {python_s:.3f} s, numba {fast_s:.3f} s, "
                f"numba / python {fast_s / python_s:.2f}",
                flush=True,
            )
    return 0
