"""Optimal solving with additive pattern databases: a specialised, incremental IDA*.

:func:`solve_with_pdb` runs IDA* (Korf 1985) with the heuristic ``max(h, h_reflected)``, where ``h`` is the
additive estimate of a :class:`~npuzzle.pdb.database.PatternDatabase` and ``h_reflected`` the same estimate of the
board mirrored along its main diagonal with the tiles relabelled (Korf & Felner 2002's *reflected lookup*; square
boards only). Both are admissible, so is their maximum, and IDA*'s first solution is optimal. Load the shipped file
with :func:`~npuzzle.pdb.tables.load_tables` (bytes in, :class:`~npuzzle.pdb.tables.PdbTables` out) once and pass it
to every solve.

The search is set-up (:class:`~npuzzle.pdb.search_run.SearchRun`: lookups, move tables, move order near the root,
the transposition table) and one IDA* iteration per call of a hot loop, each in its own module
(:func:`~npuzzle.pdb.loop_general.deepen_general` for tables with alternatives, as 7/7-7,
:func:`~npuzzle.pdb.loop_disjoint.deepen_disjoint` for the others); its limits, progress and stop messages are the
shared :class:`~npuzzle.optimal.checkpoint.Checkpoint`'s. How a move updates the estimate, and why the search is as it
is: docs/pattern-databases.md ("The search").

Goals: the tables are in *home labelling* (tile ``t`` belongs on cell ``t``, the blank on cell 0). A goal whose
blank is in a corner is reduced to it by a symmetry of the board that takes that corner to cell 0 and by
renaming each tile after the (transformed) cell it belongs on; the solution's tiles are renamed back. This is
how one set of files serves both named goals (``blank-first`` needs no symmetry; ``default`` is the 180°
rotation with tile ``t`` renamed ``n − t``) and any custom goal with a corner blank.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ..board import Board
from ..optimal.checkpoint import DEFAULT_REPORT_EVERY, ida_result, tiles_moved, verify
from ..progress import Limit, Progress, Search, SearchResult, StopReason
from .database import PatternDatabase
from .loop_disjoint import deepen_disjoint
from .loop_general import deepen_general
from .search_run import SearchRun
from .tables import PdbTables, home_start, useful_reflection


def solve_with_pdb(
    board: Board,
    goal: Board,
    tables: PdbTables | PatternDatabase,
    limit: Limit = Limit(),
    *,
    reflect: bool = True,
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Search:
    """Optimal solution of ``board`` → ``goal`` by IDA* on a pattern database (+ its reflected lookup): a generator.

    ``tables`` is a :class:`PdbTables` (or a bare database, prepared here at some cost). Yields a
    :class:`~npuzzle.progress.Progress` about every ``report_every`` seconds and returns a
    :class:`~npuzzle.progress.SearchResult` (moves as tile numbers, verified on the board). ``limit.nodes`` and
    ``limit.seconds`` are checked every :data:`~npuzzle.pdb.search_run.CHECK_EVERY` expansions; ``limit.memory``
    caps the transposition table (at most :data:`~npuzzle.pdb.search_run.TT_ENTRIES`). ``reflect=False`` drops the
    reflected lookup. Raises at once (before the first ``next``): :class:`~npuzzle.errors.PatternDatabaseError`
    when the tables do not fit (see :func:`pdb_fits`), :class:`~npuzzle.errors.UnsolvableError` for a board that
    cannot reach the goal.
    """
    prepared = tables if isinstance(tables, PdbTables) else PdbTables.of(tables)
    tiles, original = home_board(board, goal, prepared)
    database = prepared.database
    use_reflection = reflect and useful_reflection(database)
    return _search(board, goal, prepared, tiles, original, use_reflection, limit, report_every)


def home_board(board: Board, goal: Board, tables: PdbTables) -> tuple[list[int], list[int]]:
    """``board`` in the tables' home labelling and the tile names to rename a solution back with
    (:func:`~npuzzle.pdb.tables.home_labelling`); raises :class:`~npuzzle.errors.PatternDatabaseError` when the
    tables do not fit the board and goal, :class:`~npuzzle.errors.UnsolvableError` when the goal is out of reach."""
    database = tables.database
    return home_start(board, goal, f"the {database.name} pattern database", database.rows, database.cols)


def _search(
    board: Board,
    goal: Board,
    tables: PdbTables,
    start: Sequence[int],
    original: Sequence[int],
    use_reflection: bool,
    limit: Limit,
    report_every: float,
) -> Search:
    run = SearchRun(tables, start, use_reflection, limit, report_every)

    def finish(moves: tuple[int, ...] | None, reason: StopReason | None) -> SearchResult:
        extra = {
            "bound": run.bound,
            "h0": run.h0,
            "h0_reflected": run.r0 if use_reflection else None,
            "transpositions": len(run.tt),
            "per_iteration": run.per_iteration(),
        }
        return ida_result(run, limit, moves, len(moves) if moves is not None else run.bound, reason, extra)

    yield run.started()
    if run.h0 == 0:
        return finish((), None)
    deepen = deepen_disjoint if run.disjoint else deepen_general
    while True:
        run.iterations += 1
        ended = yield from deepen(run, run.bound)
        if isinstance(ended, list):  # the blank's cells along the solution
            moves = tuple(original[t] for t in tiles_moved(start, ended))
            return finish(verify(board, goal, moves), None)
        if ended is not None:
            return finish(None, ended)
        run.iteration_ended()
        run.bound += 2


Within = Generator[Progress, None, "tuple[tuple[int, ...] | StopReason | None, int]"]
"""A bounded search: progress records, then the tiles of a solution within the bound (``None`` when there is none,
or the limit that stopped it) and the nodes it expanded."""


def within_bound(
    board: Board,
    goal: Board,
    tables: PdbTables,
    bound: int,
    limit: Limit = Limit(),
    report_every: float = DEFAULT_REPORT_EVERY,
) -> Within:
    """One IDA* iteration with ``bound``: a shortest solution of ``board`` → ``goal`` when one has at most
    ``bound`` moves (the tiles slid, verified), else ``None``; the limit's reason if it stopped first; and the nodes
    expanded. Raises as
    :func:`solve_with_pdb` does. What the analysis of a solve asks of each position
    (:mod:`npuzzle.speedsolving.analysis`)."""
    tiles, original = home_board(board, goal, tables)
    run = SearchRun(tables, tiles, useful_reflection(tables.database), limit, report_every)
    if run.h0 == 0:
        return (), 0
    if run.bound > bound:
        return None, 0
    run.bound = bound
    deepen = deepen_disjoint if run.disjoint else deepen_general
    ended = yield from deepen(run, bound)
    if isinstance(ended, list):
        return verify(board, goal, tuple(original[t] for t in tiles_moved(tiles, ended))), run.expanded
    return ended, run.expanded
