"""Where the command line finds the 15-puzzle's pattern database without being told, and reading it.

In order: ``--pdb FILE``, the environment variable :data:`PDB_ENV`, then a file ``npuzzle pdb build`` wrote into
the user's cache directory (:func:`cache_dir`). Nothing here reads a file until asked: importing it touches no disk.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import PatternDatabaseError
from .build import PARTITIONS, file_name
from .tables import PdbTables, load_tables

PDB_ENV = "NPUZZLE_PDB"
"""The environment variable naming a pattern-database file when ``--pdb`` is not given."""


def cache_dir(env: Mapping[str, str] | None = None, platform: str = sys.platform, home: Path | None = None) -> Path:
    """The user's cache directory for npuzzle: ``$XDG_CACHE_HOME/npuzzle`` when set; else ``~/Library/Caches/npuzzle``
    on macOS, ``%LOCALAPPDATA%\\npuzzle\\Cache`` on Windows, ``~/.cache/npuzzle`` elsewhere."""
    env = os.environ if env is None else env
    home = Path.home() if home is None else home
    if env.get("XDG_CACHE_HOME"):
        return Path(env["XDG_CACHE_HOME"]) / "npuzzle"
    if platform == "darwin":
        return home / "Library" / "Caches" / "npuzzle"
    if platform.startswith("win"):
        local = env.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return Path(local) / "npuzzle" / "Cache"
    return home / ".cache" / "npuzzle"


@dataclass(frozen=True, slots=True)
class Located:
    """The database file to use (``path`` None: none found) and where that came from: ``--pdb``, the environment
    variable, or the cache."""

    path: Path | None
    origin: str


def locate(explicit: str | None = None, env: Mapping[str, str] | None = None) -> Located:
    """The database by the override order: ``explicit`` (``--pdb``), :data:`PDB_ENV`, then the strongest file
    ``npuzzle pdb build`` left in the cache directory (7/7-7 first, in the order of
    :data:`~npuzzle.pdb.build.PARTITIONS`)."""
    env = os.environ if env is None else env
    if explicit:
        return Located(Path(explicit), "--pdb")
    if env.get(PDB_ENV):
        return Located(Path(env[PDB_ENV]), f"${PDB_ENV}")
    folder = cache_dir(env)
    for name in PARTITIONS:
        if (folder / file_name(name)).exists():
            return Located(folder / file_name(name), "the cache")
    return Located(None, "the cache")


def read_tables(path: Path | str, origin: str = "") -> PdbTables:
    """The tables of the database file ``path`` (found by ``origin``: ``--pdb``, the environment variable, the
    cache; shown after the path when given); raises :class:`~npuzzle.errors.PatternDatabaseError` naming the file
    when it cannot be read or is not a valid database."""
    where = f"{str(path)!r} ({origin})" if origin else repr(str(path))
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise PatternDatabaseError(f"cannot read the pattern database {where}: {exc.strerror or exc}") from None
    try:
        return load_tables(data)
    except PatternDatabaseError as exc:
        raise PatternDatabaseError(f"{where} is not a usable pattern database: {exc}") from None
