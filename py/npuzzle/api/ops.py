"""The protocol's one-shot operations: each handler's docstring is its request and its reply (the list of
them: :data:`npuzzle.api.protocol.OPERATIONS`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..board import Board, check_move_count, check_shape
from ..course.compare_board import CompareBoard, compare_board
from ..course.lesson import describe_move, lesson
from ..errors import show_value
from ..names import ALGORITHMS, Choice, Named
from ..nearoptimal import HEURISTIC as NEAR_OPTIMAL_HEURISTIC
from ..optimal.metric import METRIC_TITLES
from ..parse import parse_moves, parse_shape, resolve_goal
from ..policy import NEAR_OPTIMAL, NEAR_OPTIMAL_MAX_CELLS, too_big_summary
from ..progress import Limit, SearchResult, run
from ..randomize import check_scramble_moves, scramble
from ..solvability import explain
from ..solving.fallback import Fallback
from ..solving.registry import Registry, default_registry
from ..solving.solve import DEFAULT_COMPARE_NODES, MAX_SEARCH_CELLS, Plan, auto_algorithm, compare_plans, plan
from ..speedsolving.hint import describe_hint, hint_plan
from ..speedsolving.scrambles import deal, seed_text
from .requests import (
    Reply,
    Request,
    RequestError,
    board_json,
    compare_reply,
    field,
    goal_spec,
    read_board,
    read_goal,
    read_limit,
    solve_reply,
    with_student,
)
from .split import read_split


def op_check(request: Request) -> Reply:
    """``{"board": TEXT, "goal"?: "default" | "blank-first" | TEXT}`` → ``{"ok": true, "board": BOARD, "goal":
    BOARD, "explanation": {...}, "lesson": {...}}``: the verdict (the fields of
    :class:`npuzzle.solvability.Explanation`) and the rule's ways of counting (:func:`npuzzle.course.lesson.lesson`;
    the reading order, the inversion pairs and the proof that the rule suffices up to 8×8)."""
    board = read_board(request)
    goal = read_goal(request, board)
    explanation = explain(board, goal)
    return {
        "ok": True,
        "board": board_json(board),
        "goal": board_json(goal),
        "explanation": explanation.to_dict(),
        "lesson": lesson(board, explanation, goal),
    }


MAX_MOVE_CELLS = 1024
"""The biggest board ``move`` describes (the page's grid): each move is explained afresh, O(n log n)."""


def op_move(request: Request) -> Reply:
    """``{"board": TEXT, "tiles": [T, …]}`` → ``{"ok": true, "texts": [TEXT, …], "board": BOARD}``: the tiles slid
    one after the other, each move said in words (:func:`npuzzle.course.lesson.describe_move`), boards of up to
    :data:`MAX_MOVE_CELLS` cells."""
    board = read_board(request)
    if board.size > MAX_MOVE_CELLS:
        raise RequestError(f"move describes boards of up to {MAX_MOVE_CELLS:,} cells, got {board.size:,}")
    tiles = field(request, "tiles", list)
    if not 1 <= len(tiles) <= board.rows + board.cols:
        raise RequestError(f"field 'tiles' must list 1 to {board.rows + board.cols} tiles, got {len(tiles)}")
    texts = []
    for tile in tiles:
        if isinstance(tile, bool) or not isinstance(tile, int):
            raise RequestError(f"field 'tiles' must hold whole numbers, got {show_value(tile)}")
        texts.append(describe_move(board, tile))
        board = board.slide(tile)
    return {"ok": True, "texts": texts, "board": board_json(board)}


def op_random(request: Request) -> Reply:
    """``{"rows": R, "cols": C (or "shape": "RxC"), "seed"?: S, "moves"?: K, "solvable"?: true, "goal"?: …}`` →
    ``{"ok": true, "board": BOARD, "seed": S, "scramble_version": 1}``: a random-state scramble, uniform over the
    boards that reach the goal (or, ``solvable: false``, those that do not), dealt from ``seed`` (a whole number
    from 0 to 2⁶⁴ − 1 or a text; a fresh one, below 2⁵³, when absent) by :func:`npuzzle.speedsolving.scrambles.deal`,
    the same board for the same seed and shape on any machine and in any Python; the reply carries the seed. With
    ``moves``: K random moves from the goal instead (0 to :data:`~npuzzle.randomize.MAX_SCRAMBLE_MOVES`; always
    solvable; :func:`npuzzle.randomize.scramble`; no seed in the reply unless given). Every field is checked before
    any work."""
    if "shape" in request:
        rows, cols = parse_shape(field(request, "shape", str))
    else:
        rows, cols = field(request, "rows", int), field(request, "cols", int)
    goal = resolve_goal(goal_spec(request), rows, cols)
    seed = request.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RequestError(f"field 'seed' must be a whole number or a string, got {show_value(seed)}")
    if seed is not None:
        seed_text(seed)  # a LimitError quotes a number outside 0 … 2⁶⁴ − 1 or a text too long, with or without moves
    solvable = field(request, "solvable", bool, True)
    moves = field(request, "moves", int, None)
    if moves is not None:
        check_scramble_moves(moves, "field 'moves'", "'moves'")
        if not solvable:
            raise RequestError(
                "random moves from the goal always make a board that can reach it: leave out 'moves' "
                "or 'solvable: false'"
            )
        return {"ok": True, "board": board_json(scramble(goal, moves, seed=seed)), "seed": seed}
    dealt = deal(rows, cols, seed, goal, solvable)
    return {"ok": True, "board": board_json(dealt.board), "seed": dealt.seed, "scramble_version": dealt.version}


def op_apply(request: Request) -> Reply:
    """``{"board": TEXT, "moves": [tile or letter, …] | TEXT}`` → ``{"ok": true, "board": BOARD}``: the moves
    (tile numbers and/or U/D/L/R, at most :data:`~npuzzle.board.MAX_MOVES`) applied, in place (O(n + moves))."""
    board = read_board(request)
    moves = request.get("moves", [])
    if not isinstance(moves, (str, list)):
        raise RequestError(
            f"field 'moves' must be a list of tile numbers and/or letters U, D, L, R, or text such as 'UULDR', "
            f"got {show_value(moves)}"
        )
    if isinstance(moves, list):
        check_move_count(len(moves), f"field 'moves' ({len(moves):,} moves)")
    seq = parse_moves(moves) if isinstance(moves, str) else moves
    return {"ok": True, "board": board_json(board.apply(seq))}


@dataclass(frozen=True, slots=True)
class Planned:
    """What a search request asks for, read and checked: the board, the goal, the plans to run in turn (one, or
    one per heuristic for compare) and the limit each runs within."""

    board: Board
    goal: Board
    plans: list[Plan]
    limit: Limit
    asked: CompareBoard | None = None
    """compare, on the way to the goal: the board run on and how it was reached from the board asked about"""


def plan_solve(request: Request, registry: Registry | None = None) -> Planned:
    """A ``solve`` request's one plan (``algorithm``, ``heuristic``, ``budget``, ``near_optimal_at_limit``)."""
    board, goal, limit = _board_goal_limit(request)
    algorithm = field(request, "algorithm", str, "auto")
    heuristic = field(request, "heuristic", str, "auto")
    budget = request.get("budget")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))):
        raise RequestError(f"field 'budget' must be a number of work units, got {budget!r}")
    at_limit = field(request, "near_optimal_at_limit", bool, False)
    allowance = field(request, "optimal_nodes", int, None)
    if allowance is not None and allowance < 1:
        raise RequestError(f"field 'optimal_nodes' must be a whole number of nodes of at least 1, got {allowance}")
    registry = registry if registry is not None else default_registry()
    metric = field(request, "metric", str, "stm")
    chosen = plan(
        board,
        goal,
        algorithm,
        heuristic,
        registry,
        budget=budget,
        fallback=Fallback(allowance, at_time_limit=at_limit),
        metric=metric,
    )
    return Planned(board, goal, [chosen], limit)


