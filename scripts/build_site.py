#!/usr/bin/env python3
"""Build the static site into ``site/`` (standard library only).

The site holds:

* the page (every file under ``web/``);
* the Pyodide runtime files from the npm package ``pyodide`` (``node_modules/pyodide``), in ``site/pyodide/``;
  with the standard library trimmed to what the worker's Python imports or can import and the lock file to the
  packages it loads (``scripts/site_trim.py``);
* the micropip wheel at the version ``pyodide-lock.json`` names, downloaded from PyPI with pip once and cached in
  ``.cache/wheels/`` (later builds are offline);
* our own wheel, built here from ``py/npuzzle`` and ``pyproject.toml`` (a pure-Python wheel needs no build
  backend) with only the modules and data the page can import (``site_trim.page_modules``), compiled (like
  micropip's) by Pyodide's Python, in a folder named by its content hash so browsers never reuse a stale copy;
* the 15-puzzle's pattern-database file (``15puzzle-7-7-7.pdb``, the 7/7-7 tables, about 25.3 MB), built by
  ``scripts/build_pdb.py`` into ``.cache/pdb/`` (numpy at build time only: minutes the first time, see
  ``docs/benchmarks.md``; then reused) and copied to ``site/pdb/<sha256 prefix>/`` so browsers never use a stale
  copy; beside it the multi-tile metric's database (``15puzzle-mtm-5-4-4-2.pdb``, 30.0 MB: :func:`mtm_database`,
  manifest entry ``"mtm"``);
* the package data the page reads only for some boards (``site_trim.ON_DEMAND``: the 5×5 tables), beside the wheel
  in ``site/data/<sha256 prefix>/``, fetched by the worker when a request needs it (precached for offline use);
* ``build.json``, the manifest the worker reads: the runtime's files, the wheels', the data's (``"data"``) and the
  snapshot's URLs, sizes (also as each precompressed copy is sent: ``"br"``, ``"gz"``) and sha256, the Pyodide
  version and the pattern database's URL, size, sha256 and the board shape it serves, read from its header
  (``"pdb"``); and the build's
  identity (``"build"``, a hash of every file) with the files the service worker caches for offline use
  (``"precache"``: all but the pattern databases and the memory snapshot, which the worker keeps itself);
* ``.br`` and ``.gz`` copies of every file that compresses (``scripts/site_compress.py``), which
  ``scripts/serve.py`` sends as a compressing static host does;
* ``sw.js``, the service worker, stamped with that identity (:func:`stamp_build`), so a browser that has the site
  cached sees a new build as a new worker and takes it whole.

Only files whose content changed are rewritten, and files left over from an earlier build are removed, so a
rebuild with nothing changed takes a fraction of a second. ``--install`` first runs ``npm install`` when
``node_modules/pyodide`` or a dev dependency (TypeScript) is missing or is not the version ``package.json`` pins,
and, when the pattern database must be built and this Python has no numpy, installs numpy into the project's
``.venv`` (created if missing; the system Python is left alone) and builds the tables with that interpreter.
``--no-pdb`` leaves the databases out.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Collection
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from site_compress import (  # run as a script (or by bench.browser.load_script): its folder is importable
    ENCODINGS,
    compress_site,
)
from site_trim import (
    ON_DEMAND,
    PythonFiles,
    PythonFilesError,
    module_name,
    node_boot_modules,
    page_data,
    page_modules,
    python_files,
    stored_zip,
    trimmed_lock,
)

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The runtime files a module worker needs (``pyodide.js``, maps, consoles and typings are left out)."""
LOCK_PACKAGES = ("micropip",)
"""Pyodide packages the worker loads by URL before it installs our wheel (micropip vendors its own packaging)."""
RUNTIME_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "pyodide.asm.mjs")
"""The runtime's files the worker loads at every boot (``pyodide.mjs`` comes with the worker's own modules)."""


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


@dataclass(frozen=True)
class Project:
    """What the wheel needs from ``pyproject.toml``."""

    name: str
    version: str
    summary: str
    requires_python: str
    package_dir: Path
    package_data: dict[str, list[str]]


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"build: {message}", flush=True)


