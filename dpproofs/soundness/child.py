"""The child side of the sweep: list a file's mutants, or decide and judge one mutant.

Both run in a child process (:func:`dpproofs.run.isolation.run_child`) with a hard time limit and
a memory cap, like ``dpproofs verify``'s children (:mod:`dpproofs.run.worker`). The mutant child
gets (file, theorem id, mutant id), rebuilds the claim, enumerates its mutants the same way as
the listing did, picks its mutant, decides it within ``decide_seconds`` and judges the verdict
within ``judge_seconds``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from dpproofs.claim import timed_decide
from dpproofs.deadline import Deadline
from dpproofs.run.discovery import import_theorem_file
from dpproofs.run.worker import _enter_child, _send
from dpproofs.soundness.judge import Judgement, judge
from dpproofs.soundness.mutate import capped, enumerate_mutants, kind_of
from dpproofs.theorem import REGISTRY_ATTRIBUTE, expectation
from dpproofs.verdict import Status


@dataclass(frozen=True, slots=True)
class MutantInfo:
    id: str
    operator: str
    where: str
    kind: str


@dataclass(frozen=True, slots=True)
class TheoremMutants:
    """A theorem's mutants (after the cap), how many there were, and what was not mutated."""

    file: str
    theorem: str
    kind: str
    expect: str
    mutants: tuple[MutantInfo, ...]
    total: int
    noops: int
    not_mutated: tuple[str, ...]
    formula_missing: int
    problem: str = ""
    #: the claim searches finite objects somewhere (a candidate for the lifting cross-check)
    searches: bool = False


@dataclass(frozen=True, slots=True)
class MutantOutcome:
    """A mutant's verdict (status, method, reason) and the judge's finding."""

    status: Status
    method: str
    reason: str
    judgement: Judgement
    decide_seconds: float
    judge_seconds: float


def list_mutants(file: str, limit: int | None) -> list[TheoremMutants]:
    module = import_theorem_file(Path(file))
    out = []
    for spec in getattr(module, REGISTRY_ATTRIBUTE, []):
        try:
            claim = spec.build()
            found = enumerate_mutants(claim, spec.id)
        except Exception as exc:  # a theorem that does not build has no mutants
            out.append(
                TheoremMutants(
                    file,
                    spec.id,
                    "?",
                    expectation(spec.expect),
                    (),
                    0,
                    0,
                    (),
                    0,
                    f"{type(exc).__name__}: {exc}",
                )
            )
            continue
        kept = capped(found.mutants, limit)
        infos = tuple(MutantInfo(m.id, m.operator, m.where, m.kind) for m in kept)
        out.append(
            TheoremMutants(
                file,
                spec.id,
                kind_of(claim),
                expectation(spec.expect),
                infos,
                len(found.mutants),
                found.noops,
                tuple(found.not_mutated),
                found.formula_missing,
                searches=searches(claim),
            )
        )
    return out


def searches(claim: object) -> bool:
    """True when ``claim`` is, or has as a part or family, a search over finite objects or a
    claim reduced by a rule (neighbour pairs, additive sensitivity)."""
    name = type(claim).__name__
    reduced = ("NeighbourPairClaim", "AdditiveSensitivity")
    if name in ("SearchClaim", "ForAllHypothesis", "IndependentSizes", *reduced):
        return True
    parts = getattr(claim, "parts", None)
    if isinstance(parts, tuple):
        return any(searches(p) for p in parts)
    members = getattr(claim, "members", None)
    if isinstance(members, tuple) and members:
        try:
            return searches(claim.build(*members[0][1]))  # type: ignore[attr-defined]
        except Exception:  # a member that does not build: the decision will say so
            return False
    return False


def list_main(
    file: str, limit: int | None, deadline_at: float, memory_bytes: int, channel: Connection
) -> None:
    _enter_child(deadline_at, memory_bytes)
    try:
        value: object = list_mutants(file, limit)
    except BaseException as exc:  # the file does not import: the parent reports it
        value = f"{type(exc).__name__}: {exc}"
    _send(channel, value)


def decide_mutant(
    file: str, theorem: str, mutant_id: str, decide_seconds: float, judge_seconds: float
) -> MutantOutcome | str:
    module = import_theorem_file(Path(file))
    spec = {s.id: s for s in getattr(module, REGISTRY_ATTRIBUTE, [])}[theorem]
    found = {m.id: m for m in enumerate_mutants(spec.build(), spec.id).mutants}
    if mutant_id not in found:
        return f"the mutant {mutant_id!r} is not among the theorem's mutants"
    claim = found[mutant_id].build()
    start = time.perf_counter()
    verdict = timed_decide(claim, Deadline(decide_seconds))
    decided = time.perf_counter() - start
    judgement = judge(claim, verdict, mutant_id, judge_seconds)
    return MutantOutcome(
        verdict.status,
        verdict.method,
        verdict.reason[:300],
        judgement,
        decided,
        time.perf_counter() - start - decided,
    )


def mutant_main(
    file: str,
    theorem: str,
    mutant_id: str,
    decide_seconds: float,
    judge_seconds: float,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    args = (file, theorem, mutant_id, decide_seconds, judge_seconds)
    answer(decide_mutant, args, deadline_at, memory_bytes, channel)


def answer(
    work: Callable[..., object],
    args: tuple[object, ...],
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """In a child: send ``work(*args)``, or why it failed as a string."""
    _enter_child(deadline_at, memory_bytes)
    try:
        value: object = work(*args)
    except BaseException as exc:
        value = f"{type(exc).__name__}: {exc}"
    _send(channel, value)