def plan_hint(request: Request, registry: Registry | None = None) -> Planned:
    """A ``hint`` request's one plan (:func:`npuzzle.speedsolving.hint.hint_plan`, in the request's ``metric``)."""
    board, goal, limit = _board_goal_limit(request)
    registry = registry if registry is not None else default_registry()
    metric = field(request, "metric", str, "stm")
    return Planned(board, goal, [hint_plan(board, goal, registry, metric=metric)], limit)


def plan_compare(request: Request, registry: Registry | None = None) -> Planned:
    """A ``compare`` request's plans: A* with each built-in heuristic that fits, whether or not a pattern database
    is loaded (``registry`` is not used), and last a student's (``code``: its source, :func:`~npuzzle.course.student.
    student_entry`, named ``yours``), each within the limit (default :data:`DEFAULT_COMPARE_NODES` nodes); with
    ``on_the_way`` true, on the board :func:`~npuzzle.course.compare_board.compare_board` picks (a board too far from
    the goal for the weaker heuristics is compared on a board on its way there)."""
    board, goal, limit = _board_goal_limit(request)
    if limit.nodes is None:
        limit = replace(limit, nodes=DEFAULT_COMPARE_NODES)
    registry = with_student(request, None)
    plans = compare_plans(board, goal, registry=registry)  # checks the board can reach the goal first
    if not field(request, "on_the_way", bool, False):
        return Planned(board, goal, plans, limit)
    chosen = compare_board(board, goal)
    if chosen.moves_before:
        plans = compare_plans(chosen.board, goal, registry=registry)
    return Planned(chosen.board, goal, plans, limit, asked=CompareBoard(board, chosen.moves_before))


