"""Korf's 100 standard 15-puzzle instances (Korf 1985), shipped with the package for the benchmark.

Each :class:`Instance` holds the id, the known optimal length and the tiles (row-major, 0 = blank) for Korf's
*blank-first* goal ``0 1 2 … 15``. :func:`korf100` reads the copy in ``npuzzle/data/korf100.txt``;
:func:`parse_instances` reads any file in that format (``id length h0 nodes | 16 tiles`` per line, ``#``
comments).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from .errors import PuzzleError


class InstanceFileError(PuzzleError):
    """A benchmark instance file has a malformed line."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One benchmark instance: its id, the known optimal length and the tiles (blank-first goal)."""

    ident: int
    optimal: int
    tiles: tuple[int, ...]


def parse_instances(text: str) -> list[Instance]:
    """The instances of a Korf-format text; raises :class:`InstanceFileError` quoting a malformed line."""
    out: list[Instance] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            head, tiles = line.split("|")
            fields = head.split()
            out.append(Instance(int(fields[0]), int(fields[1]), tuple(int(t) for t in tiles.split())))
        except (ValueError, IndexError):
            raise InstanceFileError(f"line {number} is not 'id length ... | tiles': {line!r}") from None
    return out


def korf100() -> list[Instance]:
    """Korf's 100 instances with their optimal lengths (the copy shipped in the package)."""
    text = resources.files("npuzzle").joinpath("data", "korf100.txt").read_text(encoding="utf-8")
    return parse_instances(text)
