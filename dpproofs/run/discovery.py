"""Finding theorem files and loading the theorems they declare.

A path argument is a theorem file or a folder searched recursively for ``*.py`` files whose names
do not start with ``_``. Each file is imported under a private module name; a file that fails to
import becomes a :class:`LoadFailure` naming the file and line, and the other files still load.

The runner imports theorem files only in child processes (:mod:`dpproofs.run.worker`); what crosses
back to the parent is a :class:`TheoremInfo` per theorem (plain data, picklable) and what the
import read (:class:`dpproofs.run.reads.Reads`, for the result cache).
"""

from __future__ import annotations

import difflib
import hashlib
import importlib.util
import os
import sys
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from dpproofs.errors import UsageError
from dpproofs.run.reads import UNRECORDED, Reads
from dpproofs.theorem import REGISTRY_ATTRIBUTE, Refutation, Role, TheoremSpec
from dpproofs.verdict import Status


@dataclass(frozen=True, slots=True)
class LoadFailure:
    """A theorem file that could not be imported: where, and why.

    ``status`` is ERROR for a broken file, UNKNOWN when the import ran out of time or memory.
    """

    file: str
    line: int
    message: str
    status: Status = Status.ERROR

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"


#: (part index, sizes) of each search part of a theorem declared with split="sizes".
SplitPlan = tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class TheoremInfo:
    """What the parent knows of a declared theorem: a :class:`TheoremSpec` without its function."""

    id: str
    title: str
    source: str
    #: None: the declaration is broken and its expect= cannot be read.
    expect: Status | None
    file: str
    line: int
    timeout: float | None = None
    note: str = ""
    corrects: str | None = None
    #: For a theorem declared with split="sizes": (part index, sizes) of each search part, one
    #: job per (part, size); empty: decided by one job.
    split: SplitPlan = ()
    #: The theorem function's name (pytest's -k matches it too).
    function: str = ""
    role: Role = Role.STATEMENT
    refutation: Refutation | None = None
    #: The source's sentence and the encoding's reading decisions (see :func:`theorem`).
    quote: str = ""
    reading: str = ""
    restricted: str = ""

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"

    @classmethod
    def of(cls, spec: TheoremSpec, split: SplitPlan = ()) -> TheoremInfo:
        return cls(
            spec.id,
            spec.title,
            spec.source,
            spec.expect,
            spec.file,
            spec.line,
            spec.timeout,
            spec.note,
            spec.corrects,
            split,
            spec.build.__name__,
            spec.role,
            spec.refutation,
            spec.quote,
            spec.reading,
            spec.restricted,
        )


@dataclass(frozen=True, slots=True)
class Discovered:
    """The theorems a file declares and what its import read (recorded by the child)."""

    file: str
    theorems: tuple[TheoremInfo, ...]
    dependencies: Reads = UNRECORDED


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
        elif path.is_file():
            raise UsageError(f"{raw}: not a theorem file (theorem files are Python modules, .py)")
        else:
            raise UsageError(f"{raw}: no such theorem file or folder{_nearby(path)}")
    return list(found)


def _nearby(path: Path) -> str:
    """A did-you-mean among the .py files and folders beside a path that does not exist."""
    folder = path.parent
    try:
        names = [e.name for e in os.scandir(folder) if e.is_dir() or e.name.endswith(".py")]
    except OSError:
        return ""
    close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.6)
    return f" (did you mean {str(folder / close[0])!r}?)" if close else ""


def module_name_for(file: Path) -> str:
    digest = hashlib.sha1(str(file).encode()).hexdigest()[:10]
    return f"_dpproofs_theorems.{file.stem}_{digest}"


#: module name -> the theorem folder whose import loaded it from a file inside that folder
_LOCAL_MODULES: dict[str, str] = {}


def import_theorem_file(file: Path) -> ModuleType:
    """Import ``file`` as a fresh module, as it would be imported alone from its folder.

    Its folder goes first on sys.path (so a sibling helper ``common.py`` is this folder's even
    when another theorem folder with its own ``common.py`` was imported before), and every
    module that an earlier theorem import loaded from a file inside *another* theorem folder is
    dropped from sys.modules first (that folder's helpers are not this file's). Modules from
    anywhere else (the standard library, site-packages, dpproofs) are kept.
    """
    name = module_name_for(file)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {file}")
    module = importlib.util.module_from_spec(spec)
    folder = enter_folder(file)
    before = set(sys.modules)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    finally:
        note_local_modules(before, folder)
    return module


def enter_folder(file: Path) -> str:
    """Make imports resolve as from ``file``'s folder alone: that folder first on sys.path, and
    the modules loaded from other theorem folders dropped from sys.modules. Returns the folder.
    (Called again before deciding in this process, for imports inside a theorem function.)"""
    folder = str(file.parent)
    for other, owner in list(_LOCAL_MODULES.items()):
        if owner != folder:
            sys.modules.pop(other, None)
            del _LOCAL_MODULES[other]
    if folder in sys.path:
        sys.path.remove(folder)
    sys.path.insert(0, folder)
    return folder


def note_local_modules(before: set[str], folder: str) -> None:
    """Remember the modules just loaded from files inside ``folder`` (its helpers), by the
    path the import used (a helper that is a symlink to elsewhere is still this folder's)."""
    inside = Path(folder)
    for loaded in set(sys.modules) - before:
        origin = getattr(sys.modules.get(loaded), "__file__", None)
        if loaded.startswith("_dpproofs_theorems.") or not isinstance(origin, str):
            continue
        if Path(os.path.abspath(origin)).is_relative_to(inside):
            _LOCAL_MODULES[loaded] = folder


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
