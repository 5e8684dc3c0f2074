"""Child processes with hard limits: a time limit that is a deadline, and a memory cap.

Every piece of author code (importing a theorem file, building and deciding a claim) runs in a
child started from a fork server that has the heavy imports preloaded. The child makes itself the
leader of a new process group, so that the parent can end it *and everything it spawned* (solver
processes) with one ``killpg``. The parent waits for the child's answer until the deadline, then
kills the group: a theorem given 60 s never runs for 61 s.

:func:`run_child` returns a :class:`ChildOutcome`: the value the child sent, or why there is
none (the time limit, an exit code, a signal). :func:`stop_all` kills every live child at once
(Ctrl-C, SIGTERM); afterwards :func:`run_child` refuses to start new ones until :func:`reset`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import forkserver
from typing import Any

from dpproofs.progress import Progress, kept
from dpproofs.run import inherited

#: Address-space cap for one child, so runaway memory ends as UNKNOWN ("memory cap"), not an OOM.
DEFAULT_MEMORY_BYTES = 6 * 1024**3


@dataclass(frozen=True, slots=True)
class Limits:
    """What a child may use: wall-clock seconds (a hard deadline) and bytes of address space."""

    seconds: float
    memory_bytes: int = DEFAULT_MEMORY_BYTES


@dataclass(frozen=True, slots=True)
class ChildOutcome:
    """A child's answer (``value``), or ``failure``: a sentence saying why there is none.

    ``timed_out`` is True when the child was stopped at its time limit (so the caller reports
    UNKNOWN, never ERROR, and never caches it); ``interrupted`` when the run was stopped.
    """

    value: Any = None
    failure: str = ""
    timed_out: bool = False
    interrupted: bool = False
    seconds: float = 0.0
    #: The progress notes the child sent before its answer or its end (dpproofs.progress).
    notes: tuple[str, ...] = ()


#: Imported once by the fork server, so that a child's own time starts with the theorem file.
PRELOAD = (
    "dpproofs.run.worker",
    "sympy",
    "z3",
    "flint",
    "dpproofs.finite",
    "dpproofs.symbolic",
    "dpproofs.search",
)
#: Why a daemonic process (e.g. a Dask worker under its default settings) decides nothing.
DAEMONIC = (
    "this worker is a daemonic process, which may not start the child process a theorem is "
    "decided in (start Dask workers with DASK_DISTRIBUTED__WORKER__DAEMON=False; "
    "see docs/cluster.md)"
)
_CONTEXT: Any = None
_LIVE: dict[int, Any] = {}
_LOCK = threading.Lock()
_STOPPED = threading.Event()


def _noop() -> None:
    """The first child: it waits for the fork server's preloading, outside any time limit."""


def _context() -> Any:
    global _CONTEXT
    with _LOCK:
        if _CONTEXT is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(PRELOAD))
            with inherited.server_environment():  # the same start-up in every run
                forkserver.ensure_running()
            warm = context.Process(target=_noop, daemon=True)
            warm.start()
            warm.join()
            _CONTEXT = context
    return _CONTEXT


def run_child(
    target: Callable[..., None], args: tuple[Any, ...], limits: Limits, forked: bool = False
) -> ChildOutcome:
    """Run ``target(*args, deadline_at, memory_bytes, channel)`` in a child; kill it at the limit.

    ``deadline_at`` is the hard deadline on the system-wide monotonic clock, so the child can give
    up cooperatively a little before it (its own UNKNOWN reason is more useful than ours).
    ``forked``: the child is a fork of this process (it sees this process's modules as they are
    now, and what it imports or changes stays in it) rather than a child of the fork server;
    ``dpproofs recheck`` rebuilds claims so, in a child per theorem file.
    """
    if _STOPPED.is_set():
        return ChildOutcome(failure="the run was interrupted before this started", interrupted=True)
    if multiprocessing.current_process().daemon:
        return ChildOutcome(failure=DAEMONIC)
    context: Any = multiprocessing.get_context("fork") if forked else _context()
    receiver, sender = context.Pipe(duplex=False)
    start = time.monotonic()
    deadline_at = start + limits.seconds
    process = context.Process(
        target=target, args=(*args, deadline_at, limits.memory_bytes, sender), daemon=True
    )
    try:
        process.start()
    except OSError as exc:  # e.g. no more processes: this job fails, the run goes on
        receiver.close()
        sender.close()
        return ChildOutcome(failure=f"the process could not be started ({exc})")
    sender.close()
    with _LOCK:
        _LIVE[process.pid] = process
    try:
        if _STOPPED.is_set():  # stop_all ran while this child was starting
            return ChildOutcome(failure="the run was interrupted", interrupted=True)
        return _await(process, receiver, limits, start)
    finally:
        _kill_group(process)
        process.join(5)
        with _LOCK:
            _LIVE.pop(process.pid, None)
        receiver.close()


def _await(process: Any, receiver: Any, limits: Limits, start: float) -> ChildOutcome:
    """The child's answer; the :class:`~dpproofs.progress.Progress` notes it sends first are
    collected on the way (and kept in the outcome, whatever ends the wait)."""
    notes: list[str] = []
    while True:
        left = start + limits.seconds - time.monotonic()
        got = receiver.poll(max(0.0, left))
        elapsed = time.monotonic() - start
        if _STOPPED.is_set():
            return ChildOutcome(
                failure="the run was interrupted",
                interrupted=True,
                seconds=elapsed,
                notes=tuple(notes),
            )
        if not got:
            return ChildOutcome(
                failure=f"time limit of {limits.seconds:g} s reached; the process was stopped",
                timed_out=True,
                seconds=limits.seconds,
                notes=tuple(notes),
            )
        try:
            value = receiver.recv()
        except (EOFError, OSError):
            break  # the child died without answering: say how, below
        except Exception as exc:  # an answer that does not unpickle is the child's fault
            return ChildOutcome(
                failure=f"its answer could not be read ({type(exc).__name__}: {exc})",
                seconds=elapsed,
                notes=tuple(notes),
            )
        if isinstance(value, Progress):
            kept(notes, value.text)
            continue
        return ChildOutcome(value=value, seconds=elapsed, notes=tuple(notes))
    process.join(5)
    return ChildOutcome(
        failure=_death(process.exitcode, limits), seconds=elapsed, notes=tuple(notes)
    )


def _death(exitcode: int | None, limits: Limits) -> str:
    if exitcode is None:
        return "the process stopped answering"
    if exitcode < 0:
        name = signal.Signals(-exitcode).name if -exitcode in signal.valid_signals() else "?"
        hint = ""
        if -exitcode == signal.SIGKILL:
            hint = f" (perhaps out of memory; the cap is {limits.memory_bytes / 1024**3:g} GiB)"
        return f"the process was killed by signal {name}{hint} before answering"
    return f"the process ended with exit code {exitcode} before answering"


def _kill_group(process: Any) -> None:
    """Kill the child's process group (it and any solver it spawned), else the child alone."""
    pid = process.pid
    if pid is None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    if process.is_alive():
        process.kill()


def stop_all() -> None:
    """Kill every live child and refuse new ones (the run was interrupted)."""
    _STOPPED.set()
    with _LOCK:
        live = list(_LIVE.values())
    for process in live:
        _kill_group(process)


def reset() -> None:
    """Allow children again after :func:`stop_all` (a new run in the same process)."""
    _STOPPED.clear()
