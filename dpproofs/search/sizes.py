"""A search decided size by size, each size on its own: the form that splits over workers.

The engine (:mod:`dpproofs.search.engine`) decides the sizes of a claim in increasing order on
ONE incremental z3 solver, and what happened at sizes < k can change how size k is decided:

* refinement facts about e^x added after a spurious candidate stay at the solver's base level;
* z3's choices depend on the numbering of its terms, which depends on every term built before
  (sizes share their variables by name), and on what the solver kept from earlier checks;
* the lifting (:mod:`dpproofs.search.lifting`) decides N* on that solver after the last size.

(The numeric pre-search is seeded per size and does not depend on other sizes.) So a size decided
in another process is NOT in general the size the engine would have decided. Instead, a claim
decided *by independent sizes* decides every size k alone, with nothing from other sizes:

1. :func:`decide_size`: a fresh z3 context, a fresh :class:`Session`, the engine's own
   ``find_counterexample`` at size k; a counterexample found there is re-checked exactly and
   tested against the small-model bound below k (``check_refutation`` with the session) in the
   same step. The answer is a plain :class:`SizeReport` (exact values as Fractions, strings).
2. :func:`merge`: the reports sorted by size (the order they arrived in plays no part):

   * a size with a confirmed counterexample, the smallest such: REFUTED at that size, its
     minimality naming exactly the sizes below it that were z3 unsat (and those undecided);
   * else some size undecided: UNKNOWN, naming every size that was decided (also those above
     an undecided one) and why each other size was not;
   * else every size unsat: the lifting, on a fresh context and session that knows which sizes
     used symmetry breaking, exactly as the engine lifts.

Deciding in one process (:class:`IndependentSizes`) and deciding each size in its own worker
(:mod:`dpproofs.run.split`) run the same steps on the same fresh state, so they give the same
verdict (status, method, reason, coverage, counterexample, evidence); only the seconds in
certificate lines, and an UNKNOWN because a clock ran out, can differ. Only plain
:class:`SearchClaim` s split: a :class:`~dpproofs.search.cegar.ForAllHypothesis` carries its inner
values from size to size.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dpproofs.claim import AllOf, Claim
from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError, InvalidClaim, Undecided
from dpproofs.search.forall import SearchClaim
from dpproofs.search.lifting import check_refutation, lift
from dpproofs.search.onesize import METHOD, find_counterexample, unknown_after
from dpproofs.search.records import search_witness
from dpproofs.search.report import counterexample
from dpproofs.search.session import Session, fresh_context
from dpproofs.verdict import Verdict, conjunction

UNSAT, REFUTED, UNDECIDED, FAILED = "unsat", "refuted", "undecided", "failed"


@dataclass(frozen=True, slots=True)
class SizeReport:
    """What deciding one size alone found. ``kind`` is

    * unsat: no counterexample of this size (``line``: its certificate line; ``symmetry``: how
      invariance was proved when outcomes were sorted, else None);
    * refuted: ``values`` is the exact counterexample (each object a list of rows of
      Fractions, each parameter a Fraction), found by ``how``;
    * undecided: ``reason`` says why (z3 unknown, a time limit);
    * failed: deciding raised Undecided or a DpProofsError; ``verdict`` is what the whole part
      is then, as when it is decided in one process.
    """

    part: int
    size: int
    kind: str
    values: tuple[tuple[str, Any], ...] = ()
    how: str = ""
    reason: str = ""
    symmetry: str | None = None
    line: str = ""
    seconds: float = 0.0
    verdict: Verdict | None = None


def search_parts(claim: Claim) -> tuple[SearchClaim, ...]:
    """The search claims a claim splits into: itself, or each part of an all_of of search
    claims. InvalidClaim for anything else (a CEGAR claim carries state from size to size)."""
    if type(claim) is SearchClaim:
        return (claim,)
    if isinstance(claim, AllOf) and all(type(p) is SearchClaim for p in claim.parts):
        return tuple(p for p in claim.parts if isinstance(p, SearchClaim))
    raise InvalidClaim(
        "split='sizes' needs a search claim or an all_of of search claims, not "
        f"{type(claim).__name__}"
    )


def plan(claim: Claim) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(part index, sizes) for every part; InvalidClaim when the claim does not split."""
    return tuple((i, part.quantifier.sizes) for i, part in enumerate(search_parts(claim)))


