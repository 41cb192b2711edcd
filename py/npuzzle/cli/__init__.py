"""The command line: ``npuzzle check``, ``npuzzle random``, ``npuzzle solve``, ``npuzzle compare``,
``npuzzle bench SET|FILE``, ``npuzzle dataset``, ``npuzzle pdb build|info``.

Exit codes: 0 solvable (or done), 1 not solvable (``bench``: a length differs from the file), 2 invalid input
(message on stderr, never a traceback), 3 stopped by a limit, Ctrl-C or SIGTERM (what was done so far said), 4 the
workers lost (a worker process killed, the Dask scheduler of ``--scheduler`` unreachable or lost: what was written
said), 5 an output file could not be written (the disk full, no
permission, another run writing it: the message names the file and the cause), 141 stdout closed early (as for
SIGPIPE, quietly).

Pattern databases: ``npuzzle pdb build`` writes the 7/7-7 tables into the user's cache directory
(:mod:`npuzzle.pdb.cache`), where ``solve`` and ``bench`` find them; ``--pdb FILE`` or the environment variable
:data:`~npuzzle.pdb.cache.PDB_ENV` name another file. ``auto`` then uses it where it fits. What ``auto`` picks is
:mod:`npuzzle.policy` (``docs/auto.md``): the ``solve --help`` texts for
``--algorithm`` and ``--heuristic`` are generated from it.
"""

from __future__ import annotations

from .main import build_parser, main

__all__ = ["build_parser", "main"]
