"""What a child read while importing a theorem file and deciding it, and whether it still reads
the same.

A cached verdict is only as good as the inputs it was computed from. The child that imports a
theorem file and decides it records (from :func:`start` until :func:`finish`):

- every module imported (``sys.modules`` after minus before): its file and that file's SHA-256,
  read through the path the import used, so a helper that is a symlink re-pointed to another file
  reads differently;
- every module name looked up (found or not: a first entry on ``sys.meta_path`` notes it) with the
  search path of that moment (``sys.path``, or its package's ``__path__``) and where the path
  finder resolves it there, so a same-named file that appears earlier on the path (beside the
  theorem, shadowing an installed module) changes the resolution;
- every file opened for reading (the audit event ``open``: ``open``, ``io.open``, ``os.open``,
  ``Path.read_text``, the import system's own source reads) with its SHA-256 (or "missing"),
  hashed when first opened and again at the end: a file that changed in between (edited during
  the run) makes the record unusable (``unrecorded``), so that decision is not cached;
- every folder listed by author code (the audit events ``os.listdir``, ``os.scandir``: ``glob``,
  ``Path.iterdir``) with the hash of its sorted names;
- every path asked about through ``os.stat`` / ``os.lstat`` (``os.path.exists``, ``isfile``,
  ``Path.exists``, ``getsize``, ``getmtime``: the child's ``os.stat`` and ``os.lstat`` are
  recording wrappers) with its mode and, for a file, its size, modification time and inode, for
  a folder its modification time (a flag file that appears, a touch, a chmod are changes); the
  entries of a folder scanned with ``os.scandir`` likewise (a ``DirEntry`` answers ``stat()``
  without calling ``os.stat``);
- the working folder when the author's code asks ``os.getcwd()``;
- the clock, fresh randomness and the process's state cannot be read again: a call of the
  author's code makes the record unusable (:mod:`dpproofs.run.unfollowed`), as does ``id()``
  called by the author's code (the audit event ``builtins.id``: an address);
- every variable and the inherited state of the process the child decides in are not reads:
  they are made the same in every child or keyed (:mod:`dpproofs.run.inherited`); the record
  keeps their digest, and a child whose process differed from the asking one's records nothing;
- every environment variable read through ``os.environ``, ``os.getenv``, ``posix.environ``
  (each replaced in the child by a recording view of the same variables) with its value or
  None, and the whole environment when author code iterates over it;
- the working folder, when a relative path was opened or listed;
- reads through a folder descriptor, a descriptor as the path, C code through ``ctypes``: not
  followed (never cached); a symlink's target asked with ``os.readlink`` and a file given to
  z3's parsers: recorded (:mod:`dpproofs.run.indirect`);
- any audit event outside :data:`FOLLOWED` (a subprocess, a socket, a shared library loaded,
  ``input()``, ...): what it read cannot be followed, so the record is unusable (whitelist, not
  blacklist) and the verdict is not cached, with the event named in ``unrecorded``.

Modules imported before :func:`start` (the fork server's preloaded sympy, z3, flint and dpproofs)
are not recorded here: the cache keys them by the dpproofs sources and the library versions
(:func:`dpproofs.run.cache.package_fingerprint`).

The statement the cache relies on: if every recorded read gives the same answer now (same file
contents, same resolution of every imported name, same listings, same variables, same working
folder), then a deterministic decision re-run now reads the same inputs at every step, hence
takes the same path and returns the same verdict (induction on the reads, in order: the first
read that differs would have to be preceded by a different read). What the recording cannot see
(a C extension's own reads and clock, C code reached through a foreign-function object a
trusted library looked up before, the access time of a file, the network without an audit
event) is outside this statement.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dpproofs.run import indirect, unfollowed
from dpproofs.run.digests import (
    NOFOLLOW,
    UNSET,
    WHOLE_ENVIRONMENT,
    environment_digest,
    file_digest,
    listing_digest,
    resolution,
    stat_digest,
)
from dpproofs.run.surroundings import Surroundings

__all__ = ["Reads", "Recorded", "Surroundings", "finish", "start", "unpack"]


@dataclass(frozen=True, slots=True)
class Reads:
    """What one child read: plain data, picklable, compared again at lookup time.

    ``files``: (absolute path as used, digest); ``listings``: (folder, digest of sorted names);
    ``stats``: (absolute path, with NOFOLLOW appended for an lstat; its kind and size);
    ``resolutions``: (module name, search path, what the path finder resolves it to);
    ``environment``: (variable, value or None); ``cwd``: the working folder if a relative path
    was used, else ""; ``unrecorded``: why nothing was recorded (then nothing is cached);
    ``surroundings``: the digest of every variable and the inherited state the child decided
    in (:meth:`dpproofs.run.surroundings.Surroundings.digest`).
    """

    files: tuple[tuple[str, str], ...] = ()
    listings: tuple[tuple[str, str], ...] = ()
    stats: tuple[tuple[str, str], ...] = ()
    resolutions: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    environment: tuple[tuple[str, str | None], ...] = ()
    cwd: str = ""
    unrecorded: str = ""
    surroundings: str = ""

    def union(self, other: Reads) -> Reads:
        """Both children's reads (a split theorem is decided by several)."""
        return Reads(
            _merge(self.files, other.files),
            _merge(self.listings, other.listings),
            _merge(self.stats, other.stats),
            tuple(sorted(set(self.resolutions) | set(other.resolutions))),
            _merge(self.environment, other.environment),
            self.cwd or other.cwd,
            "; ".join(r for r in (self.unrecorded, other.unrecorded, _apart(self, other)) if r),
            self.surroundings or other.surroundings,
        )


