"""Deciding a search claim size by size, then lifting to every size.

Each size is decided by :func:`dpproofs.search.onesize.find_counterexample`. The first confirmed
counterexample is REFUTED (and minimal: every smaller size was unsat; the small-model theorem is
checked against it); when every size is unsat the small-model lifting
(:mod:`dpproofs.search.lifting`) decides whether the claim holds on every finite alphabet
(PROVED) or only on the sizes searched (VERIFIED_BOUNDED).

Order. When the claim has a small-model shape and the sizes the lifting rests on
(:func:`dpproofs.search.lifting.rests_on`: N* for a part whose counterexamples grow) are not the
first sizes asked for, those are decided first, then the others in increasing order. A size left
undecided (time ran out, z3 unknown) after the lifting's sizes are unsat does not end the
decision as UNKNOWN: the lifting covers every size, the undecided one included, and its
certificate says which size was not decided. When the sizes decided first do not all come out
unsat (a counterexample with smaller sizes not decided yet, or an undecided size), the claim is
decided again in increasing order from a fresh session, so that a refutation, its witness and
its minimality are those of the plain order. Otherwise the sizes are decided in increasing
order, and an undecided size ends the decision as UNKNOWN naming the sizes covered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from dpproofs import lifted as text
from dpproofs import progress
from dpproofs.deadline import Deadline
from dpproofs.search.lifting import check_refutation, lift, rests_on, shape_of
from dpproofs.search.model import SearchStatement
from dpproofs.search.onesize import METHOD, find_counterexample, unknown_after
from dpproofs.search.records import search_witness
from dpproofs.search.report import counterexample
from dpproofs.search.session import RLIMIT_FRESH, RLIMIT_INCREMENTAL, Session
from dpproofs.search.shape import ShapeReport
from dpproofs.verdict import Verdict


def decide_by_size(
    claim: SearchStatement,
    deadline: Deadline,
    use_presearch: bool = True,
    session: Session | None = None,
    budgets: tuple[int, int] = (RLIMIT_INCREMENTAL, RLIMIT_FRESH),
) -> Verdict:
    """Decide ``claim`` size by size (see the module docstring) with ``session``'s solver
    state; with a fresh one (the default), the lifting's sizes first; ``budgets``: z3 work per
    check."""
    sizes = list(claim.quantifier.sizes)
    shape = shape_of(claim) if session is None else None
    first = rests_on(shape, sizes) if shape is not None else []
    walk = _Walk(claim, deadline, use_presearch, budgets, shape)
    if first and first != sizes[: len(first)]:
        verdict = walk.decide(first + [n for n in sizes if n not in first], Session(claim), True)
        if verdict is not None:
            return verdict
    verdict = walk.decide(sizes, session or Session(claim), False)
    assert verdict is not None  # only a reordered walk gives up
    return verdict


@dataclass(frozen=True, slots=True)
class _Walk:
    """One claim's sizes decided in a given order (``shape``: its small-model shape, None when
    it has none or the caller's session is used: then an undecided size is UNKNOWN)."""

    claim: SearchStatement
    deadline: Deadline
    use_presearch: bool
    budgets: tuple[int, int]
    shape: ShapeReport | None

    def decide(self, order: list[int], session: Session, reordered: bool) -> Verdict | None:
        """Decide the sizes in ``order``; None when ``reordered`` and the sizes decided first
        did not all come out unsat (the caller then decides again in increasing order)."""
        claim, deadline = self.claim, self.deadline
        covered: list[int] = []
        certificate: list[str] = []
        q = claim.quantifier
        for size in order:
            if deadline.expired():
                stop = f"time ran out before {size} {q.size_name}"
            else:
                start = time.perf_counter()
                outcome = find_counterexample(
                    claim, session, size, deadline, self.use_presearch, self.budgets
                )
                if outcome.values is not None:
                    if reordered and any(n < size and n not in covered for n in order):
                        return None
                    check_refutation(claim, size, covered, session, deadline)
                    return Verdict.refuted(
                        METHOD,
                        counterexample(claim, size, outcome.values, covered, outcome.how),
                        reason=f"counterexample on {size} {q.size_name}, re-checked in exact "
                        "arithmetic",
                        evidence=[search_witness(claim, size, outcome.values)],
                    )
                stop = outcome.reason
            if stop:
                if self.shape is not None and not self.shape.needs(covered):
                    certificate.append(
                        f"{size} {q.size_name}: not decided ({stop}); not needed: the "
                        "small-model theorem covers every size"
                    )
                    return lift(claim, session, sorted(covered), certificate, deadline)
                if reordered and not deadline.expired():
                    return None
                return unknown_after(claim, sorted(covered), stop)
            covered.append(size)
            progress.note(f"{size} {q.size_name}: z3 unsat")
            symmetry = session.symmetry.get(size)
            certificate.append(
                text.size_line(size, q.size_name, symmetry, time.perf_counter() - start)
            )
        return lift(claim, session, sorted(covered), certificate, deadline)
