"""The ``optimal_moves`` op: how many shortest solutions a board has and its optimal first moves, each with how many
shortest solutions start with it (:class:`~npuzzle.solving.all_solutions.AllSolutions`); or, with ``follow``, a
shortest solution that starts with the move given, so that a player can take another branch. One-shot
(:func:`op_optimal_moves`) or in slices with progress and cancel (:class:`OptimalMovesSession`), within a work cap
in nodes (:data:`OPTIMAL_MOVES_NODES`), and only where Solve's ``auto`` proves its answers shortest in that metric
(:func:`check_optimal_here`)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..board import Board, check_move_count, moves_to_letters
from ..errors import LimitError, show_value
from ..interchange import write_notation
from ..optimal.metric import METRIC_TITLES, Metric, count_moves, count_tiles, metric_name
from ..parse import parse_moves
from ..policy import AUTO_OPTIMAL_NODES
from ..progress import Limit, Progress, SearchStopped, run
from ..solving.all_solutions import AllSolutions
from ..solving.registry import Registry, default_registry
from ..solving.solve import plan
from .context import Context
from .requests import Reply, Request, RequestError, board_json, field, read_board, read_goal, read_limit
from .sliced import SlicedRun

OPTIMAL_MOVES_NODES = AUTO_OPTIMAL_NODES
"""The work cap of one ``optimal_moves`` request, in nodes expanded (the optimal search's and the count's together;
Solve's optimal allowance, :data:`~npuzzle.policy.AUTO_OPTIMAL_NODES`): the same answer on any machine; past it the
reply says it stopped."""

Answering = Generator[Progress, None, Reply]
"""An ``optimal_moves`` request running: progress records, then its final reply."""


def check_optimal_here(board: Board, goal: Board, metric: Metric, registry: Registry) -> None:
    """Raise :class:`~npuzzle.errors.LimitError` unless Solve's ``auto`` proves its answers shortest on ``board`` in
    ``metric`` with ``registry``'s tables (3×3 and smaller; the 15-puzzle with its pattern database, or in line moves
    with its line-move tables): the boards whose shortest solutions can be counted here."""
    if not plan(board, goal, "auto", "auto", registry, metric=metric).optimal:
        raise LimitError(
            f"the shortest solutions of a {board.rows}×{board.cols} board in {METRIC_TITLES[metric]} are counted only "
            "where Solve proves its answer shortest: 3×3 and smaller boards (in line moves, a goal with its blank in a "
            "corner), and the 4×4 once its tables are loaded"
        )


def read_optimal_moves(request: Request, registry: Registry | None = None) -> Answering:
    """An ``optimal_moves`` request read and checked (every field before any work): the running answer."""
    board = read_board(request)
    goal = read_goal(request, board)
    metric = metric_name(field(request, "metric", str, "stm"))
    limit = read_limit(request)
    if limit.nodes is None:
        limit = replace(limit, nodes=OPTIMAL_MOVES_NODES)
    registry = registry if registry is not None else default_registry()
    check_optimal_here(board, goal, metric, registry)
    if "follow" not in request:
        return _counting(AllSolutions(board, goal, metric, registry), limit)
    played = request.get("moves", [])
    if not isinstance(played, list):
        raise RequestError(f"field 'moves' must list the moves made before the one to follow, got {show_value(played)}")
    check_move_count(len(played), f"field 'moves' ({len(played):,} moves)")
    kept, position = _slid(board, played, "moves")
    move = _read_follow(request.get("follow"), position, metric)
    rest = AllSolutions(position.apply(move), goal, metric, registry)
    return _following(board, kept + move, rest, limit)


def _slid(board: Board, moves: list[object], name: str) -> tuple[tuple[int, ...], Board]:
    """The tiles ``moves`` slide from ``board`` (tile numbers or letters, field ``name``) and the board they leave."""
    tiles: list[int] = []
    at = board
    for move in moves:
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise RequestError(f"field {name!r} must hold tile numbers or letters, got {show_value(move)}")
        before = at
        at = at.slide(move)  # a MoveError names a move that is not legal here
        tiles.append(at.tiles[before.blank_index])
    return tuple(tiles), at


def _read_follow(value: object, board: Board, metric: Metric) -> tuple[int, ...]:
    """The move ``follow`` names on ``board`` as the tiles it slides: one tile, or in line moves one line."""
    if isinstance(value, str):
        value = parse_moves(value)
    if not isinstance(value, list) or not value:
        raise RequestError(
            f"field 'follow' must be one move: letters such as 'L' (or 'DD', a line move), or the tiles it slides, "
            f"got {show_value(value)}"
        )
    if len(value) > max(board.rows, board.cols):
        raise RequestError(f"field 'follow' must be one move, got {len(value)} tiles")
    tiles, _ = _slid(board, value, "follow")
    if count_tiles(board, tiles, metric) != 1:
        unit = "one line move" if metric == "mtm" else "one single-tile move"
        raise RequestError(f"field 'follow' must be {unit}, got {len(tiles)} tiles that make more")
    return tiles


def _counting(solutions: AllSolutions, limit: Limit) -> Answering:
    counted = yield from solutions.count(limit)  # a stop in either phase returns what is known
    reply: Reply = {"type": "result", "ok": True}
    reply.update(counted.to_dict(solutions.board))
    reply.update(board=board_json(solutions.board), goal=board_json(solutions.goal))
    return reply


def _following(board: Board, before: tuple[int, ...], rest: AllSolutions, limit: Limit) -> Answering:
    try:
        found = yield from rest.plan.start(limit)
    except SearchStopped as stop:
        found = rest.plan.stopped(None, stop.reason)
    moves = None if found.moves is None or not found.optimal else before + found.moves
    letters = None if moves is None else moves_to_letters(board, moves)
    line_moves = None if letters is None else count_moves(letters, "mtm")
    return {
        "type": "result",
        "ok": True,
        "metric": rest.metric,
        "moves": None if moves is None else list(moves),
        "letters": letters,
        "notation": None if letters is None else write_notation(letters),
        "tile_moves": None if moves is None else len(moves),
        "line_moves": line_moves,
        "length": line_moves if rest.metric == "mtm" or moves is None else len(moves),
        "nodes_expanded": found.nodes_expanded,
        "stopped": found.stopped,
        "message": found.message,
        "board": board_json(board),
        "goal": board_json(rest.goal),
    }


def op_optimal_moves(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "metric"?: "stm" | "mtm", "max_nodes"?: N, "follow"?: MOVE}`` → ``{"type":
    "result", "ok": true, "metric", "length", "count", "first_moves": [{"moves": [T, …], "letters", "count"}, …],
    "heuristic", "nodes_expanded", "remembered", "seconds", "stopped", "message", "board", "goal"}``: how many shortest
    solutions ``board`` has (``length`` moves in ``metric``) and each optimal first move (the tiles it slides, its
    letters, how many shortest solutions start with it), counted exactly
    (:class:`~npuzzle.solving.all_solutions.SolutionCount`) within ``max_nodes`` (default
    :data:`OPTIMAL_MOVES_NODES`); ``count`` and ``first_moves`` are null and empty when the cap (or a cancel) came
    first, ``stopped`` names it and ``message`` says how far it got. Refused where Solve's ``auto`` is not optimal
    (:func:`check_optimal_here`).

    With ``follow`` (one move: letters such as ``"L"``, ``"DD"`` for a line move, or the tiles it slides) and
    ``moves`` (the moves made from ``board`` before it, tile numbers or letters; default none) → ``{"type": "result",
    "ok": true, "metric", "moves": [T, …], "letters", "notation", "tile_moves", "line_moves", "length",
    "nodes_expanded", "stopped", "message", "board", "goal"}``: the shortest solution from ``board`` of those that
    make ``moves`` and then that move (then the optimal search's answer from the board they leave), ``length`` in
    ``metric``; ``moves`` and the counts null when the cap came first."""
    return run(read_optimal_moves(request, registry))


class OptimalMovesSession(SlicedRun[Progress, Reply]):
    """An ``optimal_moves`` run in slices: progress as a search's; a cancel replies with what is known
    (``stopped: "cancelled"``)."""

    def _read(self, request: Request, context: Context) -> Answering:
        return read_optimal_moves(request, context.registry)

    def _ended(self, value: Reply) -> Reply:
        return value
