"""From "no counterexample on these sizes" to "no counterexample on any finite alphabet".

Called by the search engine when every searched size was z3 unsat. When the claim is a formula
(:mod:`dpproofs.search.trace`) of the shape the small-model theorem covers
(:mod:`dpproofs.search.shape`), with bound N*:

* when every part's counterexamples grow (splitting or padding, preconditions checked by
  :mod:`dpproofs.search.growth`), unsat at some searched size n >= N* leaves none on N* or fewer
  outcomes (one there would grow to n), hence by the theorem none on any finite alphabet;
  otherwise size N* itself is searched;
* when no growth operation is proved valid, every size from 1 to N* must be unsat: the sizes
  not searched yet are searched.

Each size searched here gets a small fixed work budget (z3 rlimit, so the answer does not depend
on the machine's load; a clock, LIFT_SHARE of the time left, only ends an attempt in which z3
stopped counting work, as "not lifted").

The verdict is PROVED when every parameter ranges over an interval (the z3 unsat covers the whole
interval); when a parameter is pinned to chosen points (eps = ln(11/10), say), the claim is shown
for every finite alphabet at those points only (the same searches, localised or at N*) and the
verdict stays VERIFIED_BOUNDED, its coverage saying exactly that. A claim that is not a formula,
or not of the shape, stays bounded and its coverage says why, or which size would finish it.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import z3

from dpproofs import lifted as text
from dpproofs.deadline import Deadline
from dpproofs.evidence import Evidence
from dpproofs.search.domains import describe_domain
from dpproofs.search.growth import Growth
from dpproofs.search.localise import Localised, localise
from dpproofs.search.model import SearchStatement
from dpproofs.search.purity import check_size
from dpproofs.search.records import (
    bounded_search,
    localised_conjunct,
    search_witness,
    small_model,
)
from dpproofs.search.report import counterexample
from dpproofs.search.session import Session, add, budget_spent, check
from dpproofs.search.shape import Opaque, ShapeReport, analyse
from dpproofs.unlifted import NotLifted, parenthesis
from dpproofs.verdict import Verdict

METHOD = text.SEARCH_METHOD
LIFTED = text.LIFTED_METHOD
#: Largest N* searched only to finish a lifting, and its work budgets (z3 rlimit units).
MAX_LIFT_SIZE = 8
LIFT_RLIMIT = 10_000_000
#: Largest size at which formula and predicate are compared before a lifting (beyond).
MAX_GUARD_SIZE = MAX_LIFT_SIZE + 4
#: Share of the time left after which a lifting attempt that stopped counting work gives up.
LIFT_SHARE = 0.2


def lift(
    claim: SearchStatement,
    session: Session,
    covered: list[int],
    certificate: list[str],
    deadline: Deadline,
) -> Verdict:
    """The verdict for a claim whose searched sizes ``covered`` were all z3 unsat."""
    q = claim.quantifier
    whole = _whole_domain(claim, session, covered, certificate)
    if whole is not None:
        return whole
    traced = claim.formula
    if traced.root is None:
        return _bounded(
            claim,
            covered,
            certificate,
            NotLifted("formula", reason=traced.reason),
            session,
        )
    m = sum(count for _, count in traced.axis_rows)
    shape = analyse(traced.root, m)
    if isinstance(shape, Opaque):
        return _bounded(
            claim,
            covered,
            certificate,
            NotLifted("outside", reason=shape.reason),
            session,
        )
    n_star = shape.bound
    # The formula must be the predicate at the sizes still to search and past them (a sample).
    guard = compare_past(claim, covered, n_star, shape.needs(covered))
    pinned = pinned_params(claim)
    not_localised = ""
    # Inside one eps-box with another parameter pinned, a lifting would give coverage at the
    # pinned points only, box by box: not worth its searches there.
    worth = not (pinned and session.box is not None)
    if shape.needs(covered) and not deadline.expired() and worth:
        local = localise(traced.root, m)
        if local is not None and max(min(c.bound for c in cs) for cs in local) < n_star:
            lifted = _lift_localised(claim, session, covered, certificate, deadline, local, n_star)
            if isinstance(lifted, tuple):
                return lifted_verdict(claim, n_star, pinned, [*lifted[0], guard], lifted[1])
            certificate = [*certificate, lifted]
            not_localised = lifted
    for size in shape.needs(covered):
        what = "the small-model bound" if size == n_star else f"a size up to N* = {n_star}"
        if size > MAX_LIFT_SIZE or deadline.expired() or not worth:
            return _bounded(
                claim,
                covered,
                certificate,
                NotLifted("needs", n_star, tuple(shape.needs(covered)), "", not_localised),
                session,
            )
        start = time.perf_counter()
        outcome = _decide_bound(claim, session, size, deadline)
        if outcome.values is not None:
            return Verdict.refuted(
                METHOD,
                counterexample(claim, size, outcome.values, covered, outcome.how),
                reason=f"counterexample on {size} {q.size_name} ({what}), "
                "re-checked in exact arithmetic",
                evidence=[search_witness(claim, size, outcome.values)],
            )
        if outcome.reason:
            return _bounded(
                claim,
                covered,
                certificate,
                NotLifted("undecided", n_star, (size,), outcome.reason, not_localised),
                session,
            )
        covered.append(size)
        certificate.append(
            text.lift_size_line(size, q.size_name, n_star, time.perf_counter() - start)
        )
    unsat = min(size for size in covered if size >= n_star)
    lines = [*shape.lines(), shape.unsat_line(covered, q.size_name), guard, *certificate]
    evidence: list[Evidence] = [
        bounded_search(claim, covered, session.symmetry),
        small_model(claim, shape, unsat, traced.root, covered),
    ]
    return lifted_verdict(claim, n_star, pinned, lines, evidence)


def _whole_domain(
    claim: SearchStatement, session: Session, covered: list[int], certificate: list[str]
) -> Verdict | None:
    """PROVED when the claim declares its sizes the statement's whole domain (``whole_domain``),
    z3 was unsat at every one of them, and every parameter ranges over its interval: the search
    then covered the statement's every instance. None otherwise (a size not decided, or a
    parameter pinned to chosen points: the lifting and the bounded coverage speak)."""
    q = claim.quantifier
    if not q.whole_domain or sorted(covered) != list(q.sizes) or pinned_params(claim):
        return None
    coverage = claim.coverage_text(covered)
    return Verdict.proved(
        text.WHOLE_METHOD,
        certificate=[
            f"the statement's domain is {coverage}, declared by its phrase "
            f"'{q.whole_domain}'; no other size exists for it",
            *certificate,
        ],
        reason=text.whole_domain_reason(q.whole_domain, coverage),
        evidence=[bounded_search(claim, covered, session.symmetry)],
    )


def shape_of(claim: SearchStatement) -> ShapeReport | None:
    """The claim's small-model shape, or None when it is not one formula of that shape."""
    root = claim.formula.root
    if root is None:
        return None
    shape = analyse(root, sum(count for _, count in claim.formula.axis_rows))
    return None if isinstance(shape, Opaque) else shape


