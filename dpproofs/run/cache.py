"""The result cache: a decided verdict is reused while nothing it read has changed.

A verdict's key is a SHA-256 hash of: the dpproofs version and the source of every file of the
dpproofs package; the Python version and those of sympy, z3, python-flint and mpmath (the
modules the fork server preloads); the theorem file's path; the theorem id; its limits
(seconds, memory cap); and the digest of the surroundings a child would decide in now: every
environment variable it is given (all of them, less a few that change between two runs of one
command, which the child does not see) and the process state it inherits (resource limits, nice
value, scheduling, ids, interpreter flags, ``sys.path`` ...; :mod:`dpproofs.run.inherited`). The
entry stores the verdict with what the deciding child read
(:class:`dpproofs.run.reads.Reads`: every module it imported and every file it opened, by content
hash; every module name it looked up, by where it resolves; the folders it listed; the
environment variables it read). At lookup every recorded read is made again (each file hashed
once per run): an entry whose reads differ from the present is stale, a miss, and the theorem
is decided afresh. So a warm run after changing one theorem file, a helper it imports (at import
or inside the theorem function), a data file it reads, a variable it reads, or a module that
shadows one it imported re-decides exactly the theorems that read it. A child that recorded
nothing, or saw a file change while reading it, leaves its verdict uncached.

Only decided verdicts are stored (proved, verified-bounded, refuted): an UNKNOWN or ERROR may be
caused by a time limit, a memory cap or the machine, and is always decided afresh. What a file
declares (its theorems) is cached too, keyed by the file's source and checked against what its
import read, so a warm run imports nothing unchanged.

Entries are pickles under ``.dpproofs-cache/`` at the project root (the folder of the nearest
``pyproject.toml``), or ``$DPPROOFS_CACHE_DIR``; an unreadable entry is a miss.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dpproofs.atomic import write_atomically
from dpproofs.run import inherited
from dpproofs.run.digests import (
    file_digest,
    listing_digest,
    resolution,
    stat_digest,
    variable,
)
from dpproofs.run.discovery import Discovered, TheoremInfo
from dpproofs.run.isolation import Limits
from dpproofs.run.reads import Reads
from dpproofs.run.surroundings import Surroundings
from dpproofs.verdict import Status, Verdict
from dpproofs.version import version

CACHEABLE = frozenset({Status.PROVED, Status.VERIFIED_BOUNDED, Status.REFUTED})
FOLDER_NAME = ".dpproofs-cache"
_FORMAT = "dpproofs-cache-3"


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


def package_root() -> Path:
    """The folder of the dpproofs package (this module is ``dpproofs.run.cache``: two levels
    below it; counted from the module's name, so that a move keeps the whole package hashed)."""
    return Path(__file__).resolve().parents[__name__.count(".") - 1]


def package_fingerprint() -> str:
    """A hash of the dpproofs version, every source file of the package, the Python version and
    the versions of the libraries that decide (a solver upgrade invalidates the cache)."""
    import platform
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    root = package_root()
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
    _checker: Checker | None = None

    def __post_init__(self) -> None:
        if self.folder is not None and not self.fingerprint:
            self.fingerprint = package_fingerprint()

    def _unchanged(self, reads: Reads) -> bool:
        """Every read recorded in ``reads`` gives the same answer now (files hashed once)."""
        if self._checker is None:
            self._checker = Checker()
        return self._checker.unchanged(reads)

    def _key(self, *parts: object) -> str:
        surroundings = Surroundings.here().digest()
        text = "\0".join(str(p) for p in (self.fingerprint, surroundings, *parts))
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
        return self._key("discovery", file)

    def discovered(self, file: str) -> Discovered | None:
        """The cached discovery of ``file``, if everything its import read is unchanged."""
        found = self._load(self._discovery_key(file))
        if not isinstance(found, Discovered) or found.file != file:
            return None
        return found if self._unchanged(found.dependencies) else None

    def store_discovered(self, found: Discovered) -> None:
        if not found.dependencies.unrecorded:
            self._store(self._discovery_key(found.file), found)

    def verdict_key(self, info: TheoremInfo, limits: Limits) -> str:
        return self._key("verdict", info.file, info.id, repr(limits.seconds), limits.memory_bytes)

    def verdict(self, key: str) -> Verdict | None:
        """The cached verdict under ``key``, if everything its decision read is unchanged."""
        entry = self._load(key)
        if not isinstance(entry, tuple) or len(entry) != 2:
            return None
        verdict, reads = entry
        if not isinstance(verdict, Verdict) or verdict.status not in CACHEABLE:
            return None
        return verdict if isinstance(reads, Reads) and self._unchanged(reads) else None

    def store_verdict(self, key: str, verdict: Verdict, reads: Reads) -> str:
        """Store a decided verdict with what its decision read; anything else is not stored.
        Returns why a decided verdict was not stored ("" when it was, or when the cache is off
        or the verdict undecided: those are never stored)."""
        if self.folder is None or verdict.status not in CACHEABLE:
            return ""
        if reads.unrecorded:
            return reads.unrecorded
        self._store(key, (verdict, reads))
        return ""


@dataclass
class Checker:
    """Compares recorded reads with the present, remembering each answer for the run."""

    files: dict[str, str] = field(default_factory=dict)
    listings: dict[str, str] = field(default_factory=dict)
    stats: dict[str, str] = field(default_factory=dict)
    resolutions: dict[tuple[str, tuple[str, ...]], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        importlib.invalidate_caches()  # the path finder re-lists folders changed since

    def unchanged(self, reads: Reads) -> bool:
        """True when every recorded read gives the same answer now."""
        if reads.unrecorded or reads.surroundings != Surroundings.here().digest():
            return False
        if reads.cwd and reads.cwd != os.getcwd():
            return False
        given = inherited.given()  # the variables a child decides with now
        for name, value in reads.environment:
            if variable(name, given) != value:
                return False
        for path, digest in reads.files:
            if path not in self.files:
                self.files[path] = file_digest(path)
            if self.files[path] != digest:
                return False
        for path, digest in reads.stats:
            if path not in self.stats:
                self.stats[path] = stat_digest(path)
            if self.stats[path] != digest:
                return False
        for folder, digest in reads.listings:
            if folder not in self.listings:
                self.listings[folder] = listing_digest(folder)
            if self.listings[folder] != digest:
                return False
        for name, search, found in reads.resolutions:
            key = (name, search)
            if key not in self.resolutions:
                self.resolutions[key] = resolution(name, search)
            if self.resolutions[key] != found:
                return False
        return True
