"""Scalar claims and the pipeline that decides them.

``holds(statement, where, assuming)`` builds a :class:`ScalarClaim`: for all parameters in their
domains satisfying the assumptions, the statement (and the definedness of its terms) holds.
``decide_scalar`` decides one such claim. The pipeline runs the deciders cheapest first:

1. exact sympy reasoning about single atoms (:mod:`.rewrite`);
2. a float search for counterexample candidates, each judged exactly / rigorously (:mod:`.search`,
   :mod:`.judge`);
3. z3 nonlinear real arithmetic with true facts about exp and log, at increasing fact levels; a
   model is a candidate for the judge, never a refutation by itself (:mod:`.smt`); after the
   first level, the convexity method for smooth one-parameter claims (:mod:`.convexity`), whose
   g'' >= 0 sub-claim goes through this same pipeline (without convexity);
4. a longer float search polished with Nelder-Mead, again judged rigorously;
5. interval branch and bound with Arb on bounded domains (:mod:`.boxes`).

Anything not settled ends as UNKNOWN with the reasons of every stage.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

import sympy
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic import boxes, smt
from dpproofs.symbolic.convexity import prove_by_convexity
from dpproofs.symbolic.domain import DomainSpec, canonical_symbol, resolve_domains
from dpproofs.symbolic.formula import Problem, check_boolean, obligations_of
from dpproofs.symbolic.judge import counterexample_at, simplify_witness
from dpproofs.symbolic.rewrite import simplify_problem
from dpproofs.symbolic.search import float_candidates, rational_points, still_fails
from dpproofs.verdict import Counterexample, Verdict

#: Longest single z3 call (seconds), whatever the deadline.
Z3_CAP = 20.0
#: Rational points judged per float candidate / per z3 model.
JUDGED_PER_CANDIDATE = 8


@dataclass(frozen=True, slots=True)
class ScalarClaim:
    """for all parameters in their domains with the assumptions: the statement holds (a Claim)."""

    problem: Problem

    def describe(self) -> str:
        return self.problem.describe()

    def decide(self, deadline: Deadline) -> Verdict:
        start = time.perf_counter()
        verdict = decide_problem(self.problem, deadline)
        return verdict.timed(time.perf_counter() - start)


def holds(
    statement: Boolean,
    where: Mapping[sympy.Symbol | str, DomainSpec] | None = None,
    assuming: Iterable[Boolean] = (),
) -> ScalarClaim:
    """The claim "for all parameters in ``where`` (others: all reals) with ``assuming``:
    ``statement``". Raises InvalidClaim for malformed statements, names or domains."""
    statement = check_boolean(statement, "claim")
    text = _text(statement)
    assumptions = [check_boolean(a, "assumption") for a in assuming]
    symbols: set[sympy.Symbol] = set(statement.free_symbols)
    for a in assumptions:
        symbols |= a.free_symbols
    for symbol in symbols:
        if "!" in symbol.name:
            # The solver's own fresh variables are named "<kind>!<n>"; a user name with "!"
            # could alias one of them.
            raise InvalidClaim(f"the symbol name {symbol.name!r} may not contain '!'")
    domains = resolve_domains(symbols, where or {})
    canonical = {s: canonical_symbol(s.name, d) for s, d in domains.items()}
    # Definedness is read off the statement AS WRITTEN. Replacing the symbols by canonical ones
    # rebuilds every term under the domains' sign facts (Abs(y) -> y, sqrt(-y) -> I sqrt(y),
    # Ne(1/x, 0) -> True), which must never erase a definedness obligation.
    written = obligations_of(statement)
    try:
        statement = check_boolean(statement.xreplace(canonical), "claim on its domains")
        obligations = [o.xreplace(canonical) for o in written]
        assumptions = [check_boolean(a.xreplace(canonical), "assumption") for a in assumptions]
    except (TypeError, ValueError) as exc:
        raise InvalidClaim(f"the claim cannot be read on its domains: {exc}") from exc
    if any(isinstance(o, BooleanFalse) for o in obligations):
        raise InvalidClaim(f"a term of {text} is undefined on the whole domain")
    kept: list[Boolean] = []
    for a in assumptions:
        if isinstance(a, BooleanFalse):
            raise InvalidClaim("an assumption is false on the whole domain (the claim is vacuous)")
        if not isinstance(a, BooleanTrue):
            kept.append(a)
    order = sorted(domains, key=lambda s: s.name)
    return ScalarClaim(
        Problem(
            variables=tuple(canonical[s] for s in order),
            domains=tuple(domains[s] for s in order),
            statement=statement,
            assumptions=tuple(kept),
            obligations=tuple(
                o
                for o in dict.fromkeys([*obligations, *obligations_of(statement)])
                if not isinstance(o, BooleanTrue)
            ),
            text=text,
        )
    )


