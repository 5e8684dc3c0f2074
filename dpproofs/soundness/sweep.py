"""The parent side of the sweep: list every theorem's mutants, decide and judge each one in its
own child, and count.

Each theorem file is listed in a child (its mutants, after the per-theorem cap); each mutant is
then decided and judged in a child of its own with a hard limit (``decide_seconds`` for the
decision, ``judge_seconds`` for the judge, plus slack for importing the file). Children run
``jobs`` at a time. A child stopped at its limit counts as unknown; one that dies, as error.

Then every theorem that searches finite objects (and is not expected refuted) is decided once
more, unmutated, in a child of its own, and when its verdict rests on the small-model lifting
every size up to N* + 2 is searched alone (:mod:`dpproofs.soundness.liftcheck`): a
counterexample there is unsound too.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dpproofs.run.discovery import theorem_files
from dpproofs.run.isolation import Limits, run_child
from dpproofs.soundness.child import (
    MutantInfo,
    MutantOutcome,
    TheoremMutants,
    list_main,
    mutant_main,
)
from dpproofs.soundness.judge import NOTHING, UNSOUND
from dpproofs.soundness.liftcheck import TheoremCheck, crosscheck_main

#: Seconds a file's listing child may take (it imports the file and builds every claim).
LIST_SECONDS = 180.0
#: Seconds a mutant child gets beyond its decision and judging (importing the file).
SLACK_SECONDS = 20.0
#: The verdict columns of the table, in order.
VERDICTS = ("refuted", "proved", "verified-bounded", "unknown", "error")


@dataclass(frozen=True, slots=True)
class LiftSettings:
    """The lifting cross-check's time: the original's decision, one size, all sizes of a
    theorem (``budget`` 0: no cross-check)."""

    decide: float = 30.0
    size: float = 5.0
    budget: float = 30.0


@dataclass(frozen=True, slots=True)
class MutantRecord:
    """One decided mutant: where it comes from, its verdict and the judge's finding."""

    id: str
    file: str
    theorem: str
    kind: str
    operator: str
    where: str
    verdict: str
    method: str
    reason: str
    finding: str
    detail: str
    seconds: float
    #: the original theorem's expected verdict (an error of a mutant of a theorem expected to
    #: be decided is the mutant's own)
    expect: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "file": self.file,
            "theorem": self.theorem,
            "kind": self.kind,
            "operator": self.operator,
            "where": self.where,
            "verdict": self.verdict,
            "method": self.method,
            "reason": self.reason,
            "independent": {"finding": self.finding, "detail": self.detail},
            "seconds": round(self.seconds, 3),
            "original_expect": self.expect,
        }


@dataclass
class SweepResult:
    theorems: list[TheoremMutants] = field(default_factory=list)
    records: list[MutantRecord] = field(default_factory=list)
    load_failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    lifting: list[TheoremCheck] = field(default_factory=list)

    def totals(self, records: Iterable[MutantRecord] | None = None) -> dict[str, int]:
        chosen = list(self.records if records is None else records)
        counts = Counter(r.verdict for r in chosen)
        out = {"mutants": len(chosen)}
        out.update({v: counts.get(v, 0) for v in VERDICTS})
        out["unsound"] = sum(r.finding == UNSOUND for r in chosen)
        if records is None:
            out["unsound"] += sum(t.unsound for t in self.lifting)
        return out

    def by_kind(self) -> dict[str, dict[str, int]]:
        kinds = sorted({r.kind for r in self.records})
        return {k: self.totals(r for r in self.records if r.kind == k) for k in kinds}

    @property
    def unsound(self) -> list[MutantRecord]:
        return [r for r in self.records if r.finding == UNSOUND]

    def as_dict(self, settings: dict[str, Any]) -> dict[str, Any]:
        findings = Counter(r.finding for r in self.records)
        return {
            "settings": settings,
            "seconds": round(self.seconds, 1),
            "totals": self.totals(),
            "by_kind": self.by_kind(),
            "findings": dict(sorted(findings.items())),
            "noops": sum(t.noops for t in self.theorems),
            "mutants_before_cap": sum(t.total for t in self.theorems),
            "formula_not_available": sum(t.formula_missing for t in self.theorems),
            "not_mutated": [n for t in self.theorems for n in t.not_mutated],
            "load_failures": self.load_failures,
            "theorems": [
                {
                    "id": t.theorem,
                    "file": t.file,
                    "kind": t.kind,
                    "expect": t.expect,
                    "mutants": t.total,
                    "kept": len(t.mutants),
                    "noops": t.noops,
                    "problem": t.problem,
                }
                for t in self.theorems
            ],
            "mutants": [r.as_dict() for r in self.records],
            "lifting_crosscheck": [t.as_dict() for t in self.lifting],
        }


