"""The speedsolvers' ops: ``analyse``, a solve analysed against the optimum (:mod:`npuzzle.speedsolving.analysis`),
one-shot (:func:`op_analyse`) or in slices with progress and cancel (:class:`AnalyseSession`), with the data of its
chart; and ``reconstruction`` (:func:`op_reconstruction`), a solve's text read or written
(:mod:`npuzzle.speedsolving.reconstruction`)."""

from __future__ import annotations

import json
from typing import Any

from ..interchange import CONVENTIONS, Convention
from ..progress import run
from ..solving.registry import Registry, default_registry
from ..speedsolving.analysis import Analysing, Analysis, AnalysisProgress, analyse, read_played
from ..speedsolving.reconstruction import Reconstruction, read_reconstruction, reconstruction, write_reconstruction
from .context import Context
from .requests import (
    Reply,
    Request,
    RequestError,
    board_json,
    field,
    read_board,
    read_goal,
    read_limit,
)
from .sliced import SlicedRun


def read_analyse(request: Request, registry: Registry | None = None) -> tuple[Analysing, dict[str, Any]]:
    """An ``analyse`` request read and checked: the running analysis and the boards for the reply."""
    board = read_board(request)
    goal = read_goal(request, board)
    moves = request.get("moves")
    if not isinstance(moves, (str, list)):
        raise RequestError(
            "field 'moves' must be the moves played: text in the speedsolvers' notation such as 'U2RD3L', or a list "
            f"of tile numbers and letters, got {json.dumps(moves)[:40]}"
        )
    chosen = _convention(request)
    metric = field(request, "metric", str, "stm")
    registry = registry if registry is not None else default_registry()
    running = analyse(board, goal, moves, metric, registry, read_limit(request), chosen)
    return running, {"board": board_json(board), "goal": board_json(goal)}


def chart(analysis: Analysis) -> dict[str, Any]:
    """The chart of an analysis, as the page draws it: distance to the goal (``y``) against move number (``x``,
    0 the start), the mistakes' move numbers, the axes' ends, and its text alternative (``text``)."""
    distances = list(analysis.distances)
    return {
        "points": [[x, y] for x, y in enumerate(distances)],
        "mistakes": list(analysis.mistakes),
        "x_max": max(0, len(distances) - 1),
        "y_max": max(distances, default=0),
        "exact": analysis.exact,
        "unit": "line moves" if analysis.metric == "mtm" else "moves",
        "text": analysis.summary(),
    }


def analyse_reply(analysis: Analysis, boards: dict[str, Any]) -> Reply:
    """The final reply of an analysis: its fields (:meth:`~npuzzle.speedsolving.analysis.Analysis.to_dict`), its
    ``chart`` and the boards."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(analysis.to_dict())
    reply["chart"] = chart(analysis)
    reply.update(boards)
    return reply


def op_analyse(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "moves": TEXT | [tile or letter, …], "metric"?: "stm" | "mtm", "convention"?:
    "tile" | "blank", "max_nodes"?: N, "time_limit"?: S}`` → ``{"type": "result", "ok": true, "metric", "exact",
    "source", "moves", "distances": [D, …], "steps": [{move, before, after, best, mistake, lost, optimal_moves}, …],
    "mistakes": [N, …], "lost", "solved", "optimal", "near_optimal", "stopped", "nodes_expanded", "seconds", "summary",
    "chart": {points, mistakes, x_max, y_max, exact, unit, text}, "board", "goal"}``: the solve ``moves`` (the
    speedsolvers' notation ``U2RD3L``, letters in ``convention``: the tile's direction, Slidysim's, by default)
    analysed in ``metric`` (:mod:`npuzzle.speedsolving.analysis`): ``distances`` one per position, the start first
    (exact when ``exact``, else lower bounds, with ``near_optimal`` the near-optimal solver's length from the start).
    Progress (as a long op): ``{"type": "progress", "analysed", "total", "nodes_expanded", "elapsed"}``."""
    running, boards = read_analyse(request, registry)
    return analyse_reply(run(running), boards)


