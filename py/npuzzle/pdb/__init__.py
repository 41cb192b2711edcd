"""Additive pattern databases for the 15-puzzle and the optimal IDA* that uses them: the names the rest of the
package uses, from :mod:`.database` (the tables, writing the file), :mod:`.loading` (reading it), :mod:`.tables`
(tables ready for searching, a board mapped onto them), :mod:`.search` (the IDA*), :mod:`.split` (one search split
into tasks) and :mod:`.tasks` (its messages), :mod:`.cache` (where the command line finds the file),
:mod:`.mapped` (its memory-mapped search form) and :mod:`.build` (building it); for the multi-tile metric,
:mod:`.multiset` (relabelled tables, their file), :mod:`.multiset_build` (building them) and :mod:`.mtm_search`
(the IDA* over line moves). :mod:`.parallel` (a split over
processes) is imported where it is used: it needs ``multiprocessing``.
"""

from __future__ import annotations

from .additive import PARTITIONS as ADDITIVE_PARTITIONS
from .additive import AdditiveTables, in_corner, table_file_name
from .additive_build import build_additive_file
from .additive_heuristic import AdditiveHeuristic
from .build import (
    MTM_FILE,
    PARTITIONS,
    SHIPPED,
    build_file,
    build_mtm_file,
    default_jobs,
    describe_build,
    has_numpy,
)
from .cache import (
    ADDITIVE_ENV,
    MTM_ENV,
    PDB_ENV,
    Located,
    cache_dir,
    check_file,
    locate,
    locate_additive,
    locate_mtm,
    read_additive,
    read_database,
    read_multiset,
    read_tables,
)
from .loading import FileSlices, load_database, read_header
from .mapped import MappedFormError, mapped_path, verify_mapped
from .mtm_paths import LineSpace
from .mtm_search import (
    LearnedBounds,
    MtmRun,
    deepen_mtm,
    multiset_fits,
    multiset_heuristic_name,
    relabelling_name,
    solve_with_multiset,
    within_lines,
)
from .multiset import (
    MTM_PARTITIONS,
    PARTITION_MTM,
    PARTITION_MTM_FINE,
    MultisetDatabase,
    MultisetIndex,
    is_multiset_file,
    load_multiset_steps,
    partition_name,
)
from .multiset_build import build_multiset
from .pdb_paths import PdbSpace
from .search import solve_with_pdb, within_bound
from .split import SEQUENTIAL_NODES, Coordinator, Split, SplitJob, subtree_search
from .tables import PdbHeuristic, PdbTables, heuristic_name, home_map, load_tables_steps, pdb_fits, useful_reflection
from .tasks import Answer, Task

__all__ = [
    "ADDITIVE_ENV",
    "ADDITIVE_PARTITIONS",
    "MTM_ENV",
    "MTM_FILE",
    "MTM_PARTITIONS",
    "PARTITIONS",
    "PARTITION_MTM",
    "PARTITION_MTM_FINE",
    "PDB_ENV",
    "SEQUENTIAL_NODES",
    "SHIPPED",
    "AdditiveHeuristic",
    "AdditiveTables",
    "Answer",
    "Coordinator",
    "FileSlices",
    "LearnedBounds",
    "LineSpace",
    "Located",
    "MappedFormError",
    "MtmRun",
    "MultisetDatabase",
    "MultisetIndex",
    "PdbHeuristic",
    "PdbSpace",
    "PdbTables",
    "Split",
    "SplitJob",
    "Task",
    "build_additive_file",
    "build_file",
    "build_mtm_file",
    "build_multiset",
    "cache_dir",
    "check_file",
    "deepen_mtm",
    "default_jobs",
    "describe_build",
    "has_numpy",
    "heuristic_name",
    "home_map",
    "in_corner",
    "is_multiset_file",
    "load_database",
    "load_multiset_steps",
    "load_tables_steps",
    "locate",
    "locate_additive",
    "locate_mtm",
    "mapped_path",
    "multiset_fits",
    "multiset_heuristic_name",
    "partition_name",
    "pdb_fits",
    "read_additive",
    "read_database",
    "read_header",
    "read_multiset",
    "read_tables",
    "relabelling_name",
    "solve_with_multiset",
    "solve_with_pdb",
    "subtree_search",
    "table_file_name",
    "useful_reflection",
    "verify_mapped",
    "within_bound",
    "within_lines",
]
