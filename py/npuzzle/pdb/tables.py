"""A pattern database ready for searching, and how a board and its goal are mapped onto it.

:class:`PdbTables` pairs a loaded :class:`~npuzzle.pdb.database.PatternDatabase` with its index lookups
(:func:`load_tables` from the file's bytes, :func:`load_tables_steps` in slices for the page's worker).
:func:`pdb_fits` says which boards the tables can solve; :func:`home_labelling` rewrites such a board for the
tables' *home labelling* (tile ``t`` belongs on cell ``t``, the blank on cell 0) by a symmetry of the board that
takes the goal's corner blank to cell 0 and a renaming of the tiles. :class:`PdbHeuristic` is the tables'
estimate as a generic heuristic (for A*); the fast IDA* on them is :mod:`npuzzle.pdb.search`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..errors import PatternDatabaseError
from ..optimal.packing import Layout, Move
from ..progress import mapped, run
from ..solvability import check_reachable
from .database import PatternDatabase
from .index import IndexTables
from .loading import FileSlices, load_database_steps


@dataclass(frozen=True, slots=True)
class PdbTables:
    """A pattern database ready for searching: its tables (alternatives sharing bytes) and their index lookups.
    Build once, reuse.

    :func:`load_tables` makes one from file bytes; ``PdbTables.of(database)`` from a built database (building
    its :class:`~npuzzle.pdb.index.IndexTables` takes a while: reuse it).
    """

    database: PatternDatabase
    index: IndexTables
    mapped: str | None = field(default=None, repr=False, compare=False)
    """The search form these tables are memory-mapped from (:mod:`npuzzle.pdb.mapped`), if they are."""
    search_cache: dict[bool, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What the search derives from these tables alone, made by the first search and kept for the next ones (its
    move tables, per use of the reflected lookup: :mod:`npuzzle.pdb.search`)."""

    def __post_init__(self) -> None:
        if not self.database.shared:
            raise PatternDatabaseError("PdbTables needs a database whose alternatives share bytes: use PdbTables.of")

    @classmethod
    def of(cls, database: PatternDatabase) -> PdbTables:
        """Prepare ``database`` for :func:`solve_with_pdb` (its alternatives made to share bytes,
        :meth:`~npuzzle.pdb.database.PatternDatabase.shared_copy`)."""
        shared = database.shared_copy()
        return cls(shared, IndexTables.of(shared))

    @property
    def name(self) -> str:
        """The database's name (``"7/7-7"``, ``"7-7-1"``; see :attr:`~npuzzle.pdb.database.PatternDatabase.name`)."""
        return self.database.name


def load_tables(
    data: bytes | bytearray | memoryview | FileSlices, rows: int | None = None, cols: int | None = None
) -> PdbTables:
    """Read a pattern-database file (see :func:`npuzzle.pdb.loading.load_database`) and prepare it for searching."""
    return run(load_tables_steps(data, rows, cols))


INFLATE_SHARE = 0.8
"""The part of :func:`load_tables_steps`'s progress given to inflating the file (the index tables take the rest)."""


def load_tables_steps(
    data: bytes | bytearray | memoryview | FileSlices, rows: int | None = None, cols: int | None = None
) -> Generator[float, None, PdbTables]:
    """:func:`load_tables` in steps of a few milliseconds: yields the fraction done (0 to 1, never decreasing)
    and returns the tables, so the page's worker can answer requests while it prepares them."""
    database = yield from mapped(load_database_steps(data, rows, cols, shared=True), lambda f: INFLATE_SHARE * f)
    index = yield from mapped(IndexTables.steps(database), lambda f: INFLATE_SHARE + (1 - INFLATE_SHARE) * f)
    return PdbTables(database, index)


def _symmetries(rows: int, cols: int) -> list[Callable[[int], int]]:
    """Cell maps of the board's symmetries: the four of a rectangle, plus the four diagonal ones of a square."""

    def make(f: Callable[[int, int], tuple[int, int]], out_cols: int) -> Callable[[int], int]:
        def cell(c: int) -> int:
            r, k = f(*divmod(c, cols))
            return r * out_cols + k

        return cell

    maps = [
        make(lambda r, k: (r, k), cols),
        make(lambda r, k: (r, cols - 1 - k), cols),
        make(lambda r, k: (rows - 1 - r, k), cols),
        make(lambda r, k: (rows - 1 - r, cols - 1 - k), cols),
    ]
    if rows == cols:
        maps += [
            make(lambda r, k: (k, r), rows),
            make(lambda r, k: (cols - 1 - k, r), rows),
            make(lambda r, k: (k, rows - 1 - r), rows),
            make(lambda r, k: (cols - 1 - k, rows - 1 - r), rows),
        ]
    return maps


def home_map(goal: Board) -> tuple[list[int], list[int]] | None:
    """How boards for ``goal`` are rewritten in home labelling: ``(cell, label)``, or ``None`` (no corner blank).

    The tile ``t`` on cell ``c`` of a board becomes tile ``label[t]`` on cell ``cell[c]``; the goal becomes
    ``0 1 … n−1``. ``cell`` is a symmetry of the board taking the goal's blank to cell 0.
    """
    n = goal.size
    goal_cell = [0] * n
    for c, t in enumerate(goal.tiles):
        goal_cell[t] = c
    for sym in _symmetries(goal.rows, goal.cols):
        if sym(goal_cell[0]) == 0:
            return [sym(c) for c in range(n)], [sym(goal_cell[t]) for t in range(n)]
    return None


