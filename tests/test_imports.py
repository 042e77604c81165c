"""The import graph of src/backlands, read with ast (nothing is imported).

Rule: no module may import (at module level or inside a function) a module that imports it
back, directly or through others. Imports under ``if TYPE_CHECKING:`` do not count: they
never run. The command line imports no private module (a name segment starting with ``_``)
and no private name of the library: it is a client of the public API.

Importing ``backlands.a.b`` runs ``backlands/__init__.py`` and ``backlands/a/__init__.py``
first; those implicit parent imports are not edges (every module would otherwise "import"
its package). ``from PKG import name`` is an edge to ``PKG.name`` when that is a module,
and to ``PKG`` otherwise.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import attrs

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "backlands"


@attrs.frozen
class Import:
    """One import statement's edge: ``source`` imports ``target`` (both module names)."""

    source: str
    target: str
    line: int
    in_function: bool
    names: tuple[str, ...] = ()  # for ``from target import a, b``: the names imported

    def __str__(self) -> str:
        where = ", inside a function" if self.in_function else ""
        return f"line {self.line}{where}"


def modules() -> dict[str, Path]:
    """Every module of the package: dotted name -> file."""
    found: dict[str, Path] = {}
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(
    body: list[ast.stmt], in_function: bool = False, *, type_checking: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement in ``body``, nested ones included, with whether it is inside
    a function; the bodies of ``if TYPE_CHECKING:`` are skipped (their ``else`` is not)
    unless ``type_checking``."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, in_function
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not type_checking:
            yield from _statements(node.orelse, in_function)
        else:
            inside = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                children = getattr(node, field, None)
                if isinstance(children, list):
                    statements = [c for c in children if isinstance(c, ast.stmt)]
                    for child in children:  # except handlers and match cases hold bodies
                        if isinstance(child, ast.excepthandler | ast.match_case):
                            statements.extend(child.body)
                    yield from _statements(statements, inside, type_checking=type_checking)


def imports_of(
    module: str,
    source: str,
    known: set[str],
    *,
    is_package: bool = False,
    type_checking: bool = False,
) -> list[Import]:
    """The imports of package modules (those in ``known``) made by ``module``; those under
    ``if TYPE_CHECKING:`` only when ``type_checking``."""
    found: list[Import] = []
    tree = ast.parse(source)
    for node, in_function in _statements(tree.body, type_checking=type_checking):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    found.append(Import(module, alias.name, node.lineno, in_function))
            continue
        if node.level:
            package = module if is_package else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{node.module}" if node.module else package
        else:
            base = node.module or ""
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            target = submodule if submodule in known else base
            if target in known:
                names = () if target == submodule else (alias.name,)
                found.append(Import(module, target, node.lineno, in_function, names))
    return found


def import_graph() -> dict[str, list[Import]]:
    """Module -> its imports of other package modules."""
    files = modules()
    known = set(files)
    return {
        name: imports_of(
            name, path.read_text(encoding="utf-8"), known, is_package=path.name == "__init__.py"
        )
        for name, path in files.items()
    }


def cycles(graph: dict[str, list[Import]]) -> list[list[Import]]:
    """Every elementary cycle, each as its edges, starting at its smallest module."""
    edges: dict[str, dict[str, Import]] = {}
    for source, imports in graph.items():
        for edge in imports:  # the first import of each target stands for all
            edges.setdefault(source, {}).setdefault(edge.target, edge)
    importers: dict[str, set[str]] = {}
    for source, targets in edges.items():
        for target in targets:
            importers.setdefault(target, set()).add(source)
    found: list[list[Import]] = []
    order = sorted(graph)
    for start in order:
        # cycles through ``start`` and modules after it only: each cycle found once; and
        # through modules that lead back to ``start`` only, so that the walk never follows
        # a path that cannot close (without it, the walk is exponential in the modules)
        allowed = {name for name in order if name >= start}
        back = {start}
        todo = [start]
        while todo:
            for source in importers.get(todo.pop(), ()):
                if source in allowed and source not in back:
                    back.add(source)
                    todo.append(source)
        stack: list[tuple[str, list[Import]]] = [(start, [])]
        while stack:
            node, path = stack.pop()
            for target, edge in sorted(edges.get(node, {}).items()):
                if target == start:
                    found.append([*path, edge])
                elif target in back and all(e.target != target for e in path):
                    stack.append((target, [*path, edge]))
    return sorted(found, key=lambda cycle: [e.source for e in cycle])


def show(cycle: list[Import]) -> str:
    steps = "".join(f" -> {edge.target} ({edge})" for edge in cycle)
    return cycle[0].source + steps


# --------------------------------------------------------------------------- tests


def test_the_walker_sees_every_import_but_type_checking_ones() -> None:
    known = {
        "backlands",
        "backlands.agents",
        "backlands.cli",
        "backlands.deck",
        "backlands.engine",
        "backlands.engine.game",
        "backlands.engine.record",
        "backlands.report",
        "backlands._loader",
        "backlands.simulation",
    }
    source = """\
import typing
from typing import TYPE_CHECKING
import backlands.deck
from . import deck, __version__
from .engine import game as g, Game
if TYPE_CHECKING:
    from .cli import main
if typing.TYPE_CHECKING:
    from . import report
else:
    from . import agents
def f():
    try:
        from ._loader import load_cards
    except ImportError:
        import backlands.engine.record
class C:
    from ..elsewhere import thing
"""
    found = imports_of("backlands.simulation", source, known)
    with_types = imports_of("backlands.simulation", source, known, type_checking=True)
    assert {i.target for i in with_types} - {i.target for i in found} == {
        "backlands.cli",
        "backlands.report",
    }
    assert [(i.target, i.line, i.in_function, i.names) for i in found] == [
        ("backlands.deck", 3, False, ()),
        ("backlands.deck", 4, False, ()),
        ("backlands", 4, False, ("__version__",)),
        ("backlands.engine.game", 5, False, ()),
        ("backlands.engine", 5, False, ("Game",)),
        ("backlands.agents", 11, False, ()),
        ("backlands._loader", 14, True, ("load_cards",)),
        ("backlands.engine.record", 16, True, ()),
    ]
    assert imports_of("backlands.engine", "from . import game\n", known, is_package=True) == [
        Import("backlands.engine", "backlands.engine.game", 1, False)
    ]


def test_the_cycle_finder_finds_each_cycle_once() -> None:
    def edge(source: str, target: str) -> Import:
        return Import(source, target, 1, False)

    graph = {
        "a": [edge("a", "b")],
        "b": [edge("b", "a"), edge("b", "c")],
        "c": [edge("c", "a"), edge("c", "c")],
        "d": [edge("d", "a")],
    }
    assert [[e.source for e in cycle] for cycle in cycles(graph)] == [
        ["a", "b"],
        ["a", "b", "c"],
        ["c"],
    ]


def test_the_graph_covers_every_module() -> None:
    graph = import_graph()
    assert {"backlands", "backlands.cli", "backlands.engine", "backlands.engine.game"} <= set(graph)
    # an import inside a function counts: load_deck imports the YAML parser when called
    assert any(e.target == "backlands._deckfile" and e.in_function for e in graph["backlands.deck"])


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    for cycle in found:
        print("import cycle:", show(cycle))
    assert not found, f"{len(found)} import cycle(s):\n" + "\n".join(show(c) for c in found)


def _in_cli(module: str) -> bool:
    return module == f"{PACKAGE}.cli" or module.startswith(f"{PACKAGE}.cli.")


def test_the_cli_imports_only_public_modules_and_names() -> None:
    """Type-only imports included: the command line is a client of the public API. It is
    the package ``backlands.cli``: every module of it is checked, and what its modules
    import from one another (its own private helpers) is its own business."""
    files = modules()
    cli = [name for name in files if _in_cli(name)]
    assert f"{PACKAGE}.cli" in cli
    private: list[str] = []
    for module in cli:
        path = files[module]
        source = path.read_text(encoding="utf-8")
        is_package = path.name == "__init__.py"
        edges = imports_of(module, source, set(files), is_package=is_package, type_checking=True)
        for edge in edges:
            if _in_cli(edge.target):
                continue
            where = f"{module} line {edge.line}"
            if any(part.startswith("_") for part in edge.target.split(".")):
                private.append(f"{where}: module {edge.target}")
            for name in edge.names:
                if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                    private.append(f"{where}: {name} from {edge.target}")
    assert not private, "the CLI imports private parts of backlands:\n" + "\n".join(private)