def read_project(root: Path) -> Project:
    """Read the project's name, version and package layout from ``pyproject.toml``."""
    with open(root / "pyproject.toml", "rb") as f:
        data = tomllib.load(f)
    project = data["project"]
    setuptools = data.get("tool", {}).get("setuptools", {})
    package_dir = setuptools.get("package-dir", {}).get("", ".")
    return Project(
        name=project["name"],
        version=project["version"],
        summary=project.get("description", ""),
        requires_python=project.get("requires-python", ""),
        package_dir=root / package_dir,
        package_data=setuptools.get("package-data", {}),
    )


def pinned_pyodide_version(root: Path) -> str:
    """The exact ``pyodide`` version pinned in ``package.json``."""
    package = json.loads((root / "package.json").read_text())
    return str(package["dependencies"]["pyodide"])


def installed_pyodide_version(root: Path) -> str | None:
    """The version of ``node_modules/pyodide``, or None when it is not installed."""
    path = root / "node_modules" / "pyodide" / "package.json"
    if not path.exists():
        return None
    return str(json.loads(path.read_text())["version"])


def installed_dev_versions_match(root: Path) -> bool:
    """True when every ``devDependencies`` package (TypeScript for the page's type check) is installed at the
    exact version ``package.json`` pins."""
    wanted = json.loads((root / "package.json").read_text()).get("devDependencies", {})
    for name, version in wanted.items():
        path = root / "node_modules" / name / "package.json"
        if not path.exists() or json.loads(path.read_text()).get("version") != version:
            return False
    return True


def npm_install(root: Path) -> None:
    """Run ``npm install`` when the pinned Pyodide or a pinned dev dependency (TypeScript) is not what
    ``node_modules`` holds (``npm ci`` installs devDependencies too)."""
    pinned = pinned_pyodide_version(root)
    if installed_pyodide_version(root) == pinned and installed_dev_versions_match(root):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not on PATH: install Node.js (20 or later) and npm, then run the build again")
    log(f"npm install (pyodide {pinned})")
    command = [npm, "ci"] if (root / "package-lock.json").exists() else [npm, "install"]
    subprocess.run([*command, "--no-audit", "--no-fund"], cwd=root, check=True)


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it already holds exactly that; True when written."""
    if path.exists() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def copy_if_changed(src: Path, dst: Path) -> bool:
    """Copy ``src`` to ``dst`` unless ``dst`` has the same size and modification time; True when copied."""
    s = src.stat()
    if dst.exists():
        d = dst.stat()
        if d.st_size == s.st_size and int(d.st_mtime) == int(s.st_mtime):
            return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return True


def sha256_file(path: Path) -> str:
    """The hex sha256 of a file."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def has_pip(python: str) -> bool:
    """True when ``python`` can run pip."""
    return subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode == 0


