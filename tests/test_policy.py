"""The ``auto`` policy is said once (``npuzzle.policy``): the planner decides as its rules say, and ``docs/auto.md``,
``solve --help`` and the api's ``options`` summaries are what the rules generate."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from npuzzle import api, policy
from npuzzle.board import Board, goal_board
from npuzzle.errors import LimitError
from npuzzle.nearoptimal.solver import DEFAULT_BUDGET
from npuzzle.nearoptimal.solver import HEURISTIC as NEAR_OPTIMAL_HEURISTIC
from npuzzle.optimal.walking import walking_fits
from npuzzle.parse import resolve_goal
from npuzzle.pdb.pure_builder import build_database
from npuzzle.pdb.tables import PdbTables, heuristic_name, pdb_fits
from npuzzle.policy import NEAR_OPTIMAL, PDB
from npuzzle.policy.__main__ import main as policy_main
from npuzzle.randomize import random_board
from npuzzle.solving.registry import Registry, default_registry, registry_with_tables
from npuzzle.solving.solve import Plan, auto_algorithm, plan

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "auto.md"


@pytest.fixture(scope="module")
def tables_4x4() -> PdbTables:
    """Small 4×4 tables (3-3-3-3-3), built in a second or two: they fit like the site's 7/7-7."""
    return PdbTables.of(build_database(4, 4, ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15))))


@pytest.fixture(scope="module")
def tables_3x3() -> PdbTables:
    return PdbTables.of(build_database(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8))))


def rules_heuristic(rows: int, cols: int, pdb_fits: bool) -> str:
    """What the rules of ``policy.HEURISTIC_RULES`` alone say ``heuristic="auto"`` picks on a rows×cols board
    (``PDB`` when a loaded pattern database fits): the first rule that applies; the last applies everywhere."""
    for rule in policy.HEURISTIC_RULES[:-1]:
        if pdb_fits if rule.heuristic == PDB else (rows, cols) in rule.shapes:
            return rule.heuristic
    return policy.HEURISTIC_RULES[-1].heuristic


def expected(board: Board, goal: Board, tables: PdbTables | None) -> tuple[str, str, float | None, str]:
    """What the rules alone say ``auto``/``auto`` picks: algorithm, heuristic, fallback nodes, summary."""
    rule = policy.algorithm_rule(board.size)
    if rule.algorithm == NEAR_OPTIMAL:
        return NEAR_OPTIMAL, NEAR_OPTIMAL_HEURISTIC, None, policy.near_optimal_summary(DEFAULT_BUDGET, True)
    fits = tables is not None and pdb_fits(board, goal, tables)
    heuristic = rules_heuristic(board.rows, board.cols, fits)
    if heuristic == PDB:
        assert tables is not None
        heuristic = heuristic_name(tables)
    if rule.fallback is not None and not fits:  # only a pattern database ranks at the fallback's strength
        nodes = rule.fallback.nodes
        return (
            rule.algorithm,
            heuristic,
            nodes,
            policy.fallback_summary(rule.algorithm, heuristic, nodes, DEFAULT_BUDGET),
        )
    return rule.algorithm, heuristic, None, policy.optimal_summary(rule.algorithm, heuristic)


def chosen(p: Plan) -> tuple[str, str, float | None, str]:
    return p.algorithm, p.heuristic, p.fallback_after, p.summary


ODD_4X4_GOAL = "1 2 3 4 / 5 0 6 7 / 8 9 10 11 / 12 13 14 15"  # blank not in a corner: no pattern database fits
BOARDS = [  # rows, cols, goal, and the algorithm auto picks there, spelt out (the rules must say it too)
    (2, 2, "default", "astar"),
    (3, 3, "default", "astar"),
    (3, 3, "blank-first", "astar"),
    (3, 3, "1 2 3 / 4 0 5 / 6 7 8", "astar"),
    (2, 4, "default", "astar"),
    (3, 4, "default", "idastar"),
    (4, 3, "blank-first", "idastar"),
    (4, 4, "default", "idastar"),
    (4, 4, "blank-first", "idastar"),
    (4, 4, ODD_4X4_GOAL, "idastar"),
    (3, 5, "default", "idastar"),
    (2, 8, "default", "idastar"),
    (3, 6, "default", NEAR_OPTIMAL),
    (2, 9, "default", NEAR_OPTIMAL),
    (5, 5, "default", NEAR_OPTIMAL),
    (3, 7, "blank-first", NEAR_OPTIMAL),
    (7, 3, "default", NEAR_OPTIMAL),
    (6, 6, "default", NEAR_OPTIMAL),
    (10, 10, "default", NEAR_OPTIMAL),
    (13, 13, "default", NEAR_OPTIMAL),
    (20, 20, "default", NEAR_OPTIMAL),
    (10, 40, "default", NEAR_OPTIMAL),
]


