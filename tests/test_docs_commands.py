"""The shell lines of docs/research.md and docs/speedsolving.md run as written, or lighter in a way said here (fewer
boards, a local cluster), or say why they cannot run here; what their comments promise is what they print. (The
README's own lines: ``test_readme.py``.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from shipped_pdb import MTM_FILE, PDB_FILE, require_mtm_pdb, require_shipped_pdb

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("docs/research.md", "docs/speedsolving.md")

require_shipped_pdb()
require_mtm_pdb()

SKIPPED = {
    "pip install -e '.[gym]'": "it installs into the interpreter (the extras' names are held to pyproject.toml)",
    "pip install -e '.[parquet]'": "the same",
    "pip install -e '.[dask]'": "the same",
    "npuzzle pdb build": "it takes minutes and gigabytes: the tests' 7/7-7 database stands for it (test_readme.py "
    "runs the line with a small partition)",
    "npuzzle pdb build --metric mtm": "it takes a minute or two: the tests' MTM database stands for it",
    "npuzzle pdb build --metric mtm --partition 4-4-3-2-2": "minutes and gigabytes: the tests build small relabellings",
}
"""The lines no test runs as they stand here, and why."""

LIGHTER = {
    "--count 10000": "--count 4",
    "--count 1000000": "--count 3",
    "--count 1000": "--count 1",
    "--scheduler tcp://10.0.0.5:8786": "--scheduler local:1",
    "npuzzle bench korf100 --goal default": "npuzzle bench korf100 --goal default --limit 3",
    "npuzzle bench korf24 --solver near-optimal --json": "npuzzle bench korf24 --solver near-optimal --json --limit 1",
    "npuzzle bench korf100-mtm --solver optimal": "npuzzle bench korf100-mtm --solver optimal --limit 1",
}
"""What makes a line light enough for the test suite: the same command on fewer boards, a cluster on this machine."""

PROGRESS_ON_STDERR = ("npuzzle dataset",)
"""Commands that report their progress on stderr (the rest must leave it empty)."""

MYBOARDS = "1 2 3 / 4 5 6 / 7 8 0  # 22\n"
"""The file of one's own that ``npuzzle bench myboards.txt`` reads."""


def shell_lines(page: str) -> list[tuple[str, str, list[str]]]:
    """Every command of ``page``'s ``sh`` blocks as (command, its comment, the block's assignments before it)."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S):
        assignments: list[str] = []
        for line in block.splitlines():
            command, _, comment = line.partition("  #")
            command = command.strip()
            if re.fullmatch(r"[A-Z]+=\S.*", command):
                assignments.append(command)
            elif command:
                lines.append((" ".join(command.split()), comment.strip(), list(assignments)))
    return lines


def lighter(command: str) -> str:
    for heavy, light in LIGHTER.items():
        command = re.sub(rf"{re.escape(heavy)}(?=\s|$)", light, command)
    return command


def test_the_install_lines_name_extras_the_package_has() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    named = [re.fullmatch(r"pip install -e '\.\[(\w+)\]'", c) for page in PAGES for c, _, _ in shell_lines(page)]
    assert [m.group(1) for m in named if m] == ["gym", "parquet", "dask"] and {"gym", "parquet", "dask"} <= set(extras)


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES)
def test_every_shell_line_runs_and_prints_what_its_comment_says(page: str, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "npuzzle").write_text(f'#!/bin/sh\nexec {sys.executable} -m npuzzle "$@"\n')
    (bin_dir / "npuzzle").chmod(0o755)
    env = dict(
        os.environ,
        PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        PYTHONPATH=str(ROOT / "py"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
        NPUZZLE_PDB=str(PDB_FILE),
        NPUZZLE_MTM_PDB=str(MTM_FILE),
    )
    (tmp_path / "myboards.txt").write_text(MYBOARDS)
    lines = shell_lines(page)
    ran = 0
    for command, comment, assignments in lines:
        if command in SKIPPED:
            continue
        script = "\n".join([*assignments, lighter(command)])
        result = subprocess.run(
            ["bash", "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600
        )
        assert result.returncode == 0, (command, result.stderr)
        assert command.startswith(PROGRESS_ON_STDERR) or not result.stderr, (command, result.stderr)
        said(command, comment, result.stdout)
        ran += 1
    assert ran == len([c for c, _, _ in lines if c not in SKIPPED]) > 0


def said(command: str, comment: str, out: str) -> None:
    """The promise of ``comment`` held by ``command``'s output ``out`` (the comments that promise a figure)."""
    if match := re.fullmatch(r"(\d+) line moves \((\d+) single tiles\)", comment):
        assert f"Solved in {match[1]} line moves ({match[2]} moves of single tiles) (optimal)" in out
    elif match := re.fullmatch(r"(\d+) moves, (\d+) mistakes", comment):
        assert f"{match[1]} moves; the start is {match[1]} moves from the goal; {match[2]} mistakes" in out
    elif match := re.match(r"(\d+) line moves from a board (\d+) away: (\d+) mistakes, (\d+) line moves lost", comment):
        assert f"{match[1]} line moves; the start is {match[2]} line moves from the goal; {match[3]} mistakes, " in out
        assert f"{match[4]} line moves lost" in out
    elif match := re.fullmatch(r"move (\d+): a mistake, better: (.+)", comment):
        assert re.search(rf"^ +{match[1]} .* mistake: \d+ lost; better: {re.escape(match[2])}$", out, re.M), out
    elif comment.startswith('{"distances": ['):
        record = json.loads(out)
        shown = [int(d) for d in re.findall(r"\d+", comment.split("]")[0])]
        assert record["distances"][: len(shown)] == shown and record["mistakes"] == []
    elif match := re.fullmatch(r"seed (\d+) / (.*)", comment):
        assert out.splitlines() == [f"seed {match[1]}", match[2]]
    elif comment.startswith("the four 31-move"):
        assert "instances: 4" in out and "all optimal lengths match" in out
    elif comment.startswith("all 181,440 states"):
        assert out == "" or "181,440" in out
    elif command.startswith("npuzzle bench"):
        assert out, command
