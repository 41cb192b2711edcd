"""``npuzzle solve --batch FILE|-``: the boards of a file solved by :func:`npuzzle.research.batch.solve_batch` (in
worker processes, or on a Dask cluster with ``--scheduler``), one JSON line each in input order, with a progress line
and a closing tally on stderr; ``--resume OUT`` appends to OUT the records of the boards it does not hold yet, one run
at a time (:mod:`npuzzle.parallel.writelock`), a whole line each (:mod:`npuzzle.research.linefile`)."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Generator
from contextlib import ExitStack, closing
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..errors import ClusterError, OutputError, PatternDatabaseError, plural, quote_input
from ..parallel.workers import default_jobs
from ..parallel.writelock import writing
from ..parse import parse_shape
from ..pdb import locate
from ..research.batch import BatchOptions, Record, board_lines, solve_batch
from ..research.linefile import LineFile
from ..solving.solve import check_limits
from .cluster import cluster_client
from .common import EXIT_INVALID, EXIT_OK, EXIT_STOPPED, EXIT_UNSOLVABLE, UsageError, read_batch
from .resume import WHAT, read_done, stopped

if TYPE_CHECKING:
    from distributed import Client


def cmd_solve_batch(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``npuzzle solve --batch FILE|-``: one JSON object per board line, in input order (:mod:`npuzzle.research.batch`;
    in ``--jobs`` processes or on the ``--scheduler`` cluster), a progress line on stderr; with ``--resume OUT`` only
    the boards OUT has no record of, appended to it (refused while another run writes OUT). Exit 2 if a line was not
    a board, else 3 if a board was stopped by a limit, else 1 if one was not solvable, else 0 (4: the scheduler
    unreachable or lost, or a worker process killed; 5: OUT cannot be written)."""
    if args.board is not None:
        raise UsageError(
            f"solve takes a BOARD or --batch FILE, not both (got the BOARD {quote_input(args.board)} "
            f"and --batch {quote_input(args.batch)})"
        )
    located = locate(args.pdb)
    if located.path is not None and not located.path.exists():
        raise UsageError(f"cannot read the pattern database {str(located.path)!r} ({located.origin}): no such file")
    options = BatchOptions(
        goal=args.goal,
        shape=parse_shape(args.shape) if args.shape else None,
        algorithm=args.algorithm,
        heuristic=args.heuristic,
        budget=args.budget,
        limit=check_limits(args.max_nodes, args.time_limit),
        pdb=None if located.path is None else str(located.path),
    )
    lines = read_batch(args.batch, stdin)
    boards = dict(board_lines(lines))
    tally = BatchTally(err, len(boards))
    with ExitStack() as stack:
        write = _printer(out)
        if args.resume is not None:
            stack.enter_context(writing(Path(args.resume)))  # one run at a time: a second is told which run writes
            done = read_done(Path(args.resume), boards, options.shape)
            for record in done:
                tally.add(record, quiet=True)
            skip = {int(str(record["line"])) for record in done}
            lines = ["" if number in skip else line for number, line in enumerate(lines, 1)]  # numbers kept
            if skip:
                err.write(f"npuzzle: {plural(len(skip), 'board')} of {len(boards):,} already in {args.resume}\n")
            write = stack.enter_context(closing(LineFile(Path(args.resume), WHAT))).append
        jobs: int | Client = args.jobs or default_jobs()
        if args.scheduler is not None:
            jobs = stack.enter_context(cluster_client(args.scheduler))
        try:
            records = solve_batch(lines, options, jobs)
        except PatternDatabaseError as exc:
            raise UsageError(f"{exc} ({located.origin})") from None
        return _write(records, write, err, tally)


def _printer(out: TextIO) -> Callable[[str], None]:
    """Write a line to ``out`` and flush it: a run cut short leaves complete lines."""

    def write(line: str) -> None:
        out.write(line)
        out.flush()

    return write


def _write(records: Generator[Record, None, None], write: Callable[[str], None], err: TextIO, tally: BatchTally) -> int:
    """Each record as one whole JSON line through ``write``, counted in ``tally``; the exit code. The file that
    cannot be written, a lost scheduler or worker (what was written said), or a worker without the database ends the
    run after the tally."""
    written = 0
    try:
        for record in records:
            write(json.dumps(record) + "\n")
            written += 1
            tally.add(record)
    except KeyboardInterrupt:
        records.close()
        tally.finish(interrupted=True)
        err.write("npuzzle: interrupted\n")
        return EXIT_STOPPED
    except (ClusterError, OutputError) as exc:
        records.close()
        tally.finish(interrupted=True)
        return stopped(err, exc, plural(written, "record"))
    except PatternDatabaseError:
        tally.finish(interrupted=True)
        raise
    tally.finish()
    return tally.exit_code()


class BatchTally:
    """A batch's counts, drawn on ``err`` as a progress line (live on a terminal, else every ten seconds) and as a
    closing summary."""

    def __init__(self, err: TextIO, total: int) -> None:
        self.err = err
        self.live = bool(getattr(err, "isatty", lambda: False)())
        self.total = total
        self.started = time.perf_counter()
        self.shown = 0.0
        self.counts = {"solved": 0, "stopped": 0, "unsolvable": 0, "error": 0}

    def add(self, record: dict[str, object], quiet: bool = False) -> None:
        if "error" in record:
            self.counts["error"] += 1
        elif record.get("solvable") is False:
            self.counts["unsolvable"] += 1
        elif record.get("stopped") is not None or record.get("moves") is None:
            self.counts["stopped"] += 1
        else:
            self.counts["solved"] += 1
        elapsed = time.perf_counter() - self.started
        if not quiet and elapsed - self.shown >= (0.1 if self.live else 10.0):
            self.shown = elapsed
            self.err.write(("\r\033[K" if self.live else "") + self.line() + ("" if self.live else "\n"))
            self.err.flush()

    def line(self) -> str:
        done = sum(self.counts.values())
        parts = ", ".join(f"{count:,} {name}" for name, count in self.counts.items() if count)
        seconds = time.perf_counter() - self.started
        return f"npuzzle: {done:,} of {plural(self.total, 'board')} done ({parts or 'none yet'}), {seconds:.1f} s"

    def finish(self, interrupted: bool = False) -> None:
        if self.live:
            self.err.write("\r\033[K")
        done: int = sum(self.counts.values())
        if not interrupted or done > 0:
            self.err.write(self.line() + "\n")
        self.err.flush()

    def exit_code(self) -> int:
        if self.counts["error"]:
            return EXIT_INVALID
        if self.counts["stopped"]:
            return EXIT_STOPPED
        return EXIT_UNSOLVABLE if self.counts["unsolvable"] else EXIT_OK
