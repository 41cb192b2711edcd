"""The modules compiled by numba (the ``fast`` extra), imported only where numba is installed."""

from __future__ import annotations

import importlib
import importlib.util
from contextlib import suppress
from types import ModuleType


def compiled_module(name: str) -> ModuleType | None:
    """The module ``name`` (one written for numba), or ``None`` when numba is not installed or the module does not
    import.

    Whether numba is installed is found first without importing it: Python remembers a module imported but not an
    import that failed, so without this every search on a machine without numba (the browser's Pyodide) would try the
    import again, reading and running the module's source up to its failing line (milliseconds, against
    microseconds for a search on a tiny board)."""
    if importlib.util.find_spec("numba") is None:
        return None
    with suppress(ImportError):
        return importlib.import_module(name)
    return None
