"""The worker protocol is said once, in ``npuzzle.api.OPERATIONS``: the page's lists in ``web/protocol.js`` must
name the same ops, and the same long ones; its algorithm titles are ``npuzzle.progress.ALGORITHM_TITLES``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

from npuzzle import api
from npuzzle.progress import ALGORITHM_TITLES, STOP_WORDS, StopReason

PROTOCOL_JS = Path(__file__).resolve().parents[1] / "web" / "protocol.js"


def js_list(name: str) -> list[str]:
    """The names in ``export const NAME = frozenSet(/** @type {const} */ ([...]))`` of web/protocol.js."""
    text = PROTOCOL_JS.read_text()
    found = re.search(rf"export const {name} = frozenSet\(/\*\* @type {{const}} \*/ \((\[[^\]]*\])\)\);", text)
    assert found, f"web/protocol.js has no literal list {name}"
    names: list[str] = json.loads(found.group(1))
    return names


def test_the_pages_ops_are_the_apis() -> None:
    assert js_list("API_OPS") == [op.name for op in api.OPERATIONS]
    assert sorted(js_list("LONG_OPS")) == sorted(api.LONG_OPS)


def test_the_pages_algorithm_titles_are_the_cores() -> None:
    text = PROTOCOL_JS.read_text()
    found = re.search(r"export const ALGORITHM_TITLES = Object\.freeze\((\{[^}]*\})\);", text)
    assert found, "web/protocol.js has no literal ALGORITHM_TITLES"
    assert json.loads(found.group(1)) == ALGORITHM_TITLES


def test_every_op_has_its_handler_documented_and_long_ops_a_session() -> None:
    for op in api.OPERATIONS:
        assert op.handler.__doc__, op.name
        assert op.long == (op.name in api.LONG_OPS)
    assert {op.name for op in api.OPERATIONS if op.session is not None} == {
        "solve",
        "compare",
        "hint",
        "watch",
        "analyse",
        "subtree",
        "optimal_moves",
        "lab_depth",
        "lab_check",
    }


def test_every_stop_reason_has_words_in_the_core_and_in_the_page() -> None:
    reasons = set(get_args(StopReason))
    assert set(STOP_WORDS) == reasons
    assert all(re.fullmatch(r"[a-z ]+", words) for words in STOP_WORDS.values())  # words, not identifiers
    page = (PROTOCOL_JS.parent / "words.js").read_text()
    found = re.search(r"const STOP_REASONS = Object\.freeze\(\{([^}]*)\}\);", page)
    assert found, "web/words.js has no literal STOP_REASONS"
    assert set(re.findall(r'^\s*"?([a-z-]+)"?:', found.group(1), re.M)) == reasons
