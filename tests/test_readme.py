"""The README's examples in its input, command-line and Python API sections run and say what they do."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from npuzzle import Board, MoveError, parse_board

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


def code_block(text: str, language: str) -> str:
    match = re.search(rf"```{language}\n(.*?)```", text, re.S)
    assert match, f"no {language} block"
    return match.group(1)


def test_every_input_format_example_reads_the_same_board() -> None:
    rows = [line for line in section("Input formats").splitlines() if line.startswith("| ") and "`" in line]
    assert len(rows) == 5
    eight = parse_board("1 2 3 / 4 5 6 / 7 8 0")
    for row in rows:
        example = "\n".join(re.findall(r"`([^`]*)`", row.split("|")[2]))  # `1 2 3`⏎`4 5 6` is three lines
        assert parse_board(example) == eight, row


def test_python_api_example_runs_as_stated() -> None:
    block = code_block(section("Python API"), "python")
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)  # every line runs (a MoveError would fail here)
    board = namespace["board"]
    assert isinstance(board, Board)
    stated = re.search(r'^board\.apply\((.*?)\)\s+# a new Board: (.*)$', block, re.M)
    assert stated
    moves = eval(stated.group(1))
    assert board.apply(moves).format(one_line=True) == stated.group(2).strip()
    raising = re.search(r'^# board\.apply\((.*?)\) raises MoveError\("(.*)"\)$', block, re.M)
    assert raising
    with pytest.raises(MoveError) as caught:
        board.apply(eval(raising.group(1)))
    assert str(caught.value) == raising.group(2)
    printed = re.search(r"^print\(e\)\s+# (.*?)…", block, re.M)
    assert printed and str(namespace["e"]).startswith(printed.group(1))


def test_command_line_examples_run(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    (tmp_path / "boards.txt").write_text("1 2 3 / 4 5 6 / 7 8 0\n2 1 3 / 4 5 6 / 7 8 0\n")
    commands = [line.split("#")[0].strip() for line in code_block(section("Command line"), "sh").splitlines()]
    commands = [c for c in commands if c.startswith("npuzzle ")]
    assert len(commands) == 4
    import shlex

    for command in commands:
        args = shlex.split(command)[1:]
        result = subprocess.run([sys.executable, "-m", "npuzzle", *args], capture_output=True, text=True, env=env,
                                cwd=tmp_path, timeout=120)
        assert result.returncode == 0 and result.stdout and not result.stderr, command
