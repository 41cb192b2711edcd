"""What ``algorithm="auto"`` and ``heuristic="auto"`` choose: the policy as data, said once.

:data:`ALGORITHM_RULES` picks the algorithm by the number of cells (first rule whose ``max_cells`` the board fits),
with the optimal search's :class:`FallbackRule` to the near-optimal solver on 10-16 cells; :data:`HEURISTIC_RULES`
ranks the heuristics ``heuristic="auto"`` takes (the first that fits the board, goal and loaded tables wins).
:func:`npuzzle.solving.solve.plan`, :func:`npuzzle.solving.solve.auto_algorithm` and the registry's ranking
(:func:`npuzzle.solving.registry.default_registry`, :func:`npuzzle.solving.registry.registry_with_tables`) decide from
these values; the CLI's ``solve --help``, the api's ``options`` summaries and ``docs/auto.md`` are generated from them
(:func:`markdown`, :func:`algorithm_help`, :func:`heuristic_help`, the ``*_summary`` functions), and a test
compares each with what the data says. Regenerate the page with ``python -m npuzzle.policy --update
docs/auto.md`` (``--markdown`` prints the tables; :mod:`npuzzle.policy.__main__`). Why the thresholds are where
they are, with the measurements: ``docs/benchmarks.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..names import ALGORITHMS, HEURISTIC_NAMES, HEURISTICS, choice_words
from ..names import PDB as PDB_CHOICE
from ..nearoptimal import ALGORITHM as NEAR_OPTIMAL_ALGORITHM
from ..nearoptimal import DEFAULT_BUDGET, EXACT_CELLS, budget_nodes
from ..nearoptimal import HEURISTIC as NEAR_OPTIMAL_HEURISTIC
from ..optimal.walking import HEURISTIC as WALKING
from ..progress import ALGORITHM_TITLES

NEAR_OPTIMAL = NEAR_OPTIMAL_ALGORITHM
"""The name of the near-optimal algorithm (:func:`npuzzle.nearoptimal.solver.solve_big`)."""

ASTAR_MAX_CELLS = 9
"""``algorithm="auto"`` uses A* up to this many cells (the 8-puzzle, 2×4), IDA* above."""

OPTIMAL_MAX_CELLS = 16
"""``algorithm="auto"`` searches optimally up to this many cells (4×4, 3×5, 2×8) and solves bigger boards
near-optimally: an optimal pure-Python search of a random 3×6 or 5×5 is out of reach (timings:
docs/benchmarks.md)."""

NEAR_OPTIMAL_MAX_CELLS = 400
"""The largest board (in cells: 20×20, 10×40 …) the near-optimal solver accepts: above it its time grows fast and
its solutions drift far from optimal, so bigger boards are refused with a message (timings: docs/benchmarks.md)."""

AUTO_OPTIMAL_NODES = 4_000_000
"""How many nodes ``algorithm="auto"`` lets the optimal IDA* expand on a board of 10 to 16 cells without a fitting
pattern database (2×8, 3×5, 2×7, a 4×4 before the database is loaded …) before it gives up proving optimality and
answers with the near-optimal solver instead: counted in work, not time, so a board gets the same answer on any
machine under any load; chosen as about the 3 s of CPython the fallback used to allow (node counts:
docs/benchmarks-log.md)."""

FALLBACK_LIMIT_SHARE = 0.5
"""With a hard time limit, the optimal phase of that fallback gets at most this share of it, so the near-optimal
solver has the rest to answer within the limit (the one fallback a clock decides, and only when one is asked for)."""

PDB_STRENGTH = 100
"""The pattern-database heuristic's rank for ``heuristic="auto"``: above every built-in heuristic. IDA* guided by a
heuristic of at least this rank does not fall back (:attr:`FallbackRule.unless_strength`)."""

WALKING_AUTO_SHAPES: tuple[tuple[int, int], ...] = ((4, 4),)
"""The shapes where ``heuristic="auto"`` picks walking distance over linear conflict (when no pattern database
fits): measured faster there, slower on 3×3, 2×4, 3×4 and 4×3 (``python -m bench search --walking``; figures in
docs/benchmarks.md)."""

PDB = PDB_CHOICE.name
"""How the rules name the loaded pattern-database heuristic (:data:`npuzzle.names.PDB`)."""


@dataclass(frozen=True, slots=True)
class FallbackRule:
    """The optimal search gives way to the near-optimal solver after expanding ``nodes`` (or after ``limit_share`` of
    a hard time limit, if sooner) when ``heuristic="auto"`` chose a heuristic ranked below ``unless_strength`` (a
    pattern database ranks :data:`PDB_STRENGTH`); ``nodes`` is ``math.inf`` for a fallback at that share only."""

    nodes: float
    limit_share: float
    unless_strength: int


@dataclass(frozen=True, slots=True)
class AlgorithmRule:
    """``algorithm="auto"`` takes ``algorithm`` for boards of up to ``max_cells`` cells (the first rule that fits
    wins); ``examples`` are shapes it covers, ``fallback`` the optimal search's way out."""

    max_cells: int
    algorithm: str
    examples: str
    fallback: FallbackRule | None = None


