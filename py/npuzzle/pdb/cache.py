"""Where the command line finds the 15-puzzle's pattern database without being told, and reading it.

In order: ``--pdb FILE``, the environment variable :data:`PDB_ENV`, then a file ``npuzzle pdb build`` wrote into
the user's cache directory (:func:`cache_dir`). Nothing here reads a file until asked: importing it touches no disk.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..errors import PatternDatabaseError
from ..progress import run
from .additive import PARTITIONS as ADDITIVE_PARTITIONS
from .additive import AdditiveTables, decode, table_file_name
from .build import PARTITIONS, file_name, mtm_file_name
from .database import PatternDatabase
from .loading import FileSlices, Header, load_database, read_header
from .mapped import MappedFormError, map_tables, mapped_path, write_mapped
from .multiset import MTM_PARTITIONS, MultisetDatabase, load_multiset_steps
from .tables import PdbTables, load_tables

PDB_ENV = "NPUZZLE_PDB"
"""The environment variable naming a pattern-database file when ``--pdb`` is not given."""

MTM_ENV = "NPUZZLE_MTM_PDB"
"""The environment variable naming the multi-tile metric's database file (else the cache directory's)."""

ADDITIVE_ENV = "NPUZZLE_ADDITIVE"
"""The environment variable naming a bigger board's additive tables file (else the cache directory's)."""


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


def locate_mtm(env: Mapping[str, str] | None = None) -> Located:
    """The multi-tile metric's database: the file :data:`MTM_ENV` names, else the finest one ``npuzzle pdb build
    --metric mtm`` left in the cache directory (``path`` None when there is none)."""
    env = os.environ if env is None else env
    if env.get(MTM_ENV):
        return Located(Path(env[MTM_ENV]), f"${MTM_ENV}")
    for partition in reversed(MTM_PARTITIONS.values()):
        path = cache_dir(env) / mtm_file_name(partition)
        if path.exists():
            return Located(path, "the cache")
    return Located(None, "the cache")


def locate_additive(rows: int, cols: int, env: Mapping[str, str] | None = None) -> Located:
    """A ``rows × cols`` board's additive tables: the file :data:`ADDITIVE_ENV` names (whatever its shape: the reader
    of the file says), else the one ``npuzzle pdb build --shape`` left in the cache directory (``path`` None when
    there is none)."""
    env = os.environ if env is None else env
    named = env.get(ADDITIVE_ENV)
    if named:
        return Located(Path(named), f"${ADDITIVE_ENV}")
    for name in ADDITIVE_PARTITIONS.get((rows, cols), {}):
        path = cache_dir(env) / table_file_name(rows, cols, name)
        if path.exists():
            return Located(path, "the cache")
    return Located(None, "the cache")


def read_additive(path: Path | str, origin: str = "") -> AdditiveTables:
    """The additive tables in the file ``path`` (read whole, every table's CRC checked: a second or so for the
    5×5's); raises :class:`~npuzzle.errors.PatternDatabaseError` naming the file when it cannot be read or is not
    one."""
    with _naming(path, origin):
        return decode(Path(path).read_bytes(), "the file")


def read_multiset(path: Path | str, origin: str = "") -> MultisetDatabase:
    """The multiset database in the file ``path`` (inflated and indexed: a second or two); raises
    :class:`~npuzzle.errors.PatternDatabaseError` naming the file when it cannot be read or is not one."""
    with _naming(path, origin):
        return run(load_multiset_steps(Path(path).read_bytes()))


def _slices(handle: BinaryIO) -> FileSlices:
    """An open file read a slice at a time."""

    def read(start: int, end: int) -> bytes:
        handle.seek(start)
        return handle.read(end - start)

    return FileSlices(os.fstat(handle.fileno()).st_size, read)


def check_file(path: Path | str, origin: str = "") -> Header:
    """The checked header of the database file ``path`` (its first bytes only: a quick test that it is one, before
    any work depends on it); raises :class:`~npuzzle.errors.PatternDatabaseError` naming the file, as
    :func:`read_tables` does."""
    with _naming(path, origin), open(path, "rb") as handle:
        return read_header(_slices(handle))


def read_database(path: Path | str, origin: str = "") -> tuple[bytes, PatternDatabase]:
    """The bytes of the database file ``path`` and the database they hold (inflated: seconds); raises
    :class:`~npuzzle.errors.PatternDatabaseError` naming the file, as :func:`read_tables` does."""
    with _naming(path, origin):
        data = Path(path).read_bytes()
        return data, load_database(data, 4, 4)


@contextmanager
def _naming(path: Path | str, origin: str) -> Iterator[None]:
    """Turns an ``OSError`` or :class:`~npuzzle.errors.PatternDatabaseError` raised inside into a
    :class:`~npuzzle.errors.PatternDatabaseError` that names the file (and ``origin``, when given)."""
    where = f"{str(path)!r} ({origin})" if origin else repr(str(path))
    try:
        yield
    except OSError as exc:
        raise PatternDatabaseError(f"cannot read the pattern database {where}: {exc.strerror or exc}") from None
    except PatternDatabaseError as exc:
        raise PatternDatabaseError(f"{where} is not a usable pattern database: {exc}") from None


def read_tables(path: Path | str, origin: str = "", say: Callable[[str], None] | None = None) -> PdbTables:
    """The tables of the database file ``path`` (found by ``origin``: ``--pdb``, the environment variable, the
    cache; shown after the path when given), ready to search; raises :class:`~npuzzle.errors.PatternDatabaseError`
    naming the file when it cannot be read or is not a valid database.

    The tables come from the file's search form (:func:`~npuzzle.pdb.mapped.mapped_path`, beside it), memory-mapped
    in milliseconds, when its header matches the file's. Otherwise the file is inflated and indexed (seconds) and
    the search form written for the next start (``npuzzle pdb build`` writes it too); a search form found stale or
    damaged is rebuilt so. What happens goes to ``say`` (the CLI: stderr); a search form that cannot be written
    only costs the next start the same seconds again.
    """
    tell = say or (lambda text: None)
    path = Path(path)
    header = check_file(path, origin)
    search_form = mapped_path(path)
    try:
        return map_tables(search_form, header)
    except FileNotFoundError:
        pass
    except OSError as exc:
        tell(f"cannot read {str(search_form)!r} ({exc.strerror or exc}); making it again from {path.name}")
    except MappedFormError as exc:
        tell(f"{exc}; making it again from {path.name}")
    with _naming(path, origin):
        data = path.read_bytes()
        header = read_header(data)  # the identity of the bytes loaded, should the file have changed meanwhile
        tables = load_tables(data)
    try:
        size = write_mapped(search_form, tables, header)
    except OSError as exc:
        tell(f"cannot write {str(search_form)!r} ({exc.strerror or exc}): every start inflates {path.name} again")
    else:
        tell(f"wrote {search_form} ({size:,} bytes): later starts map it instead of inflating {path.name}")
    return tables
