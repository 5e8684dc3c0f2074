"""Deciding a :class:`SearchClaim`: numeric pre-search, then z3, size by size.

For each size in increasing order:
1. numeric pre-search (MarginAlgebra floats) proposes candidates, confirmed only exactly;
2. z3 checks the NEGATED predicate on this size's objects with the over-approximating facts for
   e^x (inside push/pop on one incremental solver):
   * unsat: no counterexample of this size exists (sound: every fact added is true of the reals);
   * sat: the model is rounded to simple rationals and re-checked exactly; a confirmed point is
     REFUTED (and minimal: every smaller size was unsat); a spurious one (possible only through
     the slack of the e^x facts, or a tie lost in rounding) adds true refinement facts about e^x
     near the candidate and the size is checked again;
   * unknown (work budget spent): retried once with a fresh non-incremental solver (z3 then
     picks its complete nlsat procedure for nonlinear real arithmetic) and a larger budget; if
     still unknown the verdict is UNKNOWN with z3's reason.
All sizes unsat gives VERIFIED_BOUNDED, saying exactly which sizes were covered.

Determinism: budgets are work (z3 rlimit, pre-search operations), never seconds; each session
has its own z3 context and fixed seeds. The same claim gives the same verdict and the same
counterexample on every run and under any load; the deadline only ever ends a decision as
UNKNOWN ("time ran out").
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from dpproofs.deadline import Deadline
from dpproofs.search.forall import SearchClaim
from dpproofs.search.lifting import check_refutation, lift
from dpproofs.search.presearch import presearch
from dpproofs.search.purity import check_size
from dpproofs.search.rationalize import model_point, pin_candidate, round_candidate
from dpproofs.search.records import search_witness
from dpproofs.search.report import counterexample
from dpproofs.search.session import (
    RLIMIT_FRESH,
    RLIMIT_INCREMENTAL,
    Session,
    add,
    budget_spent,
    check,
)
from dpproofs.verdict import Verdict

METHOD = "z3 search over finite alphabets"
#: Share of the time left after which a STALLED incremental solver (one that stops counting
#: work) gives way to a fresh one; see _decide_size.
STALL_SHARE = 0.45


@dataclass(frozen=True)
class SizeOutcome:
    """One size's answer: unsat (no values, no reason), a confirmed counterexample, or a reason."""

    values: dict[str, Any] | None = None
    reason: str = ""
    how: str = "z3"


def search(
    claim: SearchClaim,
    deadline: Deadline,
    use_presearch: bool = True,
    session: Session | None = None,
    budgets: tuple[int, int] = (RLIMIT_INCREMENTAL, RLIMIT_FRESH),
) -> Verdict:
    """Decide ``claim`` (see the module docstring). ``session``: the solver state to use (one
    box of :mod:`dpproofs.search.epsboxes` brings its own); ``budgets``: z3 work per check."""
    split = [n for n, d in claim.quantifier.params if d.split]
    if split and session is None:
        from dpproofs.search.epsboxes import search_boxes

        return search_boxes(claim, split, deadline)
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
        symmetry = session.symmetry.get(size)
        certificate.append(
            f"{size} {q.size_name}: z3 unsat"
            + (f", outcomes sorted (invariance {symmetry})" if symmetry else "")
            + f" ({time.perf_counter() - start:.2f} s)"
        )
    return lift(claim, session, covered, certificate, deadline)


def find_counterexample(
    claim: SearchClaim,
    session: Session,
    size: int,
    deadline: Deadline,
    use_presearch: bool = True,
    budgets: tuple[int, int] = (RLIMIT_INCREMENTAL, RLIMIT_FRESH),
) -> SizeOutcome:
    """One size: numeric pre-search, then z3 (see the module docstring). The z3 encoding is
    built first: it checks that the predicate is a function of its arguments (InvalidClaim if
    not) before any candidate, numeric or not, is believed."""
    check_size(claim, size)  # the formula decided is what the predicate computes
    objects = session.objects(size)
    facts = session.size_constraints(size, objects)
    if use_presearch:
        found = presearch(claim, size)
        if found is not None:
            return SizeOutcome(found, how="numeric pre-search, re-checked exactly")
    return _decide_size(claim, session, size, deadline, (objects, facts), budgets)


def unknown_after(claim: SearchClaim, covered: list[int], reason: str) -> Verdict:
    """UNKNOWN, naming the sizes ``covered`` (z3 unsat) and why the others were not decided."""
    done = f"no counterexample among {claim.coverage_text(covered)} (z3 unsat); " if covered else ""
    return Verdict.unknown(METHOD, done + reason)


def _decide_size(
    claim: SearchClaim,
    session: Session,
    size: int,
    deadline: Deadline,
    encoding: tuple[dict[str, Any], list[Any]],
    budgets: tuple[int, int] = (RLIMIT_INCREMENTAL, RLIMIT_FRESH),
) -> SizeOutcome:
    name = claim.quantifier.size_name
    objects, facts = encoding
    incremental, fresh = budgets
    for _ in range(session.max_refinements):
        solver = session.solver
        solver.push()
        add(solver, facts)
        try:
            # The incremental solver within a work budget, then a fresh solver (z3 then picks
            # its complete nlsat procedure) within a larger one. z3 sometimes stalls without
            # counting work; only then does a clock step in (STALL_SHARE of the time left ends
            # the incremental attempt). An unsat answer is the same verdict on either path.
            # A zero incremental budget (eps boxes) goes straight to the fresh solver.
            answer = (
                check(solver, deadline.remaining() * STALL_SHARE, incremental)
                if incremental > 0
                else z3.unknown
            )
            if answer == z3.unknown and not deadline.expired():
                solver = z3.Solver(ctx=session.ctx)
                solver.add(*session.solver.assertions())
                answer = check(solver, deadline.remaining(), fresh)
            if answer == z3.unknown:
                spent = budget_spent(solver, fresh)
                why = "work budget spent" if spent else "time ran out"
                return SizeOutcome(
                    reason=f"z3 unknown at {size} {name} ({why}): {solver.reason_unknown()}"
                )
            if answer == z3.unsat:
                return SizeOutcome()
            model = solver.model()
            point, _ = model_point(session, model, objects)
            found = round_candidate(claim, size, point)
            if found is None:
                found = pin_candidate(
                    claim, session, solver, size, objects, model, deadline.remaining
                )
        finally:
            session.solver.pop()
        if found is not None:
            return SizeOutcome(found)
        # Spurious candidate: add true facts about e^x near the candidate (base level).
        for pname in session.params:
            near = Fraction(point[pname]).limit_denominator(10**6)
            add(session.solver, session.refine(pname, near))
    return SizeOutcome(
        reason=f"{session.max_refinements} solver candidates at {size} {name} failed the exact "
        "re-check (slack of the e^x facts or ties); no counterexample confirmed"
    )