def _list(file: str, limit: int | None) -> list[TheoremMutants] | str:
    outcome = run_child(list_main, (file, limit), Limits(LIST_SECONDS))
    if outcome.value is None:
        return outcome.failure
    return outcome.value


def _decide(
    theorem: TheoremMutants, info: MutantInfo, decide_seconds: float, judge_seconds: float
) -> MutantRecord:
    limits = Limits(decide_seconds + judge_seconds + SLACK_SECONDS)
    args = (theorem.file, theorem.theorem, info.id, decide_seconds, judge_seconds)
    outcome = run_child(mutant_main, args, limits)
    value = outcome.value

    def record(verdict: str, method: str, reason: str, finding: str, detail: str) -> MutantRecord:
        return MutantRecord(
            info.id, theorem.file, theorem.theorem, info.kind, info.operator, info.where,
            verdict, method, reason, finding, detail, outcome.seconds, theorem.expect,
        )  # fmt: skip

    if isinstance(value, MutantOutcome):
        j = value.judgement
        return record(value.status.value, value.method, value.reason, j.finding, j.detail)
    if outcome.timed_out:
        return record("unknown", "isolation", outcome.failure, NOTHING, "")
    return record("error", "isolation", str(value or outcome.failure), NOTHING, "")


def _crosscheck(theorem: TheoremMutants, lift: LiftSettings) -> TheoremCheck:
    # The lifted sizes and the reduced parts each get ``budget`` (liftcheck.crosscheck).
    limits = Limits(lift.decide + 2 * lift.budget + lift.size + SLACK_SECONDS)
    args = (theorem.file, theorem.theorem, lift.decide, lift.size, lift.budget)
    outcome = run_child(crosscheck_main, args, limits)
    if isinstance(outcome.value, TheoremCheck):
        return outcome.value
    why = str(outcome.value or outcome.failure)
    return TheoremCheck(theorem.file, theorem.theorem, problem=f"not cross-checked: {why}")


def sweep(
    paths: Sequence[str | Path],
    jobs: int = 2,
    decide_seconds: float = 8.0,
    judge_seconds: float = 4.0,
    max_per_theorem: int | None = 12,
    progress: Callable[[MutantRecord], None] | None = None,
    lift: LiftSettings | None = None,
    lifted: Callable[[TheoremCheck], None] | None = None,
) -> SweepResult:
    """Mutate, decide and judge every theorem under ``paths``, then cross-check the lifted
    ones (``lift``; None: the defaults; a zero budget: none) (see the module docstring)."""
    lift = lift or LiftSettings()
    start = time.monotonic()
    files = [str(f) for f in theorem_files(paths)]
    result = SweepResult()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        listed = list(pool.map(lambda f: _list(f, max_per_theorem), files))
        work: list[tuple[TheoremMutants, MutantInfo]] = []
        for file, got in zip(files, listed, strict=True):
            if isinstance(got, str):
                result.load_failures.append(f"{file}: {got}")
                continue
            result.theorems += got
            work += [(t, m) for t in got for m in t.mutants]

        def one(item: tuple[TheoremMutants, MutantInfo]) -> MutantRecord:
            done = _decide(item[0], item[1], decide_seconds, judge_seconds)
            if progress is not None:
                progress(done)
            return done

        result.records = list(pool.map(one, work))

        def check(theorem: TheoremMutants) -> TheoremCheck:
            done = _crosscheck(theorem, lift)
            if lifted is not None:
                lifted(done)
            return done

        # A theorem expected refuted is not lifted (if it were, `make verify` says so).
        searching = [t for t in result.theorems if t.searches and t.expect != "refuted"]
        searching = searching if lift.budget > 0 else []
        result.lifting = list(pool.map(check, searching))
    result.seconds = time.monotonic() - start
    return result