def _apart(one: Reads, other: Reads) -> str:
    """Why two children's reads cannot be one record: they decided in different surroundings."""
    if one.surroundings and other.surroundings and one.surroundings != other.surroundings:
        return "its parts were decided in different environments"
    return ""


#: The reads of a child that recorded nothing (an old worker, a lost job): never cached.
UNRECORDED = Reads(unrecorded="the child did not record what it read")


def _merge(a: tuple[Any, ...], b: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(sorted(set(a) | set(b), key=repr))


@dataclass(frozen=True, slots=True)
class Recorded:
    """A child's answer together with what the child read to compute it."""

    value: Any
    reads: Reads


def unpack(value: Any) -> tuple[Any, Reads]:
    """(answer, reads) of a child's answer; UNRECORDED reads for an answer sent bare."""
    if isinstance(value, Recorded):
        return value.value, value.reads
    return value, UNRECORDED


#: Audit events that read nothing outside the process, or whose reads are recorded above. Any
#: other event makes the record unusable (it might read what the cache cannot re-check).
FOLLOWED = frozenset(
    {
        "open", "os.listdir", "os.scandir", "glob.glob", "glob.glob/2", "import", "compile",
        "exec", "marshal.loads", "marshal.load", "marshal.dumps", "pickle.find_class",
        "code.__new__", "function.__new__", "object.__getattr__", "object.__setattr__",
        "object.__delattr__", "sys._getframe", "sys._current_frames",
        "sys.settrace", "sys.setprofile", "sys.addaudithook", "sys.excepthook",
        "ctypes.cdata/buffer", "ctypes.cdata", "ctypes.addressof", "ctypes.string_at",
        "ctypes.create_string_buffer", "ctypes.create_unicode_buffer", "ctypes.dlsym",
        "ctypes.call_function", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
        "time.sleep", "_thread.start_new_thread", "array.__new__", "os.chdir", "os.mkdir",
        "os.remove", "os.rmdir", "os.rename", "os.truncate", "os.chmod", "os.utime",
        "os.link", "os.symlink", "os.putenv", "os.unsetenv", "tempfile.mkstemp",
        "tempfile.mkdtemp", "shutil.copyfile", "shutil.copymode", "shutil.copystat",
        "shutil.copytree", "shutil.rmtree", "shutil.move", "shutil.make_archive",
    }
)  # fmt: skip


def _recording_stat(original: Any, suffix: str) -> Any:
    """``original`` (os.stat or os.lstat), noting each path it is asked about."""

    def recording(path: Any, *args: Any, **kwargs: Any) -> Any:
        recorder = _RECORDER
        if recorder is None or not recorder.active:
            return original(path, *args, **kwargs)
        if isinstance(path, int):
            if recorder.notes.attribution.by_author(1):
                _untracked("os.stat of a file descriptor")
        elif not indirect.by_author_relative(recorder.notes, path, kwargs.get("dir_fd"), 1):
            no_follow = suffix or (NOFOLLOW if kwargs.get("follow_symlinks") is False else "")
            resolved = _path_of(path)
            if resolved is not None:
                recorder.stated[resolved + no_follow] = None
        return original(path, *args, **kwargs)

    return recording


@dataclass
class _Recorder:
    """The child's record, filled by the audit hook and the environment view."""

    before: frozenset[str]
    notes: indirect.Notes
    #: path -> digest when first opened (compared with the digest at the end)
    opened: dict[str, str] = field(default_factory=dict)
    listed: dict[str, None] = field(default_factory=dict)
    #: folders scanned with os.scandir (whose entries' stat the DirEntry may answer)
    scanned: dict[str, None] = field(default_factory=dict)
    stated: dict[str, None] = field(default_factory=dict)
    untracked: dict[str, None] = field(default_factory=dict)
    variables: dict[str, None] = field(default_factory=dict)
    lookups: dict[tuple[str, tuple[str, ...]], None] = field(default_factory=dict)
    #: the digest of the child's surroundings, and why they are not the asking process's
    surroundings: str = ""
    differs: str = ""
    whole_environment: bool = False
    relative: bool = False
    active: bool = True


_RECORDER: _Recorder | None = None
_READ_FLAGS = (os.O_RDONLY, os.O_RDWR)


def _path_of(raw: object) -> str | None:
    if isinstance(raw, int):
        return None  # an open file descriptor: its path was recorded when it was opened
    try:
        text = os.fsdecode(raw)  # type: ignore[arg-type]
    except TypeError:
        return None
    if not os.path.isabs(text):
        assert _RECORDER is not None
        _RECORDER.relative = True
    return os.path.abspath(text)


def _from_import_system() -> bool:
    """True when the current audit event comes from the import system's own folder scans (the
    path finder lists a folder to resolve names: recorded as resolutions instead)."""
    caller = sys._getframe(2)  # 0: this function, 1: the hook, 2: who called os.listdir
    return caller.f_code.co_filename.startswith("<frozen importlib")


def _opened(recorder: _Recorder, path: Any) -> None:
    """Note a file opened for reading (its digest now, compared with the one at the end)."""
    resolved = _path_of(path)
    if resolved is not None and resolved not in recorder.opened:
        # a .pyc too: the interpreter runs it, not its source, whenever its header (source
        # mtime and size) is valid, so a .pyc replaced under an unchanged source is a change
        recorder.active = False  # hashing opens the file: not a read of the author's
        try:
            recorder.opened[resolved] = file_digest(resolved)
        finally:
            recorder.active = True


def _linked(path: Any) -> None:
    """Note a path asked about without following a final symlink (``os.readlink``)."""
    recorder = _RECORDER
    if recorder is not None and recorder.active:
        resolved = _path_of(path)
        if resolved is not None:
            recorder.stated[resolved + NOFOLLOW] = None


def _opened_now(path: Any) -> None:
    if _RECORDER is not None and _RECORDER.active:
        _opened(_RECORDER, path)


def _hook(event: str, args: tuple[Any, ...]) -> None:
    recorder = _RECORDER
    if recorder is None or not recorder.active:
        return
    if event == "open":
        path, mode, flags = (*args, None, None)[:3]
        reading = (
            ("r" in mode or "+" in mode)
            if isinstance(mode, str)
            else isinstance(flags, int) and (flags & os.O_ACCMODE) in _READ_FLAGS
        )
        if reading and isinstance(path, int) and recorder.notes.attribution.by_author(1):
            recorder.untracked["a file descriptor opened by its number"] = None
        elif reading:
            _opened(recorder, path)
    elif event == "builtins.id":
        if recorder.notes.attribution.by_author(1):
            recorder.untracked["id() (an address, another at every run)"] = None
    elif event == "ctypes.dlsym":
        if recorder.notes.attribution.by_author(1):
            recorder.untracked["a symbol of a shared library (C code)"] = None
    elif event in ("os.listdir", "os.scandir") and args:
        if isinstance(args[0], int):
            if recorder.notes.attribution.by_author(1):
                recorder.untracked["a folder listed through its descriptor"] = None
            return
        if _from_import_system():
            return
        folder = _path_of("." if args[0] is None else args[0])
        if folder is not None:
            recorder.listed[folder] = None
            if event == "os.scandir":
                recorder.scanned[folder] = None
    elif event not in FOLLOWED:
        recorder.untracked[event] = None


class _LookupRecorder:
    """First on ``sys.meta_path``: notes every module name the child looks up (found or not,
    so an ``import`` inside ``try`` that failed is recorded too) and the search path at that
    moment; finds nothing itself."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> None:
        recorder = _RECORDER
        if recorder is not None and recorder.active:
            where = tuple(sys.path) if path is None else tuple(str(p) for p in path)
            recorder.lookups[(name, where)] = None


class _RecordingEnviron(os._Environ):
    """``os.environ`` that notes every variable read (and an iteration over all of them)."""

    def __getitem__(self, key: Any) -> Any:
        if _RECORDER is not None and _RECORDER.active:
            _RECORDER.variables[os.fsdecode(key)] = None
        return super().__getitem__(key)

    def __iter__(self) -> Iterator[Any]:
        if _RECORDER is not None and _RECORDER.active:
            _RECORDER.whole_environment = True
        return super().__iter__()

    def __len__(self) -> int:
        if _RECORDER is not None and _RECORDER.active:
            _RECORDER.whole_environment = True
        return super().__len__()


class _RecordingRaw(Mapping[bytes, bytes]):
    """``posix.environ`` (the table of bytes under ``os.environ``) read through a view that
    notes every variable read, as :class:`_RecordingEnviron` does."""

    def __init__(self, table: dict[bytes, bytes]) -> None:
        self._table = table

    def __getitem__(self, key: bytes) -> bytes:
        if _RECORDER is not None and _RECORDER.active:
            _RECORDER.variables[os.fsdecode(key)] = None
        return self._table[key]

    def __iter__(self) -> Iterator[bytes]:
        if _RECORDER is not None and _RECORDER.active:
            _RECORDER.whole_environment = True
        return iter(self._table)

    def __len__(self) -> int:
        if _RECORDER is not None and _RECORDER.active:
            _RECORDER.whole_environment = True
        return len(self._table)


def _recording(inner: Any) -> Any:
    return _RecordingEnviron(
        inner._data, inner.encodekey, inner.decodekey, inner.encodevalue, inner.decodevalue
    )


def start(surroundings: str = "", differs: str = "") -> None:
    """Begin recording in this (child) process. Call once, before any author code runs.
    ``surroundings``: the digest of what the child was given to decide in; ``differs``: why
    the child's process is not the one that digest describes ("" when it is: then the record
    cannot vouch for a verdict)."""
    global _RECORDER
    attribution = unfollowed.Attribution.of_loaded()
    notes = indirect.Notes(_untracked, _opened_now, _linked, attribution)
    _RECORDER = _Recorder(frozenset(sys.modules), notes, surroundings=surroundings, differs=differs)
    os.environ = _recording(os.environ)  # noqa: B003 (the same variables, read through a view)
    posix: Any = sys.modules.get("posix")
    if posix is not None:
        posix.environ = _RecordingRaw(posix.environ)
    if hasattr(os, "environb"):
        os.environb = _recording(os.environb)
    os.stat = _recording_stat(os.stat, "")
    os.lstat = _recording_stat(os.lstat, NOFOLLOW)
    os.getcwd = _recording_cwd(os.getcwd, attribution)
    os.getcwdb = _recording_cwd(os.getcwdb, attribution)
    unfollowed.install(_untracked, attribution)
    indirect.install(notes)
    sys.meta_path.insert(0, _LookupRecorder)
    sys.addaudithook(_hook)


def _untracked(name: str) -> None:
    """The author's code read something the cache cannot read again (:mod:`.unfollowed`)."""
    if _RECORDER is not None and _RECORDER.active:
        _RECORDER.untracked[name] = None


