"""Group the package root's modules into subpackages named for their users (issue 52, item 5): a migration.

Run from a clean checkout (``python scripts/regroup_package.py``): it

1. ``git mv``s each module of :data:`GROUPS` from ``py/npuzzle/`` into its subpackage (a folder, ``watch/`` too) and
   writes each subpackage's ``__init__.py``: its docstring only, so that importing one module of a group imports
   no other (the page's wheel holds what ``npuzzle.api`` reaches, module by module);
2. rewrites every reference to a moved module in the tracked ``.py``, ``.md``, ``.toml``, ``.sh``, ``.js``,
   ``.mjs`` and ``.html`` files: ``from … import`` statements, relative (resolved from the file's old place,
   written from its new one) and absolute (``from npuzzle import batch`` too); dotted names anywhere
   (``import npuzzle.search``, ``"npuzzle.solve.plan"`` in a monkeypatch, ``:mod:`npuzzle.records```, docs; in
   ``web/`` only on comment lines); file paths (``py/npuzzle/search.py``, ``PACKAGE / "registry.py"``); a
   markdown page's backquoted bare file name where only one file has that name;
3. breaks the prose lines it made longer than 120 (docstrings, comments; a markdown paragraph only where that adds
   no line), sorts and formats the imports it touched (``ruff check --select I --fix``, ``ruff format``), and checks
   that every import of the package names a module that exists.

It is idempotent: a second run finds nothing to move or rewrite (``--check`` says whether anything would change,
exit status 1 if so). What it cannot decide it lists at the end (a bare file name that more than one file has,
a module left at the root that no group names, a line still too long): read those by hand. To move a module that
a newer main adds at the root, name it in :data:`GROUPS` and run again.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py" / "npuzzle"

GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "optimal": (
        '''"""The optimal searches and what they stand on: A* and IDA* (``search``), their heuristics (``heuristics``;
walking distance in ``walking``, with its own IDA* in ``walking_search``), the packed states they search
(``packing``) and the two ways of counting their moves, single tiles or whole lines (``metric``), the limits and the
replay every optimal search shares (``checkpoint``; the bookkeeping of the IDA*s written out for speed in
``ida_counts``), and what A* and IDA* show an observer (``observe``, over the
updatable heap of ``heap``).

It imports only the package root's modules; ``pdb/`` and ``nearoptimal/`` build on it. A folder, not a face: its
modules are imported by name."""
''',
        (
            "packing",
            "metric",
            "checkpoint",
            "ida_counts",
            "heap",
            "observe",
            "heuristics",
            "walking",
            "walking_search",
            "search",
        ),
    ),
    "solving": (
        '''"""The front door and what it chooses from: ``solve`` (``solve``, ``plan`` and ``compare``, re-exported at
the root: ``auto`` resolved, unsolvable boards refused, the search started), ``registry`` (the heuristics and
specialised solvers on offer), ``multitile`` (solving in line moves), ``fallback`` (an optimal search that gives way
to the near-optimal solver) and ``records`` (a batch line's board solved into its JSON record, in whichever process
runs it).

Above ``optimal/``, ``pdb/``, ``nearoptimal/`` and ``policy/``; the page, the command line and the groups for
players, researchers and students call it. A folder, not a face: its modules are imported by name."""
''',
        ("solve", "registry", "multitile", "fallback", "records"),
    ),
    "speedsolving": (
        '''"""For players and speedsolvers (docs/speedsolving.md): fair scrambles dealt from a seed (``scrambles``),
reconstructions written and read (``reconstruction``), a solve analysed against the optimum (``analysis``, with the
bounds it keeps along the moves in ``walked_bounds``) and a hint's next move (``hint``).

A folder, not a face: its modules are imported by name."""
''',
        ("scrambles", "reconstruction", "analysis", "walked_bounds", "hint"),
    ),
    "research": (
        '''"""For researchers (docs/research.md): every state of a small board by one breadth-first search
(``exhaustive``), a board's distance as cheaply as it is known (``labels``), datasets of solved boards (``dataset``)
and their files (``datafiles``, over the appended line files of ``linefile``), many boards solved at once
(``batch``: ``npuzzle solve --batch``, in worker processes or on a Dask cluster) and the benchmark instance sets
(``instances``).

