"""What a deciding child inherits from the process that asks for the decision, and what it
makes the same at every run.

A child (:mod:`dpproofs.run.isolation`) is forked from a fork server, which was started by the
asking process (``dpproofs verify``, the pytest plugin). Author code in the child can read much
more of its process than files and ``os.environ``: variables read by C code or by the
interpreter at start-up (``TZ``, ``LC_ALL``, ``PYTHONOPTIMIZE``, ``PYTHONPATH``,
``PYTHONIOENCODING``, ``SYMPY_GROUND_TYPES`` read by the preloaded sympy), the nice value, the
resource limits (also through ``os.sysconf``), ignored signals, the scheduling policy, the
umask, ``sys.argv``. Whitelist, not blacklist: instead of recording such reads one by one, each
is either *made the same* in every child or is *part of the cache key*:

Made the same (:func:`normalise`, in the child, before any author code):

* the fork server's own start-up environment is :data:`SERVER_ENVIRONMENT`, whatever the asking
  process's (so what the interpreter and the preloaded modules computed at start-up from
  variables, e.g. ``sys.stdout``'s encoding or sympy's ground types, is the same in every run);
  the child then takes the asking process's variables (:mod:`dpproofs.run.surroundings`) and
  calls ``time.tzset()``, so C code and ``time.timezone`` follow the variables it was given;
* ``PYTHONHASHSEED`` is 0 and the :data:`VOLATILE` variables are absent (they change between two
  runs of the same command: ``_``, ``PWD``, ``SHLVL``, make's ``MAKEFLAGS`` ...);
* every signal's disposition is Python's default (SIGPIPE and SIGXFSZ ignored, SIGINT raising
  KeyboardInterrupt, every other the system default) and no signal is blocked;
* the umask is 0o022; ``sys.argv`` is ``["dpproofs"]`` and ``sys.orig_argv`` is
  ``[sys.executable, "dpproofs"]`` (so neither depends on ``--jobs`` or the command used);
* standard input is ``/dev/null`` (``multiprocessing`` does so in every child).

Keyed (:func:`state`; :class:`dpproofs.run.surroundings.Surroundings` hashes it with every
variable the child is given): every resource limit, the nice value, the scheduling policy and
priority, the CPU affinity, the user and group ids and groups, ``os.uname()``, the content and
target of ``/etc/localtime``, the kind of standard output and error (a terminal, a pipe, a
file), the interpreter, ``sys.path`` as the child receives it, and ``sys.flags`` (less the hash
randomization, fixed above), ``sys.warnoptions`` and ``sys._xoptions``. The child measures the
same :func:`compared` part of it again before it changes anything: the fork server inherited
these when it started, so a process that changed one since (``os.nice``, ``setrlimit``) gets a
child that differs from the key, and that child's verdict is not cached (it says which).
The working folder is recorded when read (:mod:`dpproofs.run.reads`), not keyed, so the same
theorems checked from another folder reuse their verdicts.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import stat
import sys
import threading
import time
from collections.abc import Iterator

from dpproofs.run.digests import file_digest

#: Variables that differ between two runs of the same command in the same shell (the shell's
#: last argument and folders, its nesting level, make's job server and level, pytest's current
#: test): the child never sees them, and they are not keyed.
VOLATILE = frozenset(
    {
        "_", "PWD", "OLDPWD", "SHLVL", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES",
        "MAKE_TERMOUT", "MAKE_TERMERR", "PYTEST_CURRENT_TEST",
    }
)  # fmt: skip
#: The child's hash seed (the fork server is started with it; see SERVER_ENVIRONMENT).
HASH_SEED = ("PYTHONHASHSEED", "0")
#: The whole environment the fork server starts with, whatever the asking process's.
SERVER_ENVIRONMENT = (HASH_SEED, ("LC_ALL", "C.UTF-8"))
#: What the child's ``sys.argv`` is.
ARGV = ("dpproofs",)
#: The umask of every child.
UMASK = 0o022
#: Held while the asking process's environment is read or swapped (the fork server is started
#: with SERVER_ENVIRONMENT by swapping os.environ for a moment: no thread may read it then).
LOCK = threading.RLock()

State = tuple[tuple[str, str], ...]


def environment() -> tuple[tuple[str, str], ...]:
    """The variables a child is given: this process's, less VOLATILE and the hash seed (the
    child's is always 0), sorted."""
    with LOCK:
        items = os.environ.copy().items()
    return tuple(sorted((k, v) for k, v in items if k not in VOLATILE and k != HASH_SEED[0]))


def given() -> dict[str, str]:
    """The variables a child is given now: :func:`environment` and the hash seed."""
    return dict((*environment(), HASH_SEED))


def _rlimits() -> str:
    names = sorted(n for n in dir(resource) if n.startswith("RLIMIT_"))
    return ";".join(f"{n}={resource.getrlimit(getattr(resource, n))}" for n in names)


def _scheduler() -> str:
    try:
        return f"{os.sched_getscheduler(0)}:{os.sched_getparam(0).sched_priority}"
    except (AttributeError, OSError):
        return "-"


