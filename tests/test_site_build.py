"""What the site ships for a light first visit (issue 30): the page's wheel without what the page never imports, a
standard library trimmed to what it imports, the lock file trimmed to micropip, and precompressed copies that
decode to their originals, which ``scripts/serve.py`` sends as a compressing static host does."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.error import HTTPError

import pytest
from bench.browser import ROOT, SITE, build_site, load_script

build = load_script("build_site")
trim = load_script("site_trim")
serve = load_script("serve")

NOT_THE_PAGE = (
    "npuzzle.cli",
    "npuzzle.cluster",
    "npuzzle.env",
    "npuzzle.research.dataset",
    "npuzzle.research.datafiles",
    "npuzzle.research.instances",
    "npuzzle.research.batch",
)
"""Modules for the command line, Dask, Gymnasium and datasets: never imported by the page (the textbook searches are:
the course lab runs them)."""


@pytest.fixture(scope="module")
def site() -> Path:
    build_site()
    return SITE


def page_modules() -> set[str]:
    return trim.page_modules(ROOT / "py")  # type: ignore[no-any-return]


def test_the_page_wheel_leaves_out_what_the_page_never_imports(site: Path) -> None:
    modules = page_modules()
    assert {"npuzzle", "npuzzle.api", "npuzzle.solving.solve", "npuzzle.pdb", "npuzzle.nearoptimal"} <= modules
    for name in NOT_THE_PAGE:
        assert not [m for m in modules if m == name or m.startswith(name + ".")], name
    manifest = json.loads((site / "build.json").read_text())
    with zipfile.ZipFile(site / manifest["wheel"]["url"]) as wheel:
        names = set(wheel.namelist())
        assert all(info.compress_type == zipfile.ZIP_STORED for info in wheel.infolist())  # the host compresses
    shipped = {trim.module_name(n) for n in names} - {None}
    assert shipped == modules
    assert "npuzzle/data/groups-5x5.bin" not in names  # read by the 5×5 solver: fetched when it needs it
    five = manifest["data"]["npuzzle/data/groups-5x5.bin"]
    beside = (site / five["url"]).read_bytes()
    assert beside == (ROOT / "py" / "npuzzle" / "data" / "groups-5x5.bin").read_bytes()
    assert hashlib.sha256(beside).hexdigest() == five["sha256"] and five["size"] == len(beside)
    assert five["url"] in manifest["precache"]  # kept by the service worker for offline use
    assert not [n for n in names if n.endswith(".txt")]  # the instance sets: npuzzle.research.instances only


EXERCISE = r"""
import importlib.abc, json, sys
allowed = set(json.loads(sys.argv[1]))

class PageOnly(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] == "npuzzle" and name not in allowed:
            raise ImportError(f"the page imported {name}")
        return None

sys.meta_path.insert(0, PageOnly())
from npuzzle import api

def run(request):
    reply = json.loads(api.handle(json.dumps(request)))
    assert reply.get("ok") is not False, (request, reply)

def long(request):
    session = api.start(json.dumps(request))
    while True:
        event = json.loads(session.advance(0.05))
        if event.get("type") != "progress":
            assert event.get("ok") is not False, (request, event)
            return

run({"op": "check", "board": "8 6 7 / 2 5 4 / 3 0 1"})
run({"op": "random", "shape": "4x4", "seed": 1})
run({"op": "apply", "board": "1 2 3 / 4 5 6 / 7 0 8", "moves": [8]})
run({"op": "move", "board": "1 2 3 / 4 5 6 / 7 0 8", "tiles": [8]})
for shape in ((3, 3), (4, 4), (5, 5), (6, 6)):
    run({"op": "options", "rows": shape[0], "cols": shape[1]})
long({"op": "solve", "board": "8 6 7 / 2 5 4 / 3 0 1", "algorithm": "astar"})
long({"op": "solve", "board": "8 6 7 / 2 5 4 / 3 0 1", "algorithm": "idastar", "heuristic": "walking-distance"})
long({"op": "solve", "board": "5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12"})
long({"op": "solve", "board": "20 10 24 21 23 / 5 22 13 16 9 / 11 17 0 7 1 / 6 12 19 14 15 / 3 8 2 18 4",
      "algorithm": "near-optimal"})