The page imports none of it. A folder, not a face: its modules are imported by name."""
''',
        ("exhaustive", "labels", "dataset", "datafiles", "linefile", "batch", "instances"),
    ),
    "parallel": (
        '''"""What work spread over processes stands on: worker processes started and ended together (``workers``),
Ctrl-C held back while the main thread handles their queues (``interrupts``) and one writer per output file
(``writelock``).

Below ``pdb/`` (its builds and its split over processes); ``research/batch`` and ``cluster/`` use it too. A folder,
not a face: its modules are imported by name."""
''',
        ("workers", "interrupts", "writelock"),
    ),
    "course": (
        '''"""For students: the parity rule at work on one board (``lesson``), the board the heuristics are compared on
(``compare_board``), A* and IDA* as the textbooks write them (``reference``: read these first; the tests hold the
tuned searches of ``optimal/`` to them) and a search watched one expansion at a time (``watch/``, docs/watch.md).

A folder, not a face: its modules are imported by name."""
''',
        ("lesson", "compare_board", "reference", "watch"),
    ),
}
"""Each subpackage: its ``__init__.py`` (a docstring) and the root modules (or, ``watch``, the subpackage) it takes."""

SUFFIXES = {".py", ".md", ".toml", ".sh", ".js", ".mjs", ".html"}
"""The tracked files whose text is rewritten."""

COMMENT = re.compile(r"^\s*(//|/\*|\*)")
"""A comment line of a JavaScript or HTML file: the only lines rewritten under ``web/``."""


def moves() -> dict[str, str]:
    """Old dotted name → new, for every moved name under ``npuzzle`` (a package's submodules follow it by prefix)."""
    return {f"npuzzle.{name}": f"npuzzle.{group}.{name}" for group, (_, names) in GROUPS.items() for name in names}


MOVES = moves()


def renamed(name: str) -> str:
    """Where the module (or package) ``name`` is after the move; ``name`` itself when it does not move."""
    for old, new in MOVES.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old) :]
    return name


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def tracked(*paths: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / p for p in out.stdout.split("\0") if p]


@dataclass
class Report:
    """What a run did and what it leaves to a person."""

    moved: list[str] = field(default_factory=list)
    rewritten: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


ROOT_MODULES = ("errors", "board", "parse", "interchange", "solvability", "randomize", "names", "progress")
"""The modules that stay at the root: the words a user meets, and the contract every search keeps. They import no
subpackage."""


# --- 1. the moves ----------------------------------------------------------------------------------------------------


def planned_moves(report: Report) -> list[tuple[Path, Path]]:
    """The ``git mv``s still to make (source, destination); refuses a module found at both places."""
    todo = []
    for old, new in MOVES.items():
        stem, group = old.split(".")[1], new.split(".")[1]
        places = [(PACKAGE / f"{stem}.py", PACKAGE / group / f"{stem}.py"), (PACKAGE / stem, PACKAGE / group / stem)]
        for src, dst in places:
            if src.exists() and dst.exists():
                raise SystemExit(f"{src.relative_to(ROOT)} and {dst.relative_to(ROOT)} both exist: merge them first")
            if src.exists():
                todo.append((src, dst))
        if not any(p.exists() for pair in places for p in pair):
            report.note(f"{old}: no such module (gone from main?): GROUPS names it for nothing")
    known = {old.split(".")[1] for old in MOVES} | {"__init__", "__main__", *ROOT_MODULES}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.stem not in known:
            report.note(f"py/npuzzle/{path.name}: a root module GROUPS does not name (new on main?): left at the root")
    return todo


