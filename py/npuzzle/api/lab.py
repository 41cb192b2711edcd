"""The course lab's ops: ``lab_depth``, the textbook's table by depth (:mod:`npuzzle.course.depth_table`), and
``lab_check``, heuristics checked on every state of a small board or a sample of a bigger one's
(:mod:`npuzzle.course.heuristic_check`): one-shot
or in slices with progress and cancel. A student's heuristic comes as its source in the request's ``code``."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import asdict, dataclass
from typing import Any

from ..board import Board
from ..course.depth_boards import SampleTable, board_source, check_walkable
from ..course.depth_table import BOOK_RUNS, DepthProgress, DepthTable, depth_table, parse_runs, read_depths
from ..course.heuristic_check import check_heuristics, dominance
from ..course.student import EXAMPLES, estimator
from ..parse import parse_shape, resolve_goal
from ..progress import SearchStopped, mapped, run
from .context import Context
from .requests import Reply, Request, RequestError, field, goal_spec
from .sliced import SlicedRun


def _goal(request: Request) -> Board:
    """The request's goal (``goal``, default ``default``) on its board shape (``shape``, default ``3x3``)."""
    rows, cols = parse_shape(field(request, "shape", str, "3x3"))
    spec = goal_spec(request)
    return resolve_goal(spec if spec is not None else "default", rows, cols)


def _code(request: Request) -> dict[str, str]:
    """The request's ``code``: each student heuristic's source by its name."""
    code: dict[str, object] = field(request, "code", dict, {})
    out = {}
    for name, source in code.items():
        if not isinstance(source, str):
            raise RequestError(f"the code of the heuristic {name!r} must be text")
        out[name] = source
    return out


def read_lab_depth(request: Request) -> Generator[DepthProgress, None, DepthTable]:
    """A ``lab_depth`` request read and checked: the running table."""
    source = board_source(_goal(request))
    depths = request.get("depths")
    if isinstance(depths, str):
        depths = read_depths(depths)
    elif (
        not isinstance(depths, list) or not depths or any(isinstance(d, bool) or not isinstance(d, int) for d in depths)
    ):
        raise RequestError("field 'depths' must be the solution depths: a list of whole numbers, or text as '2-20:2'")
    code = _code(request)
    runs = parse_runs(field(request, "runs", str, BOOK_RUNS), lambda name: estimator(name, source.goal, code))
    return depth_table(source, depths, field(request, "boards", int, 20), runs, field(request, "seed", str, "lab"))


def depth_reply(table: DepthTable) -> Reply:
    """The table's final reply."""
    reply: Reply = {"type": "result", "ok": True}
    reply.update(table.to_dict())
    return reply


def op_lab_depth(request: Request) -> Reply:
    """``{"depths": [D, …] | "2-20:2", "boards"?: N (20), "seed"?: TEXT ("lab"), "runs"?: "bfs,astar:misplaced,…",
    "code"?: {NAME: SOURCE}, "shape"?: "3x3", "goal"?: …}`` → ``{"type": "result", "ok": true, "rows": [{depth, boards,
    cells: {RUN: {nodes, b_star, finished, longer}}, book: {RUN: {nodes, b_star}}}, …], "runs", "goal", "seed",
    "stopped"}``: the textbook's table (:func:`~npuzzle.course.depth_table.depth_table`); a run's heuristic may be
    a student's, named in ``code``. Progress (as a long op): ``{"type": "progress", "searched", "total", "depth"}``."""
    return depth_reply(run(read_lab_depth(request)))


class LabDepthSession(SlicedRun[DepthProgress, DepthTable]):
    """A ``lab_depth`` run in slices; a cancel replies with the depths done (``stopped: "cancelled"``)."""

    def _read(self, request: Request, context: Context) -> Generator[DepthProgress, None, DepthTable]:
        return read_lab_depth(request)

    def _ended(self, value: DepthTable) -> Reply:
        return depth_reply(value)


@dataclass(frozen=True, slots=True)
class CheckRecord:
    """The checks' progress: the heuristic being checked (``heuristic``) and the ``share`` of all the work done."""

    heuristic: str
    share: float

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able values."""
        return asdict(self)


def read_lab_check(request: Request) -> Generator[CheckRecord, None, Reply]:
    """A ``lab_check`` request read and checked: the running checks, whose value is the final reply."""
    goal = _goal(request)
    check_walkable(goal, "a heuristic is checked on")
    code = _code(request)
    specs = [field(request, "heuristic", str)]
    if field(request, "against", str, None) is not None:
        specs.append(request["against"])
    made = [estimator(spec, goal, code) for spec in specs]
    return _checks(specs, made, goal)


def _checks(specs: list[str], made: list[Any], goal: Board) -> Generator[CheckRecord, None, Reply]:
    def record(step: tuple[int, float]) -> CheckRecord:
        return CheckRecord(specs[step[0]] if step[0] >= 0 else "", step[1])

    try:
        table, checked = yield from mapped(check_heuristics(goal, made), record)
    except SearchStopped as stop:
        return {"type": "result", "ok": True, "heuristics": [], "dominance": None, "stopped": stop.reason}
    reply: Reply = {"type": "result", "ok": True, "stopped": None}
    reply["heuristics"] = [{"name": spec, **report.to_dict()} for spec, (_, report) in zip(specs, checked, strict=True)]
    values = [found for found, _ in checked]
    reply["dominance"] = asdict(dominance(values[0], values[1], table)) if len(values) == 2 else None
    reply["states"] = len(table.distances)
    reply["sample"] = table.to_dict() if isinstance(table, SampleTable) else None
    return reply


def op_lab_check(request: Request) -> Reply:
    """``{"heuristic": SPEC, "against"?: SPEC, "code"?: {NAME: SOURCE}, "shape"?: "3x3", "goal"?: …}`` →
    ``{"type": "result", "ok": true, "heuristics": [{name, states, goal_value, counts, admissible, consistent,
    breaches: [{kind, board, h, distance, neighbour, h_neighbour}, …], exact, mean_ratio}, …], "dominance":
    {a_at_least_b, b_at_least_a, equal, mean_ratio_a, mean_ratio_b} | null, "states", "sample", "stopped"}``: each
    heuristic (a built-in name, ``example:NAME``, or a name of ``code``) checked on every state of a board of up to 9
    cells, on a bigger one (up to 16) on a sample whose distances are proven (``sample``: ``{boards, per_depth,
    farthest}``, else null; :func:`~npuzzle.course.depth_boards.checked_boards`).
    Progress (as a long op): ``{"type": "progress", "heuristic", "share"}`` (``heuristic`` "" while the sample is
    drawn)."""
    return run(read_lab_check(request))


class LabCheckSession(SlicedRun[CheckRecord, Reply]):
    """A ``lab_check`` run in slices; a cancel replies ``stopped: "cancelled"`` with no report."""

    def _read(self, request: Request, context: Context) -> Generator[CheckRecord, None, Reply]:
        return read_lab_check(request)

    def _ended(self, value: Reply) -> Reply:
        return value


def op_lab_examples(request: Request) -> Reply:
    """``{}`` → ``{"ok": true, "examples": [{"name", "title", "code"}, …]}``: the heuristics ready to load in the
    lab's editor (:data:`~npuzzle.course.student.EXAMPLES`), as ``example:NAME`` names them too."""
    return {"ok": True, "examples": [{"name": n, "title": e.title, "code": e.code} for n, e in EXAMPLES.items()]}
