"""The child side of isolation: import a theorem file, list its theorems, or decide one of them.

Runs in a child process (see :mod:`dpproofs.run.isolation`), so a hang, a crash, ``sys.exit``,
``os._exit`` or runaway memory in author code cannot take the run down. The child first leads a
new process group (the parent kills the group), caps its address space, and starts a watchdog
that ends it if the parent goes away or the deadline passes. Every failure it can see becomes a
:class:`~dpproofs.run.discovery.LoadFailure` or a verdict naming the theorem file and line.
"""

from __future__ import annotations

import contextlib
import os
import resource
import threading
import time
import traceback
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from dpproofs import progress
from dpproofs.claim import Claim, timed_decide
from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError
from dpproofs.run import reads
from dpproofs.run.discovery import (
    Discovered,
    LoadFailure,
    TheoremInfo,
    failing_line,
    import_theorem_file,
)
from dpproofs.run.hints import hint
from dpproofs.theorem import REGISTRY_ATTRIBUTE, TheoremSpec
from dpproofs.verdict import Status, Verdict
from dpproofs.wholephrase import quoted

#: Seconds before the hard deadline at which a decision procedure is asked to give up.
MAX_MARGIN = 1.0


def _enter_child(deadline_at: float, memory_bytes: int) -> None:
    """Lead a process group, cap memory, and watch for a vanished parent or a passed deadline."""
    with contextlib.suppress(OSError):  # else the parent kills this process alone
        os.setpgid(0, 0)
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = memory_bytes if hard == resource.RLIM_INFINITY else min(hard, memory_bytes)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ValueError, OSError):
        pass  # a platform without address-space limits still runs the theorem
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent and time.monotonic() < deadline_at + 2.0:
            time.sleep(0.5)
        os._exit(70)

    threading.Thread(target=watch, name="dpproofs-watchdog", daemon=True).start()


def _gib(memory_bytes: int) -> str:
    return f"{memory_bytes / 1024**3:g} GiB"


def _send(channel: Connection, value: Any) -> None:
    try:
        channel.send(value)
    except Exception as exc:  # e.g. an unpicklable value inside a counterexample
        channel.send(Verdict.error("isolation", f"the verdict could not be sent back: {exc}"))
    channel.close()


def import_failure(exc: BaseException, file: str, memory_bytes: int) -> LoadFailure:
    """Why importing ``file`` failed, as the line to look at and one sentence."""
    if isinstance(exc, SyntaxError):
        return LoadFailure(file, exc.lineno or 1, f"SyntaxError: {exc.msg}")
    line = failing_line(exc, file)
    if isinstance(exc, SystemExit):
        return LoadFailure(file, line, f"the file called sys.exit({exc.code!r}) while importing")
    if isinstance(exc, MemoryError):
        return LoadFailure(
            file,
            line,
            f"memory cap of {_gib(memory_bytes)} reached while importing the file",
            Status.UNKNOWN,
        )
    return LoadFailure(file, line, f"{type(exc).__name__}: {exc}")


def discover(file: str, memory_bytes: int) -> Discovered | LoadFailure:
    """Import ``file`` and list its theorems. Never raises for problems of the file itself."""
    try:
        module = import_theorem_file(Path(file))
        specs = list(getattr(module, REGISTRY_ATTRIBUTE, []))
        return Discovered(file, tuple(TheoremInfo.of(s, split_plan(s)) for s in specs))
    except BaseException as exc:  # sys.exit and KeyboardInterrupt included
        return import_failure(exc, file, memory_bytes)


def split_plan(spec: TheoremSpec) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(part, sizes) of a theorem declared with split="sizes" whose claim splits; else empty
    (the theorem is then decided by one job, which reports why the claim does not build or
    split)."""
    if spec.split != "sizes":
        return ()
    from dpproofs.search.sizes import plan

    try:
        claim = spec.build()
        return plan(claim) if isinstance(claim, Claim) else ()
    except Exception:
        return ()


def _begin(surroundings: reads.Surroundings, deadline_at: float, memory_bytes: int) -> None:
    """Compare what the child inherited with the asking process's state, take its environment
    and folder (and the state every child has), enter the child, start recording."""
    differs = surroundings.differs()
    surroundings.adopt()
    _enter_child(deadline_at, memory_bytes)
    reads.start(surroundings.digest(), differs)


def discover_main(
    file: str,
    surroundings: reads.Surroundings,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: discover ``file`` and send a Discovered (with what the import read,
    for the cache) or a LoadFailure."""
    _begin(surroundings, deadline_at, memory_bytes)
    found = discover(file, memory_bytes)
    read = reads.finish()
    _send(channel, replace(found, dependencies=read) if isinstance(found, Discovered) else found)


