"""``python -m npuzzle.policy --markdown`` prints the policy tables; ``--update FILE`` rewrites them in FILE
(``docs/auto.md``) between its markers."""

from __future__ import annotations

import sys
from pathlib import Path

from . import markdown, replace_marked


def main(argv: list[str]) -> int:
    """``python -m npuzzle.policy --markdown`` prints the table; ``--update FILE`` rewrites it in FILE."""
    if argv == ["--markdown"]:
        sys.stdout.write(markdown())
        return 0
    if len(argv) == 2 and argv[0] == "--update":
        path = Path(argv[1])
        path.write_text(replace_marked(path.read_text(encoding="utf-8"), markdown()), encoding="utf-8")
        return 0
    sys.stderr.write("usage: python -m npuzzle.policy --markdown | --update docs/auto.md\n")
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
