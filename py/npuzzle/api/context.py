"""What an op of the protocol needs of the worker that runs it: :class:`Context`, which :class:`npuzzle.api.Engine`
is (the module-level entry points use a fresh engine)."""

from __future__ import annotations

from typing import Protocol

from ..pdb import PdbTables
from ..solving.registry import Registry


class Context(Protocol):
    """The heuristics and solvers on offer (``registry``), the loaded pattern database (``tables``, or ``None``),
    and, for a helper of a split search, the transposition table its tasks share: ``subtree_table(key)`` for the
    search ``key`` (fresh for a new key, or after a task that did not end), ``subtree_ended()`` once a task that
    wrote into it ran to its end."""

    @property
    def registry(self) -> Registry: ...

    @property
    def tables(self) -> PdbTables | None: ...

    def subtree_table(self, key: str) -> dict[bytes, int]: ...

    def subtree_ended(self) -> None: ...