def pip_python(root: Path) -> str:
    """A Python that has pip: this one, else the project's ``.venv`` (created here when missing)."""
    if has_pip(sys.executable):
        return sys.executable
    venv_python = root / ".venv" / "bin" / "python"
    if not venv_python.exists():
        log("this Python has no pip: creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(root / ".venv")], check=True)
    if not has_pip(str(venv_python)):
        raise BuildError("no pip: install pip for this Python (Debian: apt-get install python3-pip python3-venv)")
    return str(venv_python)


def lock_wheels(root: Path, cache: Path) -> list[tuple[str, str, Path]]:
    """The wheels of :data:`LOCK_PACKAGES` named by ``pyodide-lock.json``: (name, version, cached path).

    Missing wheels are downloaded from PyPI with pip into ``cache`` (pip checks PyPI's hashes; the lock file's
    sha256 values are those of Pyodide's own rebuilds of these wheels, so they cannot be compared).
    """
    lock = json.loads((root / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    wanted = [lock["packages"][name] for name in LOCK_PACKAGES]
    cache.mkdir(parents=True, exist_ok=True)
    missing = [p for p in wanted if not (cache / p["file_name"]).exists()]
    if missing:
        specs = [f"{p['name']}=={p['version']}" for p in missing]
        log(f"pip download {' '.join(specs)}")
        python_version = ".".join(lock["info"]["python"].split(".")[:2])
        command = [
            pip_python(root),
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            python_version,
            "--disable-pip-version-check",
            "-q",
            "-d",
            str(cache),
            *specs,
        ]
        if subprocess.run(command).returncode != 0:
            raise BuildError(f"pip could not download {', '.join(specs)} from PyPI (is the network reachable?)")
    found = []
    for p in wanted:
        path = cache / p["file_name"]
        if not path.exists():
            raise BuildError(f"pip did not produce {p['file_name']}")
        found.append((str(p["name"]), str(p["version"]), path))
    return found


PDB_PARTITION = "7-7-7"
"""The pattern database the site ships, by its ``scripts/build_pdb.py`` name (7/7-7: the 7-7-1 tables plus an
alternative bottom table)."""


def _has_numpy(python: str) -> bool:
    return subprocess.run([python, "-c", "import numpy"], capture_output=True).returncode == 0


def _pdb_sources_digest(root: Path) -> str:
    return hashlib.sha256(
        b"".join(
            (root / name).read_bytes()
            for name in (
                "py/npuzzle/pdb/build.py",
                "py/npuzzle/pdb/numpy_builder.py",
                "py/npuzzle/pdb/database.py",
            )
            if (root / name).exists()
        )
    ).hexdigest()


def tree_python_env(root: Path) -> dict[str, str]:
    """The environment of a child Python that imports npuzzle from this tree's ``py/``, whether or not the
    interpreter has the package installed."""
    path_entries = [str(root / "py"), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path_entries if p)}


def pattern_database_is_fresh(root: Path) -> bool:
    """Whether ``.cache/pdb/`` holds the shipped pattern database, stamped as built (or checked) by the current
    builder sources, so that :func:`pattern_database` returns it at once."""
    path = root / ".cache" / "pdb" / f"15puzzle-{PDB_PARTITION}.pdb"
    stamp = path.with_name(path.name + ".sha256")
    return (
        path.exists() and stamp.exists() and stamp.read_text().split() == [sha256_file(path), _pdb_sources_digest(root)]
    )


def pattern_database(root: Path, install: bool) -> Path:
    """The shipped pattern-database file in ``.cache/pdb/``, built there first when missing.

    A file is reused at once when the stamp written after its last successful build or check names its sha256 and
    the current sources of the builder (``py/npuzzle/pdb/build.py``, ``numpy_builder.py``, ``database.py``: a
    changed partition or format); otherwise ``scripts/build_pdb.py`` validates it,
    rebuilding when it is stale (or builds it, printing each table's time). Building needs
    numpy: this Python's if it has it, else the project's ``.venv`` (with ``install``, created and given numpy
    here). Raises :class:`BuildError` when no Python with numpy is available.
    """
    cache = root / ".cache" / "pdb"
    path = cache / f"15puzzle-{PDB_PARTITION}.pdb"
    stamp = path.with_name(path.name + ".sha256")
    sources = _pdb_sources_digest(root)
    if pattern_database_is_fresh(root):
        return path
    script = root / "scripts" / "build_pdb.py"
    if path.exists():
        log(f"checking {path.relative_to(root)}")
        python = sys.executable
    elif _has_numpy(sys.executable):
        python = sys.executable
    else:
        venv_python = root / ".venv" / "bin" / "python"
        if not (venv_python.exists() and _has_numpy(str(venv_python))):
            if not install:
                raise BuildError(
                    "building the pattern database needs numpy: pip install numpy, or run the build "
                    "with --install (it installs numpy into .venv), or pass --no-pdb"
                )
            if not venv_python.exists():
                log("creating .venv for the pattern-database build")
                subprocess.run([sys.executable, "-m", "venv", str(root / ".venv")], check=True)
            log("pip install numpy into .venv (build time only)")
            if (
                subprocess.run(
                    [str(venv_python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "numpy"]
                ).returncode
                != 0
            ):
                raise BuildError("pip could not install numpy into .venv (is PyPI reachable?)")
        python = str(venv_python)
    if not path.exists():
        log(
            f"building the {PDB_PARTITION} pattern database into {cache.relative_to(root)} with numpy, the first "
            "time only: minutes, depending on the machine (it says the work and the memory it expects, then the time "
            "left as it goes; a build already under way there is waited for)"
        )
    started = time.perf_counter()
    command = [python, str(script), "--out", str(cache), "--partition", PDB_PARTITION]
    if subprocess.run(command, env=tree_python_env(root)).returncode != 0:
        raise BuildError("scripts/build_pdb.py failed (see its message above)")
    if not path.exists():
        raise BuildError(f"scripts/build_pdb.py did not produce {path}")
    stamp.write_text(f"{sha256_file(path)} {sources}\n")
    log(
        f"pattern database ready: {path.relative_to(root)} ({path.stat().st_size:,} bytes, "
        f"{time.perf_counter() - started:.1f} s)"
    )
    return path


def package_files(project: Project) -> list[tuple[str, Path]]:
    """The files of the wheel as (archive name, source path): every module of every package (a folder with
    ``__init__.py``) plus the package data that ``[tool.setuptools.package-data]`` names, its patterns read as
    setuptools reads them (relative to the package folder, e.g. ``"data/*.bin"``)."""
    files: list[tuple[str, Path]] = []
    base = project.package_dir
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(base)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        if path.suffix == ".py":
            if (path.parent / "__init__.py").exists():
                files.append((rel.as_posix(), path))
            continue
        for depth in range(len(rel.parts) - 1, 0, -1):  # the nearest enclosing package first
            package_dir = base.joinpath(*rel.parts[:depth])
            if not (package_dir / "__init__.py").exists():
                continue
            package = ".".join(rel.parts[:depth])
            inside = "/".join(rel.parts[depth:])
            patterns = project.package_data.get(package, []) + project.package_data.get("*", [])
            if any(fnmatch(inside, pattern) for pattern in patterns):
                files.append((rel.as_posix(), path))
                break
    return files


def page_files(project: Project) -> list[tuple[str, Path]]:
    """The files of the site's wheel: of :func:`package_files`, the modules the page can import and the data they
    read (``site_trim``) but the data fetched on demand (:func:`on_demand_files`)."""
    files = package_files(project)
    modules = page_modules(project.package_dir)
    data = page_data(files, modules) - ON_DEMAND
    return [(arc, src) for arc, src in files if module_name(arc) in modules or arc in data]


def on_demand_files(project: Project) -> list[tuple[str, Path]]:
    """The package data the site serves beside its wheel (``site_trim.ON_DEMAND``), as (archive name, source)."""
    return [(arc, src) for arc, src in package_files(project) if arc in ON_DEMAND]


def build_wheel(project: Project) -> tuple[str, bytes]:
    """The site's pure-Python wheel (:func:`page_files`), byte-for-byte reproducible from the sources, uncompressed
    (the host compresses it whole): (file name, bytes)."""
    name = project.name.replace("-", "_")
    dist_info = f"{name}-{project.version}.dist-info"
    metadata = (
        f"Metadata-Version: 2.1\nName: {project.name}\nVersion: {project.version}\n"
        f"Summary: {project.summary}\nRequires-Python: {project.requires_python}\n"
    )
    wheel_meta = "Wheel-Version: 1.0\nGenerator: npuzzle-build-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries: list[tuple[str, bytes]] = [(arc, src.read_bytes()) for arc, src in page_files(project)]
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_meta.encode()))
    record_lines = []
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arc},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    return f"{name}-{project.version}-py3-none-any.whl", stored_zip(entries)


