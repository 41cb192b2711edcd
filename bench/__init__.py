"""Benchmarks of npuzzle, one entry point: ``python -m bench <subcommand> [options]`` from the repository root.

Not part of the package (the wheel ships ``py/npuzzle`` only). ``python -m bench --help`` lists the subcommands;
``python -m bench <subcommand> --help`` gives each one's options. Shared pieces: :mod:`bench.browser` (the browser
harness, also used by the browser tests), :mod:`bench.pyodide` (a subcommand inside Pyodide under Node) and
:mod:`bench.common`.
"""
