"""The import graph of dpproofs: no circles, and layers imported only downwards.

The layers are those of docs/architecture.md. Every import counts: at the top of a module, inside a
function (a deferred import is still a dependency), and under ``if TYPE_CHECKING``. ``from P import
name`` is an edge to the module ``P.name`` when that is a module, else to ``P`` itself (a package's
``__init__``). A relative import is resolved against the importing module's package (and is
forbidden: the package spells every import in full). A string literal that is exactly the dotted
name of a dpproofs module (``importlib.import_module("dpproofs.x")``, ``__import__``, a lazy
export table, a fork-server preload list) is an edge too; an import whose module name is computed
(``import_module(f"dpproofs.{x}")``) cannot be followed, so it is allowed only in ``dpproofs.lazy``,
whose tables are such literals; ``exec`` and ``eval`` (code text, whose imports cannot be read) are
faults too. What no reading of the text can see (``runpy``, a file loaded by its path, pickles)
is left to review. Importing ``dpproofs.a.b`` also runs
``dpproofs/a/__init__.py`` first, so a circle through a package's ``__init__`` counts (see
``with_packages``). The package root ``dpproofs/__init__.py``
(the public facade, lazy re-exports) and ``__main__`` are outside the layers; nothing inside the
package may import the root's names.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dpproofs"

#: Lowest first. A module may import modules of its own layer and of the layers before it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("leaves", ("errors", "lazy", "version", "deadline", "atomic")),
    ("exact", ("exact",)),
    ("core", ()),  # every other top-level module
    ("deciders", ("finite", "symbolic", "search", "steps", "accounting", "continuum", "entropic")),
    ("run", ("run",)),
    ("checkers", ("recheck", "soundness")),
    ("views", ("views",)),
    ("integrations", ("testing", "pytest_plugin", "oneline")),
    ("cli", ("cli",)),
)
FACADES = ("dpproofs", "dpproofs.__main__")


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _ours(name: str) -> bool:
    return name == "dpproofs" or name.startswith("dpproofs.")


def _target(name: str) -> str:
    """The module an import of ``name`` (a dpproofs name) runs: the longest known prefix."""
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


#: Calls that import the module their first argument names.
IMPORTERS = ("import_module", "__import__")
#: Builtins that run code text, whose imports no reading of this module can see.
RUNNERS = ("exec", "eval")
#: The modules allowed to run code text, and why it imports nothing.
RUNS_TEXT = {
    "dpproofs.run.selection": "the -k matcher evals a text of True, False, and, or, not, ( and )"
}
#: The modules allowed to import a module whose name they compute (from tables of literals).
COMPUTED_IMPORTS = frozenset({"dpproofs.lazy"})


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements (docstrings)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def read_imports(source: str, module: str, package: str) -> tuple[set[str], list[str]]:
    """(the dpproofs modules ``source`` imports, wherever the statement or call is; its faults:
    relative imports and imports of a computed module name). ``package`` is the package a
    relative import starts from."""
    tree = ast.parse(source)
    edges: set[str] = set()
    faults: list[str] = []
    docstrings = _docstrings(tree)
    importers = set(IMPORTERS) | {  # from importlib import import_module as load
        alias.asname
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "importlib"
        for alias in node.names
        if alias.name in IMPORTERS and alias.asname
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            edges |= {_target(a.name) for a in node.names if _ours(a.name)}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                faults.append(f"{module}:{node.lineno}: relative import")
                start = package.rsplit(".", node.level - 1)[0]
                base = f"{start}.{base}" if base else start
            if not _ours(base):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                edges.add(full if full in MODULES else _target(base))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # a dotted module name ("dpproofs" alone is also the program's and distribution's)
            if "." in node.value and node.value in MODULES and id(node) not in docstrings:
                edges.add(node.value)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0] if node.args else None
            if isinstance(func, ast.Name) and name in RUNNERS and module not in RUNS_TEXT:
                faults.append(f"{module}:{node.lineno}: {name} of code text")
            if name not in importers:
                continue
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if _ours(first.value):
                    edges.add(_target(first.value))
            elif module not in COMPUTED_IMPORTS:
                faults.append(f"{module}:{node.lineno}: {name} of a computed name")
    edges.discard(module)
    return edges, faults


def _read(module: str) -> tuple[set[str], list[str]]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return read_imports(path.read_text(), module, package)


def _packages(name: str) -> list[str]:
    """The packages below dpproofs that hold ``name`` (dpproofs.a.b.c: dpproofs.a, dpproofs.a.b)."""
    parts = name.split(".")
    return [".".join(parts[:cut]) for cut in range(2, len(parts))]


def with_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """``graph`` and the imports Python makes on the way: importing ``dpproofs.a.b.c`` first runs
    the packages ``dpproofs.a`` and ``dpproofs.a.b`` (their ``__init__``), which may import more.
    A package the importer is itself inside has run already and adds no edge."""
    return {
        module: edges
        | {
            package
            for edge in edges
            for package in _packages(edge)
            if module != package and not module.startswith(f"{package}.")
        }
        for module, edges in graph.items()
    }


READ = {module: _read(module) for module in MODULES}
GRAPH = with_packages({module: edges for module, (edges, _) in READ.items()})


def layer(module: str) -> int:
    """The index in LAYERS of ``module``'s layer."""
    top = module.split(".")[1]
    for index, (_, members) in enumerate(LAYERS):
        if top in members:
            return index
    assert (PACKAGE / f"{top}.py").exists(), f"{module}: a folder that is in no layer"
    return [name for name, _ in LAYERS].index("core")


