"""Deciding a search claim size by size, in increasing order, then lifting to every size.

Each size is decided by :func:`dpproofs.search.onesize.find_counterexample`. The first confirmed
counterexample is REFUTED (and minimal: every smaller size was unsat; the small-model theorem is
checked against it); an undecided size ends the decision as UNKNOWN naming the sizes covered;
when every size is unsat the small-model lifting (:mod:`dpproofs.search.lifting`) decides
whether the claim holds on every finite alphabet (PROVED) or only on the sizes searched
(VERIFIED_BOUNDED).
"""

from __future__ import annotations

import time

from dpproofs import progress
from dpproofs.deadline import Deadline
from dpproofs.search.lifting import check_refutation, lift
from dpproofs.search.model import SearchStatement
from dpproofs.search.onesize import METHOD, find_counterexample, unknown_after
from dpproofs.search.records import search_witness
from dpproofs.search.report import counterexample
from dpproofs.search.session import RLIMIT_FRESH, RLIMIT_INCREMENTAL, Session
from dpproofs.verdict import Verdict


def decide_by_size(
    claim: SearchStatement,
    deadline: Deadline,
    use_presearch: bool = True,
    session: Session | None = None,
    budgets: tuple[int, int] = (RLIMIT_INCREMENTAL, RLIMIT_FRESH),
) -> Verdict:
    """Decide ``claim`` size by size (see the module docstring) with ``session``'s solver
    state (a fresh one by default); ``budgets``: z3 work per check."""
    session = session or Session(claim)
    covered: list[int] = []
    certificate: list[str] = []
    q = claim.quantifier
    for size in q.sizes:
        if deadline.expired():
            return unknown_after(claim, covered, f"time ran out before {size} {q.size_name}")
        start = time.perf_counter()
        outcome = find_counterexample(claim, session, size, deadline, use_presearch, budgets)
        if outcome.values is not None:
            check_refutation(claim, size, covered, session, deadline)
            return Verdict.refuted(
                METHOD,
                counterexample(claim, size, outcome.values, covered, outcome.how),
                reason=f"counterexample on {size} {q.size_name}, re-checked in exact arithmetic",
                evidence=[search_witness(claim, size, outcome.values)],
            )
        if outcome.reason:
            return unknown_after(claim, covered, outcome.reason)
        covered.append(size)
        progress.note(f"{size} {q.size_name}: z3 unsat")
        symmetry = session.symmetry.get(size)
        certificate.append(
            f"{size} {q.size_name}: z3 unsat"
            + (f", outcomes sorted (invariance {symmetry})" if symmetry else "")
            + f" ({time.perf_counter() - start:.2f} s)"
        )
    return lift(claim, session, covered, certificate, deadline)
