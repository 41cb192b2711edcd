"""The page's modules import each other without a cycle (``web/``, native ES modules, static imports)."""

from __future__ import annotations

import re
from pathlib import Path

from test_layout import find_cycle

WEB = Path(__file__).resolve().parents[1] / "web"
STATIC_IMPORT = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}/[^"]+\.js)"', re.M | re.S)


def web_graph() -> dict[str, set[str]]:
    """Each module of ``web/`` (path relative to it) and the modules it imports statically."""
    graph: dict[str, set[str]] = {}
    for path in sorted(WEB.rglob("*.js")):
        name = path.relative_to(WEB).as_posix()
        targets = {(path.parent / target).resolve() for target in STATIC_IMPORT.findall(path.read_text())}
        graph[name] = {t.relative_to(WEB).as_posix() for t in targets}
    return graph


def test_the_web_modules_have_no_import_cycle() -> None:
    graph = web_graph()
    assert "control/jobs.js" in graph["listen.js"] and "model/job.js" in graph["control/check.js"]  # the parser sees
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_controllers_change_the_state_and_only_the_render_pass_draws() -> None:
    """The page draws from its one state in one pass (render.js): no controller imports a view, and only render.js
    mirrors the test hooks."""
    graph = web_graph()
    controllers = {name: targets for name, targets in graph.items() if name.startswith("control/")}
    assert len(controllers) >= 10
    drawing = {name: sorted(t for t in targets if t.startswith("view/")) for name, targets in controllers.items()}
    assert {name: views for name, views in drawing.items() if views} == {}
    mirrors = sorted(
        path.relative_to(WEB).as_posix()
        for path in WEB.rglob("*.js")
        if re.search(r"\bmirrorHooks\b", path.read_text()) and path.name != "hooks.js"
    )
    assert mirrors == ["render.js"]


def test_controllers_change_the_state_only_through_the_store() -> None:
    """Controllers read and write the state, never the page's elements (`ctx.ui`, `document.getElementById`), and
    never ask for the render themselves: a change goes through store.js's update, which asks for it (the entry
    points call it: listen.js, the worker's messages, timers)."""
    touching = {}
    for path in sorted((WEB / "control").glob("*.js")):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(), flags=re.S)  # comments and JSDoc types aside
        timers = r"|\bsetTimeout\b|\bsetInterval\b" if path.name != "playback.js" else ""  # its steps: onChange
        found = re.findall(
            r"\bctx\.ui\b|\{[^}]*\bui\b[^}]*\}\s*=\s*ctx\b|\bgetElementById\b|\bquerySelector|"
            r"\brequestRender\b" + timers,
            code,
        )
        if found:
            touching[path.name] = sorted(set(found))
    assert touching == {}
    graph = web_graph()
    assert {n for n, targets in graph.items() if n.startswith("control/") and "render.js" in targets} == set()
    assert "store.js" in graph["control/play.js"] and "render.js" in graph["store.js"]


def test_the_controllers_call_each_other_through_few_named_seams() -> None:
    """A click's way reads top-down: listen.js → a controller → model/ and service/. What controllers share lies below
    them (pure state in model/; the history, the bests and the 4×4 tables in service/), so a controller imports at
    most a few others, each a named seam (editor → check, check → play, play → game, …): at most 10 edges in all."""
    graph = web_graph()
    edges = sorted(
        f"{name} → {target}"
        for name, targets in graph.items()
        if name.startswith("control/")
        for target in targets
        if target.startswith("control/")
    )
    assert len(edges) <= 10, f"{len(edges)} imports between controllers (at most 10):\n" + "\n".join(edges)


def test_model_and_services_lie_under_the_controllers() -> None:
    """model/ is pure state and queries (no worker request, no storage, no timer); service/ keeps what several
    controllers share (storage, the tables' download): neither imports a controller, a view or the render."""
    graph = web_graph()
    below = {name: targets for name, targets in graph.items() if name.startswith(("model/", "service/"))}
    assert any(name.startswith("service/") for name in below)
    upward = {
        name: sorted(t for t in targets if t.startswith(("control/", "view/")) or t in {"render.js", "store.js"})
        for name, targets in below.items()
    }
    assert {name: targets for name, targets in upward.items() if targets} == {}
    impure = {}
    for path in sorted((WEB / "model").glob("*.js")):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(), flags=re.S)
        found = re.findall(r"\bsetTimeout\b|\bsetInterval\b|\bpython\.\w+|\blocalStorage\b|\bstorage\.js\b", code)
        if found:
            impure[path.name] = sorted(set(found))
    assert impure == {}


def test_the_entry_module_only_wires() -> None:
    """``web/main.js`` wires the events, the worker's messages and the start to the controllers, and stays under 250
    lines: what it would grow by belongs in a controller, a model or a view."""
    lines = (WEB / "main.js").read_text().splitlines()
    assert len(lines) < 250, f"web/main.js has {len(lines)} lines (at most 249)"
