"""One line of a batch to one JSON-ready record: what every transport of ``npuzzle solve --batch`` runs per board
(in the caller, in worker processes, on a Dask cluster's workers: :mod:`npuzzle.research.batch`,
:mod:`npuzzle.cluster`).

A line's record is ``npuzzle solve --json``'s object for its board (:func:`solved_record`, or
:func:`unsolvable_record` for a board that cannot be solved) with the line's number in ``"line"``, or
``{"line", "error", "input"}`` for a line that is not a board. A board of the pattern database's shape (4×4) is
solved with the database when one is at hand (:class:`Registries`), loaded once per process and only when a board's
search uses it (:func:`wants_tables`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from ..board import Board
from ..errors import PuzzleError, TablesMissingError, UnknownNameError, UnsolvableError, cut
from ..names import PDB, name_key
from ..parse import parse_board, resolve_goal
from ..pdb import PdbTables, home_map, read_tables
from ..policy import AUTO_OPTIMAL_NODES, NEAR_OPTIMAL
from ..progress import Limit, SearchResult, run
from ..solvability import Explanation
from .fallback import optimal_search_record
from .registry import Registry, default_registry, registry_with_tables
from .solve import algorithm_name, auto_algorithm, plan, result_json

INPUT_SHOWN = 200
"""How many characters of a malformed line its ``{"error", "input"}`` record repeats."""

PDB_SHAPE = (4, 4)
"""The board shape the pattern databases serve: other boards never wait for the tables to load."""

Record = dict[str, object]


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """What every board of a batch is solved with: the goal and shape as ``npuzzle solve`` takes them, the
    algorithm and heuristic names, the near-optimal ``budget``, the per-board ``limit``, and the pattern-database
    file to load for 4×4 boards (``pdb``, a path; None: none)."""

    goal: str = "default"
    shape: tuple[int, int] | None = None
    algorithm: str = "auto"
    heuristic: str = "auto"
    budget: float | None = None
    limit: Limit = field(default_factory=Limit)
    pdb: str | None = None
    prove: bool = False
    """Whether a near-optimal answer that ``auto`` chose and could not prove optimal is then tried by IDA* within
    ``auto``'s allowance (:func:`proved`): what datasets do, whose rows are worth the work."""


def solved_record(board: Board, result: SearchResult) -> Record:
    """The object ``solve --json`` prints for a board it searched: the result's fields, ``ratio_bound``,
    ``letters``, ``solvable`` and the tiles."""
    out: Record = {"solvable": True}
    out.update(result_json(board, result))
    out["tiles"] = list(board.tiles)
    return out


def unsolvable_record(exc: UnsolvableError) -> Record:
    """The object ``solve --json`` prints for a board that cannot reach its goal: the message and the parity
    explanation."""
    record: Record = {"solvable": False, "message": str(exc)}
    if isinstance(exc.explanation, Explanation):
        record["explanation"] = exc.explanation.to_dict()
    return record


