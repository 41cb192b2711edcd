"""Pattern databases: builders against ground truth, the compact index, the file format's checks, the solver.

The Korf sample is solved through the 7/7-7 or 7-7-1 file when one is in ``.cache/pdb`` (or the directory named by
``NPUZZLE_PDB_DIR``), as it is after the site build (``npuzzle.pdb.build``); otherwise through a 6-6-3 file
built on the spot with the same code (about a minute with numpy), which keeps a fresh CI run short. Both go
through the same search engine and file format.
"""

from __future__ import annotations

import os
import random
import struct
import subprocess
import sys
import zlib
from itertools import permutations
from math import perm
from pathlib import Path

import pytest

from npuzzle import Board, api, goal_board
from npuzzle.errors import PatternDatabaseError, UnsolvableError
from npuzzle.pdb import loading as loading_module
from npuzzle.pdb.build import build_file, file_name
from npuzzle.pdb.database import MAGIC, SHARED_MAX, PatternDatabase, compact_index
from npuzzle.pdb.index import IndexTables
from npuzzle.pdb.loading import FileSlices, load_database
from npuzzle.pdb.pure_builder import build_database, build_table_data
from npuzzle.pdb.search import solve_with_pdb
from npuzzle.pdb.tables import PdbHeuristic, PdbTables, home_labelling, load_tables, pdb_fits
from npuzzle.progress import Limit, run
from oracle import distances

ROOT = Path(__file__).resolve().parent.parent
PDB_DIR = Path(os.environ.get("NPUZZLE_PDB_DIR", ROOT / ".cache" / "pdb"))

# Korf instances solved in the test run: quick ones (well under a second each with either database).
KORF_SAMPLE = (2, 4, 9, 12, 13, 19, 27, 43, 58, 71, 90)


@pytest.fixture(scope="session")
def tables15() -> PdbTables:
    built = [PDB_DIR / file_name(name) for name in ("7-7-7", "7-7-1")]
    present = [path for path in built if path.exists()]
    path = present[0] if present else build_file(PDB_DIR, "6-6-3")
    return load_tables(path.read_bytes(), 4, 4)


@pytest.fixture(scope="module")
def dist3x3() -> dict[tuple[int, ...], int]:
    return distances(Board(3, 3, tuple(range(9))))


@pytest.fixture(scope="module")
def db3x3() -> PatternDatabase:
    return build_database(3, 3, ((1, 2, 3, 5), (4, 6, 7, 8)))


# --- builders and the compact index ---------------------------------------------------------------------------


def test_single_pattern_over_all_tiles_is_the_exact_distance() -> None:
    # With every tile in the pattern each move costs 1 and the value is the true distance (2×3 board).
    dist = distances(Board(2, 3, tuple(range(6))))
    db = build_database(2, 3, ((1, 2, 3, 4, 5),))
    assert len(dist) == 360
    for state, d in dist.items():
        assert db.value(state) == d


@pytest.mark.slow
def test_additive_tables_are_admissible_and_have_the_parity_of_the_distance(
    db3x3: PatternDatabase, dist3x3: dict[tuple[int, ...], int]
) -> None:
    assert len(dist3x3) == 181_440
    exact = 0
    for state, d in dist3x3.items():
        h = db3x3.value(state)
        assert h <= d
        assert (d - h) % 2 == 0
        exact += h == d
    assert exact > 10_000  # and it is a strong estimate, not a trivial one


@pytest.mark.slow
def test_numpy_builder_matches_the_pure_python_builder() -> None:
    pytest.importorskip("numpy")
    from npuzzle.pdb import numpy_builder as pdb_numpy

    for rows, cols, tiles in (
        (4, 4, (1, 4, 5)),
        (4, 4, (15, 2, 9, 6)),
        (4, 4, (2, 9)),
        (3, 3, (1, 2, 3, 5)),
        (2, 4, (7, 1, 4)),
        (3, 4, (11, 3, 6, 1)),
    ):
        expected = build_table_data(rows, cols, tiles)
        assert pdb_numpy.build_compact(rows, cols, list(tiles)) == expected
        assert pdb_numpy.build_compact(rows, cols, list(tiles), threads=3) == expected  # racing threads: same bytes


