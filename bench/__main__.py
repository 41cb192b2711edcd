"""``python -m bench <subcommand> [options]``: run one benchmark, or take the README's screenshot."""

from __future__ import annotations

import ast
import importlib
import sys
import time
from pathlib import Path

COMMANDS = {
    "check": "check",
    "cluster": "cluster",
    "dataset": "dataset",
    "search": "search",
    "observer": "observer",
    "korf": "korf",
    "korf-page": "korf_page",
    "korf-page-ab": "korf_page_ab",
    "native": "native",
    "big": "big",
    "big-page": "big_page",
    "near": "near",
    "beams": "beams",
    "page": "page",
    "start": "start",
    "startup": "startup",
    "solve-page": "solve_page",
    "tables-page": "tables_page",
    "memory-page": "memory_page",
    "partitions": "partitions",
    "pdb-max": "pdb_max",
    "dual": "dual",
    "ordering": "ordering",
    "speedsolving": "speedsolving",
    "screenshot": "screenshot",
    "screens": "screens",
    "panels": "panels",
    "fuzz": "fuzz",
    "lab": "lab",
}
"""Subcommand → module of :mod:`bench` (each has ``main(argv) -> int``)."""

TIMED = {"korf-page", "korf-page-ab", "big-page", "solve-page", "start"}
"""Subcommands that end by printing how long the whole run took (they build the site and boot the page)."""


def summary(module: str) -> str:
    """The first line of a subcommand module's docstring, read without importing it (the page benchmarks need
    Playwright, which ``--help`` should not)."""
    path = Path(__file__).with_name(f"{module}.py")
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return doc.split("\n")[0]


def usage() -> str:
    """The top-level help: how to call, and every subcommand with its first docstring line."""
    width = max(map(len, COMMANDS))
    lines = [f"  {name:<{width}}  {summary(module)}" for name, module in COMMANDS.items()]
    return (
        "usage: python -m bench <subcommand> [options]   (python -m bench <subcommand> --help for its options)\n"
        "\nRun from the repository root. Subcommands:\n" + "\n".join(lines)
    )


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the subcommand named by the first argument."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(usage(), file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"{usage()}\n\npython -m bench: unknown subcommand {name!r}", file=sys.stderr)
        return 2
    package = str(Path(__file__).resolve().parents[1] / "py")
    if package not in sys.path:  # this tree's npuzzle, not the one an editable install points at
        sys.path.insert(0, package)
    module = importlib.import_module(f"bench.{COMMANDS[name]}")
    started = time.perf_counter()
    code: int = module.main(rest)
    if name in TIMED:
        print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
    return code


if __name__ == "__main__":
    sys.exit(main())
