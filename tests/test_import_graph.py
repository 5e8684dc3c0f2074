"""The import graph of dpproofs: no circles, and layers imported only downwards.

The layers are those of docs/architecture.md. Every import counts: at the top of a module, inside a
function (a deferred import is still a dependency), and under ``if TYPE_CHECKING``. ``from P import
name`` is an edge to the module ``P.name`` when that is a module, else to ``P`` itself (a package's
``__init__``). The package root ``dpproofs/__init__.py`` (the public facade, lazy re-exports) and
``__main__`` are outside the layers; nothing inside the package may import the root's names.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dpproofs"

#: Lowest first. A module may import modules of its own layer and of the layers before it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("leaves", ("errors", "lazy", "version", "deadline", "atomic")),
    ("exact", ("exact",)),
    ("core", ()),  # every other top-level module
    ("deciders", ("finite", "symbolic", "search", "steps", "accounting")),
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


def _target(name: str) -> str:
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def imports_of(module: str) -> set[str]:
    """Every dpproofs module ``module`` imports, wherever the import statement is."""
    edges = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text())):
        if isinstance(node, ast.Import):
            edges |= {_target(a.name) for a in node.names if a.name.startswith("dpproofs")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dpproofs"):
            assert node.level == 0, f"{module}: relative import"
            base = node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}"
                edges.add(full if full in MODULES else _target(base))
    edges.discard(module)
    return edges


GRAPH = {module: imports_of(module) for module in MODULES}


def layer(module: str) -> int:
    """The index in LAYERS of ``module``'s layer."""
    top = module.split(".")[1]
    for index, (_, members) in enumerate(LAYERS):
        if top in members:
            return index
    assert (PACKAGE / f"{top}.py").exists(), f"{module}: a folder that is in no layer"
    return [name for name, _ in LAYERS].index("core")


def test_every_module_is_read() -> None:
    assert len(MODULES) > 150
    assert "dpproofs.search.model" in GRAPH["dpproofs.search.engine"]
    # a deferred import inside a function counts
    assert "dpproofs.search.onesize" in GRAPH["dpproofs.search.lifting"]


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


def test_layers_are_imported_downwards_only() -> None:
    upward = [
        f"{m} ({LAYERS[layer(m)][0]}) imports {t} ({LAYERS[layer(t)][0]})"
        for m in sorted(GRAPH)
        if m not in FACADES
        for t in sorted(GRAPH[m])
        if t not in FACADES and layer(t) > layer(m)
    ]
    assert upward == []


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
