"""One writer per output file: while a run writes ``FILE`` it holds a lock on ``FILE.lock`` beside it, a file that
holds the run's process id and command line, so that a second run refuses at once and says which run holds it (or,
when it asks to, says so and waits for the lock: ``npuzzle pdb build``, whose second run then finds the file made).

The lock is the kernel's (``fcntl.flock``): it goes with its process however that process ends, ``kill -9`` too, so a
lock file a killed run left behind holds nothing and the next run takes it over. Processes forked while the lock is
held share it until they end (:mod:`npuzzle.parallel.workers` ends them with their parent). The lock file is removed
when the run ends. On Windows (no ``fcntl``) no lock is taken.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..errors import OutputError, cut, os_cause, quote_path

if sys.platform != "win32":
    import fcntl

HOLDER_SHOWN = 200
"""How many characters of the holder's command line a message shows."""


def lock_path(path: Path) -> Path:
    """The lock file of the output ``path``: ``FILE.lock``."""
    return path.with_name(path.name + ".lock")


@contextmanager
def writing(path: Path, waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the lock of the output ``path`` for the block (its file says this process's id and command line).
    Raises :class:`~npuzzle.errors.OutputError` at once when another process holds it (the message names that
    process) or when the lock file cannot be written. With ``waiting``, a lock held by another process is waited
    for instead (Ctrl-C still stops the wait), after ``waiting`` is told who holds it (``process 1234: npuzzle …``)."""
    if sys.platform == "win32":
        yield
        return
    lock = lock_path(path)
    fd = _take(path, lock, waiting)
    try:
        yield
    finally:
        with suppress(OSError):
            lock.unlink()  # before the lock goes: a run waiting on this file then sees it is no longer the lock
        os.close(fd)


def _take(path: Path, lock: Path, waiting: Callable[[str], None] | None) -> int:
    """The open, locked lock file, its holder written in it (``waiting``: see :func:`writing`)."""
    told = False
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:
            raise OutputError(f"cannot write the lock file {quote_path(lock)}: {os_cause(exc)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            if waiting is None:
                os.close(fd)
                raise OutputError(
                    f"{quote_path(path)} is being written by another run ({holder}; its lock: {quote_path(lock)}): "
                    "wait for it to end, or stop it, or give another output file"
                ) from None
            if not told:  # said once, however often the lock changes hands meanwhile
                waiting(holder)
                told = True
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)  # a signal's exception (Ctrl-C) ends the wait
            except BaseException:
                os.close(fd)
                raise
        if _still_there(fd, lock):
            break
        os.close(fd)  # the run that held it removed it as it ended: take the file now there
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n{shlex.join(sys.argv)}\n".encode())
    except OSError as exc:
        os.close(fd)
        raise OutputError(f"cannot write the lock file {quote_path(lock)}: {os_cause(exc)}") from None
    return fd


def _still_there(fd: int, lock: Path) -> bool:
    """Whether the file open as ``fd`` is still the one at ``lock``."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(lock))
    except FileNotFoundError:
        return False


def _holder(fd: int) -> str:
    """Who holds the lock, as its file says: ``process 1234: npuzzle dataset …``."""
    try:
        text = os.pread(fd, 4096, 0).decode(errors="replace")
    except OSError:
        text = ""
    pid, _, command = text.partition("\n")
    if not pid.strip().isdigit():
        return "a process that has not written its name yet"
    return f"process {pid.strip()}: {cut(command.strip(), HOLDER_SHOWN)}"
