"""The names of the built-in heuristics and of the algorithms, with their aliases and summaries: the one table that
:func:`npuzzle.optimal.heuristics.make_heuristic`, :func:`npuzzle.solving.solve.plan` (through
:mod:`npuzzle.solving.registry`), the CLI's ``--algorithm`` and ``--heuristic`` and the api's ``options`` reply read.

:func:`name_key` is the one rule of what a spelling forgives (case, surrounding spaces, ``-`` and ``_``, ``*`` for
"star": ``IDA*`` is ``idastar``, ``Linear_Conflict`` is ``linear-conflict``); :func:`choose` finds the choice a
spelling names, by its name or an alias, and raises :class:`~npuzzle.errors.UnknownNameError` quoting it and
listing the choices when it names none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .errors import UnknownNameError


class Named(Protocol):
    """Anything :func:`choose` picks from: a name and its aliases."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...


@dataclass(frozen=True, slots=True)
class Choice:
    """One heuristic or algorithm: its ``name`` (what replies and results say), a one-line ``summary`` and the
    ``aliases`` also accepted."""

    name: str
    summary: str
    aliases: tuple[str, ...] = ()


AUTO = Choice("auto", "the strongest choice that fits the board (docs/auto.md)")
"""``auto``: an algorithm or a heuristic chosen by :mod:`npuzzle.policy`."""

PDB = Choice("pdb", "the loaded pattern database, whatever its partition")
"""The short name of the loaded pattern-database heuristic (its full name follows its partition:
:func:`npuzzle.pdb.tables.heuristic_name`, ``"pdb-7/7-7+reflected"``)."""

HEURISTICS: tuple[Choice, ...] = (
    Choice("discrete", "0 on the goal, 1 elsewhere", ("zero-one",)),
    Choice("hamming", "tiles off their goal cell", ("misplaced",)),
    Choice("manhattan", "sum of tile distances to their goal cells", ("md",)),
    Choice(
        "walking-distance",
        "Takahashi's walking distance: row and column moves of tiles past each other; up to 4×4",
        ("walking", "wd"),
    ),
    Choice(
        "linear-conflict",
        "Manhattan + 2 per tile that must leave its goal row or column",
        ("linear", "lc", "manhattan-linear-conflict"),
    ),
)
"""The built-in heuristics in the order ``heuristic="auto"`` ranks them, weakest first (why walking distance ranks
below linear conflict: :data:`npuzzle.policy.WALKING_AUTO_SHAPES`)."""

HEURISTIC_NAMES: tuple[str, ...] = tuple(c.name for c in HEURISTICS)
"""The built-in heuristics' names, weakest first."""

ALGORITHMS: tuple[Choice, ...] = (
    AUTO,
    Choice("astar", "A*: best-first with an updatable heap; memory grows with the search"),
    Choice("idastar", "IDA*: iterative deepening on f; little memory"),
    Choice(
        "near-optimal",
        "near-optimal: beam search up to 6×6 (edge lines placed first on bigger boards), then shortened; fast on "
        "big boards, not proven optimal (a lower bound is given)",
        ("near",),
    ),
)
"""The algorithm choices: ``auto``, ``astar``, ``idastar`` (optimal) and ``near-optimal`` (short, not proven
optimal; :mod:`npuzzle.nearoptimal`)."""

ALGORITHM_NAMES: tuple[str, ...] = tuple(c.name for c in ALGORITHMS)
"""The algorithm names, ``auto`` first."""


def name_key(text: str) -> str:
    """``text`` as names are compared: lower case, without surrounding spaces, ``-`` or ``_``, ``*`` read as
    ``star``."""
    return text.strip().lower().replace("*", "star").replace("-", "").replace("_", "")


_C = TypeVar("_C", bound=Named)


def choose(text: str, choices: Iterable[_C], what: str, hint: str = "") -> _C:
    """The choice of ``choices`` that ``text`` names (its name or an alias, as :func:`name_key` compares them);
    raises :class:`~npuzzle.errors.UnknownNameError` quoting ``text``, the ``hint`` if given, and the choices with
    their aliases (``what`` names the kind: ``"heuristic"``)."""
    listed = list(choices)
    key = name_key(text)
    for choice in listed:
        if key == name_key(choice.name) or any(key == name_key(alias) for alias in choice.aliases):
            return choice
    reason = f": {hint}" if hint else ""
    raise UnknownNameError(f"unknown {what} {text!r}{reason}; use one of {choice_words(listed)}")


def choice_words(choices: Sequence[Named]) -> str:
    """The names of ``choices`` and their aliases in words: ``"auto, astar, idastar, near-optimal (or near)"``."""
    return ", ".join(c.name + (f" (or {', '.join(c.aliases)})" if c.aliases else "") for c in choices)
