"""``python -m npuzzle``: the command line (see :mod:`npuzzle.cli`)."""

import sys

from .cli import main

sys.exit(main())
