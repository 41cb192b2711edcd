"""Every 3×3 state's count of optimal solutions against breadth-first search, in one metric: too long for the suite
(minutes a metric), run by hand.

    PYTHONPATH=py:tests python tests/exhaustive_counts.py stm    # or mtm

A count remembers, for each state it passed on an optimal path, that state's number of shortest paths; each is
checked against the truth (``test_all_solutions.check_memo``). Counting from the deepest state not yet checked, then
the next, checks every state with far fewer counts than states. Prints the counts run, the states checked and the
CPU time; fails on the first count that differs.
"""

from __future__ import annotations

import sys
import time

from npuzzle import Board, goal_board, run
from npuzzle.solving.all_solutions import AllSolutions
from oracle import path_counts
from test_all_solutions import check_memo, registry_for, remembered


def counted_states(every: AllSolutions) -> set[tuple[int, ...]]:
    """The states a count remembered on an optimal path (a positive count), as boards' tiles."""
    return {tiles for tiles, _, n in remembered(every) if n}


def main(metric: str) -> int:
    goal = goal_board(3, 3)
    truth = path_counts(goal, metric)
    registry = registry_for(3, 3, metric)
    started = time.process_time()
    checked: set[tuple[int, ...]] = set()
    counts = 0
    for tiles in sorted(truth, key=lambda state: (-truth[state][0], state)):
        if tiles in checked:
            continue
        every = AllSolutions(Board(3, 3, tiles), goal, metric, registry)
        counted = run(every.count())
        assert (counted.length, counted.count) == truth[tiles], tiles
        check_memo(every, truth)
        checked |= counted_states(every) | {tiles}
        counts += 1
    assert checked == set(truth)
    seconds = time.process_time() - started
    print(f"{metric}: every one of {len(truth):,} states checked, {counts:,} counts, {seconds:.0f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "stm"))