def load_claim(
    file: str, theorem_id: str, memory_bytes: int
) -> tuple[Claim, TheoremSpec] | Verdict:
    """Import ``file`` and build theorem ``theorem_id``'s claim, or the verdict saying why not."""
    progress.note(progress.IMPORTING)
    try:
        module = import_theorem_file(Path(file))
        spec = {s.id: s for s in getattr(module, REGISTRY_ATTRIBUTE, [])}[theorem_id]
    except BaseException as exc:
        failure = import_failure(exc, file, memory_bytes)
        if failure.status is Status.UNKNOWN:
            return Verdict.unknown("resources", f"{failure.location}: {failure.message}")
        return Verdict.error("load", f"{failure.location}: {failure.message}")
    progress.note(progress.BUILDING)
    try:
        claim = spec.build()
    except BaseException as exc:
        return _failure("build", exc, file, spec.location, memory_bytes)
    if not isinstance(claim, Claim):
        return Verdict.error(
            "build",
            f"{spec.location}: the theorem function returned {type(claim).__name__}, not a claim"
            + _RETURNED.get(type(claim), ""),
        )
    unquoted = [p for p in whole_domains(claim) if not quoted(p, spec.quote)]
    if unquoted:
        return Verdict.error(
            "build",
            f"{spec.location}: whole_domain {unquoted[0]!r} is not a phrase of the theorem's "
            "quote= (one that starts a sentence or clause of it): a search may call its sizes "
            "the statement's whole domain only where the statement, as quoted, fixes them",
        )
    return claim, spec


def whole_domains(claim: Any) -> list[str]:
    """The ``whole_domain`` phrases of ``claim``'s search claims, through its conjunctions (and
    a split claim's parts): each must be in the theorem's quote."""
    found = []
    phrase = getattr(getattr(claim, "quantifier", None), "whole_domain", "")
    if isinstance(phrase, str) and phrase:
        found.append(phrase)
    for attribute in ("parts", "claim"):
        inner = getattr(claim, attribute, None)
        for part in inner if isinstance(inner, tuple) else [inner] if inner is not None else []:
            found += whole_domains(part)
    return found


#: What a theorem function that returned a non-claim most likely meant.
_RETURNED = {
    type(None): " (is a `return` missing before the claim?)",
    bool: (
        " (a Python comparison is decided by Python, not checked: return a claim, e.g. "
        'holds("..."), exact_fact(...) or pure_epsilon_at_most(...))'
    ),
}


def deadline_before(deadline_at: float | None) -> Deadline:
    """The decision's own deadline: a little before the hard one, when the child is killed."""
    if deadline_at is None:
        return Deadline(None)
    left = deadline_at - time.monotonic()
    return Deadline(max(0.0, left - min(MAX_MARGIN, 0.1 * left)))


def decide_theorem(
    file: str, theorem_id: str, deadline_at: float | None, memory_bytes: int
) -> Verdict:
    """Decide one theorem in this process. Never raises for problems of the theorem itself.
    A theorem declared with ``split="sizes"`` is decided by independent sizes
    (:mod:`dpproofs.search.sizes`), the verdict a split run gives."""
    loaded = load_claim(file, theorem_id, memory_bytes)
    if isinstance(loaded, Verdict):
        return loaded
    claim, spec = loaded
    if spec.split is not None:
        from dpproofs.search.sizes import as_declared

        claim = as_declared(claim, spec.split)
    progress.note(progress.DECIDING)
    try:
        return located(timed_decide(claim, deadline_before(deadline_at)), file, spec.location)
    except BaseException as exc:
        return _failure("decide", exc, file, spec.location, memory_bytes)


def located(verdict: Verdict, file: str, location: str) -> Verdict:
    """An ERROR a decider returned without a place (``InvalidClaim: the check stated no
    fact``) names the theorem's line, as every other error does; other verdicts unchanged."""
    if verdict.status is not Status.ERROR or verdict.reason.startswith(f"{file}:"):
        return verdict
    return replace(verdict, reason=f"{location}: {verdict.reason}")