def _text(statement: Boolean) -> str:
    """The claim as the author wrote it, for reports (huge integers are abbreviated)."""
    try:
        return str(statement)
    except ValueError:  # an integer beyond Python's str() digit limit
        return f"<a claim over {sorted(map(str, statement.free_symbols))} with huge integers>"


def decide_scalar(
    statement: Boolean,
    where: Mapping[sympy.Symbol | str, DomainSpec] | None = None,
    assuming: Iterable[Boolean] = (),
    timeout: float | None = None,
) -> Verdict:
    """Decide one scalar claim (see :func:`holds`) within ``timeout`` seconds (None: no limit)."""
    return holds(statement, where, assuming).decide(Deadline(timeout))


def _judge_all(
    problem: Problem, points: Iterable[dict[sympy.Symbol, Fraction]], deadline: Deadline
) -> Counterexample | None:
    for point in points:
        if deadline.expired():
            return None
        if still_fails(problem, point) and counterexample_at(problem, point) is not None:
            return counterexample_at(problem, simplify_witness(problem, point))
    return None


def _near(
    problem: Problem, points: Iterable[list[float]]
) -> Iterator[dict[sympy.Symbol, Fraction]]:
    for point in points:
        yield from rational_points(problem, point, limit=JUDGED_PER_CANDIDATE)


def decide_problem(problem: Problem, deadline: Deadline, convex: bool = True) -> Verdict:
    """Run the pipeline (see the module docstring) on one problem; ``convex`` enables the
    convexity method (off inside it, so it does not recurse)."""
    reasons: list[str] = []
    simplified, notes = simplify_problem(problem)
    if isinstance(simplified.goal, BooleanTrue):
        return Verdict.proved("sympy rewriting", certificate=notes)
    if not problem.variables:
        found = counterexample_at(problem, {})
        if found is not None:
            return Verdict.refuted("exact evaluation", found)
        return Verdict.unknown(
            "exact evaluation",
            "the constant claim could not be decided rigorously (an enclosure straddles 0)",
        )

    # 2. cheap float search; every candidate is judged on the ORIGINAL problem.
    found = _judge_all(problem, _near(problem, float_candidates(simplified)[:8]), deadline)
    if found is not None:
        return Verdict.refuted("float search, rigorously re-checked", found)

    # 3. z3 at increasing fact levels (and convexity after the first).
    reserve = 0.4 if boxes.bounded(problem) else 0.0
    for level, share in ((0, 0.2), (1, 0.4), (2, 1.0)):
        if deadline.expired():
            break
        seconds = min(Z3_CAP, deadline.remaining() * share * (1 - reserve))
        answer = smt.run(simplified, level, seconds)
        if answer.outcome is smt.Outcome.PROVED:
            return Verdict.proved(
                f"z3 nonlinear real arithmetic (fact level {level})",
                certificate=[*notes, *answer.core],
            )
        if answer.outcome is smt.Outcome.MODEL and answer.model:
            exact = [answer.model] if len(answer.model) == len(problem.variables) else []
            model = [[float(answer.model.get(s, 0)) for s in problem.variables]]
            found = _judge_all(problem, [*_near(problem, model), *exact], deadline)
            if found is not None:
                return Verdict.refuted("z3 model, rigorously re-checked", found)
            reasons.append(f"level {level}: z3 model is not a real counterexample")
        else:
            reasons.append(f"level {level}: {answer.reason}")
        if level == 0 and convex:
            sub_deadline = deadline.share(0.5)
            proof = prove_by_convexity(
                simplified, sub_deadline, lambda p, d: decide_problem(p, d, convex=False)
            )
            if proof is not None:
                return replace(proof, certificate=(*notes, *proof.certificate))

    # 4. a longer float search, polishing the best samples with Nelder-Mead.
    if not deadline.expired():
        polished = float_candidates(simplified, budget=3000, polish=4, seed=1)
        found = _judge_all(problem, _near(problem, polished[:10]), deadline)
        if found is not None:
            return Verdict.refuted("float search, rigorously re-checked", found)
        reasons.append("float search found no counterexample")

    # 5. branch and bound on bounded domains.
    if not deadline.expired():
        result = boxes.prove_on_boxes(simplified, deadline)
        if result.proved:
            return Verdict.proved(
                "interval branch and bound (Arb)", certificate=[*notes, f"{result.boxes} boxes"]
            )
        reasons.append(f"boxes: {result.reason}")
    else:
        reasons.append("deadline reached")
    if simplified.obligations:
        pending = ", ".join(str(o) for o in simplified.obligations)
        reasons.append(f"definedness still to show: {pending}")
    return Verdict.unknown("symbolic pipeline", "; ".join(reasons))
