"""Additive pattern databases for the 15-puzzle and the optimal IDA* that uses them: the names the rest of the
package uses, from :mod:`.database` (the tables, writing the file), :mod:`.loading` (reading it), :mod:`.tables`
(tables ready for searching, a board mapped onto them), :mod:`.search` (the IDA*), :mod:`.split` (one search split
into tasks) and :mod:`.tasks` (its messages), :mod:`.cache` (where the command line finds the file),
:mod:`.mapped` (its memory-mapped search form) and :mod:`.build` (building it). :mod:`.parallel` (a split over
processes) is imported where it is used: it needs ``multiprocessing``.
"""

from __future__ import annotations

from .build import PARTITIONS, SHIPPED, build_file, expected_time, has_numpy
from .cache import PDB_ENV, cache_dir, check_file, locate, read_database, read_tables
from .loading import FileSlices, load_database, read_header
from .mapped import MappedFormError, mapped_path, verify_mapped
from .search import solve_with_pdb
from .split import SEQUENTIAL_NODES, Coordinator, Split, SplitJob, subtree_search
from .tables import PdbHeuristic, PdbTables, heuristic_name, home_map, load_tables_steps, pdb_fits, useful_reflection
from .tasks import Answer, Task

__all__ = [
    "PARTITIONS",
    "PDB_ENV",
    "SEQUENTIAL_NODES",
    "SHIPPED",
    "Answer",
    "Coordinator",
    "FileSlices",
    "MappedFormError",
    "PdbHeuristic",
    "PdbTables",
    "Split",
    "SplitJob",
    "Task",
    "build_file",
    "cache_dir",
    "check_file",
    "expected_time",
    "has_numpy",
    "heuristic_name",
    "home_map",
    "load_database",
    "load_tables_steps",
    "locate",
    "mapped_path",
    "pdb_fits",
    "read_database",
    "read_header",
    "read_tables",
    "solve_with_pdb",
    "subtree_search",
    "useful_reflection",
    "verify_mapped",
]
