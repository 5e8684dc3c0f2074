"""Reads a cached verdict cannot be checked against: the clock, randomness, the process.

:mod:`dpproofs.run.reads` records what a child read that can be read again later (files,
folders, paths, variables, the working folder). Some reads give another answer at every run
whatever is on disk: the clock (``time.time``, ``datetime.now``), fresh randomness
(``os.urandom``, an unseeded ``random.Random()``, ``SystemRandom``), and the state of the
process (``os.umask``, resource limits, process ids, load, CPU count, ``os.fstat`` and
``os.access`` of what was never opened through the recorder, the process group and session, a
thread's identifier, ``os.sysconf`` of what is not keyed, such as the free memory, the login
name and the user and group databases). A theorem whose truth depends on one of them may
change between two runs, so its verdict must not be cached. In the child, :func:`install`
wraps each such function: a call from the author's code marks the record unusable, naming the
function, so the verdict is not stored (the report says why).

A call counts as the author's when the first frame outside the standard library that leads to
it is neither dpproofs' nor a module imported before recording began (the fork server's
preloaded sympy, z3, flint, numpy: their versions and sources key the cache); so the
deciders' own deadlines, which read the clock, do not make every verdict uncacheable.

Made the same in every child instead of recorded (so a verdict depending on them is the same
at every run and may be cached):

* the hash of a str (``PYTHONHASHSEED`` is 0 for the fork server, :mod:`dpproofs.run.isolation`);
* the module-level generators of ``random`` and of ``numpy.random``, seeded with 0 when
  recording starts (a forked child would otherwise inherit the fork server's state, which
  differs from one run to the next).
"""

from __future__ import annotations

import _thread
import datetime
import functools
import grp
import os
import pwd
import random
import resource
import sys
import sysconfig
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