def site_python(root: Path, runtime: Path, wheels: list[tuple[str, bytes]]) -> PythonFiles:
    """The site's stdlib zip and compiled wheels (``site_trim.python_files``: trimmed to what the worker's Python
    imports or can import, compiled where a boot imports it); Pyodide's whole zip and the wheels as they are, with a
    message, when they cannot be made."""
    try:
        return python_files(root, runtime, wheels)  # type: ignore[no-any-return]
    except PythonFilesError as exc:
        log(f"the whole standard library zip and uncompiled wheels ({exc})")
        return PythonFiles((runtime / "python_stdlib.zip").read_bytes(), dict(wheels))


def transfer_sizes(path: Path) -> dict[str, int]:
    """``path``'s size, and its precompressed copies' (``br``, ``gz``: what a compressing host sends)."""
    sizes = {"size": path.stat().st_size}
    for _, suffix in ENCODINGS:
        copy = path.with_name(path.name + suffix)
        if copy.exists():
            sizes[suffix[1:]] = copy.stat().st_size
    return sizes


SNAPSHOT_SCRIPT = "scripts/snapshot.mjs"
SNAPSHOT_IMPORTS = ("npuzzle.api",)
"""What the memory snapshot has imported: the module the worker calls (it imports every module the page uses)."""
SNAPSHOTS_KEPT = 8