@pytest.mark.parametrize(("rows", "cols", "goal_name", "algorithm"), BOARDS)
def test_the_planner_does_what_the_rules_say(
    rows: int, cols: int, goal_name: str, algorithm: str, tables_4x4: PdbTables, tables_3x3: PdbTables
) -> None:
    goal = resolve_goal(goal_name, rows, cols)
    board = random_board(rows, cols, seed=rows * 31 + cols, goal=goal)
    registries: list[tuple[Registry, PdbTables | None]] = [(default_registry(), None)]
    registries += [(registry_with_tables(t), t) for t in (tables_4x4, tables_3x3)]
    for registry, tables in registries:
        assert chosen(plan(board, goal, registry=registry)) == expected(board, goal, tables), (goal_name, tables)
        assert plan(board, goal, registry=registry).algorithm == auto_algorithm(board) == algorithm


def test_the_representative_boards_get_what_the_doc_says(tables_4x4: PdbTables) -> None:
    """The same agreement spelt out, so a change of the rules shows here too."""
    with_tables = registry_with_tables(tables_4x4)
    pdb_name = heuristic_name(tables_4x4)
    four, odd = goal_board(4, 4), resolve_goal(ODD_4X4_GOAL, 4, 4)
    assert chosen(plan(four, four, registry=with_tables))[:3] == ("idastar", pdb_name, None)
    walking = ("idastar", "walking-distance", policy.AUTO_OPTIMAL_NODES)
    assert chosen(plan(four, four))[:3] == walking
    assert chosen(plan(odd, odd, registry=with_tables))[:3] == walking
    for rows, cols, algorithm, heuristic, fallback in [
        (3, 3, "astar", "linear-conflict", None),
        (2, 4, "astar", "linear-conflict", None),
        (3, 4, "idastar", "linear-conflict", policy.AUTO_OPTIMAL_NODES),
        (2, 8, "idastar", "linear-conflict", policy.AUTO_OPTIMAL_NODES),
        (5, 5, NEAR_OPTIMAL, "group-tables", None),
    ]:
        g = goal_board(rows, cols)
        assert chosen(plan(g, g, registry=with_tables))[:3] == (algorithm, heuristic, fallback)
    with pytest.raises(LimitError, match="up to 400 cells"):
        plan(goal_board(21, 20), goal_board(21, 20))


def test_the_rules_examples_and_ranks_are_true() -> None:
    for rule in policy.ALGORITHM_RULES:
        for example in rule.examples.split(", "):
            rows, cols = map(int, example.split("×"))
            assert policy.algorithm_rule(rows * cols) is rule, example
    sizes = [rule.max_cells for rule in policy.ALGORITHM_RULES]
    assert sizes == sorted(sizes) and policy.algorithm_rule(sizes[-1] + 1) is policy.ALGORITHM_RULES[-1]
    for hrule in policy.HEURISTIC_RULES:  # a shape rule names shapes its heuristic fits
        fits = default_registry().heuristic(hrule.heuristic).fits if hrule.shapes else None
        assert fits is None or all(fits(goal_board(r, c), goal_board(r, c)) for r, c in hrule.shapes)
    assert walking_fits(goal_board(4, 4), goal_board(4, 4)) and not walking_fits(goal_board(5, 5), goal_board(5, 5))
    # "unless a pattern database guides it": the fallback spares exactly the pattern database's rank
    fallbacks = [rule.fallback for rule in policy.ALGORITHM_RULES if rule.fallback is not None]
    assert fallbacks and all(f.unless_strength == policy.PDB_STRENGTH for f in fallbacks)
    tables = PdbTables.of(build_database(2, 2, ((1, 2, 3),)))
    pdb_entry = registry_with_tables(tables).heuristic(heuristic_name(tables))
    assert pdb_entry.strength == policy.PDB_STRENGTH > max(e.strength for e in default_registry().heuristics)


