"""Splitting a theorem into independent jobs, one per (part, size), and merging their answers.

A theorem declared with ``@theorem(..., split="sizes")`` whose claim is a search claim (or an
``all_of`` of search claims) is decided *by independent sizes* (:mod:`dpproofs.search.sizes`):
every size of every part is decided alone, from a fresh z3 context, and the answers are merged.
The runner gives each (part, size) to the executor as its own picklable :class:`SizeJob` (file,
theorem id, part index, size, limits: never solver objects), so the sizes of one search spread
over the workers of a process pool or a Dask cluster. When every answer is in, one
:class:`MergeJob` (the same, with every :class:`~dpproofs.search.sizes.SizeReport`) rebuilds the
claim in a child and merges: the smallest refuting size's counterexample, or the sizes decided,
or the small-model lifting when every size was unsat. The verdict is the one the same theorem
gets decided in one job, whichever job finishes first (the reports are sorted by size).

Splitting is declared, never automatic: it replaces the engine's incremental solving (where a
size may depend on the sizes before it) by independent sizes, which can decide a size
differently (another z3 model, so another counterexample). A theorem's verdict must not change
with the executor, so whether it splits is part of the theorem, not of the run.

Limits: each job (every size, and the merge with its lifting) gets the theorem's whole time
limit and memory cap. A size job stopped at its limit is an undecided size (the merged verdict
is UNKNOWN, naming the sizes that were decided); a job that fails (the file does not load, a
crash) makes the theorem's verdict that failure, the first in (part, size) order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dpproofs.run.discovery import TheoremInfo
from dpproofs.run.isolation import Limits, run_child
from dpproofs.run.reads import UNRECORDED, Recorded, Surroundings, unpack
from dpproofs.verdict import Verdict

#: What a size job answers: a SizeReport (dpproofs.search.sizes), or a Verdict when it failed.
Answer = Any


@dataclass(frozen=True, slots=True)
class SizeJob:
    """One size of one part of a split theorem: plain data, picklable for any executor."""

    file: str
    theorem_id: str
    part: int
    size: int
    limits: Limits


@dataclass(frozen=True, slots=True)
class MergeJob:
    """Merging a split theorem's answers (one per SizeJob, in plan order) into its verdict."""

    file: str
    theorem_id: str
    limits: Limits
    reports: tuple[Any, ...]


def size_jobs(info: TheoremInfo, limits: Limits) -> list[SizeJob]:
    """The jobs of a split theorem, in plan order: part by part, sizes increasing."""
    return [
        SizeJob(info.file, info.id, part, size, limits)
        for part, sizes in info.split
        for size in sizes
    ]


def decide_size(job: SizeJob) -> Recorded:
    """Decide one (part, size) in a child killed at the deadline; never raises. A size stopped
    at its time limit is an undecided size, with the isolation's reason. The answer comes with
    what the child read (:mod:`dpproofs.run.reads`, for the cache)."""
    from dpproofs.run.worker import size_main
    from dpproofs.search.sizes import UNDECIDED, SizeReport

    args = (job.file, job.theorem_id, job.part, job.size, Surroundings.here())
    outcome = run_child(size_main, args, job.limits)
    answer, read = unpack(outcome.value)
    if answer is not None:
        return Recorded(answer, read)
    if outcome.timed_out:
        reason = f"size {job.size}: {outcome.failure}"
        report = SizeReport(job.part, job.size, UNDECIDED, reason=reason, seconds=outcome.seconds)
        return Recorded(report, UNRECORDED)
    return Recorded(_failed(job.file, job.theorem_id, outcome), UNRECORDED)


def merge(job: MergeJob) -> Recorded:
    """The verdict of a split theorem, merged in a child, with what the child read; never
    raises."""
    from dpproofs.run.worker import merge_main

    args = (job.file, job.theorem_id, job.reports, Surroundings.here())
    outcome = run_child(merge_main, args, job.limits)
    verdict, read = unpack(outcome.value)
    if isinstance(verdict, Verdict):
        return Recorded(verdict, read)
    if outcome.timed_out:
        verdict = Verdict.unknown("time limit", outcome.failure).timed(outcome.seconds)
        return Recorded(verdict, UNRECORDED)
    return Recorded(_failed(job.file, job.theorem_id, outcome), UNRECORDED)


def _failed(file: str, theorem_id: str, outcome: Any) -> Verdict:
    if outcome.interrupted:
        return Verdict.unknown("interrupted", "the run was interrupted before a verdict")
    return Verdict.error(
        "isolation", f"{file}: {theorem_id}: {outcome.failure or 'no verdict'}"
    ).timed(outcome.seconds)


@dataclass
class SplitTheorem:
    """The answers of one split theorem's size jobs as they arrive (in any order)."""

    info: TheoremInfo
    limits: Limits
    jobs: Sequence[SizeJob]
    answers: dict[SizeJob, Answer] = field(default_factory=dict)

    def add(self, job: SizeJob, answer: Answer) -> MergeJob | Verdict | None:
        """Record ``answer``; once every job has answered, what comes next: the first failure
        in plan order (a Verdict) is the theorem's verdict, else the MergeJob."""
        self.answers[job] = answer
        if len(self.answers) < len(self.jobs):
            return None
        ordered = tuple(self.answers[j] for j in self.jobs)
        for answer_ in ordered:
            if isinstance(answer_, Verdict):
                return answer_
        return MergeJob(self.info.file, self.info.id, self.limits, ordered)
