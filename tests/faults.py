"""Faults outside ``npuzzle`` made on purpose for the fault tests (``tests/test_*_faults.py``): a disk that fills
up."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping, Sequence

from interrupt import HANG_SECONDS

FILE_SIZE_CAPPED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
from npuzzle.cli import main
sys.exit(main(sys.argv[2:]))
"""
"""``npuzzle`` with its files capped at ``argv[1]`` bytes: past it a write fails as on a full disk (EFBIG; Python
ignores SIGXFSZ)."""


def run_capped(limit: int, args: Sequence[str], env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``npuzzle ARGS`` (the checkout's, in ``env``) with its files capped at ``limit`` bytes."""
    return subprocess.run(
        [sys.executable, "-c", FILE_SIZE_CAPPED, str(limit), *args],
        capture_output=True, text=True, env=env, timeout=HANG_SECONDS, check=False,
    )  # fmt: skip
