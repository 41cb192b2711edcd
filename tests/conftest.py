"""Shared fixtures for the core tests: the instance files copied from ../shared/data into tests/data."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def read_korf100() -> list[tuple[int, int, list[int]]]:
    """Korf's 100 instances as (id, optimal length, tiles) — blank-first goal."""
    out = []
    for line in (DATA / "korf100.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, tiles = line.split("|")
        ident, length = head.split()[:2]
        out.append((int(ident), int(length), [int(t) for t in tiles.split()]))
    return out


@pytest.fixture(scope="session")
def korf100() -> list[tuple[int, int, list[int]]]:
    return read_korf100()