def rests_on(shape: ShapeReport, sizes: list[int]) -> list[int]:
    """The claim's ``sizes`` a lifting rests on (decided first, so that a timeout at another
    size still leaves a lifted verdict): for a part whose counterexamples grow, the smallest
    size >= its bound N_i; for a part without a growth operation, every size up to N_i. Unsat
    at all of them leaves ``shape.needs`` empty, unless a needed size is not among ``sizes``."""
    first: set[int] = set()
    for part in shape.parts:
        if part.growth is Growth.NONE:
            first.update(n for n in sizes if n <= part.bound)
        else:
            first.update(sorted(n for n in sizes if n >= part.bound)[:1])
    return sorted(first)


def beyond(searched: list[int], n_star: int) -> list[int]:
    """The sizes past the searched ones at which the formula and the predicate are compared
    before any lifting (:func:`dpproofs.search.purity.check_size`); the text and the rule are
    :func:`dpproofs.lifted.guard_sizes`, which ``dpproofs recheck`` recomputes. A predicate that
    tells the tracer's abstract rows from concrete ones (``isinstance(p, list)``) and agrees
    with its formula only on the sizes searched is caught where they part, if it parts at one
    of these sizes. A check at points, not a proof: the lifting is of the formula, and the
    certificate says so (:func:`dpproofs.lifted.guard_line`)."""
    return text.guard_sizes(searched, n_star)


def compare_past(
    claim: SearchStatement, covered: list[int], n_star: int, needs: list[int] | None = None
) -> str:
    """Compare the formula of ``claim`` with its predicate (:func:`check_size`) at the sizes
    ``needs`` still to search and at :func:`beyond` them, up to a cap (past MAX_GUARD_SIZE only a
    lifting through localised conjuncts could still come), and return the certificate's guard
    line naming the sizes checked. InvalidClaim where the two differ."""
    needs = needs or []
    guarded = sorted({*needs, *beyond([*covered, *needs], n_star)})
    cap = max(MAX_GUARD_SIZE, max(covered) + 4)  # a lifting at N* <= MAX_LIFT_SIZE stays below
    guarded = [size for size in guarded if size <= cap]
    for size in guarded:
        check_size(claim, size)
    return text.guard_line([*covered, *guarded], claim.quantifier.size_name)


