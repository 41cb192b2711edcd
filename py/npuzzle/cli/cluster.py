"""``--scheduler``: the command line's way to a Dask cluster (:mod:`npuzzle.cluster`, imported only here and only
when asked for, so that the command line runs without the ``npuzzle[dask]`` extra)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from ..board import Board
from ..pdb import PdbTables
from ..progress import Limit, Search
from .common import UsageError

if TYPE_CHECKING:
    from distributed import Client


def cluster_client(address: str) -> AbstractContextManager[Client]:
    """A connection to the Dask cluster of ``--scheduler`` (a context manager giving a client); raises
    :class:`UsageError` when Dask is not installed. Dask's own log is silenced: the command says what went wrong,
    once."""
    try:
        from ..cluster import connect, parse_scheduler
    except ImportError as exc:
        raise UsageError(
            f"--scheduler needs Dask ({exc}): pip install 'distributed>=2024.1' (in npuzzle's checkout: pip install "
            "-e '.[dask]')"
        ) from None
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    return connect(parse_scheduler(address))


def cluster_split(client: Client, tables: PdbTables, pdb: str | None) -> Callable[[Board, Board, Limit], Search]:
    """The pattern-database search of one board split over ``client``'s cluster
    (:func:`npuzzle.cluster.solve_on_cluster`), for :func:`npuzzle.solving.registry.registry_with_tables`."""
    from ..cluster import solve_on_cluster

    def split(board: Board, goal: Board, limit: Limit) -> Search:
        return solve_on_cluster(client, board, goal, tables, limit, pdb=pdb)

    return split
