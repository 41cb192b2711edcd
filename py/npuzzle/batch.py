"""Solve many boards: one board per line in, one JSON-ready record per board out, in input order.

This is ``npuzzle solve --batch FILE|-`` and its Python API, :func:`solve_batch`. Every non-blank line (``#`` starts
a comment) is one board, solved as ``npuzzle solve --json`` would solve it; its record is that command's object
(:func:`solved_record`, or :func:`unsolvable_record` for a board that cannot be solved) with the line's number in
``"line"``, or ``{"line", "error", "input"}`` for a line that is not a board: the run goes on. A board of the
pattern database's shape (4×4) is solved with the database when one is named (:attr:`BatchOptions.pdb`), loaded
once per process and only when a board's search uses it (:func:`wants_tables`; memory-mapped in milliseconds from
its search form, :func:`npuzzle.pdb.cache.read_tables`).

With ``jobs`` above 1 the boards are solved in that many worker processes (never more than there are boards); the
records still come out in input order, each as soon as it and every record before it are done. Closing the iterator
(or Ctrl-C in the caller) stops the workers at once.

>>> records = solve_batch(["1 2 3 / 4 5 6 / 7 0 8", "1 2 3 / 4 5 6 / 8 7 0", "1 2 2"])
>>> [(r["line"], r.get("length"), r.get("solvable"), "error" in r) for r in records]
[(1, 1, True, False), (2, None, False, False), (3, None, None, True)]
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue

from .board import Board
from .errors import LimitError, PuzzleError, UnsolvableError, cut
from .parse import parse_board, resolve_goal
from .pdb import check_file, home_map, read_tables
from .policy import NEAR_OPTIMAL
from .progress import Limit, SearchResult, run
from .registry import PDB_ALIAS, Registry, default_registry, registry_with_tables
from .solvability import Explanation
from .solve import algorithm_name, auto_algorithm, plan, result_json
from .workers import leave_interrupts_to_the_parent, running

INPUT_SHOWN = 200
"""How many characters of a malformed line its ``{"error", "input"}`` record repeats."""

PDB_SHAPE = (4, 4)
"""The board shape the pattern databases serve: other boards never wait for the tables to load."""

AHEAD = 2
"""Boards handed to each worker beyond the one it is solving (keeps it busy without reading far ahead)."""

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


class _Registries:
    """The heuristics a process solves with: the default ones, and the pattern database's once a board needs it
    (loaded once, on first use)."""

    def __init__(self, options: BatchOptions) -> None:
        self._options = options
        self._plain = default_registry()
        self._with_tables: Registry | None = None

    def for_board(self, board: Board, goal: Board) -> Registry:
        options = self._options
        if options.pdb is None or not wants_tables(board, goal, options.algorithm, options.heuristic):
            return self._plain
        if self._with_tables is None:
            self._with_tables = registry_with_tables(read_tables(options.pdb))
        return self._with_tables


def wants_tables(board: Board, goal: Board, algorithm: str = "auto", heuristic: str = "auto") -> bool:
    """Whether solving ``board`` → ``goal`` with ``algorithm`` and ``heuristic`` may use the pattern database, so
    that it is worth loading: the database asked for by name, or ``auto`` choosing the heuristic of an optimal search
    (named, or ``auto``'s for the board's size) on a board of its shape whose goal has the blank in a corner. Any
    other heuristic, the near-optimal solver and other boards never use it, and never wait for it."""
    name = heuristic.strip().lower()
    if name == PDB_ALIAS:
        return True
    if name != "auto" or (board.rows, board.cols) != PDB_SHAPE or (goal.rows, goal.cols) != PDB_SHAPE:
        return False
    try:
        algo = algorithm_name(algorithm)
    except LimitError:
        return False  # planning the search names the problem
    if algo == "auto":
        algo = auto_algorithm(board)
    return algo != NEAR_OPTIMAL and home_map(goal) is not None  # the tables serve goals with a corner blank


def solve_line(number: int, text: str, options: BatchOptions, registries: _Registries) -> Record:
    """The record of one line: its board solved, or why it was not (never raises for a bad board)."""
    try:
        board = parse_board(text, options.shape)
        goal = resolve_goal(options.goal, board.rows, board.cols)
        registry = registries.for_board(board, goal)
        chosen = plan(board, goal, options.algorithm, options.heuristic, registry, options.budget)
        record = solved_record(board, run(chosen.start(options.limit)))
    except UnsolvableError as exc:
        record = unsolvable_record(exc)
    except PuzzleError as exc:
        record = {"error": str(exc), "input": cut(text, INPUT_SHOWN)}
    return {"line": number, **record}


def solve_batch(
    lines: Iterable[str], options: BatchOptions | None = None, jobs: int = 1
) -> Generator[Record, None, None]:
    """The record of every board of ``lines`` (see the module text), in input order, solved in ``jobs`` processes.

    Raises :class:`~npuzzle.errors.PatternDatabaseError` (before any record) when ``options.pdb`` names a file that
    cannot be read or whose header is not a database's (:func:`~npuzzle.pdb.cache.check_file`; tables damaged further
    in give the boards that use them an error record), and ``ValueError`` for ``jobs`` below 1."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs!r}")
    options = BatchOptions() if options is None else options
    if options.pdb is not None:  # a bad file is named before any board is solved, not once per board
        check_file(options.pdb)
    boards = list(board_lines(lines))
    if jobs == 1 or len(boards) <= 1:
        registries = _Registries(options)
        return (solve_line(number, text, options, registries) for number, text in boards)
    return _in_workers(boards, options, min(jobs, len(boards)))


def _in_workers(boards: list[tuple[int, str]], options: BatchOptions, jobs: int) -> Generator[Record, None, None]:
    """:func:`solve_batch` over ``jobs`` worker processes: boards handed out as workers free up, records given
    back in input order."""
    context = multiprocessing.get_context()
    tasks: Queue[tuple[int, int, str] | None] = context.Queue()
    results: Queue[tuple[int, Record]] = context.Queue()
    workers: list[BaseProcess] = [
        context.Process(target=_worker, args=(options, tasks, results), daemon=True) for _ in range(jobs)
    ]
    with running(workers, tasks, results):
        sent = 0
        done: dict[int, Record] = {}
        for index in range(len(boards)):
            while sent < len(boards) and sent - index < jobs * (1 + AHEAD):
                tasks.put((sent, *boards[sent]))
                sent += 1
            while index not in done:
                at, record = results.get()
                done[at] = record
            yield done.pop(index)


def _worker(
    options: BatchOptions, tasks: Queue[tuple[int, int, str] | None], results: Queue[tuple[int, Record]]
) -> None:
    """A worker process: solve the boards handed to it until told to stop (None). Ctrl-C is the parent's to
    handle: it stops the workers."""
    leave_interrupts_to_the_parent()
    registries = _Registries(options)
    while (task := tasks.get()) is not None:
        at, number, text = task
        try:
            record = solve_line(number, text, options, registries)
        except Exception as exc:
            record = {"line": number, "error": f"{type(exc).__name__}: {exc}", "input": cut(text, INPUT_SHOWN)}
        results.put((at, record))