def _affinity() -> str:
    try:
        return ",".join(str(c) for c in sorted(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return "-"


def _ids() -> str:
    return (
        f"{os.getuid()}:{os.geteuid()}:{os.getgid()}:{os.getegid()}:"
        f"{','.join(str(g) for g in sorted(os.getgroups()))}"
    )


def _zone(name: str) -> str:
    """A zone file C code reads in ``tzset`` (no audit event): its target and its content."""
    try:
        target = os.readlink(name)
    except OSError:
        target = "-"
    return f"{target}:{file_digest(name)}"


def _localtime() -> str:
    """/etc/localtime (read by C code when TZ is unset)."""
    return _zone("/etc/localtime")


def _tz_file() -> str:
    """The file ``TZ`` names (``:/path``, ``/path``, or a name under ``TZDIR`` or
    /usr/share/zoneinfo), keyed by content: the variable alone does not say what C reads.
    Keyed in the asking process only (a child compares before it takes TZ)."""
    zone = os.environ.get("TZ", "").removeprefix(":")
    if not zone:
        return "-"
    folder = os.environ.get("TZDIR", "/usr/share/zoneinfo")
    return _zone(zone if os.path.isabs(zone) else os.path.join(folder, zone))


def _stdio() -> str:
    """The kind of standard output and error (a terminal, a pipe, a file, closed)."""
    kinds = []
    for fd in (1, 2):
        try:
            mode = stat.S_IFMT(os.fstat(fd).st_mode)
            kinds.append(f"{mode}:{os.isatty(fd)}")
        except OSError:
            kinds.append("closed")
    return ";".join(kinds)


def _path() -> str:
    """``sys.path`` as a child receives it (multiprocessing replaces "" by the folder the
    process started in)."""
    from multiprocessing import process

    started: str = process.ORIGINAL_DIR  # type: ignore[attr-defined]
    return "\0".join(started if p == "" else p for p in sys.path)


def compared() -> State:
    """The inherited state a child measures again (it must equal the asking process's)."""
    return (
        ("resource limits", _rlimits()),
        ("nice value", str(os.getpriority(os.PRIO_PROCESS, 0))),
        ("scheduling policy", _scheduler()),
        ("CPU affinity", _affinity()),
        ("user and groups", _ids()),
        ("os.uname", "\0".join(os.uname())),
        ("/etc/localtime", _localtime()),
        ("standard output and error", _stdio()),
        ("interpreter", sys.executable),
        ("sys.path", _path()),
    )


def _flags() -> str:
    """sys.flags (less hash_randomization, the same in every child), warning and -X options."""
    flags = {
        name: getattr(sys.flags, name)
        for name in dir(sys.flags)
        if not name.startswith("_") and name not in ("count", "index", "hash_randomization")
    }
    xoptions = sorted((str(k), str(v)) for k, v in getattr(sys, "_xoptions", {}).items())
    return f"{sorted(flags.items())}|{sys.warnoptions}|{xoptions}"


def state() -> State:
    """Everything a child inherits that is keyed: :func:`compared` and the interpreter's flags
    (the child's are a function of these: the fork server is started with them)."""
    return (*compared(), ("sys.flags", _flags()), ("the file TZ names", _tz_file()))


def differences(expected: State, actual: State) -> list[str]:
    """The names of the entries of ``actual`` whose value in ``expected`` differs."""
    then = dict(expected)
    return [name for name, value in actual if then.get(name) != value]


def normalise() -> None:
    """Make this (child) process's signals, umask and command line the same in every run."""
    signal.pthread_sigmask(signal.SIG_SETMASK, ())
    ignored = {signal.SIGPIPE, signal.SIGXFSZ}
    for number in signal.valid_signals():
        if number in (signal.SIGKILL, signal.SIGSTOP):
            continue
        wanted = (
            signal.default_int_handler
            if number == signal.SIGINT
            else signal.SIG_IGN
            if number in ignored
            else signal.SIG_DFL
        )
        with contextlib.suppress(OSError, ValueError):
            signal.signal(number, wanted)
    os.umask(UMASK)
    sys.argv = list(ARGV)
    sys.orig_argv = [sys.executable, *ARGV]


def follow_environment() -> None:
    """After the child took its variables: the time zone follows ``TZ`` (``time.timezone``,
    ``time.tzname`` were computed when the fork server imported ``time``)."""
    time.tzset()


@contextlib.contextmanager
def server_environment() -> Iterator[None]:
    """os.environ is SERVER_ENVIRONMENT, and addresses are not randomised, for the processes
    started meanwhile: the fork server (under LOCK)."""
    with LOCK, _fixed_addresses():
        before = os.environ.copy()
        os.environ.clear()
        os.environ.update(dict(SERVER_ENVIRONMENT))
        try:
            yield
        finally:
            os.environ.clear()
            os.environ.update(before)


#: personality(2)'s flag that turns address-space layout randomisation off, and its query.
ADDR_NO_RANDOMIZE, QUERY = 0x0040000, 0xFFFFFFFF


@contextlib.contextmanager
def _fixed_addresses() -> Iterator[None]:
    """Processes this thread starts meanwhile lay out their memory without randomisation
    (Linux; nothing where personality(2) is missing or refused), so ``hash()``, ``repr()`` and
    the order of a set of objects without their own hash usually are the same in every run of
    the same command (not always: threads allocate in between; ``id()`` by the author is not
    cached at all, see :mod:`dpproofs.run.reads`). The deciding process runs the author's code
    whatever its layout: the randomisation protects nothing there."""
    try:
        import ctypes

        personality = ctypes.CDLL(None, use_errno=True).personality
        before = personality(QUERY)
    except (OSError, AttributeError):
        before = -1
    if before == -1 or personality(before | ADDR_NO_RANDOMIZE) == -1:
        yield
        return
    try:
        yield
    finally:
        personality(before)