def home_labelling(board: Board, goal: Board) -> tuple[list[int], list[int]] | None:
    """``board`` rewritten for the home-labelled goal, and the map back from home labels to the board's tiles.

    Returns ``(tiles, original)`` where ``tiles`` is the transformed row-major board (the goal becoming ``0 1 …
    n−1``) and ``original[t]`` is the real tile called ``t`` there; ``None`` when the goal's blank is not in a
    corner (no symmetry takes it to cell 0).
    """
    mapping = home_map(goal)
    if mapping is None:
        return None
    cell, label = mapping
    tiles = [0] * board.size
    for c, t in enumerate(board.tiles):
        tiles[cell[c]] = label[t]
    original = [0] * board.size
    for t, home in enumerate(label):
        original[home] = t
    return tiles, original


class PdbHeuristic:
    """The pattern-database estimate (with its reflected lookup) as a generic heuristic for one goal.

    It follows :class:`npuzzle.optimal.heuristics.Heuristic`, so A* and the generic IDA* of
    :mod:`npuzzle.optimal.search` can use it; each estimate costs O(n) pure-Python work (tens of microseconds), so for
    IDA* on the 15-puzzle :func:`solve_with_pdb` is much faster. Raises :class:`~npuzzle.errors.PatternDatabaseError`
    for a goal the tables do not fit.
    """

    def __init__(self, tables: PdbTables | PatternDatabase, goal: Board, reflect: bool = True) -> None:
        database = tables.database if isinstance(tables, PdbTables) else tables
        mapping = home_map(goal)
        if not pdb_fits(goal, goal, database) or mapping is None:
            raise PatternDatabaseError(
                f"the {database.name} pattern database cannot be used for this "
                f"{goal.rows}×{goal.cols} goal (it needs the same shape and a corner blank)"
            )
        self._database = database
        self.tables = tables if isinstance(tables, PdbTables) and reflect else None
        """The tables ready for searching it was made from (``None``: a bare database, or no reflected lookup):
        what a faster search with the same estimate starts from (:class:`~npuzzle.pdb.pdb_paths.PdbSpace`)."""
        self._cell, self._label = mapping
        self._reflect = reflect and useful_reflection(database)
        self._mirror = mirror_cell(goal.cols)
        self._layout = Layout.of(goal.rows, goal.cols)
        self._name = heuristic_name(database, reflect)

    @property
    def name(self) -> str:
        """``"pdb-7/7-7+reflected"`` and the like."""
        return self._name

    @property
    def admissible(self) -> bool:
        """Always true."""
        return True

    def initial(self, tiles: Sequence[int]) -> int:
        """The estimate of a row-major board (0 = blank)."""
        home = [0] * len(tiles)
        for c, t in enumerate(tiles):
            home[self._cell[c]] = self._label[t]
        h = self._database.value(home)
        if self._reflect:
            m = self._mirror
            reflected = [0] * len(home)
            for c, t in enumerate(home):
                reflected[m(c)] = m(t)
            h = max(h, self._database.value(reflected))
        return h

    def delta(self, state: int, child: int, tile: int, move: Move) -> int:
        """``h(child) − h(state)`` for packed states (:mod:`npuzzle.optimal.packing`)."""
        return self.initial(self._layout.unpack(child)) - self.initial(self._layout.unpack(state))


def pdb_fits(board: Board, goal: Board, tables: PdbTables | PatternDatabase) -> bool:
    """True when ``tables`` can solve ``board`` → ``goal``: the same shape and a goal with the blank in a corner."""
    database = tables.database if isinstance(tables, PdbTables) else tables
    return corner_goal_fits(board, goal, database.rows, database.cols)


def corner_goal_fits(board: Board, goal: Board, rows: int, cols: int) -> bool:
    """True when ``board`` and ``goal`` are ``rows × cols`` and the goal's blank is in a corner: what tables in home
    labelling (:func:`home_labelling`) can serve."""
    if (board.rows, board.cols) != (rows, cols) or (goal.rows, goal.cols) != (rows, cols):
        return False
    corners = {0, board.cols - 1, board.size - board.cols, board.size - 1}
    return goal.blank_index in corners


def home_start(board: Board, goal: Board, tables: str, rows: int, cols: int) -> tuple[list[int], list[int]]:
    """``board`` in home labelling and the tile names to rename a solution back with (:func:`home_labelling`), for
    searching the ``rows × cols`` tables named ``tables`` (as a message says them); raises
    :class:`~npuzzle.errors.PatternDatabaseError` when they do not fit the board and goal (:func:`corner_goal_fits`),
    :class:`~npuzzle.errors.UnsolvableError` when the goal is out of the board's reach."""
    if not corner_goal_fits(board, goal, rows, cols):
        raise PatternDatabaseError(
            f"{tables} ({rows}×{cols}) cannot solve this {board.rows}×{board.cols} board: it needs the same shape "
            "and a goal with the blank in a corner"
        )
    check_reachable(board, goal)
    mapped = home_labelling(board, goal)
    assert mapped is not None  # corner_goal_fits checked the corner
    return mapped


def mirror_cell(cols: int) -> Callable[[int], int]:
    """The cell map of the reflection along the main diagonal of a square board with ``cols`` columns."""
    return lambda c: (c % cols) * cols + c // cols


def useful_reflection(database: PatternDatabase) -> bool:
    """The reflected lookup helps unless the partition is its own mirror image (then it repeats ``h``)."""
    if database.rows != database.cols:
        return False
    m = mirror_cell(database.cols)
    own = {frozenset(p) for p in database.partition}
    return {frozenset(m(t) for t in p) for p in database.partition} != own


def heuristic_name(tables: PdbTables | PatternDatabase, reflect: bool = True) -> str:
    """How results name the heuristic: ``"pdb-7/7-7+reflected"`` or ``"pdb-7/7-7"``."""
    database = tables.database if isinstance(tables, PdbTables) else tables
    reflected = reflect and useful_reflection(database)
    return f"pdb-{database.name}" + ("+reflected" if reflected else "")