def memory_snapshot(
    root: Path, lock: list[tuple[str, str, Path]], wheel_name: str, wheel_bytes: bytes, stdlib: Path
) -> Path | None:
    """The Pyodide memory snapshot of the runtime (with the site's standard library zip ``stdlib``: the restored
    heap remembers the zip's table of contents) with our wheel installed by micropip and ``npuzzle.api`` imported
    (gzipped), made by ``scripts/snapshot.mjs`` in Node and cached in ``.cache/snapshot/`` under a hash of
    everything it is made from (the runtime, the zip, the lock wheels, our wheel, the script and the modules it
    imports); None, with a message,
    when Node is missing or the snapshot cannot be made or restored: the site then boots Python the normal way."""
    runtime = root / "node_modules" / "pyodide"
    script = root / SNAPSHOT_SCRIPT
    key = hashlib.sha256()
    made_by = [script, *node_boot_modules(root)]
    for path in [runtime / "pyodide.asm.wasm", runtime / "pyodide.asm.mjs", stdlib, *made_by, *(p for _, _, p in lock)]:
        key.update(f"{path.name}\0{sha256_file(path)}\n".encode())
    key.update(wheel_bytes + "\0".join(SNAPSHOT_IMPORTS).encode())
    cache = root / ".cache" / "snapshot"
    target = cache / f"{key.hexdigest()[:16]}.snapshot.gz"
    if target.exists():
        return target
    node = shutil.which("node")
    if node is None:
        log("no memory snapshot: node is not on PATH (the page boots Python the normal way)")
        return None
    # this build's own staging names: two builds at once (the tests' workers) each make it, the last rename wins
    staging = cache / f"staging-{os.getpid()}"
    staging.mkdir(parents=True, exist_ok=True)
    staged = staging / wheel_name
    partial = staging / "snapshot.partial"
    staged.write_bytes(wheel_bytes)
    command = [node, str(script), "--pyodide", str(runtime), "--stdlib", str(stdlib), "--wheel", str(staged)]
    command += ["--out", str(partial)]
    for _, _, path in lock:
        command += ["--package", str(path)]
    for module in SNAPSHOT_IMPORTS:
        command += ["--import", module]
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    finally:
        staged.unlink()
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        staging.rmdir()
        last = (result.stderr.strip() or result.stdout.strip() or "no message").splitlines()[-1][:300]
        log(f"no memory snapshot ({SNAPSHOT_SCRIPT} failed: {last}); the page boots Python the normal way")
        return None
    partial.replace(target)
    staging.rmdir()
    log(result.stdout.strip())
    for old in sorted(cache.glob("*.snapshot.gz"), key=lambda p: p.stat().st_mtime, reverse=True)[SNAPSHOTS_KEPT:]:
        old.unlink(missing_ok=True)
    return target


MTM_FILE = "15puzzle-mtm-5-4-4-2.pdb"
"""The multi-tile metric's database (``npuzzle pdb build --metric mtm``; docs/speedsolving.md), shipped beside the
pattern database for optimal 4×4 solving and analysis in line moves."""


def numpy_python(root: Path) -> str | None:
    """This Python when it has numpy, else the project's ``.venv`` one when it has; ``None`` when neither has."""
    venv_python = root / ".venv" / "bin" / "python"
    pythons = [sys.executable] + ([str(venv_python)] if venv_python.exists() else [])
    return next((candidate for candidate in pythons if _has_numpy(candidate)), None)


def mtm_database(root: Path) -> Path | None:
    """The multi-tile metric's database in ``.cache/pdb/``, built there first (seconds with numba, minutes with numpy
    alone) unless a file stamped with its sha256 and the builders' sources is there; ``None`` (said) when no Python
    with numpy is at hand (the pattern database's build brings numpy into ``.venv`` first)."""
    path = root / ".cache" / "pdb" / MTM_FILE
    stamp = path.with_name(path.name + ".sha256")
    builders = ("multiset.py", "multiset_numpy.py", "multiset_numba.py")
    sources = hashlib.sha256(b"".join((root / "py/npuzzle/pdb" / name).read_bytes() for name in builders)).hexdigest()
    if path.exists() and stamp.exists() and stamp.read_text().split() == [sha256_file(path), sources]:
        return path
    python = numpy_python(root)
    if python is None:
        log(f"no Python with numpy: {MTM_FILE} is left out (npuzzle pdb build --metric mtm builds it)")
        return None
    log(
        f"building {MTM_FILE} into {path.parent.relative_to(root)}, the first time only (its lines begin with npuzzle:)"
    )
    command = [python, "-m", "npuzzle", "pdb", "build", "--metric", "mtm", "--out", str(path.parent)]
    if (
        subprocess.run(command, env=tree_python_env(root), stdout=subprocess.DEVNULL).returncode != 0
        or not path.exists()
    ):
        raise BuildError("npuzzle pdb build --metric mtm failed (see its message above)")
    stamp.write_text(f"{sha256_file(path)} {sources}\n")
    return path


