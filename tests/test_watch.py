"""The watched search is the ordinary search: the same counts and path as the plain A* and IDA*, the
outcomes each step reports consistent with the search's counters, a priority lowering where the heap really did
it, replayable windows and bounded memory."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import pairwise
from typing import Any, ClassVar, TypeVar

import pytest

from npuzzle.board import Board, goal_board
from npuzzle.course.watch import HASH_BINS, Step, Watch, Window, bin_of, last_steps, prepare
from npuzzle.optimal import search
from npuzzle.optimal.heap import IndexedHeap
from npuzzle.optimal.heuristics import make_heuristic
from npuzzle.optimal.observe import AstarKeys
from npuzzle.optimal.packing import Layout
from npuzzle.parse import parse_board, resolve_goal
from npuzzle.progress import SearchResult, run
from npuzzle.randomize import random_board, scramble
from npuzzle.research.instances import hardest8

LOWERS = parse_board("5 7 1 / 3 4 2 / 0 8 6")
"""A board on which the plain A* with Manhattan lowers a queued state's priority (at its 44th expansion)."""


def hardest() -> list[tuple[Board, Board]]:
    return [(i.board(), resolve_goal(i.goal, 3, 3)) for i in hardest8()]


def randoms() -> list[tuple[Board, Board]]:
    boards = [(random_board(3, 3, seed=s), goal_board(3, 3)) for s in range(3)]
    boards += [(random_board(2, 4, seed=s), goal_board(2, 4)) for s in range(2)]
    boards.append((scramble(goal_board(4, 4), 30, seed=7), goal_board(4, 4)))
    return boards


def easy(moves: int) -> list[tuple[Board, Board]]:
    boards = [(scramble(goal_board(3, 3), moves, seed=s), goal_board(3, 3)) for s in range(2)]
    return boards + [(random_board(2, 3, seed=s), goal_board(2, 3)) for s in range(2)]


# (algorithm, heuristic, boards): every heuristic of the issue with each search, on boards it solves in a second or
# two (the weak heuristics on shorter scrambles: discrete A* on a 31-move 8-puzzle expands nearly all 181,440 states).
CASES = [
    ("astar", "manhattan", hardest() + randoms()),
    ("astar", "linear-conflict", hardest() + randoms()),
    ("astar", "hamming", easy(24) + randoms()[:1]),
    ("astar", "discrete", easy(14)),
    ("idastar", "manhattan", hardest() + randoms()),
    ("idastar", "linear-conflict", hardest() + randoms()),
    ("idastar", "hamming", easy(20)),
    ("idastar", "discrete", easy(10)[:2]),
]


