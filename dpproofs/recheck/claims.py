"""The claim a piece of evidence is about, rebuilt from its theorem file (never from the report).

The theorem file is imported afresh and the theorem function called: that builds the claim
(its quantifier, predicate, scalar problem, mechanism), and nothing decides it. The piece's
``part`` path is followed through the parts of conjunctions and the members of families.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

#: Where a theorem file's declarations live (see dpproofs.theorem).
REGISTRY_ATTRIBUTE = "__dpproofs_theorems__"


class NotRebuilt(Exception):
    """The claim could not be rebuilt from its file (missing file, theorem gone, broken file)."""


class NoSuchPart(NotRebuilt):
    """The report names a part the claim rebuilt from its file does not have (a lie, not a
    file that cannot be read)."""


_MODULES: dict[str, ModuleType] = {}
#: The theorem folders put on sys.path so far (their modules are forgotten by :func:`forget`).
_FOLDERS: dict[str, None] = {}
#: The folder whose claims are being rebuilt (see :func:`enter`).
_CURRENT: list[str] = []


def enter(folder: str) -> None:
    """Rebuild the claims of ``folder``'s files from now on: when the last rebuilt were
    another folder's, :func:`forget` its modules first."""
    if _CURRENT and _CURRENT[0] == folder:
        return
    forget()
    _CURRENT[:] = [folder]


def forget() -> None:
    """Drop every theorem module, and every module loaded from a theorem folder, imported so
    far, and those folders from sys.path: the next rebuild imports afresh. A helper of the same
    name in two theorem folders is then never the other folder's (the folders of one recheck
    are one; a recheck of several folders replays them one after the other, see :func:`enter`)."""
    folders = tuple(f + os.sep for f in _FOLDERS)
    for name, module in list(sys.modules.items()):
        origin = getattr(module, "__file__", None)
        if name.startswith("_dpproofs_recheck_") or (
            isinstance(origin, str) and os.path.abspath(origin).startswith(folders)
        ):
            del sys.modules[name]
    sys.path[:] = [p for p in sys.path if p not in _FOLDERS]
    _FOLDERS.clear()
    _MODULES.clear()
    _CURRENT.clear()


def _import(file: Path) -> ModuleType:
    key = str(file.resolve())
    if key in _MODULES:
        return _MODULES[key]
    name = f"_dpproofs_recheck_{len(_MODULES)}_{file.stem}"
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise NotRebuilt(f"{file}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    folder = str(file.parent.resolve())
    _FOLDERS[folder] = None
    if folder in sys.path:
        sys.path.remove(folder)
    sys.path.insert(0, folder)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a broken theorem file: the evidence cannot be replayed
        del sys.modules[name]
        raise NotRebuilt(f"{file}: {type(exc).__name__}: {exc}") from exc
    _MODULES[key] = module
    return module


def declared_ids(file: str) -> tuple[str, ...]:
    """The ids of the theorems ``file`` declares (NotRebuilt when it cannot be imported)."""
    path = Path(file)
    if not path.is_file():
        raise NotRebuilt(f"{file}: no such theorem file")
    return tuple(s.id for s in getattr(_import(path), REGISTRY_ATTRIBUTE, []))


def declared(file: str, theorem: str) -> Any:
    """The declaration (TheoremSpec: id, title, expect, line, build) of ``theorem`` in ``file``."""
    path = Path(file)
    if not path.is_file():
        raise NotRebuilt(f"{file}: no such theorem file")
    module = _import(path)
    specs = [s for s in getattr(module, REGISTRY_ATTRIBUTE, []) if s.id == theorem]
    if not specs:
        raise NotRebuilt(f"{file} declares no theorem {theorem!r}")
    return specs[0]


def rebuild(file: str, theorem: str, part: tuple[int, ...]) -> Any:
    """The claim of ``theorem`` in ``file``, followed along ``part`` through conjunctions."""
    specs = [declared(file, theorem)]
    try:
        claim = specs[0].build()
    except Exception as exc:  # building a claim is author code
        raise NotRebuilt(f"building {theorem}: {type(exc).__name__}: {exc}") from exc
    for index in part:
        claim = _part(_unreduced_claim(claim), index, theorem)
    return _unreduced_claim(claim)


def reduced_claim(file: str, theorem: str, part: tuple[int, ...]) -> Any:
    """The claim at ``part`` as the theorem builds it, a neighbour-pair or group claim left
    whole (:func:`rebuild` gives its n = 1 claim)."""
    claim = declared(file, theorem).build()
    for index in part:
        claim = _part(_unreduced_claim(claim), index, theorem)
    return claim


def is_reduced(claim: Any) -> bool:
    """A neighbour-pair or group claim (docs/design/neighbours.md), recognised by its class's
    home, not imported: the rechecker names no decider."""
    kind = type(claim)
    return (kind.__module__, kind.__qualname__) == ("dpproofs.search.pairs", "NeighbourPairClaim")


def _unreduced_claim(claim: Any) -> Any:
    """A neighbour-pair or group claim is replayed as its n = 1 search claim: its verdict is
    that claim's, extended to every n by a proved rule (docs/design/neighbours.md)."""
    return claim.inner if is_reduced(claim) else claim


def family_line(file: str, theorem: str, part: tuple[int, ...]) -> str | None:
    """The first certificate line a proved neighbour-pair or group claim writes (its family and
    rule, before its n = 1 claim's certificate), from the claim as the theorem builds it; None
    for any other claim."""
    claim = reduced_claim(file, theorem, part)
    return f"{claim.family}: {claim.reduction}" if is_reduced(claim) else None


def _part(claim: Any, index: int, theorem: str) -> Any:
    """Part ``index`` of a conjunction (its parts) or of a family (its members, built)."""
    parts = getattr(claim, "parts", None)
    members = getattr(claim, "members", None)
    if isinstance(parts, tuple) and 0 <= index < len(parts):
        return parts[index]
    if isinstance(members, tuple) and 0 <= index < len(members):
        try:
            return claim.build(*members[index][1])
        except Exception as exc:  # building a member is author code
            raise NotRebuilt(f"building member {index} of {theorem}: {exc}") from exc
    raise NoSuchPart(f"{theorem}: the claim has no part {index}")


def member_label(file: str, theorem: str, part: tuple[int, ...]) -> str | None:
    """The label of the innermost family member on the path ``part`` (None: no family)."""
    label = None
    claim = rebuild(file, theorem, ())
    for index in part:
        members = getattr(claim, "members", None)
        if isinstance(members, tuple) and 0 <= index < len(members):
            label = str(members[index][0])
        claim = _part(claim, index, theorem)
    return label
