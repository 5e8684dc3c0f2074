"""Reads the audit events do not describe exactly: folder descriptors, links, C code, z3 files.

:mod:`dpproofs.run.reads` follows a read through the path the audit event ``open`` names. Some
reads name no path that can be read again, or read through C code that raises no event:

* a path relative to a folder descriptor (``os.open(name, flags, dir_fd=d)``, ``os.stat(name,
  dir_fd=d)``, ``os.readlink(name, dir_fd=d)``): the event names ``name``, which the recorder
  would resolve against the working folder, not the folder ``d`` is open on;
* a descriptor used as the path (``os.listdir(fd)``, ``os.scandir(fd)``, ``os.stat(fd)``,
  ``open(fd)``): which file or folder it is was decided elsewhere (an inherited stdin, a folder
  opened with ``os.open``);
* C code called through ``ctypes`` by the author (``ctypes.pythonapi.getenv``, libc's ``time``):
  it reads the environment, the clock or files with no audit event.

None of these can be followed exactly, so a call of the author's code (first frame outside the
standard library that is neither dpproofs' nor a preloaded library's,
:class:`dpproofs.run.unfollowed.Attribution`) makes the record unusable: the verdict is not
cached, and the report's ``not_cached`` names the read. This is a whitelist: any use of the
``ctypes`` module by the author (an attribute read through ``import ctypes`` or ``import
_ctypes``, both replaced in the child's ``sys.modules`` by a noting view) and any symbol looked
up in a shared library by the author (the audit event ``ctypes.dlsym``) counts, whatever it calls.

Recorded instead (these can be read again):

* ``os.readlink(path)``: the path is recorded as asked without following the link, and the
  digest of a symlink includes its target (:func:`dpproofs.run.digests.stat_digest`), so a link
  re-pointed to another target is a change;
* z3's file-taking functions (``parse_smt2_file``, ``Solver.from_file``, ``Optimize.from_file``,
  ``Fixedpoint.parse_file``: the ``Z3_*_from_file`` and ``Z3_parse_smtlib2_file`` functions of
  ``z3core`` they call, replaced in ``z3core`` and ``z3``): the file is recorded as opened for
  reading. SMT-LIB text may read another file with ``(include "...")``: a text given to z3 (a
  file so read, or a string to ``parse_smt2_string``, ``from_string``, ``eval_smtlib2_string``)
  that contains the word ``include`` anywhere is not followed (a text without that word cannot
  name a command that reads a file).
"""

from __future__ import annotations

import functools
import os
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dpproofs.run.unfollowed import Attribution

#: z3core functions that read a file: name -> index of the file name argument.
Z3_FILES = {
    "Z3_parse_smtlib2_file": 1,
    "Z3_solver_from_file": 2,
    "Z3_fixedpoint_from_file": 2,
    "Z3_optimize_from_file": 2,
}
#: z3core functions that parse SMT-LIB text: name -> index of the text argument.
Z3_TEXTS = {
    "Z3_parse_smtlib2_string": 1,
    "Z3_eval_smtlib2_string": 1,
    "Z3_eval_smtlib2_string_bytes": 1,
    "Z3_solver_from_string": 2,
    "Z3_fixedpoint_from_string": 2,
    "Z3_optimize_from_string": 2,
    "Z3_parser_context_from_string": 2,
}
#: The SMT-LIB command word that reads another file.
INCLUDE = b"include"
#: The modules the author reaches C code through; replaced by noting views in the child.
FOREIGN = ("ctypes", "_ctypes")
#: Functions of os (and posix) that take dir_fd= and read, wrapped here (``os.stat`` and
#: ``os.lstat`` are wrapped by the recorder, ``os.access`` is noted whatever its arguments).
DIR_FD = ("open",)


@dataclass(frozen=True, slots=True)
class Notes:
    """How this module tells the recorder what it saw."""

    #: the author's code read what the cache cannot follow (name of the read)
    untracked: Callable[[str], None]
    #: a file was opened for reading (its path, as given)
    opened: Callable[[Any], None]
    #: a path was asked about without following a final symlink (its path, as given)
    linked: Callable[[Any], None]
    attribution: Attribution


