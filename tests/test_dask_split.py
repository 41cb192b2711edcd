"""``npuzzle solve --scheduler ADDRESS BOARD`` and :func:`npuzzle.cluster.solve_on_cluster`: one board's
pattern-database search split over a real Dask cluster (a ``LocalCluster``): Korf's optimal lengths, every task
cancelled on a stop, one progress line and Ctrl-C on the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import pytest

from npuzzle.board import Board, goal_board
from npuzzle.parse import parse_board
from npuzzle.pdb import PdbTables
from npuzzle.progress import run, stop
from npuzzle.research.instances import korf100
from shipped_pdb import PDB_FILE, require_shipped_pdb

if os.environ.get("CI") != "true":
    pytest.importorskip("distributed")  # the test extra installs it; CI must have it
from distributed import Client

from dask_cluster import HANG_SECONDS
from interrupt import interrupt_when, live_processes_with
from npuzzle.cluster import connect, parse_scheduler, solve_on_cluster

require_shipped_pdb()
pytestmark = pytest.mark.slow

HARD = "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"
"""An 80-move position (Korf's goal): minutes, so a test can stop it while the workers search."""

BLANK_FIRST = goal_board(4, 4, "blank-first")


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """A local cluster of two single-threaded worker processes."""
    with connect(parse_scheduler("local:2")) as connected:
        yield connected


def run_plugins(client: Client) -> list[str]:
    """The npuzzle runs' plugins still on the workers."""
    names = client.run(lambda dask_worker: [n for n in dask_worker.plugins if n.startswith("npuzzle")])
    return sorted(name for found in names.values() for name in found)


def split_tasks_running(client: Client) -> bool:
    """Whether a split's own tasks run: those of the run whose plugin is on the workers (each test leaves none), not
    a task of an earlier run that was cancelled and may still be finishing. The search, suspended after its split
    registered the plugin, is then in the split's loop."""
    runs = tuple(run_plugins(client))
    return bool(runs) and any(str(key).startswith(runs) for keys in client.processing().values() for key in keys)


def test_the_split_over_a_cluster_finds_korfs_optimal_lengths(client: Client, tables: PdbTables) -> None:
    for inst in [i for i in korf100() if i.ident in (1, 82)]:
        board = Board(4, 4, inst.tiles)
        search = solve_on_cluster(client, board, BLANK_FIRST, tables, pdb=str(PDB_FILE), sequential_nodes=300)
        result = run(search)
        assert (result.length, result.optimal, result.extra["jobs"]) == (inst.optimal, True, 2), inst.ident
        assert board.apply(result.moves or ()) == BLANK_FIRST
        assert sum(nodes for _, nodes in result.extra["per_iteration"]) == result.nodes_expanded
    assert run_plugins(client) == []


def test_a_stop_cancels_every_task_on_the_workers(client: Client, tables: PdbTables) -> None:
    search = solve_on_cluster(client, parse_board(HARD), BLANK_FIRST, tables, pdb=str(PDB_FILE), sequential_nodes=300)
    deadline = time.monotonic() + HANG_SECONDS
    next(search)
    while not split_tasks_running(client):
        assert time.monotonic() < deadline, "the split never started"
        next(search)
    result = stop(search, lambda last: pytest.fail("the split search should answer a stop itself"))
    assert result.stopped == "cancelled" and result.moves is None and result.lower_bound >= 66
    for worker in client.nthreads():  # each worker's one thread is free again: the subtree it searched has ended
        assert client.submit(sum, [1, 2], workers=[worker], pure=False).result(timeout=HANG_SECONDS) == 3
    assert run_plugins(client) == []


def test_cli_splits_one_board_over_a_local_cluster() -> None:
    inst = next(i for i in korf100() if i.ident == 60)  # past the first 200,000 expansions: it is split
    process = subprocess.run(
        [sys.executable, "-m", "npuzzle", "solve", "--json", "--scheduler", "local:2", "--pdb", str(PDB_FILE),
         "--goal", "blank-first", " ".join(map(str, inst.tiles))],
        capture_output=True, text=True, timeout=HANG_SECONDS,
    )  # fmt: skip
    reply = json.loads(process.stdout)
    assert process.returncode == 0, process.stderr
    assert (reply["length"], reply["optimal"], reply["extra"]["jobs"]) == (inst.optimal, True, 2)
    assert "Traceback" not in process.stderr


def test_cli_ctrl_c_cancels_the_split_and_stops_every_process() -> None:
    marker = f"NPUZZLE_TEST_RUN={uuid.uuid4().hex}"
    name, value = marker.split("=")
    args = ["solve", "--json", "--scheduler", "local:2", "--pdb", str(PDB_FILE), "--goal", "blank-first", HARD]
    result = interrupt_when(args, "frontier 0,", {**os.environ, name: value})  # the split's own progress records
    reply = json.loads(result.stdout)
    assert result.returncode == 3 and reply["stopped"] == "cancelled" and reply["lower_bound"] >= 66
    assert "npuzzle: interrupted" in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.count("\n") <= 2  # the one progress line (redrawn in place), then the notice
    deadline = time.monotonic() + HANG_SECONDS
    while live_processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live_processes_with(marker) == []
