"""A watched step in words: the sentence the page's live region announces and the CLI's one line per step
(:func:`step_words`, :func:`step_line`), so both say the same thing."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ...errors import plural

_NUMBERS = ("no", "one", "two", "three", "four")


def board_text(tiles: Sequence[int], cols: int, separator: str = " / ") -> str:
    """Row-major ``tiles`` as ``5 2 3 / 4 0 6 / 7 8 1`` (0 is the blank)."""
    rows = (" ".join(map(str, tiles[i : i + cols])) for i in range(0, len(tiles), cols))
    return separator.join(rows)


def _count(k: int, word: str, plural: str | None = None) -> str:
    name = _NUMBERS[k] if k < len(_NUMBERS) else f"{k:,}"
    return f"{name} {word if k == 1 else plural or word + 's'}"


def _moved(path: Sequence[int]) -> str:
    levels = len(path) - 1
    if levels == 0:
        return "stayed in place"
    return f"moved up {levels} level{'' if levels == 1 else 's'}"


def _by_outcome(step: dict[str, Any]) -> defaultdict[str, list[dict[str, Any]]]:
    """The children of ``step`` by outcome (pushed, lowered, reopened, skipped, cut), each in their order."""
    grouped: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for child in step["children"]:
        grouped[child["outcome"]].append(child)
    return grouped


def step_words(step: dict[str, Any], cols: int) -> str:
    """One sentence on an A* or IDA* step (:mod:`npuzzle.course.watch`): "Took 5 2 3 / 4 0 6 / 7 8 1 with f = 14;
    pushed 2 children; lowered the priority of one: f 16 → 14, moved up 2 levels"."""
    node = step["node"]
    board = board_text(node["tiles"], cols)
    ida = "iteration" in step
    head = f"Iteration {step['iteration']}, bound {step['bound']}: " if ida else ""
    took = "took" if ida else "Took"
    if step["goal"]:
        ends = plural(node["g"], "move")
        return f"{head}{took} the goal {board} with f = {node['f']} = g: the search ends with {ends}."
    parts = [f"{head}{took} {board} with f = {node['f']} (g = {node['g']}, h = {node['h']})"]
    if ida and step["parent"] is not None:
        parts[0] += f", pushed by node {step['parent']:,}"
    by = _by_outcome(step)
    parts.append(f"pushed {_count(len(by['pushed']), 'child', 'children')}")
    if ida:
        if cut := by["cut"]:
            fs = ", ".join(str(c["f"]) for c in cut)
            parts.append(f"cut off {_count(len(cut), 'child', 'children')} (f {fs} > {step['bound']})")
        if step["next_bound"] is not None:
            parts.append(f"next bound so far {step['next_bound']}")
        done = step["iteration_done"]
        if done is not None:
            parts.append(
                f"iteration {step['iteration']} ends after {done['nodes']:,} nodes; the next bound is "
                f"{done['next_bound']}"
            )
        return "; ".join(parts) + "."
    if lowered := by["lowered"]:
        each = "; ".join(f"f {c['old_f']} → {c['f']}, {_moved(c['path'])}" for c in lowered)
        parts.append(f"lowered the priority of {_count(len(lowered), 'child', 'children')}: {each}")
    if reopened := by["reopened"]:
        each = ", ".join(f"f {c['old_f']} → {c['f']}" for c in reopened)
        parts.append(f"reopened {_count(len(reopened), 'expanded state')} ({each})")
    if skipped := by["skipped"]:
        parts.append(f"skipped {_count(len(skipped), 'child', 'children')} reached before at no greater cost")
    return "; ".join(parts) + "."


def step_line(step: dict[str, Any], cols: int) -> str:
    """The CLI's line for a step: ``#12 took 1 2 3/4 0 6/7 5 8 g=3 h=4 f=7; pushed 2, lowered 1 (f 9→7, up 2
    levels), skipped 1; heap 14 (max 15)``."""
    node, counters = step["node"], step["counters"]
    ida = "iteration" in step
    text = f"#{step['n']} "
    if ida:
        parent = "root" if step["parent"] is None else f"from #{step['parent']}"
        text += f"iteration {step['iteration']} bound {step['bound']} ({parent}) "
    text += f"took {'the goal ' if step['goal'] else ''}{board_text(node['tiles'], cols, '/')}"
    text += f" g={node['g']} h={node['h']} f={node['f']}"
    parts = []
    if not step["goal"]:
        by = _by_outcome(step)
        parts.append(f"pushed {len(by['pushed'])}")
        if ida:
            cut = by["cut"]
            parts.append(f"cut {len(cut)}" + (f" (f {','.join(str(c['f']) for c in cut)})" if cut else ""))
        else:
            if lowered := by["lowered"]:
                each = ", ".join(f"f {c['old_f']}→{c['f']}, up {len(c['path']) - 1} levels" for c in lowered)
                parts.append(f"lowered {len(lowered)} ({each})")
            if by["reopened"]:
                parts.append(f"reopened {len(by['reopened'])}")
            parts.append(f"skipped {len(by['skipped'])}")
    text += "; " + ", ".join(parts) if parts else ""
    if ida:
        text += f"; next bound {step['next_bound'] if step['next_bound'] is not None else '-'}"
        text += f"; stack {counters['stack']:,} (max {counters['max_stack']:,})"
        done = step["iteration_done"]
        if done is not None:
            text += f"; iteration ends: {done['nodes']:,} nodes, next bound {done['next_bound']}"
    else:
        text += f"; heap {counters['heap']:,} (max {counters['max_heap']:,})"
    return text
