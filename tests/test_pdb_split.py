"""The split search's bookkeeping without a transport (:mod:`npuzzle.pdb.split`): optimal lengths with answers in
any order, a deeper solution never beating a shallower one, stops, and malformed or foreign answers refused. Uses
the site build's 7/7-7 file, as test_pdb_parallel."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from npuzzle.board import Board, goal_board
from npuzzle.errors import SplitError, UnsolvableError
from npuzzle.parse import parse_board
from npuzzle.pdb.search import home_board, solve_with_pdb
from npuzzle.pdb.split import Coordinator, FrontierNode, Split, SplitJob, answer_task, frontier
from npuzzle.pdb.tables import PdbTables, mirror_cell
from npuzzle.pdb.tasks import Answer, Task
from npuzzle.progress import Limit, SearchResult, preparing, result_at, run, stop
from npuzzle.research.instances import korf100
from shipped_pdb import require_shipped_pdb

HARD = "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"
"""An 80-move position (Korf's goal): far beyond these tests' budgets."""
BLANK_FIRST = goal_board(4, 4, "blank-first")

require_shipped_pdb()


def korf(ident: int) -> tuple[Board, int]:
    instance = next(i for i in korf100() if i.ident == ident)
    return Board(4, 4, tuple(instance.tiles)), instance.optimal


def first_search(board: Board, tables: PdbTables, nodes: int = 300) -> SearchResult:
    """The ordinary search stopped after ``nodes`` expansions, as the split search starts from it."""
    result = run(solve_with_pdb(board, BLANK_FIRST, tables, Limit(nodes=nodes)))
    assert result.stopped == "node-limit"
    return result


def solve_shuffled(coordinator: Coordinator, tables: PdbTables, seed: int, workers: int = 3) -> SearchResult:
    """Drive ``coordinator`` with ``workers`` simulated workers, each with its own transposition table: every round
    hands each idle worker a task, then answers one of the tasks out, picked at random."""
    rng = random.Random(seed)
    tts: list[dict[bytes, int]] = [{} for _ in range(workers)]
    out: list[tuple[int, Task]] = []
    while coordinator.result is None:
        for worker in range(workers):
            if all(w != worker for w, _ in out) and (task := coordinator.next_task()) is not None:
                out.append((worker, task))
        assert out, "no task out and no result"
        worker, task = out.pop(rng.randrange(len(out)))
        answer = answer_task(tables, task, coordinator.use_reflection, tts[worker])
        coordinator.take(Answer.from_json(answer.to_json()))  # through JSON, as the page's answers come
    return coordinator.result


@pytest.mark.slow
def test_korf_instances_get_their_optimal_length_with_answers_in_any_order(tables: PdbTables) -> None:
    for ident, seed in ((1, 0), (60, 1), (82, 2), (60, 3)):
        board, optimal = korf(ident)
        first = first_search(board, tables)
        coordinator = Coordinator(board, BLANK_FIRST, tables, first, workers=2)
        assert coordinator.bound < optimal  # it splits before the last iteration
        result = solve_shuffled(coordinator, tables, seed)
        assert (result.length, result.optimal, result.lower_bound) == (optimal, True, optimal), ident
        assert result.moves is not None and board.apply(result.moves) == BLANK_FIRST
        assert result.extra["jobs"] == 2 and result.extra["frontier"] == len(coordinator.frontier)
        assert sum(nodes for _, nodes in result.extra["per_iteration"]) == result.nodes_expanded
        assert coordinator.next_task() is None


def optimal_path(board: Board, tables: PdbTables) -> list[int]:
    """The blank's cells, in the tables' home labelling, along an optimal solution."""
    moves = run(solve_with_pdb(board, BLANK_FIRST, tables)).moves
    assert moves is not None
    start, original = home_board(board, BLANK_FIRST, tables)
    tiles = list(start)
    cells = [tiles.index(0)]
    for tile in moves:
        cell = tiles.index(original.index(tile))
        tiles[cells[-1]], tiles[cell] = tiles[cell], 0
        cells.append(cell)
    return cells


def test_a_solution_at_a_deeper_bound_never_beats_a_shallower_one(tables: PdbTables) -> None:
    board, optimal = korf(82)
    path = optimal_path(board, tables)
    assert len(path) == optimal + 1
    low = optimal - 2
    in_first_iteration = replace(preparing("idastar", "pdb", 0.0), iteration=1)
    first = result_at(in_first_iteration, "node-limit", "", low, {"bound": low, "per_iteration": [(low, 0)]})
    for deeper_first in (True, False):
        coordinator = Coordinator(board, BLANK_FIRST, tables, first, workers=1, lookahead=2)
        tasks = []
        while (task := coordinator.next_task()) is not None:
            tasks.append(task)
        assert {t.bound for t in tasks} == {low, optimal, optimal + 2}  # two iterations ahead of the lowest
        depth = next(len(n.cells) - 1 for n in coordinator.frontier if list(n.cells) == path[: len(n.cells)])
        on_path = [t for t in tasks if list(coordinator.frontier[t.index].cells) == path[: depth + 1]]
        at = {t.bound: t for t in on_path}
        shortest = Answer(optimal, at[optimal].index, tuple(path[depth:]), 1, 1)
        detour = (*path[depth:], path[-2], path[-1])  # one step back and forth at the end: a longer solution
        longer = Answer(optimal + 2, at[optimal + 2].index, detour, 1, 1)
        for answer in (longer, shortest) if deeper_first else (shortest, longer):
            assert coordinator.take(answer) is None  # the bound below is not finished: nothing is proven
        rest = [t for t in tasks if t.bound == low]
        for task in rest[:-1]:
            assert coordinator.take(Answer(task.bound, task.index, None, 1, 1)) is None
        result = coordinator.take(Answer(rest[-1].bound, rest[-1].index, None, 1, 1))
        assert result is not None and result.length == optimal and result.optimal
        assert result.moves is not None and board.apply(result.moves) == BLANK_FIRST
        assert [b for b, _ in result.extra["per_iteration"]] == [low, optimal, optimal + 2]


def test_foreign_repeated_and_broken_answers_are_refused(tables: PdbTables) -> None:
    board, _ = korf(82)
    coordinator = Coordinator(board, BLANK_FIRST, tables, first_search(board, tables), workers=1)
    task = coordinator.next_task()
    assert task is not None
    with pytest.raises(SplitError, match=r"no task \(99, 0\) was handed out"):
        coordinator.take(Answer(99, 0, None, 1, 1))
    with pytest.raises(SplitError, match="is not a path of"):
        coordinator.take(Answer(task.bound, task.index, (0, 5), 1, 1))
    with pytest.raises(SplitError, match="answered already"):
        coordinator.take(Answer(task.bound, task.index, None, 1, 1))
    again = coordinator.next_task()
    assert again is not None and again.index != task.index
    coordinator.release(again.bound, again.index)  # its worker was lost: the same task goes out next
    assert coordinator.next_task() == again
    with pytest.raises(SplitError, match="an answer has no 'cells' field"):
        Answer.from_json({"bound": 1, "index": 0, "expanded": 0, "generated": 0})
    with pytest.raises(SplitError, match="the answer's expanded must be a whole number"):
        Answer.from_json({"bound": 1, "index": 0, "cells": None, "expanded": -1, "generated": 0})


def test_tasks_read_from_json_are_checked() -> None:
    good = {"bound": 50, "index": 3, "tiles": list(range(16)), "prev": 1, "budget": 48}
    assert Task.from_json(good).to_json() == good
    for change, message in (
        ({"tiles": list(range(15))}, "a list of 16 numbers"),
        ({"tiles": [0] * 16}, "each of 0 to 15 once"),
        ({"tiles": [*range(15), 16]}, "a tile of the task must be a whole number from 0 to 15"),
        ({"prev": 5}, r"next to the blank \(cell 0\), got 5"),
        ({"budget": 51}, "budget must be a whole number from 0 to 50"),
        ({"bound": 1000}, "bound must be a whole number from 0 to 100"),
        ({"index": True}, "index must be a whole number"),
    ):
        with pytest.raises(SplitError, match=message):
            Task.from_json({**good, **change})
    with pytest.raises(UnsolvableError):
        Task.from_json({**good, "tiles": [0, 2, 1, *range(3, 16)], "prev": None})
    with pytest.raises(SplitError, match="a task must be an object"):
        Task.from_json([1, 2])


def test_stop_and_limits_end_the_split_with_the_bound_reached(tables: PdbTables) -> None:
    board = parse_board(HARD)
    coordinator = Coordinator(board, BLANK_FIRST, tables, first_search(board, tables), workers=2)
    task = coordinator.next_task()
    assert task is not None
    coordinator.running(task.bound, task.index, 500, 900)
    assert coordinator.progress().nodes_expanded == coordinator.expanded + 500
    result = coordinator.stop()
    assert result.stopped == "cancelled" and result.moves is None and result.lower_bound == coordinator.bound
    assert "cancel" in result.message and coordinator.next_task() is None
    assert coordinator.take(Answer(task.bound, task.index, None, 1, 1)) is result  # late answers change nothing

    limited = Coordinator(board, BLANK_FIRST, tables, first_search(board, tables), workers=2, limit=Limit(nodes=400))
    assert limited.check() is None
    task = limited.next_task()
    assert task is not None
    limited.running(task.bound, task.index, 200, 200)
    stopped = limited.check()
    assert stopped is not None and stopped.stopped == "node-limit" and "node limit" in stopped.message


def test_the_split_generator_searches_alone_and_with_a_helper_and_answers_a_cancel(tables: PdbTables) -> None:
    board, optimal = korf(60)
    alone = Split(SplitJob(board, BLANK_FIRST, tables, workers=2, sequential_nodes=300))
    result = run(alone.search)  # nobody pulls tasks: it searches them all itself
    assert alone.coordinator is not None and (result.length, result.optimal) == (optimal, True)

    helped = Split(SplitJob(board, BLANK_FIRST, tables, workers=2, sequential_nodes=300))
    held: list[Task] = []
    tt: dict[bytes, int] = {}
    try:
        while True:
            next(helped.search)
            coordinator = helped.coordinator
            if coordinator is None:
                continue
            if not held and (task := coordinator.next_task()) is not None:
                held.append(task)
            elif held and helped.idle:  # it waits for the helper's answer
                task = held.pop()
                coordinator.take(answer_task(tables, task, coordinator.use_reflection, tt))
    except StopIteration as end:
        result = end.value
    assert (result.length, result.optimal) == (optimal, True)

    hard = Split(SplitJob(parse_board(HARD), BLANK_FIRST, tables, workers=2, sequential_nodes=300))
    while hard.coordinator is None:
        next(hard.search)
    next(hard.search)
    cancelled = stop(hard.search, lambda last: pytest.fail("the split search answers a cancel itself"))
    assert cancelled.stopped == "cancelled" and cancelled.moves is None and cancelled.lower_bound >= 50
    with pytest.raises(UnsolvableError):
        Split(SplitJob(parse_board("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"), BLANK_FIRST, tables, workers=2))


def test_the_frontier_is_in_the_order_the_ordinary_search_visits_it(tables: PdbTables) -> None:
    # The ordinary search tries children best first near the root (smallest h + h_reflected, then the cell), so its
    # last iteration meets the solution early; the split hands its subtrees out in that order to do the same.
    board, _ = korf(1)
    start, _ = home_board(board, BLANK_FIRST, tables)
    nodes = frontier(tables, start, True, jobs=2)
    database, mirror = tables.database, mirror_cell(4)

    def both(tiles: list[int]) -> int:  # h + h_reflected, from the database's own lookups
        reflected = [0] * len(tiles)
        for c, t in enumerate(tiles):
            reflected[mirror(c)] = mirror(t)
        return database.value(tiles) + database.value(reflected)

    def rank(node: FrontierNode) -> list[tuple[int, int]]:
        tiles, out = list(start), []
        for z, q in pairwise(node.cells):
            tiles[z], tiles[q] = tiles[q], 0
            out.append((both(tiles), q))
        return out

    ranks = [rank(node) for node in nodes]
    assert len(nodes) >= 2 * 48 and len({len(node.cells) for node in nodes}) == 1
    assert ranks == sorted(ranks)
    assert [node.f for node in nodes] != sorted(node.f for node in nodes)  # not by f: that order is another one
