"""Fair scrambles: the same seed deals the same board in any Python (the algorithm of ``npuzzle.speedsolving.scrambles``
written out again here from its definition, and fixed boards it deals), uniform over the solvable boards, seeds
checked."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from npuzzle import LimitError, goal_board, is_solvable
from npuzzle.api import handle
from npuzzle.board import unchecked_board
from npuzzle.cli import main
from npuzzle.speedsolving.scrambles import MAX_SEED, NEW_SEED_LIMIT, deal, seed_text


def by_the_definition(rows: int, cols: int, seed: str) -> tuple[int, ...]:
    """The board the module text's steps deal, written out plainly: the key, SHAKE-256's words read one by one,
    Fisher–Yates with rejection, the parity swap for the default goal."""
    stream = hashlib.shake_256(f"npuzzle-scramble-1 {rows}x{cols} {seed}".encode()).digest(4 * 10 * rows * cols + 64)
    words = [int.from_bytes(stream[k : k + 4], "little") for k in range(0, len(stream), 4)]
    cells = list(range(rows * cols))
    at = 0
    for i in range(rows * cols - 1, 0, -1):
        while words[at] >= 2**32 - 2**32 % (i + 1):
            at += 1
        j = words[at] % (i + 1)
        at += 1
        cells[i], cells[j] = cells[j], cells[i]
    if not is_solvable(unchecked_board(rows, cols, tuple(cells)), goal_board(rows, cols)):
        first, second = [i for i, t in enumerate(cells[:3]) if t != 0][:2]
        cells[first], cells[second] = cells[second], cells[first]
    return tuple(cells)


FIXED = [
    ((4, 4), 0, (1, 6, 5, 7, 2, 10, 3, 9, 12, 4, 0, 8, 13, 14, 11, 15)),
    ((4, 4), 1, (1, 14, 3, 5, 13, 8, 11, 15, 4, 7, 9, 10, 6, 12, 2, 0)),
    ((4, 4), "speedsliding", (10, 4, 5, 13, 12, 1, 15, 6, 14, 2, 9, 7, 8, 11, 3, 0)),
    ((3, 3), 7, (0, 7, 8, 6, 3, 1, 5, 4, 2)),
    ((2, 3), 123456789, (2, 0, 5, 1, 3, 4)),
]
"""Boards the algorithm deals, as computed once from its definition: a change of algorithm shows here."""


def test_shake_256_is_the_standard_one() -> None:
    assert hashlib.shake_256(b"").hexdigest(16) == "46b9dd2b0ba88d13233b3feb743eeb24"  # FIPS 202's empty message


@pytest.mark.parametrize(("shape", "seed", "tiles"), FIXED)
def test_fixed_seeds_deal_fixed_boards(shape: tuple[int, int], seed: int | str, tiles: tuple[int, ...]) -> None:
    assert deal(*shape, seed).board.tiles == tiles
    assert by_the_definition(*shape, str(seed)) == tiles


@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (4, 4), (3, 5), (6, 6), (20, 20)])
def test_the_module_follows_its_definition(shape: tuple[int, int]) -> None:
    for seed in [0, 1, 2, 99, 2**53 - 1, MAX_SEED, "abc", "a seed with spaces inside"]:
        assert deal(*shape, seed).board.tiles == by_the_definition(*shape, seed_text(seed)), seed


def test_a_seed_as_text_of_digits_is_the_number() -> None:
    assert deal(4, 4, "7").board == deal(4, 4, 7).board == deal(4, 4, "007").board


def test_every_dealt_board_is_solvable_and_the_seed_comes_back() -> None:
    for seed in range(50):
        dealt = deal(4, 4, seed)
        assert is_solvable(dealt.board, goal_board(4, 4)) and dealt.seed == seed
    fresh = deal(3, 3)
    assert isinstance(fresh.seed, int) and 0 <= fresh.seed < NEW_SEED_LIMIT
    assert deal(3, 3, fresh.seed).board == fresh.board
    unsolvable = deal(3, 3, 5, solvable=False).board
    assert not is_solvable(unsolvable, goal_board(3, 3))
    blank_first = goal_board(3, 3, "blank-first")
    assert is_solvable(deal(3, 3, 5, blank_first).board, blank_first)


def test_the_2x2_boards_come_equally_often() -> None:
    counts = Counter(deal(2, 2, seed).board.tiles for seed in range(2400))
    assert len(counts) == 12  # every solvable 2×2 board
    assert all(150 <= n <= 250 for n in counts.values()), counts  # 200 expected each; far outside means a bias


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2.5, True, "", " x", "x" * 65, "\n", None, [1]])
def test_a_seed_that_is_not_one_is_named(seed: object) -> None:
    if seed is None:
        return  # None asks for a fresh seed
    with pytest.raises(LimitError, match="a seed is a whole number"):
        deal(3, 3, seed)  # type: ignore[arg-type]


def test_the_api_and_the_cli_deal_the_same_board() -> None:
    reply = json.loads(handle(json.dumps({"op": "random", "rows": 4, "cols": 4, "seed": 1})))
    assert reply["seed"] == 1 and reply["board"]["tiles"] == list(FIXED[1][2]) and reply["scramble_version"] == 1
    fresh = json.loads(handle(json.dumps({"op": "random", "shape": "3x3"})))
    again = json.loads(handle(json.dumps({"op": "random", "shape": "3x3", "seed": fresh["seed"]})))
    assert again["board"] == fresh["board"]
    out, err = io.StringIO(), io.StringIO()
    assert main(["scramble", "--shape", "4x4", "--seed", "1"], out=out, err=err) == 0
    assert out.getvalue() == "seed 1\n1 14 3 5/13 8 11 15/4 7 9 10/6 12 2 0\n"
    out = io.StringIO()
    assert main(["scramble", "--seed", "speedsliding", "--json"], out=out, err=err) == 0
    assert json.loads(out.getvalue())["tiles"] == list(FIXED[2][2])
    assert main(["scramble", "--seed", "x" * 80], out=io.StringIO(), err=err) == 2
    assert "a seed is a whole number" in err.getvalue()


PYODIDE = Path(__file__).resolve().parents[1] / "node_modules" / "pyodide"
IN_PYODIDE = """
import {{ loadPyodide }} from {module};
const py = await loadPyodide({{ indexURL: {index}, env: {{ PYTHONPATH: {path} }} }});
py.FS.mkdirTree({root});
py.FS.mount(py.FS.filesystems.NODEFS, {{ root: {root} }}, {root});
console.log(py.runPython(`
import importlib, json, sys
importlib.invalidate_caches()
from npuzzle.speedsolving.scrambles import deal
json.dumps([sys.version_info[:2], [list(deal(r, c, s).board.tiles) for (r, c), s in {cases}]])
`));
"""


@pytest.mark.slow
def test_pyodide_deals_the_same_boards(tmp_path: Path) -> None:
    """The page's Python (Pyodide, under Node) deals the fixed boards too."""
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").exists():
        pytest.skip("node and node_modules/pyodide are needed (scripts/build_site.py --install)")
    root = Path(__file__).resolve().parents[1]
    cases = [(shape, seed) for shape, seed, _ in FIXED]
    script = tmp_path / "deal.mjs"
    script.write_text(
        IN_PYODIDE.format(
            module=json.dumps(str(PYODIDE / "pyodide.mjs")),
            index=json.dumps(str(PYODIDE) + "/"),
            path=json.dumps(str(root / "py")),
            root=json.dumps(str(root)),
            cases=repr(cases).replace("`", ""),
        )
    )
    shown = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300, check=True)
    version, boards = json.loads(shown.stdout.strip().splitlines()[-1])
    assert version[0] == 3 and version[1] >= 12  # the page's Python, not this one
    assert boards == [list(tiles) for _, _, tiles in FIXED]