def pinned_params(claim: SearchStatement) -> list[str]:
    """The parameters pinned to chosen points (one value, or a ``log_of`` point): a lifting
    covers every finite alphabet at those points only."""
    return [n for n, d in claim.quantifier.params if d.pinned or d.exp_value is not None]


def lifted_verdict(
    claim: SearchStatement,
    n_star: int,
    pinned: list[str],
    lines: list[str],
    evidence: list[Evidence],
) -> Verdict:
    """PROVED for every finite alphabet when every parameter ranges over its domain; at
    parameters pinned to chosen points, the same argument covers every finite alphabet at those
    points only: VERIFIED_BOUNDED, and the coverage says so."""
    q = claim.quantifier
    if pinned:
        domains = [describe_domain(n, d) for n, d in q.params]
        return Verdict.verified_bounded(
            LIFTED,
            coverage=text.pinned_coverage(q.what, q.size_name, n_star, domains, pinned),
            certificate=lines,
            evidence=evidence,
        )
    return Verdict.proved(
        LIFTED, certificate=lines, reason=proved_reason(claim, n_star), evidence=evidence
    )


def _lift_localised(
    claim: SearchStatement,
    session: Session,
    covered: list[int],
    certificate: list[str],
    deadline: Deadline,
    local: list[list[Localised]],
    n_star: int,
) -> tuple[list[str], list[Evidence]] | str:
    """The certificate and evidence of a lifting when every conjunct has a localised form L
    (:mod:`dpproofs.search.localise`, candidates tried in order) with no counterexample at its
    own bound: L implies its conjunct, and the small-model theorem makes L hold on every finite
    alphabet. A conjunct kept whole is settled by the sizes searched. Otherwise why not (the
    caller goes on with the whole claim's bound)."""
    q = claim.quantifier
    lines = [f"small-model bound of the whole claim N* = {n_star}; hypotheses localised:"]
    evidence: list[Evidence] = [bounded_search(claim, covered, session.symmetry)]
    for i, candidates in enumerate(local, 1):
        why, tried = "", []
        for part in candidates:
            size = part.bound
            needs = part.shape.needs(covered if part.dropped == 0 else [])
            if not needs:
                searched, seconds = min(n for n in covered if n >= size), None
                unsat = list(covered)
            elif max(needs) > MAX_LIFT_SIZE or deadline.expired():
                why = why or f"localised conjunct {i} (N* = {size}) not searched"
                continue
            else:
                start = time.perf_counter()
                answers = {}
                for n in needs:
                    answers[n] = _decide_formula(session, part.node, n, deadline)
                    if answers[n] != z3.unsat:
                        break
                failed = [(n, a) for n, a in answers.items() if a != z3.unsat]
                if failed:
                    n, answer = failed[0]
                    what = (
                        "satisfiable (the dropped hypotheses are needed)"
                        if answer == z3.sat
                        else "z3 unknown"
                    )
                    why = why or f"localised conjunct {i} at {n} {q.size_name}: {what}"
                    tried.append(
                        f"  ({part.rows} rows, {part.kept} hypotheses kept: {what} at {n} "
                        f"{q.size_name})"
                    )
                    continue
                searched, seconds = size, time.perf_counter() - start
                unsat = sorted({*(covered if part.dropped == 0 else []), *needs})
            lines.extend(
                [
                    f"conjunct {i}: {part.rows} rows, {part.kept} hypotheses kept, "
                    f"{part.dropped} dropped, N* = {size}",
                    *(f"  {line}" for line in part.shape.lines()),
                    f"  z3 unsat at {searched} {q.size_name}"
                    + (" (searched)" if seconds is None else f" ({seconds:.2f} s)")
                    + ("" if part.shape.grows else f" and at every size from 1 to {size}"),
                    *tried,
                ]
            )
            evidence.append(localised_conjunct(claim, i, part, searched, unsat))
            break
        else:
            return why
    return [*lines, *certificate], evidence


def proved_reason(claim: SearchStatement, size: int) -> str:
    """What a lifted proof covers: every finite alphabet, the parameters' whole domains, and
    (for mechanisms) the databases as stated."""
    q = claim.quantifier
    domains = [describe_domain(n, d) for n, d in q.params]
    mechanisms = any(s.text.startswith("mechanism") for s in q.shapes(size).values())
    return text.proved_reason(q.what, q.size_name, domains, mechanisms)


