"""Deciding theorems: each in its own child process, with its own limits, in parallel.

Work goes through the standard :class:`concurrent.futures.Executor` interface: each task is a
picklable :class:`Job` (file, theorem id, limits) given to :func:`decide`, which supervises one
child (see :mod:`dpproofs.run.isolation`) and kills it at the deadline. So a solver that hangs
ends as UNKNOWN ("time limit ... reached") and a crash ends as ERROR, while the run goes on. The
CLI's executors (a thread pool of ``jobs`` supervisors, or a Dask cluster's workers, each
supervising its own children) are in :mod:`dpproofs.run.executors`; any other Executor can be
passed in. A theorem declared with ``split="sizes"`` is submitted as one job per (part, size) of
its search, then one job merging their answers (:mod:`dpproofs.run.split`).

Ctrl-C (or SIGTERM turned into KeyboardInterrupt by the CLI) kills every child and raises
:class:`RunInterrupted` carrying the results so far, the undecided ones marked as interrupted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dpproofs import progress
from dpproofs.run import isolation, split
from dpproofs.run.cache import ResultCache
from dpproofs.run.discovery import LoadFailure, TheoremInfo
from dpproofs.run.isolation import Limits, run_child
from dpproofs.run.reads import UNRECORDED, Reads, Recorded, Surroundings, unpack
from dpproofs.run.selection import Planned
from dpproofs.run.split import SizeJob, SplitTheorem
from dpproofs.theorem import Refutation, Role, expectation
from dpproofs.verdict import Status, Verdict, evidence_tree

DEFAULT_TIMEOUT = 60.0


@dataclass(frozen=True, slots=True)
class Job:
    """What one child decides: plain data, so any Executor (threads, processes, a cluster) works."""

    file: str
    theorem_id: str
    limits: Limits


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
    corrects: str | None = None
    cached: bool = False
    #: What the theorem is to the claim IDs it cites (:class:`dpproofs.theorem.Role`).
    role: Role = Role.STATEMENT
    #: "notational" or "substantive" for an expected refutation (:class:`Refutation`).
    refutation: Refutation | None = None
    #: Why a decided verdict was not cached ("" when it was, or is undecided, or no cache).
    not_cached: str = ""
    #: The source's sentence and the encoding's reading decisions (see :func:`theorem`).
    quote: str = ""
    reading: str = ""
    #: How the encoded domain is narrower than the source's (see :func:`theorem`).
    restricted: str = ""
    #: The @theorem declaration is broken and its expect= cannot be read (``expected`` is None).
    broken_declaration: bool = False

    @property
    def as_expected(self) -> bool:
        return self.expected is not None and self.verdict.status is self.expected

    @property
    def expected_label(self) -> str:
        """What a reader is shown as expected: the status, BROKEN_DECLARATION, or "-" (a file
        that failed to load)."""
        if self.expected is None and not self.broken_declaration:
            return "-"
        return expectation(self.expected)

    def as_dict(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "id": self.id,
            "title": self.title,
            "source": self.source,
            "status": v.status.value,
            "expected": None if self.expected is None else self.expected.value,
            "expected_label": self.expected_label,
            "method": v.method,
            "seconds": round(v.seconds, 4),
            "counterexample": v.counterexample.as_dict() if v.counterexample else None,
            "coverage": v.coverage,
            "reason": v.reason,
            "certificate": list(v.certificate),
            "location": self.location,
            "note": self.note,
            "corrects": self.corrects,
            "role": self.role.value,
            "refutation": self.refutation.value if self.refutation else None,
            "quote": self.quote,
            "reading": self.reading,
            "restricted": self.restricted or None,
            "cached": self.cached,
            "not_cached": self.not_cached or None,
            "steps": [s.as_dict() for s in v.steps],
            "evidence": evidence_tree(v),
        }


def step_summary(verdict: Verdict) -> str:
    """The derivation's steps at a glance, e.g. "3/5 proved, 1 refuted" ("" without steps)."""
    if not verdict.steps:
        return ""
    counts: dict[str, int] = {}
    for step in verdict.steps:
        counts[step.status] = counts.get(step.status, 0) + 1
    others = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()) if s != "proved")
    text = f"{counts.get('proved', 0)}/{len(verdict.steps)} proved"
    return f"{text}, {others}" if others else text


class RunInterrupted(Exception):
    """The run was stopped (Ctrl-C, SIGTERM); ``results`` holds what is known so far."""

    def __init__(self, results: list[TheoremResult]) -> None:
        super().__init__("the run was interrupted")
        self.results = results


def effective_timeout(info: TheoremInfo, default: float, override: float | None) -> float:
    """The time limit for a theorem: the CLI override, else the theorem's own, else the default."""
    if override is not None:
        return override
    return info.timeout if info.timeout is not None else default


def decide(job: Job) -> Verdict:
    """Decide ``job`` in a child process killed at its deadline; never raises."""
    verdict: Verdict = decide_recorded(job).value
    return verdict


