"""``npuzzle pdb build`` and ``npuzzle pdb info``: the 15-puzzle's pattern database in the user's cache directory,
where ``npuzzle solve`` and ``npuzzle bench`` find it without flags (:mod:`npuzzle.pdb.cache`)."""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..errors import PatternDatabaseError
from ..parse import parse_shape
from ..pdb import (
    ADDITIVE_ENV,
    ADDITIVE_PARTITIONS,
    MTM_FILE,
    MTM_PARTITIONS,
    PARTITIONS,
    PDB_ENV,
    SHIPPED,
    Located,
    MappedFormError,
    build_additive_file,
    build_file,
    build_mtm_file,
    cache_dir,
    default_jobs,
    describe_build,
    has_numpy,
    locate,
    locate_additive,
    locate_mtm,
    mapped_path,
    read_additive,
    read_database,
    read_header,
    read_multiset,
    verify_mapped,
)
from .common import EXIT_INVALID, EXIT_OK, EXIT_STOPPED, Command, add_command

MTM_DEFAULT, MTM_FINE = MTM_PARTITIONS
"""The multi-tile metric's partitions by name: the page's (the default) and the finer one."""


def cmd_pdb_build(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Build the database into ``--out`` (default: the cache directory); progress on ``err``, the path on ``out``;
    exit 3 when Ctrl-C stops it."""
    target = Path(args.out) if args.out else cache_dir()

    def say(text: str) -> None:
        err.write(f"npuzzle: {text}\n")
        err.flush()

    if args.shape is not None:
        return _build_additive(args, target, say, out, err)
    names = MTM_PARTITIONS if args.metric == "mtm" else PARTITIONS
    if args.partition is not None and args.partition not in names:
        err.write(
            f"npuzzle pdb build: --partition {args.partition} is not one of the {args.metric} metric's "
            f"({', '.join(names)})\n"
        )
        return EXIT_INVALID
    try:
        if args.metric == "mtm":
            partition = MTM_PARTITIONS[args.partition or MTM_DEFAULT]
            path = build_mtm_file(target, partition, force=args.force, say=say)
        else:
            partition_name = args.partition or SHIPPED
            path = build_file(target, partition_name, force=args.force, pure=args.pure, jobs=args.jobs, say=say)
    except KeyboardInterrupt:
        say("pdb build interrupted: stopped, with no half-written file left (run it again to start over)")
        return EXIT_STOPPED
    out.write(f"{path}\n")
    return EXIT_OK


def _build_additive(
    args: argparse.Namespace, target: Path, say: Callable[[str], None], out: TextIO, err: TextIO
) -> int:
    """``pdb build --shape RxC``: the additive tables of a bigger board."""
    rows, cols = parse_shape(args.shape)
    names = ADDITIVE_PARTITIONS.get((rows, cols), {})
    if args.metric != "stm" or not names or (args.partition is not None and args.partition not in names):
        known = ", ".join(f"--shape {r}x{c} --partition {p}" for (r, c), ps in ADDITIVE_PARTITIONS.items() for p in ps)
        err.write(
            f"npuzzle pdb build: no tables for --shape {rows}x{cols}"
            f"{'' if args.partition is None else ' --partition ' + args.partition}"
            f"{' --metric mtm' if args.metric != 'stm' else ''}; what it builds: {known}\n"
        )
        return EXIT_INVALID
    if args.pure or args.jobs is not None:
        given = " and ".join(f for f, on in (("--pure", args.pure), ("--jobs", args.jobs is not None)) if on)
        err.write(
            f"npuzzle pdb build: {given} is for the 15-puzzle's tables; --shape builds with numba on every core\n"
        )
        return EXIT_INVALID
    try:
        path = build_additive_file(target, rows, cols, args.partition or next(iter(names)), force=args.force, say=say)
    except KeyboardInterrupt:
        say("pdb build interrupted: stopped, with no half-written file left (run it again to start over)")
        return EXIT_STOPPED
    out.write(f"{path}\n")
    return EXIT_OK


def cmd_pdb_info(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Where the databases are looked for, what is there, and how to make them; exit 2 when the single-tile one
    found is unusable."""
    code = _stm_info(args, out)
    _mtm_info(out)
    _additive_info(out)
    return code


def _stm_info(args: argparse.Namespace, out: TextIO) -> int:
    """What ``pdb info`` says of the single-tile database."""
    located = locate(getattr(args, "pdb", None))
    out.write(f"looked for, in order: --pdb FILE, ${PDB_ENV}, {cache_dir()}\n")
    if located.path is None:
        numpy = "numpy is installed" if has_numpy() else "numpy is not installed"
        out.write(
            f"no pattern database found: `npuzzle pdb build` makes one in {cache_dir()} "
            f"({describe_build(SHIPPED, not has_numpy(), default_jobs())}; {numpy})\n"
        )
        return EXIT_OK
    path = located.path
    out.write(f"using {path} (from {located.origin})\n")
    try:
        data, db = read_database(path, located.origin)
    except PatternDatabaseError as exc:
        out.write(f"{exc}\n")
        return EXIT_INVALID
    names = [name for name, tiles in PARTITIONS.items() if tiles == db.partition]
    out.write(
        f"partition {names[0] if names else db.partition}, {len(data):,} bytes, sha256 "
        f"{hashlib.sha256(data).hexdigest()}, valid\n"
    )
    form = mapped_path(path)
    if not form.exists():
        out.write(f"no search form {form} yet: the next solve writes it (or `npuzzle pdb build`)\n")
        return EXIT_OK
    try:
        verify_mapped(form, read_header(data))
    except (OSError, MappedFormError) as exc:
        out.write(f"search form: {exc}; the next solve makes it again\n")
        return EXIT_OK
    out.write(f"search form {form}: {form.stat().st_size:,} bytes, every CRC-32 valid\n")
    return EXIT_OK


def _mtm_info(out: TextIO) -> None:
    """What ``pdb info`` says of the multi-tile metric's database."""
    missing = f"no multi-tile metric database: `npuzzle pdb build --metric mtm` makes one in {cache_dir()}"
    _file_info(out, locate_mtm(), missing, lambda path, origin: ("multi-tile metric", read_multiset(path, origin).name))


def _additive_info(out: TextIO) -> None:
    """What ``pdb info`` says of the bigger boards' additive tables (the file ``$NPUZZLE_ADDITIVE`` names, whatever its
    shape, else the cache's for each shape built)."""
    for rows, cols in ADDITIVE_PARTITIONS:
        located = locate_additive(rows, cols)
        missing = (
            f"no additive tables for the {rows}×{cols}: `npuzzle pdb build --shape {rows}x{cols}` makes them in "
            f"{cache_dir()} (for solve --prove)"
        )
        _file_info(out, located, missing, _additive_words)
        if located.origin == f"${ADDITIVE_ENV}":  # that one file, whatever its shape
            return


def _additive_words(path: Path, origin: str) -> tuple[str, str]:
    """What ``pdb info`` calls the additive tables in ``path``, and their name."""
    tables = read_additive(path, origin)
    return f"additive tables for the {tables.rows}×{tables.cols}", tables.name


def _file_info(out: TextIO, located: Located, missing: str, read: Callable[[Path, str], tuple[str, str]]) -> None:
    """``pdb info``'s line on one file: ``missing`` when there is none, else what ``read`` calls what it holds and
    its name, with its size, or why it is not usable."""
    if located.path is None:
        out.write(f"{missing}\n")
        return
    try:
        what, name = read(located.path, located.origin)
    except PatternDatabaseError as exc:
        out.write(f"{exc}\n")
        return
    size = located.path.stat().st_size
    out.write(f"{what}: {located.path} (from {located.origin}), {name}, {size:,} bytes, valid\n")


def _jobs(text: str) -> int:
    """``--jobs``: a whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"--jobs must be a whole number of 1 or more, got {text!r}")
    return value


def _build_arguments(parser: argparse.ArgumentParser) -> None:
    """``pdb build``'s arguments."""
    parser.add_argument(
        "--partition",
        choices=sorted(PARTITIONS)
        + list(MTM_PARTITIONS)
        + sorted({p for ps in ADDITIVE_PARTITIONS.values() for p in ps}),
        help=f"the tables to build: {', '.join(sorted(PARTITIONS))} in single-tile moves (default {SHIPPED}); "
        f"{' or '.join(MTM_PARTITIONS)} with --metric mtm (default {MTM_DEFAULT}; {MTM_FINE} is stronger: "
        "1.5 billion arrangements, 378 MB on disk, about 3.3 GB of memory while building; the command line's only)"
        "; 6-6-6-6 with --shape 5x5, 5-5-5-5-5-5-5 with --shape 6x6",
    )
    parser.add_argument(
        "--shape",
        metavar="RxC",
        help="build a bigger board's additive tables instead (numba required), which solve --prove uses on boards of "
        "that shape whose goal's blank is in a corner: 5x5 (6-6-6-6, Korf & Felner's: 510 MB on disk, about 4.1 GB "
        "of memory and 16 minutes on two cores while building) or 6x6 (seven tables of 5 tiles: 317 MB, about 2.3 "
        "GB, 9 minutes)",
    )
    parser.add_argument(
        "--metric",
        default="stm",
        choices=("stm", "mtm"),
        help=f"stm (default): the single-tile tables of --partition; mtm: the multi-tile metric's multiset database "
        f"({MTM_FILE}, about 30 MB; numpy required, numba faster), for optimal solving in line moves",
    )
    parser.add_argument("--out", metavar="DIR", help="directory to write into (default: the cache directory)")
    parser.add_argument("--force", action="store_true", help="rebuild even when a valid file is there")
    parser.add_argument("--pure", action="store_true", help="use the pure-Python builder even when numpy is installed")
    parser.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N",
        help="threads the numpy build uses (default: one per core, at most 4): tables side by side while the "
        "memory they are expected to take stays within 2.5 GB, else one at a time on all N; fewer threads take "
        "less memory",
    )


