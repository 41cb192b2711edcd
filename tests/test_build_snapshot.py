"""The site build's memory snapshot (scripts/build_site.py, memory_snapshot): a build that cannot make one says why
and ships none, so the page boots Python the normal way (tests/browser/test_snapshot_boot.py covers the page)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bench.browser import ROOT, load_script

build_site = load_script("build_site")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A project folder with this one's Pyodide, snapshot script and the modules it imports, and its own empty
    cache."""
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.skip("node_modules/pyodide is not installed (scripts/build_site.py --install does)")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    for path in [ROOT / build_site.SNAPSHOT_SCRIPT, *build_site.node_boot_modules(ROOT)]:
        copy = tmp_path / path.relative_to(ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, copy)
    return tmp_path


def lock() -> list[tuple[str, str, Path]]:
    """The micropip and packaging wheels of the lock file, from the shared wheel cache."""
    return build_site.lock_wheels(ROOT, ROOT / ".cache" / "wheels")  # type: ignore[no-any-return]


def test_without_node_there_is_no_snapshot_and_the_build_says_so(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build_site.shutil, "which", lambda name: None)
    stdlib = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    assert build_site.memory_snapshot(root, lock(), "npuzzle-0.1.0-py3-none-any.whl", b"wheel", stdlib) is None
    assert "no memory snapshot: node is not on PATH" in capsys.readouterr().out


@pytest.mark.slow
def test_a_snapshot_that_cannot_be_made_is_not_shipped(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if shutil.which("node") is None:
        pytest.skip("no node on PATH")
    stdlib = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    made = build_site.memory_snapshot(root, lock(), "npuzzle-0.1.0-py3-none-any.whl", b"not a wheel", stdlib)
    assert made is None
    out = capsys.readouterr().out
    assert "no memory snapshot (scripts/snapshot.mjs failed:" in out and "the normal way" in out
    assert list((root / ".cache" / "snapshot").iterdir()) == []  # no partial file left behind
