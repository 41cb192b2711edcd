"""Datasets of solved boards for learning: seeded boards, each with its optimal (or marked near-optimal) solution.

A :class:`DatasetSpec` says which boards: ``count`` boards of one shape drawn uniformly (``random``) or by ``walk:K``
random moves from the goal, board ``i`` from the seed ``f"{seed}/{i}"`` (so any row can be made again alone, and a
run cut short goes on with the rest), or with ``count=None`` every state of a board of at most
:data:`~npuzzle.research.exhaustive.MAX_EXHAUSTIVE_CELLS` cells (the whole 8-puzzle), in order of distance.
:func:`dataset_rows` labels them: by a breadth-first search from the goal (``bfs``: exact, for those small boards),
or by the solver (``search``) through :func:`npuzzle.research.batch.solve_batch`, so in ``jobs`` processes or on a Dask
cluster as batches are. Each row is a plain dict with the :data:`COLUMNS`; :mod:`npuzzle.research.datafiles` writes and
reads them (JSON lines, CSV, Parquet). This is ``npuzzle dataset`` (docs/research.md).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass, field, replace
from math import factorial
from typing import TYPE_CHECKING, Literal

from ..board import Board
from ..errors import PuzzleError, quote_input
from ..names import AUTO, name_key
from ..parse import resolve_goal
from ..randomize import check_scramble_moves, random_board, scramble
from .batch import BatchOptions, Record, solve_batch
from .exhaustive import MAX_EXHAUSTIVE_CELLS, DistanceTable, all_states, check_exhaustive

if TYPE_CHECKING:
    from distributed import Client

Row = dict[str, object]
Label = Literal["auto", "bfs", "search"]
LABELS: tuple[Label, ...] = ("auto", "bfs", "search")


class DatasetError(PuzzleError):
    """A dataset's settings or its file are not usable (the message names the value)."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a dataset row: its name, its type (``int``, ``float``, ``bool``, ``str``, ``ints``: a list of
    ints) and what it holds."""

    name: str
    kind: Literal["int", "float", "bool", "str", "ints"]
    doc: str


COLUMNS: tuple[Column, ...] = (
    Column("index", "int", "the row's number from 0; board i of a random dataset comes from the seed 'SEED/i'"),
    Column("rows", "int", "the board's rows"),
    Column("cols", "int", "the board's columns"),
    Column("tiles", "ints", "the board, row-major, 0 for the blank"),
    Column("goal", "str", "the goal: 'default' (1 2 … then the blank), 'blank-first' (0 1 2 …) or a board"),
    Column("length", "int", "the solution's length in moves (empty when a limit stopped the search)"),
    Column("optimal", "bool", "true when the length is proven optimal; false for a near-optimal row"),
    Column("lower_bound", "int", "a proven lower bound on the optimal length (the length itself when optimal)"),
    Column("moves", "str", "the solution as U/D/L/R letters, the direction each tile moves"),
    Column("nodes_expanded", "int", "states the search expanded (empty for bfs rows: one search labels them all)"),
    Column("seconds", "float", "the search's time for this board (empty for bfs rows)"),
    Column("algorithm", "str", "what labelled the row: bfs, astar, idastar or near-optimal"),
    Column("heuristic", "str", "the search's heuristic (empty for bfs rows)"),
    Column(
        "stopped",
        "str",
        "the limit that stopped the search (time-limit also when a time limit cut its optimal phase short), else empty",
    ),
)
"""The columns of every row, in order: the one place the schema is said (files, docs and tests read it)."""

COLUMN_NAMES: tuple[str, ...] = tuple(column.name for column in COLUMNS)


@dataclass(frozen=True, slots=True)
class DatasetSpec:
    """Which boards a dataset holds: ``count`` boards of ``rows × cols`` (``walk`` random moves from the goal each,
    or uniformly random when ``walk`` is None) from ``seed``, or every state when ``count`` is None; ``goal`` as
    ``npuzzle solve`` takes it. Raises :class:`DatasetError` or a board error for values that make no dataset."""

    rows: int
    cols: int
    count: int | None = None
    walk: int | None = None
    seed: str = "0"
    goal: str = "default"
    goal_board: Board = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "goal_board", resolve_goal(self.goal, self.rows, self.cols))
        if self.count is None:
            check_exhaustive(self.goal_board)
        elif self.count < 1:
            raise DatasetError(f"a dataset needs a count of at least 1 board, got {self.count}")
        if self.walk is not None:
            check_scramble_moves(self.walk, "walk:K's K", "walk:K (--scramble random)")

    @property
    def every_state(self) -> bool:
        """Whether the dataset is every state of its board (``count`` None)."""
        return self.count is None

    @property
    def total(self) -> int:
        """How many rows the dataset has: ``count``, or the number of states (n!/2 for n cells)."""
        return factorial(self.rows * self.cols) // 2 if self.count is None else self.count

    def board(self, index: int) -> Board:
        """Board ``index`` of a drawn dataset (not of an every-state one: :func:`all_states` orders those)."""
        seed = f"{self.seed}/{index}"
        if self.walk is None:
            return random_board(self.rows, self.cols, seed=seed, goal=self.goal_board)
        return scramble(self.goal_board, self.walk, seed=seed)

    def boards(self) -> Iterator[tuple[int, Board]]:
        """Every ``(index, board)`` of the dataset, in index order."""
        if self.count is None:
            for index, (board, _) in enumerate(all_states(self.goal_board)):
                yield index, board
        else:
            for index in range(self.count):
                yield index, self.board(index)


def parse_scramble(text: str) -> int | None:
    """``random`` (None: uniformly random boards) or ``walk:K`` (K random moves from the goal); raises
    :class:`DatasetError` quoting anything else."""
    value = text.strip().lower()
    if value == "random":
        return None
    head, _, count = value.partition(":")
    if head == "walk" and count.isascii() and count.isdigit() and len(count) <= 9:
        return int(count)
    raise DatasetError(f"a scramble must be 'random' or 'walk:K' (K moves from the goal), got {quote_input(text)}")


def resolve_label(spec: DatasetSpec, label: Label, options: BatchOptions | None = None) -> Literal["bfs", "search"]:
    """``auto``: ``bfs`` for a board of at most :data:`~npuzzle.research.exhaustive.MAX_EXHAUSTIVE_CELLS` cells (exact
    and fastest) unless ``options`` name an algorithm or a heuristic (the rows are then that solver's), else ``search``;
    ``bfs`` on a bigger board raises :class:`~npuzzle.errors.LimitError`, and with a solver named
    :class:`DatasetError` (the breadth-first search labels every row)."""
    solver = (options.algorithm, options.heuristic) if options is not None else ("auto", "auto")
    named = any(name_key(name) != AUTO.name for name in solver)
    if label == "bfs":
        check_exhaustive(spec.goal_board)
        if named:
            raise DatasetError(
                f"label bfs labels every row by one breadth-first search, not by algorithm {quote_input(solver[0])} "
                f"with heuristic {quote_input(solver[1])}: use label search"
            )
        return "bfs"
    if label == "auto":
        return "bfs" if spec.rows * spec.cols <= MAX_EXHAUSTIVE_CELLS and not named else "search"
    return "search"


def dataset_rows(
    spec: DatasetSpec,
    options: BatchOptions | None = None,
    jobs: int | Client = 1,
    label: Label = "auto",
    done: Mapping[int, tuple[int, ...]] | None = None,
) -> Generator[Row, None, None]:
    """The rows of ``spec`` in index order, but for the indices in ``done`` (their tiles, from a file a run
    started: each is checked against the dataset's board and a :class:`DatasetError` raised when one differs or
    is out of range, as for another dataset's file). Labelled by ``label`` (:func:`resolve_label`); ``search`` solves
    with ``options`` (its goal and shape are the spec's) in ``jobs`` processes or on a Dask client's cluster."""
    done = {} if done is None else done
    for index in done:
        if not 0 <= index < spec.total:
            raise DatasetError(f"the file holds row {index}, but this dataset has rows 0 to {spec.total - 1}")
    method = resolve_label(spec, label, options)
    if method == "search":
        wanted = [(index, board) for index, board in spec.boards() if not _is_done(index, board, done)]
        yield from _searched(spec, wanted, options or BatchOptions(), jobs)
    elif spec.every_state:
        for index, (board, letters) in enumerate(all_states(spec.goal_board)):
            if not _is_done(index, board, done):
                yield bfs_row(spec, index, board, letters)
    else:
        table = DistanceTable.build(spec.goal_board)
        for index, board in spec.boards():
            if not _is_done(index, board, done):
                yield bfs_row(spec, index, board, table.optimal_letters(board))


def _is_done(index: int, board: Board, done: Mapping[int, tuple[int, ...]]) -> bool:
    """Whether row ``index`` is in ``done``; raises :class:`DatasetError` when it is there with other tiles."""
    tiles = done.get(index)
    if tiles is not None and tuple(tiles) != board.tiles:
        raise DatasetError(
            f"row {index} of the file holds other tiles than this dataset's board {index}: is the file another "
            "dataset's (another --shape, --seed, --scramble or --goal)?"
        )
    return tiles is not None


def bfs_row(spec: DatasetSpec, index: int, board: Board, letters: str) -> Row:
    """The row of a board labelled by the breadth-first search: exact, with no per-board search figures."""
    return _row(
        spec, index, board, length=len(letters), optimal=True, lower_bound=len(letters), moves=letters, algorithm="bfs"
    )


def _row(spec: DatasetSpec, index: int, board: Board, **values: object) -> Row:
    row: Row = dict.fromkeys(COLUMN_NAMES)
    row.update(index=index, rows=board.rows, cols=board.cols, tiles=list(board.tiles), goal=spec.goal, **values)
    return row


def _searched(
    spec: DatasetSpec, pending: list[tuple[int, Board]], options: BatchOptions, jobs: int | Client
) -> Iterator[Row]:
    """The solver's rows of ``pending``, through the batch path (a board is one line of the batch)."""
    options = replace(options, goal=spec.goal, shape=(spec.rows, spec.cols), prove=True)
    lines = [" ".join(map(str, board.tiles)) for _, board in pending]
    records = solve_batch(lines, options, jobs)
    try:
        for (index, board), record in zip(pending, records, strict=True):
            yield _searched_row(spec, index, board, record)
    finally:
        records.close()  # stops the workers at once when the rows are no longer wanted (Ctrl-C, an error)


def _searched_row(spec: DatasetSpec, index: int, board: Board, record: Record) -> Row:
    """The row of a board from its batch record (``npuzzle solve --json``'s object)."""
    if "error" in record:  # the batch's error record: a board the dataset made cannot be one
        raise DatasetError(f"board {index} could not be solved: {record['error']}")
    letters = record.get("letters")
    moves = "".join(map(str, letters)) if isinstance(letters, list) else None
    return _row(
        spec,
        index,
        board,
        length=record.get("length"),
        optimal=bool(record.get("optimal")),
        lower_bound=record.get("lower_bound"),
        moves=moves,
        nodes_expanded=record.get("nodes_expanded"),
        seconds=record.get("seconds"),
        algorithm=record.get("algorithm"),
        heuristic=record.get("heuristic"),
        stopped=row_stopped(record),
    )


def row_stopped(record: Record) -> object:
    """The ``stopped`` of a row from its batch record: the record's own, or ``"time-limit"`` when a time limit ended
    the optimal search before ``auto``'s fallback answered (then the row's label depends on the machine's speed; its
    work allowance alone never does)."""
    extra = record.get("extra")
    first = extra.get("optimal_search") if isinstance(extra, dict) else None
    if record.get("stopped") is None and isinstance(first, dict) and first.get("stopped") == "time-limit":
        return "time-limit"
    return record.get("stopped")