@pytest.mark.parametrize(("n", "k"), [(9, 4), (8, 2), (6, 5), (16, 3)])
def test_compact_index_numbers_every_placement_once(n: int, k: int) -> None:
    numbers = {compact_index(n, cells) for cells in permutations(range(n), k)}
    assert numbers == set(range(perm(n, k)))


@pytest.mark.slow
def test_index_tables_agree_with_compact_index() -> None:
    # The search's packed lead/tail numbers, turned into positions by IndexTables, give compact_index.
    data = bytes(perm(16, 7) + perm(16, 3))
    db = PatternDatabase(4, 4, ((1, 2, 3, 4, 5, 6, 7), (9, 10, 11)), data)
    index = IndexTables.of(db)
    rng = random.Random(3)
    for g, pattern in enumerate(db.partition):
        lead = len(pattern) - 2
        for _ in range(3000):
            cells = rng.sample(range(16), len(pattern))
            x = g << index.lead_bits
            for i, c in enumerate(cells):
                x += c << (4 * i) if i < lead else c << (4 * (i - lead) + index.shift)
            lo = x & index.mask
            position = index.base[lo] + index.tail_rank[index.occupied[lo] + (x >> index.shift)]
            assert position == db.offsets[g] + compact_index(16, cells)


def test_partition_must_be_tiles_of_the_board_with_at_most_pairs_of_alternatives() -> None:
    with pytest.raises(PatternDatabaseError, match="at most two patterns may overlap"):
        build_database(3, 3, ((1, 2, 3), (3, 4), (4, 5)))
    with pytest.raises(PatternDatabaseError, match="lists a tile twice"):
        build_database(3, 3, ((1, 2, 2),))
    with pytest.raises(PatternDatabaseError, match="pattern tile 9 is not a tile of a 3×3 board"):
        build_database(3, 3, ((1, 9),))
    with pytest.raises(PatternDatabaseError, match="a pattern needs 2 to 7 tiles, got 1"):
        build_database(4, 4, ((5,),))


# --- file format ----------------------------------------------------------------------------------------------


def test_encode_load_round_trip(db3x3: PatternDatabase) -> None:
    blob = db3x3.encode()
    assert blob.startswith(MAGIC)
    again = load_database(blob)
    assert again == db3x3
    assert again.name == "4-4"
    assert load_database(bytearray(blob), 3, 3) == db3x3
    assert load_database(memoryview(blob)) == db3x3