def generated_part(text: str) -> str:
    start, end = text.index(policy.MARK_START), text.index(policy.MARK_END)
    return text[start + len(policy.MARK_START) : end].strip("\n")


def test_docs_auto_md_holds_the_generated_tables() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert generated_part(text) == policy.markdown().strip("\n"), (
        "docs/auto.md differs from npuzzle.policy: run PYTHONPATH=py python -m npuzzle.policy --update docs/auto.md"
    )
    assert policy.replace_marked(text, policy.markdown()) == text


def test_the_solve_help_is_generated_from_the_rules() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), COLUMNS="100000")  # one line per option: no wrapping
    shown = subprocess.run(
        [sys.executable, "-m", "npuzzle", "solve", "--help"], capture_output=True, text=True, env=env, check=True
    ).stdout
    for template in (policy.algorithm_help(), policy.heuristic_help()):
        assert template % {"default": "auto"} in shown
    assert f"{policy.AUTO_OPTIMAL_NODES:,} nodes expanded" in shown and f"{policy.OPTIMAL_MAX_CELLS} cells" in shown


def options(rows: int, cols: int, goal: str = "default") -> dict[str, object]:
    reply: dict[str, object] = json.loads(
        api.handle(json.dumps({"op": "options", "rows": rows, "cols": cols, "goal": goal}))
    )
    return reply


@pytest.mark.parametrize(("rows", "cols", "goal_name"), [board[:3] for board in BOARDS] + [(21, 20, "default")])
def test_the_api_options_summary_is_what_the_rules_say(rows: int, cols: int, goal_name: str) -> None:
    reply = options(rows, cols, goal_name)
    goal = resolve_goal(goal_name, rows, cols)
    if rows * cols > policy.NEAR_OPTIMAL_MAX_CELLS:
        assert reply["default_summary"] == policy.too_big_summary()
        return
    algorithm, heuristic, fallback, summary = expected(goal, goal, None)
    assert (reply["default_algorithm"], reply["default_heuristic"], reply["default_summary"]) == (
        algorithm,
        heuristic,
        summary,
    )
    assert reply["default_optimal"] is (algorithm != NEAR_OPTIMAL and fallback is None)


def test_the_entry_point_prints_and_rewrites_the_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert policy_main(["--markdown"]) == 0
    assert capsys.readouterr().out == policy.markdown()
    page = tmp_path / "auto.md"
    page.write_text(f"# intro\n\n{policy.MARK_START}\nstale\n{policy.MARK_END}\n\nafter\n", encoding="utf-8")
    assert policy_main(["--update", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "stale" not in text and text.startswith("# intro\n") and text.endswith("after\n")
    assert generated_part(text) == policy.markdown().strip("\n")
    assert policy_main(["--frobnicate"]) == 2 and "usage" in capsys.readouterr().err
    with pytest.raises(ValueError, match="markers"):
        policy.replace_marked("no markers here", policy.markdown())


def test_the_help_mentions_no_rule_the_data_lacks() -> None:
    """The help's numbers are the rules' numbers: every ``N cells`` and ``N nodes expanded`` it states comes from the
    data, and it states no seconds (no clock decides ``auto``'s answer)."""
    text = policy.algorithm_help()
    cells = {int(n) for n in re.findall(r"(\d+) cells", text)}
    bounds = {r.max_cells for r in policy.ALGORITHM_RULES} | {r.max_cells + 1 for r in policy.ALGORITHM_RULES}
    assert cells <= bounds
    nodes = {int(n.replace(",", "")) for n in re.findall(r"([\d,]+) nodes expanded", text)}
    assert nodes == {r.fallback.nodes for r in policy.ALGORITHM_RULES if r.fallback is not None}
    assert not re.findall(r"[\d.]+ s\b", text)
