"""The result cache: a decided verdict is reused while nothing it depends on has changed.

A verdict's key is a SHA-256 hash of: the dpproofs version and the source of every file of the
dpproofs package; the Python version and those of sympy, z3, python-flint and mpmath; the
theorem file's path and source; the source of every project-local module its import read
(sibling helpers); the theorem id; and its limits (seconds, memory cap). So a warm run after
changing one theorem file re-decides only that file's theorems (and those of files importing a
changed helper). Data files a theorem reads at import (a mechanism JSON) are not tracked: use
``--no-cache`` after changing one.

Only decided verdicts are stored (proved, verified-bounded, refuted): an UNKNOWN or ERROR may be
caused by a time limit, a memory cap or the machine, and is always decided afresh. What a file
declares (its theorems and dependencies) is cached too, keyed by the file's source and checked
against the current sources of its dependencies, so a warm run imports nothing unchanged.

Entries are pickles under ``.dpproofs-cache/`` at the project root (the folder of the nearest
``pyproject.toml``), or ``$DPPROOFS_CACHE_DIR``; an unreadable entry is a miss.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dpproofs.atomic import write_atomically
from dpproofs.discovery import Discovered, TheoremInfo
from dpproofs.isolation import Limits
from dpproofs.verdict import Status, Verdict
from dpproofs.version import version

CACHEABLE = frozenset({Status.PROVED, Status.VERIFIED_BOUNDED, Status.REFUTED})
FOLDER_NAME = ".dpproofs-cache"
_FORMAT = "dpproofs-cache-1"


def default_folder(start: Path | None = None) -> Path:
    """``$DPPROOFS_CACHE_DIR``, else ``.dpproofs-cache`` beside the nearest pyproject.toml."""
    env = os.environ.get("DPPROOFS_CACHE_DIR")
    if env:
        return Path(env)
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file():
            return folder / FOLDER_NAME
    return here / FOLDER_NAME


#: Libraries whose version can change a verdict.
DECIDING_LIBRARIES = ("sympy", "z3-solver", "python-flint", "mpmath")


def package_fingerprint() -> str:
    """A hash of the dpproofs version, every source file of the package, the Python version and
    the versions of the libraries that decide (a solver upgrade invalidates the cache)."""
    import platform
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(f"{_FORMAT}\0{version()}\0{platform.python_version()}".encode())
    for library in DECIDING_LIBRARIES:
        try:
            digest.update(f"{library}={installed(library)}\0".encode())
        except PackageNotFoundError:
            digest.update(f"{library}=none\0".encode())
    for file in sorted(root.rglob("*.py")):
        digest.update(str(file.relative_to(root)).encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass
class ResultCache:
    """A cache in ``folder``; every method is a no-op when ``folder`` is None (``--no-cache``)."""

    folder: Path | None
    fingerprint: str = ""
    _sources: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.folder is not None and not self.fingerprint:
            self.fingerprint = package_fingerprint()

    def _source_hash(self, file: str) -> str:
        if file not in self._sources:
            try:
                self._sources[file] = hashlib.sha256(Path(file).read_bytes()).hexdigest()
            except OSError:
                self._sources[file] = "missing"
        return self._sources[file]

    def _dependencies_hash(self, files: tuple[str, ...]) -> str:
        parts = "\0".join(f"{f}\0{self._source_hash(f)}" for f in files)
        return hashlib.sha256(parts.encode()).hexdigest()

    def _key(self, *parts: object) -> str:
        text = "\0".join(str(p) for p in (self.fingerprint, *parts))
        return hashlib.sha256(text.encode()).hexdigest()

    def _load(self, key: str) -> Any:
        if self.folder is None:
            return None
        try:
            return pickle.loads((self.folder / key[:2] / f"{key}.pickle").read_bytes())
        except Exception:  # a missing, partial or foreign entry is simply a miss
            return None

    def _store(self, key: str, value: Any) -> None:
        if self.folder is not None:
            with contextlib.suppress(OSError):  # a read-only project still runs, uncached
                write_atomically(self.folder / key[:2] / f"{key}.pickle", pickle.dumps(value))

    def _discovery_key(self, file: str) -> str:
        return self._key("discovery", file, self._source_hash(file))

    def discovered(self, file: str) -> Discovered | None:
        """The cached discovery of ``file``, if its source and its dependencies are unchanged."""
        entry = self._load(self._discovery_key(file))
        if not isinstance(entry, tuple) or len(entry) != 2:
            return None
        found, digest = entry
        if not isinstance(found, Discovered) or digest != self._dependencies_hash(
            found.dependencies
        ):
            return None
        return found

    def store_discovered(self, found: Discovered) -> None:
        digest = self._dependencies_hash(found.dependencies)
        self._store(self._discovery_key(found.file), (found, digest))

    def verdict_key(self, info: TheoremInfo, dependencies: tuple[str, ...], limits: Limits) -> str:
        return self._key(
            "verdict",
            info.file,
            self._dependencies_hash(dependencies),
            info.id,
            repr(limits.seconds),
            limits.memory_bytes,
        )

    def verdict(self, key: str) -> Verdict | None:
        entry = self._load(key)
        return entry if isinstance(entry, Verdict) and entry.status in CACHEABLE else None

    def store_verdict(self, key: str, verdict: Verdict) -> None:
        if verdict.status in CACHEABLE:
            self._store(key, verdict)
