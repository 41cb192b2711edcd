"""The site build's manifest says which board shape the shipped pattern database serves, as the file's header says
(scripts/build_site.py, database_shape): the page decides from it which boards wait for the tables."""

from __future__ import annotations

import json
from pathlib import Path

from bench.browser import ROOT, load_script

from npuzzle.pdb.pure_builder import build_database

build_site = load_script("build_site")


def test_the_shape_is_read_from_the_tables_header(tmp_path: Path) -> None:
    path = tmp_path / "small.pdb"
    path.write_bytes(build_database(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8))).encode())
    previous = tmp_path / "build.json"  # no manifest yet: the header is read
    assert build_site.database_shape(ROOT, path, "digest", previous) == (3, 3)
    previous.write_text(json.dumps({"pdb": {"sha256": "digest", "rows": 9, "cols": 9}}))
    assert build_site.database_shape(ROOT, path, "digest", previous) == (9, 9)  # the same file: its last reading
    assert build_site.database_shape(ROOT, path, "another", previous) == (3, 3)  # another file: read again