def _board_goal_limit(request: Request) -> tuple[Board, Board, Limit]:
    board = read_board(request)
    return board, read_goal(request, board), read_limit(request)


def op_solve(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "algorithm"?: "auto" | "astar" | "idastar" | "near-optimal", "heuristic"?: "auto" |
    a name of :func:`op_options`, "metric"?: "stm" | "mtm", "max_nodes"?: N, "time_limit"?: S, "max_states"?: N,
    "budget"?: B, "optimal_nodes"?: N, "near_optimal_at_limit"?: bool, "workers"?: N, "split_nodes"?: N}`` →
    ``{"type": "result", "ok": true, …SearchResult fields…, "metric", "tile_moves", "line_moves", "ratio_bound",
    "letters", "notation", "board": BOARD, "goal": BOARD}`` (:func:`~npuzzle.api.requests.solve_reply`).

    ``metric: "mtm"`` counts a whole line slid at once as one move (:mod:`npuzzle.solving.multitile`): ``optimal`` and
    ``lower_bound`` are then in line moves, as are ``length`` and ``ratio_bound`` (one metric per reply; ``tile_moves``
    and ``line_moves`` give both counts by name).

    ``optimal_nodes`` is the allowance of ``auto``'s optimal search where its rule gives way to the near-optimal solver
    (default :data:`~npuzzle.policy.AUTO_OPTIMAL_NODES`): a smaller one answers sooner, still counted in work (the page
    asks for one while the 4×4's tables are on their way, which then prove the shortest).

    ``moves``/``letters`` are ``null`` when a limit stopped the search (``stopped`` names it); an unsolvable board fails
    at once with its ``explanation``. What ``auto`` picks: :mod:`npuzzle.policy`. ``budget`` is the near-optimal
    solver's work budget, in units of :data:`~npuzzle.nearoptimal.solver.WORK_UNIT` states expanded. ``max_states`` caps
    the states an A* holds (default 1,000,000). ``near_optimal_at_limit`` asks for the shortest answer to be had within
    ``time_limit`` in one request: an optimal search for its share of it (:data:`~npuzzle.policy.FALLBACK_LIMIT_SHARE`),
    then, if that has not finished, the near-optimal solver for the rest, answering with the better of the two lower
    bounds (:func:`npuzzle.solving.solve.plan`). ``workers`` (1 to :data:`~npuzzle.api.split.MAX_SPLIT_WORKERS`) and
    ``split_nodes`` let a long solve on an :class:`Engine`'s pattern database split (:class:`SolveSession`); in one call
    they are checked, not used."""
    read_split(request)
    asked = plan_solve(request, registry)
    return solve_reply(asked.board, asked.goal, run(asked.plans[0].start(asked.limit)), request.get("metric"))


def hint_reply(chosen: Plan, result: SearchResult) -> Reply:
    """The final reply of a hint: the :class:`~npuzzle.speedsolving.hint.Hint`'s fields, the search's name and figures,
    and the boards."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(describe_hint(chosen, result).to_dict())
    reply.update(algorithm=result.algorithm, heuristic=result.heuristic, nodes_expanded=result.nodes_expanded)
    reply.update(seconds=round(result.seconds, 3), board=board_json(chosen.board), goal=board_json(chosen.goal))
    return reply


def op_hint(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "metric"?: "stm" | "mtm"}`` → ``{"type": "result", "ok": true, "tile": T,
    "letter", "direction", "count", "notation", "optimal", "length", "message", "algorithm", "heuristic",
    "nodes_expanded", "seconds", "board", "goal"}``: the next move, the first of a shortest solution when one is
    proven within ``auto``'s work allowance (nodes, not seconds: the same as a solve's), else of a near-optimal one
    (:mod:`npuzzle.speedsolving.hint`); in ``mtm`` a line move of ``count``
    tiles, ``tile`` the farthest (the one to touch), ``length`` in line moves; ``tile`` is ``null`` on a board that
    is already the goal."""
    asked = plan_hint(request, registry)
    return hint_reply(asked.plans[0], run(asked.plans[0].start(asked.limit)))


def op_compare(request: Request, registry: Registry | None = None) -> Reply:
    """``{"board": TEXT, "goal"?: …, "max_nodes"?: N, "time_limit"?: S, "on_the_way"?: bool, "code"?: TEXT}`` →
    ``{"type": "result", "ok": true, "rows": [{heuristic, length, optimal, nodes_expanded, nodes_generated,
    max_frontier, seconds, stopped, message}, …], "board", "goal", "from"}``: A* with each built-in heuristic that
    fits, in auto's ranking order, then a student's when ``code`` gives its source (the row ``yours``), each within
    the limits (default 250,000 expansions; :func:`plan_compare`); ``from`` is null, or when ``on_the_way`` chose
    another board (``board``), ``{"board": the board asked about, "moves": how many moves before it}``."""
    asked = plan_compare(request, registry)
    results = [run(p.start(asked.limit)) for p in asked.plans]
    return compare_reply(asked.board, asked.goal, results, origin=asked.asked)


def _choice_json(choice: Named, summary: str) -> dict[str, Any]:
    return {"name": choice.name, "summary": summary, "aliases": list(choice.aliases)}


def _algorithm_json(algorithm: Choice) -> dict[str, Any]:
    """An algorithm as a choice; ``heuristic`` names the one it always uses when it takes no other (near-optimal)."""
    out = _choice_json(algorithm, algorithm.summary)
    if algorithm.name == NEAR_OPTIMAL:
        out["heuristic"] = NEAR_OPTIMAL_HEURISTIC
    return out


def op_options(request: Request, registry: Registry | None = None) -> Reply:
    """``{"rows": R, "cols": C, "goal"?: …}`` (or ``"board"`` instead of the shape) → ``{"ok": true,
    "algorithms": [{name, summary, aliases, heuristic?}], "heuristics": [{name, summary, aliases}], "default_algorithm",
    "default_heuristic", "default_optimal", "default_summary", "metrics": [{name, title, optimal, summary}]}``: the
    choices ``solve`` accepts for that board (:mod:`npuzzle.names`: the registry's heuristics that fit, in auto's
    ranking order; optimal algorithms up to 144 cells; the other names each also accepts) and what ``auto`` picks
    (``default_optimal`` false when that is, or may fall back to, the near-optimal solver), so the page lists new
    solvers without changes; ``metrics`` says the same of ``auto`` in each metric (``mtm`` left out where no
    solver takes the board)."""
    if "board" in request:
        board = read_board(request)
        goal = read_goal(request, board)
    else:
        rows, cols = field(request, "rows", int), field(request, "cols", int)
        check_shape(rows, cols)  # before the goal board is allocated
        goal = read_goal(request, Board(rows, cols, tuple(range(1, rows * cols)) + (0,)))
        board = goal
    registry = registry if registry is not None else default_registry()
    fitting = [entry for entry in registry.ranked() if entry.fits(board, goal)]

    def fits(name: str) -> bool:
        return board.size <= (NEAR_OPTIMAL_MAX_CELLS if name == NEAR_OPTIMAL else MAX_SEARCH_CELLS)

    algorithms = [a for a in ALGORITHMS[1:] if fits(a.name)]
    if fits(auto_algorithm(goal)):
        chosen = plan(goal, goal, "auto", "auto", registry)  # what "auto" resolves to for this shape and goal
        defaults = (chosen.algorithm, chosen.heuristic, chosen.optimal, chosen.summary)
    else:
        defaults = (auto_algorithm(goal), "auto", False, too_big_summary())
    metrics = [{"name": "stm", "title": METRIC_TITLES["stm"], "optimal": defaults[2], "summary": defaults[3]}]
    if fits(auto_algorithm(goal)):
        lines = plan(goal, goal, "auto", "auto", registry, metric="mtm")
        metrics.append(
            {"name": "mtm", "title": METRIC_TITLES["mtm"], "optimal": lines.optimal, "summary": lines.summary}
        )
    return {
        "ok": True,
        "rows": board.rows,
        "cols": board.cols,
        "metrics": metrics,
        "algorithms": [_algorithm_json(a) for a in algorithms],
        "heuristics": [_choice_json(e, e.summary) for e in fitting],
        "default_algorithm": defaults[0],
        "default_heuristic": defaults[1],
        "default_optimal": defaults[2],
        "default_summary": defaults[3],
    }
