"""What a read says now: the digests a record of reads keeps, computed again at lookup.

:mod:`dpproofs.run.reads` records, in a child, what it read; :mod:`dpproofs.run.cache`
compares each record with the same digest taken now. Both take them from here, so the two
computations are one: a file's SHA-256, a folder's sorted names, what ``os.stat`` says about a
path (and a symlink's target), a variable's value, where a module name resolves.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import stat
from collections.abc import Mapping

#: The digest of a file that does not exist (or is not a readable regular file).
MISSING = "missing"
#: The recorded value of a variable that is not set.
UNSET = None
#: The name under which a record that iterated over the environment keeps a digest of all of it.
WHOLE_ENVIRONMENT = "\0every variable"


def environment_digest(environ: Mapping[str, str]) -> str:
    """SHA-256 of every variable's name and value (for a child that iterated over them)."""
    items = sorted(dict(environ).items())
    return hashlib.sha256("\0".join(f"{k}={v}" for k, v in items).encode()).hexdigest()


def variable(name: str, environ: Mapping[str, str]) -> str | None:
    """The variable's value in ``environ``, or UNSET; WHOLE_ENVIRONMENT gives the digest of all
    of them."""
    return environment_digest(environ) if name == WHOLE_ENVIRONMENT else environ.get(name, UNSET)


def file_digest(path: str) -> str:
    """SHA-256 of the file's bytes (through symlinks), or MISSING."""
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return MISSING


def listing_digest(folder: str) -> str:
    """SHA-256 of the folder's sorted entry names, or MISSING."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return MISSING
    return hashlib.sha256("\0".join(names).encode()).hexdigest()


#: Appended to a recorded path asked about without following a final symlink.
NOFOLLOW = "\0nofollow"


def stat_digest(key: str) -> str:
    """What os.stat / os.lstat said about the path, or MISSING: its mode (kind and permission
    bits) and, for a file, its size, modification time (ns) and inode; for a folder, its
    modification time (an entry added or removed); for a symlink (asked without following
    it), its target. The access time is left out (reading a file may change it)."""
    path, nofollow, _ = key.partition(NOFOLLOW)
    try:
        info = os.lstat(path) if nofollow else os.stat(path)
    except (OSError, ValueError):
        return MISSING
    if stat.S_ISREG(info.st_mode):
        return f"{info.st_mode}:{info.st_size}:{info.st_mtime_ns}:{info.st_ino}"
    if stat.S_ISDIR(info.st_mode):
        return f"{info.st_mode}:{info.st_mtime_ns}"
    if stat.S_ISLNK(info.st_mode):
        try:
            return f"{info.st_mode}:{os.readlink(path)}"
        except OSError:
            return MISSING
    return str(info.st_mode)


def resolution(name: str, search: tuple[str, ...]) -> str:
    """Where the path finder resolves module ``name`` on ``search``, without importing it:
    "origin|package folders", or "-" when it is not found there."""
    try:
        spec = importlib.machinery.PathFinder.find_spec(name, list(search))
    except (ImportError, ValueError, OSError):
        return "error"
    if spec is None:
        return "-"
    folders = "|".join(spec.submodule_search_locations or ())
    return f"{spec.origin}|{folders}"