def decide_size(
    file: str, theorem_id: str, part: int, size: int, deadline_at: float | None, memory: int
) -> Any:
    """Decide one size of one part of a split theorem: a SizeReport, or the Verdict of a
    failure (the file, the claim, or a bug while deciding)."""
    from dpproofs.search.sizes import decide_size as decide_alone
    from dpproofs.search.sizes import search_parts

    loaded = load_claim(file, theorem_id, memory)
    if isinstance(loaded, Verdict):
        return loaded
    claim, spec = loaded
    try:
        parts = search_parts(claim)
        return decide_alone(parts[part], size, deadline_before(deadline_at), part)
    except DpProofsError as exc:
        return Verdict.error("claim", f"{type(exc).__name__}: {exc}")
    except BaseException as exc:
        return _failure("decide", exc, file, spec.location, memory)


def merge_sizes(
    file: str, theorem_id: str, reports: tuple[Any, ...], deadline_at: float | None, memory: int
) -> Verdict:
    """The verdict of a split theorem from the SizeReports of all its (part, size) jobs."""
    from dpproofs.search.sizes import merge_parts, search_parts

    loaded = load_claim(file, theorem_id, memory)
    if isinstance(loaded, Verdict):
        return loaded
    claim, spec = loaded
    try:
        return merge_parts(search_parts(claim), reports, deadline_before(deadline_at))
    except DpProofsError as exc:
        return Verdict.error("claim", f"{type(exc).__name__}: {exc}")
    except BaseException as exc:
        return _failure("decide", exc, file, spec.location, memory)


def _failure(stage: str, exc: BaseException, file: str, location: str, memory: int) -> Verdict:
    """The verdict for an exception while building or deciding: UNKNOWN for the memory cap,
    ERROR (naming the author's line and where it was raised) for anything else."""
    doing = {"build": "building", "decide": "deciding"}[stage]
    if isinstance(exc, MemoryError) or "out of memory" in str(exc).lower():  # z3 says so
        return Verdict.unknown(
            "resources",
            f"{location}: memory cap of {_gib(memory)} reached while {doing} the claim",
        )
    if isinstance(exc, RecursionError):
        return Verdict.error(stage, f"{location}: recursion too deep while {doing}")
    if isinstance(exc, SystemExit):
        return Verdict.error(stage, f"{location}: sys.exit({exc.code!r}) called while {doing}")
    line = failing_line(exc, file)
    author = f"{file}:{line}" if line > 1 else location
    raised = _raised_at(exc, author)
    return Verdict.error(stage, f"{author}: {type(exc).__name__}: {exc}{raised}{hint(exc)}")


def _raised_at(exc: BaseException, author: str) -> str:
    """`` (raised at helper.py:7)`` when the exception was raised in the author's own code
    elsewhere than ``author`` (a helper in the theorem file's folder); nothing when it was raised
    at ``author`` itself or inside an installed library or dpproofs, whose frames would only
    name the machine's paths and internals (the author's line is the place to look)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = Path(frames[-1].filename).resolve()
    folder = Path(author.rpartition(":")[0]).resolve().parent
    package = Path(__file__).resolve().parents[1]
    inside = last.is_relative_to(folder) and not last.is_relative_to(package)
    where = f"{last}:{frames[-1].lineno}"
    if not inside or "site-packages" in last.parts or where == author:
        return ""
    return f" (raised at {where})"


def decide_main(
    file: str,
    theorem_id: str,
    surroundings: reads.Surroundings,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: decide one theorem and send its verdict with what the child read,
    after the progress notes made on the way (:mod:`dpproofs.progress`)."""
    _begin(surroundings, deadline_at, memory_bytes)
    with progress.listening(lambda text: channel.send(progress.Progress(text))):
        verdict = decide_theorem(file, theorem_id, deadline_at, memory_bytes)
    _send(channel, reads.Recorded(verdict, reads.finish()))


def size_main(
    file: str,
    theorem_id: str,
    part: int,
    size: int,
    surroundings: reads.Surroundings,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: decide one (part, size) of a split theorem and send the report with
    what the child read."""
    _begin(surroundings, deadline_at, memory_bytes)
    report = decide_size(file, theorem_id, part, size, deadline_at, memory_bytes)
    _send(channel, reads.Recorded(report, reads.finish()))


def merge_main(
    file: str,
    theorem_id: str,
    reports: tuple[Any, ...],
    surroundings: reads.Surroundings,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: merge a split theorem's reports into its verdict and send it with what
    the child read."""
    _begin(surroundings, deadline_at, memory_bytes)
    verdict = merge_sizes(file, theorem_id, reports, deadline_at, memory_bytes)
    _send(channel, reads.Recorded(verdict, reads.finish()))