def old_names() -> dict[Path, str]:
    """Every Python file of the package, by the path it has after the moves → its module name before them."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        old = module_name(path)
        parts = renamed(old).split(".")
        names[
            PACKAGE.parent.joinpath(*parts, "__init__.py")
            if path.name == "__init__.py"
            else PACKAGE.parent.joinpath(*parts).with_suffix(".py")
        ] = old
    return names


def apply_moves(todo: list[tuple[Path, Path]], report: Report) -> None:
    for group, (doc, _) in GROUPS.items():
        init = PACKAGE / group / "__init__.py"
        if not init.exists() and any(dst.parent == init.parent for _, dst in todo):
            init.parent.mkdir(exist_ok=True)
            init.write_text(doc, encoding="utf-8")
            subprocess.run(["git", "add", str(init)], cwd=ROOT, check=True)
            report.moved.append(f"new {init.relative_to(ROOT)}")
    for src, dst in todo:
        subprocess.run(["git", "mv", str(src), str(dst)], cwd=ROOT, check=True)
        report.moved.append(f"{src.relative_to(ROOT)} → {dst.relative_to(ROOT)}")


# --- 2. the rewrites -------------------------------------------------------------------------------------------------


def import_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The module a ``from … import`` in ``module`` imports from, its relative dots resolved."""
    if not node.level:
        return node.module or ""
    anchor = (module if is_package else module.rpartition(".")[0]).split(".")
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, node.module] if node.module else anchor)


def relative(package: str, target: str) -> str:
    """``target`` as a relative import's module from inside ``package``: ``..optimal.search``, ``.``, ``..``."""
    here, there = package.split("."), target.split(".")
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "." * (len(here) - common + 1) + ".".join(there[common:])


def public_names() -> set[str]:
    """The names ``npuzzle/__init__.py`` exports (``__all__``): ``from npuzzle import solve`` is the function."""
    for node in ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    return set()


NAMES = "|".join(sorted((old.split(".", 1)[1] for old in MOVES), key=len, reverse=True))
DOTTED = re.compile(rf"(?<![\w.])npuzzle\.(?P<name>{NAMES})(?![\w])")
"""A moved module's dotted name: ``npuzzle.search``, ``npuzzle.watch.run`` (not ``npuzzle.walking_search``'s start)."""
PATHS = re.compile(rf"(?<![\w.])npuzzle/(?P<name>{NAMES})(?=\.pyc?\b|/)")
"""A moved module's file path: ``py/npuzzle/search.py``, ``npuzzle/watch/run.py``."""
PATH_EXPRESSION = re.compile(rf'(?P<left>(?:PACKAGE|"npuzzle")\s*/\s*)"(?P<name>{NAMES})\.py"')
"""A moved module's path built in Python: ``PACKAGE / "registry.py"``."""


FROM = re.compile(r"from\s+(\.*[\w.]*)\s+import\b")


@dataclass(frozen=True)
class Place:
    """A Python file's module name before the move and after it (both empty outside the package)."""

    old: str
    new: str
    is_package: bool


def rewrite_imports(text: str, place: Place, modules: set[str], public: set[str]) -> str:
    """``text`` with each ``from … import`` of the package naming where its modules are now (relative ones written
    from the file's new place)."""
    new_package = place.new if place.is_package else place.new.rpartition(".")[0]
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []  # line index, column of the statement (-1: the whole line), new text
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.ImportFrom) or node.module == "__future__" or (node.level and not place.old):
            continue
        base = import_base(place.old, place.is_package, node)
        if base != "npuzzle" and not base.startswith("npuzzle."):
            continue
        heads: dict[str, list[ast.alias]] = {}
        for alias in node.names:
            full = f"{base}.{alias.name}"
            submodule = full in modules and not (base == "npuzzle" and alias.name in public)
            target = renamed(full).rpartition(".")[0] if submodule else renamed(base)
            heads.setdefault(target, []).append(alias)
        written = {t: relative(new_package, t) if node.level else t for t in heads}
        line = lines[node.lineno - 1]
        match = FROM.match(line, node.col_offset)
        if match is None:
            raise SystemExit(f"{place.new}: line {node.lineno}: an import this script cannot read: {line.strip()}")
        if len(written) == 1:
            (head,) = written.values()
            if head != match.group(1):
                edits.append((node.lineno - 1, node.col_offset, head))
            continue
        if node.end_lineno != node.lineno:
            raise SystemExit(f"{place.new}: line {node.lineno}: split this import by hand (its names moved apart)")
        indent = line[: node.col_offset]
        parts = [
            f"from {written[t]} import " + ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in names)
            for t, names in heads.items()
        ]
        edits.append((node.lineno - 1, -1, indent + ("\n" + indent).join(parts) + line[node.end_col_offset :]))
    for index, column, replacement in sorted(edits, reverse=True):
        if column < 0:
            lines[index] = replacement
            continue
        match = FROM.match(lines[index], column)
        assert match is not None
        lines[index] = lines[index][: match.start(1)] + replacement + lines[index][match.end(1) :]
    return "".join(lines)