long({"op": "compare", "board": "8 6 7 / 2 5 4 / 3 0 1"})
long({"op": "hint", "board": "8 6 7 / 2 5 4 / 3 0 1"})
long({"op": "watch", "board": "8 6 7 / 2 5 4 / 3 0 1", "count": 50})
long({"op": "watch", "board": "8 6 7 / 2 5 4 / 3 0 1", "algorithm": "idastar", "count": 50})
print("ok")
"""


@pytest.mark.slow
def test_the_page_imports_nothing_outside_its_wheel_at_run_time() -> None:
    """Every op of the api, run with any other npuzzle module made unimportable."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    allowed = json.dumps(sorted(page_modules()))
    result = subprocess.run([sys.executable, "-c", EXERCISE, allowed], capture_output=True, text=True, env=env)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def test_the_stdlib_zip_holds_every_pure_python_module_the_page_imports(site: Path) -> None:
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as archive:
        names = set(archive.namelist())
    assert "encodings/__init__.pyc" in names  # imported at every boot: compiled
    assert not names & {"sqlite3/__init__.py", "sqlite3/__init__.pyc", "tomllib/__init__.py", "zoneinfo/__init__.py"}
    imported: set[str] = set()
    for name in page_modules():
        path, is_package = trim._module_file(ROOT / "py", name)
        imported |= {n.split(".")[0] for n in trim.imported_names(path.read_text(), name, is_package)}
    for top in sorted(imported & set(sys.stdlib_module_names)):
        spec = importlib.util.find_spec(top)
        if spec is None or not (spec.origin or "").endswith(".py"):
            continue  # built into the runtime (math, zlib, array …)
        here = {f"{top}.py", f"{top}.pyc", f"{top}/__init__.py", f"{top}/__init__.pyc"}
        assert here & names, f"{top} is imported by the page but not in the site's python_stdlib.zip"


def test_the_lock_file_names_only_micropip(site: Path) -> None:
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["micropip"] and lock["info"]["arch"] == "wasm32"


def test_the_compressed_copies_decode_to_their_originals(site: Path) -> None:
    copies = sorted(p for p in site.rglob("*") if p.suffix in (".br", ".gz") and p.with_suffix("").exists())
    assert any(p.name == "pyodide.asm.wasm.br" for p in copies) and any(p.name == "index.html.gz" for p in copies)
    for copy in (p for p in copies if p.suffix == ".gz"):
        assert gzip.decompress(copy.read_bytes()) == copy.with_suffix("").read_bytes(), copy
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH to decode brotli with")
    brotli = [str(p) for p in copies if p.suffix == ".br"]
    check = (
        "const fs = require('fs'), zlib = require('zlib');"
        "const bad = process.argv.slice(1).filter((f) =>"
        " !zlib.brotliDecompressSync(fs.readFileSync(f)).equals(fs.readFileSync(f.slice(0, -3))));"
        "console.log(JSON.stringify(bad));"
    )
    result = subprocess.run([node, "-e", check, *brotli], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == []
    for copy in copies:  # dated as their originals: a server sends them while the original is unchanged
        assert copy.stat().st_mtime == copy.with_suffix("").stat().st_mtime, copy


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    (tmp_path / "index.html").write_text("<p>hi</p>" * 300)
    app = tmp_path / "app.js"
    app.write_text("console.log(1);\n" * 300)
    for suffix, data in ((".br", b"BROTLI"), (".gz", gzip.compress(app.read_bytes()))):
        copy = tmp_path / f"app.js{suffix}"
        copy.write_bytes(data)
        os.utime(copy, ns=(app.stat().st_atime_ns, app.stat().st_mtime_ns))
    server, url = serve.serve_in_thread(tmp_path)
    yield tmp_path, url
    server.shutdown()


def fetch(url: str, accept: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept, **headers})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, b""


def test_the_server_sends_a_precompressed_copy_when_the_request_accepts_it(served: tuple[Path, str]) -> None:
    folder, url = served
    status, headers, body = fetch(url + "app.js", "gzip, deflate, br, zstd")
    assert (status, headers["content-encoding"], body) == (200, "br", b"BROTLI")
    assert headers["content-type"].startswith("text/javascript") and headers["vary"] == "Accept-Encoding"
    assert headers["content-length"] == "6"
    status, headers, body = fetch(url + "app.js", "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == (folder / "app.js").read_bytes()
    for accept in ("", "identity", "br;q=0, gzip;q=0"):
        status, headers, body = fetch(url + "app.js", accept)
        assert "content-encoding" not in headers and body == (folder / "app.js").read_bytes(), accept
    status, headers, _ = fetch(url + "app.js", "br", **{"If-Modified-Since": headers["last-modified"]})
    assert status == 304
    status, headers, body = fetch(url, "br")  # the folder's index.html: no copy, sent as it is
    assert status == 200 and "content-encoding" not in headers and body.startswith(b"<p>hi")


def test_a_copy_older_than_its_file_is_not_sent(served: tuple[Path, str]) -> None:
    folder, url = served
    app = folder / "app.js"
    app.write_text("console.log(2);\n")  # edited after the build: its copies are stale
    status, headers, body = fetch(url + "app.js", "br, gzip")
    assert status == 200
    assert "content-encoding" not in headers and body == b"console.log(2);\n"


def test_site_files_are_written_uncompressed_and_reproducibly() -> None:
    entries = [("b.py", b"print(1)\n"), ("a/c.txt", b"x")]
    first, again = trim.stored_zip(entries), trim.stored_zip(entries)
    assert first == again
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert [i.filename for i in archive.infolist()] == ["b.py", "a/c.txt"]
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}
