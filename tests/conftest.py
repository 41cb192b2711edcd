"""Shared fixtures for the core tests: the instance sets the package ships (``npuzzle.instances``)."""

from __future__ import annotations

import pytest

from npuzzle.instances import korf100 as read_korf100


@pytest.fixture(scope="session")
def korf100() -> list[tuple[int, int, list[int]]]:
    """Korf's 100 instances as (id, optimal length, tiles) — blank-first goal."""
    return [(i.ident, i.optimal, list(i.tiles)) for i in read_korf100()]
