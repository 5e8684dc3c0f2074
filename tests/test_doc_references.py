"""Every module, attribute and file the docs and the docstrings name still exists.

A name is checked where a reader would follow it: in README.md and docs/**/*.md, and in the
docstrings of dpproofs (modules, classes, functions). What counts as a reference:

* ``from dpproofs.a import b, c`` in an example: ``dpproofs.a.b`` and ``dpproofs.a.c`` resolve;
* a dotted name ``dpproofs.a.b.c``: some prefix ``dpproofs.a.b`` is an importable module and the
  rest (``c``) is an attribute chain on it;
* a Sphinx role in a docstring (``:mod:`.model```, ``:func:`~dpproofs.x.f```): a leading dot is
  relative to the docstring's package, a name without dots is an attribute of the module or of
  one of its classes;
* a path ``dpproofs/a/b.py`` or ``dpproofs/a/``: it exists;
* in the Markdown pages, a file name in backquotes (```worker.py```, ```run/worker.py```): a file
  of the repository ends with it.

A reference that no reading can tell from text (a module named in a sentence without its
package) is not checked.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SOURCES = sorted((ROOT / "dpproofs").rglob("*.py"))
#: Folders whose files the docs may name (the virtual environment and caches are no part).
FOLDERS = ("dpproofs", "tests", "theorems", "examples", "benchmarks", "docs")
#: A file name that stands for any file (the README's example of an error line).
PLACEHOLDERS = frozenset({"theorems/x.py"})

DOTTED = re.compile(r"(?<![\w./-])dpproofs(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w./-])dpproofs/[\w/]*\w(?:\.py)?/?")
ROLE = re.compile(r":(?:mod|func|class|data|meth|attr|exc|obj):`~?([.\w]+)`")
FILE = re.compile(r"`([\w./-]*\w\.py)\b")
FROM = re.compile(r"^\s*(?:>>> |\.\.\. )?from (dpproofs(?:\.\w+)*) import \(?([\w ,]+)", re.M)


def resolves(name: str) -> bool:
    """``name`` is an importable module, or an attribute chain on the longest one it starts with."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(value, attribute):
                return False
            value = getattr(value, attribute)
        return True
    return False


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def docstrings(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                yield text


def _local(module: ModuleType, name: str) -> bool:
    """``name`` (no package) is an attribute of ``module`` or of one of its classes, or of a
    module it imported (``concurrent.futures.Executor``)."""
    head = name.split(".")[0]
    return (
        hasattr(module, head)
        or any(isinstance(v, type) and hasattr(v, head) for v in vars(module).values())
        or resolves(name)
    )


def stale_in_text(text: str, where: str) -> list[str]:
    """The dotted names and the dpproofs/ paths in ``text`` that do not exist."""
    stale = [f"{where}: {m}" for m in DOTTED.findall(text) if not resolves(m)]
    for module, names in FROM.findall(text):
        imported = [f"{module}.{n.split(' as ')[0].strip()}" for n in names.split(",") if n.strip()]
        stale += [f"{where}: {name}" for name in imported if not resolves(name)]
    for path in PATH.findall(text):
        if not (ROOT / path.rstrip("/")).exists():
            stale.append(f"{where}: {path}")
    return stale


def stale_in_docstrings(path: Path) -> list[str]:
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    where = str(path.relative_to(ROOT))
    stale = []
    for text in docstrings(path):
        stale += stale_in_text(text, where)
        for name in ROLE.findall(text):
            if name.startswith("."):
                ok = resolves(package + name)
            elif name.startswith("dpproofs"):
                ok = True  # a dotted name: checked above
            else:
                ok = _local(importlib.import_module(module), name)
            if not ok:
                stale.append(f"{where}: :{name}:")
    return stale


def _repository_files() -> list[str]:
    found = [p.name for p in ROOT.glob("*") if p.is_file()]
    for folder in FOLDERS:
        found += [str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.py")]
    return found


def stale_files(text: str, where: str, files: list[str]) -> list[str]:
    """The backquoted ``*.py`` names in ``text`` that name no file of the repository."""
    return [
        f"{where}: {name}"
        for name in FILE.findall(text)
        if name not in PLACEHOLDERS and not any(f == name or f.endswith(f"/{name}") for f in files)
    ]


def test_the_docs_name_what_exists() -> None:
    files = _repository_files()
    stale: list[str] = []
    for page in PAGES:
        text = page.read_text()
        where = str(page.relative_to(ROOT))
        stale += stale_in_text(text, where) + stale_files(text, where, files)
    assert stale == []


@pytest.mark.parametrize(
    "path", [p for p in SOURCES if p.name != "__main__.py"], ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_docstrings_name_what_exists(path: Path) -> None:
    assert stale_in_docstrings(path) == []


@pytest.mark.parametrize(
    ("text", "stale"),
    [
        # the names the move of issue 32 left behind
        ("see :mod:`dpproofs.markdown_report`", ["dpproofs.markdown_report"]),
        ("the views `dpproofs/report.py`", ["dpproofs/report.py"]),
        ("`dpproofs.search.engine.find_counterexample`", ["search.engine.find_counterexample"]),
        ("`dpproofs.search.onesize.find_counterexample`", []),
        ("`dpproofs/run/`, `dpproofs/run/worker.py`, `dpproofs.run.worker`", []),
        ("`dpproofs.verdict.Status.PROVED.`", []),
        ("    from dpproofs import is_dp, Hamming as H", []),
        (">>> from dpproofs.search import (Interval,\n", []),
        ("from dpproofs import is_dp, runner", ["dpproofs.runner"]),
        ("from dpproofs.search import SearchClaim, decide_by_size", ["search.decide_by_size"]),
    ],
)
def test_a_stale_name_is_found(text: str, stale: list[str]) -> None:
    found = stale_in_text(text, "x")
    assert len(found) == len(stale)
    for line, name in zip(found, stale, strict=True):
        assert line.endswith(name)


def test_a_stale_file_name_is_found() -> None:
    files = ["dpproofs/cli/verify.py", "dpproofs/run/worker.py", "README.md"]
    text = "`cli_verify.py`, `cli/verify.py`, `worker.py`, `run/worker.py`, `theorems/x.py`"
    assert stale_files(text, "x", files) == ["x: cli_verify.py"]
