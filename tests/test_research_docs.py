"""docs/research.md says what the code does: its column table is :data:`npuzzle.research.dataset.COLUMNS`, its set table
is :data:`npuzzle.research.instances.SETS`, and its Python examples run and show what they say."""

from __future__ import annotations

import re
from pathlib import Path

from npuzzle.research.dataset import COLUMNS
from npuzzle.research.instances import SETS

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "research.md").read_text(encoding="utf-8")
KINDS = {"int": "int", "float": "float", "bool": "bool", "str": "str", "ints": "list of int"}


def table_after(heading: str) -> list[list[str]]:
    """The rows of the first Markdown table after the line starting with ``heading`` (cells stripped, no header)."""
    lines = PAGE[PAGE.index(heading) :].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_column_table_is_the_code_s() -> None:
    rows = table_after("The columns")
    assert [(r[0].strip("`"), r[1], r[2]) for r in rows] == [(c.name, KINDS[c.kind], c.doc) for c in COLUMNS]


def test_the_set_table_is_the_code_s() -> None:
    rows = table_after("| set |")
    assert [(r[0].strip("`"), r[1], r[2]) for r in rows] == [(s.name, s.title, s.convention) for s in SETS.values()]


def test_the_python_example_runs_and_shows_what_it_says() -> None:
    block = re.search(r"```python\n(.*?)```", PAGE, re.S)
    assert block is not None
    code = block.group(1)
    namespace: dict[str, object] = {}
    exec(compile(code.replace('vectorization_mode="async"', 'vectorization_mode="sync"'), "research.md", "exec"),
         namespace)  # fmt: skip
    info = namespace["info"]
    said = re.search(r"info\[\"action_mask\"\]\s+# (\d+), array\(\[([\d, ]+)\]", code)
    assert said is not None
    namespace["envs"].close()  # type: ignore[attr-defined]
    env = namespace["env"]
    _, first = env.reset(seed=0)  # type: ignore[attr-defined]
    assert first["optimal_distance"] == int(said.group(1))
    assert first["action_mask"].tolist() == [int(x) for x in said.group(2).split(",")]
    assert isinstance(info, dict) and "optimal_distance" in info
    mask = re.search(r"get_wrapper_attr\(\"action_masks\"\)\(\)\s+# array\(\[([\d, ]+)\]", code)
    assert mask is not None and info["action_mask"].tolist() == [int(x) for x in mask.group(1).split(",")]


def test_the_batch_example_runs_and_shows_what_it_says() -> None:
    block = next(code for code in re.findall(r"```python\n(.*?)```", PAGE, re.S) if "next_states" in code)
    namespace: dict[str, object] = {}
    exec(compile(block, "research.md", "exec"), namespace)
    moved = re.search(r"moved is (\[[^\]]*\])", block)
    masks = re.search(r"the masks (\[\[.*\]\])", block)
    assert moved is not None and masks is not None
    assert str(namespace["moved"].tolist()) == moved.group(1)  # type: ignore[attr-defined]
    assert str(namespace["masks"].tolist()) == masks.group(1)  # type: ignore[attr-defined]
    assert namespace["children"].shape == (2, 4, 3, 3)  # type: ignore[attr-defined]
