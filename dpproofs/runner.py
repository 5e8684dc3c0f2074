"""Running theorems: each in its own process, with its own time limit, in parallel.

Work is submitted through the standard :class:`concurrent.futures.Executor` interface: each task
supervises one child process (started from a fork server that has the heavy imports preloaded),
waits for its verdict up to the time limit plus a grace period, and kills it after that. So a
solver that hangs ends as UNKNOWN ("time limit exceeded") and a crash ends as ERROR, while the run
goes on. The default executor is a thread pool of ``jobs`` supervisors.
"""

from __future__ import annotations

import multiprocessing
import re
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dpproofs.discovery import LoadFailure, load_theorems, theorem_files
from dpproofs.errors import UsageError
from dpproofs.theorem import TheoremSpec
from dpproofs.verdict import Status, Verdict

#: Seconds a child process gets beyond its time limit to report before it is killed.
GRACE_SECONDS = 5.0
DEFAULT_TIMEOUT = 60.0


@dataclass(frozen=True, slots=True)
class TheoremResult:
    """One theorem's outcome: what was expected, what was found, and where it is declared."""

    id: str
    title: str
    source: str
    expected: Status | None
    verdict: Verdict
    location: str
    note: str = ""

    @property
    def as_expected(self) -> bool:
        return self.expected is not None and self.verdict.status is self.expected

    def as_dict(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "id": self.id,
            "title": self.title,
            "source": self.source,
            "status": v.status.value,
            "expected": None if self.expected is None else self.expected.value,
            "method": v.method,
            "seconds": round(v.seconds, 4),
            "counterexample": v.counterexample.as_dict() if v.counterexample else None,
            "coverage": v.coverage,
            "reason": v.reason,
            "certificate": list(v.certificate),
            "location": self.location,
            "note": self.note,
            **({"steps": [s.as_dict() for s in v.steps]} if v.steps else {}),
        }


@dataclass(frozen=True, slots=True)
class Selection:
    """The theorems a run will decide, and the files that failed to load."""

    specs: tuple[TheoremSpec, ...]
    failures: tuple[LoadFailure, ...]


def select(paths: Iterable[str | Path], keyword: str | None = None) -> Selection:
    """Load every theorem under ``paths`` and keep those matching the ``-k`` expression."""
    matcher = keyword_matcher(keyword) if keyword else None
    specs: list[TheoremSpec] = []
    failures: list[LoadFailure] = []
    seen: dict[str, str] = {}
    for file in theorem_files(paths):
        loaded = load_theorems(file)
        if isinstance(loaded, LoadFailure):
            failures.append(loaded)
            continue
        for spec in loaded:
            if spec.id in seen:
                failures.append(
                    LoadFailure(
                        spec.file,
                        spec.line,
                        f"duplicate theorem id {spec.id!r} (also declared at {seen[spec.id]})",
                    )
                )
                continue
            seen[spec.id] = spec.location
            if matcher is None or matcher(f"{spec.id} {spec.title}"):
                specs.append(spec)
    return Selection(tuple(specs), tuple(failures))


_TOKEN = re.compile(r"\(|\)|[^\s()]+")


def keyword_matcher(expression: str) -> Callable[[str], bool]:
    """A pytest-style ``-k`` matcher: words are case-insensitive substrings; and/or/not/()."""
    tokens = _TOKEN.findall(expression)
    if not tokens:
        raise UsageError("-k needs an expression")

    def matches(text: str) -> bool:
        lowered = text.lower()
        parts = [
            t if t in ("and", "or", "not", "(", ")") else str(t.lower() in lowered) for t in tokens
        ]
        try:
            return bool(eval(" ".join(parts), {"__builtins__": {}}, {}))  # only bools/and/or/not
        except SyntaxError as exc:
            raise UsageError(f"-k {expression!r} is not a valid expression") from exc

    matches("")  # reject a malformed expression before anything runs
    return matches


def effective_timeout(spec: TheoremSpec, default: float, override: float | None) -> float:
    """The time limit for ``spec``: the CLI override, else the theorem's own, else the default."""
    if override is not None:
        return override
    return spec.timeout if spec.timeout is not None else default


_CONTEXT: Any = None


def _context() -> Any:
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = multiprocessing.get_context("forkserver")
        _CONTEXT.set_forkserver_preload(["dpproofs.worker", "sympy", "z3"])
    return _CONTEXT


def run_isolated(spec: TheoremSpec, timeout: float) -> Verdict:
    """Decide ``spec`` in a child process; kill it ``GRACE_SECONDS`` after the time limit."""
    from dpproofs.worker import worker_main

    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(
        target=worker_main, args=(spec.file, spec.id, timeout, sender), daemon=True
    )
    start = time.perf_counter()
    process.start()
    sender.close()
    try:
        if receiver.poll(timeout + GRACE_SECONDS):
            try:
                verdict: Verdict = receiver.recv()
                return verdict
            except EOFError:
                pass
        else:
            return Verdict.unknown(
                "isolation", f"time limit of {timeout:g} s exceeded; the theorem was stopped"
            ).timed(time.perf_counter() - start)
        process.join(5)
        return Verdict.error(
            "isolation",
            f"{spec.location}: the theorem's process died (exit code {process.exitcode}) "
            "without a verdict",
        ).timed(time.perf_counter() - start)
    finally:
        if process.is_alive():
            process.kill()
        process.join(5)
        receiver.close()


def result_of(spec: TheoremSpec, verdict: Verdict) -> TheoremResult:
    return TheoremResult(
        spec.id, spec.title, spec.source, spec.expect, verdict, spec.location, spec.note
    )


def failure_result(failure: LoadFailure) -> TheoremResult:
    name = Path(failure.file).name
    return TheoremResult(
        id=name,
        title="(file failed to load)",
        source="",
        expected=None,
        verdict=Verdict.error("load", f"{failure.location}: {failure.message}"),
        location=failure.location,
    )


def run(
    specs: Sequence[TheoremSpec],
    *,
    jobs: int = 1,
    default_timeout: float = DEFAULT_TIMEOUT,
    timeout_override: float | None = None,
    executor: Executor | None = None,
    on_result: Callable[[TheoremResult], None] | None = None,
) -> list[TheoremResult]:
    """Decide every spec in isolation; results come back in the order of ``specs``."""
    own = executor is None
    pool = executor or ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = [
            pool.submit(
                run_isolated, spec, effective_timeout(spec, default_timeout, timeout_override)
            )
            for spec in specs
        ]
        results: list[TheoremResult] = []
        for spec, future in zip(specs, futures, strict=True):
            result = result_of(spec, future.result())
            results.append(result)
            if on_result is not None:
                on_result(result)
        return results
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