def database_shape(root: Path, path: Path, digest: str, previous: Path) -> tuple[int, int]:
    """The board shape (rows, cols) the pattern-database file ``path`` serves, as its header says: read by this
    tree's ``npuzzle.pdb.check_file`` in a child Python (the build imports nothing of the package it ships), or
    taken from the ``previous`` manifest when that names the same file (``digest``, its sha256)."""
    try:
        before = json.loads(previous.read_text()).get("pdb") or {}
    except (OSError, ValueError, AttributeError):
        before = {}
    rows, cols = before.get("rows"), before.get("cols")
    if before.get("sha256") == digest and isinstance(rows, int) and isinstance(cols, int):
        return rows, cols
    code = "import sys; from npuzzle.pdb import check_file; h = check_file(sys.argv[1]); print(h.rows, h.cols)"
    command = [sys.executable, "-c", code, str(path)]
    done = subprocess.run(command, env=tree_python_env(root), capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"cannot read the shape of {path}: {done.stderr.strip()}")
    read_rows, read_cols = (int(side) for side in done.stdout.split())
    return read_rows, read_cols


def build(root: Path, out: Path, install: bool, pdb: bool = True, snapshot: bool = True) -> dict[str, object]:
    """Build the site into ``out`` and return the manifest written to ``out/build.json``. The line-move database
    builds beside the rest (minutes the first time; the pattern database's compression keeps only one core busy)
    when a Python with numpy is at hand from the start; else after the pattern database's build brought numpy."""
    with ThreadPoolExecutor(max_workers=1) as builder:
        lines_build = builder.submit(mtm_database, root) if pdb and numpy_python(root) else None
        return build_with(root, out, install, lines_build, pdb, snapshot)