def board_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The boards of ``lines``: (line number from 1, text without its comment) for every non-blank line."""
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if text:
            yield number, text


class Registries:
    """The heuristics a process solves with: the default ones, and the pattern database's once a board needs it,
    from ``load`` (called once, on first use), else from the file ``options.pdb`` names (None: no tables)."""

    def __init__(self, options: BatchOptions, load: Callable[[], PdbTables] | None = None) -> None:
        self._options = options
        self._plain = default_registry()
        self._with_tables: Registry | None = None
        path = options.pdb
        self._load = load if load is not None or path is None else lambda: read_tables(path)

    def for_board(self, board: Board, goal: Board) -> Registry:
        options = self._options
        if self._load is None or not wants_tables(board, goal, options.algorithm, options.heuristic):
            return self._plain
        if self._with_tables is None:
            self._with_tables = registry_with_tables(self._load())
        return self._with_tables


def wants_tables(board: Board, goal: Board, algorithm: str = "auto", heuristic: str = "auto") -> bool:
    """Whether solving ``board`` → ``goal`` with ``algorithm`` and ``heuristic`` may use the pattern database, so
    that it is worth loading: the database asked for by name, or ``auto`` choosing the heuristic of an optimal search
    (named, or ``auto``'s for the board's size) on a board of its shape whose goal has the blank in a corner. Any
    other heuristic, the near-optimal solver and other boards never use it, and never wait for it."""
    name = name_key(heuristic)
    if name == PDB.name:
        return True
    if name != "auto" or (board.rows, board.cols) != PDB_SHAPE or (goal.rows, goal.cols) != PDB_SHAPE:
        return False
    try:
        algo = algorithm_name(algorithm)
    except UnknownNameError:
        return False  # planning the search names the problem
    if algo == "auto":
        algo = auto_algorithm(board)
    return algo != NEAR_OPTIMAL and home_map(goal) is not None  # the tables serve goals with a corner blank


def solve_line(number: int, text: str, options: BatchOptions, registries: Registries) -> Record:
    """The record of one line: its board solved, or why it was not (never raises for a bad board; raises
    :class:`~npuzzle.errors.TablesMissingError`, the run's problem rather than the line's)."""
    try:
        board = parse_board(text, options.shape)
        goal = resolve_goal(options.goal, board.rows, board.cols)
        registry = registries.for_board(board, goal)
        chosen = plan(board, goal, options.algorithm, options.heuristic, registry, options.budget)
        result = run(chosen.start(options.limit))
        if options.prove and name_key(options.algorithm) == "auto" and chosen.algorithm == NEAR_OPTIMAL:
            result = proved(board, goal, registry, result, options.limit)
        record = solved_record(board, result)
    except UnsolvableError as exc:
        record = unsolvable_record(exc)
    except TablesMissingError:
        raise
    except PuzzleError as exc:
        record = {"error": str(exc), "input": cut(text, INPUT_SHOWN)}
    return {"line": number, **record}


def proved(board: Board, goal: Board, registry: Registry, near: SearchResult, limit: Limit) -> SearchResult:
    """``near`` (a near-optimal answer) proven optimal where IDA* with ``auto``'s heuristic finds a shortest
    solution within ``auto``'s allowance (:data:`~npuzzle.policy.AUTO_OPTIMAL_NODES` nodes expanded, or ``limit``'s
    if fewer): then IDA*'s answer, else ``near`` with the better lower bound of the two; either way with the nodes
    of both, and IDA*'s run in ``extra["optimal_search"]`` (so a time limit that cut it is seen). A board too big
    for IDA* keeps ``near``. Counted in work: the same answer on any machine (only ``limit.seconds`` can cut it)."""
    if near.moves is None or near.optimal or near.stopped is not None:
        return near
    nodes = AUTO_OPTIMAL_NODES if limit.nodes is None else min(limit.nodes, AUTO_OPTIMAL_NODES)
    try:
        search = plan(board, goal, "idastar", "auto", registry)
    except PuzzleError:
        return near
    first = run(search.start(replace(limit, nodes=nodes)))
    extra = dict(near.extra if first.moves is None else first.extra)
    extra["optimal_search"] = optimal_search_record(first)
    chosen = first if first.moves is not None and first.optimal else near
    lower = max(near.lower_bound, first.lower_bound)
    return replace(
        chosen,
        optimal=chosen.optimal or len(chosen.moves or ()) <= lower,  # IDA*'s bound may reach the answer's length
        nodes_expanded=near.nodes_expanded + first.nodes_expanded,
        nodes_generated=near.nodes_generated + first.nodes_generated,
        seconds=near.seconds + first.seconds,
        lower_bound=lower,
        extra=extra,
    )


def worker_record(number: int, text: str, options: BatchOptions, registries: Registries) -> Record:
    """:func:`solve_line` in a worker (a process, a cluster's): an unexpected failure too becomes the line's error
    record, so that one board never ends the run (:class:`~npuzzle.errors.TablesMissingError` still does)."""
    try:
        return solve_line(number, text, options, registries)
    except TablesMissingError:
        raise
    except Exception as exc:
        return {"line": number, "error": f"{type(exc).__name__}: {exc}", "input": cut(text, INPUT_SHOWN)}
