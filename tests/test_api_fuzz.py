"""Arbitrary JSON at the api: every reply is ``ok`` or a named input error, never an internal error or running out of
memory, for one-shot requests (``api.handle``) and long ones (``api.start(…).advance``, then ``cancel``).

The properties run in a child process under a memory cap (``RLIMIT_AS``), so a request that allocates before it
validates fails the test instead of swapping the machine: :func:`test_the_api_holds_under_a_memory_cap` starts it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from npuzzle import api, errors

CAPPED_ENV = "NPUZZLE_FUZZ_CAPPED"
MEMORY_CAP_BYTES = 3 << 30
"""The child's address-space cap: far above what any valid request here needs (a 2000×2000 board is ~100 MB)."""

NAMED = {cls.__name__ for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.PuzzleError)}
NAMED |= {"RequestError", "Cancelled"}

capped = pytest.mark.skipif(os.environ.get(CAPPED_ENV) != "1", reason="runs in the capped child process only")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

numbers = st.one_of(
    st.integers(-(10**12), 10**12),
    st.sampled_from([0, 1, 2, 3, 4, -1, 2000, 2001, 3000, 10**9, -649324, 2**63]),
    st.floats(),
)


@st.composite
def small_boards(draw: st.DrawFn) -> str:
    """A permutation of a small board (2×2 to 3×3, or 2×4: fast to solve), as text."""
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]))
    tiles = draw(st.permutations(list(range(rows * cols))))
    return " / ".join(" ".join(str(t) for t in tiles[r * cols : (r + 1) * cols]) for r in range(rows))


board_objects = st.fixed_dictionaries(
    {"rows": numbers, "cols": numbers, "tiles": st.lists(st.integers(-5, 20), max_size=20) | json_values}
)
boards = small_boards() | board_objects | json_values | st.text(max_size=40)
goals = st.sampled_from(["default", "blank-first"]) | small_boards() | st.fixed_dictionaries({"board": boards})

FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "board": boards,
    "goal": goals,
    "rows": numbers,
    "cols": numbers,
    "shape": st.sampled_from(["3x3", "4×4", "0x0", "-3x4", "2000x2000", "2001x2", "x", "1e9x2"]) | st.text(max_size=12),
    "moves": numbers | st.text(alphabet="UDLR123", max_size=20) | st.lists(numbers | st.text(max_size=2), max_size=8),
    "seed": numbers | st.text(max_size=8),
    "solvable": st.booleans() | json_values,
    "algorithm": st.sampled_from(["auto", "astar", "idastar", "near-optimal", "a*"]) | json_values,
    "heuristic": st.sampled_from(["auto", "manhattan", "pdb", "walking-distance"]) | json_values,
    "max_nodes": numbers,
    "time_limit": numbers,
    "max_states": numbers,
    "budget": numbers,
    "workers": numbers,
    "split_nodes": numbers,
    "search": st.text(max_size=8) | json_values,
    "task": st.fixed_dictionaries(
        {"bound": numbers, "index": numbers, "tiles": st.permutations(list(range(16))) | json_values},
        optional={"prev": numbers, "budget": numbers},
    )
    | json_values,
}

requests = st.fixed_dictionaries(
    {"op": st.sampled_from(sorted(api.OPS)) | json_values},
    optional=FIELDS,
)

shape_requests = st.fixed_dictionaries(
    {"op": st.sampled_from(["options", "random"]), "rows": numbers, "cols": numbers},
    optional={"goal": goals, "moves": numbers, "seed": numbers, "solvable": st.booleans()},
)
"""Requests that name a shape by numbers alone: the allocation-before-validation cases."""

any_request = requests | shape_requests | json_values

LONG_OPS = sorted(api.LONG_OPS)  # a list: the fuzz sends unhashable ops too
QUICK = {"max_nodes": 20_000, "time_limit": 2}
"""Limits added to one-shot searches (unless the request names its own): the fuzz is about input, not search."""


def assert_named(reply: dict[str, Any], request: object) -> None:
    assert isinstance(reply, dict) and "ok" in reply, (request, reply)
    if reply["ok"] is False:
        error = reply["error"]
        assert error["type"] in NAMED, (request, reply)
        assert isinstance(error["message"], str) and error["message"], (request, reply)


@capped
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(request=any_request)
def test_one_shot_replies_are_ok_or_named_errors(request: Any) -> None:
    if isinstance(request, dict) and request.get("op") in LONG_OPS:
        request = {**QUICK, **request}
    try:
        text = json.dumps(request)
    except (ValueError, TypeError):  # NaN is fine in Python's JSON; keys are strings: nothing to skip in practice
        return
    assert_named(json.loads(api.handle(text)), request)


@capped
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(request=any_request)
def test_long_operations_reply_ok_or_named_errors(request: Any) -> None:
    session = api.start(json.dumps(request))
    reply = json.loads(session.advance(0.05))
    if not (isinstance(reply, dict) and reply.get("type") == "progress" and "ok" not in reply):  # a valid one runs on
        assert_named(reply, request)
    assert_named(json.loads(session.cancel()), request)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="the memory cap uses Linux's RLIMIT_AS")
def test_the_api_holds_under_a_memory_cap() -> None:
    """The properties above, in a child process whose address space is capped (a MemoryError or a killed child
    fails)."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP_BYTES, MEMORY_CAP_BYTES))

    here = Path(__file__)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(here), "-k", "not memory_cap"]
    done = subprocess.run(
        command,
        cwd=here.parent.parent,
        env={**os.environ, CAPPED_ENV: "1"},
        preexec_fn=cap,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "2 passed" in done.stdout, done.stdout[-2000:]