class Checked:
    """A sink that checks each step against the previous one: the outcomes it reports account exactly for the
    change in the search's own counters."""

    def __init__(self, algorithm: str) -> None:
        self.algorithm = algorithm
        self.previous: dict[str, int] | None = None
        self.steps = 0
        self.outcomes: dict[str, int] = {}

    def __call__(self, step: Step) -> None:
        self.steps += 1
        assert step["n"] == self.steps
        counters = step["counters"]
        children = step["children"]
        for c in children:
            self.outcomes[c["outcome"]] = self.outcomes.get(c["outcome"], 0) + 1
            assert c["f"] == c["g"] + c["h"] and c["g"] == step["node"]["g"] + 1
        before = self.previous or {"expanded": 0, "generated": 0, "heap": 1, "stack": 1}
        if step["goal"]:
            assert children == [] and counters["expanded"] == before["expanded"] and step["node"]["h"] == 0
        else:
            assert counters["expanded"] == before["expanded"] + 1
            assert counters["generated"] == before["generated"] + len(children)
        added = sum(c["outcome"] in ("pushed", "reopened") for c in children)
        if self.algorithm == "astar":
            assert counters["heap"] == before["heap"] - 1 + added == step["heap"]["size"]
            top = [(e["f"], -e["g"]) for e in step["heap"]["top"]]
            assert all(top[(i - 1) // 2] <= top[i] for i in range(1, len(top)))  # a valid heap, in array order
        else:
            assert all(c["f"] > step["bound"] for c in children if c["outcome"] == "cut")
            assert all(c["f"] <= step["bound"] for c in children if c["outcome"] == "pushed")
            if not step["goal"]:
                stacked = 1 if step["parent"] is None else before["stack"]  # an iteration starts from the root
                assert counters["stack"] == stacked - 1 + added
        self.previous = counters


def whole(watch_args: tuple[Board, Board, str, str]) -> tuple[Watch, SearchResult, Checked]:
    board, goal, algorithm, heuristic = watch_args
    checked = Checked(algorithm)
    watch = prepare(board, goal, algorithm, heuristic, 0, 10**9, sink=checked, most=None)
    return watch, run(watch.search()), checked


@pytest.mark.parametrize(("algorithm", "heuristic", "boards"), CASES, ids=[f"{a}-{h}" for a, h, _ in CASES])
def test_the_traced_run_is_the_plain_run(algorithm: str, heuristic: str, boards: list[tuple[Board, Board]]) -> None:
    for board, goal in boards:
        plain_search = search.astar if algorithm == "astar" else search.idastar
        plain = run(plain_search(board, goal, make_heuristic(heuristic, goal)))
        watch, traced, checked = whole((board, goal, algorithm, heuristic))
        assert traced.moves == plain.moves is not None
        assert (traced.nodes_expanded, traced.nodes_generated, traced.max_frontier) == (
            plain.nodes_expanded,
            plain.nodes_generated,
            plain.max_frontier,
        )
        assert checked.steps == plain.nodes_expanded + 1  # every expansion, then the goal taken
        reply = watch.reply(traced)
        assert reply["done"] and reply["moves"] == list(plain.moves) and reply["length"] == len(plain.moves)
        counters = reply["counters"]
        assert counters["expanded"] == plain.nodes_expanded and counters["generated"] == plain.nodes_generated
        if algorithm == "idastar":
            assert counters["max_stack"] == plain.max_frontier
            assert [tuple(p) for p in reply["per_iteration"]] == plain.extra["per_iteration"]
            assert sum(n for _, n in reply["per_iteration"]) == plain.nodes_expanded
        else:
            assert counters["max_heap"] == plain.max_frontier


T = TypeVar("T", bound=Hashable)


class LoggingHeap(IndexedHeap[T]):
    """The plain heap, logging each decrease-key: the state, where the index said it was, where it came to rest."""

    log: ClassVar[list[tuple[object, int, int]]] = []

    def decrease(self, item: T, key: int) -> None:
        start = self.where[item]
        super().decrease(item, key)
        LoggingHeap.log.append((item, start, self.where[item]))


class HeapOnly:
    """An observer that only hands A* a heap: the decrease-key heap an unwatched trace would run on."""

    def __init__(self, heap: IndexedHeap[int]) -> None:
        self.heap = heap
        self.keys = AstarKeys(0, 0)

    def attach(self, layout: Layout, keys: AstarKeys) -> IndexedHeap[int]:
        self.keys = keys
        return self.heap

    def took(self, entry: int, expanded: int, generated: int, max_heap: int, goal: bool) -> None:
        pass


def plain_astar_on(heap: IndexedHeap[int]) -> tuple[SearchResult, AstarKeys]:
    """A* (Manhattan) on :data:`LOWERS` with ``heap`` as its open list, and the order of its entries."""
    goal = goal_board(3, 3)
    observer = HeapOnly(heap)
    return run(search.astar(LOWERS, goal, make_heuristic("manhattan", goal), observer=observer)), observer.keys


class SnapshotHeap(IndexedHeap[T]):
    """The plain heap, keeping its array (item and key) as it is before each pop: the heap after each expansion."""

    before_pops: ClassVar[list[list[tuple[object, int]]]] = []

    def pop(self) -> tuple[int, T]:
        SnapshotHeap.before_pops.append(list(zip(self.items, self.keys, strict=True)))
        return super().pop()


def test_the_heap_drawn_after_each_step_is_the_searchs_heap() -> None:
    goal = goal_board(3, 3)
    SnapshotHeap.before_pops = []
    plain, keys = plain_astar_on(SnapshotHeap())
    layout = Layout.of(3, 3)
    steps: list[Step] = []
    run(prepare(LOWERS, goal, "astar", "manhattan", 0, 10**6, sink=steps.append, most=None).search())
    assert plain.moves is not None and len(steps) == len(SnapshotHeap.before_pops) == plain.nodes_expanded + 1
    for step, heap in zip(steps, SnapshotHeap.before_pops[1:], strict=False):  # the heap after step k: pop k + 1
        assert step["heap"]["size"] == len(heap)  # exactly the open states, no more, no fewer
        drawn: list[tuple[object, int, int]] = [(layout.pack(e["tiles"]), e["f"], e["g"]) for e in step["heap"]["top"]]
        assert drawn == [(item, keys.f(key), keys.g(key)) for item, key in heap[: len(drawn)]]
        assert len(drawn) == min(len(heap), 31)


def test_a_priority_lowering_is_recorded_where_the_heap_made_it() -> None:
    goal = goal_board(3, 3)
    LoggingHeap.log = []
    plain, _ = plain_astar_on(LoggingHeap())
    assert plain.moves is not None and LoggingHeap.log, "the plain A* lowers no priority on this board"
    lowered: list[tuple[int, dict[str, Any]]] = []
    steps: dict[int, Step] = {}

    def keep(step: Step) -> None:
        steps[step["n"]] = step
        lowered.extend((step["n"], c) for c in step["children"] if c["outcome"] == "lowered")

    watch = prepare(LOWERS, goal, "astar", "manhattan", 0, 10**6, sink=keep, most=None)
    run(watch.search())
    layout = Layout.of(3, 3)
    assert [(layout.pack(c["tiles"]), c["found_at"], c["path"][-1]) for _, c in lowered] == LoggingHeap.log
    n, first = lowered[0]
    assert n == 44 and first["found_at"] == 24 and first["path"] == [24, 11, 5, 2, 0]
    assert first["old_f"] == 20 and first["f"] == 18
    after = steps[n]["heap"]["top"]
    assert (after[0]["f"], after[0]["g"]) == (first["f"], first["g"])  # it reached the top; a sibling tied with it
    assert any(e["tiles"] == first["tiles"] for e in after[:3])  # and pushed after it may rank first by its state
    assert "lowered the priority of one child: f 20 → 18, moved up 4 levels" in steps[n]["words"]
    for _, c in lowered:
        path = c["path"]
        assert all((a - 1) // 2 == b for a, b in pairwise(path))  # each step to the parent
        assert c["old_f"] > c["f"]


def test_a_skip_is_recorded_with_the_state_it_met() -> None:
    goal = goal_board(3, 3)
    watch = prepare(LOWERS, goal, "astar", "manhattan", 0, 2)
    run(watch.search())
    first, second = watch.window.steps
    back = [c for c in second["children"] if c["tiles"] == first["node"]["tiles"]]
    assert len(back) == 1 and back[0]["outcome"] == "skipped"
    assert back[0]["found_at"] is None and back[0]["path"] == []  # expanded: no longer in the heap
    assert back[0]["old_f"] == first["node"]["f"] and back[0]["g"] == 2
    assert "skipped one child reached before at no greater cost" in second["words"]


def test_the_bins_hold_every_state_reached_with_its_heap_index() -> None:
    goal = goal_board(3, 3)
    watch = prepare(LOWERS, goal, "astar", "manhattan", 0, 30)
    run(watch.search())
    layout = Layout.of(3, 3)
    reached = {layout.pack(s["node"]["tiles"]) for s in watch.window.steps}
    for step in watch.window.steps:
        reached |= {layout.pack(c["tiles"]) for c in step["children"]}
        bins = step["bins"]
        here = step["node"]["bin"]
        assert [b["bin"] for b in bins] == [(here + d) % HASH_BINS for d in range(-2, 3)]
        queued = {layout.pack(e["tiles"]): i for i, e in enumerate(step["heap"]["top"])}
        for b in bins:
            for entry in b["entries"]:
                state = layout.pack(entry["tiles"])
                assert bin_of(state) == b["bin"] and state in reached
                if state in queued:
                    assert entry["heap_index"] == queued[state]
    assert watch.window.steps[-1]["counters"]["expanded"] == 30


@pytest.mark.parametrize("algorithm", ["astar", "idastar"])
def test_windows_replay_the_same_steps(algorithm: str) -> None:
    board, goal = hardest()[0]
    heuristic = "manhattan"
    long = prepare(board, goal, algorithm, heuristic, 0, 400)
    run(long.search())
    steps = list(long.window.steps)
    assert [s["n"] for s in steps] == list(range(1, 401))
    for start, count in ((0, 1), (37, 5), (199, 100), (399, 1)):
        window = prepare(board, goal, algorithm, heuristic, start, count)
        result = window.search()
        reply = window.reply(run(result))
        assert reply["steps"] == steps[start : start + count]
        assert reply["done"] is False and reply["counters"] == steps[start + count - 1]["counters"]


@pytest.mark.parametrize("algorithm", ["astar", "idastar"])
def test_a_run_to_the_end_keeps_only_the_last_steps(algorithm: str) -> None:
    board, goal = hardest()[0]
    watch = prepare(board, goal, algorithm, "manhattan", 0, 3)
    plain = run(watch.plain())
    watch.window.start = last_steps(plain, 3)
    reply = watch.reply(run(watch.search()))
    assert watch.window.steps.maxlen == 3 and len(reply["steps"]) == 3
    total = plain.nodes_expanded + 1
    assert [s["n"] for s in reply["steps"]] == [total - 2, total - 1, total]
    assert reply["steps"][-1]["goal"] and reply["done"] and reply["length"] == 31
    assert "the search ends with 31 moves" in reply["steps"][-1]["words"]


def test_ida_steps_name_their_parent_and_the_iterations_end() -> None:
    board, goal = hardest()[0]
    watch = prepare(board, goal, "idastar", "manhattan", 0, 60)
    run(watch.search())
    steps = list(watch.window.steps)
    by_id = {s["id"]: s for s in steps}
    ends = [s for s in steps if s["iteration_done"] is not None]
    assert [s["iteration"] for s in ends] == [1, 2]
    for step in steps:
        if step["parent"] is None:
            assert step["node"]["g"] == 0
        else:
            parent = by_id[step["parent"]]
            assert parent["iteration"] == step["iteration"]
            assert step["node"]["tiles"] in [c["tiles"] for c in parent["children"] if c["outcome"] == "pushed"]
    for end in ends:
        done = end["iteration_done"]
        assert done["bound"] == end["bound"] and done["nodes"] == end["counters"]["iteration_nodes"]
        assert done["next_bound"] == end["next_bound"] and end["counters"]["stack"] == 0
        assert f"iteration {end['iteration']} ends after" in end["words"]
    assert [[d["iteration_done"]["bound"], d["iteration_done"]["nodes"]] for d in ends] == [[21, 3], [23, 42]]


class Patchy:
    """An admissible but inconsistent heuristic: Manhattan on states whose packed int is a multiple of 3, else 0.
    A* then reaches some expanded states again by a shorter path and reopens them."""

    name = "patchy"
    admissible = True

    def __init__(self, goal: Board) -> None:
        self.manhattan = make_heuristic("manhattan", goal)
        self.layout = Layout.of(goal.rows, goal.cols)

    def initial(self, tiles: Any) -> int:
        return self.manhattan.initial(tiles) if self.layout.pack(tiles) % 3 == 0 else 0

    def delta(self, state: int, child: int, tile: int, move: Any) -> int:
        return self.initial(self.layout.unpack(child)) - self.initial(self.layout.unpack(state))


def test_a_reopened_state_is_recorded_with_its_old_f() -> None:
    goal = goal_board(3, 3)
    board = scramble(goal, 30, seed=0)  # 18 moves; A* with Patchy: 1,564 expansions, 31 reopened
    plain = run(search.astar(board, goal, Patchy(goal)))
    checked = Checked("astar")
    reopened: list[dict[str, Any]] = []

    def keep(step: Step) -> None:
        checked(step)
        reopened.extend(c for c in step["children"] if c["outcome"] == "reopened")

    watch = Watch(board, goal, "astar", Patchy(goal), Window(0, 10**9, keep))
    traced = run(watch.search())
    assert traced.moves == plain.moves and len(plain.moves or ()) == 18
    assert (traced.nodes_expanded, traced.max_frontier) == (plain.nodes_expanded, plain.max_frontier)
    assert reopened and all(c["old_f"] > c["f"] and c["found_at"] is None for c in reopened)
    assert all(c["path"][0] >= c["path"][-1] for c in reopened)