def _info_arguments(parser: argparse.ArgumentParser) -> None:
    """``pdb info``'s arguments."""
    parser.add_argument("--pdb", metavar="FILE", help="describe this file instead")


BUILD = Command(
    name="build",
    help="build the database into the cache directory",
    description="Build the database with numpy when it is installed (minutes; pip install 'npuzzle[fast]' "
    "brings it), else in pure Python (hours: it says so first, with the command that installs numpy). It says "
    "first what it will search and the peak memory it expects (the single-tile tables planned within 2.5 GB, so "
    "that they stay under 3 GB; --jobs 1 takes the least); no time is promised, but the progress lines "
    "estimate the time left at this machine's pace. Beside it goes its search form (FILE.search, about 140 MB "
    "for 7-7-7), which solve, bench and batches memory-map to start in milliseconds. One build at a time "
    "writes a file: a second one waits for the first (FILE.lock names it), then finds the file made. Progress "
    "on stderr; the file's path on stdout. Ctrl-C stops within a second or so (exit 3) and leaves no partial "
    "file.",
    add_arguments=_build_arguments,
    run=lambda args, out, err, stdin: cmd_pdb_build(args, out, err),
)
INFO = Command(
    name="info",
    help="where the databases and tables are looked for and what is there",
    add_arguments=_info_arguments,
    run=lambda args, out, err, stdin: cmd_pdb_info(args, out, err),
)


def _pdb_actions(parser: argparse.ArgumentParser) -> None:
    """``pdb``'s actions: ``build`` and ``info``."""
    actions = parser.add_subparsers(dest="pdb_command", metavar="ACTION", required=True)
    for action in (BUILD, INFO):
        add_command(actions, action)


def pdb_command() -> Command:
    """The ``pdb`` command, with its ``build`` and ``info`` actions; made when the parser is, as its description
    names the cache directory, which the environment chooses."""
    return Command(
        name="pdb",
        help="build or describe the 15-puzzle's pattern database (optimal 4×4 solving)",
        description="The 15-puzzle's pattern database makes optimal 4×4 solving fast. `pdb build` writes it into "
        f"the user's cache directory ({cache_dir()}), where solve and bench find it without flags (--pdb and "
        f"${PDB_ENV} still override); `pdb info` says where it is looked for and what is there.",
        add_arguments=_pdb_actions,
        run=None,
    )
