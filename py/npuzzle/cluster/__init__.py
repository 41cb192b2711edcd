"""Batches and hard boards on a Dask cluster (the ``npuzzle[dask]`` extra; docs/cluster.md): what the rest of the
package uses, from :mod:`.connect` (``--scheduler``: a scheduler's address or a local cluster), :mod:`.tables` (the
pattern database on every worker, once), :mod:`.batch` (a batch's boards as the cluster's tasks) and :mod:`.split`
(one hard board's split search, its subtrees as the cluster's tasks).

Only this package imports Dask, and nothing imports this package but where it is used (``solve --scheduler``,
:func:`npuzzle.research.batch.solve_batch` given a client): without the extra the package stays standard-library only.
"""

from __future__ import annotations

from .batch import batch_on_cluster
from .connect import LOCAL, Scheduler, connect, parse_scheduler, worker_threads
from .split import solve_on_cluster
from .tables import BatchPlugin, SplitPlugin, TablesSource, tables_source

__all__ = [
    "LOCAL",
    "BatchPlugin",
    "Scheduler",
    "SplitPlugin",
    "TablesSource",
    "batch_on_cluster",
    "connect",
    "parse_scheduler",
    "solve_on_cluster",
    "tables_source",
    "worker_threads",
]