def _recording_cwd(original: Any, attribution: unfollowed.Attribution) -> Any:
    """``os.getcwd`` (or ``getcwdb``): asked by the author's code, the working folder is
    recorded (as for a relative path)."""

    def recording() -> Any:
        if _RECORDER is not None and _RECORDER.active and attribution.by_author(1):
            _RECORDER.relative = True
        return original()

    return recording


def finish() -> Reads:
    """Stop recording and return what was read since :func:`start` (UNRECORDED without it)."""
    recorder = _RECORDER
    if recorder is None:
        return UNRECORDED
    recorder.active = False
    files = {path: file_digest(path) for path in recorder.opened}
    changed = [path for path, digest in recorder.opened.items() if files[path] != digest]
    for name, module in list(sys.modules.items()):
        origin = getattr(module, "__file__", None)
        if name not in recorder.before and isinstance(origin, str) and os.path.isfile(origin):
            path = os.path.abspath(origin)
            files.setdefault(path, file_digest(path))
    for folder in recorder.scanned:
        with contextlib.suppress(OSError):
            for name in os.listdir(folder):
                entry = os.path.join(folder, name)
                recorder.stated[entry] = recorder.stated[entry + NOFOLLOW] = None
    resolutions = [(name, where, resolution(name, where)) for name, where in recorder.lookups]
    environment = {v: os.environ.get(v, UNSET) for v in recorder.variables}
    if recorder.whole_environment:
        environment[WHOLE_ENVIRONMENT] = environment_digest(os.environ.copy())
    return Reads(
        tuple(sorted(files.items())),
        tuple(sorted((d, listing_digest(d)) for d in recorder.listed)),
        tuple(sorted((d, stat_digest(d)) for d in recorder.stated)),
        tuple(sorted(resolutions)),
        tuple(sorted(environment.items(), key=repr)),
        os.getcwd() if recorder.relative else "",
        _unusable(changed, list(recorder.untracked), recorder),
        recorder.surroundings,
    )


def _unusable(changed: list[str], untracked: list[str], recorder: _Recorder) -> str:
    """Why a record cannot vouch for its verdict ("" when it can)."""
    if recorder.differs:
        return recorder.differs
    if not recorder.surroundings:
        return "the child was not told the environment it decides in"
    if changed:
        return f"{changed[0]} changed while it was being read"
    if untracked:
        return f"it used {', '.join(sorted(untracked))}, which the cache cannot follow"
    return ""