def test_loader_rejects_truncated_files(db3x3: PatternDatabase) -> None:
    blob = db3x3.encode()
    for cut in (0, 5, 20, len(blob) // 2, len(blob) - 1):
        with pytest.raises(PatternDatabaseError, match="truncated"):
            load_database(blob[:cut])


def test_loader_rejects_corrupt_files(db3x3: PatternDatabase) -> None:
    blob = bytearray(db3x3.encode())
    with pytest.raises(PatternDatabaseError, match="not a pattern-database file"):
        load_database(b"GIF89a" + bytes(blob[6:]))
    with pytest.raises(PatternDatabaseError, match="unexpected bytes after"):
        load_database(bytes(blob) + b"\0")
    header_end = 14 + 2 * (1 + 4 + 12) + 4
    for where in (15, header_end - 2):  # a tile of the header, the header CRC
        bad = bytearray(blob)
        bad[where] ^= 0x01
        with pytest.raises(PatternDatabaseError, match="header is corrupt"):
            load_database(bytes(bad))
    for where in (header_end + 40, len(blob) - 10):  # inside each table's zlib stream
        bad = bytearray(blob)
        bad[where] ^= 0xFF
        with pytest.raises(PatternDatabaseError, match="corrupt"):
            load_database(bytes(bad))


class FakeUint8Array:
    """What the page's worker hands to Python, as Pyodide shows it: a proxy of a JavaScript ``Uint8Array`` with
    ``byteLength``, ``subarray`` (a view) and ``to_bytes`` (a copy). Records the slices read."""

    def __init__(self, data: bytes, reads: list[int] | None = None) -> None:
        self.data = data
        self.byteLength = len(data)
        self.reads = [] if reads is None else reads

    def subarray(self, start: int, end: int) -> FakeUint8Array:
        self.reads.append(min(end, len(self.data)) - start)
        return FakeUint8Array(self.data[start:end], self.reads)

    def to_bytes(self) -> bytes:
        return self.data


def test_loader_reads_a_javascript_array_a_slice_at_a_time(
    db3x3: PatternDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    blob = db3x3.encode()
    proxy = FakeUint8Array(blob)
    source = api.file_slices(proxy)
    assert isinstance(source, FileSlices) and source.size == len(blob)
    assert load_database(source) == db3x3
    monkeypatch.setattr(loading_module, "SLICE_BYTES", 100)  # many slices in, output capped at 100 bytes a call
    proxy.reads.clear()
    assert load_database(api.file_slices(proxy)) == db3x3
    assert proxy.reads and max(proxy.reads) <= loading_module._HEADER_MAX and max(proxy.reads[1:]) <= 100
    zeros = _file(3, 3, (1, 2, 3, 5), bytes(3024))  # 3,024 entries from a few bytes: inflated 100 at a time
    assert load_database(api.file_slices(FakeUint8Array(zeros))).table(0) == bytes(3024)


def test_a_damaged_javascript_array_fails_with_the_message_of_damaged_bytes(
    db3x3: PatternDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    blob = db3x3.encode()
    header_end = 14 + 2 * (1 + 4 + 12) + 4
    damaged = [blob[:0], blob[:20], blob[: len(blob) // 2], blob + b"\0", b"GIF89a" + blob[6:]]
    for where in (15, header_end + 40, len(blob) - 10):
        bad = bytearray(blob)
        bad[where] ^= 0xFF
        damaged.append(bytes(bad))
    for size in (1 << 20, 64):
        monkeypatch.setattr(loading_module, "SLICE_BYTES", size)
        for bad in damaged:
            with pytest.raises(PatternDatabaseError) as from_bytes:
                load_database(bad)
            with pytest.raises(PatternDatabaseError) as from_slices:
                load_database(api.file_slices(FakeUint8Array(bad)))
            assert str(from_slices.value) == str(from_bytes.value)


def test_api_takes_bytes_as_they_are_and_refuses_other_values() -> None:
    blob = b"NPUZPDB"
    assert api.file_slices(blob) is blob
    with pytest.raises(api.RequestError, match="must be bytes, got str"):
        api.file_slices("not bytes")


def test_loader_rejects_wrong_version_and_shape(db3x3: PatternDatabase) -> None:
    blob = bytearray(db3x3.encode())
    struct.pack_into("<H", blob, 8, 1)
    with pytest.raises(PatternDatabaseError, match="version 1 is not supported"):
        load_database(bytes(blob))
    with pytest.raises(PatternDatabaseError, match="for 3×3 boards, not 4×4"):
        load_database(db3x3.encode(), 4, 4)


def _file(rows: int, cols: int, tiles: tuple[int, ...], table: bytes, entries: int | None = None) -> bytes:
    """A well-formed file (valid checksums) around arbitrary table bytes."""
    head = struct.pack("<8sHBBBB", MAGIC, 2, rows, cols, 0, 1) + bytes([len(tiles), *tiles])
    packed = zlib.compress(table)
    head += struct.pack("<III", len(table) if entries is None else entries, len(packed), zlib.crc32(table))
    head += struct.pack("<I", zlib.crc32(head))
    return head + packed


def test_loader_rejects_well_formed_files_with_wrong_content(db3x3: PatternDatabase) -> None:
    table = bytearray(db3x3.table(0))
    assert load_database(_file(3, 3, (1, 2, 3, 5), bytes(table))).table(0) == bytes(table)
    table[100] = 200
    with pytest.raises(PatternDatabaseError, match="impossible value 200"):
        load_database(_file(3, 3, (1, 2, 3, 5), bytes(table)))
    with pytest.raises(PatternDatabaseError, match="announces 3,023 entries"):
        load_database(_file(3, 3, (1, 2, 3, 5), bytes(table[:-1])))
    with pytest.raises(PatternDatabaseError, match="more entries than announced"):
        load_database(_file(3, 3, (1, 2, 3, 5), bytes(table) + b"\0", entries=3024))


def test_loader_checks_announced_sizes_before_allocating() -> None:
    """A hand-made header (valid CRC) announcing 2**32 − 1 entries per table is refused by name, without trying to
    allocate them: the load runs in a child process whose address space is capped at 1 GB, where allocating first
    would end in ``MemoryError``."""
    tiles = (1, 2, 3, 4, 5, 6, 7)
    crafted = _file(4, 4, tiles, bytes(16), entries=0xFFFFFFFF)
    with pytest.raises(
        PatternDatabaseError,
        match=r"table 1 \(tiles 1 2 3 4 5 6 7\) announces 4,294,967,295 "
        r"entries; a 7-tile table of a 4×4 board has 57,657,600",
    ):
        load_database(crafted, 4, 4)
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from npuzzle.pdb.loading import load_database\n"
        "try:\n"
        "    load_database(sys.stdin.buffer.read(), 4, 4)\n"
        "except Exception as exc:\n"
        "    print(type(exc).__name__, exc)\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", code],
        input=crafted,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    assert child.stdout.decode().startswith("PatternDatabaseError pattern database: table 1"), child


# --- goals ----------------------------------------------------------------------------------------------------


def test_home_labelling_of_the_named_goals() -> None:
    board = Board(4, 4, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3))
    mapped = home_labelling(board, goal_board(4, 4, "blank-first"))
    assert mapped == (list(board.tiles), list(range(16)))
    # default goal: rotate 180° and relabel t → 16 − t (the data README's conversion)
    mapped = home_labelling(board, goal_board(4, 4, "default"))
    assert mapped is not None
    assert mapped[0] == [0 if board.tiles[15 - j] == 0 else 16 - board.tiles[15 - j] for j in range(16)]
    assert mapped[1] == [0] + [16 - t for t in range(1, 16)]


def test_fits_needs_a_corner_blank_and_the_shape(db3x3: PatternDatabase) -> None:
    board = Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))
    assert pdb_fits(board, goal_board(3, 3, "default"), db3x3)
    centre = Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8))
    assert not pdb_fits(board, centre, db3x3)
    with pytest.raises(PatternDatabaseError, match="blank in a corner"):
        solve_with_pdb(board, centre, db3x3)
    assert not pdb_fits(Board(4, 4, tuple(range(16))), goal_board(4, 4), db3x3)


