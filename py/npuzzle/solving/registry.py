"""The heuristics and specialised solvers on offer, by name: an immutable :class:`Registry` of
:class:`HeuristicEntry` (a factory from the goal, ``fits(board, goal)``, a ``strength`` that ranks it for ``auto``, a
summary) and :class:`SolverEntry` (a whole solver for an ``(algorithm, heuristic)`` pair). :func:`default_registry`
holds the built-in ones; :func:`registry_with_tables` adds a loaded pattern database's heuristic and its IDA*,
ranked by :mod:`npuzzle.policy`. :mod:`npuzzle.solving.solve` plans and starts searches from a registry."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, replace

from .. import policy
from ..board import Board
from ..errors import LimitError
from ..names import HEURISTICS, PDB, choose, name_key
from ..optimal.heuristics import Heuristic, make_heuristic
from ..optimal.walking import HEURISTIC as WALKING
from ..optimal.walking import walking_distance_steps, walking_fits
from ..optimal.walking_search import solve_with_walking_distance
from ..pdb import MultisetDatabase, PdbHeuristic, PdbTables, heuristic_name, pdb_fits, solve_with_pdb
from ..policy import PDB_STRENGTH
from ..progress import Limit, Search


@dataclass(frozen=True, slots=True)
class HeuristicEntry:
    """A heuristic the front door can build by name.

    ``build(goal)`` makes it for a goal board; ``fits(board, goal)`` says whether it can be used there (shape,
    data files present); ``strength`` ranks entries for ``heuristic="auto"`` (higher is stronger) and orders
    the lists; ``auto_rank(board, goal)``, when given, replaces ``strength`` in ``auto``'s choice for that board
    (a heuristic measured faster on some shapes only).
    """

    name: str
    build: Callable[[Board], Heuristic]
    fits: Callable[[Board, Board], bool]
    strength: int
    summary: str
    auto_rank: Callable[[Board, Board], int] | None = None
    aliases: tuple[str, ...] = ()
    """Other names that pick it (:func:`npuzzle.names.choose`)."""
    build_steps: Callable[[Board], Generator[None, None, Heuristic]] | None = None
    """``build`` in steps, for a heuristic whose tables take more than a slice to build (it yields every few
    milliseconds and returns the heuristic): a search starts with it and stays cancellable meanwhile."""


@dataclass(frozen=True, slots=True)
class SolverEntry:
    """A specialised solver that replaces the generic search for one ``(algorithm, heuristic)`` pair.

    ``run(board, goal, limit)`` must return a :data:`Search` that keeps the shared contract (progress records,
    limits, a verified :class:`SearchResult`); ``fits(board, goal)`` says where it applies.
    """

    algorithm: str
    heuristic: str
    run: Callable[[Board, Board, Limit], Search]
    fits: Callable[[Board, Board], bool]


def _always(board: Board, goal: Board) -> bool:
    return True


def _builder(name: str) -> Callable[[Board], Heuristic]:
    def build(goal: Board) -> Heuristic:
        return make_heuristic(name, goal)

    return build


@dataclass(frozen=True, slots=True)
class Registry:
    """The heuristics and specialised solvers available by name (an immutable value)."""

    heuristics: tuple[HeuristicEntry, ...]
    solvers: tuple[SolverEntry, ...] = ()
    mtm: MultisetDatabase | None = None
    """The multi-tile metric's database, when one is loaded (:mod:`npuzzle.solving.multitile`)."""
    tables: PdbTables | None = None
    """The pattern database :func:`registry_with_tables` added, if any (the analysis searches with it)."""

    def with_mtm(self, database: MultisetDatabase) -> Registry:
        """A copy that solves the boards ``database`` fits optimally in the multi-tile metric."""
        return replace(self, mtm=database)

    def with_heuristic(self, entry: HeuristicEntry) -> Registry:
        """A copy with ``entry`` added (replacing an entry of the same name)."""
        kept = tuple(e for e in self.heuristics if e.name != entry.name)
        return replace(self, heuristics=kept + (entry,))

    def with_solver(self, entry: SolverEntry) -> Registry:
        """A copy with ``entry`` added in front (it wins over earlier solvers for the same pair)."""
        return replace(self, solvers=(entry,) + self.solvers)

    def ranked(self) -> tuple[HeuristicEntry, ...]:
        """The entries in ``auto``'s ranking order (by ``strength``, lowest first)."""
        return tuple(sorted(self.heuristics, key=lambda e: e.strength))

    def names(self) -> tuple[str, ...]:
        """The heuristic names in ``auto``'s ranking order (by ``strength``, lowest first)."""
        return tuple(e.name for e in self.ranked())

    def fitting_names(self, board: Board, goal: Board) -> tuple[str, ...]:
        """The names of the heuristics that fit ``board`` and ``goal``, in ``auto``'s ranking order (lowest first)."""
        return tuple(e.name for e in self.ranked() if e.fits(board, goal))

    def missing_hint(self, name: str) -> str:
        """Why ``name`` names no entry when it asks for the pattern database and none is loaded, else ``""``."""
        loaded = any(PDB.name in e.aliases for e in self.heuristics)
        if loaded or name_key(name) != name_key(PDB.name):
            return ""
        return "no pattern database is loaded (CLI: --pdb FILE or NPUZZLE_PDB)"

    def heuristic(self, name: str) -> HeuristicEntry:
        """The entry ``name`` names, by its name or an alias (:func:`npuzzle.names.choose`); raises
        :class:`~npuzzle.errors.UnknownNameError` quoting it and listing the choices."""
        return choose(name, self.ranked(), "heuristic", self.missing_hint(name))

    def strongest(self, board: Board, goal: Board) -> HeuristicEntry:
        """The strongest entry that fits ``board`` and ``goal``."""
        fitting = [e for e in self.heuristics if e.fits(board, goal)]
        if not fitting:
            raise LimitError(f"no heuristic fits a {board.rows}×{board.cols} board")
        return max(fitting, key=lambda e: e.strength if e.auto_rank is None else e.auto_rank(board, goal))

    def solver(self, algorithm: str, heuristic: str, board: Board, goal: Board) -> SolverEntry | None:
        """The first specialised solver for the pair that fits the board, if any."""
        for entry in self.solvers:
            if entry.algorithm == algorithm and entry.heuristic == heuristic and entry.fits(board, goal):
                return entry
        return None