def op_reconstruction(request: Request) -> Reply:
    """``{"text": TEXT, "convention"?: "tile" | "blank"}`` (read) or ``{"board": TEXT, "goal"?: …, "moves": TEXT |
    [tile or letter, …], "times"?: [MS, …], "total_ms"?: MS, "seed"?: S}`` (write) → ``{"ok": true, "text", "board",
    "goal", "letters", "notation", "moves", "line_moves", "times": [MS, …] | null, "total_ms": MS | null, "seed":
    TEXT | null, "seconds", "tps", "solved", "summary"}``: a reconstruction (:mod:`npuzzle.speedsolving.reconstruction`:
    the scramble, the moves in the speedsolvers' notation and the time of each move in ms from the first) read from its
    text or made from its parts, with its text (``text``, which reads back to the same) and what it adds up to
    (``tps``: single-tile moves per second; ``seconds`` and ``tps`` null when not timed). ``total_ms`` is the clock's
    time when it stopped after the last move (a blindfolded solve's Done; at least the last time, with the times):
    then the solve's time (``seconds``, ``tps``, the text's ``Total`` and ``Solve``); null, absent or the last
    time: the last move's (the reply's ``total_ms`` is then null). ``convention`` is the letters' in the texts:
    the text read, ``moves`` given as text, and the ``text`` written (``moves`` given as a list, ``letters`` and
    ``notation`` are always the tile's direction). A ``seed`` (in the text's ``Seed`` line too) must deal the
    scramble for its goal (:func:`npuzzle.speedsolving.scrambles.deal`): else the reconstruction is refused, naming both
    boards, so that no solve claims a fair scramble it was not dealt from."""
    convention = _convention(request)
    if "text" in request:
        solve = read_reconstruction(field(request, "text", str), convention)
    else:
        board = read_board(request)
        moves = request.get("moves")
        if not isinstance(moves, (str, list)):
            raise RequestError(f"field 'moves' must be the moves played, text or a list, got {json.dumps(moves)[:40]}")
        times = request.get("times")
        if times is not None and not isinstance(times, list):
            raise RequestError(f"field 'times' must be a list of milliseconds, got {json.dumps(times)[:40]}")
        seed = request.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RequestError(f"field 'seed' must be a whole number or a text, got {json.dumps(seed)[:40]}")
        total = request.get("total_ms")
        played = read_played(moves, convention)
        solve = reconstruction(board, played, read_goal(request, board), times, seed, total)
    return reconstruction_reply(solve, convention)


def reconstruction_reply(solve: Reconstruction, convention: Convention = "tile") -> Reply:
    """A reconstruction's fields as the ``reconstruction`` op replies them (``text`` in ``convention``; ``letters``
    and ``notation`` always the tile's direction, as links carry them)."""
    return {
        "ok": True,
        "text": write_reconstruction(solve, convention),
        "board": board_json(solve.board),
        "goal": board_json(solve.goal),
        "letters": solve.letters,
        "notation": solve.notation,
        "moves": len(solve.letters),
        "line_moves": solve.line_moves,
        "times": None if solve.times is None else list(solve.times),
        "total_ms": solve.total,
        "seed": solve.seed,
        "seconds": solve.seconds,
        "tps": solve.tps,
        "solved": solve.solved,
        "summary": solve.summary(),
    }


def _convention(request: Request) -> Convention:
    convention = field(request, "convention", str, "tile")
    if convention not in CONVENTIONS:
        raise RequestError(f"field 'convention' must be 'tile' or 'blank', got {json.dumps(convention)[:40]}")
    return "blank" if convention == "blank" else "tile"


class AnalyseSession(SlicedRun[AnalysisProgress, Analysis]):
    """An ``analyse`` run in slices: progress says how many moves are done; a cancel returns the moves analysed so
    far with ``stopped: "cancelled"`` (:meth:`SlicedRun.cancel`)."""

    def __init__(self, request: str | Request, context: Context) -> None:
        self._boards: dict[str, Any] = {}
        super().__init__(request, context)

    def _read(self, request: Request, context: Context) -> Analysing:
        running, self._boards = read_analyse(request, context.registry)
        return running

    def _ended(self, value: Analysis) -> Reply:
        return analyse_reply(value, self._boards)
