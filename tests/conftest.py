"""Shared set-up for every test: a home, cache and config of the tests' own (never the user's), the instance sets
the package ships (``npuzzle.research.instances``) and the 7/7-7 tables the test command builds."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from npuzzle.pdb.tables import PdbTables, load_tables
from npuzzle.research.instances import korf100 as read_korf100
from shipped_pdb import PDB_FILE

OWN_HOME = pytest.StashKey[Path]()

USER_FOLDERS = {"HOME": "", "XDG_CACHE_HOME": ".cache", "XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share"}
"""The variables that name the user's home, cache, config and data folders, and where each points in the tests' own
home."""


def pytest_configure(config: pytest.Config) -> None:
    """Before any test is collected: point HOME and the XDG folders at an empty temporary home, and forget
    ``$NPUZZLE_PDB``, so that no test (nor any process a test starts, which inherits the environment) reads or
    writes the user's real home, cache or config: a database the user built in ``~/.cache/npuzzle`` changes
    nothing (nor ``$NPUZZLE_MTM_PDB``). Playwright keeps finding a browser it installed under the real home.
    Hypothesis sets no deadline per example."""
    home = Path(tempfile.mkdtemp(prefix="npuzzle-tests-home-"))
    config.stash[OWN_HOME] = home
    os.environ.setdefault("PLAYWRIGHT_BROWSERS_PATH", str(Path.home() / ".cache" / "ms-playwright"))
    for variable, folder in USER_FOLDERS.items():
        os.environ[variable] = str(home / folder)
    os.environ.pop("NPUZZLE_PDB", None)
    os.environ.pop("NPUZZLE_MTM_PDB", None)
    settings.register_profile("any-machine", deadline=None)  # no example may fail for taking long on a busy machine
    settings.load_profile("any-machine")


def pytest_unconfigure(config: pytest.Config) -> None:
    home = config.stash.get(OWN_HOME, None)
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def korf100() -> list[tuple[int, int, list[int]]]:
    """Korf's 100 instances as (id, optimal length, tiles) — blank-first goal."""
    return [(i.ident, i.optimal, list(i.tiles)) for i in read_korf100()]


@pytest.fixture(scope="session")
def tables() -> PdbTables:
    """The 7/7-7 tables of :data:`shipped_pdb.PDB_FILE`, loaded once per test process (the modules that use them
    call :func:`shipped_pdb.require_shipped_pdb` first)."""
    return load_tables(PDB_FILE.read_bytes())
