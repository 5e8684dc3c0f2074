"""Finding theorem files and loading the theorems they declare.

A path argument is a theorem file or a folder searched recursively for ``*.py`` files whose names
do not start with ``_``. Each file is imported under a private module name; a file that fails to
import becomes a :class:`LoadFailure` naming the file and line, and the other files still load.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from dpproofs.errors import UsageError
from dpproofs.theorem import REGISTRY_ATTRIBUTE, TheoremSpec


@dataclass(frozen=True, slots=True)
class LoadFailure:
    """A theorem file that could not be imported: where, and why."""

    file: str
    line: int
    message: str

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"


def theorem_files(paths: Iterable[str | Path]) -> list[Path]:
    """The theorem files named by ``paths`` (files, or folders searched recursively), sorted."""
    found: dict[Path, None] = {}
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for file in sorted(path.rglob("*.py")):
                if not any(part.startswith(("_", ".")) for part in file.relative_to(path).parts):
                    found[file.resolve()] = None
        elif path.is_file() and path.suffix == ".py":
            found[path.resolve()] = None
        else:
            raise UsageError(f"{raw}: no such theorem file or folder")
    return list(found)


def module_name_for(file: Path) -> str:
    digest = hashlib.sha1(str(file).encode()).hexdigest()[:10]
    return f"_dpproofs_theorems.{file.stem}_{digest}"


def import_theorem_file(file: Path) -> ModuleType:
    """Import ``file`` as a fresh module (its folder goes on sys.path for sibling imports)."""
    name = module_name_for(file)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {file}")
    module = importlib.util.module_from_spec(spec)
    folder = str(file.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_theorems(file: Path) -> list[TheoremSpec] | LoadFailure:
    """The theorems declared in ``file``, or why it failed to load (with the line to look at)."""
    try:
        module = import_theorem_file(file)
    except SyntaxError as exc:
        return LoadFailure(str(file), exc.lineno or 1, f"SyntaxError: {exc.msg}")
    except Exception as exc:  # a broken theorem file must not stop the others
        return LoadFailure(str(file), failing_line(exc, file), f"{type(exc).__name__}: {exc}")
    specs: list[TheoremSpec] = list(getattr(module, REGISTRY_ATTRIBUTE, []))
    return specs


def failing_line(exc: BaseException, file: Path | str) -> int:
    """The deepest line of ``file`` in the exception's traceback (1 when it is not there)."""
    line = 1
    target = str(Path(file).resolve())
    for frame in traceback.extract_tb(exc.__traceback__):
        if str(Path(frame.filename).resolve()) == target and frame.lineno:
            line = frame.lineno
    return line