def test_unsolvable_board_is_refused(db3x3: PatternDatabase) -> None:
    with pytest.raises(UnsolvableError):
        solve_with_pdb(Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0)), goal_board(3, 3), db3x3)


# --- solving --------------------------------------------------------------------------------------------------


def test_alternatives_share_bytes_with_the_same_values(dist3x3: dict[tuple[int, ...], int]) -> None:
    # (4 5 6 7) and (5 6 7 8) overlap: in the search's layout they share bytes (low and high 4 bits).
    db = build_database(3, 3, ((1, 2, 3), (4, 5, 6, 7), (5, 6, 7, 8)))
    shared = db.shared_copy()
    assert shared.shared and shared.nibbles == (0, 1, 2) and db.nibbles == (0, 0, 0)
    assert shared.offsets == (0, perm(9, 3), perm(9, 3)) and len(shared.data) == perm(9, 3) + perm(9, 4)
    assert all(shared.table(g) == db.table(g) for g in range(3))
    assert load_database(db.encode(), shared=True) == shared
    assert load_database(api.file_slices(FakeUint8Array(db.encode())), shared=True) == shared
    assert shared.shared_copy() is shared
    assert all(shared.value(state) == db.value(state) for state in list(dist3x3)[::97])
    assert PdbTables.of(db).database == shared
    with pytest.raises(PatternDatabaseError, match="share bytes"):
        PdbTables(db, IndexTables.of(db))
    disjoint = build_database(3, 3, ((1, 2, 3, 5), (4, 6, 7, 8)))
    assert disjoint.shared_copy().data is disjoint.data  # nothing to share: the same bytes