def _shape_rank(name: str, strength: int) -> Callable[[Board, Board], int] | None:
    """``auto``'s rank of a built-in heuristic where a shape rule of :mod:`npuzzle.policy` prefers it (else
    ``strength``), or ``None`` when no rule names shapes for it."""
    if not any(rule.heuristic == name and rule.shapes for rule in policy.HEURISTIC_RULES):
        return None

    def rank(board: Board, goal: Board) -> int:
        preferred = policy.auto_rank(name, board.rows, board.cols)
        return strength if preferred is None else preferred

    return rank


def default_registry() -> Registry:
    """The built-in heuristics (:data:`npuzzle.names.HEURISTICS`, with their summaries and aliases): each fits every
    board except ``walking-distance`` (boards of up to 4 rows and 4 columns,
    :func:`npuzzle.optimal.walking.walking_fits`), for which a :class:`SolverEntry` makes IDA* run the specialised
    :func:`npuzzle.optimal.walking_search.solve_with_walking_distance` (A* uses the generic
    :class:`npuzzle.optimal.walking.WalkingDistance`). Ranked for ``auto`` in that order, except on the shapes where a
    rule of :data:`npuzzle.policy.HEURISTIC_RULES` prefers one (:func:`npuzzle.policy.auto_rank`). A pattern database
    joins it through :func:`registry_with_tables`."""
    entries = tuple(
        HeuristicEntry(
            name=choice.name,
            build=_builder(choice.name),
            fits=walking_fits if choice.name == WALKING else _always,
            strength=strength,
            summary=choice.summary,
            auto_rank=_shape_rank(choice.name, strength),
            aliases=choice.aliases,
            build_steps=walking_distance_steps if choice.name == WALKING else None,
        )
        for strength, choice in enumerate(HEURISTICS)
    )
    return Registry(entries, (SolverEntry("idastar", WALKING, solve_with_walking_distance, walking_fits),))


def registry_with_tables(
    tables: PdbTables,
    registry: Registry | None = None,
    jobs: int = 1,
    split: Callable[[Board, Board, Limit], Search] | None = None,
) -> Registry:
    """``registry`` (default :func:`default_registry`) plus the pattern database ``tables``.

    Adds a :class:`HeuristicEntry` named by :func:`npuzzle.pdb.tables.heuristic_name` (``"pdb-7/7-7+reflected"``),
    strongest of all, fitting the boards :func:`npuzzle.pdb.tables.pdb_fits` accepts (the tables' shape and a goal with
    the blank in a corner), and a :class:`SolverEntry` so that IDA* with it runs the specialised
    :func:`npuzzle.pdb.search.solve_with_pdb`, or with ``jobs`` above 1 its split over that many processes
    (:func:`npuzzle.pdb.parallel.solve_with_pdb_parallel`, for the command line), or ``split`` when given (``solve
    --scheduler``: over a Dask cluster, :func:`npuzzle.cluster.solve_on_cluster`; the page's ``solve`` with ``workers``:
    over its Web Workers, :class:`npuzzle.api.SolveSession`). The one solver entry of a split, whoever splits. A* with
    it uses the generic :class:`~npuzzle.pdb.tables.PdbHeuristic`."""
    base = registry if registry is not None else default_registry()
    name = heuristic_name(tables)

    def build(goal: Board) -> Heuristic:
        return PdbHeuristic(tables, goal)

    def fits(board: Board, goal: Board) -> bool:
        return pdb_fits(board, goal, tables)

    def run_pdb(board: Board, goal: Board, limit: Limit) -> Search:
        if split is not None:
            return split(board, goal, limit)
        if jobs > 1:
            from ..pdb.parallel import solve_with_pdb_parallel  # processes: imported only where they are used

            return solve_with_pdb_parallel(board, goal, tables, limit, jobs=jobs)
        return solve_with_pdb(board, goal, tables, limit)

    summary = (
        f"additive pattern database {tables.name} (+ reflected lookup): the strongest, "
        f"{tables.database.rows}×{tables.database.cols} only"
    )
    entry = HeuristicEntry(
        name=name, build=build, fits=fits, strength=PDB_STRENGTH, summary=summary, aliases=(PDB.name,)
    )
    return replace(base.with_heuristic(entry).with_solver(SolverEntry("idastar", name, run_pdb, fits)), tables=tables)
