"""Build a 15-puzzle pattern-database file (``npuzzle pdb build``, the site build, the tests).

The tables come from this project's own breadth-first search: with numpy when it is installed
(:mod:`npuzzle.pdb.numpy_builder`: minutes of CPU for 7/7-7, seconds for 6-6-3 and 5-5-5), otherwise with the
pure-Python builder of :mod:`npuzzle.pdb.database` (hours for tables of 6 or 7 tiles: it says so before it starts).
With numpy the tables are searched side by side in threads, one per core (at most :data:`MAX_BUILD_CORES`; a table
left over gets several threads) as long as the memory they are expected to take together stays within
:data:`MEMORY_BUDGET`, else one at a time on all the threads (7/7-7); each finished table is compressed in the
background while the others are searched.
No time is promised: the work is known exactly (:func:`search_states`), the machine's pace is not. The build says
first what it will search and the peak memory it expects (:func:`describe_build`); its progress lines then add the
time left at the pace measured so far (numpy). Progress goes to ``say`` (the CLI: stderr): each table when it
starts, where its search is (depth, share of the layer; then its compression) at the builder's first tick
:data:`PROGRESS_SECONDS` after the table's last line, and its time. One build at a time writes a file: a second one
waits for the lock of the first (:func:`npuzzle.parallel.writelock.writing`), saying which process holds it, then finds
the file made. A file already present is kept when it loads cleanly and holds the wanted partition (:func:`up_to_date`);
``force`` rebuilds. Beside the database goes its search form (:mod:`npuzzle.pdb.mapped`), which later processes
memory-map. Files are written under a temporary name and renamed (no half-written file is left); Ctrl-C stops the
searching and compressing threads at their next tick, a fraction of a second later.
"""

from __future__ import annotations

import importlib
import importlib.util
import shlex
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from functools import cache
from itertools import combinations
from math import factorial, perm
from pathlib import Path

from ..compiled import compiled_module
from ..errors import PatternDatabaseError
from ..parallel import workers
from ..parallel.interrupts import HeldInterrupts, interrupts_held
from ..parallel.writelock import writing
from ..progress import run
from .database import (
    PARTITION_555,
    PARTITION_663,
    PARTITION_771,
    PARTITION_777,
    SLICE_BYTES,
    ZLIB_LEVEL,
)
from .loading import Header, load_database, read_header
from .mapped import MappedFormError, mapped_path, verify_mapped, write_mapped
from .multiset import PARTITION_MTM, MultisetDatabase, arrangements, load_multiset_steps, partition_name
from .pure_builder import Tick, build_database, build_table_data
from .tables import PdbTables

PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "7-7-7": PARTITION_777,
    "7-7-1": PARTITION_771,
    "6-6-3": PARTITION_663,
    "5-5-5": PARTITION_555,
}
"""The databases this module builds, by name; ``7-7-7`` is 7/7-7 (7-7-1 plus an alternative bottom table)."""

SHIPPED = "7-7-7"
"""The database the site ships and ``npuzzle pdb build`` makes by default."""

PURE_SLOW_TILES = 6
"""Tables of this many tiles or more take the pure-Python builder hours (docs/benchmarks-pdb.md): it says so first."""

MEMORY_BUDGET = 25 * 10**8
"""The most memory (bytes) a numpy build plans to take: tables are searched side by side only while their expected
memory (:func:`~npuzzle.pdb.numpy_builder.search_bytes`) stays within it: 0.5 GB under the 3 GB a build may take."""

BASE_BYTES = 200 * 10**6
"""A build's memory besides the searches and the tables: Python, numpy, lookups, buffers (fitted to the peaks)."""


def file_name(partition: str = SHIPPED) -> str:
    """The file name of a 15-puzzle database: ``15puzzle-7-7-7.pdb``."""
    return f"15puzzle-{partition}.pdb"


def has_numpy() -> bool:
    """Whether numpy can be imported (the fast builder's only requirement)."""
    return importlib.util.find_spec("numpy") is not None


NUMPY_COMMAND = f"{shlex.quote(sys.executable)} -m pip install 'numpy>=1.26'"
"""The command that installs numpy for this interpreter (``pip install 'npuzzle[fast]'`` does it for a pip user)."""

PROGRESS_SECONDS = 3.0
"""The least time between two progress lines of a table being built (the next one comes at the builder's next
tick; the measured gaps: ``docs/benchmarks.md``)."""