def test_shared_alternatives_cap_large_excesses_admissibly() -> None:
    # 4-bit halves hold excesses up to 14; a larger one (two 5-tile patterns of a 2×3 board) is stored as 14, a
    # smaller estimate of the same parity, so still admissible and IDA* still optimal.
    dist = distances(Board(2, 3, tuple(range(6))))
    db = build_database(2, 3, ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5)))
    assert max(db.data) > SHARED_MAX
    shared = db.shared_copy()
    assert max(shared.table(0)) == max(shared.table(1)) == SHARED_MAX // 2
    for state, d in dist.items():
        h = shared.value(state)
        assert h == min(db.value(state), manhattan_total(state, 3) + SHARED_MAX) and h <= d and (d - h) % 2 == 0
    far = max(dist, key=lambda state: dist[state])
    result = run(solve_with_pdb(Board(2, 3, far), Board(2, 3, tuple(range(6))), db))
    assert result.length == dist[far]


def manhattan_total(tiles: tuple[int, ...], cols: int) -> int:
    return sum(abs(c // cols - t // cols) + abs(c % cols - t % cols) for c, t in enumerate(tiles) if t)


@pytest.mark.slow
def test_alternative_patterns_take_the_larger_excess(dist3x3: dict[tuple[int, ...], int]) -> None:
    # (4 5 6 7) and (5 6 7 8) overlap: alternatives; the estimate is Manhattan + excess(1 2 3) + the larger of theirs.
    db = build_database(3, 3, ((1, 2, 3), (4, 5, 6, 7), (5, 6, 7, 8)))
    assert db.groups == ((0,), (1, 2)) and db.name == "4/4-3"
    one = build_database(3, 3, ((1, 2, 3), (4, 5, 6, 7)))
    other = build_database(3, 3, ((1, 2, 3), (5, 6, 7, 8)))
    stronger = 0
    for state, d in dist3x3.items():
        h = db.value(state)
        assert h == max(one.value(state), other.value(state)) <= d
        stronger += h > one.value(state)
    assert stronger > 1000


@pytest.mark.parametrize(
    "partition",
    [((1, 2, 3, 5), (4, 6, 7, 8)), ((2, 5, 8),), ((1, 2, 3), (4, 5, 6, 7), (5, 6, 7, 8)), ((1, 2, 4, 5), (2, 3, 5, 6))],
)
@pytest.mark.slow
def test_3x3_every_goal_kind_optimal(
    partition: tuple[tuple[int, ...], ...], dist3x3: dict[tuple[int, ...], int]
) -> None:
    # The second leaves five tiles to Manhattan distance, the last two have overlapping alternatives.
    tables = PdbTables.of(build_database(3, 3, partition))
    rng = random.Random(4)
    corner_goals = [
        goal_board(3, 3, "blank-first"),
        goal_board(3, 3, "default"),
        Board(3, 3, (3, 1, 0, 4, 2, 5, 6, 7, 8)),
        Board(3, 3, (8, 7, 6, 5, 4, 3, 2, 1, 0)),
    ]
    for goal in corner_goals:
        dist = dist3x3 if goal.tiles == tuple(range(9)) else distances(goal)
        hardest = [s for s, d in dist.items() if d == 31]
        assert len(hardest) == 2
        for state in hardest + rng.sample(sorted(dist), 15):
            board = Board(3, 3, state)
            result = run(solve_with_pdb(board, goal, tables))
            assert result.optimal and result.stopped is None
            assert result.length == dist[state]
            assert board.apply(result.moves or ()) == goal


def test_solved_board_needs_no_moves(db3x3: PatternDatabase) -> None:
    result = run(solve_with_pdb(goal_board(3, 3), goal_board(3, 3), db3x3))
    assert result.moves == () and result.optimal


@pytest.mark.slow
def test_node_limit_and_close(tables15: PdbTables) -> None:
    board = Board(4, 4, (14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15))  # Korf #3, 59 moves
    goal = goal_board(4, 4, "blank-first")
    result = run(solve_with_pdb(board, goal, tables15, Limit(nodes=3000)))
    assert result.stopped == "node-limit" and result.moves is None
    assert 3000 <= result.nodes_expanded < 3000 + 10
    assert 45 < result.lower_bound <= 59
    search = solve_with_pdb(board, goal, tables15, report_every=0.0)
    records = [next(search) for _ in range(3)]
    assert records[-1].nodes_expanded > 0
    search.close()  # stops at once; closing a finished or closed search is harmless
    search.close()


@pytest.mark.slow
def test_korf_sample_blank_first_goal(tables15: PdbTables, korf100: list[tuple[int, int, list[int]]]) -> None:
    goal = goal_board(4, 4, "blank-first")
    for ident, length, tiles in korf100:
        if ident not in KORF_SAMPLE:
            continue
        board = Board(4, 4, tuple(tiles))
        result = run(solve_with_pdb(board, goal, tables15))
        assert result.length == length, ident
        assert result.optimal
        assert board.apply(result.moves or ()) == goal


@pytest.mark.slow
def test_korf_sample_default_goal(tables15: PdbTables, korf100: list[tuple[int, int, list[int]]]) -> None:
    goal = goal_board(4, 4, "default")
    for ident, length, tiles in korf100:
        if ident not in KORF_SAMPLE[:6]:
            continue
        # the data README's conversion keeps the optimal length
        board = Board(4, 4, tuple(0 if tiles[15 - j] == 0 else 16 - tiles[15 - j] for j in range(16)))
        result = run(solve_with_pdb(board, goal, tables15))
        assert result.length == length, ident
        assert board.apply(result.moves or ()) == goal


@pytest.mark.slow
def test_reflection_changes_nodes_not_lengths(tables15: PdbTables, korf100: list[tuple[int, int, list[int]]]) -> None:
    goal = goal_board(4, 4, "blank-first")
    _, length, tiles = korf100[11]  # #12, 45 moves
    board = Board(4, 4, tuple(tiles))
    plain = run(solve_with_pdb(board, goal, tables15, reflect=False))
    mirrored = run(solve_with_pdb(board, goal, tables15))
    assert plain.length == mirrored.length == length
    assert plain.heuristic == f"pdb-{tables15.name}" and mirrored.heuristic == f"pdb-{tables15.name}+reflected"
    assert mirrored.nodes_generated != plain.nodes_generated


@pytest.mark.slow
def test_database_names_and_goal_value(tables15: PdbTables) -> None:
    assert tables15.name in ("7/7-7", "7-7-1", "6-6-3")
    assert tables15.database.value(list(range(16))) == 0
    board = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]  # Korf #1, 57 moves, Manhattan 41
    assert 41 < tables15.database.value(board) <= 57


def test_generic_heuristic_adapter_drives_astar(db3x3: PatternDatabase, dist3x3: dict[tuple[int, ...], int]) -> None:
    from npuzzle.solving.solve import solve

    goal = goal_board(3, 3, "default")
    heuristic = PdbHeuristic(db3x3, goal)
    assert heuristic.name == "pdb-4-4+reflected" and heuristic.initial(goal.tiles) == 0
    dist = distances(goal)
    rng = random.Random(9)
    for state in rng.sample(sorted(dist), 8):
        board = Board(3, 3, state)
        assert heuristic.initial(state) <= dist[state]
        fast = run(solve_with_pdb(board, goal, db3x3))
        assert heuristic.initial(state) == max(fast.extra["h0"], fast.extra["h0_reflected"])
        result = run(solve(board, goal, "astar", heuristic))
        assert result.length == dist[state] == fast.length
    with pytest.raises(PatternDatabaseError, match="corner blank"):
        PdbHeuristic(db3x3, Board(3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8)))