def _decide_formula(session: Session, node: Any, size: int, deadline: Deadline) -> Any:
    """z3's answer (sat / unsat / unknown) to "some objects on ``size`` outcomes falsify
    ``node``", on the session's solver (its base level: parameter domains, e^x facts), within
    LIFT_RLIMIT units of work."""
    from dpproofs.formula import interpret
    from dpproofs.search.polarity import relax
    from dpproofs.search.session import ALG

    objects = session.objects(size)
    facts = session.simplex(objects)
    truth, _ = interpret(node, ALG, size, objects, {**session.params, **session.derived})
    negated, side = relax(z3.Not(truth))
    solver = session.solver
    solver.push()
    try:
        add(solver, [*facts, *session.at_box_ends([*side, negated], objects)])
        return check(solver, deadline.remaining(), LIFT_RLIMIT)
    finally:
        solver.pop()


def _decide_bound(claim: SearchStatement, session: Session, size: int, deadline: Deadline) -> Any:
    """Size N*, decided by the session's solver within LIFT_RLIMIT units of work: the answer is a
    function of the claim and the sizes searched before (same terms, same seed, same budget),
    not of the machine's load. z3 sometimes stalls without counting work (nonlinear products
    of unknowns, as in cuffyu.lemma3_eq107 at 5 outputs); only then does a clock step in:
    LIFT_SHARE of the time left ends the attempt as "not lifted", so that an optional lifting
    never costs the theorem the verdict its searched sizes already earned. unsat: no values,
    no reason; sat: the full engine finds and re-checks the counterexample; unknown: the
    reason."""
    from dpproofs.search.onesize import SizeOutcome, find_counterexample

    objects = session.objects(size)
    facts = session.size_constraints(size, objects)
    solver = session.solver
    solver.push()
    try:
        add(solver, facts)
        answer = check(solver, deadline.remaining() * LIFT_SHARE, LIFT_RLIMIT)
        spent = budget_spent(solver, LIFT_RLIMIT)
    finally:
        solver.pop()
    if answer == z3.unsat:
        return SizeOutcome()
    if answer == z3.sat:
        return find_counterexample(claim, session, size, deadline)
    why = "work budget spent" if spent else "time ran out"
    return SizeOutcome(reason=f"z3 unknown at {size} {claim.quantifier.size_name} ({why})")


def _bounded(
    claim: SearchStatement,
    covered: list[int],
    certificate: list[str],
    why: NotLifted,
    session: Session | None = None,
) -> Verdict:
    """VERIFIED_BOUNDED on the sizes ``covered``; the coverage's parenthesis is written from
    ``why``, which the bounded-search record carries (:mod:`dpproofs.unlifted`)."""
    said = parenthesis(why, claim.quantifier.size_name)
    searched = bounded_search(claim, covered, session.symmetry if session else None)
    return Verdict.verified_bounded(
        METHOD + " (z3 unsat at every size; e^x by true polynomial facts)",
        coverage="all " + claim.coverage_text(covered) + f" ({said})",
        certificate=certificate,
        evidence=[dataclasses.replace(searched, not_lifted=why)],
    )


class SmallModelViolation(AssertionError):
    """A counterexample the small-model theorem says cannot exist: the shape analysis is wrong."""


def check_refutation(
    claim: SearchStatement,
    size: int,
    unsat: list[int],
    session: Session | None = None,
    deadline: Deadline | None = None,
) -> None:
    """Fail loudly when a counterexample on ``size`` outcomes contradicts the small-model
    theorem: the unsat sizes settle the lifting (some n >= N* when counterexamples grow, every
    size from 1 to N* otherwise: then none exists on any alphabet), or (given a session, when
    counterexamples grow) N* < size and N* itself is unsat (growth would give one on N*)."""
    traced = claim.formula
    if traced.root is None:
        return
    shape = analyse(traced.root, sum(rows for _, rows in traced.axis_rows))
    if isinstance(shape, Opaque):
        return
    n_star = shape.bound
    contradiction = not shape.needs(unsat)
    if (
        not contradiction
        and shape.grows
        and session is not None
        and deadline is not None
        and n_star < size
    ):
        answer = _decide_bound(claim, session, n_star, deadline)
        contradiction = answer.values is None and not answer.reason
    if contradiction:
        raise SmallModelViolation(
            f"'{claim.says}': counterexample on {size} {claim.quantifier.size_name}, but "
            f"none on {sorted({*unsat, n_star} if n_star < size else unsat)} although the "
            f"small-model bound is N* = {n_star}"
        )
