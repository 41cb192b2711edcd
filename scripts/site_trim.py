"""What the page's Python needs, and nothing else (standard library only; used by ``scripts/build_site.py``).

* :func:`page_modules`: the package's modules the page can import — every module reachable from ``npuzzle.api`` (the
  only module the worker calls) through its ``import`` statements, those inside functions included (those under
  ``if TYPE_CHECKING:`` left out: they never run), with the packages around them. The command line, the Dask
  cluster, the Gymnasium environments, datasets and the instance sets are not reachable, so the site's wheel
  leaves them out (:func:`page_data`: and the data files only they read; the data in :data:`ON_DEMAND` is fetched
  beside the wheel when a request needs it).
* :func:`python_files`: Pyodide's ``python_stdlib.zip`` with only the files the worker's Python imports or can
  import, those every boot imports compiled (``.pyc``: compiling their source was most of a boot's CPU time), and
  the wheels (ours, micropip) compiled whole, written by ``scripts/python_files.mjs`` in Node with Pyodide's own
  Python and cached in ``.cache/python/``.
* :func:`trimmed_lock`: ``pyodide-lock.json`` with only the packages the worker loads.

The wheel and the zip are written uncompressed (``ZIP_STORED``): the host compresses each file whole (brotli,
gzip: ``scripts/site_compress.py``), which packs them across files far better than per-file deflate.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ON_DEMAND = frozenset({"npuzzle/data/groups-5x5.bin"})
"""Package data the site serves beside its wheel, not inside it: the worker fetches each file only when a request
needs it (``npuzzle.api.data_needed``), so a first visit does not download it (the 5×5 tables: 0.33 MB)."""
PAGE_ROOT = "npuzzle.api"
"""The module the worker imports and calls; the page's Python is what it reaches."""
PYTHON_FILES_SCRIPT = "scripts/python_files.mjs"
NODE_BOOT_MODULES = ("scripts/pyodide_script.mjs", "web/worker/wheel.js")
"""The modules the build's Node scripts that boot Pyodide import (this one's and ``scripts/snapshot.mjs``): part of
what each of their caches is keyed by, as the scripts are."""
KEPT = 8
"""Sets of Python files kept in ``.cache/python/`` (the newest)."""


def node_boot_modules(root: Path) -> list[Path]:
    """:data:`NODE_BOOT_MODULES` under ``root``."""
    return [root / name for name in NODE_BOOT_MODULES]


def _module_file(package_dir: Path, name: str) -> tuple[Path | None, bool]:
    """The source of module ``name`` under ``package_dir`` and whether it is a package (None: not ours)."""
    path = package_dir.joinpath(*name.split("."))
    if (path / "__init__.py").exists():
        return path / "__init__.py", True
    if path.with_suffix(".py").exists():
        return path.with_suffix(".py"), False
    return None, False


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(source: str, name: str, is_package: bool) -> set[str]:
    """Every module name an ``import`` in ``source`` (module ``name``) may load, anywhere in the module but under
    ``if TYPE_CHECKING:``; ``from a import b`` gives both ``a`` and ``a.b`` (b may be a submodule)."""
    found: set[str] = set()
    here = name.split(".") if is_package else name.split(".")[:-1]

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if _is_type_checking(node.test):
                for child in node.orelse:
                    self.visit(child)
            else:
                self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)

    Visitor().visit(ast.parse(source))
    return found


def page_modules(package_dir: Path, root: str = PAGE_ROOT) -> set[str]:
    """The dotted names of our modules the page can import (see the module docstring); ``package_dir`` holds the
    top-level package (``py/``)."""
    top = root.split(".")[0]
    seen: set[str] = set()
    todo = [root]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path, is_package = _module_file(package_dir, name)
        if path is None:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:depth]) for depth in range(1, len(parts)))
        todo.extend(n for n in imported_names(path.read_text(), name, is_package) if n.split(".")[0] == top)
    return seen


