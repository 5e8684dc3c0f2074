"""Judging by recomputation: the concrete values a verdict rests on computed again by a route
independent of the deciders (for :mod:`.judge`).

* A quantity of a concrete rational mechanism (a ``QuantityClaim``): the verdict's exact
  evaluation is recomputed with Fractions (:func:`dpproofs.recheck.certificates.exact_evaluation`).
  REFUTED: confirmed, or UNSOUND when the recomputation disagrees; PROVED / VERIFIED-BOUNDED:
  "no counterexample" when it agrees. A parametric family refuted at a parameter value is made
  concrete there first, and its quantity evaluated exactly.
* A mutated exact fact (a ``MutatedFact``): every comparison the check makes is decided again
  with Arb balls at 128, 512 and 2048 bits (an exact zero by exact simplification); a certified
  bracket is the calculus' own answer and is left undecided. REFUTED with a comparison false
  again: confirmed; with every comparison true: UNSOUND. PROVED with one false: UNSOUND.
"""

from __future__ import annotations

from typing import Any

from dpproofs.soundness.judgement import (
    CONFIRMED,
    NO_COUNTEREXAMPLE,
    NOT_REPLAYED,
    UNSOUND,
    Judgement,
    from_finding,
    piece,
)
from dpproofs.verdict import Status, Verdict


def judge_quantity(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """A quantity claim: the verdict's exact evaluation recomputed with Fractions (a refuted
    parametric family first made concrete at its counterexample, :func:`_at_point`)."""
    from dpproofs.evidence import ExactEvaluation
    from dpproofs.recheck.certificates import exact_evaluation

    records = [e for e in verdict.evidence if isinstance(e, ExactEvaluation)]
    if not records and verdict.status is Status.REFUTED and claim.mechanism.parameters:
        claim, records = _at_point(claim, verdict, seconds)
    if not records:
        return Judgement(NOT_REPLAYED, "the verdict records no exact evaluation")
    finding = exact_evaluation(piece(key, verdict.status.value), claim, records[0])
    judged = from_finding(finding)
    if judged.finding == CONFIRMED and verdict.status is not Status.REFUTED:
        return Judgement(NO_COUNTEREXAMPLE, f"recomputed: {finding.why}")
    return judged


def _at_point(claim: Any, verdict: Verdict, seconds: float) -> tuple[Any, list[Any]]:
    """A parametric family refuted at a parameter value: the concrete claim there and the
    exact evaluation of its quantity (which the rechecker then recomputes with Fractions)."""
    import sympy

    from dpproofs.deadline import Deadline
    from dpproofs.evidence import ExactEvaluation

    given = dict(verdict.counterexample.assignment) if verdict.counterexample else {}
    values = {s: sympy.Rational(given[s.name]) for s, _ in claim.mechanism.parameters}
    concrete = claim.rebuild(claim.mechanism.at(values), values)
    decided = concrete.decide(Deadline(seconds))
    return concrete, [e for e in decided.evidence if isinstance(e, ExactEvaluation)]


def judge_fact(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """Every comparison of the mutated check decided again with Arb balls (exact values only;
    a certified bracket is the calculus' own answer and is not re-derived here)."""
    from dpproofs.soundness.concrete import run_check

    recorder = claim.recorder()
    run_check(claim.fact, recorder)
    truths = [_comparison(c) for c in recorder.seen]
    false = [c for c, t in zip(recorder.seen, truths, strict=True) if t is False]
    if verdict.status is Status.REFUTED:
        if false:
            return Judgement(CONFIRMED, f"{false[0].name}: decided false again with Arb balls")
        if all(t is True for t in truths):
            return Judgement(UNSOUND, "every comparison holds when decided again with Arb balls")
        return Judgement(NOT_REPLAYED, "a comparison is a bracket or stays undecided")
    if false:
        c = false[0]
        return Judgement(UNSOUND, f"{c.name}: {c.value} {c.kind} {c.target} is false (Arb balls)")
    undecided = sum(t is None for t in truths)
    return Judgement(
        NO_COUNTEREXAMPLE,
        f"{len(truths) - undecided} comparisons decided again, {undecided} not (brackets or close)",
        len(truths) - undecided,
        undecided,
    )


def _comparison(c: Any) -> bool | None:
    """``c.value <c.kind> c.target`` decided with Arb balls (None: a bracket, or undecided)."""
    import sympy

    from dpproofs.recheck.balls import Undecidable, enclose, exactly_zero, sign, with_precision

    if c.bracket:
        return None
    value, target = sympy.sympify(c.value), sympy.sympify(c.target)
    s: int | None = None
    for bits in (128, 512, 2048):
        try:
            with with_precision(bits):
                s = sign(enclose(value, {}) - enclose(target, {}))
            break
        except Undecidable:
            continue
        except (TypeError, ValueError, ZeroDivisionError):
            return None
    if s is None:
        if not exactly_zero(value - target, {}):
            return None
        s = 0
    return {
        "eq": s == 0,
        "ne": s != 0,
        "le": s <= 0,
        "ge": s >= 0,
        "lt": s < 0,
        "gt": s > 0,
    }[c.kind]