FALLBACK = FallbackRule(AUTO_OPTIMAL_NODES, FALLBACK_LIMIT_SHARE, PDB_STRENGTH)
"""The fallback of ``auto``'s IDA* on 10-16 cells."""

ALGORITHM_RULES: tuple[AlgorithmRule, ...] = (
    AlgorithmRule(ASTAR_MAX_CELLS, "astar", "3×3, 2×4, 2×2"),
    AlgorithmRule(OPTIMAL_MAX_CELLS, "idastar", "4×4, 3×4, 3×5, 2×8", FALLBACK),
    AlgorithmRule(NEAR_OPTIMAL_MAX_CELLS, NEAR_OPTIMAL, "5×5, 3×7, 10×10, 20×20"),
)
"""``algorithm="auto"`` by board size, smallest first. Boards above the last rule's size get its algorithm, which
refuses them with a message."""


@dataclass(frozen=True, slots=True)
class HeuristicRule:
    """``heuristic="auto"`` takes ``heuristic`` where it fits (and, when ``shapes`` is not empty, only on those
    shapes); ``where`` says it in words. Rules are ranked first to last."""

    heuristic: str
    where: str
    shapes: tuple[tuple[int, int], ...] = ()


HEURISTIC_RULES: tuple[HeuristicRule, ...] = (
    HeuristicRule(
        PDB,
        "where one is loaded and fits: its shape (the 15-puzzle's tables: 4×4) and a goal with the blank in a corner",
    ),
    HeuristicRule(WALKING, "on a " + ", ".join(f"{r}×{c}" for r, c in WALKING_AUTO_SHAPES), WALKING_AUTO_SHAPES),
    HeuristicRule(HEURISTIC_NAMES[-1], "on every other board"),
)
"""``heuristic="auto"``'s ranking, strongest first: a pattern database (rank :data:`PDB_STRENGTH`), then the
built-in heuristics preferred on some shapes, then the strongest built-in everywhere
(:data:`npuzzle.names.HEURISTIC_NAMES` lists them weakest first)."""


def algorithm_rule(cells: int) -> AlgorithmRule:
    """The rule of :data:`ALGORITHM_RULES` for a board of ``cells`` cells (the last one above them all)."""
    for rule in ALGORITHM_RULES:
        if cells <= rule.max_cells:
            return rule
    return ALGORITHM_RULES[-1]


def auto_rank(name: str, rows: int, cols: int) -> int | None:
    """``heuristic="auto"``'s rank for the built-in heuristic ``name`` on a ``rows``×``cols`` board when a shape
    rule of :data:`HEURISTIC_RULES` prefers it there (above every built-in heuristic, below a pattern database),
    else ``None`` (its place in :data:`~npuzzle.names.HEURISTIC_NAMES` ranks it)."""
    for rule in HEURISTIC_RULES:
        if rule.heuristic == name and (rows, cols) in rule.shapes:
            return len(HEURISTIC_NAMES)
    return None


# ---- texts generated from the rules: summaries (the api's options, Plan.summary), help, docs ----


def _square(cells: int) -> str:
    side = math.isqrt(cells)
    return f"{side}×{side}"


def optimal_summary(algorithm: str, heuristic: str) -> str:
    """The plan summary of an optimal search: ``"idastar + manhattan (optimal)"``."""
    return f"{algorithm} + {heuristic} (optimal)"


def budget_words(budget: float) -> str:
    """The near-optimal work budget ``budget`` (units) in words: ``"work budget 2 = 700,000 nodes expanded"``."""
    return f"work budget {budget:g} = {budget_nodes(budget):,} nodes expanded"


def near_optimal_summary(budget: float, chosen_by_auto: bool, cells: int | None = None) -> str:
    """The plan summary of the near-optimal solver with a work budget of ``budget`` units, chosen by ``auto`` (the
    boards above the last optimal rule) or by name, for a board of ``cells`` cells (``None``: any); on a board of at
    most :data:`~npuzzle.nearoptimal.solver.EXACT_CELLS` it solves exactly, at once."""
    if cells is not None and cells <= EXACT_CELLS:
        return f"{NEAR_OPTIMAL}, exact (A*, optimal) on a board of at most {EXACT_CELLS} cells"
    optimal = [r for r in ALGORITHM_RULES if r.algorithm != NEAR_OPTIMAL]
    last = optimal[-1].max_cells
    why = f"for boards above {_square(last)} (more than {last} cells)" if chosen_by_auto else "as chosen"
    return f"{NEAR_OPTIMAL} (not proven optimal) {why}; {budget_words(budget)}"


def allowance_words(nodes: float) -> str:
    """An optimal search's allowance of ``nodes`` expanded in words: ``"4,000,000 nodes expanded"``."""
    return f"{nodes:,.0f} nodes expanded"


