"""The heuristic and algorithm names and their aliases are one table (``npuzzle.names``): make_heuristic, plan, the
CLI, the api and its ``options`` reply all accept the same spellings, and an unknown name raises UnknownNameError
quoting it and listing the choices."""

from __future__ import annotations

import io
import json

import pytest

from npuzzle import UnknownNameError, api, goal_board, make_heuristic, parse_board, plan
from npuzzle.cli import main
from npuzzle.errors import LimitError
from npuzzle.names import ALGORITHM_NAMES, ALGORITHMS, HEURISTIC_NAMES, HEURISTICS, choose, name_key
from npuzzle.progress import ALGORITHM_TITLES
from npuzzle.solving.registry import default_registry

BOARD = "8 6 7 / 2 5 4 / 3 0 1"
SPELLINGS = [(alias, c.name) for c in HEURISTICS for alias in (c.name, *c.aliases, c.name.upper())]


def test_the_table_names_every_algorithm_and_heuristic_once() -> None:
    assert ALGORITHM_NAMES == ("auto", *ALGORITHM_TITLES)
    assert HEURISTIC_NAMES == default_registry().names()
    keys = [name_key(s) for c in (*ALGORITHMS, *HEURISTICS) for s in (c.name, *c.aliases)]
    assert len(keys) == len(set(keys)), "two spellings of the table read alike"


@pytest.mark.parametrize(("spelling", "name"), SPELLINGS)
def test_make_heuristic_and_plan_take_every_spelling(spelling: str, name: str) -> None:
    board = parse_board(BOARD)
    assert make_heuristic(spelling, goal_board(3, 3)).name == name
    assert plan(board, goal_board(3, 3), "astar", spelling).heuristic == name


def test_the_api_takes_the_aliases_and_its_options_list_them() -> None:
    reply = json.loads(api.handle(json.dumps({"op": "solve", "board": BOARD, "algorithm": "A*", "heuristic": "lc"})))
    assert reply["ok"] and (reply["algorithm"], reply["heuristic"], reply["length"]) == ("astar", "linear-conflict", 31)
    options = json.loads(api.handle(json.dumps({"op": "options", "rows": 4, "cols": 4})))
    table = {c.name: c for c in (*ALGORITHMS, *HEURISTICS)}
    for listed in options["algorithms"] + options["heuristics"]:
        choice = table[listed["name"]]
        assert (listed["summary"], listed["aliases"]) == (choice.summary, list(choice.aliases))


def test_the_command_line_takes_the_aliases() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--json", "--algorithm", "IDA*", "--heuristic", "wd", BOARD], out=out, err=err) == 0
    record = json.loads(out.getvalue())
    assert (record["algorithm"], record["heuristic"], record["length"]) == ("idastar", "walking-distance", 31)


def test_an_unknown_name_quotes_it_and_lists_the_choices_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(UnknownNameError) as caught:
        choose("euclid", HEURISTICS, "heuristic")
    assert str(caught.value) == (
        "unknown heuristic 'euclid'; use one of discrete (or zero-one), hamming (or misplaced), manhattan (or md), "
        "walking-distance (or walking, wd), linear-conflict (or linear, lc, manhattan-linear-conflict)"
    )
    assert not isinstance(caught.value, LimitError)
    reply = json.loads(api.handle(json.dumps({"op": "solve", "board": BOARD, "algorithm": "bfs"})))
    assert reply["error"]["type"] == "UnknownNameError" and "'bfs'; use one of auto, astar" in reply["error"]["message"]
    assert main(["solve", "--heuristic", "euclid", BOARD], out=io.StringIO(), err=io.StringIO()) == 2
    assert "unknown heuristic 'euclid'; use one of auto, discrete (or zero-one)" in capsys.readouterr().err