def install(notes: Notes) -> None:
    """Wrap what the module docstring lists, in this (child) process."""
    modules: tuple[Any, ...] = (os, sys.modules.get("posix"))
    for module in modules:
        if module is None:
            continue
        for name in DIR_FD:
            original = getattr(module, name, None)
            if original is not None:
                setattr(module, name, _dir_fd_noting(original, name, notes))
        setattr(module, "readlink", _readlink_recording(module.readlink, notes))  # noqa: B010
    for name in FOREIGN:
        real = sys.modules.get(name)
        if real is not None and not isinstance(real, _Noting):
            sys.modules[name] = _Noting(real, notes)
    _z3(notes)


def by_author_relative(notes: Notes, path: Any, dir_fd: Any, depth: int) -> bool:
    """True (and noted) when the author's code names a relative path under a folder
    descriptor, which the recorder cannot resolve."""
    if dir_fd is None or isinstance(path, int) or os.path.isabs(os.fspath(path)):
        return False
    if not notes.attribution.by_author(depth + 1):
        return False
    notes.untracked("a path relative to a folder descriptor (dir_fd=)")
    return True


def _dir_fd_noting(original: Callable[..., Any], name: str, notes: Notes) -> Any:
    @functools.wraps(original)
    def wrapper(path: Any, *args: Any, **kwargs: Any) -> Any:
        by_author_relative(notes, path, kwargs.get("dir_fd"), 1)
        return original(path, *args, **kwargs)

    return wrapper


def _readlink_recording(original: Callable[..., Any], notes: Notes) -> Any:
    @functools.wraps(original)
    def readlink(path: Any, *args: Any, **kwargs: Any) -> Any:
        if not by_author_relative(notes, path, kwargs.get("dir_fd"), 1):
            notes.linked(path)
        return original(path, *args, **kwargs)

    return readlink


class _Noting(types.ModuleType):
    """A module seen through a view: any attribute the author's code reads is noted (C code
    called through it reads what no audit event names)."""

    def __init__(self, real: types.ModuleType, notes: Notes) -> None:
        super().__init__(real.__name__, real.__doc__)
        object.__setattr__(self, "_noting", (real, notes))

    def __getattribute__(self, name: str) -> Any:
        real, notes = object.__getattribute__(self, "_noting")
        if notes.attribution.by_author(1):
            notes.untracked(f"{real.__name__} (C code called from Python)")
        return getattr(real, name)

    def __setattr__(self, name: str, value: Any) -> None:
        real, _ = object.__getattribute__(self, "_noting")
        setattr(real, name, value)


def _z3(notes: Notes) -> None:
    """Wrap z3core's file and text parsers in z3core and in z3 (which imported them by name)."""
    core, z3 = sys.modules.get("z3.z3core"), sys.modules.get("z3.z3")
    if core is None:
        return
    for names, wrap in ((Z3_FILES, _z3_file), (Z3_TEXTS, _z3_text)):
        for name, index in names.items():
            original = getattr(core, name, None)
            if original is None:
                continue
            wrapped = wrap(original, index, notes)
            for module in (core, z3, sys.modules.get("z3")):
                if module is not None and getattr(module, name, None) is original:
                    setattr(module, name, wrapped)


def _z3_file(original: Callable[..., Any], index: int, notes: Notes) -> Any:
    @functools.wraps(original)
    def wrapper(*args: Any) -> Any:
        path = args[index]
        notes.opened(path)
        try:
            with open(os.fsdecode(path), "rb") as handle:
                text = handle.read()
        except (OSError, TypeError):
            text = b""
        _text_read(text, notes)
        return original(*args)

    return wrapper


def _z3_text(original: Callable[..., Any], index: int, notes: Notes) -> Any:
    @functools.wraps(original)
    def wrapper(*args: Any) -> Any:
        text = args[index]
        _text_read(text if isinstance(text, bytes) else str(text).encode(), notes)
        return original(*args)

    return wrapper


def _text_read(text: bytes, notes: Notes) -> None:
    if INCLUDE in text.lower():
        notes.untracked("SMT-LIB text with an include (z3 reads another file)")
