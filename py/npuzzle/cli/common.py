"""What every command of :mod:`npuzzle.cli` shares: its exit codes, its usage error, the :class:`Command` that
describes it, how a BOARD or ``--batch`` argument is read."""

from __future__ import annotations

import argparse
import os
import re
import signal
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from ..errors import PuzzleError, quote_input

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_INVALID = 2
EXIT_STOPPED = 3
EXIT_CLUSTER = 4
"""The exit code when the Dask scheduler of ``--scheduler`` could not be reached or was lost mid-run."""
EXIT_OUTPUT = 5
"""The exit code when an output file could not be written (:class:`~npuzzle.errors.OutputError`: the disk full, no
permission, another run writing it); what was written before stays."""
EXIT_BROKEN_PIPE = 128 + getattr(signal, "SIGPIPE", 13)
"""The exit code when stdout was closed early (``npuzzle check … | head``): 141, as a shell reports a process
killed by SIGPIPE."""


class UsageError(PuzzleError):
    """A command-line argument is malformed (unreadable file, bad option value)."""


Run = Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]
"""What runs a command: its parsed arguments, stdout, stderr and stdin in; the exit code out."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """One subcommand of ``npuzzle`` (or one action of a subcommand): its name, the line the list of commands
    gives it (``help``), what adds its arguments to its parser, what runs it (None for a command whose actions run,
    as ``pdb``'s ``build``) and the text its own ``--help`` opens with (``description``; None: none)."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Run | None
    description: str | None = None


def add_command(sub: argparse._SubParsersAction[argparse.ArgumentParser], command: Command) -> None:
    """Add ``command``'s parser to the subcommands ``sub``."""
    parser = sub.add_parser(command.name, help=command.help, description=command.description)
    command.add_arguments(parser)
    if command.run is not None:
        parser.set_defaults(func=command.run)


def read_board_argument(value: str, stdin: TextIO) -> str:
    """The board text an argument stands for: ``-`` reads stdin, an existing file path reads the file."""
    if value == "-":
        return stdin.read()
    if os.path.isfile(value):
        try:
            with open(value, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read board file {value!r}: {exc}") from None
    return value


_FILE_LIKE = re.compile(r"[A-WYZa-wyz]|\\|^\.{0,2}/|^~")


def looks_like_a_file_name(value: str) -> bool:
    """Whether a BOARD argument that is not an existing file was probably meant as one: no whitespace, and a
    letter other than the blank marker ``x``, a backslash, or a leading ``/``, ``./``, ``../`` or ``~``."""
    return bool(value) and not any(c.isspace() for c in value) and bool(_FILE_LIKE.search(value))


def read_batch(source: str, stdin: TextIO) -> list[str]:
    """The lines of a ``--batch`` source: a file's, or stdin's for ``-``; raises :class:`UsageError` naming a file
    that cannot be read."""
    if source == "-":
        return stdin.read().splitlines()
    try:
        with open(source, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read batch file {quote_input(source)}: {exc}") from None