#: Functions whose answer may differ at each call (module, names).
CLOCKS = (
    (time, ("time", "time_ns", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns")),
    (time, ("process_time", "process_time_ns", "thread_time", "thread_time_ns")),
    (time, ("clock_gettime", "clock_gettime_ns", "localtime", "gmtime", "ctime", "asctime")),
    (time, ("strftime",)),
    (os, ("urandom", "getrandom", "umask", "times", "getpid", "getppid", "getloadavg")),
    (os, ("cpu_count", "fstat", "access", "statvfs", "get_terminal_size", "sched_getaffinity")),
    (os, ("getpgrp", "getpgid", "getsid")),
    (threading, ("get_native_id",)),  # not get_ident: the import system's locks call it
    (_thread, ("get_native_id",)),
    # the login name and the user and group databases (C code reads /etc/passwd, NSS, utmp)
    (os, ("getlogin",)),
    (pwd, ("getpwuid", "getpwnam", "getpwall")),
    (grp, ("getgrgid", "getgrnam", "getgrall")),
    (resource, ("getrlimit", "getrusage", "prlimit")),
    # the clock and the node, read in C by _uuid (uuid1's time and clock sequence)
    (uuid, ("uuid1", "getnode")),
)


#: ``os.sysconf`` names whose value is keyed (:mod:`dpproofs.run.inherited`: the resource limits
#: behind the first three, the kernel by ``os.uname``); a call with any other name is noted
#: (``SC_AVPHYS_PAGES`` is the free memory, ``SC_NPROCESSORS_ONLN`` the CPUs online now).
SYSCONF_KEYED = frozenset(
    {"SC_OPEN_MAX", "SC_CHILD_MAX", "SC_ARG_MAX", "SC_PAGESIZE", "SC_PAGE_SIZE", "SC_CLK_TCK"}
)


def _stdlib() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    return tuple({paths["stdlib"], paths["platstdlib"]})


#: Libraries the deciders run (their files are not the author's, even when loaded late).
LIBRARIES = ("sympy", "mpmath", "z3", "flint", "numpy", "scipy")


def _library_folders() -> tuple[str, ...]:
    folders = []
    for name in LIBRARIES:
        module = sys.modules.get(name)
        origin = getattr(module, "__file__", None)
        if isinstance(origin, str):
            folders.append(os.path.dirname(os.path.abspath(origin)) + os.sep)
    return tuple(folders)


class Attribution:
    """Whether a call comes from the author's code (see the module docstring)."""

    def __init__(self, trusted_files: frozenset[str]) -> None:
        self.trusted = trusted_files
        package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.folders = (package + os.sep, *_library_folders())
        self.stdlib = _stdlib()
        self._known: dict[str, bool | None] = {}

    @classmethod
    def of_loaded(cls) -> Attribution:
        """Trusting the modules loaded now (call before any author code runs)."""
        files = (getattr(m, "__file__", None) for m in list(sys.modules.values()))
        return cls(frozenset(f for f in files if isinstance(f, str)))

    def _is_author(self, filename: str) -> bool | None:
        """True: author code; False: trusted; None: the standard library (look further)."""
        if filename in self._known:
            return self._known[filename]
        answer: bool | None
        if filename.startswith("<frozen") or (
            filename.startswith(self.stdlib) and "-packages" not in filename
        ):
            answer = None  # the standard library calls for whoever called it
        elif filename in self.trusted or filename.startswith(self.folders):
            answer = False
        else:
            answer = True
        self._known[filename] = answer
        return answer

    def by_author(self, depth: int) -> bool:
        frame: Any = sys._getframe(depth + 1)
        while frame is not None:
            verdict = self._is_author(frame.f_code.co_filename)
            if verdict is not None:
                return verdict
            frame = frame.f_back
        return False


def _wrapped(original: Callable[..., Any], name: str, note: Callable[[str], None]) -> Any:
    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        note(name)
        return original(*args, **kwargs)

    return wrapper


def install(note: Callable[[str], None], attribution: Attribution) -> None:
    """Wrap every function of :data:`CLOCKS`, ``datetime``'s now and today, unseeded random
    generators and ``SystemRandom``: a call by the author's code calls ``note(name)``."""

    def noted(name: str) -> None:
        if attribution.by_author(2):
            note(name)

    for module, names in CLOCKS:
        for name in names:
            original = getattr(module, name, None)
            if original is not None:
                setattr(module, name, _wrapped(original, f"{module.__name__}.{name}", noted))
    _datetimes(noted)
    _randomness(noted)
    _sysconf(noted)


def _sysconf(noted: Callable[[str], None]) -> None:
    """``os.sysconf``: a name outside SYSCONF_KEYED (or a number) is noted."""
    original = os.sysconf

    @functools.wraps(original)
    def sysconf(name: Any) -> Any:
        if name not in SYSCONF_KEYED:
            noted(f"os.sysconf({name!r})")
        return original(name)

    os.sysconf = sysconf


def _datetimes(noted: Callable[[str], None]) -> None:
    """``datetime.datetime`` and ``datetime.date`` replaced by subclasses whose clock readings
    are noted (the C implementation reads the clock without calling ``time.time``), in
    ``datetime`` and in the C module ``_datetime`` it takes them from."""
    base_datetime, base_date = datetime.datetime, datetime.date

    class NotedDatetime(base_datetime):  # type: ignore[valid-type,misc]
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            noted("datetime.datetime.now")
            return base_datetime.now(tz)

        @classmethod
        def utcnow(cls) -> Any:
            noted("datetime.datetime.utcnow")
            return base_datetime.utcnow()

        @classmethod
        def today(cls) -> Any:
            noted("datetime.datetime.today")
            return base_datetime.today()

    class NotedDate(base_date):  # type: ignore[valid-type,misc]
        @classmethod
        def today(cls) -> Any:
            noted("datetime.date.today")
            return base_date.today()

    NotedDatetime.__name__ = NotedDatetime.__qualname__ = "datetime"
    NotedDate.__name__ = NotedDate.__qualname__ = "date"
    for module in (datetime, sys.modules.get("_datetime")):
        if module is not None:  # the C module too: ``import _datetime`` gives the same types
            setattr(module, "datetime", NotedDatetime)  # noqa: B010 (mypy: a module's type)
            setattr(module, "date", NotedDate)  # noqa: B010


def _randomness(noted: Callable[[str], None]) -> None:
    """The module-level generators seeded with 0; an unseeded ``random.Random()`` and every
    draw of ``SystemRandom`` (through ``random._urandom``) noted."""
    random.seed(0)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(0)
    seed = random.Random.seed

    def noted_seed(self: random.Random, a: Any = None, version: int = 2) -> None:
        if a is None:
            noted("random.Random() without a seed")
        seed(self, a, version)

    random.Random.seed = noted_seed  # type: ignore[method-assign]
    module_seed = random.seed

    def noted_module_seed(a: Any = None, version: int = 2) -> None:
        if a is None:
            noted("random.seed() without a seed")
        module_seed(a, version)

    random.seed = noted_module_seed
    urandom = random._urandom  # type: ignore[attr-defined]
    random._urandom = _wrapped(urandom, "random.SystemRandom", noted)  # type: ignore[attr-defined]