def module_name(archive_name: str) -> str | None:
    """The dotted module name of a wheel entry such as ``npuzzle/pdb/__init__.py`` or ``npuzzle/board.pyc`` (None:
    not a module)."""
    stem, dot, suffix = archive_name.rpartition(".")
    if not dot or suffix not in ("py", "pyc"):
        return None
    parts = stem.split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def page_data(files: Iterable[tuple[str, Path]], modules: set[str]) -> set[str]:
    """The package data files (archive names) the page reads: those whose file name a page module's source names
    (``grouptables.py`` names ``data/groups-5x5.bin``; the instance sets are named only by ``instances.py``)."""
    entries = list(files)
    sources = "\n".join(src.read_text() for arc, src in entries if module_name(arc) in modules)
    return {arc for arc, _ in entries if module_name(arc) is None and Path(arc).name in sources}


@dataclass(frozen=True)
class PythonFiles:
    """The site's Python files, from :func:`python_files`: the stdlib zip and the wheels by file name."""

    stdlib: bytes
    wheels: dict[str, bytes]


def python_files(root: Path, runtime: Path, wheels: list[tuple[str, bytes]]) -> PythonFiles:
    """The site's standard library zip and compiled wheels (see the module docstring) for ``wheels`` (file name,
    bytes: ours first, then micropip), cached in ``.cache/python/`` under a hash of the runtime, the wheels and the
    script with the modules it imports; raises :class:`PythonFilesError` when Node is missing or the script fails
    (the site then ships Pyodide's whole zip and the wheels as they are)."""
    script = root / PYTHON_FILES_SCRIPT
    key = hashlib.sha256()
    for path in (runtime / "python_stdlib.zip", runtime / "pyodide.asm.wasm", script, *node_boot_modules(root)):
        key.update(f"{path.name}\0{hashlib.sha256(path.read_bytes()).hexdigest()}\n".encode())
    for name, data in wheels:
        key.update(f"{name}\0{hashlib.sha256(data).hexdigest()}\n".encode())
    cache = root / ".cache" / "python"
    target = cache / key.hexdigest()[:16]
    if not (target / "python_stdlib.zip").exists():
        _make_python_files(root, runtime, wheels, target)
    target.touch()
    for old in sorted(cache.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)[KEPT:]:
        shutil.rmtree(old, ignore_errors=True)
    return PythonFiles((target / "python_stdlib.zip").read_bytes(), {n: (target / n).read_bytes() for n, _ in wheels})


def _make_python_files(root: Path, runtime: Path, wheels: list[tuple[str, bytes]], target: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise PythonFilesError("node is not on PATH")
    staging = target.with_name(target.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "in").mkdir(parents=True)
    for name, data in wheels:
        (staging / "in" / name).write_bytes(data)
    (ours, _), *packages = wheels
    command = [node, str(root / PYTHON_FILES_SCRIPT), "--pyodide", str(runtime), "--wheel", str(staging / "in" / ours)]
    for name, _ in packages:
        command += ["--package", str(staging / "in" / name)]
    command += ["--import", PAGE_ROOT, "--out", str(staging / "out")]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        last = (result.stderr.strip() or result.stdout.strip() or "no message").splitlines()[-1][:300]
        raise PythonFilesError(f"{PYTHON_FILES_SCRIPT} failed: {last}")
    shutil.rmtree(target, ignore_errors=True)
    (staging / "out").rename(target)
    shutil.rmtree(staging, ignore_errors=True)
    print(f"build: {result.stdout.strip()}", flush=True)


class PythonFilesError(Exception):
    """The site's Python files could not be made; the message says why."""


def stored_zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A reproducible zip of ``entries`` (archive name, bytes), uncompressed, in the order given."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def trimmed_lock(lock: dict[str, object], names: Iterable[str]) -> bytes:
    """``pyodide-lock.json`` with its ``info`` and only the packages ``names`` (119 kB → under 1 kB)."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    kept = {"info": lock["info"], "packages": {name: packages[name] for name in names}}
    return (json.dumps(kept, indent=1, sort_keys=True) + "\n").encode()
