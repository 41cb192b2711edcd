"""What the page's Python needs, and nothing else (standard library only; used by ``scripts/build_site.py``).

* :func:`page_modules`: the package's modules the page can import — every module reachable from ``npuzzle.api`` (the
  only module the worker calls) through its ``import`` statements, those inside functions included (those under
  ``if TYPE_CHECKING:`` left out: they never run), with the packages around them. The command line, the Dask
  cluster, the Gymnasium environments, datasets and the instance sets are not reachable, so the site's wheel
  leaves them out (:func:`page_data`: and the data files only they read).
* :func:`site_stdlib`: Pyodide's ``python_stdlib.zip`` with only the files the worker's Python imports or can
  import, those every boot imports compiled (``.pyc``: compiling their source was most of a boot's CPU time), written
  by ``scripts/stdlib.mjs`` in Node with Pyodide's own Python and cached in ``.cache/stdlib/``.
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
from pathlib import Path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
PAGE_ROOT = "npuzzle.api"
"""The module the worker imports and calls; the page's Python is what it reaches."""
STDLIB_SCRIPT = "scripts/stdlib.mjs"
KEPT = 8
"""Standard library zips kept in ``.cache/stdlib/`` (the newest)."""


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
    """The dotted module name of a wheel entry such as ``npuzzle/pdb/__init__.py`` (None: not a module)."""
    if not archive_name.endswith(".py"):
        return None
    parts = archive_name[: -len(".py")].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def page_data(files: Iterable[tuple[str, Path]], modules: set[str]) -> set[str]:
    """The package data files (archive names) the page reads: those whose file name a page module's source names
    (``grouptables.py`` names ``data/groups-5x5.bin``; the instance sets are named only by ``instances.py``)."""
    entries = list(files)
    sources = "\n".join(src.read_text() for arc, src in entries if module_name(arc) in modules)
    return {arc for arc, _ in entries if module_name(arc) is None and Path(arc).name in sources}


def site_stdlib(root: Path, runtime: Path, micropip: Path, wheel_name: str, wheel_bytes: bytes) -> bytes:
    """The site's standard library zip (see the module docstring), cached in ``.cache/stdlib/`` under a hash of the
    runtime, micropip, our wheel and the script; raises :class:`StdlibError` when Node is missing or the script
    fails (the site then ships Pyodide's whole zip)."""
    script = root / STDLIB_SCRIPT
    key = hashlib.sha256()
    for path in (runtime / "python_stdlib.zip", runtime / "pyodide.asm.wasm", script, micropip):
        key.update(f"{path.name}\0{hashlib.sha256(path.read_bytes()).hexdigest()}\n".encode())
    key.update(wheel_bytes)
    cache = root / ".cache" / "stdlib"
    target = cache / f"{key.hexdigest()[:16]}.zip"
    if target.exists():
        return target.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH")
    cache.mkdir(parents=True, exist_ok=True)
    staged = cache / wheel_name
    staged.write_bytes(wheel_bytes)
    partial = target.with_suffix(".partial")
    command = [node, str(script), "--pyodide", str(runtime), "--wheel", str(staged), "--package", str(micropip)]
    try:
        result = subprocess.run(
            [*command, "--import", PAGE_ROOT, "--out", str(partial)], capture_output=True, text=True
        )
    finally:
        staged.unlink()
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        last = (result.stderr.strip() or result.stdout.strip() or "no message").splitlines()[-1][:300]
        raise StdlibError(f"{STDLIB_SCRIPT} failed: {last}")
    partial.replace(target)
    for old in sorted(cache.glob("*.zip"), key=lambda p: p.stat().st_mtime, reverse=True)[KEPT:]:
        old.unlink()
    return target.read_bytes()


class StdlibError(Exception):
    """The site's standard library zip could not be made; the message says why."""


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
