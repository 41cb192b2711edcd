"""The README's examples run and say what they do (every shell line, or the reason it cannot run here; the input
formats; the Python API); the README stays short and shows the page; its links and those of docs/ resolve."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import unicodedata
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
    stated = re.search(r"^board\.apply\((.*?)\)\s+# a new Board: (.*)$", block, re.M)
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


SKIPPED = {
    "npm start": "it serves the site until stopped (tests/test_start.py runs scripts/start.py)",
    "npm test": "it runs this very suite",
    "pip install -e .": "it installs into the interpreter; the tests run this tree's package (PYTHONPATH=py)",
}
"""The README's shell lines no test runs as they stand, and why."""

SMALL_DATABASE = {"npuzzle pdb build": ["--partition", "5-5-5"]}
"""``pdb build`` makes a small database here (seconds with numpy), not the 7/7-7 (minutes)."""

EXIT_CODES = {"npuzzle solve --batch boards.txt --jobs 2": 1}
"""Lines whose exit code is not 0: boards.txt holds a board that is not solvable."""

PROGRESS_ON_STDERR = {"npuzzle pdb build", "npuzzle solve --batch boards.txt --jobs 2"}


def shell_lines() -> list[tuple[str, str]]:
    """Every line of the README's ``sh`` blocks as (command, comment)."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            command, _, comment = line.partition("#")
            if command.strip():
                lines.append((" ".join(command.split()), comment.strip()))
    return lines


@pytest.mark.slow
def test_every_shell_line_of_the_readme_runs_or_says_why_not(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("NPUZZLE_PDB", None)  # the database is the one the README's `pdb build` line leaves in the cache
    (tmp_path / "boards.txt").write_text("1 2 3 / 4 5 6 / 7 8 0\n2 1 3 / 4 5 6 / 7 8 0\n")
    lines = shell_lines()
    assert {command for command, _ in lines if not command.startswith("npuzzle ")} == set(SKIPPED)
    ran = 0
    for command, comment in lines:
        if command in SKIPPED:
            continue
        args = shlex.split(command)[1:] + SMALL_DATABASE.get(command, [])
        result = subprocess.run(
            [sys.executable, "-m", "npuzzle", *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300
        )
        assert result.returncode == EXIT_CODES.get(command, 0), (command, result.stderr)
        assert result.stdout, command
        assert command in PROGRESS_ON_STDERR or not result.stderr, (command, result.stderr)
        said = re.fullmatch(r"optimal: (\d+) moves", comment)
        if said:
            assert f"Solved in {said.group(1)} moves (optimal)" in result.stdout, command
        ran += 1
    assert ran == len(lines) - len(SKIPPED) == 14


def test_readme_is_short_and_shows_the_page() -> None:
    assert len(README.splitlines()) <= 150
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", README)
    assert pictures == ["docs/screenshot.png"]
    picture = ROOT / pictures[0]
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and picture.stat().st_size < 150_000


def test_relative_links_in_the_readme_and_docs_resolve() -> None:
    import importlib.util

    generated = {"auto.md": "npuzzle.policy"}  # docs/auto.md is generated by that module, and exists with it
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            path = (page.parent / target).resolve()
            module = generated.get(path.name)
            if module is not None and path.parent == ROOT / "docs" and importlib.util.find_spec(module) is None:
                continue
            if not path.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def heading_anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a Markdown page's headings: lower case, letters, digits, ``-`` and ``_`` kept, spaces
    made ``-``, a repeated heading's anchor numbered ``-1``, ``-2`` …; headings in code blocks are not headings."""
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        fenced ^= line.startswith("```")
        heading = None if fenced else re.match(r"#{1,6} (.+)", line)
        if heading is None:
            continue
        text = re.sub(r"`|\*\*|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.group(1).strip().lower())
        anchor = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM").replace(" ", "-")
        n = seen.get(anchor, 0)
        seen[anchor] = n + 1
        anchors.add(anchor if n == 0 else f"{anchor}-{n}")
    return anchors


def test_links_to_a_heading_in_the_readme_and_docs_find_it() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target, anchor in re.findall(r"\]\(([^)#\s]*)#([^)\s]+)\)", page.read_text(encoding="utf-8")):
            path = (page.parent / target).resolve() if target else page
            if "://" in target or not path.exists():  # another site, or a missing page (the test above)
                continue
            if anchor not in heading_anchors(path):
                broken.append(f"{page.relative_to(ROOT)}: {target}#{anchor}")
    assert broken == []


BENCHMARK_LINES = 400
"""The most lines docs/benchmarks.md may have: past it, a topic moves to a page of its own (benchmarks-pdb.md …)."""


def test_the_benchmarks_page_holds_current_figures_within_its_size() -> None:
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert len(page.splitlines()) <= BENCHMARK_LINES
    assert not re.search(r"\bissue \d+", page), "history (which issue did what) goes to docs/benchmarks-log.md"