def build_with(
    root: Path, out: Path, install: bool, lines_build: Future[Path | None] | None, pdb: bool, snapshot: bool
) -> dict[str, object]:
    """:func:`build`, the line-move database coming from ``lines_build`` when it is under way."""
    started = time.perf_counter()
    if install:
        npm_install(root)
    pinned = pinned_pyodide_version(root)
    installed = installed_pyodide_version(root)
    if installed != pinned:
        have = f"version {installed}" if installed else "nothing"
        raise BuildError(f"package.json pins pyodide {pinned} but node_modules holds {have}: run npm install")
    project = read_project(root)
    keep: set[Path] = set()
    changed = 0

    web = root / "web"
    for src in sorted(web.rglob("*")):
        if src.is_file() and src.name != SERVICE_WORKER:  # written stamped by stamp_build
            dst = out / src.relative_to(web)
            changed += copy_if_changed(src, dst)
            keep.add(dst)
    runtime = root / "node_modules" / "pyodide"
    for name in PYODIDE_FILES:
        if name not in ("python_stdlib.zip", "pyodide-lock.json"):  # written trimmed below
            dst = out / "pyodide" / name
            changed += copy_if_changed(runtime / name, dst)
            keep.add(dst)

    lock = lock_wheels(root, root / ".cache" / "wheels")
    lock_path = out / "pyodide" / "pyodide-lock.json"
    full_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    changed += write_if_changed(lock_path, trimmed_lock(full_lock, LOCK_PACKAGES))
    keep.add(lock_path)

    source_name, source_bytes = build_wheel(project)
    python = site_python(root, runtime, [(source_name, source_bytes)] + [(p.name, p.read_bytes()) for _, _, p in lock])
    packages = []
    for pkg_name, version, cached in lock:
        dst = out / "pyodide" / cached.name
        data = python.wheels[cached.name]
        changed += write_if_changed(dst, data)
        keep.add(dst)
        sha = hashlib.sha256(data).hexdigest()
        packages.append({"name": pkg_name, "version": version, "url": f"pyodide/{cached.name}", "sha256": sha})
    wheel_name, wheel_bytes = source_name, python.wheels[source_name]
    digest = hashlib.sha256(wheel_bytes).hexdigest()
    wheel_path = out / "wheels" / digest[:16] / wheel_name
    changed += write_if_changed(wheel_path, wheel_bytes)
    keep.add(wheel_path)
    stdlib_path = out / "pyodide" / "python_stdlib.zip"
    changed += write_if_changed(stdlib_path, python.stdlib)
    keep.add(stdlib_path)

    manifest: dict[str, object] = {
        "pyodide": pinned,
        "packages": packages,
        "wheel": {
            "name": project.name,
            "version": project.version,
            "url": wheel_path.relative_to(out).as_posix(),
            "sha256": digest,
        },
    }
    data_files: dict[str, dict[str, object]] = {}
    for arc, src in on_demand_files(project):
        data_digest = sha256_file(src)
        data_path = out / "data" / data_digest[:16] / src.name
        changed += copy_if_changed(src, data_path)
        keep.add(data_path)
        data_files[arc] = {"url": data_path.relative_to(out).as_posix(), "sha256": data_digest}
    manifest["data"] = data_files
    made = memory_snapshot(root, lock, wheel_name, wheel_bytes, stdlib_path) if snapshot else None
    if made is not None:
        snapshot_digest = sha256_file(made)
        snapshot_path = out / "snapshot" / snapshot_digest[:16] / "npuzzle.snapshot.gz"
        changed += copy_if_changed(made, snapshot_path)
        keep.add(snapshot_path)
        manifest["snapshot"] = {
            "url": snapshot_path.relative_to(out).as_posix(),
            "size": made.stat().st_size,
            "sha256": snapshot_digest,
            "wheel": digest,
        }
    if pdb:
        source = pattern_database(root, install)
        pdb_digest = sha256_file(source)
        pdb_path = out / "pdb" / pdb_digest[:16] / source.name
        changed += copy_if_changed(source, pdb_path)
        keep.add(pdb_path)
        rows, cols = database_shape(root, source, pdb_digest, out / "build.json")
        manifest["pdb"] = {
            "name": PDB_PARTITION,
            "rows": rows,
            "cols": cols,
            "url": pdb_path.relative_to(out).as_posix(),
            "size": source.stat().st_size,
            "sha256": pdb_digest,
        }
        lines = lines_build.result() if lines_build else mtm_database(root)
        if lines is not None:
            lines_digest = sha256_file(lines)
            lines_path = out / "pdb" / lines_digest[:16] / lines.name
            changed += copy_if_changed(lines, lines_path)
            keep.add(lines_path)
            manifest["mtm"] = {
                "name": "mtm-5-4-4-2",
                "rows": 4,
                "cols": 4,
                "url": lines_path.relative_to(out).as_posix(),
                "size": lines.stat().st_size,
                "sha256": lines_digest,
            }
    keep |= compress_site(root, sorted(keep), log)
    manifest["runtime"] = [
        {"url": f"pyodide/{name}", **transfer_sizes(out / "pyodide" / name)} for name in RUNTIME_FILES
    ]
    for entry in [*packages, manifest["wheel"], *data_files.values()]:
        assert isinstance(entry, dict)
        entry.update(transfer_sizes(out / entry["url"]))
    keep.update((out / "build.json", out / SERVICE_WORKER))
    stale = {path for path in out.rglob("*") if path.is_file() and path not in keep}
    changed += stamp_build(out, manifest, web / SERVICE_WORKER, skip=stale)
    keep |= compress_site(root, [out / "build.json", out / SERVICE_WORKER], log)

    removed = 0
    for path in sorted(out.rglob("*"), reverse=True):
        if path.is_file() and path not in keep:
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    elapsed = time.perf_counter() - started
    log(
        f"{out.relative_to(root) if out.is_relative_to(root) else out}: {changed} file(s) written, "
        f"{removed} removed, {len(keep)} in all ({elapsed:.2f} s)"
    )
    return manifest


