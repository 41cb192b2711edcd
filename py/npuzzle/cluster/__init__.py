"""Batches and hard boards on a Dask cluster (the ``npuzzle[dask]`` extra; docs/cluster.md): what the rest of the
package uses, from :mod:`.connect` (``--scheduler``: a scheduler's address or a local cluster), :mod:`.tables` (the
pattern database on every worker, once) and :mod:`.batch` (a batch's boards as the cluster's tasks).

Only this package imports Dask, and nothing imports this package but where it is used (``solve --scheduler``,
:func:`npuzzle.batch.solve_batch` given a client): without the extra the package stays standard-library only.
"""

from __future__ import annotations

from .batch import batch_on_cluster
from .connect import LOCAL, Scheduler, connect, parse_scheduler
from .tables import BatchPlugin, TablesSource, tables_source

__all__ = [
    "LOCAL",
    "BatchPlugin",
    "Scheduler",
    "TablesSource",
    "batch_on_cluster",
    "connect",
    "parse_scheduler",
    "tables_source",
]