def rewrite_names(text: str, where: str, report: Report) -> str:
    """Dotted names and file paths of moved modules in ``text`` written anew."""

    def dotted(match: re.Match[str]) -> str:
        before, after = match.string[max(0, match.start() - 7) : match.start()], match.string[match.end() :]
        function = after[:1] == "(" or (after[:1] == "`" and before.endswith((":func:`", ":func:`~")))
        if match.group("name") == "solve" and function:
            report.note(f"{where}: `npuzzle.solve` left as it is where it is the function (re-exported at the root)")
            return match.group(0)
        return renamed(match.group(0))

    def path(match: re.Match[str]) -> str:
        return "npuzzle/" + renamed("npuzzle." + match.group("name")).split(".", 1)[1].replace(".", "/")

    def expression(match: re.Match[str]) -> str:
        group = renamed("npuzzle." + match.group("name")).split(".")[1]
        return f'{match.group("left")}"{group}" / "{match.group("name")}.py"'

    text = DOTTED.sub(dotted, text)
    text = PATHS.sub(path, text)
    return PATH_EXPRESSION.sub(expression, text)


def bare_names() -> tuple[dict[str, str], set[str]]:
    """Moved modules' file names that name one file only (``registry.py`` → ``solving/registry.py``); and those that
    name more than one (``search.py``: also ``pdb/search.py`` and ``bench/search.py``)."""
    groups = {PACKAGE, *(PACKAGE / g for g in GROUPS)}
    elsewhere = {p.name for p in tracked() if p.suffix == ".py" and p.parent not in groups}
    paths = {f"{stem}.py": f"{group}/{stem}.py" for group, (_, stems) in GROUPS.items() for stem in stems}
    paths = {name: path for name, path in paths.items() if not (PACKAGE / path).with_suffix("").is_dir()}
    return {n: p for n, p in paths.items() if n not in elsewhere}, {n for n in paths if n in elsewhere}