@pytest.mark.parametrize(
    ("source", "edge"),
    [
        ("import dpproofs.cli.main as entry", "dpproofs.cli.main"),
        ("from dpproofs.cli import verify as v", "dpproofs.cli.verify"),
        ("from dpproofs.cli.verify import run", "dpproofs.cli.verify"),
        ("import dpproofs.cli.no_such_module", "dpproofs.cli"),
        ("class A:\n    from dpproofs.views import terminal", "dpproofs.views.terminal"),
        ("def f():\n    import dpproofs.views.html", "dpproofs.views.html"),
        ("f = lambda: __import__('dpproofs.views.html')", "dpproofs.views.html"),
        ("import importlib\nimportlib.import_module('dpproofs.cli.verify')", "dpproofs.cli.verify"),
        ("from importlib import import_module as load\nload('dpproofs')", "dpproofs"),
        ("TABLE = {'verify': 'dpproofs.cli.verify'}", "dpproofs.cli.verify"),
        ("import sys\nm = sys.modules['dpproofs.views.svg']", "dpproofs.views.svg"),
        ("if TYPE_CHECKING:\n    import dpproofs.run", "dpproofs.run"),
        ("try:\n    import dpproofs.views\nexcept ImportError:\n    pass", "dpproofs.views"),
        ("from . import terminal", "dpproofs.views.terminal"),
        ("from .. import cli", "dpproofs.cli"),
        ("from ..cli.main import main", "dpproofs.cli.main"),
    ],
)
def test_every_way_of_importing_is_an_edge(source: str, edge: str) -> None:
    """Each spelling of an import (in a module of dpproofs.views) is an edge."""
    edges, _ = read_imports(source, "dpproofs.views.x", "dpproofs.views")
    assert edge in edges


@pytest.mark.parametrize(
    ("source", "fault"),
    [
        ("from . import terminal", "relative import"),
        ("import importlib\nimportlib.import_module(f'dpproofs.{name}')", "import_module of a"),
        ("from importlib import import_module as load\nload(name)", "load of a computed name"),
        ("__import__('dpproofs.' + name)", "__import__ of a computed name"),
        ("exec('import dpproofs.cli')", "exec of code text"),
        ("eval(source)", "eval of code text"),
    ],
)
def test_an_import_that_cannot_be_followed_is_a_fault(source: str, fault: str) -> None:
    _, faults = read_imports(source, "dpproofs.views.x", "dpproofs.views")
    assert len(faults) == 1
    assert fault in faults[0]