def decide_size(claim: SearchClaim, size: int, deadline: Deadline, part: int = 0) -> SizeReport:
    """Decide ``size`` of ``claim`` alone, from a fresh z3 context (see the module docstring).
    Undecided and DpProofsError become a FAILED report; anything else (a bug) propagates."""
    start = time.perf_counter()
    try:
        return _decide_size(claim, size, deadline, part, start)
    except Undecided as exc:
        verdict = Verdict.unknown("exact evaluation", str(exc))
    except DpProofsError as exc:
        verdict = Verdict.error("claim", f"{type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - start
    return SizeReport(part, size, FAILED, seconds=seconds, verdict=verdict.timed(seconds))


def _decide_size(
    claim: SearchClaim, size: int, deadline: Deadline, part: int, start: float
) -> SizeReport:
    name = claim.quantifier.size_name
    if deadline.expired():
        return SizeReport(part, size, UNDECIDED, reason=f"time ran out before {size} {name}")
    with fresh_context():
        session = Session(claim)
        outcome = find_counterexample(claim, session, size, deadline)
        if outcome.values is not None:
            check_refutation(claim, size, [], session, deadline)
    if outcome.values is not None:
        values = tuple(outcome.values.items())
        seconds = time.perf_counter() - start
        return SizeReport(part, size, REFUTED, values, outcome.how, seconds=seconds)
    seconds = time.perf_counter() - start
    if outcome.reason:
        return SizeReport(part, size, UNDECIDED, reason=outcome.reason, seconds=seconds)
    symmetry = session.symmetry.get(size)
    line = (
        f"{size} {name}: z3 unsat"
        + (f", outcomes sorted (invariance {symmetry})" if symmetry else "")
        + f" ({seconds:.2f} s)"
    )
    return SizeReport(part, size, UNSAT, symmetry=symmetry, line=line, seconds=seconds)


def merge(claim: SearchClaim, reports: Iterable[SizeReport], deadline: Deadline) -> Verdict:
    """The verdict of ``claim`` from one report per size, in any order (see the module
    docstring). ValueError when the reports are not exactly one per size of the claim."""
    by_size = sorted(reports, key=lambda r: r.size)
    if [r.size for r in by_size] != list(claim.quantifier.sizes):
        raise ValueError(
            f"one report per size {list(claim.quantifier.sizes)} expected, got "
            f"{[r.size for r in by_size]}"
        )
    for report in by_size:
        if report.kind == FAILED and report.verdict is not None:
            return report.verdict
    q = claim.quantifier
    covered = [r.size for r in by_size if r.kind == UNSAT]
    refuted = [r for r in by_size if r.kind == REFUTED]
    if refuted:
        first = refuted[0]
        below = [n for n in covered if n < first.size]
        unknown = [r.size for r in by_size if r.kind == UNDECIDED and r.size < first.size]
        values = dict(first.values)
        check_refutation(claim, first.size, below)
        return Verdict.refuted(
            METHOD,
            counterexample(claim, first.size, values, below, first.how, unknown),
            reason=f"counterexample on {first.size} {q.size_name}, re-checked in exact arithmetic",
            evidence=[search_witness(claim, first.size, values)],
        )
    undecided = [r.reason for r in by_size if r.kind != UNSAT]
    if undecided:
        return unknown_after(claim, covered, "; ".join(undecided))
    with fresh_context():
        session = Session(claim)
        session.symmetry.update({r.size: r.symmetry for r in by_size})
        return lift(claim, session, covered, [r.line for r in by_size], deadline)


def merge_parts(
    parts: Sequence[SearchClaim], reports: Iterable[SizeReport], deadline: Deadline
) -> Verdict:
    """The verdict of the claim whose search parts are ``parts`` (one part: its own verdict;
    several: their conjunction, each part merged within its share of the time left), from one
    report per (part, size), in any order."""
    grouped: dict[int, list[SizeReport]] = {i: [] for i in range(len(parts))}
    for report in reports:
        grouped[report.part].append(report)
    verdicts = []
    for i, part in enumerate(parts):
        start = time.perf_counter()
        try:
            verdict = merge(part, grouped[i], deadline.share(1 / (len(parts) - i)))
        except Undecided as exc:
            verdict = Verdict.unknown("exact evaluation", str(exc))
        except DpProofsError as exc:
            verdict = Verdict.error("claim", f"{type(exc).__name__}: {exc}")
        spent = time.perf_counter() - start + sum(r.seconds for r in grouped[i])
        verdicts.append(verdict.timed(spent))
    return verdicts[0] if len(parts) == 1 else conjunction(verdicts)


@dataclass(frozen=True, slots=True)
class IndependentSizes:
    """A claim decided by independent sizes in this process (the unsplit form of a theorem
    declared with ``split="sizes"``): the same verdict as deciding each size in its own job."""

    claim: Claim

    def describe(self) -> str:
        return self.claim.describe()

    def decide(self, deadline: Deadline) -> Verdict:
        parts = search_parts(self.claim)
        reports = [
            decide_size(part, size, deadline, index)
            for index, part in enumerate(parts)
            for size in part.quantifier.sizes
        ]
        return merge_parts(parts, reports, deadline)


def as_declared(claim: Claim, split: str | None) -> Claim:
    """The claim a theorem declared with ``split`` is decided as: by independent sizes for
    ``split="sizes"``, else itself."""
    return IndependentSizes(claim) if split == "sizes" else claim
