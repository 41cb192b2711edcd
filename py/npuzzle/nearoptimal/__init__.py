"""The near-optimal solver for big and non-square boards (5×5 up to 20×20, any goal), with a proven lower bound.

:mod:`.solver` is the entry point (:func:`~npuzzle.nearoptimal.solver.solve_big`); it peels edge lines
(:mod:`.peel`), solves the rest by beam search (:mod:`.beam`) ranked by Manhattan distance plus linear conflicts
(:mod:`.conflicts`), and shortens the path (:mod:`.shorten` with relaxed additive group tables, :mod:`.grouptables`,
on regions of at most 25 cells; :mod:`.windows` on the whole path), pacing every phase on one soft work budget
counted in states expanded (:mod:`.budget`), so that an answer does not depend on the machine; :mod:`.proven` raises
an answer's lower bound by IDA* for a given number of nodes. The rest of the package
imports what it uses from here (the names below), never from the parts. How it works:
``docs/near-optimal.md``; how well and how fast: ``docs/benchmarks-big-boards.md``.
"""

from __future__ import annotations

from .conflicts import manhattan_linear_conflict
from .proven import raised_bound, with_bound
from .solver import (
    ALGORITHM,
    BUDGET_RULE,
    DEFAULT_BUDGET,
    EXACT_CELLS,
    HEURISTIC,
    WORK_UNIT,
    budget_nodes,
    data_files,
    solve_big,
)
from .words import stopped_message

__all__ = [
    "ALGORITHM",
    "BUDGET_RULE",
    "DEFAULT_BUDGET",
    "EXACT_CELLS",
    "HEURISTIC",
    "WORK_UNIT",
    "budget_nodes",
    "data_files",
    "manhattan_linear_conflict",
    "raised_bound",
    "solve_big",
    "stopped_message",
    "with_bound",
]
