"""Build a big board's additive tables with the blank (``npuzzle pdb build --shape 5x5``): the partitions of
:data:`~npuzzle.pdb.additive.PARTITIONS`, one table at a time by the search compiled in
:mod:`npuzzle.pdb.additive_numba` (numba is required: the 24-puzzle's 6-6-6-6 searches 2.4 billion states a table).

Progress, the lock, Ctrl-C and the file written whole or not at all as for the 15-puzzle's
(:func:`npuzzle.pdb.build.build_file`); a valid file already there is kept unless ``force``. Times and memory:
``docs/pattern-databases.md``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..compiled import compiled_module
from ..errors import PatternDatabaseError
from ..parallel.interrupts import interrupts_held
from ..parallel.writelock import writing
from .additive import PARTITIONS, AdditiveTables, decode, placements, table_file_name
from .build import gigabytes, reporter, up_to_date, wait_all, waiting_words, write_atomic

FAST_COMMAND = "pip install 'npuzzle[fast]'"
"""What installs numba."""

PYTHON_BYTES = 400_000_000
"""The memory a build takes besides its search and its tables: Python, numpy, numba."""


def build_bytes(rows: int, cols: int, groups: Sequence[Sequence[int]]) -> int:
    """The most memory the build of ``groups`` on a ``rows × cols`` board takes: the largest table's search (a byte a
    state), the tables and Python."""
    n = rows * cols
    tables = sum(placements(n, len(g)) for g in groups)
    return PYTHON_BYTES + max(placements(n, len(g)) * n for g in groups) + tables


def build_additive_file(
    out_dir: Path | str,
    rows: int,
    cols: int,
    name: str,
    *,
    force: bool = False,
    say: Callable[[str], None] = lambda text: None,
) -> Path:
    """Write the ``rows × cols`` board's tables of partition ``name`` (:func:`~npuzzle.pdb.additive.table_file_name`)
    into ``out_dir`` unless a valid copy is there, and return its path; :class:`~npuzzle.errors.PatternDatabaseError`
    when numba is not installed or no such partition is known."""
    groups = PARTITIONS.get((rows, cols), {}).get(name)
    if groups is None:
        known = [f"{r}x{c} {p}" for (r, c), names in PARTITIONS.items() for p in names]
        raise PatternDatabaseError(f"no additive tables {name!r} for a {rows}x{cols} board (known: {', '.join(known)})")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / table_file_name(rows, cols, name)
    with writing(path, waiting_words(path, say)):
        if force or not up_to_date(path, lambda data: decode(data, str(path)).groups, groups, say):
            _build(path, rows, cols, groups, say)
    return path


def _build(path: Path, rows: int, cols: int, groups: tuple[tuple[int, ...], ...], say: Callable[[str], None]) -> None:
    """Search every group's table and write the file (:func:`build_additive_file` under its lock)."""
    builder = compiled_module(f"{__package__}.additive_numba")
    if builder is None:
        raise PatternDatabaseError(
            f"the additive tables of a {rows}x{cols} board need numba to build (billions of states): run "
            f"{FAST_COMMAND} and build again"
        )
    n = rows * cols
    states = sum(placements(n, len(g)) * n for g in groups)
    say(
        f"building the {rows}x{cols} board's additive tables {'-'.join(str(len(g)) for g in groups)} into {path}: "
        f"{states:,} states searched, one table at a time; it takes about "
        f"{gigabytes(build_bytes(rows, cols, groups))} of memory"
    )
    started, stop = time.perf_counter(), threading.Event()
    tables: list[bytes] = []
    with interrupts_held() as interrupts, ThreadPoolExecutor(max_workers=1) as worker:
        for number, cells in enumerate(groups, 1):
            say(f"table {number} of {len(groups)}: tiles of cells {' '.join(map(str, cells))}")
            tick = reporter(f"table {number}: ", stop, say)
            job = worker.submit(builder.build_table, rows, cols, cells, tick)
            try:
                wait_all([job], interrupts)
            except BaseException:
                stop.set()
                raise
            tables.append(job.result())
    blob = AdditiveTables(rows, cols, groups, tuple(tables)).encode()
    write_atomic(path, blob)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