def fallback_summary(
    algorithm: str, heuristic: str, first: float, budget: float, share: float = FALLBACK_LIMIT_SHARE
) -> str:
    """The plan summary of an optimal search that gives way after ``first`` nodes expanded (``math.inf``: only after
    ``share`` of the hard time limit) to the near-optimal solver with a work budget of ``budget`` units."""
    until = f"{share:.0%} of the time limit" if math.isinf(first) else allowance_words(first)
    return (
        f"{optimal_summary(algorithm, heuristic)} for up to {until}, then {NEAR_OPTIMAL} (not proven optimal; "
        f"{budget_words(budget)}) if it has not finished"
    )


def too_big_summary() -> str:
    """The api's ``default_summary`` for a board above every rule."""
    return f"too big to solve here: the near-optimal solver takes boards of up to {ALGORITHM_RULES[-1].max_cells} cells"


def _cells_range(index: int) -> str:
    top = ALGORITHM_RULES[index].max_cells
    return f"up to {top} cells" if index == 0 else f"{ALGORITHM_RULES[index - 1].max_cells + 1} to {top} cells"


def _fallback_words(fallback: FallbackRule) -> str:
    return (
        f"to {NEAR_OPTIMAL} if it has not finished within {allowance_words(fallback.nodes)} (or "
        f"{fallback.limit_share:.0%} of a hard time limit), unless a pattern database guides it"
    )


def algorithm_help() -> str:
    """The CLI's ``solve --algorithm`` help (an argparse template: ``%%`` for a percent sign, ``%(default)s``)."""
    parts = []
    for index, rule in enumerate(ALGORITHM_RULES):
        part = f"{ALGORITHM_TITLES[rule.algorithm]} for {_cells_range(index)}"
        if rule.fallback is not None:
            part += f", giving way with --heuristic auto {_fallback_words(rule.fallback)}"
        parts.append(part)
    parts.append("bigger boards are refused")
    text = f"{choice_words(ALGORITHMS[1:])} or auto (auto: {'; '.join(parts)}".replace("%", "%%")
    return text + "; default: %(default)s)"


def _heuristic_label(rule: HeuristicRule) -> str:
    return "a pattern database" if rule.heuristic == PDB else rule.heuristic


def heuristic_help() -> str:
    """The CLI's ``solve --heuristic`` help (argparse expands ``%(default)s``)."""
    rules = "; else ".join(f"{_heuristic_label(rule)} {rule.where}" for rule in HEURISTIC_RULES)
    names = choice_words((*HEURISTICS, PDB_CHOICE))
    picks = f"auto, which picks the first that fits: {rules}"
    return f"the estimate that guides the search: {names} or {picks} (default: %(default)s)"


MARK_START = "<!-- auto-policy:start -->"
MARK_END = "<!-- auto-policy:end -->"
"""The markers around the generated part of ``docs/auto.md``."""


def markdown() -> str:
    """The policy as Markdown tables (the text between :data:`MARK_START` and :data:`MARK_END` in docs/auto.md)."""
    lines = [
        '### `algorithm="auto"`: by the number of cells (first row that fits)',
        "",
        '| Board | For example | Algorithm | With `heuristic="auto"` | Answer |',
        "|---|---|---|---|---|",
    ]
    for index, rule in enumerate(ALGORITHM_RULES):
        title = ALGORITHM_TITLES[rule.algorithm]
        title = f"`{title}`" if title == rule.algorithm else f"{title} (`{rule.algorithm}`)"
        if rule.algorithm == NEAR_OPTIMAL:
            title += f", its own `{NEAR_OPTIMAL_HEURISTIC}` heuristic, {budget_words(DEFAULT_BUDGET)}"
            answer = "short, not proven optimal, with a proven lower bound"
        else:
            answer = "optimal" if rule.fallback is None else f"optimal, or {NEAR_OPTIMAL} after the fallback"
        fallback = (
            "—"
            if rule.fallback is None
            else (f"{ALGORITHM_TITLES[rule.algorithm]} gives way {_fallback_words(rule.fallback)}")
        )
        lines.append(f"| {_cells_range(index)} | {rule.examples} | {title} | {fallback} | {answer} |")
    lines.append(f"| more than {ALGORITHM_RULES[-1].max_cells} cells | 21×20, 25×25 | refused with a message | — | — |")
    lines += [
        "",
        '### `heuristic="auto"`: the first that fits',
        "",
        "| Rank | Heuristic | Where |",
        "|---|---|---|",
    ]
    for rank, hrule in enumerate(HEURISTIC_RULES, 1):
        name = "a pattern database (`pdb-…`)" if hrule.heuristic == PDB else f"`{hrule.heuristic}`"
        lines.append(f"| {rank} | {name} | {hrule.where} |")
    return "\n".join(lines) + "\n"


def replace_marked(text: str, table: str) -> str:
    """``text`` with what stands between :data:`MARK_START` and :data:`MARK_END` replaced by ``table``; raises
    :class:`ValueError` when the markers are missing."""
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start < 0 or end < start:
        raise ValueError(f"the markers {MARK_START} … {MARK_END} are missing")
    return text[: start + len(MARK_START)] + "\n" + table + text[end:]
