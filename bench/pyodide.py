"""Run a benchmark subcommand inside Pyodide under Node: the engine the page uses, without the browser.

The runner loads Pyodide from ``node_modules/pyodide``, mounts the repository at its own path (so absolute paths
in the options work alike on both sides) with ``py/`` and the repository on ``PYTHONPATH``, and runs
``python -m bench <subcommand> <options>`` there.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .browser import ROOT

RUNNER = """\
import {{ loadPyodide }} from {module};
const root = {root};
const py = await loadPyodide({{ indexURL: {index}, env: {{ PYTHONPATH: {path} }} }});
py.FS.mkdirTree(root);
py.FS.mount(py.FS.filesystems.NODEFS, {{ root }}, root);
py.globals.set("bench_argv", {argv});
await py.runPythonAsync(`
import importlib, runpy, sys
importlib.invalidate_caches()  # the folders on PYTHONPATH were mounted after Python started
sys.argv = ["bench", *bench_argv]
try:
    runpy.run_module("bench", run_name="__main__", alter_sys=True)
except SystemExit as exit:
    if exit.code:
        raise
`);
"""


def add_pyodide_option(parser: argparse.ArgumentParser) -> None:
    """The ``--pyodide`` option of a subcommand that can run inside Pyodide (see :func:`rerun_in_pyodide`)."""
    parser.add_argument(
        "--pyodide", action="store_true", help="run inside Pyodide under Node (the interpreter the page uses)"
    )


def rerun_in_pyodide(subcommand: str, argv: list[str]) -> int:
    """Run ``python -m bench <subcommand>`` with ``argv`` less ``--pyodide`` inside Pyodide; its exit status."""
    return run_in_pyodide([subcommand, *(a for a in argv if a != "--pyodide")])


def run_in_pyodide(argv: list[str]) -> int:
    """Run ``python -m bench`` with ``argv`` (a subcommand and its options) inside Pyodide under Node; its exit
    status (2 when node or ``node_modules/pyodide`` is missing)."""
    node = shutil.which("node")
    package = ROOT / "node_modules" / "pyodide"
    if node is None or not (package / "pyodide.mjs").exists():
        print("--pyodide needs node and node_modules/pyodide (run npm install)", file=sys.stderr)
        return 2
    code = RUNNER.format(
        module=json.dumps((package / "pyodide.mjs").as_uri()),
        root=json.dumps(str(ROOT)),
        index=json.dumps(str(package) + os.sep),
        path=json.dumps(f"{ROOT / 'py'}:{ROOT}"),
        argv=json.dumps(argv),
    )
    with tempfile.TemporaryDirectory() as folder:
        runner = Path(folder) / "run.mjs"
        runner.write_text(code)
        return subprocess.call([node, str(runner)])
