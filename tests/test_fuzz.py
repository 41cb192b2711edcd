"""The standing fuzz (issue 50): :mod:`bench.fuzz`'s seeded cases over every api operation (one-shot replies and
sessions in slices) and the command line's readers, and its catalogue of heavy inputs, each named: no internal error,
every call within a work bound, memory bounded. ``python -m bench fuzz`` prints the figures (docs/benchmarks.md).

Work is CPU seconds of this process, which a busy machine does not inflate as it does the wall clock; memory is the
:mod:`tracemalloc` peak, traced where it is cheap to trace (readers, one-shot ops that do not search, one search in 8).
"""

from __future__ import annotations

from typing import Any

import pytest
from bench.fuzz import HEAVY, MAX_SLICES, PER_SEED, SEEDS, Case, Outcome, cases, run_case

from npuzzle import api

CALL_CPU_SECONDS = 5.0
"""The most CPU seconds one call may take: a session's slice is given 0.02 s and the slowest seen takes 0.09 s, the
slowest one-shot reply 0.55 s (docs/benchmarks.md); an ``advance`` that did not yield took 18 s (the 20×20 analysis,
before its slices)."""

CASE_MEMORY = 64 << 20
"""The most memory a fuzz case may hold at its peak (the largest seen: 45 MB)."""

HEAVY_MEMORY = 256 << 20
"""The most memory a heavy case may hold at its peak (the largest seen: 197 MB, a 4×4's 3 M moves read then refused)."""


def traced(case: Case, index: int) -> bool:
    """Whether ``case`` is run under :mod:`tracemalloc` (several times slower for a search)."""
    if case.reader is not None or not isinstance(case.request, dict):
        return True
    op = case.request.get("op")
    return not (isinstance(op, str) and op in api.LONG_OPS) or index % 8 == 0


def problems(outcome: Outcome, memory: int) -> list[str]:
    """What is wrong with ``outcome``, each with its input to reproduce it."""
    case = outcome.case
    found = []
    if outcome.fault:
        found.append(f"{case.name}: {outcome.fault}")
    if outcome.peak is None and outcome.slowest > CALL_CPU_SECONDS:
        found.append(f"{case.name}: a call took {outcome.slowest:.1f} s CPU")
    if outcome.peak is not None and outcome.peak > memory:
        found.append(f"{case.name}: a peak of {outcome.peak / 1e6:.0f} MB")
    return [f"{problem}\n  input: {case.shown()}" for problem in found]


@pytest.mark.parametrize("seed", range(SEEDS))
def test_fuzzed_requests_and_readers_end_in_an_answer_or_an_input_error_in_bounded_work(seed: int) -> None:
    found: list[str] = []
    answers: set[str] = set()
    for index, case in enumerate(cases(seed, PER_SEED)):
        outcome = run_case(case, memory=traced(case, index))
        found += problems(outcome, CASE_MEMORY)
        answers.add(outcome.answer)
        assert outcome.calls <= MAX_SLICES + 2  # start, the slices, cancel: each call returned
    assert not found, "\n".join(found)
    assert "ok" in answers and len(answers) > 5  # the cases reach answers and several kinds of refusal


def heavy_param(case: Case) -> Any:
    marks: list[pytest.MarkDecorator] = []
    if "3 M moves" in case.name or "20×20" in case.name:
        marks.append(pytest.mark.slow)
    return pytest.param(case, id=case.name, marks=marks)


@pytest.mark.parametrize("case", [heavy_param(case) for case in HEAVY])
def test_a_heavy_input_is_refused_or_answered_in_bounded_work(case: Case) -> None:
    timed = run_case(case)
    assert timed.answer == case.expect, f"{case.name}: {timed.answer} ({timed.fault}), not {case.expect}"
    assert not problems(timed, HEAVY_MEMORY)
    assert not problems(run_case(case, memory=True), HEAVY_MEMORY)