SERVICE_WORKER = "sw.js"
BUILD_PLACEHOLDER = '"__BUILD__"'
PREFIX_PLACEHOLDER = '"__SITE_CACHE_PREFIX__"'
CACHES_MODULE = Path("worker", "caches.js")
"""The module that names the page's caches (beside ``sw.js``): its ``SITE_CACHE_PREFIX`` is stamped into ``sw.js``."""
UNCACHED = ("pdb", "snapshot")
"""Folders the service worker does not precache: the worker keeps the pattern database and the memory snapshot
itself, when the device's rule allows (worker/downloads.js)."""
COPY_SUFFIXES = tuple(suffix for _, suffix in ENCODINGS)


def site_cache_prefix(caches_module: Path) -> str:
    """The site cache's prefix, as ``caches_module`` (``web/worker/caches.js``) exports it: the one place it is
    written (the service worker, a classic script, cannot import it)."""
    found = re.findall(r'^export const SITE_CACHE_PREFIX = "([^"]+)";', caches_module.read_text(), re.M)
    if len(found) != 1:
        raise BuildError(f"{caches_module} must export SITE_CACHE_PREFIX once, as a string literal")
    return found[0]


def stamp_build(out: Path, manifest: dict[str, object], service_worker: Path, skip: Collection[Path] = ()) -> int:
    """Write the site's ``build.json`` (``manifest`` plus the build's identity) and ``sw.js``; return how many of
    the two changed.

    The identity is a hash of the manifest, the service worker's source and every file's path and content under
    ``out`` but ``skip``'s, the precompressed copies and the :data:`UNCACHED` folders' (the manifest names those
    files by their sha256). It goes
    into ``build.json`` (``"build"``, and ``"precache"``: the files the service worker caches) and into ``sw.js``
    (``service_worker`` with its ``"__BUILD__"`` replaced, and its ``"__SITE_CACHE_PREFIX__"`` by
    :func:`site_cache_prefix`), so any change to the site is a new worker that caches
    the new build whole.
    """
    manifest = {key: value for key, value in manifest.items() if key not in ("build", "precache")}
    manifest_path = out / "build.json"
    files = sorted(
        path
        for path in out.rglob("*")
        if path.is_file()
        and path not in skip
        and path.name != SERVICE_WORKER
        and path != manifest_path
        and path.relative_to(out).parts[0] not in UNCACHED
        and path.suffix not in COPY_SUFFIXES
    )
    source = service_worker.read_text()
    digest = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode() + source.encode())
    for path in files:
        digest.update(f"{path.relative_to(out).as_posix()}\0{sha256_file(path)}\n".encode())
    build_id = digest.hexdigest()[:16]
    manifest["build"] = build_id
    manifest["precache"] = ["./"] + [path.relative_to(out).as_posix() for path in files] + ["build.json"]
    if source.count(BUILD_PLACEHOLDER) != 1 or source.count(PREFIX_PLACEHOLDER) != 1:
        raise BuildError(
            f"{service_worker} must hold {BUILD_PLACEHOLDER} and {PREFIX_PLACEHOLDER} once each, where the build's "
            "identity and its cache's prefix go"
        )
    worker = source.replace(BUILD_PLACEHOLDER, json.dumps(build_id))
    worker = worker.replace(PREFIX_PLACEHOLDER, json.dumps(site_cache_prefix(service_worker.parent / CACHES_MODULE)))
    written = write_if_changed(manifest_path, (json.dumps(manifest, indent=2) + "\n").encode())
    return written + write_if_changed(out / SERVICE_WORKER, worker.encode())


SWITCHES = {
    "--install": "run npm install first when node_modules/pyodide or typescript is missing or not the pinned version",
    "--no-pdb": "leave the pattern database out (the page then solves 4×4 boards without it)",
    "--no-snapshot": "leave the Pyodide memory snapshot out (the page then installs and imports npuzzle at each visit)",
}
"""The command line's on/off switches and what each does."""


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python scripts/build_site.py [--install] [--out DIR]``."""
    parser = argparse.ArgumentParser(description="Build the static npuzzle site (page, Pyodide, wheels).")
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    for switch, says in SWITCHES.items():
        parser.add_argument(switch, action="store_true", help=says)
    args = parser.parse_args(argv)
    try:
        build(ROOT, args.out.resolve(), args.install, pdb=not args.no_pdb, snapshot=not args.no_snapshot)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
