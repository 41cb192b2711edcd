"""The package's layout: no import cycles between its modules nor between its subpackages, and the public names
importable from ``npuzzle``."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import npuzzle

PACKAGE = Path(npuzzle.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports anywhere in its text (lazy imports inside functions count:
    they still make a cycle of dependencies). A package's own ``__init__`` is not counted as imported by its
    submodules, which Python runs first but which the submodule does not depend on."""
    name = module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = import_base(path, node)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in modules else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in modules and m != name}


def import_base(path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from … import`` in ``path`` imports from, its relative dots resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    base = node.module or ""
    if node.level:
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    return base


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imported_modules(p, modules) for p in paths}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of modules (first == last), or None. Iterative depth-first search."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    for root in sorted(graph):
        if state.get(root):
            continue
        path = [root]
        stack = [iter(sorted(graph[root]))]
        state[root] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph[nxt])))
    return None


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "npuzzle.board" in graph and "npuzzle.pdb.search" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """``graph`` with each subpackage's modules taken as one (``npuzzle.pdb.search`` as ``npuzzle.pdb``); the root's
    modules stay one each."""

    def part(module: str) -> str:
        return ".".join(module.split(".")[:2])

    parts: dict[str, set[str]] = {}
    for module, imported in graph.items():
        parts.setdefault(part(module), set()).update(part(m) for m in imported)
    return {name: imported - {name} for name, imported in parts.items()}


def test_the_subpackages_import_each_other_without_a_cycle() -> None:
    graph = package_graph(import_graph())
    assert "npuzzle.pdb" in graph["npuzzle.cluster"] and "npuzzle.board" in graph["npuzzle.pdb"]
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle between subpackages: " + " → ".join(cycle or [])


def test_the_roots_modules_import_no_subpackage() -> None:
    """The root holds the words every part uses (board, parse, errors, progress …); the subpackages build on them."""
    graph = import_graph()
    root = {m for m in graph if m.count(".") == 1 and (PACKAGE / f"{m.split('.')[1]}.py").exists()}
    assert "npuzzle.board" in root and "npuzzle.progress" in root and "npuzzle.__main__" in root
    above = {m: sorted(i for i in graph[m] if i not in root) for m in root - {"npuzzle.__main__"}}
    assert not {m: i for m, i in above.items() if i}, "a root module imports a subpackage"


SEARCHES = {
    "npuzzle.optimal.search",
    "npuzzle.optimal.walking_search",
    "npuzzle.course.reference",
    "npuzzle.optimal.checkpoint",
    "npuzzle.solving.solve",
}
"""Modules that hold or drive a search: the heuristics layer stands below them."""


def test_the_heuristics_import_no_search() -> None:
    graph = import_graph()
    reached: set[str] = set()
    todo = ["npuzzle.optimal.heuristics"]
    while todo:
        for module in graph[todo.pop()] - reached:
            reached.add(module)
            todo.append(module)
    assert "npuzzle.optimal.walking" in reached
    assert not reached & SEARCHES, f"the heuristics import {sorted(reached & SEARCHES)}"


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_relative_and_lazy_imports() -> None:
    graph = import_graph()
    assert "npuzzle.nearoptimal.both_ways" in graph["npuzzle.nearoptimal.solver"]
    assert "npuzzle.board" in graph["npuzzle.nearoptimal.solver"]
    assert "npuzzle.pdb.database" in graph["npuzzle.pdb.search"]


def test_every_public_name_is_importable_from_the_package() -> None:
    for name in npuzzle.__all__:
        assert getattr(npuzzle, name) is not None, name


FACES = ("npuzzle.pdb", "npuzzle.nearoptimal", "npuzzle.cluster")
"""Subpackages used from outside through their ``__init__`` (their face) only."""

BEHIND_THE_FACE = {"npuzzle.pdb.parallel"}
"""Submodules imported where they are used (``pdb.parallel`` needs ``multiprocessing``, which the page lacks)."""