class BuildStopped(KeyboardInterrupt):
    """Raised in a builder's thread at its next tick once the build is stopped (Ctrl-C in the calling thread)."""


def numpy_table(
    rows: int,
    cols: int,
    tiles: Sequence[int],
    threads: int = 1,
    tick: Tick | None = None,
    expanded: Callable[[int], None] = lambda states: None,
) -> bytes:
    """One table by the numpy builder, searching on ``threads`` threads (raises ImportError without numpy);
    ``expanded`` is told the states each batch expanded."""
    from . import numpy_builder

    return numpy_builder.build_compact(rows, cols, list(tiles), threads, tick or (lambda stage: None), expanded)


MAX_BUILD_CORES = 4
"""The most cores (threads) a numpy build of the tables uses unless told otherwise."""


def default_jobs() -> int:
    """Cores a numpy build uses unless told: all of them, at most :data:`MAX_BUILD_CORES`."""
    return min(workers.default_jobs(), MAX_BUILD_CORES)


def search_rounds(tables: int, cores: int) -> list[tuple[list[int], int]]:
    """Which tables are searched at the same time, and on how many threads each: the tables left over by one per
    core first, sharing all the cores, then one table per core on one thread each, so that the last tables finish
    together and their compressions run side by side (3 tables on 2 cores: the first on two threads, then two side
    by side)."""
    rounds, at = [], 0
    first = tables % cores
    if first:
        rounds.append((list(range(first)), cores // first))
        at = first
    while at < tables:
        rounds.append((list(range(at, at + cores)), 1))
        at += cores
    return rounds


@cache
def search_states(rows: int, cols: int, k: int) -> int:
    """The states a ``k``-tile table's breadth-first search expands, exactly (its work): every placement of the
    ``k`` tiles, once per region of the free cells the blank can be in (each is reachable: the tiles outside the
    pattern set the parity). ``k!`` times, over the sets of ``k`` cells, the regions of the other cells: 139,849,920
    for 7 tiles of the 15-puzzle. O(C(n, k) · n) (a tenth of a second for 7 of 16)."""
    n = rows * cols
    full = (1 << n) - 1
    not_left = sum(1 << c for c in range(n) if c % cols)
    not_right = sum(1 << c for c in range(n) if c % cols != cols - 1)
    regions = 0
    for cells in combinations(range(n), k):
        free = full & ~sum(1 << c for c in cells)
        while free:
            region = free & -free
            while True:
                grown = ((region << 1) & not_left) | ((region >> 1) & not_right) | (region << cols) | (region >> cols)
                grown = region | (grown & free)
                if grown == region:
                    break
                region = grown
            free &= ~region
            regions += 1
    return regions * factorial(k)


def _search_bytes(k: int, threads: int) -> int:
    """:func:`~npuzzle.pdb.numpy_builder.search_bytes` of a 15-puzzle table (numpy imported only then)."""
    from . import numpy_builder

    return numpy_builder.search_bytes(k, search_states(4, 4, k), threads)


def plan_rounds(partition: str, cores: int) -> tuple[list[tuple[list[int], int]], int]:
    """Which tables of ``partition`` a numpy build on ``cores`` threads searches together, on how many threads each
    (:func:`search_rounds`; one table at a time on all of them when that would exceed :data:`MEMORY_BUDGET`), and
    the peak memory it expects (bytes). Raises ImportError without numpy."""
    sizes = [len(p) for p in PARTITIONS[partition]]
    tables = sum(perm(16, k) for k in sizes)  # the finished tables, a byte an entry, kept until the file is written

    def peak(rounds: list[tuple[list[int], int]]) -> int:
        searches = max(sum(_search_bytes(sizes[i], threads) for i in together) for together, threads in rounds)
        return BASE_BYTES + tables + searches

    rounds = search_rounds(len(sizes), cores)
    if peak(rounds) > MEMORY_BUDGET:
        rounds = [([i], cores) for i in range(len(sizes))]
    return rounds, peak(rounds)


def gigabytes(size: int) -> str:
    return f"{size / 1e9:.1f} GB"


def describe_build(partition: str, pure: bool, jobs: int = 1) -> str:
    """What a build of ``partition`` will do, in words, said before it starts: its builder, the exact work, no
    promise of a time, and with numpy the peak memory expected on ``jobs`` threads (and on one, when lower)."""
    tiles = PARTITIONS[partition]
    states = sum(search_states(4, 4, len(p)) for p in tiles)
    work = f"{len(tiles)} tables, {states:,} states to search"
    if pure:
        slow = max(map(len, tiles)) >= PURE_SLOW_TILES
        return f"with the pure-Python builder, {work} ({'hours' if slow else 'minutes'}, depending on the machine)"
    rounds, peak = plan_rounds(partition, jobs)
    how = f"on {jobs} threads" if jobs > 1 else "on one thread"
    if jobs > 1 and all(len(together) == 1 for together, _ in rounds):
        how += ", one table at a time"
    text = (
        f"with numpy {how}, {work}: the time left is estimated from this machine's pace as it goes; "
        f"peak memory about {gigabytes(peak)}"
    )
    if jobs > 1 and (lower := plan_rounds(partition, 1)[1]) < peak - 50 * 10**6:
        text += f" (--jobs 1: about {gigabytes(lower)}, slower)"
    return text


class _Pace:
    """The states a build's tables have expanded so far, from all their threads, against the whole work: the time
    left at the pace measured since the search began."""

    SHOWN_FROM = 0.05
    """The share of the work done before the time left is shown (the first layers say little of the pace)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        self.began = time.perf_counter()
        self.lock = threading.Lock()

    def add(self, states: int) -> None:
        with self.lock:
            self.done += states

    def left(self) -> str:
        """``"; the search 40% done, about 3 min left at this pace"``, or nothing this early (or when done)."""
        share = min(1.0, self.done / self.total)
        if not self.SHOWN_FROM <= share < 1:
            return ""
        seconds = (time.perf_counter() - self.began) * (1 - share) / share
        shown = f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"
        return f"; the search {int(100 * share)}% done, about {shown} left at this pace"


def build_file(
    out_dir: Path | str,
    partition: str = SHIPPED,
    *,
    force: bool = False,
    pure: bool = False,
    jobs: int | None = None,
    say: Callable[[str], None] = lambda text: None,
) -> Path:
    """Write the ``partition`` database into ``out_dir`` (created if needed) unless a valid copy is there, and its
    search form beside it (:func:`~npuzzle.pdb.mapped.mapped_path`) unless a valid one is there; return the
    database's path. ``pure`` (or no numpy) uses the pure-Python builder; ``jobs`` is how many cores numpy uses
    (default: all, at most :data:`MAX_BUILD_CORES`): tables side by side, as :func:`plan_rounds` says. Another
    build writing the same file (its lock, ``FILE.lock``) is waited for, said once.

    Raises ``KeyError`` for an unknown partition name (see :data:`PARTITIONS`); ``KeyboardInterrupt`` when
    interrupted, after stopping every thread it started and removing what it was writing;
    :class:`~npuzzle.errors.OutputError` when the lock file cannot be written.
    """
    tiles = PARTITIONS[partition]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / file_name(partition)
    with writing(path, waiting_words(path, say)):
        if path.exists() and not force:
            try:
                data = path.read_bytes()
                db = load_database(data, 4, 4)
            except PatternDatabaseError as exc:
                say(f"{path}: {exc}; rebuilding")
            else:
                if db.partition == tiles:
                    say(f"{path}: up to date")
                    _search_form(path, read_header(data), say, lambda: PdbTables.of(db))
                    return path
                say(f"{path}: holds partition {db.partition}, rebuilding")
        _build(path, partition, pure or not has_numpy(), jobs, say)
    return path


def waiting_words(path: Path, say: Callable[[str], None]) -> Callable[[str], None]:
    """What a build says when another one holds the lock of ``path``."""
    return lambda holder: say(f"another build ({holder}) is writing {path}; waiting for it to end")


def _build(path: Path, partition: str, pure: bool, jobs: int | None, say: Callable[[str], None]) -> None:
    """Build the ``partition`` database into ``path`` and its search form (see :func:`build_file`)."""
    tiles = PARTITIONS[partition]
    cores = 1 if pure else jobs or default_jobs()
    say(f"building the {partition} database into {path} {describe_build(partition, pure, cores)}")
    if pure and max(map(len, tiles)) >= PURE_SLOW_TILES:
        if has_numpy():
            say("  (numpy, installed here, makes it minutes: drop --pure; Ctrl-C stops, leaving nothing half-written)")
        else:
            say(
                f"  numpy makes it minutes: Ctrl-C, run {NUMPY_COMMAND} (pip install 'npuzzle[fast]' does the same) "
                "and build again; Ctrl-C stops, leaving nothing half-written"
            )
    rounds = [([i], 1) for i in range(len(tiles))] if pure else plan_rounds(partition, cores)[0]
    started = time.perf_counter()
    stop = threading.Event()
    pace = None if pure else _Pace(sum(search_states(4, 4, len(p)) for p in tiles))

    def table_tick(name: str) -> Tick:
        return reporter(f"{name}: ", stop, say, pace)

    def timed(pattern: Sequence[int], threads: int) -> bytes:
        t = time.perf_counter()
        name = f"table {' '.join(map(str, pattern))}"
        say(f"  {name}: searching" + (f" on {threads} threads" if threads > 1 else ""))
        tick = table_tick(name)
        if pace is None:
            data = build_table_data(4, 4, pattern, tick)
        else:
            data = numpy_table(4, 4, pattern, threads, tick, pace.add)
        say(f"  {name}: {time.perf_counter() - t:.1f} s ({time.perf_counter() - started:.0f} s so far)")
        return data

    def compress(pattern: Sequence[int], data: bytes) -> bytes:
        return _compressed(data, reporter(f"table {' '.join(map(str, pattern))}: ", stop, say, None))

    # numpy releases the GIL, and so does zlib: tables are searched side by side in threads, and each one is
    # compressed in the background as soon as it is built, while the others are still searched
    built: dict[tuple[int, ...], bytes] = {}
    with (
        interrupts_held() as interrupts,  # first in, last out: still in place while the pools join their threads
        ThreadPoolExecutor(max_workers=cores) as searchers,
        ThreadPoolExecutor(max_workers=cores) as zipper,
    ):
        try:
            packed: dict[tuple[int, ...], Future[bytes]] = {}
            for together, threads in rounds:
                jobs_now = {tuple(tiles[i]): searchers.submit(timed, tiles[i], threads) for i in together}
                wait_all(jobs_now.values(), interrupts)
                for pattern, job in jobs_now.items():
                    built[pattern] = job.result()
                    packed[pattern] = zipper.submit(compress, pattern, built[pattern])
            if not all(job.done() for job in packed.values()):
                say("  compressing the last tables")
            wait_all(packed.values(), interrupts)
        except BaseException:
            stop.set()  # every thread stops at its next tick; leaving the pools waits for that
            raise
    database = build_database(4, 4, tiles, lambda rows, cols, pattern: built[tuple(pattern)])
    blob = database.encode(packed=[packed[tuple(p)].result() for p in tiles])
    built.clear()
    write_atomic(path, blob)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    _search_form(path, read_header(blob), say, lambda: PdbTables.of(database))


def reporter(name: str, stop: threading.Event, say: Callable[[str], None], pace: _Pace | None = None) -> Tick:
    """The tick of one piece of a build's work: raises :class:`BuildStopped` once ``stop`` is set, and says where
    it is (``name``, the stage, the seconds since it began; the time left at ``pace``) at most every
    :data:`PROGRESS_SECONDS`."""
    began = last = time.perf_counter()

    def tick(stage: str) -> None:
        nonlocal last
        if stop.is_set():
            raise BuildStopped
        now = time.perf_counter()
        if now - last >= PROGRESS_SECONDS:
            last = now
            say(f"  {name}{stage} ({now - began:.0f} s{pace.left() if pace else ''})")

    return tick


def _compressed(data: bytes, tick: Tick, level: int = ZLIB_LEVEL) -> bytes:
    """``data`` compressed at zlib ``level``, a slice at a time, ``tick`` between two."""
    packer = zlib.compressobj(level)
    parts = []
    for at in range(0, len(data), SLICE_BYTES):
        tick(f"compressing, {100 * at // len(data)}%")
        parts.append(packer.compress(data[at : at + SLICE_BYTES]))
    return b"".join(parts) + packer.flush()


def write_atomic(path: Path, blob: bytes) -> None:
    """Write ``blob`` to ``path`` under a temporary name first, so no half-written file is ever left."""
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_bytes(blob)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


MTM_BUILD_BYTES = 400_000_000  # besides two bytes an arrangement: the index, numba, Python


def mtm_file_name(partition: Sequence[Sequence[int]]) -> str:
    """The file name of the 15-puzzle's multi-tile-metric database of ``partition``: ``15puzzle-mtm-5-4-4-2.pdb``."""
    return f"15puzzle-mtm-{partition_name(partition)}.pdb"


MTM_FILE = mtm_file_name(PARTITION_MTM)
"""The file name of the multi-tile-metric database of :data:`~npuzzle.pdb.multiset.PARTITION_MTM` (the page's)."""


def build_mtm_file(
    out_dir: Path | str,
    partition: Sequence[Sequence[int]] = PARTITION_MTM,
    *,
    force: bool = False,
    say: Callable[[str], None] = lambda text: None,
) -> Path:
    """Write the 15-puzzle's multi-tile-metric database of ``partition`` (:func:`mtm_file_name`) into ``out_dir``
    unless a valid copy is there, and return its path: a breadth-first search over its arrangements, compiled by
    numba when installed, else with numpy (pure Python would take days, so numpy is required:
    :class:`~npuzzle.errors.PatternDatabaseError` names the command that installs it). Progress, Ctrl-C and the lock
    as for :func:`build_file`; times and memory in docs/pattern-databases.md."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / mtm_file_name(partition)
    with writing(path, waiting_words(path, say)):
        return _mtm_file(path, tuple(map(tuple, partition)), force, say)


def _mtm_file(path: Path, partition: tuple[tuple[int, ...], ...], force: bool, say: Callable[[str], None]) -> Path:
    """:func:`build_mtm_file` under its lock."""
    if not force and up_to_date(path, lambda data: run(load_multiset_steps(data)).partition, partition, say):
        return path
    if not has_numpy():
        raise PatternDatabaseError(
            f"the multi-tile metric's database needs numpy to build (minutes; days in pure Python): run "
            f"{NUMPY_COMMAND} (pip install 'npuzzle[fast]' does the same) and build again"
        )
    compiled = compiled_module(f"{__package__}.multiset_numba")  # numba or numpy: imported only here
    builder = compiled or importlib.import_module(f"{__package__}.multiset_numpy")
    size = arrangements(partition)
    how = "numpy (numba, in the fast extra, is faster)" if compiled is None else "numba"
    say(
        f"building the multi-tile metric's database ({size:,} arrangements) into {path} with {how}; it takes about "
        f"{gigabytes(MTM_BUILD_BYTES + 2 * size)} of memory"
    )
    started, stop = time.perf_counter(), threading.Event()
    tick = reporter("", stop, say)
    level = ZLIB_LEVEL if partition == PARTITION_MTM else 0  # the page's compressed to download, others stored

    def make() -> bytes:
        index, data = builder.build_residues(4, 4, partition, tick)
        return MultisetDatabase(4, 4, partition, data, index).encode(level, _compressed(data, tick, level))

    with interrupts_held() as interrupts, ThreadPoolExecutor(max_workers=1) as worker:
        job = worker.submit(make)
        try:
            wait_all([job], interrupts)
        except BaseException:
            stop.set()
            raise
        blob = job.result()
    write_atomic(path, blob)
    say(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - started:.1f} s")
    return path


def up_to_date(path: Path, read: Callable[[bytes], object], wanted: object, say: Callable[[str], None]) -> bool:
    """Whether the file ``path`` is there and holds ``wanted`` (what ``read`` makes of its bytes), said either way."""
    try:
        held = read(path.read_bytes()) if path.exists() else None
    except PatternDatabaseError as exc:
        say(f"{path}: {exc}; rebuilding")
        return False
    if held is not None:
        say(f"{path}: up to date" if held == wanted else f"{path}: holds {held}, rebuilding")
    return held == wanted


def wait_all(futures: Iterable[Future[bytes]], interrupts: HeldInterrupts) -> None:
    """Wait for ``futures`` in short waits, until all are done or one failed; a Ctrl-C is acted on between two
    waits."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=workers.WAIT_SECONDS, return_when=FIRST_EXCEPTION)
        interrupts.check()
        for future in done:
            if future.exception() is not None:
                return


def _search_form(path: Path, header: Header, say: Callable[[str], None], tables: Callable[[], PdbTables]) -> None:
    """Make sure the search form of the database ``path`` (whose header is ``header``; ``tables`` prepares it for
    searching) is there and whole (every CRC checked); write it otherwise."""
    form = mapped_path(path)
    if form.exists():
        try:
            verify_mapped(form, header)
        except (OSError, MappedFormError) as exc:
            say(f"{exc}; writing it again")
        else:
            say(f"{form}: up to date")
            return
    say(f"preparing the search form {form}")
    size = write_mapped(form, tables(), header)
    say(f"wrote {form} ({size:,} bytes): the tables ready to search, memory-mapped by solve, bench and batches")
