"""Deciding one size of a search claim: numeric pre-search, then z3, then the exact re-check.

At n outcomes (see :mod:`dpproofs.search.engine` for the whole decision):
1. numeric pre-search (MarginAlgebra floats) proposes candidates, confirmed only exactly;
2. z3 checks the NEGATED predicate on this size's objects with the over-approximating facts for
   e^x (inside push/pop on the session's incremental solver):
   * unsat: no counterexample of this size exists (sound: every fact added is true of the reals);
   * sat: the model is rounded to simple rationals and re-checked exactly; a confirmed point is a
     counterexample; a spurious one (possible only through the slack of the e^x facts, or a tie
     lost in rounding) adds true refinement facts about e^x near the candidate and the size is
     checked again;
   * unknown (work budget spent): retried once with a fresh non-incremental solver (z3 then
     picks its complete nlsat procedure for nonlinear real arithmetic) and a larger budget.

A step the engine, the lifting (at the bound N*), the refinement (:mod:`dpproofs.search.cegar`)
and split sizes (:mod:`dpproofs.search.sizes`) all call; it calls none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from dpproofs.deadline import Deadline
from dpproofs.search.model import SearchStatement
from dpproofs.search.presearch import presearch
from dpproofs.search.purity import check_size
from dpproofs.search.rationalize import model_point, pin_candidate, round_candidate
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


def find_counterexample(
    claim: SearchStatement,
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


def unknown_after(claim: SearchStatement, covered: list[int], reason: str) -> Verdict:
    """UNKNOWN, naming the sizes ``covered`` (z3 unsat) and why the others were not decided."""
    done = f"no counterexample among {claim.coverage_text(covered)} (z3 unsat); " if covered else ""
    return Verdict.unknown(METHOD, done + reason)


def _decide_size(
    claim: SearchStatement,
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