def rewrite_markdown(text: str, where: str, report: Report, unique: dict[str, str], ambiguous: set[str]) -> str:
    """``text`` with each backquoted bare file name of a moved module given its folder, where only one file has that
    name (the others noted for a person)."""

    def bare(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in unique:
            return f"`{unique[name]}"
        if name in ambiguous:
            line = text.count("\n", 0, match.start()) + 1
            report.note(f"{where}:{line}: `{name}` names more than one file: say which by hand if it is the moved one")
        return match.group(0)

    return re.sub(r"`([a-z_]+\.py)(?=`|[ (:])", bare, text)


def rewritten(report: Report, old_of: dict[Path, str]) -> dict[Path, str]:
    """The tracked text files that change, with their new text."""
    modules = set(old_of.values())
    public = public_names()
    unique, ambiguous = bare_names()
    changed = {}
    for path in tracked():
        if path.suffix not in SUFFIXES or not path.exists() or path == Path(__file__).resolve():
            continue
        where = str(path.relative_to(ROOT))
        text = original = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            inside = PACKAGE in path.parents
            new = module_name(path) if inside else ""
            place = Place(old_of.get(path, new), new, path.name == "__init__.py")
            text = rewrite_imports(text, place, modules, public)
        if where.startswith("web/"):
            lines = text.splitlines(keepends=True)
            text = "".join(rewrite_names(line, where, report) if COMMENT.match(line) else line for line in lines)
        else:
            text = rewrite_names(text, where, report)
        if path.suffix == ".md":
            text = rewrite_markdown(text, where, report, unique, ambiguous)
        if text != original and path.suffix in (".py", ".md", ".js", ".mjs"):
            text = rewrap(text, original, where, path.suffix, report)
        if text != original:
            changed[path] = text
    return changed


WIDTH = 120
"""The longest line ruff allows (pyproject.toml); the docs' prose is wrapped at it too."""

BULLET = re.compile(r"\s*(?:[-*+]|\d+\.)\s")
"""The start of a list item: a line cut there would begin a new one."""


def cut(line: str, indent: int, quoted: bool) -> int | None:
    """Where to break ``line`` to fit :data:`WIDTH`: the last space before it that is outside backquotes (``quoted``:
    the line starts inside a quote its paragraph opened) and whose rest would not start a list item; None when there
    is none."""
    for at in range(min(len(line) - 1, WIDTH), indent, -1):
        if line[at] == " " and (line[:at].count("`") + quoted) % 2 == 0 and line[:at].strip():
            rest = line[at + 1 :].lstrip()
            if rest and not BULLET.match(rest) and not rest.startswith(("#", "|", ">", '"""')):
                return at
    return None


COMMENT_LINE = re.compile(r"\s*(?:#|//|\*)(?: |$)")
"""A line that is a comment: Python's ``#``, JavaScript's ``//`` and a JSDoc block's `` * ``."""


def continuation(line: str, comment: bool) -> str:
    """The indentation a wrapped line of ``line``'s paragraph takes (a comment's ``# ``, a list item's text)."""
    lead = line[: len(line) - len(line.lstrip())]
    if comment:
        start = COMMENT_LINE.match(line)
        return start.group(0) if start else lead
    item = BULLET.match(line)
    return " " * len(item.group(0)) if item else lead


def wrapped(lines: list[str], prose: list[str | None], before: set[str], where: str, report: Report) -> list[str]:
    """``lines`` (without their ends) with each line past :data:`WIDTH` in prose broken, its rest pushed into the next
    line of the same paragraph or onto a line of its own. ``prose[i]``: line ``i``'s kind (``"comment"``, ``"text"``)
    or None where it must not be touched (code, tables, code blocks); a line in ``before`` (there before the rewrite)
    is not broken."""
    out, kinds = list(lines), list(prose)
    i = 0
    while i < len(out):
        line = out[i]
        if len(line) > WIDTH and kinds[i] and line not in before:
            indent = continuation(line, kinds[i] == "comment")
            start = i
            while start > 0 and kinds[start - 1] == kinds[i] and out[start - 1].strip():
                start -= 1
            quoted = sum(out[j].count("`") for j in range(start, i)) % 2 == 1
            at = cut(line, len(indent) if kinds[i] == "comment" else len(line) - len(line.lstrip()), quoted)
            if at is None:
                report.note(f"{where}:{i + 1}: longer than {WIDTH} and no place to break it: by hand")
            else:
                head, rest = line[:at].rstrip(), line[at + 1 :].lstrip()
                nxt = out[i + 1] if i + 1 < len(out) else None
                joins = (
                    nxt is not None
                    and kinds[i + 1] == kinds[i]
                    and nxt.strip() not in ("", "#", '"""')
                    and not head.endswith("::")
                    and nxt.startswith(indent)
                    and not nxt[len(indent) :].startswith((" ", "#", "@", "/"))
                    and not BULLET.match(nxt[len(indent) - 1 :] if kinds[i] == "comment" else nxt)
                )
                out[i] = head
                if joins and nxt is not None:
                    out[i + 1] = indent + rest + " " + nxt[len(indent) :]
                else:
                    out.insert(i + 1, indent + rest)
                    kinds.insert(i + 1, kinds[i])
        i += 1
    return out


def python_prose(text: str) -> list[str | None]:
    """Each line's kind in a Python file: ``"comment"`` (a line that is a comment), ``"text"`` (a docstring's, a
    constant's or a module's or a function's) or None (code, and strings that are not docstrings: they may hold
    code)."""
    kinds: list[str | None] = [None] * (text.count("\n") + 1)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and COMMENT_LINE.match(token.line):
            kinds[token.start[0] - 1] = "comment"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for row in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                kinds[row - 1] = "text"
    return kinds


def markdown_prose(text: str) -> list[str | None]:
    """Each line's kind in a markdown page: ``"text"`` for prose, None for code blocks, tables and headings."""
    kinds: list[str | None] = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            kinds.append(None)
        else:
            kinds.append(None if fenced or line.lstrip().startswith(("|", "#")) else "text")
    return kinds


def script_prose(text: str) -> list[str | None]:
    """Each line's kind in a JavaScript file: ``"comment"`` for a comment line (``//``, a JSDoc block's `` * ``), None
    for the rest."""
    return ["comment" if COMMENT_LINE.match(line) else None for line in text.split("\n")]


def rewrap(text: str, original: str, where: str, suffix: str, report: Report) -> str:
    """``text`` with the over-long prose lines the rewrite made broken (see :func:`wrapped`); a markdown paragraph
    only where that takes no more lines than it had (pages with a length limit keep it; markdown is not linted)."""
    before = set(original.split("\n"))
    if not any(len(line) > WIDTH and line not in before for line in text.split("\n")):
        return text
    prose = {".py": python_prose, ".md": markdown_prose}.get(suffix, script_prose)
    kinds = prose(text)
    lines = text.split("\n")
    if suffix != ".md":
        return "\n".join(wrapped(lines, kinds, before, where, report))
    out: list[str] = []
    start = 0
    for end in [*(i for i, kind in enumerate(kinds) if not kind or not lines[i].strip()), len(lines)]:
        paragraph = lines[start:end]
        rewrapped = wrapped(paragraph, kinds[start:end], before, where, report)
        out += rewrapped if len(rewrapped) <= len(paragraph) else paragraph
        out += lines[end : end + 1]
        start = end + 1
    return "\n".join(out)


# --- 3. tidy and check -----------------------------------------------------------------------------------------------


def tidy(paths: list[Path], report: Report) -> None:
    """Sort the imports of the rewritten Python files and format them (as ``npm test``'s ruff checks them); note the
    lines still too long (in code: a string that holds code, say)."""
    python = [str(p) for p in paths if p.suffix == ".py"]
    if not python:
        return
    for command in (["check", "--select", "I", "--fix", "--quiet"], ["format", "--quiet"]):
        if subprocess.run([sys.executable, "-m", "ruff", *command, *python], cwd=ROOT).returncode:
            report.note(f"`ruff {command[0]}` did not finish cleanly on the rewritten files: run it and look")
    check = [sys.executable, "-m", "ruff", "check", "--select", "E501", "--output-format", "concise", *python]
    found = subprocess.run(check, cwd=ROOT, capture_output=True, text=True)
    for line in found.stdout.splitlines():
        if "E501" in line:
            report.note(f"{Path(line.split(':')[0]).resolve().relative_to(ROOT)}: {line.split(':', 1)[1]} (by hand)")


def unresolved() -> Iterator[str]:
    """Each import of the package (in py/, tests/, bench/, scripts/) that names a module that does not exist."""
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    for path in tracked("py", "tests", "bench", "scripts"):
        if path.suffix != ".py" or not path.exists():
            continue
        inside = PACKAGE in path.parents
        name = module_name(path) if inside else ""
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (inside or not node.level):
                base = import_base(name, path.name == "__init__.py", node)
                if (base == "npuzzle" or base.startswith("npuzzle.")) and base not in modules:
                    yield f"{path.relative_to(ROOT)}:{node.lineno}: from {base} import …"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("npuzzle.") and alias.name not in modules:
                        yield f"{path.relative_to(ROOT)}:{node.lineno}: import {alias.name}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a run would change something")
    parser.add_argument("--allow-dirty", action="store_true", help="run on a working tree with uncommitted changes")
    args = parser.parse_args(argv)
    report = Report()
    todo = planned_moves(report)
    if args.check:
        for src, dst in todo:
            print(f"would move {src.relative_to(ROOT)} → {dst.relative_to(ROOT)}")
        stale = [] if todo else sorted(rewritten(report, {}))
        for path in stale:
            print(f"would rewrite {path.relative_to(ROOT)}")
        return 1 if todo or stale else 0
    status = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True, check=True)
    if status.stdout.strip() and not args.allow_dirty:
        raise SystemExit("the working tree has uncommitted changes: commit or stash them first (or --allow-dirty)")
    old_of = old_names()
    apply_moves(todo, report)
    changed = rewritten(report, old_of)
    for path, text in changed.items():
        path.write_text(text, encoding="utf-8")
    tidy(sorted(changed), report)
    print(f"moved {sum('→' in m for m in report.moved)} modules, rewrote {len(changed)} files")
    for line in report.moved:
        print(f"  {line}")
    broken = list(unresolved())
    for line in broken:
        print(f"UNRESOLVED {line}")
    for line in report.notes:
        print(f"NOTE {line}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