def imported_from(path: Path) -> set[str]:
    """The modules ``path``'s ``from … import`` statements and ``import`` statements name, resolved (the
    modules themselves, not the names imported from them)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.add(import_base(path, node))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_subpackages_are_used_through_their_faces() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for face in FACES:
            if module == face or module.startswith(face + "."):
                continue
            behind = {m for m in imported_from(path) if m.startswith(face + ".")} - BEHIND_THE_FACE
            assert not behind, f"{module} imports {sorted(behind)}: import from {face} instead"
    assert imported_from(PACKAGE / "solving" / "registry.py") >= {
        "npuzzle.pdb",
        "npuzzle.pdb.parallel",
    }  # the finder sees both


def test_no_module_imports_another_modules_private_name() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                names = [a.name for a in node.names if not a.name.endswith("__")]  # dunders (__version__) are public
                private = [name for name in names if name.startswith("_")]
                assert not private, f"{module_name(path)} imports {private} from {node.module}"


def test_dask_is_imported_by_the_cluster_package_only_and_that_package_only_where_it_is_used() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if module == "npuzzle.cluster" or module.startswith("npuzzle.cluster."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)}
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue  # annotations only
            for child in ast.iter_child_nodes(node):
                if not isinstance(child, ast.Import | ast.ImportFrom):
                    continue
                names = [child.module or ""] if isinstance(child, ast.ImportFrom) else [a.name for a in child.names]
                third = [n for n in names if n.split(".")[0] in ("dask", "distributed")]
                assert not third, f"{module} imports {third}: only npuzzle.cluster imports Dask"
                if child in top and isinstance(child, ast.ImportFrom):
                    assert import_base(path, child) != "npuzzle.cluster", f"{module} imports npuzzle.cluster at the top"


def test_the_package_and_its_command_line_load_without_dask() -> None:
    code = (
        "import sys, npuzzle, npuzzle.cli, npuzzle.research.batch, npuzzle.api; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert shown.strip() == "[]"


MODULE_LINES = 500
"""The most lines a module of the package may have: past it, a module holds more than one job to tell apart."""


def test_no_module_is_over_the_line_limit() -> None:
    sizes = {module_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")}
    assert sizes["npuzzle.pdb.search"] > 0
    over = {name: lines for name, lines in sizes.items() if lines > MODULE_LINES}
    assert not over, f"modules over {MODULE_LINES} lines: {over}"


DOCSTRING_LINES = 25
"""The most lines a module's docstring may have: what it holds, units, complexity; rationale and figures go to docs/."""


def test_no_module_docstring_is_over_the_line_limit() -> None:
    lengths = {}
    for path in PACKAGE.rglob("*.py"):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
        lengths[module_name(path)] = len((doc or "").strip("\n").splitlines())
    assert lengths["npuzzle.pdb.search"] > 1
    over = {name: lines for name, lines in lengths.items() if lines > DOCSTRING_LINES}
    assert not over, f"module docstrings over {DOCSTRING_LINES} lines: {over}"


REFERENCE = re.compile(r":(?:mod|func|data|class|meth|attr|exc):`~?(npuzzle(?:\.\w+)+)`")


def resolves(name: str) -> bool:
    """Whether the dotted ``name`` is a module of the package or a name in one (a dataclass field counts)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            fields = getattr(found, "__dataclass_fields__", {})
            if not hasattr(found, part) and part not in fields:
                return False
            found = getattr(found, part, None)
        return True
    return False


def test_every_cross_reference_in_a_docstring_names_what_exists() -> None:
    broken = [
        f"{path.relative_to(PACKAGE.parent)}: {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in REFERENCE.findall(path.read_text(encoding="utf-8"))
        if not resolves(name)
    ]
    assert broken == []


HOT_LOOPS = {
    "npuzzle.optimal.search._astar",
    "npuzzle.optimal.search._idastar",
    "npuzzle.optimal.walking_search._search",
    "npuzzle.pdb.loop_general.deepen_general",
    "npuzzle.pdb.loop_disjoint.deepen_disjoint",
    "npuzzle.pdb.mtm_search.deepen_mtm",
    "npuzzle.pdb.mtm_numba._iterate",
    "npuzzle.optimal.ida_numba._iterate",
    "npuzzle.nearoptimal.shorten.table_search",
}
"""The functions allowed past :data:`LONG_FUNCTION` lines: search loops written out for speed, each saying so."""

LONG_FUNCTION = 80
"""The most lines a function's code may take (its docstring aside) unless it is one of :data:`HOT_LOOPS`."""


def test_only_the_named_hot_loops_run_past_80_lines_and_each_says_what_it_is() -> None:
    long: dict[str, str] = {}
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            name = f"{module_name(path)}.{node.name}"
            found.add(name)
            first = node.body[0]
            docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            lines = node.end_lineno - node.lineno + 1 - (first.end_lineno - first.lineno + 1 if docstring else 0)
            if lines > LONG_FUNCTION:
                long[name] = ast.get_source_segment(source, node) or ""
    assert set(long) <= HOT_LOOPS, f"split by phase (or name a hot loop): {sorted(set(long) - HOT_LOOPS)}"
    assert HOT_LOOPS <= found, f"no longer there: {sorted(HOT_LOOPS - found)}"
    silent = [name for name, code in long.items() if not re.search(r"written out", code, re.IGNORECASE)]
    assert not silent, f"a hot loop says in one line that it is written out for speed: {silent}"