def decide_recorded(job: Job) -> Recorded:
    """Decide ``job`` as :func:`decide` does; the verdict comes with what the child read (for
    the cache; UNRECORDED when the child sent no verdict)."""
    from dpproofs.run.worker import decide_main

    outcome = run_child(decide_main, (job.file, job.theorem_id, Surroundings.here()), job.limits)
    verdict, read = unpack(outcome.value)
    if isinstance(verdict, Verdict):
        return Recorded(verdict, read)
    if outcome.timed_out:
        said = outcome.failure + progress.summary(outcome.notes)
        verdict = Verdict.unknown("time limit", said).timed(outcome.seconds)
    elif outcome.interrupted:
        verdict = _interrupted()
    else:
        verdict = Verdict.error(
            "isolation", f"{job.file}: {job.theorem_id}: {outcome.failure or 'no verdict'}"
        ).timed(outcome.seconds)
    return Recorded(verdict, UNRECORDED)


def _verdict_of(future: Future[Any], info: TheoremInfo) -> Any:
    """The job's answer (a verdict, or a split theorem's size report); ERROR if the executor
    lost it (e.g. a cluster worker died), since the jobs themselves never raise."""
    try:
        return future.result()
    except Exception as exc:
        return Verdict.error(
            "executor",
            f"{info.location}: the executor lost this job ({type(exc).__name__}: {exc})",
        )


def _interrupted() -> Verdict:
    return Verdict.unknown("interrupted", "the run was interrupted before a verdict")


def result_of(info: TheoremInfo, verdict: Verdict, cached: bool = False) -> TheoremResult:
    return TheoremResult(
        info.id,
        info.title,
        info.source,
        info.expect,
        verdict,
        info.location,
        info.note,
        info.corrects,
        cached,
        info.role,
        info.refutation,
        quote=info.quote,
        reading=info.reading,
        restricted=info.restricted,
        broken_declaration=info.expect is None,
    )


def failure_result(failure: LoadFailure) -> TheoremResult:
    verdict = (
        Verdict.unknown("load", f"{failure.location}: {failure.message}")
        if failure.status is Status.UNKNOWN
        else Verdict.error("load", f"{failure.location}: {failure.message}")
    )
    return TheoremResult(
        id=Path(failure.file).name,
        title="(file failed to load)",
        source="",
        expected=None,
        verdict=verdict,
        location=failure.location,
    )


def run(
    planned: Sequence[Planned],
    *,
    executor: Executor,
    default_timeout: float = DEFAULT_TIMEOUT,
    timeout_override: float | None = None,
    memory_bytes: int = isolation.DEFAULT_MEMORY_BYTES,
    cache: ResultCache | None = None,
    on_result: Callable[[TheoremResult], None] | None = None,
    on_running: Callable[[list[str]], None] | None = None,
) -> list[TheoremResult]:
    """Decide every planned theorem; results come back in the order of ``planned``.

    ``on_result`` is called as each result arrives, ``on_running`` with the ids in flight.
    """
    cache = cache or ResultCache(None)
    results: list[TheoremResult | None] = [None] * len(planned)
    #: future -> (theorem index, cache key, and for a split theorem's size job: it and its job)
    pending: dict[Future[Any], tuple[int, str, SplitTheorem | None, SizeJob | None]] = {}
    #: what the children deciding each theorem read so far (a split theorem has several)
    read: dict[int, Reads] = {}

    def finish(index: int, result: TheoremResult) -> None:
        results[index] = result
        if on_result is not None:
            on_result(result)

    try:
        for index, item in enumerate(planned):
            limits = Limits(
                effective_timeout(item.info, default_timeout, timeout_override), memory_bytes
            )
            key = cache.verdict_key(item.info, limits)
            stored = cache.verdict(key)
            if stored is not None:
                finish(index, result_of(item.info, stored, cached=True))
                continue
            if item.info.split:
                jobs = split.size_jobs(item.info, limits)
                tracker = SplitTheorem(item.info, limits, jobs)
                for size_job in jobs:
                    future = executor.submit(split.decide_size, size_job)
                    pending[future] = (index, key, tracker, size_job)
                continue
            job = Job(item.info.file, item.info.id, limits)
            pending[executor.submit(decide_recorded, job)] = (index, key, None, None)
        while pending:
            done, _ = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in done:
                index, key, owner, sized = pending.pop(future)
                answer, reads = unpack(_verdict_of(future, planned[index].info))
                read[index] = read[index].union(reads) if index in read else reads
                if owner is not None and sized is not None:
                    answer = owner.add(sized, answer)
                    if answer is None:
                        continue  # more sizes to come
                    if isinstance(answer, split.MergeJob):
                        pending[executor.submit(split.merge, answer)] = (index, key, None, None)
                        continue
                why = cache.store_verdict(key, answer, read.pop(index))
                finish(index, replace(result_of(planned[index].info, answer), not_cached=why))
            if on_running is not None:
                running = (planned[i].info.id for f, (i, *_) in pending.items() if f.running())
                on_running(list(dict.fromkeys(running)))
    except KeyboardInterrupt:
        isolation.stop_all()
        for future in pending:
            future.cancel()
        partial = [
            r if r is not None else result_of(planned[i].info, _interrupted())
            for i, r in enumerate(results)
        ]
        raise RunInterrupted(partial) from None
    return [r for r in results if r is not None]
