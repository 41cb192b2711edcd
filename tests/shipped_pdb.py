"""The 7/7-7 pattern database the test command builds into ``.cache/pdb`` (``scripts/build_site.py --install``),
for the tests that search with it: its path, and the module-level guard that skips them where it is not built (and
fails them on CI, where the test command always builds it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PDB_FILE = Path(__file__).resolve().parent.parent / ".cache" / "pdb" / "15puzzle-7-7-7.pdb"


def _require(path: Path, how: str) -> None:
    """Skip the calling test module when ``path`` is missing (an error on CI, where the test command builds it);
    ``how``: the command that builds it."""
    if path.exists():
        return
    if os.environ.get("CI") == "true":
        raise AssertionError(f"{path} is missing: the test command builds it (scripts/build_site.py --install)")
    pytest.skip(f"{path} not built: run {how}", allow_module_level=True)


def require_shipped_pdb() -> None:
    """Skip the calling test module when :data:`PDB_FILE` is missing (an error on CI)."""
    _require(PDB_FILE, "scripts/build_site.py --install")


MTM_FILE = PDB_FILE.with_name("15puzzle-mtm-5-4-4-2.pdb")
"""The multi-tile metric's database the test command builds beside it (``scripts/build_site.py --install``)."""


def require_mtm_pdb() -> None:
    """Skip the calling test module when :data:`MTM_FILE` is missing (an error on CI)."""
    _require(MTM_FILE, "npuzzle pdb build --metric mtm --out .cache/pdb")
