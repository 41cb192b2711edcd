"""Shared fixtures for the core tests: the instance sets the package ships (``npuzzle.instances``) and the 7/7-7
tables the test command builds."""

from __future__ import annotations

import pytest

from npuzzle.instances import korf100 as read_korf100
from npuzzle.pdb.tables import PdbTables, load_tables
from shipped_pdb import PDB_FILE


@pytest.fixture(scope="session")
def korf100() -> list[tuple[int, int, list[int]]]:
    """Korf's 100 instances as (id, optimal length, tiles) — blank-first goal."""
    return [(i.ident, i.optimal, list(i.tiles)) for i in read_korf100()]


@pytest.fixture(scope="session")
def tables() -> PdbTables:
    """The 7/7-7 tables of :data:`shipped_pdb.PDB_FILE`, loaded once per test process (the modules that use them
    call :func:`shipped_pdb.require_shipped_pdb` first)."""
    return load_tables(PDB_FILE.read_bytes())