def test_names_that_are_no_import_are_no_edge() -> None:
    """A docstring naming a module, the program's name, a sibling distribution's name."""
    source = '"""dpproofs.cli.main"""\nimport dpproofsx\nPROG = "dpproofs"\nX = "dpproofs.cli.nope"'
    assert read_imports(source, "dpproofs.views.x", "dpproofs.views") == (set(), [])


def test_no_relative_or_computed_imports() -> None:
    assert [fault for _, faults in READ.values() for fault in faults] == []


def test_every_module_is_read() -> None:
    assert len(MODULES) > 150
    assert "dpproofs.search.model" in GRAPH["dpproofs.search.engine"]
    # a deferred import inside a function counts
    assert "dpproofs.search.onesize" in GRAPH["dpproofs.search.lifting"]
    # a module named in a string: the fork server's preload list, a lazy export table
    assert "dpproofs.search" in GRAPH["dpproofs.run.isolation"]
    assert "dpproofs.finite.information" in GRAPH["dpproofs.finite"]


def _cycles() -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles() -> None:
    assert _cycles() == []


def test_a_circle_would_be_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GRAPH, "dpproofs.deadline", {"dpproofs.claim"})
    assert ["dpproofs.claim", "dpproofs.deadline"] in _cycles()


def test_a_circle_through_a_package_init_would_be_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """dpproofs.finite.x imports dpproofs.search.domains, which runs dpproofs/search/__init__.py,
    which imports dpproofs.search.forall, which imports dpproofs.finite.x: a circle no import
    statement names."""
    direct = {
        "dpproofs.finite": set(),
        "dpproofs.finite.x": {"dpproofs.search.domains"},
        "dpproofs.search.domains": set(),
        "dpproofs.search": {"dpproofs.search.forall"},
        "dpproofs.search.forall": {"dpproofs.finite.x", "dpproofs.search.domains"},
    }
    assert with_packages(direct)["dpproofs.finite.x"] == {
        "dpproofs.search.domains",
        "dpproofs.search",
    }
    # the package a module lives in is no edge (it ran before the module)
    assert with_packages(direct)["dpproofs.search.forall"] == direct["dpproofs.search.forall"] | {
        "dpproofs.finite"
    }
    monkeypatch.setattr(sys.modules[__name__], "GRAPH", with_packages(direct))
    assert _cycles() == [["dpproofs.finite.x", "dpproofs.search", "dpproofs.search.forall"]]


def test_layers_are_imported_downwards_only() -> None:
    upward = [
        f"{m} ({LAYERS[layer(m)][0]}) imports {t} ({LAYERS[layer(t)][0]})"
        for m in sorted(GRAPH)
        if m not in FACADES
        for t in sorted(GRAPH[m])
        if t not in FACADES and layer(t) > layer(m)
    ]
    assert upward == []


def test_the_leaves_import_nothing_of_dpproofs() -> None:
    """docs/architecture.md: the leaves import no dpproofs module (not even another leaf), so that
    any module may import them without a circle."""
    leaves = [f"dpproofs.{name}" for name in LAYERS[0][1]]
    assert {leaf: GRAPH[leaf] for leaf in leaves} == {leaf: set() for leaf in leaves}


def test_nothing_inside_imports_the_facade() -> None:
    inside = [m for m in sorted(GRAPH) if m not in FACADES and GRAPH[m] & set(FACADES)]
    assert inside == []


def test_the_search_model_imports_nothing_of_the_engine() -> None:
    """The claim model (what a search claim is) reads no engine module; the engine modules and
    the steps it calls (lifting, eps boxes, one size) never import the engine or the front door."""
    model = {"dpproofs.search.model", "dpproofs.search.trace", "dpproofs.search.objects"}
    engine = {
        "dpproofs.search.engine",
        "dpproofs.search.by_size",
        "dpproofs.search.onesize",
        "dpproofs.search.lifting",
        "dpproofs.search.epsboxes",
        "dpproofs.search.session",
    }
    for module in model:
        assert not GRAPH[module] & (engine | {"dpproofs.search.forall"}), module
    for module in engine - {"dpproofs.search.engine"}:
        assert not GRAPH[module] & {"dpproofs.search.engine", "dpproofs.search.forall"}, module
