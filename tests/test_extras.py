"""The optional extras stay optional: without gymnasium, numpy, numba and pyarrow (nor Dask) the package, its command
line and the page's api load and run, a Parquet file is refused naming the extra, and only the modules that need a
third party import it (gymnasium: ``npuzzle.env`` only; pyarrow, numpy and numba: inside the functions that use
them)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from test_layout import PACKAGE, module_name

BLOCKED = ("gymnasium", "numpy", "numba", "pyarrow", "dask", "distributed")

WITHOUT_THE_EXTRAS = f"""
import sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # `import name` now raises ImportError, as where it is not installed
import io, os, tempfile
import npuzzle, npuzzle.cli, npuzzle.api, npuzzle.interchange
import npuzzle.research.batch, npuzzle.research.dataset, npuzzle.research.datafiles
import npuzzle.research.labels, npuzzle.research.exhaustive, npuzzle.research.instances
from npuzzle.cli import main
os.chdir(tempfile.mkdtemp())
out, err = io.StringIO(), io.StringIO()
print(main(["dataset", "--shape", "2x3", "--count", "3", "--out", "d.jsonl"], out=out, err=err))
print(main(["dataset", "--shape", "2x3", "--count", "3", "--out", "d.parquet"], out=out, err=err))
print(main(["bench", "hardest8", "--json"], out=out, err=err))
print(err.getvalue().splitlines()[-1])
try:
    import npuzzle.env
except ImportError:
    print("env needs gymnasium")
print(sorted(m.split(".")[0] for m in sys.modules if m.split(".")[0] in {BLOCKED!r} and sys.modules[m] is not None))
"""


def test_the_package_cli_and_api_run_without_the_extras() -> None:
    shown = subprocess.run([sys.executable, "-c", WITHOUT_THE_EXTRAS], capture_output=True, text=True, check=True)
    lines = shown.stdout.splitlines()
    assert lines[0] == "0" and lines[1] == "2" and lines[2] == "0", shown.stderr
    assert "Parquet files need pyarrow" in shown.stdout and "pip install -e '.[parquet]'" in lines[3]
    assert lines[4:] == ["env needs gymnasium", "[]"]


def top_level_imports(path: Path) -> set[str]:
    """The third-party packages ``path`` imports at its top level (not inside a function, not for type checking)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


AT_THE_TOP = {
    "npuzzle.pdb.numpy_builder": {"numpy"},
    "npuzzle.pdb.multiset_numpy": {"numpy"},
    "npuzzle.pdb.multiset_numba": {"numpy", "numba"},
    "npuzzle.pdb.additive_numba": {"numpy", "numba"},
    "npuzzle.nearoptimal.beam_numba": {"numpy", "numba"},
    "npuzzle.pdb.mtm_numba": {"numpy", "numba"},
    "npuzzle.optimal.ida_numba": {"numpy", "numba"},
}
"""Modules besides ``npuzzle.env`` that import numpy or numba at their top: each imported only where it is used."""


def test_only_npuzzle_env_imports_gymnasium_at_its_top() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        third = top_level_imports(path) & {"gymnasium", "numpy", "numba", "pyarrow"}
        if module == "npuzzle.env" or module.startswith("npuzzle.env."):
            assert third <= {"gymnasium", "numpy"}, module
        elif module in AT_THE_TOP:
            assert third == AT_THE_TOP[module], module
        else:
            assert not third, f"{module} imports {sorted(third)} at its top: import it where it is used"
    assert "npuzzle.env" in {module_name(p) for p in PACKAGE.rglob("*.py")}
